#include "core/lesson/artifactbuilder.h"
#include "core/lesson/lessonartifacts.h"
#include "core/lesson/lessonregistry.h"
#include "core/lesson/measuring.h"
#include "core/lessons/performance-01/performance01contract.h"

#include <QtTest>

#include <nlohmann/json.hpp>

#include <fstream>
#include <iterator>
#include <map>
#include <string>
#include <vector>

using namespace lessonscope;

Q_DECLARE_METATYPE(lessonscope::ParameterValues)

namespace {

// What the run's output says of the last output's error against the reference.
double maxAbsErrorOf(const LessonRun &run) { return run.output->at("max_abs_error").get<double>(); }

constexpr const char *kGeneratedAt = "2026-10-20T10:45:58.968076+00:00";

// Records what a run reports, and cancels once cancelAfter calls were measured (-1: never).
class Recorder final : public RunObserver
{
public:
    explicit Recorder(int cancelAfter = -1) : m_cancelAfter(cancelAfter) { }

    void progress(int done, int total) override { progressCalls.push_back({done, total}); }
    void callMeasured(int index, const MeasuredCall &call) override
    {
        indices.push_back(index);
        calls.push_back(call);
    }
    bool isCancelled() const override
    {
        ++cancelChecks;
        return m_cancelAfter >= 0 && int(calls.size()) >= m_cancelAfter;
    }

    std::vector<std::pair<int, int>> progressCalls;
    std::vector<int> indices;
    std::vector<MeasuredCall> calls;
    mutable int cancelChecks = 0;

private:
    int m_cancelAfter = -1;
};

const Lesson &lesson()
{
    const Lesson *found = findLesson(performance01::kId);
    Q_ASSERT(found);
    return *found;
}

ParameterValues resolved(ParameterValues values)
{
    const auto error = lesson().resolveParameters(values);
    if (error)
        qFatal("unexpected parameter error: %s", error->c_str());
    return values;
}

Json stdoutOf(const Artifact &artifact) { return Json::parse(artifact.json().at("stdout").get<std::string>()); }

std::vector<double> doubles(const Json &array)
{
    std::vector<double> values;
    for (const Json &v : array)
        values.push_back(v.get<double>());
    return values;
}

bool ordered(const CallTimestamps &t)
{
    return t.dispatchBegin <= t.dispatchEnd && t.dispatchBegin <= t.workBegin && t.workBegin <= t.workEnd
        && t.workEnd <= t.readyObserved;
}

// readArtifact on the bytes lessonscope would save: no errors, no warnings.
void verifyReadsBackClean(const Artifact &artifact)
{
    const ReadResult read = readArtifact(serializeArtifact(artifact));
    QVERIFY(read.artifact.has_value());
    for (const Problem &problem : read.problems)
        qWarning("%s", formatProblem("built artifact", problem).c_str());
    QVERIFY(read.ok());
    QVERIFY(read.problems.empty());
}

} // namespace

class TestPerformance01 : public QObject
{
    Q_OBJECT

private slots:
    void registryListsTheLesson();
    void defaultsAreFilledIn();
    void outOfRangeParametersAreRefused_data();
    void outOfRangeParametersAreRefused();
    void samplesUpToTheCapAreAccepted();
    void runGivesAValidArtifact_data();
    void runGivesAValidArtifact();
    void stdoutHasTheSeedKeysInTheSeedOrder();
    void contentHashFollowsContentAndParameters();
    void hashesMatchTheDocumentedExample();
    void cancelKeepsExactlyWhatWasMeasured_data();
    void cancelKeepsExactlyWhatWasMeasured();
    void roundsAreSpreadOverTime();
    void cancelEndsTheCheckOfALargeProduct();
};

void TestPerformance01::registryListsTheLesson()
{
    QVERIFY(!allLessons().empty());
    QCOMPARE(QByteArray(allLessons().front()->info().id.c_str()), QByteArray("performance-01"));
    QVERIFY(findLesson("performance-01") == allLessons().front());
    QVERIFY(findLesson("performance-99") == nullptr);
}

void TestPerformance01::defaultsAreFilledIn()
{
    const ParameterValues values = resolved({});
    QCOMPARE(integerParameter(values, "samples"), std::int64_t(7));
    QCOMPARE(integerParameter(values, "m"), std::int64_t(64));
    QCOMPARE(integerParameter(values, "k"), std::int64_t(32));
    QCOMPARE(integerParameter(values, "n"), std::int64_t(16));
    QCOMPARE(choiceParameter(values, "dtype"), std::string("float32"));
    QCOMPARE(integerParameter(values, "seed"), std::int64_t(0));
    // Given values are kept.
    QCOMPARE(integerParameter(resolved({{"m", std::int64_t(3)}}), "m"), std::int64_t(3));
}

