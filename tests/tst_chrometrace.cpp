// Chrome Trace Event export: the structure Perfetto UI and chrome://tracing need.
#include "core/lesson/artifactbuilder.h"
#include "core/artifact/artifactio.h"
#include "core/lesson/lessonartifacts.h"
#include "core/trace/chrometrace.h"
#include "coretesting.h"
#include "core/lesson/lessonregistry.h"
#include "core/lessons/performance-01/performance01contract.h"

#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <map>
#include <set>

using namespace lessonscope;

namespace {

Artifact seed() { return coretesting::seedArtifact(); }

// The seed with a hand-made trace: warm call 1 is 310 ns to dispatch, 930 ns completed.
Artifact withHandMadeTrace() { return coretesting::withHandMadeTrace(seed()); }

// Checks what every Chrome trace needs (Json::parse throws, failing the test, on what is not
// JSON), and returns the lane name of each thread id.
std::map<int, std::string> checkStructure(const Json &trace)
{
    std::map<int, std::string> threads;
    if (!trace.is_object() || !trace.contains("traceEvents") || !trace["traceEvents"].is_array())
        qFatal("no traceEvents array");
    for (const Json &event : trace["traceEvents"]) {
        if (event["ph"] == "M" && event["name"] == "thread_name")
            threads[event["tid"].get<int>()] = event["args"]["name"].get<std::string>();
    }
    std::map<int, int> flowStarts;
    for (const Json &event : trace["traceEvents"]) {
        const std::string ph = event["ph"].get<std::string>();
        if (!event.contains("pid") || !event.contains("tid") || !event.contains("name"))
            qFatal("an event without pid, tid or name");
        if (ph == "M")
            continue;
        if (!event["ts"].is_number() || !std::isfinite(event["ts"].get<double>()))
            qFatal("an event without a numeric ts");
        if (!threads.count(event["tid"].get<int>()))
            qFatal("an event on an unnamed thread");
        if (ph == "X" && (!event["dur"].is_number() || event["dur"].get<double>() < 0))
            qFatal("a complete event without a non-negative dur");
        if (ph == "s")
            ++flowStarts[event["id"].get<int>()];
        if (ph == "f" && flowStarts[event["id"].get<int>()]-- != 1)
            qFatal("a flow end without its start");
    }
    return threads;
}

const Json *find(const Json &trace, const std::string &ph, const std::string &name, double ts)
{
    for (const Json &event : trace["traceEvents"]) {
        if (event["ph"] == ph && event["name"] == name && std::fabs(event["ts"].get<double>() - ts) < 1e-9)
            return &event;
    }
    return nullptr;
}

// A recorded lesson's artifact (resources/recorded), read as lessonscope reads it.
Artifact recording(const char *lesson)
{
    const QString path
        = QStringLiteral(LESSONSCOPE_TEST_DATA "/../../resources/recorded/%1.recorded.json").arg(QLatin1String(lesson));
    const ReadResult result = readArtifactFile(path);
    if (!result.artifact)
        qFatal("the recording of %s does not read", lesson);
    return *result.artifact;
}

Json traceOf(const Artifact &artifact) { return Json::parse(exportChromeTrace(artifact, *timelineOf(artifact)).json); }

// Each thread's complete events, by start (longest first on a tie), as [ts, ts + dur] in doubles,
// the way a reader adds them.
std::map<int, std::vector<std::pair<double, double>>> spansByThread(const Json &trace)
{
    std::map<int, std::vector<std::pair<double, double>>> spans;
    for (const Json &event : trace["traceEvents"]) {
        if (event["ph"] == "X") {
            const double ts = event["ts"].get<double>();
            spans[event["tid"].get<int>()].push_back({ts, ts + event["dur"].get<double>()});
        }
    }
    for (auto &[tid, list] : spans)
        std::sort(list.begin(), list.end(), [](const auto &a, const auto &b) {
            return a.first < b.first || (a.first == b.first && a.second > b.second);
        });
    return spans;
}

} // namespace

