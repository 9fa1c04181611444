// The verdict on a run's conditions: from its evidence (read by interferencejson.cpp) and its
// clean calls' drift, whether it was quiet, measured beside other work, disturbed or could not
// measure — and the words that say so.
#include "core/lesson/disturbance.h"

#include "core/artifact/lenientjson.h"
#include "core/artifact/checker.h"
#include "core/base/units.h"
#include "core/timing/statistics.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace lessonscope {

using namespace lenient;

namespace {

// Other programs' busy CPUs, just before the run, from which it ran beside other work.
constexpr double kBusyCpusBesideRun = 0.5;

std::string decimal(double value, int decimals)
{
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%.*f", decimals, value);
    return buffer;
}

std::string plural(std::size_t count, const char *one, const char *many)
{
    return formatCount(static_cast<std::int64_t>(count)) + " " + (count == 1 ? one : many);
}

std::string machineLine(const InterferenceEvidence &e)
{
    std::string line;
    if (e.idle) {
        line.append("other programs kept ")
            .append(decimal(e.idle->busyCpus, 1))
            .append(" of ")
            .append(std::to_string(e.idle->cpus))
            .append(" CPUs busy just before the run");
    } else if (e.loadAverage >= 0) {
        line.append("load average ").append(decimal(e.loadAverage, 2));
    }
    line.append(line.empty() ? "" : ", ")
        .append(std::to_string(e.cpus))
        .append(e.cpus == 1 ? " CPU" : " CPUs")
        .append(" usable");
    if (e.stealShare)
        line.append(", steal ").append(decimal(*e.stealShare * 100, 1)).append("%");
    if (!e.governor.empty())
        line.append(", governor ").append(e.governor);
    return line;
}

// The older rule's evidence line: the whole run's switches.
std::string switchesLine(const InterferenceEvidence &e)
{
    const std::int64_t involuntary = e.host.involuntary + e.device.involuntary;
    std::string line = formatCount(involuntary);
    line.append(involuntary == 1 ? " involuntary context switch" : " involuntary context switches");
    line.append(" of the timed threads in ").append(formatDuration(e.seconds));
    line.append(" (host ").append(formatCount(e.host.involuntary));
    line.append(", device ").append(formatCount(e.device.involuntary)).append(")");
    if (e.host.migrationsKnown && e.device.migrationsKnown) {
        const std::int64_t migrations = e.host.migrations + e.device.migrations;
        line.append(", ")
            .append(formatCount(migrations))
            .append(migrations == 1 ? " CPU migration" : " CPU migrations");
    }
    if (e.loadAverage >= 0)
        line.append(", load average ")
            .append(decimal(e.loadAverage, 2))
            .append(" on ")
            .append(std::to_string(e.cpus))
            .append(e.cpus == 1 ? " CPU" : " CPUs");
    if (e.stealShare)
        line.append(", steal ").append(decimal(*e.stealShare * 100, 1)).append("%");
    if (!e.governor.empty())
        line.append(", governor ").append(e.governor);
    return line;
}

std::string measuringLine(const MeasuringReport &m)
{
    std::string line = plural(m.clean, "clean timed unit", "clean timed units");
    line.append(" of ").append(formatCount(static_cast<std::int64_t>(m.measured)));
    if (m.interrupted > 0) {
        line.append(" (")
            .append(formatCount(static_cast<std::int64_t>(m.interrupted)))
            .append(" interrupted: other work kept a timed thread from a CPU for ")
            .append(formatDuration(static_cast<double>(m.waitedNs) / 1e9))
            .append(" in all)");
    }
    line.append(" in ")
        .append(formatDuration(m.timedSeconds))
        .append(", ")
        .append(std::to_string(m.rounds))
        .append(m.rounds == 1 ? " round" : " rounds");
    return line;
}

Disturbance oldRule(const InterferenceEvidence &e, const DisturbanceRule &rule)
{
    Disturbance result;
    result.known = true;
    result.evidence = switchesLine(e);
    const std::int64_t involuntary = e.host.involuntary + e.device.involuntary;
    const double perSecond = e.seconds > 0 ? static_cast<double>(involuntary) / e.seconds : 0;
    if (involuntary >= rule.minimumInvoluntary && perSecond >= rule.involuntaryPerSecond) {
        std::string reason = "the scheduler took the CPU from the timed threads ";
        reason.append(formatCount(involuntary))
            .append(" times (")
            .append(decimal(perSecond, 0))
            .append(" a second): other work wanted the same cores");
        result.reasons.push_back(std::move(reason));
    }
    if (e.stealShare && *e.stealShare >= rule.stealShare) {
        std::string reason = "the hypervisor took ";
        reason.append(decimal(*e.stealShare * 100, 1)).append("% of the CPU time (steal)");
        result.reasons.push_back(std::move(reason));
    }
    if (e.loadAverage >= rule.loadPerCpu * e.cpus) {
        std::string reason = "the machine was busy when the run started: load average ";
        reason.append(decimal(e.loadAverage, 2))
            .append(" on ")
            .append(std::to_string(e.cpus))
            .append(e.cpus == 1 ? " CPU" : " CPUs");
        result.reasons.push_back(std::move(reason));
    }
    result.disturbed = !result.reasons.empty();
    if (result.disturbed)
        result.advice = "Close other programs (builds, browsers, virtual machines), then rerun; compare "
                        "only runs made on a quiet machine.";
    return result;
}

// The clean durations of a document's traced calls after the first, for the data check.
DriftSamples tracedCleanHalves(const Json &document)
{
    const Json *trace = member(document, "trace");
    const Json *calls = trace ? member(*trace, "calls") : nullptr;
    if (!calls)
        return {};
    const std::vector<std::int64_t> begin = integersOf(member(*calls, "dispatchBegin"));
    const std::vector<std::int64_t> ready = integersOf(member(*calls, "readyObserved"));
    const Json *evidence = member(*trace, "evidence");
    const std::vector<std::int64_t> interrupted
        = evidence ? integersOf(member(*evidence, "interrupted")) : std::vector<std::int64_t>{};
    const std::vector<std::int64_t> rounds
        = evidence ? integersOf(member(*evidence, "round")) : std::vector<std::int64_t>{};
    if (begin.size() != ready.size())
        return {};
    // A run measured in rounds has its drift in its rounds: the rounds' spread is its interval
    // (Welch's t on the rounds' figures, core/lesson/artifactcomparison.h), so halves of calls —
    // correlated within a round — would call ordinary round-to-round variation a drift.
    if (rounds.size() == begin.size() && !rounds.empty()
        && *std::max_element(rounds.begin(), rounds.end()) > *std::min_element(rounds.begin(), rounds.end()))
        return {};
    std::vector<double> durations;
    for (std::size_t i = 1; i < begin.size(); ++i) { // the first call is a first use, not a sample
        if (interrupted.size() == begin.size() && interrupted[i] != 0)
            continue;
        durations.push_back(static_cast<double>(ready[i]) - static_cast<double>(begin[i]));
    }
    return halvesOf(durations);
}

} // namespace

