// performance-01's timeline: schematic for the recorded seed, measured for lessonscope's runs.
#include "core/lessons/performance-01/performance01contract.h"
#include "core/lesson/artifactbuilder.h"
#include "core/artifact/artifactio.h"
#include "coretesting.h"
#include "core/lesson/lessonregistry.h"
#include "core/lessons/performance-01/performance01contract.h"
#include "core/lessons/performance-01/performance01timeline.h"

#include <QTest>

#include <algorithm>
#include <cmath>

using namespace lessonscope;

namespace {

// performance-01's timeline through the names these tests were written with: the stops as an
// enum, and a reading per stop for one call and as the median over the warm calls.
using StopPoint = Performance01Timeline::Stop;
constexpr int kStopPointCount = Performance01Timeline::kStopCount;

const char *stopPointKey(StopPoint stop) { return Performance01Timeline::key(stop); }

std::optional<StopPoint> stopPointFromKey(std::string_view key) { return Performance01Timeline::stopFromKey(key); }

bool isCorrectStop(StopPoint stop) { return stop == StopPoint::AfterSynchronization; }

struct StopReading {
    std::optional<double> callSeconds;
    std::optional<double> medianSeconds;
    int medianCount = 0;
};

class TimelineModel
{
public:
    static TimelineModel fromArtifact(const Artifact &artifact)
    {
        return TimelineModel(Performance01Timeline(artifact));
    }
    static TimelineModel fromTrace(const Trace &trace) { return TimelineModel(Performance01Timeline(trace)); }

    bool isMeasured() const { return m_timeline.isMeasured(); }
    int callCount() const { return m_timeline.callCount(); }
    int warmCallCount() const { return m_timeline.warmCallCount(); }
    int medianCallIndex() const { return m_timeline.representativeCall(); }
    const Performance01Timeline &timeline() const { return m_timeline; }
    std::string callTitle(int index) const { return m_timeline.callTitle(index); }
    CallTimeline call(int index) const { return m_timeline.call(index); }
    TimelineVerdict verdict(StopPoint stop, int index) const { return m_timeline.verdict(stopPointKey(stop), index); }
    StopReading reading(StopPoint stop, int index) const
    {
        if (!isMeasured()) // the recorded stdout timed the completed result only
            return {std::nullopt, isCorrectStop(stop) ? m_timeline.recordedWarmMedianSeconds() : std::nullopt, 0};
        return {m_timeline.callReading(stop, index), m_timeline.medianOver(stop, stop),
                m_timeline.medianCountOver(stop)};
    }

private:
    explicit TimelineModel(Performance01Timeline timeline) : m_timeline(std::move(timeline)) { }
    Performance01Timeline m_timeline;
};

const TimelineCandidate &candidateOf(const CallTimeline &call, StopPoint stop)
{
    return call.candidates.at(static_cast<std::size_t>(stop));
}

Artifact seed() { return coretesting::seedArtifact(); }

// Hand-made calls with round numbers (ns since the first dispatch), so that every reading is
// known exactly. Warm call 1 is the example: 310 ns after dispatch, 930 ns completed.
Trace handMadeTrace()
{
    Trace trace;
    trace.clock = "steady_clock";
    trace.waitStrategy = "spin-then-park";
    trace.calls = {
        {0, 2000, 2500, 52500, 53000},            // first call: 53 µs
        {100000, 100310, 100350, 100850, 100930}, // 930 ns
        {200000, 200300, 200330, 200830, 200900}, // 900 ns
        {300000, 300320, 300360, 301000, 301100}, // 1100 ns
    };
    return trace;
}

Artifact freshRun(int samples)
{
    const Lesson *lesson = findLesson(performance01::kId);
    ParameterValues values{{"samples", std::int64_t{samples}}};
    if (const auto error = lesson->resolveParameters(values))
        qFatal("%s", error->c_str());
    RunObserver observer;
    const LessonRun run = lesson->run(values, observer);
    return buildArtifact(*lesson, run, "2026-10-20T10:45:58.968076+00:00");
}

const TimelineEvent &eventNamed(const CallTimeline &call, const std::string &label)
{
    const auto it = std::find_if(call.events.begin(), call.events.end(),
                                 [&](const TimelineEvent &e) { return e.label == label; });
    if (it == call.events.end())
        qFatal("no event %s", label.c_str());
    return *it;
}

bool near(double a, double b) { return std::fabs(a - b) <= 1e-12 * std::max(std::fabs(a), std::fabs(b)) + 1e-15; }

} // namespace