class TestChromeTrace : public QObject
{
    Q_OBJECT

private slots:
    void lanesAreNamedThreads()
    {
        const Json trace = Json::parse(exportChromeTrace(withHandMadeTrace(), *timelineOf(withHandMadeTrace())).json);
        const std::map<int, std::string> threads = checkStructure(trace);
        const std::set<std::string> names = [&] {
            std::set<std::string> s;
            for (const auto &[tid, name] : threads)
                s.insert(name);
            return s;
        }();
        QCOMPARE(names, (std::set<std::string>{"host", "device", "readiness", "measurement"}));
        QVERIFY(trace["displayTimeUnit"] == Json("ns"));
    }

    void measuredEventsInMicroseconds()
    {
        const ChromeTrace exported = exportChromeTrace(withHandMadeTrace(), *timelineOf(withHandMadeTrace()));
        QVERIFY(!exported.schematic);
        QCOMPARE(exported.callCount, 3);
        const Json trace = Json::parse(exported.json);
        std::map<int, std::string> threads = checkStructure(trace);
        const auto lane = [&](const Json *event) { return threads[(*event)["tid"].get<int>()]; };

        // Warm call 1: dispatch at 100 µs for 0.31 µs; the work from 100.35 µs for 0.5 µs.
        const Json *dispatch = find(trace, "X", "dispatch", 100.0);
        QVERIFY(dispatch);
        QCOMPARE(lane(dispatch), std::string("host"));
        QVERIFY(std::fabs((*dispatch)["dur"].get<double>() - 0.31) < 1e-9);
        const Json *work = find(trace, "X", "device work", 100.35);
        QVERIFY(work);
        QCOMPARE(lane(work), std::string("device"));
        QVERIFY(std::fabs((*work)["dur"].get<double>() - 0.5) < 1e-9);
        const Json *wait = find(trace, "X", "wait for readiness", 100.31);
        QVERIFY(wait);
        QVERIFY(std::fabs((*wait)["dur"].get<double>() - 0.62) < 1e-9);
        QVERIFY(find(trace, "i", "ready", 100.85));
        const Json *call = find(trace, "X", "warm call 1", 100.0);
        QVERIFY(call);
        QCOMPARE(lane(call), std::string("measurement"));
        QVERIFY(std::fabs((*call)["dur"].get<double>() - 0.93) < 1e-9);
        QVERIFY((*call)["args"]["completed_result_ns"] == Json(930));
        QVERIFY((*call)["args"]["dispatch_only_ns"] == Json(310));
        QVERIFY(find(trace, "X", "first call", 0.0));

        // The dispatch is linked to its work: s on the host at the dispatch, f on the device at
        // the work's start, binding to the enclosing slice.
        const Json *start = find(trace, "s", "dispatch → work", 100.0);
        const Json *end = find(trace, "f", "dispatch → work", 100.35);
        QVERIFY(start && end);
        QVERIFY((*start)["id"] == (*end)["id"]);
        QCOMPARE(lane(start), std::string("host"));
        QCOMPARE(lane(end), std::string("device"));
        QVERIFY((*end)["bp"] == Json("e"));

        QVERIFY(trace["otherData"]["mode"] == Json("measured"));
        QVERIFY(trace["otherData"]["clock"] == Json("steady_clock"));
        QVERIFY(trace["otherData"]["contentHash"] == Json(seed().contentHash()));
    }

    void seedExportsTheSchematicAndSaysSo()
    {
        const ChromeTrace exported = exportChromeTrace(seed(), *timelineOf(seed()));
        QVERIFY(exported.schematic);
        QCOMPARE(exported.callCount, 1);
        const Json trace = Json::parse(exported.json);
        checkStructure(trace);
        QVERIFY(trace["otherData"]["mode"] == Json("schematic"));
        QVERIFY(trace["otherData"]["note"].get<std::string>().find("no measured trace") != std::string::npos);
        // The order is kept: work outside the boundary, then dispatch, work, readiness.
        double prepare = -1, dispatch = -1, work = -1, ready = -1;
        for (const Json &event : trace["traceEvents"]) {
            const std::string name = event.value("name", "");
            const double ts = event.value("ts", -1.0);
            if (name == "prepare & place inputs")
                prepare = ts;
            if (name == "dispatch")
                dispatch = ts;
            if (name == "device work")
                work = ts;
            if (name == "ready")
                ready = ts;
        }
        QVERIFY(prepare >= 0);
        QVERIFY(prepare < dispatch && dispatch < work && work < ready);
    }

