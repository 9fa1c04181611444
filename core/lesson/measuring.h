#pragma once

// How every lesson measures (docs/performance.md, "How a lesson measures"): each timed call with
// the scheduler's evidence of whether it waited for a CPU; a warm-up until the calls are steady;
// clean samples gathered until there are as many as asked or a stated budget is spent; and the
// samples taken in rounds, each on a fresh stream with fresh buffers, so that a comparison can
// see how much runs differ, not only samples.

#include "core/timing/callevidence.h"
#include "core/timing/monotonicclock.h"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace lessonscope {

namespace measuring {
// Rounds a run's samples are taken in: enough for a between-round interval with 4 degrees of
// freedom, few enough that a round of a small run still has samples.
inline constexpr int kRounds = 5;
// A lesson measured in fresh processes counts each process as a round: at most this many.
inline constexpr int kMostRounds = 1000;
// After the samples asked for, a run goes on replacing interrupted ones for at most this long...
inline constexpr std::int64_t kReplacementBudgetNs = 5'000'000'000;
// ... and at most until it has measured this many times the samples asked for.
inline constexpr int kMostSamplesFactor = 10;
// With fewer clean samples than this share of those asked for, the run could not measure.
inline constexpr double kLeastCleanShare = 0.5;
// Rounds begin at least this far apart, as pyperf spreads its processes over time. A virtual
// CPU's speed changes here on scales from ~100 ms to over a second (its physical core is shared
// with other tenants, and steal time does not show it): five rounds taken within 5 ms all see one
// moment, their spread says nothing of it, and two identical runs were called different in up to
// 38 % of pairs; 150 ms apart, a slow stretch still covered three rounds of one run and 9–27 % of
// pairs (docs/performance.md, "Comparisons between runs").
inline constexpr std::int64_t kRoundSpacingNs = 300'000'000;
} // namespace measuring

struct MeasuringReport;

// Spreads a run's rounds over time: before each round it waits, if need be, until
// kRoundSpacingNs have passed since the previous round began. The wait is a sleep that asks
// cancelled() every 10 ms, so a cancelled run stops at once. As each round ends it reads the CPU's
// own speed (readReference) into the report, so that a comparison can tell a run the machine
// slowed from a run whose code did (docs/performance.md, "The CPU's own speed"): the reading runs
// the course's product, so taken before the first round it would warm the process's first use,
// which the lessons measure.
class RoundPacer
{
public:
    explicit RoundPacer(MeasuringReport &report) : m_report(report) { }
    // Before round `round` (the first never waits), after reading the round before it. False when
    // cancelled() said so meanwhile.
    bool beginRound(int round, const std::function<bool()> &cancelled);
    // After the last round, however the rounds stopped: its reading, unless it has one.
    void roundsEnded();
    // The rounds begun so far: each has its reading once roundsEnded() has run.
    int begun() const { return m_begun; }

private:
    void readTheCpusSpeed();

    MeasuringReport &m_report;
    std::int64_t m_lastBeganNs = 0;
    int m_begun = 0;
    int m_read = 0;
};

// The samples of one measured quantity, each with its round and its evidence: how long other
// work kept a timed thread from a CPU during it (0: clean).
struct Samples {
    std::vector<double> seconds;
    std::vector<std::int64_t> waitedNs;
    std::vector<std::int64_t> round;
    std::size_t interrupted = 0;
    std::size_t sharedCpu = 0; // samples during which host and device shared a CPU
    // A sample that is a per-call share of a longer timed unit (a burst's time ÷ its K
    // calls) is judged against the whole unit, as the trace judges each call of it: against the
    // share, a 20 µs wait in a 5 ms burst would drop a burst the trace draws clean.
    double callsPerSample = 1.0;

    void add(double sampleSeconds, const CallEvidence &evidence, int sampleRound);
    std::size_t size() const { return seconds.size(); }
    std::size_t cleanCount() const { return seconds.size() - interrupted; }
    bool isInterrupted(std::size_t i) const
    {
        return isInterruptedWait(waitedNs[i], static_cast<std::int64_t>(seconds[i] * callsPerSample * 1e9));
    }
    std::vector<double> clean() const;
};

// Which samples the rule calls interrupted, each judged against its own duration (isInterruptedWait);
// all clean when there is no evidence (recorded elsewhere, or by an older lessonscope). A sample
// that is the per-call share of a unit of callsPerSample calls is judged against the unit.
std::vector<bool> interruptedMask(const std::vector<double> &seconds, const std::vector<std::int64_t> &waitedNs,
                                  double callsPerSample = 1.0);
