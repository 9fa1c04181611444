// performance-07 "Repeat the run, not only the call": a fresh run keeps every run's calls apart
// (a sample's round is its run) and states figures its own samples give; the figures follow
// their definitions on runs made up to know the answer; its own checks name what was changed;
// its timeline grades the length asked against the run's own between_over_within.
#include "lessontesting.h"

#include "core/base/units.h"
#include "core/lesson/artifactbuilder.h"
#include "core/lesson/lessonartifacts.h"
#include "core/lessons/performance-07/performance07contract.h"
#include "core/lessons/performance-07/performance07contract.h"
#include "core/lessons/performance-07/performance07timeline.h"

#include <QtTest>

#include <nlohmann/json.hpp>

using namespace lessonscope;
using namespace lessontesting;
namespace key = performance07::key;

namespace {

constexpr std::int64_t kRuns = 4;
constexpr std::int64_t kSamples = 25;

const Lesson &lesson() { return lessonNamed(performance07::kId); }

Artifact measuredArtifact()
{
    ParameterValues values{{performance07::kRunsParameter, kRuns}, {"samples", kSamples}};
    if (const auto error = lesson().resolveParameters(values))
        qFatal("unexpected parameter error: %s", error->c_str());
    QuietObserver quiet;
    // As the command line and the run panel run it: with the run's interference evidence.
    return buildArtifact(lesson(), runLesson(lesson(), values, quiet), "2026-12-05T06:00:00.000000+00:00");
}

std::vector<double> around(double middle, double step, int count)
{
    std::vector<double> samples;
    for (int i = 0; i < count; ++i)
        samples.push_back(middle + step * (i - count / 2));
    return samples;
}

// The figures of runs made of these clean samples, run r's in [r].
performance07::Figures figuresOfRuns(const std::vector<std::vector<double>> &runs)
{
    performance07::Figures f;
    for (std::size_t r = 0; r < runs.size(); ++r) {
        for (const double sample : runs[r]) {
            f.warm.seconds.push_back(sample);
            f.warm.waitedNs.push_back(0);
            f.warm.round.push_back(static_cast<std::int64_t>(r));
        }
    }
    performance07::deriveFigures(f);
    return f;
}

} // namespace

