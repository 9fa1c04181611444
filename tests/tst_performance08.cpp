// performance-08 "Time more than the clock": on a fresh run, the batches really hold their
// operations and the clock's share falls as they grow; its own checks name what was changed; its
// timeline grades the length asked against the run's own operations_for_one_percent; on the host
// it prints the host's clock alone.
#include "lessontesting.h"

#include "core/lesson/artifactbuilder.h"
#include "core/lesson/lessonartifacts.h"
#include "core/lessons/performance-08/performance08contract.h"
#include "core/lessons/performance-08/performance08contract.h"
#include "core/lessons/performance-08/performance08timeline.h"

#include <QtTest>

#include <nlohmann/json.hpp>

#include <cmath>
#include <map>

using namespace lessonscope;
using namespace lessontesting;
namespace key = performance08::key;

namespace {

const Lesson &lesson() { return lessonNamed(performance08::kId); }

Artifact measuredArtifact()
{
    ParameterValues values{{"samples", std::int64_t{21}}};
    if (const auto error = lesson().resolveParameters(values))
        qFatal("unexpected parameter error: %s", error->c_str());
    QuietObserver quiet;
    return buildArtifact(lesson(), lesson().run(values, quiet), "2026-12-04T20:00:00.000000+00:00");
}

} // namespace

class TestPerformance08 : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { m_artifact = measuredArtifact(); }

    // A batch the compiler hoisted or dropped would read one clock read whatever its size: each
    // thousandfold batch reads more than the one before it, and the clock's share falls with it.
    void theBatchesHoldTheirOperations()
    {
        const performance08::Figures f = performance08::readFigures(m_artifact);
        QCOMPARE(f.batchSizes.size(), performance08::kBatchSizes.size());
        QVERIFY(f.readingMedian[4] > f.readingMedian[1] * 100); // 10,000 operations against 10
        QVERIFY(f.clockShare.front() > f.clockShare.back());
        QVERIFY(f.operation && *f.operation > 0);
        QVERIFY(f.forOnePercent && *f.forOnePercent > 1);
        QVERIFY(f.maxAbsError && *f.maxAbsError < 1e-5);
        QVERIFY(noWarnings(validateArtifact(m_artifact.json())));
    }

    void itsChecksNameWhatWasChanged()
    {
        QCOMPARE(warningsAfter(m_artifact, [](Json &, Json &out) { out[key::kReadingMedian][2] = 1.0; }), 1);
        QVERIFY(warningsAfter(m_artifact, [](Json &, Json &out) { out[key::kClockShare][0] = 0.5; }) >= 1);
        QVERIFY(warningsAfter(m_artifact,
                              [](Json &, Json &out) {
                                  out[key::kForOnePercent] = out[key::kForOnePercent].get<std::int64_t>() * 2;
                              })
                >= 1);
        Json document = m_artifact.json();
        document["data"]["panels"][0]["series"][0]["y"][0] = 1.0;
        QVERIFY(!noWarnings(validateArtifact(document))); // a panel that is not stdout's
        document = m_artifact.json();
        document["data"]["panels"][1]["series"][0]["y"][0] = 1.0; // the clock's own cost
        QVERIFY(!noWarnings(validateArtifact(document)));
    }

    // The length asked is the run's own answer, in operations: right there, wrong at ten times it.
    void theTimelineGradesTheRunsOwnAnswer()
    {
        const Performance08Timeline timeline(m_artifact);
        QVERIFY(timeline.isMeasured());
        const auto answer = static_cast<double>(*performance08::readFigures(m_artifact).forOnePercent);
        QCOMPARE(timeline.answerOperations(), answer);
        const int shown = timeline.representativeCall();
        QVERIFY(shown % int(performance08::kBatchSizes.size()) == 0); // a reading of one operation
        QVERIFY(timeline.lengthVerdict(answer, shown).correct);
        QVERIFY(!timeline.lengthVerdict(answer * 10, shown).correct);
        QVERIFY(timeline.lengthVerdict(answer, shown).numbers.find("Median readings") != std::string::npos);
    }

    // On "stream" the host times its own work with its own clock: no wait, no device's keys. A
    // device that is neither the host nor "opencl:N" is refused before anything is measured (the
    // device's own run is tst_devicelessons').
    void theHostRunIsTheHostsOwn()
    {
        QVERIFY(lesson().runsOnDevices());
        QCOMPARE(m_artifact.json()["environment"]["waitStrategy"], Json("none"));
        const Json out = *m_artifact.stdoutJson();
        QVERIFY(!out.contains(key::kBackend) && !out.contains(key::kTimerResolution));
        QVERIFY(out.contains(key::kClockGetres) && out.contains(key::kTscRead));
        QCOMPARE(out[key::kClock], Json("std::chrono::steady_clock"));
        QuietObserver quiet;
        ParameterValues values;
        QVERIFY(!lesson().resolveParameters(values));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, lesson().runOn(RunContext{"gpu0"}, values, quiet));
    }

    // Each reading is drawn inside what it read and clear of its neighbours: its batch within the
    // reading, its reads in the gaps between readings, nothing of no length — even a reading faster
    // than the run's medians add to. (Readings were drawn at the medians' lengths: a run's
    // 10,000-operation readings ran past the next reading's start, and trace readers saw them cross.)
    void eachReadingIsDrawnInsideWhatItRead()
    {
        Json document = m_artifact.json();
        Json &calls = document["trace"]["calls"];
        const double operation = *performance08::readFigures(m_artifact).operation * 1e9;
        for (std::size_t i = performance08::kBatchSizes.size() - 1; i < calls["dispatchBegin"].size(); i += 10) {
            const auto batch = static_cast<double>(performance08::kBatchSizes.back());
            calls["readyObserved"][i]
                = calls["dispatchBegin"][i].get<std::int64_t>() + std::llround(batch * operation / 2);
        }
        const Artifact faster(document);
        const Performance08Timeline timeline(faster);
        const Trace trace = *faster.trace();
        std::map<int, double> drawnTo; // each lane's last drawn end, on the run's clock
        for (int i = 0; i < timeline.callCount(); ++i) {
            const double at = static_cast<double>(trace.calls[static_cast<std::size_t>(i)].dispatchBegin);
            const double reading = *timeline.callSeconds(i) * 1e9;
            for (const TimelineEvent &event : timeline.call(i).events) {
                if (event.answer)
                    continue;
                QVERIFY(event.end > event.begin);
                if (event.lane == Performance08Timeline::Operations)
                    QVERIFY2(event.begin >= 0 && event.end <= reading, qPrintable(QStringLiteral("reading %1").arg(i)));
                QVERIFY2(!drawnTo.contains(event.lane) || at + event.begin >= drawnTo[event.lane],
                         qPrintable(QStringLiteral("reading %1's %2 crosses the one before")
                                        .arg(i)
                                        .arg(QString::fromStdString(event.label))));
                drawnTo[event.lane] = at + event.end;
            }
        }
    }

private:
    Artifact m_artifact;
};

QTEST_GUILESS_MAIN(TestPerformance08)
#include "tst_performance08.moc"