    void freshRunExportsEveryCall()
    {
        const Lesson *lesson = findLesson(performance01::kId);
        ParameterValues values{{"samples", std::int64_t{4}}};
        QVERIFY(!lesson->resolveParameters(values));
        RunObserver observer;
        const Artifact artifact
            = buildArtifact(*lesson, lesson->run(values, observer), "2026-10-20T10:45:58.968076+00:00");
        const ChromeTrace exported = exportChromeTrace(artifact, *timelineOf(artifact));
        QVERIFY(!exported.schematic);
        // The first call and four clean warm ones, and one more for each call other work interrupted.
        QCOMPARE(exported.callCount, static_cast<int>(artifact.trace()->calls.size()));
        QVERIFY(exported.callCount >= 5);
        const Json trace = Json::parse(exported.json);
        checkStructure(trace);
        int calls = 0;
        for (const Json &event : trace["traceEvents"]) {
            const std::string name = event.value("name", "");
            if (event["ph"] == "X" && (name == "first call" || name.rfind("warm call ", 0) == 0)) {
                ++calls;
                // Its device work lies inside it.
                const double begin = event["ts"].get<double>();
                const double end = begin + event["dur"].get<double>();
                bool found = false;
                for (const Json &other : trace["traceEvents"]) {
                    if (other.value("name", "") == "device work" && other["ts"].get<double>() >= begin - 1e-9
                        && other["ts"].get<double>() <= end) {
                        QVERIFY(other["ts"].get<double>() + other["dur"].get<double>() <= end + 1e-6);
                        found = true;
                    }
                }
                QVERIFY(found);
            }
        }
        QVERIFY(calls >= 5); // five, and one more for each call other work interrupted
    }

    // The export streams: each piece handed to the sink is about one event, however many calls
    // the trace has, so memory does not grow with the trace. Counted, not timed: every event is
    // handed over on its own, and ten times the calls gives no bigger a piece. And the bytes are exactly those
    // of the whole document dumped at once, as the export wrote before it streamed.
    void streamsOneEventAtATime()
    {
        const Lesson *lesson = findLesson(performance01::kId);
        const auto export_ = [&](std::int64_t samples, std::size_t *pieces, std::size_t *largest, std::size_t *events) {
            ParameterValues values{
                {"samples", samples}, {"m", std::int64_t{4}}, {"k", std::int64_t{4}}, {"n", std::int64_t{4}}};
            if (lesson->resolveParameters(values))
                qFatal("the lesson refused its parameters");
            RunObserver observer;
            const Artifact artifact
                = buildArtifact(*lesson, lesson->run(values, observer), "2026-10-20T10:45:58+00:00");
            std::string text;
            *pieces = 0;
            *largest = 0;
            const ChromeTraceSummary summary
                = writeChromeTrace(artifact, *timelineOf(artifact), [&](std::string_view bytes) {
                      ++*pieces;
                      *largest = std::max(*largest, bytes.size());
                      text.append(bytes);
                      return true;
                  });
            if (!summary.written || text != exportChromeTrace(artifact, *timelineOf(artifact)).json)
                qFatal("the streamed trace differs from the exported one");
            const Json document = Json::parse(text);
            if (text != document.dump(1, ' ', false, Json::error_handler_t::replace))
                qFatal("the streamed trace is not laid out as the whole document dumped at once");
            *events = document["traceEvents"].size();
        };
        // Interrupted calls add events, and how many a run has is the machine's to say, so the
        // pieces are counted against the events each trace holds, not against the calls asked for.
        std::size_t fewPieces = 0, fewLargest = 0, fewEvents = 0, manyPieces = 0, manyLargest = 0, manyEvents = 0;
        export_(10, &fewPieces, &fewLargest, &fewEvents);
        export_(100, &manyPieces, &manyLargest, &manyEvents);
        QVERIFY(manyEvents > 8 * 11);
        QVERIFY2(fewPieces >= fewEvents && manyPieces >= manyEvents,
                 qPrintable(QStringLiteral("%1 pieces for %2 events, %3 for %4")
                                .arg(fewPieces)
                                .arg(fewEvents)
                                .arg(manyPieces)
                                .arg(manyEvents)));
        QVERIFY2(
            manyLargest <= fewLargest + 64,
            qPrintable(
                QStringLiteral("largest piece %1 bytes for 11 calls, %2 for 101").arg(fewLargest).arg(manyLargest)));
        QVERIFY(fewLargest < 4096);
    }