class TestPerformance01Timeline : public QObject
{
    Q_OBJECT

private slots:
    void stopKeysRoundTrip()
    {
        for (int i = 0; i < kStopPointCount; ++i) {
            const auto point = static_cast<StopPoint>(i);
            QCOMPARE(stopPointFromKey(stopPointKey(point)), std::optional(point));
        }
        QCOMPARE(stopPointFromKey("nonsense"), std::nullopt);
        QCOMPARE(stopPointFromKey(""), std::nullopt);
        QVERIFY(isCorrectStop(StopPoint::AfterSynchronization));
        QVERIFY(!isCorrectStop(StopPoint::AfterDispatch));
        QVERIFY(!isCorrectStop(StopPoint::DuringWork));
        QVERIFY(!isCorrectStop(StopPoint::LongAfter));
    }

    void seedIsSchematic()
    {
        const TimelineModel model = TimelineModel::fromArtifact(seed());
        QVERIFY(!model.isMeasured());
        QCOMPARE(model.callCount(), 0);
        QCOMPARE(model.medianCallIndex(), -1);

        const CallTimeline call = model.call(0);
        QVERIFY(!call.measured);
        QCOMPARE(call.candidates.size(), std::size_t(kStopPointCount));
        // Ordering: dispatch returns, work runs, readiness, the host observes it, then "long after".
        const TimelineEvent &dispatch = eventNamed(call, "dispatch");
        const TimelineEvent &work = eventNamed(call, "device work");
        const TimelineEvent &wait = eventNamed(call, "wait for readiness");
        const TimelineEvent &ready = eventNamed(call, "ready");
        QCOMPARE(dispatch.begin, call.anchor);
        QVERIFY(work.begin > dispatch.end);
        QVERIFY(wait.waiting);
        QCOMPARE(ready.shape, TimelineEvent::Shape::Instant);
        QCOMPARE(ready.begin, work.end);
        QVERIFY(wait.end > work.end); // readiness is observed after the work ends
        QCOMPARE(candidateOf(call, StopPoint::AfterDispatch).time, dispatch.end);
        QVERIFY(candidateOf(call, StopPoint::DuringWork).time > work.begin);
        QVERIFY(candidateOf(call, StopPoint::DuringWork).time < work.end);
        QCOMPARE(candidateOf(call, StopPoint::AfterSynchronization).time, wait.end);
        QVERIFY(candidateOf(call, StopPoint::LongAfter).time > wait.end);
        QVERIFY(call.viewBegin < 0 && call.viewEnd > candidateOf(call, StopPoint::LongAfter).time);
        // Each lane has something on it, and the work outside the boundary is named.
        for (int lane = 0; lane < static_cast<int>(call.lanes.size()); ++lane)
            QVERIFY(std::any_of(call.events.begin(), call.events.end(),
                                [&](const TimelineEvent &e) { return e.lane == lane; }));
        QCOMPARE(call.outside.size(), std::size_t(2));
        QCOMPARE(call.outside[0].label, std::string("prepare & place inputs"));
        QCOMPARE(call.outside[1].label, std::string("compile / first use"));
    }