class TestPerformance07 : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { m_artifact = measuredArtifact(); }

    // A lesson that timed one long run and cut it in four would still have four groups: every
    // run here has its own warm-up and its own stream, so a group is a run made anew.
    void everyRunIsItsOwnGroup()
    {
        const performance07::Figures f = performance07::readFigures(m_artifact);
        QCOMPARE(f.medians.size(), std::size_t(kRuns));
        // A quota per run, not for the whole: each run asks for kSamples clean calls, and an
        // interrupted call is kept and replaced (measuring.h), so a run has at least kSamples
        // calls and, unless the replacement budget ran out, exactly kSamples clean ones.
        const std::vector<std::vector<double>> byRun = roundsOf(f.warm.seconds, f.warm.round);
        QCOMPARE(byRun.size(), std::size_t(kRuns));
        for (const std::vector<double> &run : byRun)
            QVERIFY2(run.size() >= std::size_t(kSamples), qPrintable(QString::number(run.size())));
        const std::vector<std::vector<double>> cleanByRun = f.warm.cleanByRound();
        QVERIFY(cleanByRun.size() <= std::size_t(kRuns));
        const Json &measuring = m_artifact.json().at("environment").at("interference").at("measuring");
        if (!measuring.at("budgetSpent").get<bool>()) {
            QCOMPARE(cleanByRun.size(), std::size_t(kRuns));
            for (const std::vector<double> &run : cleanByRun)
                QCOMPARE(run.size(), std::size_t(kSamples));
        }
        QVERIFY(f.maxAbsError && *f.maxAbsError < 1e-5);
        QCOMPARE(f.pairs, std::int64_t{6});
        QVERIFY(noWarnings(validateArtifact(m_artifact.json())));
    }

    // The evidence says the same: a device thread and a warm-up for each run, not one for all.
    void everyRunHasItsOwnStreamAndWarmUp()
    {
        const Json &interference = m_artifact.json().at("environment").at("interference");
        QCOMPARE(interference.at("device").at("threads").get<std::int64_t>(), kRuns);
        const Json &warmups = interference.at("measuring").at("warmup");
        QCOMPARE(warmups.size(), std::size_t(kRuns));
        for (const Json &warmup : warmups)
            QVERIFY(warmup.at("calls").get<std::int64_t>() > 0);
    }

    // Runs made up so the answer is known: equal runs spread over nothing; runs whose medians lie
    // apart by more than their intervals are called different; a run with no clean sample is out.
    void theFiguresFollowTheirDefinitions()
    {
        const auto same = figuresOfRuns({around(1.0, 0.01, 41), around(1.0, 0.01, 41)});
        QCOMPARE(*same.betweenWidth, 0.0);
        QCOMPARE(*same.ratio, 0.0);
        QCOMPARE(same.pairsDifferent, std::int64_t{0});

        const auto apart = figuresOfRuns({around(1.0, 0.01, 41), {}, around(2.0, 0.01, 41), around(1.5, 0.01, 41)});
        QCOMPARE(apart.runNumbers, (std::vector<double>{1, 2 + 1, 3 + 1})); // the empty run is left out
        QCOMPARE(*apart.medianOfRuns, 1.5);
        QCOMPARE(*apart.betweenWidth, 1.0 / 1.5);
        QVERIFY(*apart.withinWidth > 0 && *apart.withinWidth < 0.2);
        QCOMPARE(*apart.ratio, *apart.betweenWidth / *apart.withinWidth);
        QCOMPARE(apart.pairs, std::int64_t{3});
        QCOMPARE(apart.pairsDifferent, std::int64_t{3});

        const auto one = figuresOfRuns({around(1.0, 0.01, 41)});
        QVERIFY(one.medianOfRuns && !one.betweenWidth && !one.ratio);
        QVERIFY(!figuresOfRuns({{}, {}}).medianOfRuns);
    }

    void itsChecksNameWhatWasChanged()
    {
        QVERIFY(warningsAfter(m_artifact, [](Json &, Json &out) { out[key::kRunMedians][1] = 1.0; }) >= 1);
        QVERIFY(warningsAfter(m_artifact, [](Json &, Json &out) { out[key::kRunHighs][0] = 1.0; }) >= 1);
        QVERIFY(
            warningsAfter(m_artifact,
                          [](Json &, Json &out) { out[key::kWidthRatio] = out[key::kWidthRatio].get<double>() * 2; })
            >= 1);
        QVERIFY(warningsAfter(m_artifact,
                              [](Json &, Json &out) {
                                  out[key::kPairsDifferent] = out[key::kPairsDifferent].get<std::int64_t>() + 1;
                              })
                >= 1);
        // One sample changed may sit above its run's median and leave every figure as it was;
        // every sample doubled moves every run's median.
        QVERIFY(warningsAfter(m_artifact,
                              [](Json &, Json &out) {
                                  for (Json &sample : out[key::kWarmSamples])
                                      sample = sample.get<double>() * 2;
                              })
                >= 1);
        for (const std::size_t panel :
             {performance07::kRunsPanel, performance07::kWidthsPanel, performance07::kPairsPanel}) {
            Json document = m_artifact.json();
            document["data"]["panels"][panel]["series"][0]["y"][0] = 7.0;
            QVERIFY2(!noWarnings(validateArtifact(document)), qPrintable(QString::number(panel))); // not stdout's
        }
    }

    // The length asked is the run's own ratio, in widths of one run's interval: right there,
    // wrong at three times it and at a third of it; the numbers are the run's.
    void theTimelineGradesTheRunsOwnAnswer()
    {
        const Performance07Timeline timeline(m_artifact);
        QVERIFY(timeline.isMeasured());
        QCOMPARE(timeline.callCount(), int(kRuns));
        const performance07::Figures f = performance07::readFigures(m_artifact);
        const double answer = *f.ratio;
        QCOMPARE(timeline.answerWidths(), answer);
        const int shown = timeline.representativeCall();
        QVERIFY(timeline.lengthVerdict(answer, shown).correct);
        QVERIFY(!timeline.lengthVerdict(answer * 3, shown).correct);
        QVERIFY(!timeline.lengthVerdict(answer / 3, shown).correct);
        const std::string numbers = timeline.lengthVerdict(answer, shown).numbers;
        QVERIFY(numbers.find("of the " + formatCount(f.pairs) + " pairs") != std::string::npos);
        const CallTimeline call = timeline.call(shown);
        QCOMPARE(call.length.reference, *f.withinWidth * *f.medianOfRuns * 1e9);
    }

private:
    Artifact m_artifact;
};

QTEST_GUILESS_MAIN(TestPerformance07)
#include "tst_performance07.moc"