DriftSamples halvesOf(const std::vector<double> &samples)
{
    const auto half = static_cast<std::ptrdiff_t>(samples.size() / 2);
    return {std::vector<double>(samples.begin(), samples.begin() + half),
            std::vector<double>(samples.end() - half, samples.end())};
}

std::string driftOf(const DriftSamples &halves)
{
    // Fewer than 20 a half, and the halves' intervals are too wide to say anything.
    const std::vector<double> &first = halves.first;
    const std::vector<double> &second = halves.second;
    if (first.size() < 20 || second.size() < 20)
        return {};
    const MedianInterval a = medianInterval(first, kZ95);
    const MedianInterval b = medianInterval(second, kZ95);
    const double ma = median(first), mb = median(second);
    if (!(ma > 0) || std::abs(mb - ma) <= 0.05 * ma || (a.low <= b.high && b.low <= a.high))
        return {};
    return "the machine drifted while it measured: the second half of the clean calls has a median of "
        + formatDuration(mb / 1e9) + " against the first half's " + formatDuration(ma / 1e9);
}

Disturbance assessDisturbance(const RunEvidence &evidence, const DriftSamples &drift, const DisturbanceRule &rule)
{
    if (!evidence.machine) {
        Disturbance unknown;
        unknown.evidence = "no interference evidence recorded";
        return unknown;
    }
    if (!evidence.measuring)
        return oldRule(*evidence.machine, rule);

    const InterferenceEvidence &e = *evidence.machine;
    const MeasuringReport &m = *evidence.measuring;
    Disturbance result;
    result.known = true;
    result.clean = m.clean;
    result.interrupted = m.interrupted;
    result.evidence = measuringLine(m) + "; " + machineLine(e);
    const auto least = static_cast<std::size_t>(std::ceil(measuring::kLeastCleanShare * static_cast<double>(m.wanted)));
    result.keepsInterrupted = m.keepsInterrupted;
    if (m.keepsInterrupted) {
        // Every sample is a figure's: none was to be replaced, so there is no quota to miss.
    } else if (m.stopped) {
        // Stopped by the person: the units measured are what was allowed, the quota their share.
        // Too few of those clean is still the machine's doing.
        const auto leastOfMeasured = static_cast<std::size_t>(
            std::ceil(measuring::kLeastCleanShare * static_cast<double>(std::min(m.wanted, m.measured))));
        if (m.clean < std::max<std::size_t>(leastOfMeasured, 1)) {
            result.refused = true;
            result.reasons.push_back("only " + plural(m.clean, "clean timed unit", "clean timed units") + " of the "
                                     + formatCount(static_cast<std::int64_t>(m.measured))
                                     + " measured before the stop; "
                                     + "other work kept the timed threads from a CPU for "
                                     + formatDuration(static_cast<double>(m.waitedNs) / 1e9));
        }
    } else if (m.clean < std::max<std::size_t>(least, 1)) {
        result.refused = true;
        result.reasons.push_back("only " + plural(m.clean, "clean timed unit", "clean timed units") + " of the "
                                 + formatCount(static_cast<std::int64_t>(m.wanted)) + " asked for, after "
                                 + formatCount(static_cast<std::int64_t>(m.measured)) + " in "
                                 + formatDuration(m.timedSeconds)
                                 + "; other work kept the timed threads from a CPU for "
                                 + formatDuration(static_cast<double>(m.waitedNs) / 1e9));
    } else if (m.clean < m.wanted) {
        result.reasons.push_back("only " + plural(m.clean, "clean timed unit", "clean timed units") + " of the "
                                 + formatCount(static_cast<std::int64_t>(m.wanted))
                                 + " asked for before the budget was spent: the figures come from those");
    }
    if (e.stealShare && *e.stealShare >= rule.stealShare)
        result.reasons.push_back("the hypervisor took " + decimal(*e.stealShare * 100, 1)
                                 + "% of the CPU time (steal)");
    if (const std::string drifted = driftOf(drift); !drifted.empty())
        result.reasons.push_back(drifted);
    result.disturbed = !result.reasons.empty();
    // A process allowed one CPU (taskset, a one-CPU container) measured there whatever each unit
    // reported: a device of this machine's CPUs (PoCL) then runs its driver threads on it too,
    // and its units need not have seen them there.
    // (A lesson timed on the host alone, with no device thread, has no turns to take.)
    const bool hasDeviceThreads = e.deviceThreads > 0 || evidence.deviceIsTheCpus;
    result.oneCpu = m.measured > 0
        && ((e.cpus == 1 && hasDeviceThreads)
            || (2 * m.sharedCpu >= m.measured && !(evidence.deviceIsTheCpus && e.cpus >= 2)));
    result.besideOtherWork = e.idle && e.idle->busyCpus >= kBusyCpusBesideRun;
    if (result.refused) {
        result.advice = "Close other programs (builds, browsers, virtual machines) and rerun; no figure of this run "
                        "should be believed.";
    } else if (result.disturbed) {
        result.advice = "Close other programs, then rerun; compare only runs made on a quiet machine.";
    }
    if (result.oneCpu) {
        // Said whatever else the run met: a disturbed run on one CPU has two things to mend.
        result.advice.append(result.advice.empty() ? "" : " ")
            .append("Host and device took turns on one CPU, so every call includes switching between them. "
                    "Give the process two CPUs (without taskset or a one-CPU container) to time the device "
                    "apart from the host.");
    }
    return result;
}

