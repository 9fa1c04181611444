#include "core/lessons/performance-03/performance03contract.h"

#include "core/lessons/shared/matrixlesson.h"

#include "core/lessons/performance-03/performance03phases.h"
#include "core/lessons/performance-03/placedsampler.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <sstream>

namespace lessonscope::performance03 {

namespace {

constexpr const char *kReading
    = "The host prepares the inputs, places them in the device's memory, then dispatches the call and "
      "waits for its result. Preparation and placement are work of their own: a timer started before "
      "them measures them too. Lengths illustrate ordering only and are not measured durations. Start "
      "the call's timer at the dispatch, with the inputs already placed, and give preparation and "
      "placement boundaries of their own.";

constexpr const char *kMeasuredReading
    = "The host prepares the inputs, places them in the device's memory, then dispatches the call and "
      "waits for its result. Lengths are this machine's measured durations, to scale: a timer started "
      "before preparation or placement adds their time to the call's. Preparation and placement grow "
      "with the inputs (n²), the product with n³, so together they weigh most at small sizes and the "
      "product at large ones. Start the call's timer at the dispatch, with the inputs already placed, "
      "and give preparation and placement boundaries of their own.";

// The sizes parameter is a Choice of named sweeps. The parameter system has Integer and Choice
// only; a free list would need a parser and limits of its own in every form, and min/max/steps
// integers would hide which sizes ran. Each choice is the list itself, so "--sizes 16,64,256,1024"
// reads as what it runs, and the run panel offers the same lists.
// A function's static, not a global: a lesson registered at start-up may ask for the course's
// info before this file's globals are made.
const std::vector<std::string> &sweeps()
{
    static const std::vector<std::string> list
        = {"16,64,256,1024", "16,32,64,128,256,512,1024", "16,64,256", "64,256,1024", "256"};
    return list;
}

// The run in progress: what was measured, and how far it got.
struct Experiment {
    Experiment(RunObserver &o, LessonRun &r) : observer(o), run(r) { }

    RunObserver &observer;
    LessonRun &run;
    Measurements measurements;
    MatmulKernel::Dtype dtype = MatmulKernel::Dtype::Float32;
    std::uint64_t seed = 0;
    std::size_t samples = 1;
    std::size_t sizeCount = 1;
    std::uint64_t prepared = 0; // preparations so far: each has other values
    ReplacementBudget budget;   // one for the run's every size and round
    int reported = 0;           // calls reported live, every size's