    void stopsAtTheFirstRefusedWrite()
    {
        int offered = 0;
        const ChromeTraceSummary summary
            = writeChromeTrace(withHandMadeTrace(), *timelineOf(withHandMadeTrace()), [&](std::string_view) {
                  ++offered;
                  return offered < 3; // the disk fills up at the third piece
              });
        QVERIFY(!summary.written);
        QCOMPARE(offered, 3);
    }

    // @tracerbench/trace-model splits every event's "cat": a metadata event without one made it
    // throw on every trace.
    void metadataEventsHaveACategory()
    {
        int metadata = 0;
        const Json trace = traceOf(recording("performance-01"));
        for (const Json &event : trace["traceEvents"]) {
            if (event["ph"] == "M") {
                ++metadata;
                QVERIFY(event.contains("cat") && event["cat"].is_string());
            }
        }
        QVERIFY(metadata >= 5); // the process and its lanes
    }

    // performance-02 and -03 have events before the first dispatch (stream start, preparation):
    // the trace starts at the earliest, never at a negative ts (Perfetto drops those).
    void noEventBeforeTheTraceBegins_data()
    {
        QTest::addColumn<QString>("lesson");
        for (const char *lesson :
             {"performance-01", "performance-02", "performance-03", "performance-05", "performance-06"})
            QTest::newRow(lesson) << QString::fromLatin1(lesson);
    }

    void noEventBeforeTheTraceBegins()
    {
        QFETCH(QString, lesson);
        const Json trace = traceOf(recording(qPrintable(lesson)));
        double earliest = 1e300;
        for (const Json &event : trace["traceEvents"]) {
            if (event["ph"] != "M")
                earliest = std::min(earliest, event["ts"].get<double>());
        }
        QCOMPARE(earliest, 0.0);
        const std::int64_t origin = trace["otherData"].value("originNs", std::int64_t{0}); // none in a schematic trace
        QVERIFY(origin <= 0);
        if (lesson == QLatin1String("performance-02"))
            QVERIFY(origin < 0); // its stream starts before the first dispatch
    }

    // Within a thread, complete events nest or follow one another in a reader's double arithmetic:
    // 213.449 + 0.715 would land past 214.164.
    void eventsNestOrFollowInDoubles_data() { noEventBeforeTheTraceBegins_data(); }
    void eventsNestOrFollowInDoubles()
    {
        QFETCH(QString, lesson);
        const auto threads = spansByThread(traceOf(recording(qPrintable(lesson))));
        for (const auto &[tid, spans] : threads) {
            std::vector<std::pair<double, double>> open;
            for (const auto &[begin, end] : spans) {
                while (!open.empty() && open.back().second <= begin)
                    open.pop_back();
                if (!open.empty() && end > open.back().second)
                    QFAIL(qPrintable(QStringLiteral("thread %1: [%2, %3] crosses [%4, %5]")
                                         .arg(tid)
                                         .arg(begin, 0, 'g', 17)
                                         .arg(end, 0, 'g', 17)
                                         .arg(open.back().first, 0, 'g', 17)
                                         .arg(open.back().second, 0, 'g', 17)));
                open.push_back({begin, end});
            }
        }
    }