Disturbance assessDisturbance(const std::optional<InterferenceEvidence> &evidence, const DisturbanceRule &rule)
{
    return assessDisturbance(RunEvidence{evidence, std::nullopt}, {}, rule);
}

std::string conditionsHeadline(const Disturbance &d)
{
    std::string reasons;
    for (const std::string &reason : d.reasons)
        reasons.append(reasons.empty() ? "" : "; ").append(reason);
    if (!d.known)
        return "not known: " + d.evidence;
    // A run on one CPU says so whatever else it met: its figures include the turns its own threads
    // took, which no quiet machine removes.
    const std::string alsoOneCpu = d.oneCpu ? "; and measured on one CPU: host and device took turns on it" : "";
    if (d.refused)
        return "COULD NOT MEASURE: " + reasons + alsoOneCpu;
    if (d.disturbed)
        return "DISTURBED: " + reasons + alsoOneCpu;
    if (d.oneCpu)
        return "measured on one CPU: host and device took turns on it (the lesson's own threads, not other work)";
    const std::string leftOut = d.interrupted == 0
        ? std::string()
        : plural(d.interrupted, "interrupted timed unit", "interrupted timed units") + " left out of the figures";
    if (d.keepsInterrupted && d.interrupted > 0)
        return (d.besideOtherWork ? "beside other work, " : "quiet apart from ")
            + plural(d.interrupted, "interrupted timed unit", "interrupted timed units")
            + ", kept in the figures: the lesson shows them";
    if (d.besideOtherWork)
        return "clean beside other work: other programs were busy, and the figures come from timed units that ran "
               "uninterrupted"
            + (leftOut.empty() ? std::string() : " (" + leftOut + ")");
    if (!leftOut.empty())
        return "quiet apart from " + leftOut;
    return "quiet";
}

std::string conditionsText(const Disturbance &d)
{
    std::string text = conditionsHeadline(d);
    if (!d.known)
        return text;
    text.append("\nevidence: ").append(d.evidence);
    if (!d.advice.empty())
        text.append("\n").append(d.advice);
    return text;
}

Disturbance disturbanceOf(const Json &document)
{
    const Json *environment = lenient::member(document, "environment");
    if (!environment)
        return assessDisturbance(RunEvidence{});
    EvidenceProblem problem;
    const RunEvidence evidence = runEvidenceFromJson(*environment, &problem);
    Disturbance disturbance = assessDisturbance(evidence, tracedCleanHalves(document));
    if (!evidence.machine && !problem.pointer.empty()) { // recorded, but not evidence the rule can trust
        disturbance.unreadable = true;
        disturbance.evidence
            = "the interference evidence cannot be read (" + problem.pointer + ": " + problem.message + ")";
    }
    return disturbance;
}

} // namespace lessonscope