// The values whose mask entry is false (all of them when the mask is not as long).
std::vector<double> keepClean(const std::vector<double> &values, const std::vector<bool> &interrupted);
// The figures of a samples list come from its clean samples: the median of the calls no
// scheduler delay touched.
std::vector<double> cleanSamples(const std::vector<double> &seconds, const std::vector<std::int64_t> &waitedNs);
// Another timer's readings of the same calls (the dispatch-only timer's), kept for the calls
// cleanSamples keeps: a call is clean or interrupted as a whole, judged against the whole call's
// duration. Judged against its own short reading instead, a 1 ms wait during a 150 ms call would
// make its 20 µs dispatch "interrupted", and a run could have a warm median and no dispatch one.
std::vector<double> cleanReadingsOf(const std::vector<double> &readings, const std::vector<double> &callSeconds,
                                    const std::vector<std::int64_t> &waitedNs);
// The clean samples, or every sample when none is clean (the run's verdict then says it could
// not measure, and a figure of nothing would be no figure at all).
std::vector<double> cleanOrAll(const std::vector<double> &seconds, const std::vector<std::int64_t> &waitedNs);

// The replacement budget's clock, shared by the quotas of one run (several sizes, several
// rounds): it starts when the first of them has taken as many samples as it wanted.
struct ReplacementBudget {
    std::int64_t startedNs = 0;
};

// How long a quantity is measured: until it has `wanted` clean samples, or the replacement
// budget after the first `wanted` samples is spent, or kMostSamplesFactor × wanted were taken.
class SampleQuota
{
public:
    explicit SampleQuota(std::size_t wanted, ReplacementBudget *shared = nullptr);
    std::size_t wanted() const { return m_wanted; }
    bool wantsMore(const Samples &samples) const;
    // The budget was spent before `wanted` clean samples were had.
    bool exhausted(const Samples &samples) const;
    // How many of the wanted clean samples round r (of kRounds) should end with.
    std::size_t cleanByEndOfRound(int round) const;

private:
    std::size_t m_wanted;
    mutable ReplacementBudget m_own;
    ReplacementBudget *m_budget;
};

// The warm-up's stated rule: untimed calls until at least 64 (one lap of the stream's ring) or
// 50 ms, whichever comes first, and then until the medians of the last two blocks of 8 clean
// calls (of as many as there are, when fewer than 16) agree within 5%; at most 1,024 calls or
// 0.5 s, after which the run says it was not steady.
struct WarmUpRule {
    int leastCalls = 64;
    std::int64_t leastNs = 50'000'000;
    int block = 8;
    double tolerance = 0.05;
    int mostCalls = 1024;
    std::int64_t mostNs = 500'000'000;
};

struct WarmUp {
    int calls = 0;
    bool steady = false;
    double seconds = 0;
};

// Runs call() (one untimed call; returns its duration in ns and whether it was clean) until the
// rule holds. cancelled() is asked between calls.
WarmUp warmUpUntilSteady(const std::function<std::pair<std::int64_t, bool>()> &call,
                         const std::function<bool()> &cancelled, const WarmUpRule &rule = {});

// What a run's measuring did, for the artifact (environment.interference.measuring) and for the
// verdict (core/lesson/disturbance.h).
struct MeasuringReport {
    int rounds = 0;
    // One per round (or per size, per type: the lesson's); initialized, so that begunRun's
    // designated initializers may leave it out.
    std::vector<WarmUp> warmUps{};
    std::size_t wanted = 0;   // clean samples asked for, of the lesson's headline quantity
    std::size_t measured = 0; // timed units measured (calls, pairs, bursts, processes)
    std::size_t clean = 0;
    std::size_t interrupted = 0;
    std::size_t sharedCpu = 0; // units during which the lesson's own threads shared a CPU
    std::int64_t waitedNs = 0; // other work's waits in all the units
    bool budgetSpent = false;  // stopped by the budget before `wanted` clean samples
    // Stopped by the person (a cancel, Ctrl+C, SIGTERM) before `wanted`: what it measured is what
    // was allowed, so fewer clean units than `wanted` says nothing of the machine.
    bool stopped = false;
    // The lesson's figures are of every sample, interrupted or not, and none is replaced:
    // interruptions are what it shows (a lesson on the distribution). `wanted` is then the samples asked for.
    bool keepsInterrupted = false;
    double timedSeconds = 0; // wall time of the run (runLesson's window)
    // The CPU's own speed as each round ended (readReference, by RoundPacer), one per round: the
    // chain of multiply-adds' time, the small product's and the sweep's.
    std::vector<double> referenceLoopNs{};
    std::vector<double> referenceProductNs{};
    std::vector<double> referenceSweepNs{};
    // And the link between two CPUs as each round ended: a cache line's round trip (none where the
    // process may use one CPU). Where the stream's calls cross: not a speed of the CPU, so no band.
    std::vector<double> referenceLinkNs{};
    bool known = false;

    void count(const Samples &samples);
};

} // namespace lessonscope