    // A call's measured span ends, in doubles, just before its whole nanoseconds: under a
    // millionth of a nanosecond, and never past them (docs/timeline.md, "Written from whole nanoseconds").
    void durationsEndOnTheirNanosecond()
    {
        const Json trace = traceOf(recording("performance-05"));
        int checked = 0;
        for (const Json &event : trace["traceEvents"]) {
            if (event["ph"] != "X" || !event["args"].contains("completed_result_ns"))
                continue;
            const double ts = event["ts"].get<double>();
            const auto beginNs = std::llround(ts * 1000);
            const double end
                = static_cast<double>(beginNs + event["args"]["completed_result_ns"].get<std::int64_t>()) / 1000.0;
            const double sum = ts + event["dur"].get<double>();
            QVERIFY2(sum < end && end - sum < 1e-9, qPrintable(QString::number(sum, 'g', 17)));
            ++checked;
        }
        QVERIFY(checked > 1000);
    }

    // performance-05 drew the run's median on every call's measurement lane (the prediction's
    // answer): exported, every call's span was the same length and overlapped the next call.
    void eachCallHasItsOwnDuration()
    {
        const Artifact artifact = recording("performance-05");
        const Json trace = traceOf(artifact);
        std::set<std::int64_t> completed;
        int calls = 0;
        for (const Json &event : trace["traceEvents"]) {
            if (event["ph"] == "X" && event["args"].contains("completed_result_ns")) {
                ++calls;
                completed.insert(event["args"]["completed_result_ns"].get<std::int64_t>());
                const double dur = event["dur"].get<double>();
                QVERIFY(std::fabs(dur * 1000
                                  - static_cast<double>(event["args"]["completed_result_ns"].get<std::int64_t>()))
                        < 1e-6);
            }
        }
        QCOMPARE(calls, static_cast<int>(artifact.trace()->calls.size()));
        QVERIFY(completed.size() > 10); // their own, not one shared median (the recording's clock steps by 10 ns)
    }

    // A schematic trace's numbers are not microseconds: it says so where readers show names.
    void aSchematicTraceSaysItsUnit()
    {
        const Json trace = traceOf(seed());
        bool process = false;
        for (const Json &event : trace["traceEvents"]) {
            if (event["name"] == "process_name")
                process = event["args"]["name"].get<std::string>().find("schematic units, shown as microseconds")
                    != std::string::npos;
            if (event["ph"] == "X")
                QVERIFY(event["args"]["unit"].get<std::string>().find("nothing measured") != std::string::npos);
        }
        QVERIFY(process);
        QVERIFY(trace["otherData"]["unit"].is_string());
    }

    void commandLine()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString out = dir.filePath(QStringLiteral("trace.json"));
        QProcess process;
        const auto exportTrace = [&process](const QStringList &arguments) {
            process.start(QStringLiteral(LESSONSCOPE_BINARY), QStringList{QStringLiteral("export-trace")} + arguments);
            return process.waitForFinished(60000) ? process.exitCode() : -1;
        };
        QCOMPARE(exportTrace({coretesting::seedPath(), QStringLiteral("-o"), out}), 0);
        QVERIFY(QString::fromUtf8(process.readAllStandardError()).contains(QStringLiteral("schematic")));
        std::ifstream file(out.toStdString());
        const Json trace = Json::parse(file);
        checkStructure(trace);
        QVERIFY(trace["otherData"]["mode"] == Json("schematic"));

        // A file with errors exports nothing: the old file at -o stays as it was.
        const QString broken = dir.filePath(QStringLiteral("broken.json"));
        QVERIFY(coretesting::writeBytes(broken, "{\"schemaVersion\": 2}"));
        QVERIFY(coretesting::writeBytes(out, "old"));
        QCOMPARE(exportTrace({broken, QStringLiteral("-o"), out}), 1);
        QCOMPARE(coretesting::readBytes(out), QByteArray("old"));
        QCOMPARE(exportTrace({}), 2);
        QCOMPARE(exportTrace({dir.filePath(QStringLiteral("missing.json"))}), 1);
    }
};

QTEST_GUILESS_MAIN(TestChromeTrace)
#include "tst_chrometrace.moc"
