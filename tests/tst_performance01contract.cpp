// performance-01's stdout as its contract writes it, from runs made by hand: what the figures
// say of calls whose evidence is chosen, with no machine in the way.
#include "core/lesson/measuring.h"
#include "core/lesson/lessonregistry.h"
#include "core/lessons/performance-01/performance01contract.h"
#include "core/lessons/performance-01/performance01contract.h"

#include <QtTest>
#include <nlohmann/json.hpp>

using namespace lessonscope;

class TestPerformance01Contract : public QObject
{
    Q_OBJECT

private slots:
    void aCallIsCleanForBothTimersOrNeither();
};

void TestPerformance01Contract::aCallIsCleanForBothTimersOrNeither()
{
    // A 150 ms call of a 2048³ product that waited 1 ms for a CPU is clean (under 1% of it), and
    // so is its 20 µs dispatch, a reading of the same call: the dispatch median is there. Judged
    // against its own reading, the dispatch was "interrupted", and a run once had a warm median
    // and a dispatch-only median of nothing (NaN, saved as null).
    LessonRun run;
    run.parameters = {};
    QVERIFY(!findLesson(performance01::kId)->resolveParameters(run.parameters));
    Samples warm;
    for (int i = 0; i < 2; ++i) {
        CallTimestamps t;
        t.dispatchBegin = i * 200'000'000;
        t.dispatchEnd = t.dispatchBegin + 20'000;
        t.workBegin = t.dispatchEnd;
        t.workEnd = t.dispatchBegin + 149'000'000;
        t.readyObserved = t.dispatchBegin + 150'000'000;
        CallEvidence evidence;
        evidence.known = true;
        evidence.otherWaitNs = i == 1 ? 1'000'000 : 0;
        run.calls.push_back(MeasuredCall::of(t, evidence, 0));
        if (i > 0)
            warm.add(run.calls.back().synchronizedSeconds(), evidence, 0);
    }
    QVERIFY(!run.calls[1].interrupted);
    const Json out = performance01::output(run, warm, 0, "boundary");
    QVERIFY(out.contains(performance01::key::kDispatchWarmMedian));
    QCOMPARE(out[performance01::key::kDispatchWarmMedian].get<double>(), 20e-6);
    QCOMPARE(out[performance01::key::kWarmMedian].get<double>(), 0.15);
}

QTEST_GUILESS_MAIN(TestPerformance01Contract)
#include "tst_performance01contract.moc"
