#include "core/lesson/measuring.h"

#include "core/timing/referencework.h"
#include "core/timing/statistics.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <thread>

namespace lessonscope {

void Samples::add(double sampleSeconds, const CallEvidence &evidence, int sampleRound)
{
    seconds.push_back(sampleSeconds);
    waitedNs.push_back(evidence.known ? evidence.otherWaitNs : 0);
    round.push_back(sampleRound);
    if (isInterrupted(seconds.size() - 1))
        ++interrupted;
    if (evidence.sharedCpu)
        ++sharedCpu;
}

std::vector<double> Samples::clean() const
{
    return keepClean(seconds, interruptedMask(seconds, waitedNs, callsPerSample));
}

std::vector<bool> interruptedMask(const std::vector<double> &seconds, const std::vector<std::int64_t> &waitedNs,
                                  double callsPerSample)
{
    std::vector<bool> mask(seconds.size(), false);
    if (waitedNs.size() != seconds.size())
        return mask;
    for (std::size_t i = 0; i < seconds.size(); ++i)
        mask[i] = isInterruptedWait(waitedNs[i], static_cast<std::int64_t>(seconds[i] * callsPerSample * 1e9));
    return mask;
}

std::vector<double> keepClean(const std::vector<double> &values, const std::vector<bool> &interrupted)
{
    if (interrupted.size() != values.size())
        return values;
    std::vector<double> clean;
    clean.reserve(values.size());
    for (std::size_t i = 0; i < values.size(); ++i) {
        if (!interrupted[i])
            clean.push_back(values[i]);
    }
    return clean;
}

std::vector<double> cleanSamples(const std::vector<double> &seconds, const std::vector<std::int64_t> &waitedNs)
{
    return keepClean(seconds, interruptedMask(seconds, waitedNs));
}

std::vector<double> cleanReadingsOf(const std::vector<double> &readings, const std::vector<double> &callSeconds,
                                    const std::vector<std::int64_t> &waitedNs)
{
    return keepClean(readings, interruptedMask(callSeconds, waitedNs));
}

std::vector<double> cleanOrAll(const std::vector<double> &seconds, const std::vector<std::int64_t> &waitedNs)
{
    std::vector<double> clean = cleanSamples(seconds, waitedNs);
    return clean.empty() ? seconds : clean;
}

SampleQuota::SampleQuota(std::size_t wanted, ReplacementBudget *shared)
    : m_wanted(std::max<std::size_t>(wanted, 1)), m_budget(shared ? shared : &m_own)
{ }

bool SampleQuota::exhausted(const Samples &samples) const
{
    if (samples.cleanCount() >= m_wanted)
        return false;
    if (samples.size() >= m_wanted * measuring::kMostSamplesFactor)
        return true;
    if (samples.size() < m_wanted)
        return false;
    const std::int64_t now = MonotonicClock::nowNs();
    if (m_budget->startedNs == 0)
        m_budget->startedNs = now;
    return now - m_budget->startedNs >= measuring::kReplacementBudgetNs;
}

bool SampleQuota::wantsMore(const Samples &samples) const
{
    return samples.cleanCount() < m_wanted && !exhausted(samples);
}

std::size_t SampleQuota::cleanByEndOfRound(int round) const
{
    const auto rounds = static_cast<std::size_t>(measuring::kRounds);
    const auto through = static_cast<std::size_t>(std::clamp(round + 1, 1, measuring::kRounds));
    // Spread evenly, the earlier rounds taking the remainder: 7 over 5 rounds is 2, 2, 1, 1, 1.
    return (m_wanted * through + rounds - 1) / rounds;
}

WarmUp warmUpUntilSteady(const std::function<std::pair<std::int64_t, bool>()> &call,
                         const std::function<bool()> &cancelled, const WarmUpRule &rule)
{
    WarmUp warmUp;
    const std::int64_t start = MonotonicClock::nowNs();
    std::vector<double> recent; // the clean calls of the last two blocks
    for (;;) {
        if (cancelled())
            break;
        const auto [durationNs, clean] = call();
        ++warmUp.calls;
        if (clean) {
            recent.push_back(static_cast<double>(durationNs));
            if (recent.size() > static_cast<std::size_t>(2 * rule.block))
                recent.erase(recent.begin());
        }
        const std::int64_t elapsed = MonotonicClock::nowNs() - start;
        const bool enough = warmUp.calls >= rule.leastCalls || elapsed >= rule.leastNs;
        // Blocks of 8 clean calls, or of as many as there are when calls are dear (a product of
        // tens of milliseconds reaches the 50 ms with two calls: one against the other).
        const std::size_t block = std::min<std::size_t>(static_cast<std::size_t>(rule.block), recent.size() / 2);
        if (enough && block >= 1) {
            const auto newest = recent.end() - static_cast<std::ptrdiff_t>(block);
            const std::vector<double> older(newest - static_cast<std::ptrdiff_t>(block), newest);
            const std::vector<double> newer(newest, recent.end());
            const double a = median(older), b = median(newer);
            if (a > 0 && std::abs(b - a) <= rule.tolerance * a) {
                warmUp.steady = true;
                break;
            }
        }
        if (warmUp.calls >= rule.mostCalls || elapsed >= rule.mostNs)
            break;
    }
    warmUp.seconds = static_cast<double>(MonotonicClock::nowNs() - start) / 1e9;
    return warmUp;
}

bool RoundPacer::beginRound(int round, const std::function<bool()> &cancelled)
{
    roundsEnded();                          // the round before, if there was one
    if (round == 0 || m_lastBeganNs == 0) { // the first round starts at once, cancelled or not
        m_lastBeganNs = MonotonicClock::nowNs();
        ++m_begun;
        return true;
    }
    {
        const std::int64_t due = m_lastBeganNs + measuring::kRoundSpacingNs;
        for (std::int64_t now = MonotonicClock::nowNs(); now < due; now = MonotonicClock::nowNs()) {
            if (cancelled())
                return false;
            std::this_thread::sleep_for(std::chrono::nanoseconds(std::min<std::int64_t>(due - now, 10'000'000)));
        }
    }
    m_lastBeganNs = MonotonicClock::nowNs();
    if (cancelled())
        return false;
    ++m_begun;
    return true;
}

void RoundPacer::roundsEnded()
{
    if (m_read < m_begun)
        readTheCpusSpeed();
}

void RoundPacer::readTheCpusSpeed()
{
    const ReferenceReading reading = readReference();
    m_report.referenceLoopNs.push_back(reading.loopNs);
    m_report.referenceProductNs.push_back(reading.productNs);
    m_report.referenceSweepNs.push_back(reading.sweepNs);
    if (reading.linkNs > 0)
        m_report.referenceLinkNs.push_back(reading.linkNs);
    ++m_read;
}

void MeasuringReport::count(const Samples &samples)
{
    known = true;
    measured += samples.size();
    clean += samples.cleanCount();
    interrupted += samples.interrupted;
    sharedCpu += samples.sharedCpu;
    for (std::int64_t waited : samples.waitedNs)
        waitedNs += waited;
}

} // namespace lessonscope