    void seedHasNoMadeUpNumbers()
    {
        const TimelineModel model = TimelineModel::fromArtifact(seed());
        for (int i = 0; i < kStopPointCount; ++i) {
            const auto point = static_cast<StopPoint>(i);
            const StopReading reading = model.reading(point, 0);
            QVERIFY(!reading.callSeconds);
            // Only the boundary the recorded run used has a number: its warm median from stdout.
            QCOMPARE(reading.medianSeconds.has_value(), isCorrectStop(point));
        }
        QCOMPARE(*model.reading(StopPoint::AfterSynchronization, 0).medianSeconds, 8.500181138515472e-06);

        const TimelineVerdict right = model.verdict(StopPoint::AfterSynchronization, 0);
        QVERIFY(right.correct);
        QVERIFY(QString::fromStdString(right.numbers).contains(QStringLiteral("no measured trace")));
        QVERIFY(QString::fromStdString(right.numbers).contains(QStringLiteral("8.50 µs")));
        const TimelineVerdict wrong = model.verdict(StopPoint::AfterDispatch, 0);
        QVERIFY(!wrong.correct);
        QVERIFY(QString::fromStdString(wrong.headline).startsWith(QStringLiteral("Not quite")));
        QVERIFY(!wrong.why.empty());
    }

    void handMadeReadings()
    {
        const TimelineModel model = TimelineModel::fromTrace(handMadeTrace());
        QVERIFY(model.isMeasured());
        QCOMPARE(model.callCount(), 4);
        QCOMPARE(model.warmCallCount(), 3);
        QCOMPARE(model.medianCallIndex(), 1); // warm 930, 900, 1100 ns: the median is 930
        // A median call that is the run's last is passed over for the nearest one before it.
        Trace lastIsMedian = handMadeTrace(); // warm 930, 900, 1100 ns, then 1000 and 950 ns
        lastIsMedian.calls.push_back({400000, 400300, 400330, 400830, 401000});
        lastIsMedian.calls.push_back({500000, 500300, 500330, 500830, 500950});
        QCOMPARE(TimelineModel::fromTrace(lastIsMedian).medianCallIndex(), 1); // 930 ns, not the last (950)
        // An interrupted call is not among the figures' calls: not the median call, not in the
        // medians, and said so.
        Trace interrupted = handMadeTrace();
        interrupted.evidence.resize(interrupted.calls.size());
        interrupted.evidence[1].interrupted = true;
        interrupted.evidence[1].waitedNs = 2'200'000;
        const TimelineModel withInterruption = TimelineModel::fromTrace(interrupted);
        QVERIFY(withInterruption.medianCallIndex() != 1);
        QCOMPARE(withInterruption.reading(StopPoint::AfterSynchronization, 2).medianCount, 2);
        QCOMPARE(*withInterruption.reading(StopPoint::AfterSynchronization, 2).medianSeconds,
                 1000e-9); // of 900 and 1100 ns
        QVERIFY(withInterruption.timeline().callInterruption(1).find("2.20 ms") != std::string::npos);
        QVERIFY(withInterruption.timeline().callInterruption(2).empty());
        QCOMPARE(model.callTitle(0), std::string("first call"));
        QCOMPARE(model.callTitle(2), std::string("warm call 2"));

        const StopReading dispatch = model.reading(StopPoint::AfterDispatch, 1);
        QVERIFY(near(*dispatch.callSeconds, 310e-9));
        QVERIFY(near(*dispatch.medianSeconds, 310e-9)); // of 310, 300, 320
        QCOMPARE(dispatch.medianCount, 3);
        const StopReading completed = model.reading(StopPoint::AfterSynchronization, 1);
        QVERIFY(near(*completed.callSeconds, 930e-9));
        QVERIFY(near(*completed.medianSeconds, 930e-9));
        // During the work: halfway through the work that runs after dispatch returned.
        QVERIFY(near(*model.reading(StopPoint::DuringWork, 1).callSeconds, (350 + 850) / 2.0 * 1e-9));
        QVERIFY(near(*model.reading(StopPoint::DuringWork, 0).callSeconds, (2500 + 52500) / 2.0 * 1e-9));
        // Long after: when the next call's output was observed; the last call has none.
        QVERIFY(near(*model.reading(StopPoint::LongAfter, 1).callSeconds, 100900e-9));
        QVERIFY(!model.reading(StopPoint::LongAfter, 3).callSeconds);
        QCOMPARE(model.reading(StopPoint::LongAfter, 3).medianCount, 2);
        QVERIFY(near(*model.reading(StopPoint::AfterSynchronization, 0).callSeconds, 53e-6));
    }