    SizeSamples &sizeOf(int n);
    void record(SizeSamples &size, const SampleTimes &t, bool traced, int round);
    bool measureSize(PlacedRound &device, int n, bool traced, int round); // false when cancelled
    int cleanSoFar() const;
};

SizeSamples &Experiment::sizeOf(int n)
{
    for (SizeSamples &size : measurements.sizes) {
        if (size.n == n)
            return size;
    }
    measurements.sizes.emplace_back().n = n;
    return measurements.sizes.back();
}

int Experiment::cleanSoFar() const
{
    std::size_t clean = 0;
    for (const SizeSamples &size : measurements.sizes)
        clean += std::min(size.whole.cleanCount(), samples);
    return static_cast<int>(clean);
}

void Experiment::record(SizeSamples &size, const SampleTimes &t, bool traced, int round)
{
    size.prepare.push_back(secondsBetween(t.prepareBegin, t.prepareEnd));
    size.place.push_back(secondsBetween(t.place.dispatchBegin, t.place.readyObserved));
    size.call.push_back(secondsBetween(t.call.dispatchBegin, t.call.readyObserved));
    size.withPlacement.push_back(secondsBetween(t.place.dispatchBegin, t.call.readyObserved));
    size.whole.add(secondsBetween(t.prepareBegin, t.call.readyObserved), t.evidence, round);
    // Every call is reported, traced or not: the run in progress draws them all and the progress
    // counts them all (the sizes show as steps).
    const MeasuredCall live = MeasuredCall::of(t.call.since(t.call.dispatchBegin), t.evidence, round,
                                               t.call.readyObserved - t.prepareBegin);
    if (!traced) {
        observer.callMeasured(reported++, live);
        return;
    }
    if (run.calls.empty())
        run.startedAtNs = t.call.dispatchBegin; // the trace's origin: the first traced call's dispatch
    const std::int64_t origin = run.startedAtNs;
    measurements.phases.push_back({t.prepareBegin - origin, t.prepareEnd - origin, t.place.dispatchBegin - origin,
                                   t.place.workBegin - origin, t.place.workEnd - origin, t.place.readyObserved - origin,
                                   std::nullopt});
    if (t.unawaited) {
        const UnawaitedTwin &u = *t.unawaited;
        measurements.phases.back().unawaited
            = UnawaitedPhase{u.place.dispatchBegin - origin, u.place.dispatchEnd - origin,  u.place.workBegin - origin,
                             u.place.workEnd - origin,       u.call.dispatchBegin - origin, u.call.workBegin - origin,
                             u.call.workEnd - origin,        u.call.readyObserved - origin};
    }
    run.calls.push_back(
        MeasuredCall::of(t.call.since(origin), t.evidence, round, t.call.readyObserved - t.prepareBegin));
    run.calls.back().device = t.callDevice.since(origin); // a real device's own clock
    observer.callMeasured(reported++, live);
}

bool Experiment::measureSize(PlacedRound &device, int n, bool traced, int round)
{
    if (!run.calls.empty() && observer.isCancelled()) { // before this size's set-up, which is not measured
        run.cancelled = true;
        return false;
    }
    // The device's buffers allocated (and touched) there, before any clock reads.
    const std::unique_ptr<PlacedSampler> product = device.open(dtype, n);
    device.describe(run);
    // Untimed until steady: first-use costs at a new size (the output's pages, cold caches) are
    // performance-02's subject, not this lesson's.
    run.measuring.warmUps.push_back(warmUpUntilSteady(
        [&] {
            // The twin warmed up with its sample, where it is measured.
            const std::uint64_t preparation = prepared++;
            const SampleTimes t = product->sample(seed, preparation, traced ? std::optional(prepared++) : std::nullopt);
            const std::int64_t whole = t.call.readyObserved - t.prepareBegin;
            return std::pair{whole, !isInterrupted(t.evidence, whole)};
        },
        [this] { return observer.isCancelled(); }));

    SizeSamples &size = sizeOf(n);
    const SampleQuota quota(samples, &budget);
    while (size.whole.cleanCount() < quota.cleanByEndOfRound(round) && quota.wantsMore(size.whole)) {
        // Checked between samples only; the run's first sample is always measured.
        if (!run.calls.empty() && observer.isCancelled()) {
            run.cancelled = true;
            break;
        }
        // The traced size's samples each have their un-awaited twin, for the timeline.
        const std::uint64_t preparation = prepared++;
        const std::optional<std::uint64_t> twin = traced ? std::optional(prepared++) : std::nullopt;
        record(size, product->sample(seed, preparation, twin), traced, round);
        observer.progress(cleanSoFar(), static_cast<int>(samples * sizeCount));
    }
    // After the clock stopped: the last output against the last prepared inputs.
    if (size.whole.size() > 0) {
        observer.phase("checking the " + std::to_string(n) + "×" + std::to_string(n)
                       + " result against a higher-precision reference");
        size.maxAbsError = product->maxAbsErrorAgainstReference();
    }
    return !run.cancelled;
}

std::string joined(const std::vector<int> &sizes)
{
    std::string text;
    for (int n : sizes) {
        if (!text.empty())
            text += ", ";
        text += std::to_string(n);
    }
    return text;
}

} // namespace

std::vector<int> sizesOf(const std::string &sweep)
{
    std::vector<int> sizes;
    std::stringstream stream(sweep);
    std::string item;
    while (std::getline(stream, item, ',')) {
        if (item.empty() || item.size() > 4 || !std::all_of(item.begin(), item.end(), ::isdigit))
            return {};
        const int n = std::stoi(item);
        if (n < 1 || n > 4096 || (!sizes.empty() && n <= sizes.back()))
            return {};
        sizes.push_back(n);
    }
    return sizes;
}

int defaultSizeOf(const std::vector<int> &sizes) { return sizes.empty() ? 0 : sizes[sizes.size() / 2]; }

namespace {

LessonInfo makeInfo()
{
    LessonInfo info;
    info.summary = "Prepare the inputs, place them in the device's memory, then time the call: three "
                   "boundaries on the same calls, over a sweep of sizes.";
    info.texts = matrixlesson::timelineTexts(
        "Place the inputs before the timer",
        "The timer stops when the host has observed the call's result. Where must it "
        "start to time the call alone?",
        kReading, kMeasuredReading, "inputs prepared and placed before the timer; call plus output synchronization");
    info.parameters = {
        choiceParameterSpec(kSizesParameter, "Sizes (n of n×n · n×n)",
                            "The sweep of square sizes; the middle one is traced and shown in the bar.", sweeps()),
        // At 1024 float64 a sample takes about a tenth of a second on a small machine, so the
        // default of 7 keeps a run with the defaults within seconds.
        integerParameterSpec(param::kSamples, "Samples per size",
                             "How many timed samples at each size, after one untimed round.", 7, 1, 1000),
        matrixlesson::dtypeParameter(),
        matrixlesson::seedParameter(),
    };
    return info;
}

LessonRun runOn(const RunContext &context, const ParameterValues &values, RunObserver &observer)
{
    std::vector<int> sizes = sizesOf(choiceParameter(values, kSizesParameter));
    if (sizes.empty())
        sizes = sizesOf(sweeps().front()); // unreachable after resolveParameters: every choice parses
    LessonRun run = begunRun(kId, values, {.rounds = measuring::kRounds});
    Experiment experiment(observer, run);
    experiment.dtype = choiceParameter(values, param::kDtype) == "float64" ? MatmulKernel::Dtype::Float64
                                                                           : MatmulKernel::Dtype::Float32;
    experiment.seed = static_cast<std::uint64_t>(integerParameter(values, param::kSeed));
    experiment.samples = static_cast<std::size_t>(integerParameter(values, param::kSamples));
    experiment.sizeCount = sizes.size();
    experiment.measurements.defaultSize = defaultSizeOf(sizes);

    // The default size first: its calls are the trace, so even a run cancelled at once has them.
    std::vector<int> order{defaultSizeOf(sizes)};
    for (int n : sizes) {
        if (n != order.front())
            order.push_back(n);
    }
    // Every size in every round, each round on a fresh stream (measuring.h).
    RoundPacer pacer(run.measuring);
    const auto cancelled = [&observer] { return observer.isCancelled(); };
    for (int round = 0; round < measuring::kRounds && !run.cancelled; ++round) {
        if (!pacer.beginRound(round, cancelled)) { // rounds spread over time (measuring.h)
            run.cancelled = true;
            break;
        }
        const std::unique_ptr<PlacedRound> placed = openPlacedRound(context);
        for (int n : order) {
            if (!experiment.measureSize(*placed, n, n == order.front(), round))
                break;
        }
    }
    pacer.roundsEnded();
    Measurements &m = experiment.measurements;
    m.sizes.erase(std::remove_if(m.sizes.begin(), m.sizes.end(), [](const auto &s) { return s.whole.size() == 0; }),
                  m.sizes.end());
    std::sort(m.sizes.begin(), m.sizes.end(), [](const auto &a, const auto &b) { return a.n < b.n; });
    // The fewest untimed samples a size had before its timed ones, by the warm-up rule.
    m.warmupRounds = 0;
    for (std::size_t i = 0; i < run.measuring.warmUps.size(); ++i)
        m.warmupRounds
            = i == 0 ? run.measuring.warmUps[i].calls : std::min(m.warmupRounds, run.measuring.warmUps[i].calls);
    // The run's verdict counts every size's samples; wanted is the samples asked for at all sizes.
    run.measuring.wanted = experiment.samples * m.sizes.size();
    for (const SizeSamples &size : m.sizes) {
        run.measuring.count(size.whole);
        run.measuring.budgetSpent = run.measuring.budgetSpent || size.whole.cleanCount() < experiment.samples;
    }
    run.output = std::make_shared<const Json>(output(run, m));
    return run;
}

std::string describeParameters(const ParameterValues &values)
{
    const auto text = [&values](const char *name) {
        const auto it = values.find(name);
        if (it == values.end())
            return std::string("?");
        if (std::holds_alternative<std::int64_t>(it->second))
            return std::to_string(std::get<std::int64_t>(it->second));
        return std::get<std::string>(it->second);
    };
    const std::vector<int> sizes = sizesOf(text(kSizesParameter));
    // Appended, not "n " + string: GCC 12 warns falsely (-Wrestrict) on that operator+.
    std::string description("n ");
    description += sizes.empty() ? text(kSizesParameter) : joined(sizes);
    for (const std::string &part : {std::string(" "), text(param::kDtype), std::string(", "), text(param::kSamples),
                                    std::string(" samples per size, seed "), text(param::kSeed)})
        description += part;
    return description;
}

} // namespace

const LessonDeclaration kLesson{kId, makeInfo, kContract, runOn, describeParameters};

} // namespace lessonscope::performance03