void TestPerformance01::outOfRangeParametersAreRefused_data()
{
    QTest::addColumn<ParameterValues>("values");
    QTest::addColumn<QString>("mentions");
    QTest::newRow("no samples") << ParameterValues{{"samples", std::int64_t(0)}} << "samples";
    // The cap (100,000 samples) at its boundary; samplesUpToTheCapAreAccepted has the other side.
    QTest::newRow("one sample over the cap")
        << ParameterValues{{"samples", std::int64_t(100'001)}} << "samples must be between 1 and 100000";
    QTest::newRow("m zero") << ParameterValues{{"m", std::int64_t(0)}} << "m must be between 1 and 4096";
    QTest::newRow("k too big") << ParameterValues{{"k", std::int64_t(4097)}} << "k must be between 1 and 4096";
    QTest::newRow("n negative") << ParameterValues{{"n", std::int64_t(-16)}} << "n";
    QTest::newRow("seed negative") << ParameterValues{{"seed", std::int64_t(-1)}} << "seed";
    QTest::newRow("seed over 2^31-1") << ParameterValues{{"seed", std::int64_t(2'147'483'648)}} << "seed";
    QTest::newRow("unknown dtype") << ParameterValues{{"dtype", std::string("float16")}} << "float32, float64";
    QTest::newRow("dtype as integer") << ParameterValues{{"dtype", std::int64_t(32)}} << "dtype";
    QTest::newRow("m as text") << ParameterValues{{"m", std::string("64")}} << "m must be an integer";
    QTest::newRow("undeclared") << ParameterValues{{"batch", std::int64_t(2)}} << "unknown parameter \"batch\"";
}

void TestPerformance01::outOfRangeParametersAreRefused()
{
    QFETCH(ParameterValues, values);
    QFETCH(QString, mentions);
    const ParameterValues given = values;
    const auto error = lesson().resolveParameters(values);
    QVERIFY(error.has_value());
    QVERIFY2(QString::fromStdString(*error).contains(mentions), error->c_str());
    QVERIFY(values == given); // a refused set is left as given
}

void TestPerformance01::samplesUpToTheCapAreAccepted()
{
    // Exactly at the cap is allowed (one more is refused above), and so is the least.
    for (const std::int64_t samples : {std::int64_t(1), std::int64_t(100'000)}) {
        ParameterValues values{{"samples", samples}};
        const auto error = lesson().resolveParameters(values);
        QVERIFY2(!error, error ? error->c_str() : "");
        QCOMPARE(integerParameter(values, "samples"), samples);
    }
}

void TestPerformance01::runGivesAValidArtifact_data()
{
    QTest::addColumn<ParameterValues>("values");
    QTest::addColumn<double>("errorBound");
    QTest::newRow("defaults float32") << ParameterValues{} << 1e-5;
    QTest::newRow("float64") << ParameterValues{{"dtype", std::string("float64")}} << 1e-12;
    QTest::newRow("other shape, 20 samples") << ParameterValues{{"m", std::int64_t(33)},
                                                                {"k", std::int64_t(7)},
                                                                {"n", std::int64_t(65)},
                                                                {"samples", std::int64_t(20)},
                                                                {"seed", std::int64_t(12345)}}
                                             << 1e-5;
    QTest::newRow("1x1x1, one sample") << ParameterValues{{"m", std::int64_t(1)},
                                                          {"k", std::int64_t(1)},
                                                          {"n", std::int64_t(1)},
                                                          {"samples", std::int64_t(1)}}
                                       << 1e-5;
}

void TestPerformance01::runGivesAValidArtifact()
{
    QFETCH(ParameterValues, values);
    QFETCH(double, errorBound);
    values = resolved(values);
    const int samples = int(integerParameter(values, "samples"));

    Recorder recorder;
    const LessonRun run = lesson().run(values, recorder);
    QVERIFY(!run.cancelled);
    QVERIFY(!run.calls.empty());
    // As many clean warm calls as asked; an interrupted one is replaced, and kept.
    const auto interrupted
        = std::count_if(run.calls.begin() + 1, run.calls.end(), [](const MeasuredCall &c) { return c.interrupted; });
    QCOMPARE(int(run.calls.size()) - 1 - int(interrupted), samples);
    const int taken = int(run.calls.size()) - 1; // the warm calls, interrupted ones too
    QVERIFY(run.calls.front().synchronizedSeconds() > 0);
    for (const MeasuredCall &call : std::vector(run.calls.begin() + 1, run.calls.end())) {
        QVERIFY(call.synchronizedSeconds() > 0);
        QVERIFY(call.dispatchOnlySeconds() <= call.synchronizedSeconds());
    }
    QVERIFY(maxAbsErrorOf(run) >= 0);
    QVERIFY2(maxAbsErrorOf(run) < errorBound, QByteArray::number(maxAbsErrorOf(run)).constData());
    QCOMPARE(recorder.calls.size(), run.calls.size());
    QCOMPARE(recorder.progressCalls.back(), std::make_pair(1 + samples, 1 + samples));
    QCOMPARE(run.device, std::string("eigen-stream-worker"));
    QVERIFY(!run.instructionSet.empty());

    const Artifact artifact = buildArtifact(lesson(), run, kGeneratedAt);
    verifyReadsBackClean(artifact);
    // Measured and to scale: its alt text says what its reading says, never "ordering only".
    QCOMPARE(artifact.diagram().alt, lesson().info().texts.measuredReading);
    QCOMPARE(artifact.diagram().reading, lesson().info().texts.measuredReading);
    QVERIFY(artifact.diagram().alt.find("ordering only") == std::string::npos);

    // stdout and panels carry the very same doubles.
    const Json out = stdoutOf(artifact);
    const Json &panels = artifact.json().at("data").at("panels");
    QCOMPARE(panels.size(), std::size_t(3));
    QCOMPARE(out.at("first_call_seconds").get<double>(), panels[0]["series"][0]["y"][0].get<double>());
    QCOMPARE(out.at("first_call_seconds").get<double>(), run.calls.front().synchronizedSeconds());
    const std::vector<double> warm = doubles(out.at("warm_samples_seconds"));
    QCOMPARE(warm, doubles(panels[1]["series"][0]["y"]));
    QCOMPARE(panels[1]["x"].size(), std::size_t(taken));
    QCOMPARE(panels[1]["x"].back().get<int>(), taken);
    QCOMPARE(out.at("dispatch_only_warm_median_seconds").get<double>(), panels[2]["series"][0]["y"][0].get<double>());
    QCOMPARE(out.at("warm_median_seconds").get<double>(), panels[2]["series"][1]["y"][0].get<double>());
    QCOMPARE(out.at("max_abs_error").get<double>(), maxAbsErrorOf(run));
    for (double sample : warm)
        QVERIFY(sample > 0);

    // The trace: one column entry per call, in the order the timeline needs, from the first dispatch.
    const std::optional<Trace> trace = artifact.trace();
    QVERIFY(trace.has_value());
    QCOMPARE(trace->calls.size(), std::size_t(1 + taken));
    QCOMPARE(trace->calls.front().dispatchBegin, std::int64_t(0));
    const Json &columns = artifact.json().at("trace").at("calls");
    for (const char *column : {"dispatchBegin", "dispatchEnd", "workBegin", "workEnd", "readyObserved"})
        QCOMPARE(columns.at(column).size(), std::size_t(1 + taken));
    for (std::size_t i = 0; i < trace->calls.size(); ++i) {
        const TracedCall &c = trace->calls[i];
        QVERIFY(ordered({c.dispatchBegin, c.dispatchEnd, c.workBegin, c.workEnd, c.readyObserved}));
        if (i > 0)
            QVERIFY(trace->calls[i - 1].readyObserved <= c.dispatchBegin); // one call at a time
        const MeasuredCall &measured = run.calls[static_cast<std::size_t>(i)];
        QCOMPARE(c.readyObserved - c.dispatchBegin,
                 measured.timestamps.readyObserved - measured.timestamps.dispatchBegin);
    }
}

void TestPerformance01::stdoutHasTheSeedKeysInTheSeedOrder()
{
    const LessonRun run = [] {
        Recorder r;
        return lesson().run(resolved({}), r);
    }();
    const Artifact artifact = buildArtifact(lesson(), run, kGeneratedAt);

    std::ifstream file(LESSONSCOPE_TEST_DATA "/seed-performance-01.json", std::ios::binary);
    const std::string seedBytes((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
    const Json seed = Json::parse(seedBytes);

    auto keysOf = [](const Json &object) {
        std::vector<std::string> keys;
        for (auto it = object.begin(); it != object.end(); ++it)
            keys.push_back(it.key());
        return keys;
    };
    // Top level: the seed's keys in its order, then lessonscope's trace.
    std::vector<std::string> top = keysOf(seed);
    top.push_back("trace");
    QCOMPARE(keysOf(artifact.json()), top);

    // stdout: the seed's keys, with the versions of what ran here where the seed has jax/numpy/python.
    std::vector<std::string> expected;
    for (const std::string &key : keysOf(Json::parse(seed.at("stdout").get<std::string>()))) {
        if (key == "jax")
            expected.insert(expected.end(), {"eigen", "compiler", "lessonscope"});
        else if (key == "first_call_seconds")
            expected.insert(expected.end(), {key, "first_call_waited_ns"});
        else if (key == "warm_samples_seconds") // each with its evidence (docs/artifact-format.md)
            expected.insert(expected.end(), {key, "warm_samples_waited_ns", "warm_samples_round"});
        else if (key != "numpy" && key != "python")
            expected.push_back(key);
    }
    for (const char *key : {"dispatch_only_first_call_seconds", "dispatch_only_warm_samples_seconds",
                            "dispatch_only_warm_median_seconds", "seed", "samples_requested", "cancelled"})
        expected.push_back(key);
    QCOMPARE(keysOf(stdoutOf(artifact)), expected);

    // Printed like the seed: two-space indent and a final newline.
    const std::string text = artifact.json().at("stdout").get<std::string>();
    QVERIFY(text.rfind("{\n  \"backend\": \"eigen-stream-worker\",\n", 0) == 0);
    QCOMPARE(text.back(), '\n');
    // The diagram is the recorded lesson's, word for word, but for the reading and the alt text,
    // which says what the reading says: the artifact has a measured trace, so its timeline is to
    // scale and the reading says so.
    Json diagram = artifact.json().at("diagram");
    QCOMPARE(diagram.at("reading").get<std::string>(), lesson().info().texts.measuredReading);
    QCOMPARE(diagram.at("alt"), diagram.at("reading"));
    QVERIFY(diagram.at("reading").get<std::string>().find("ordering only") == std::string::npos);
    diagram["reading"] = seed.at("diagram").at("reading");
    diagram["alt"] = seed.at("diagram").at("alt");
    QCOMPARE(diagram, seed.at("diagram"));
    QCOMPARE(stdoutOf(artifact).at("boundary"), Json::parse(seed.at("stdout").get<std::string>()).at("boundary"));
    QCOMPARE(artifact.json().at("schemaVersion").get<int>(), 1);
    QCOMPARE(artifact.json().at("environment").at("backend").get<std::string>(), std::string("cpu"));
}

void TestPerformance01::contentHashFollowsContentAndParameters()
{
    const ParameterValues defaults = resolved({});
    const std::string hash = lessonContentHash(lesson(), defaults);
    QCOMPARE(hash.size(), std::size_t(64));
    QVERIFY(hash.find_first_not_of("0123456789abcdef") == std::string::npos);
    QCOMPARE(lessonContentHash(lesson(), resolved({})), hash);
    QCOMPARE(lessonContentHash(lesson(), resolved({{"m", std::int64_t(64)}})), hash);
    QVERIFY(lessonContentHash(lesson(), resolved({{"m", std::int64_t(128)}})) != hash);
    QVERIFY(lessonContentHash(lesson(), resolved({{"dtype", std::string("float64")}})) != hash);
    QVERIFY(lessonContentHash(lesson(), resolved({{"seed", std::int64_t(1)}})) != hash);
    // The artifact carries it, and the renderer's identity is fixed.
    Recorder r;
    const Artifact artifact = buildArtifact(lesson(), lesson().run(defaults, r), kGeneratedAt);
    QCOMPARE(artifact.contentHash(), hash);
    QCOMPARE(artifact.rendererHash(), rendererHashOf(lesson()));
    QCOMPARE(rendererHashOf(lesson()).size(), std::size_t(64));
    QVERIFY(rendererHashOf(lesson()) != hash);
}

void TestPerformance01::hashesMatchTheDocumentedExample()
{
    // docs/artifact-format.md, "Exactly what is hashed": the worked example, reproduced there
    // with Python's json and hashlib from the documented members alone.
    QCOMPARE(QByteArray::fromStdString(lessonContentHash(lesson(), resolved({}))),
             QByteArray("97137bbf5daed9c431cd8ddfe7afcbb7dd838a35e47bfcc5975578ee303915d0"));
    QCOMPARE(QByteArray::fromStdString(rendererHashOf(lesson())),
             QByteArray("d9f6a92f6e4ea446ef9e8568010692afe4178514ee6b85152ce27ff33734b622"));
}

void TestPerformance01::cancelKeepsExactlyWhatWasMeasured_data()
{
    QTest::addColumn<int>("cancelAfter");
    QTest::newRow("after the first call") << 1;
    QTest::newRow("after 2 calls") << 2;
    QTest::newRow("after 6 calls") << 6;
}

void TestPerformance01::cancelKeepsExactlyWhatWasMeasured()
{
    QFETCH(int, cancelAfter);
    const ParameterValues values = resolved({{"samples", std::int64_t(50)}});
    Recorder recorder(cancelAfter);
    const LessonRun run = lesson().run(values, recorder);

    QVERIFY(run.cancelled);
    QVERIFY(!run.calls.empty());
    QCOMPARE(int(run.calls.size()), cancelAfter);
    QCOMPARE(int(recorder.calls.size()), cancelAfter); // no call started after the cancel
    QCOMPARE(recorder.progressCalls.back(), std::make_pair(cancelAfter, 51));
    // What was reported is what was kept.
    QCOMPARE(recorder.calls.front().timestamps.readyObserved, run.calls.front().timestamps.readyObserved);
    for (int i = 1; i < cancelAfter; ++i)
        QCOMPARE(recorder.calls[i].timestamps.readyObserved, run.calls[i].timestamps.readyObserved);
    QVERIFY(maxAbsErrorOf(run) < 1e-5); // the output of the last measured call was checked

    const Artifact artifact = buildArtifact(lesson(), run, kGeneratedAt);
    verifyReadsBackClean(artifact);
    const Json out = stdoutOf(artifact);
    QCOMPARE(out.at("cancelled").get<bool>(), true);
    QCOMPARE(out.at("samples_requested").get<int>(), 50);
    QCOMPARE(out.at("warm_samples_seconds").size(), std::size_t(cancelAfter - 1));
    QCOMPARE(artifact.json().at("trace").at("calls").at("readyObserved").size(), std::size_t(cancelAfter));
    // With no warm call there is no median to show: no median keys, no boundary panel.
    const bool hasWarm = cancelAfter > 1;
    QCOMPARE(out.contains("warm_median_seconds"), hasWarm);
    QCOMPARE(out.contains("dispatch_only_warm_median_seconds"), hasWarm);
    QCOMPARE(artifact.json().at("data").at("panels").size(), std::size_t(hasWarm ? 3 : 2));
}

void TestPerformance01::roundsAreSpreadOverTime()
{
    // Five rounds taken within 5 ms all see one moment of a machine whose speed changes every
    // ~100 ms, and their spread then says nothing of it (measuring::kRoundSpacingNs). Round r
    // begins at least r spacings after round 0 began, and round 0's set-up before its first call
    // (a kernel and a stream) is far shorter than one spacing: so the first call of the last
    // round comes at least three spacings after the first call of the first. A lesson that took
    // its rounds back to back spans a few milliseconds.
    Recorder recorder;
    const LessonRun run = lesson().run(resolved({}), recorder);
    QVERIFY(!run.cancelled);
    std::map<int, std::int64_t> firstDispatchOfRound;
    for (const MeasuredCall &call : run.calls)
        firstDispatchOfRound.try_emplace(call.round, call.timestamps.dispatchBegin);
    QCOMPARE(int(firstDispatchOfRound.size()), measuring::kRounds);
    const std::int64_t span = firstDispatchOfRound.rbegin()->second - firstDispatchOfRound.begin()->second;
    QVERIFY2(span >= 3 * measuring::kRoundSpacingNs, QByteArray::number(qlonglong(span)).constData());
    // Each round began with a reading of the CPU's own speed (tst_cpuspeed checks the readings).
    QCOMPARE(run.measuring.referenceLoopNs.size(), std::size_t(measuring::kRounds));
    QCOMPARE(run.measuring.referenceProductNs.size(), std::size_t(measuring::kRounds));
    QCOMPARE(run.measuring.referenceSweepNs.size(), std::size_t(measuring::kRounds));
}

void TestPerformance01::cancelEndsTheCheckOfALargeProduct()
{
    // 256 columns are 16 blocks of the reference check: a cancel after the first warm call
    // stops the check of round 0 after its first block, and the run states no error rather than
    // one it did not measure (a check that ignored the cancel would state one; a run that
    // started from 0 would state "exact").
    const ParameterValues values = resolved(
        {{"samples", std::int64_t(50)}, {"m", std::int64_t(256)}, {"k", std::int64_t(256)}, {"n", std::int64_t(256)}});
    Recorder recorder(2);
    const LessonRun run = lesson().run(values, recorder);
    QVERIFY(run.cancelled);
    QCOMPARE(int(run.calls.size()), 2);
    QVERIFY(!run.output->contains("max_abs_error"));
    const Artifact artifact = buildArtifact(lesson(), run, kGeneratedAt);
    verifyReadsBackClean(artifact);
}

QTEST_GUILESS_MAIN(TestPerformance01)
#include "tst_performance01.moc"