    void handMadeCallLayout()
    {
        const TimelineModel model = TimelineModel::fromTrace(handMadeTrace());
        const CallTimeline call = model.call(1);
        QVERIFY(call.measured);
        QCOMPARE(call.title, std::string("warm call 1"));
        QCOMPARE(eventNamed(call, "dispatch").end, 310.0);
        QCOMPARE(eventNamed(call, "device work").begin, 350.0);
        QCOMPARE(eventNamed(call, "device work").end, 850.0);
        QCOMPARE(eventNamed(call, "hand-back").end, 930.0);
        QCOMPARE(eventNamed(call, "completed result").end, 930.0);
        QCOMPARE(candidateOf(call, StopPoint::AfterSynchronization).time, 930.0);
        // The next call is far (100 µs on): the view keeps this call legible instead.
        QVERIFY(call.viewEnd < 2000);
        QVERIFY(call.viewBegin < 0);
        // Out of range gives the median call.
        QCOMPARE(model.call(99).title, std::string("warm call 1"));
        QCOMPARE(model.call(-1).title, std::string("warm call 1"));
    }

    void verdictNumbers()
    {
        const TimelineModel model = TimelineModel::fromTrace(handMadeTrace());
        const TimelineVerdict early = model.verdict(StopPoint::AfterDispatch, 1);
        QVERIFY(!early.correct);
        const QString numbers = QString::fromStdString(early.numbers);
        QVERIFY2(numbers.contains(QStringLiteral("310 ns for this call (warm call 1) — 3.0× less than the completed "
                                                 "result, 930 ns")),
                 qPrintable(numbers));
        QVERIFY2(numbers.contains(QStringLiteral("Median over 3 warm calls: 310 ns against 930 ns")),
                 qPrintable(numbers));

        const TimelineVerdict right = model.verdict(StopPoint::AfterSynchronization, 1);
        QVERIFY(right.correct);
        QVERIFY(QString::fromStdString(right.headline).startsWith(QStringLiteral("Right")));
        QVERIFY2(QString::fromStdString(right.numbers).contains(QStringLiteral("Completed result: 930 ns")),
                 right.numbers.c_str());

        const QString late = QString::fromStdString(model.verdict(StopPoint::LongAfter, 1).numbers);
        QVERIFY2(late.contains(QStringLiteral("101 µs")) && late.contains(QStringLiteral("more than")),
                 qPrintable(late));
        // Both medians over the same calls: the last call has no "long after", so neither counts it.
        QVERIFY2(late.contains(QStringLiteral("Median over 2 warm calls: 101 µs against 915 ns")), qPrintable(late));
        const QString lastLate = QString::fromStdString(model.verdict(StopPoint::LongAfter, 3).numbers);
        QVERIFY2(lastLate.contains(QStringLiteral("Nothing was measured after")), qPrintable(lastLate));

        // A call index out of range reads the nearest call instead of past the trace.
        for (const int outside : {-5, 4, 1'000'000}) {
            const TimelineVerdict clamped = model.verdict(StopPoint::AfterSynchronization, outside);
            const TimelineVerdict nearest = model.verdict(StopPoint::AfterSynchronization, outside < 0 ? 0 : 3);
            QCOMPARE(clamped.numbers, nearest.numbers);
            QVERIFY(!clamped.numbers.empty());
        }
    }

    void hostileTraces_data()
    {
        QTest::addColumn<int>("variant");
        QTest::newRow("timestamps backwards") << 0;
        QTest::newRow("all zero") << 1;
        QTest::newRow("first call only") << 2;
        QTest::newRow("huge values") << 3;
        QTest::newRow("extremes of int64") << 4;
    }

