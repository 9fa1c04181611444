// A real device's view of the calls (trace.device) as a hostile file holds it: every problem a
// warning at its JSON Pointer, no arithmetic on unchecked integers (this runs under UBSan in the
// sanitizer suite), and the file still reads and exports.
#include "coretesting.h"
#include "core/artifact/validation.h"

#include <QTemporaryDir>
#include <QtTest>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <limits>

using namespace lessonscope;
using namespace coretesting;

class TestHostileTrace : public QObject
{
    Q_OBJECT

private slots:
    void aDevicesViewOutOfShapeIsLocated_data();
    void aDevicesViewOutOfShapeIsLocated();
};

namespace {

// The seed with a measured trace of its eight calls and a device's view of them that agrees.
Json seedWithDeviceTrace()
{
    Json document = seedArtifact().json();
    Json calls = Json::object();
    Json device = Json::object();
    for (const char *column : {"dispatchBegin", "dispatchEnd", "workBegin", "workEnd", "readyObserved"})
        calls[column] = Json::array();
    for (const char *column : kTraceDeviceColumns)
        device[column] = Json::array();
    for (std::int64_t i = 0; i < 8; ++i) {
        const std::int64_t at = i * 1000;
        const std::int64_t values[] = {at, at + 100, at + 200, at + 300, at + 400};
        int c = 0;
        for (const char *column : {"dispatchBegin", "dispatchEnd", "workBegin", "workEnd", "readyObserved"})
            calls[column].push_back(values[c++]);
        const std::int64_t offset = -5'000'000'000;
        const std::int64_t onDevice[]
            = {at + 50 - offset, at + 60 - offset, at + 200 - offset, at + 300 - offset, offset};
        c = 0;
        for (const char *column : kTraceDeviceColumns)
            device[column].push_back(onDevice[c++]);
    }
    document["trace"] = Json{
        {"clock", "CLOCK_MONOTONIC"},
        {"unit", "ns"},
        {"waitStrategy", "clWaitForEvents"},
        {"calls", calls},
        {"device", Json{{"clock", Json{{"deviceClock", "CLOCK_MONOTONIC_RAW"}}}, {"unit", "ns"}, {"calls", device}}}};
    return document;
}

} // namespace

void TestHostileTrace::aDevicesViewOutOfShapeIsLocated_data()
{
    QTest::addColumn<QString>("field"); // below /trace/device
    QTest::addColumn<QString>("value"); // JSON
    QTest::addColumn<QString>("located");
    const QString min = QString::number(std::numeric_limits<std::int64_t>::min());
    const QString max = QString::number(std::numeric_limits<std::int64_t>::max());
    QTest::newRow("device null") << ""
                                 << "null"
                                 << "/trace/device";
    QTest::newRow("calls missing") << "/calls"
                                   << "7"
                                   << "/trace/device/calls";
    QTest::newRow("a column a string") << "/calls/start"
                                       << "\"1\""
                                       << "/trace/device/calls/start";
    QTest::newRow("a column too short") << "/calls/end"
                                        << "[1]"
                                        << "/trace/device/calls/end";
    QTest::newRow("a time beyond int64") << "/calls/queued/3"
                                         << "18446744073709551615"
                                         << "/trace/device/calls/queued/3";
    QTest::newRow("submit before queued") << "/calls/submit/2"
                                          << "0"
                                          << "/trace/device/calls/submit/2";
    QTest::newRow("an offset that overflows") << "/calls/offsetNs/1" << max << "/trace/device/calls/offsetNs/1";
    QTest::newRow("the widest call") << "/calls/end/0" << max << "/trace/device/calls/offsetNs/0";
    QTest::newRow("the lowest start") << "/calls/start/0" << min << "/trace/device/calls/start/0";
    QTest::newRow("another clock's offset") << "/calls/offsetNs/4"
                                            << "0"
                                            << "/trace/device/calls/offsetNs/4";
}

// A device's view of the calls read as anything a file may hold: a warning at its pointer, no
// arithmetic on unchecked integers (UBSan runs this), and export-trace still works.
void TestHostileTrace::aDevicesViewOutOfShapeIsLocated()
{
    QFETCH(QString, field);
    QFETCH(QString, value);
    QFETCH(QString, located);
    const Json sound = seedWithDeviceTrace();
    for (const Problem &problem : validateArtifact(sound))
        QVERIFY2(!QString::fromStdString(problem.pointer).startsWith(QStringLiteral("/trace")),
                 problem.message.c_str());
    QCOMPARE(Artifact(sound).trace()->device.size(), std::size_t(8));
    Json document = sound;
    document[Json::json_pointer("/trace/device" + field.toStdString())] = Json::parse(value.toStdString());
    const Problems problems = validateArtifact(document);
    const auto found = std::find_if(problems.begin(), problems.end(),
                                    [&located](const Problem &p) { return p.pointer == located.toStdString(); });
    const Problem *problem = found == problems.end() ? nullptr : &*found;
    QVERIFY2(problem,
             problems.empty() ? "no problem" : (problems.front().pointer + ": " + problems.front().message).c_str());
    QCOMPARE(problem->severity, Severity::Warning);
    const std::optional<Trace> trace = Artifact(document).trace();
    QVERIFY(trace && trace->calls.size() == 8);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("device.json"));
    QVERIFY(writeBytes(path, QByteArray::fromStdString(document.dump(2))));
    const Outcome exported = runLessonscope(
        {QStringLiteral("export-trace"), path, QStringLiteral("-o"), dir.filePath(QStringLiteral("t.json"))});
    QCOMPARE(exported.exitCode, 0);
}

QTEST_GUILESS_MAIN(TestHostileTrace)
#include "tst_hostiletrace.moc"