    void hostileTraces()
    {
        QFETCH(int, variant);
        Trace trace;
        switch (variant) {
        case 0:
            trace.calls = {{500, 400, 300, 200, 100}, {90, 80, 70, 60, 50}};
            break;
        case 1:
            trace.calls = {{0, 0, 0, 0, 0}, {0, 0, 0, 0, 0}};
            break;
        case 2:
            trace.calls = {{0, 10, 20, 30, 40}};
            break;
        case 4:
            trace.calls = {{INT64_MIN, INT64_MAX, INT64_MIN, INT64_MAX, INT64_MAX}, {INT64_MAX, INT64_MIN, 0, 0, 0}};
            break;
        default:
            trace.calls
                = {{0, 1, 2, INT64_MAX / 4, INT64_MAX / 2},
                   {INT64_MAX / 2 + 1, INT64_MAX / 2 + 2, INT64_MAX / 2 + 3, INT64_MAX / 2 + 4, INT64_MAX / 2 + 5}};
        }
        const TimelineModel model = TimelineModel::fromTrace(trace);
        QVERIFY(model.medianCallIndex() >= 0);
        for (int i = 0; i < model.callCount(); ++i) {
            const CallTimeline call = model.call(i);
            QVERIFY(call.viewEnd > call.viewBegin);
            for (const TimelineEvent &event : call.events)
                QVERIFY(event.end >= event.begin);
            for (int s = 0; s < kStopPointCount; ++s)
                (void)model.verdict(static_cast<StopPoint>(s), i); // never throws nor crashes
        }
        if (variant == 2) {
            QCOMPARE(model.medianCallIndex(), 0);
            QCOMPARE(model.reading(StopPoint::AfterSynchronization, 0).medianCount, 1);
        }
    }

    // A real run: the trace lessonscope records, read back through the artifact.
    void freshRunIsConsistent()
    {
        const Artifact artifact = freshRun(5);
        const auto trace = artifact.trace();
        QVERIFY(trace.has_value());
        const TimelineModel model = TimelineModel::fromArtifact(artifact);
        QVERIFY(model.isMeasured());
        // The first call and the warm ones: five clean, and one more for each other work interrupted.
        const performance01::Figures timing = performance01::readFigures(artifact);
        QVERIFY(timing.warm.seconds.size() >= std::size_t(5));
        QCOMPARE(model.callCount(), 1 + static_cast<int>(timing.warm.seconds.size()));
        for (int i = 0; i < model.callCount(); ++i) {
            const TracedCall &c = trace->calls[static_cast<std::size_t>(i)];
            // Device work lies inside the call's measured span; readiness is observed after it.
            QVERIFY2(c.workBegin >= c.dispatchBegin, qPrintable(QString::number(i)));
            QVERIFY2(c.workEnd <= c.readyObserved, qPrintable(QString::number(i)));
            QVERIFY(c.workEnd >= c.workBegin);
            QVERIFY(c.dispatchEnd >= c.dispatchBegin);
            QVERIFY(c.readyObserved >= c.dispatchEnd);
            if (i > 0)
                QVERIFY(c.dispatchBegin >= trace->calls[static_cast<std::size_t>(i) - 1].readyObserved);

            const CallTimeline call = model.call(i);
            const TimelineEvent &work = eventNamed(call, "device work");
            const TimelineEvent &completed = eventNamed(call, "completed result");
            QVERIFY(work.begin >= completed.begin && work.end <= completed.end);
            QVERIFY(eventNamed(call, "ready").begin <= eventNamed(call, "wait for readiness").end);

            // The model's numbers are the artifact's numbers.
            const double sync = *model.reading(StopPoint::AfterSynchronization, i).callSeconds;
            const double recorded
                = i == 0 ? *timing.firstCallSeconds : timing.warm.seconds[static_cast<std::size_t>(i) - 1];
            QVERIFY2(near(sync, recorded), qPrintable(QStringLiteral("%1 vs %2").arg(sync).arg(recorded)));
            QVERIFY(*model.reading(StopPoint::AfterDispatch, i).callSeconds <= sync);
        }
        if (timing.warmMedianSeconds)
            QVERIFY(near(*model.reading(StopPoint::AfterSynchronization, 1).medianSeconds, *timing.warmMedianSeconds));
        if (timing.dispatchOnlyWarmMedianSeconds)
            QVERIFY(
                near(*model.reading(StopPoint::AfterDispatch, 1).medianSeconds, *timing.dispatchOnlyWarmMedianSeconds));
    }
};

QTEST_GUILESS_MAIN(TestPerformance01Timeline)
#include "tst_performance01timeline.moc"
