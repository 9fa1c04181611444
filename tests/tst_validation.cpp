#include "core/lessons/performance-01/performance01contract.h"
#include "core/lesson/lessonartifacts.h"
#include "core/lesson/lessonregistry.h"
#include "core/artifact/jsonwriter.h"
#include "core/lesson/lessonartifacts.h"

#include <nlohmann/json.hpp>

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <functional>
#include <limits>
#include <random>

using namespace lessonscope;

Q_DECLARE_METATYPE(lessonscope::Severity)

namespace {

QByteArray seedBytes()
{
    static const QByteArray bytes = [] {
        QFile file(QStringLiteral(LESSONSCOPE_TEST_DATA "/seed-performance-01.json"));
        return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
    }();
    return bytes;
}

Json seedJson()
{
    const QByteArray bytes = seedBytes();
    return Json::parse(bytes.constData(), bytes.constData() + bytes.size());
}

QByteArray pretty(const Json &document)
{
    return QByteArray::fromStdString(writeJson(document, JsonWriteOptions{2, false}));
}

// The seed with one change made to its JSON value.
QByteArray seedWith(const std::function<void(Json &)> &change)
{
    Json document = seedJson();
    change(document);
    return pretty(document);
}

// The seed with one change made to the JSON object its stdout prints.
QByteArray seedWithStdout(const std::function<void(Json &)> &change)
{
    return seedWith([&](Json &document) {
        Json out = Json::parse(document["stdout"].get<std::string>());
        change(out);
        document["stdout"] = writeJson(out, JsonWriteOptions{2, false}) + "\n";
    });
}

Json validTrace(int calls)
{
    Json trace = {{"clock", "std::chrono::steady_clock"}, {"unit", "ns"}, {"waitStrategy", "spin-then-park"}};
    Json columns = Json::object();
    for (const char *name : {"dispatchBegin", "dispatchEnd", "workBegin", "workEnd", "readyObserved"})
        columns[name] = Json::array();
    for (int i = 0; i < calls; ++i) {
        const std::int64_t t = 100'000 * i;
        columns["dispatchBegin"].push_back(t);
        columns["dispatchEnd"].push_back(t + 300);
        columns["workBegin"].push_back(t + 500);
        columns["workEnd"].push_back(t + 9'000);
        columns["readyObserved"].push_back(t + 9'400);
    }
    trace["calls"] = columns;
    return trace;
}

// The third panel lessonscope's builder adds, and the stdout keys it compares with.
void addTimerBoundary(Json &document)
{
    Json out = Json::parse(document["stdout"].get<std::string>());
    out["dispatch_only_warm_samples_seconds"] = {2e-6, 1e-6, 1e-6, 1e-6, 1e-6, 1e-6, 1e-6};
    out["dispatch_only_warm_median_seconds"] = 1e-6;
    document["stdout"] = writeJson(out, JsonWriteOptions{2, false}) + "\n";
    document["data"]["panels"].push_back(Json::parse(R"({"kind": "bar", "title": "Where the timer stops",
        "labels": ["warm median"], "ylabel": "seconds", "series": [
        {"label": "dispatch only", "y": [1e-06]}, {"label": "synchronized call", "y": [8.500181138515472e-06]}]})"));
}

QString describe(const Problems &problems)
{
    QString text;
    for (const Problem &problem : problems)
        text += QString::fromStdString(formatProblem("input", problem)) + '\n';
    return text;
}

// What every problem must look like, whatever the input: a pointer, and a sentence for people
// rather than a library's exception text.
void checkReadable(const Problems &problems)
{
    for (const Problem &problem : problems) {
        QVERIFY2(problem.pointer.empty() || problem.pointer.front() == '/', problem.pointer.c_str());
        QVERIFY2(problem.message.size() >= 20, problem.message.c_str());
        QVERIFY2(problem.message.find("json.exception") == std::string::npos, problem.message.c_str());
        QVERIFY2(problem.message.find("last read") == std::string::npos, problem.message.c_str());
    }
}

} // namespace

class TestValidation : public QObject
{
    Q_OBJECT

private slots:
    void problemIsReported_data();
    void problemIsReported();
    void acceptedInputs_data();
    void acceptedInputs();
    void everyProblemAtOnce();
    void samePhraseAtEachPointer();
    void deepNestingIsRefusedFast();
    void oversizedInputIsRefusedBeforeParsing();
    void oversizedFileIsRefusedBeforeReading();
    void unreadablePaths_data();
    void unreadablePaths();
    void bomIsDropped();
    void unknownPanelKindIsKept();
    void mangledSeedsNeverCrash();
    void nonFiniteNumbersAreWarned();
    void wrongTypeAnywhereNeverCrashes();
};

void TestValidation::problemIsReported_data()
{
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<Severity>("severity");
    QTest::addColumn<QString>("pointer");
    QTest::addColumn<QStringList>("words"); // each must appear in the message
    QTest::addColumn<bool>("hasArtifact");

    const auto E = Severity::Error;
    const auto W = Severity::Warning;

    // bytes that are no document
    QTest::newRow("empty") << QByteArray() << E << "" << QStringList{"empty"} << false;
    QTest::newRow("whitespace only") << QByteArray(" \n\t\r\n ") << E << "" << QStringList{"whitespace"} << false;
    QTest::newRow("truncated seed") << seedBytes().left(1500) << E << ""
                                    << QStringList{"syntax error at line", "column", "end of input"} << false;
    QTest::newRow("trailing text") << seedBytes() + "\nx" << E << ""
                                   << QStringList{"syntax error at line 79, column 1", "expected end of input"}
                                   << false;
    QTest::newRow("binary garbage") << QByteArray("\x00\x01\x02\xff\xfe\x7f", 6) << E << ""
                                    << QStringList{"holds NUL bytes", "the first at byte 0"} << false;
    QTest::newRow("NUL inside text") << QByteArray("{\"a\": \"b\0\"}", 11) << E << ""
                                     << QStringList{"holds NUL bytes", "the first at byte 8"} << false;
    QTest::newRow("UTF-16 without a byte-order mark")
        << QByteArray("{\0\"\0a\0\"\0:\0", 10) << E << "" << QStringList{"looks like UTF-16 without a byte-order mark"}
        << false;
    QTest::newRow("a number of 400,000 digits") << QByteArray("[") + QByteArray(400'000, '9') + "]" << E << ""
                                                << QStringList{"999…999", "(400000 characters)", "too large"} << false;
    QByteArray random(4096, '\0');
    std::mt19937 generator(1);
    for (char &byte : random)
        byte = static_cast<char>(generator() & 0xff);
    random[0] = '{'; // and no NUL, so that the parser is what finds the fault
    std::replace(random.begin(), random.end(), '\0', ' ');
    QTest::newRow("random bytes") << random << E << "" << QStringList{"syntax error"} << false;
    QTest::newRow("UTF-16") << QByteArray("\xFF\xFE{\0}\0", 6) << E << "" << QStringList{"UTF-16"} << false;
    QTest::newRow("invalid UTF-8") << seedWith([](Json &d) {
                                          d["kind"] = "executed";
                                      }).replace("executed", "exec\xC3\x28uted")
                                   << E << "" << QStringList{"line 6, column 16", "not valid UTF-8"} << false;
    QTest::newRow("invalid byte in a string")
        << QByteArray("[\"ab\xFF\"]") << E << "" << QStringList{"line 1, column 5", "not valid UTF-8"} << false;
    QTest::newRow("truncated sequence in a string") << QByteArray("[\"\xC3\xA9\xE2\x82\"]") << E << ""
                                                    << QStringList{"line 1, column 4", "not valid UTF-8"} << false;
    QTest::newRow("invalid byte outside strings")
        << QByteArray("[1, \xFF]") << E << "" << QStringList{"line 1, column 5", "not valid UTF-8"} << false;
    QTest::newRow("NaN literal") << QByteArray("{\n  \"a\": NaN\n}") << E << ""
                                 << QStringList{"line 2, column 8", "'NaN'", "JSON has no NaN or Infinity"} << false;
    QTest::newRow("Infinity literal") << QByteArray("[1, Infinity]") << E << ""
                                      << QStringList{"line 1, column 5", "'Infinity'", "no NaN or Infinity"} << false;
    QTest::newRow("-Infinity literal") << QByteArray("[-Infinity]") << E << ""
                                       << QStringList{"line 1, column 2", "'-Infinity'", "no NaN or Infinity"} << false;
    QTest::newRow("NaN in the seed") << seedBytes().replace("0.029204250313341618\n", "NaN\n") << E << ""
                                     << QStringList{"line 31, column 15", "'NaN'"} << false;
    QTest::newRow("number beyond double")
        << QByteArray("{\"a\": [1e400]}") << E << "" << QStringList{"1e400", "line 1, column 8", "too large"} << false;
    QTest::newRow("100,000-deep nesting") << QByteArray(100'000, '[') + QByteArray(100'000, ']') << E << ""
                                          << QStringList{"deeper than 128", "line 1, column 129"} << false;
    QTest::newRow("root array") << QByteArray("[1, 2]") << E << "" << QStringList{"an array", "not a JSON object"}
                                << false;
    QTest::newRow("root string") << QByteArray("\"artifact\"") << E << ""
                                 << QStringList{"the string \"artifact\"", "not a JSON object"} << false;

    // schemaVersion
    QTest::newRow("schemaVersion 2")
        << seedWith([](Json &d) { d["schemaVersion"] = 2; }) << E << "/schemaVersion"
        << QStringList{"schemaVersion 2 is not supported; this lessonscope reads schemaVersion 1"} << true;
    QTest::newRow("schemaVersion \"1\"") << seedWith([](Json &d) { d["schemaVersion"] = "1"; }) << E << "/schemaVersion"
                                         << QStringList{"must be the integer 1", "the string \"1\""} << true;
    QTest::newRow("schemaVersion 1.0") << seedWith([](Json &d) { d["schemaVersion"] = 1.0; }) << E << "/schemaVersion"
                                       << QStringList{"integer 1", "the number 1.0"} << true;
    QTest::newRow("schemaVersion missing") << seedWith([](Json &d) { d.erase("schemaVersion"); }) << E
                                           << "/schemaVersion" << QStringList{"missing"} << true;

    // top level, wrong types
    QTest::newRow("lessonId number") << seedWith([](Json &d) { d["lessonId"] = 7; }) << E << "/lessonId"
                                     << QStringList{"must be a string", "the integer 7"} << true;
    QTest::newRow("contentHash uppercase") << seedWith(
        [](Json &d) { d["contentHash"] = "4B0835048C71E4DB833B4B8988C5210075885E908194780B4DB2D0CAD29C33ED"; })
                                           << E << "/contentHash" << QStringList{"64 lowercase hexadecimal"} << true;
    QTest::newRow("rendererHash short") << seedWith([](Json &d) { d["rendererHash"] = "a1bd5b"; }) << E
                                        << "/rendererHash" << QStringList{"64 lowercase hexadecimal", "\"a1bd5b\""}
                                        << true;
    QTest::newRow("contentHash null") << seedWith([](Json &d) { d["contentHash"] = nullptr; }) << E << "/contentHash"
                                      << QStringList{"must be a string", "null"} << true;
    QTest::newRow("kind missing") << seedWith([](Json &d) { d.erase("kind"); }) << E << "/kind"
                                  << QStringList{"kind is missing"} << true;
    QTest::newRow("generatedAt number") << seedWith([](Json &d) { d["generatedAt"] = 1760957158; }) << E
                                        << "/generatedAt" << QStringList{"must be a string"} << true;
    QTest::newRow("generatedAt not RFC 3339") << seedWith([](Json &d) { d["generatedAt"] = "20 October 2026"; }) << W
                                              << "/generatedAt" << QStringList{"RFC 3339", "20 October 2026"} << true;
    QTest::newRow("generatedAt without offset") << seedWith([](Json &d) { d["generatedAt"] = "2026-10-20T10:45:58"; })
                                                << W << "/generatedAt" << QStringList{"RFC 3339"} << true;
    QTest::newRow("provenance missing") << seedWith([](Json &d) { d.erase("provenance"); }) << E << "/provenance"
                                        << QStringList{"missing"} << true;
    QTest::newRow("environment array") << seedWith([](Json &d) { d["environment"] = Json::array(); }) << E
                                       << "/environment" << QStringList{"must be an object", "an array"} << true;
    QTest::newRow("backend missing") << seedWith([](Json &d) { d["environment"].erase("backend"); }) << E
                                     << "/environment/backend" << QStringList{"missing"} << true;
    QTest::newRow("stdout object") << seedWith([](Json &d) { d["stdout"] = Json::object(); }) << E << "/stdout"
                                   << QStringList{"must be a string", "an object"} << true;
    QTest::newRow("data missing") << seedWith([](Json &d) { d.erase("data"); }) << E << "/data"
                                  << QStringList{"missing"} << true;
    QTest::newRow("diagram string") << seedWith([](Json &d) { d["diagram"] = "timeline"; }) << E << "/diagram"
                                    << QStringList{"must be an object"} << true;

    // data and panels
    QTest::newRow("data kind unknown") << seedWith([](Json &d) { d["data"]["kind"] = "tables"; }) << W << "/data/kind"
                                       << QStringList{"\"tables\"", "not shown"} << true;
    QTest::newRow("panels object") << seedWith([](Json &d) { d["data"]["panels"] = Json::object(); }) << E
                                   << "/data/panels" << QStringList{"must be an array"} << true;
    QTest::newRow("panel not object") << seedWith([](Json &d) { d["data"]["panels"][0] = "bar"; }) << E
                                      << "/data/panels/0" << QStringList{"panel 0 must be an object"} << true;
    QTest::newRow("panel kind missing") << seedWith([](Json &d) { d["data"]["panels"][1].erase("kind"); }) << E
                                        << "/data/panels/1/kind" << QStringList{"missing"} << true;
    QTest::newRow("panel kind number") << seedWith([](Json &d) { d["data"]["panels"][1]["kind"] = 2; }) << E
                                       << "/data/panels/1/kind" << QStringList{"must be a string"} << true;
    QTest::newRow("unknown panel kind") << seedWith([](Json &d) { d["data"]["panels"][1]["kind"] = "heatmap"; }) << W
                                        << "/data/panels/1/kind" << QStringList{"\"heatmap\"", "raw JSON"} << true;
    QTest::newRow("bar title number") << seedWith([](Json &d) { d["data"]["panels"][0]["title"] = 1; }) << E
                                      << "/data/panels/0/title" << QStringList{"must be a string"} << true;
    QTest::newRow("bar ylabel missing") << seedWith([](Json &d) { d["data"]["panels"][0].erase("ylabel"); }) << E
                                        << "/data/panels/0/ylabel" << QStringList{"missing"} << true;
    QTest::newRow("labels string") << seedWith([](Json &d) { d["data"]["panels"][0]["labels"] = "first"; }) << E
                                   << "/data/panels/0/labels" << QStringList{"must be an array"} << true;
    QTest::newRow("label number") << seedWith([](Json &d) { d["data"]["panels"][0]["labels"][0] = 1; }) << E
                                  << "/data/panels/0/labels/0" << QStringList{"labels[0] must be a string"} << true;
    QTest::newRow("series object") << seedWith([](Json &d) { d["data"]["panels"][0]["series"] = Json::object(); }) << E
                                   << "/data/panels/0/series" << QStringList{"must be an array"} << true;
    QTest::newRow("series element null") << seedWith([](Json &d) { d["data"]["panels"][0]["series"][0] = nullptr; })
                                         << E << "/data/panels/0/series/0" << QStringList{"series 0 must be an object"}
                                         << true;
    QTest::newRow("series label missing")
        << seedWith([](Json &d) { d["data"]["panels"][0]["series"][0].erase("label"); }) << E
        << "/data/panels/0/series/0/label" << QStringList{"missing"} << true;
    QTest::newRow("y string") << seedWith([](Json &d) { d["data"]["panels"][0]["series"][0]["y"] = "0.03"; }) << E
                              << "/data/panels/0/series/0/y" << QStringList{"must be an array"} << true;
    QTest::newRow("y element string") << seedWith([](Json &d) { d["data"]["panels"][1]["series"][0]["y"][3] = "fast"; })
                                      << E << "/data/panels/1/series/0/y/3"
                                      << QStringList{"y[3] must be a number", "\"fast\""} << true;
    QTest::newRow("x element null") << seedWith([](Json &d) { d["data"]["panels"][1]["x"][2] = nullptr; }) << E
                                    << "/data/panels/1/x/2" << QStringList{"x[2] must be a number"} << true;
    QTest::newRow("x missing") << seedWith([](Json &d) { d["data"]["panels"][1].erase("x"); }) << E
                               << "/data/panels/1/x" << QStringList{"missing"} << true;
    QTest::newRow("xlabel number") << seedWith([](Json &d) { d["data"]["panels"][1]["xlabel"] = 3; }) << E
                                   << "/data/panels/1/xlabel" << QStringList{"must be a string"} << true;
    QTest::newRow("bar length mismatch") << seedWith([](Json &d) {
        d["data"]["panels"][0]["series"][0]["y"].push_back(0.5);
    }) << E << "/data/panels/0/series/0/y"
                                         << QStringList{"2 values", "labels has 1"} << true;
    QTest::newRow("line length mismatch") << seedWith([](Json &d) { d["data"]["panels"][1]["x"].push_back(8); }) << E
                                          << "/data/panels/1/series/0/y" << QStringList{"7 values", "x has 8"} << true;
    QTest::newRow("negative duration in a panel")
        << seedWith([](Json &d) { d["data"]["panels"][1]["series"][0]["y"][6] = -7e-06; }) << W
        << "/data/panels/1/series/0/y/6" << QStringList{"negative", "-7e-06"} << true;

    // diagram
    QTest::newRow("diagram title number") << seedWith([](Json &d) { d["diagram"]["title"] = 5; }) << E
                                          << "/diagram/title" << QStringList{"must be a string"} << true;
    QTest::newRow("diagram alt missing") << seedWith([](Json &d) { d["diagram"].erase("alt"); }) << E << "/diagram/alt"
                                         << QStringList{"missing", "accessible"} << true;
    QTest::newRow("height zero") << seedWith([](Json &d) { d["diagram"]["height"] = 0; }) << E << "/diagram/height"
                                 << QStringList{"positive number"} << true;
    QTest::newRow("height string") << seedWith([](Json &d) { d["diagram"]["height"] = "3.8"; }) << E
                                   << "/diagram/height" << QStringList{"positive number", "\"3.8\""} << true;
    QTest::newRow("diagram panel missing") << seedWith([](Json &d) { d["diagram"].erase("panel"); }) << E
                                           << "/diagram/panel" << QStringList{"missing"} << true;
    QTest::newRow("diagram kind unknown") << seedWith([](Json &d) { d["diagram"]["panel"]["kind"] = "sankey"; }) << W
                                          << "/diagram/panel/kind" << QStringList{"\"sankey\"", "not known"} << true;

    // the numbers of performance-01
    QTest::newRow("stdout first call disagrees")
        << seedWithStdout([](Json &out) { out["first_call_seconds"] = 0.03; }) << W << "/data/panels/0/series/0/y/0"
        << QStringList{"first_call_seconds", "0.03", "0.029204250313341618"} << true;
    QTest::newRow("panel warm sample disagrees")
        << seedWith([](Json &d) { d["data"]["panels"][1]["series"][0]["y"][3] = 8.5e-06; }) << W
        << "/data/panels/1/series/0/y/3" << QStringList{"warm_samples_seconds[3]", "8.500181138515472e-06"} << true;
    QTest::newRow("stdout has fewer warm samples")
        << seedWithStdout([](Json &out) { out["warm_samples_seconds"].erase(6); }) << W << "/data/panels/1/series/0/y"
        << QStringList{"7 values", "has 6"} << true;
    QTest::newRow("wrong median") << seedWithStdout([](Json &out) { out["warm_median_seconds"] = 1e-05; }) << W
                                  << "/stdout/warm_median_seconds"
                                  << QStringList{"warm_median_seconds (1e-05) is not what the clean samples give",
                                                 "8.500181138515472e-06"}
                                  << true;
    QTest::newRow("negative first call on stdout")
        << seedWithStdout([](Json &out) { out["first_call_seconds"] = -0.029204250313341618; }) << W << "/stdout"
        << QStringList{"first_call_seconds is negative"} << true;
    QTest::newRow("non-numeric warm sample")
        << seedWithStdout([](Json &out) { out["warm_samples_seconds"][2] = "fast"; }) << W << "/stdout"
        << QStringList{"warm_samples_seconds[2] is not a number", "\"fast\""} << true;
    QTest::newRow("non-numeric first call")
        << seedWithStdout([](Json &out) { out["first_call_seconds"] = nullptr; }) << W << "/stdout"
        << QStringList{"first_call_seconds is not a number"} << true;
    QTest::newRow("negative max_abs_error") << seedWithStdout([](Json &out) { out["max_abs_error"] = -1.0; }) << W
                                            << "/stdout" << QStringList{"max_abs_error is negative"} << true;
    QTest::newRow("timer boundary disagrees") << seedWith([](Json &d) {
        addTimerBoundary(d);
        d["data"]["panels"][2]["series"][0]["y"][0] = 2e-06;
    }) << W << "/data/panels/2/series/0/y/0" << QStringList{"dispatch_only_warm_median_seconds"}
                                              << true;
    QTest::newRow("dispatch-only median wrong")
        << seedWith([](Json &d) {
               addTimerBoundary(d);
               Json out = Json::parse(d["stdout"].get<std::string>());
               out["dispatch_only_warm_median_seconds"] = 2e-06;
               d["stdout"] = out.dump();
               d["data"]["panels"][2]["series"][0]["y"][0] = 2e-06;
           })
        << W << "/stdout/dispatch_only_warm_median_seconds"
        << QStringList{"dispatch_only_warm_median_seconds (2e-06) is not what the clean samples give"} << true;

    // the optional trace
    QTest::newRow("trace column lengths differ") << seedWith([](Json &d) {
        d["trace"] = validTrace(8);
        d["trace"]["calls"]["workEnd"].erase(7);
    }) << W << "/trace/calls/workEnd" << QStringList{"7 calls", "dispatchBegin has 8"}
                                                 << true;
    QTest::newRow("trace time not integer") << seedWith([](Json &d) {
        d["trace"] = validTrace(8);
        d["trace"]["calls"]["workBegin"][1] = 100500.5;
    }) << W << "/trace/calls/workBegin/1" << QStringList{"integer number of nanoseconds", "100500.5"}
                                            << true;
    QTest::newRow("trace work before dispatch")
        << seedWith([](Json &d) {
               d["trace"] = validTrace(8);
               d["trace"]["calls"]["workBegin"][0] = -5;
           })
        << W << "/trace/calls/workBegin/0"
        << QStringList{"call 0", "workBegin (-5 ns) comes before dispatchBegin (0 ns)"} << true;
    QTest::newRow("trace ready before work ends") << seedWith([](Json &d) {
        d["trace"] = validTrace(8);
        d["trace"]["calls"]["readyObserved"][4] = 400'000;
    }) << W << "/trace/calls/readyObserved/4" << QStringList{"call 4", "before workEnd"}
                                                  << true;
    QTest::newRow("trace dispatch ends before it begins") << seedWith([](Json &d) {
        d["trace"] = validTrace(8);
        d["trace"]["calls"]["dispatchEnd"][2] = 199'999;
    }) << W << "/trace/calls/dispatchEnd/2" << QStringList{"call 2", "before dispatchBegin"}
                                                          << true;
    QTest::newRow("trace call count") << seedWith([](Json &d) { d["trace"] = validTrace(2); }) << W << "/trace/calls"
                                      << QStringList{"2 calls", "1 first call and 7 warm calls"} << true;
    QTest::newRow("trace unit") << seedWith([](Json &d) {
        d["trace"] = validTrace(8);
        d["trace"]["unit"] = "us";
    }) << W << "/trace/unit" << QStringList{"\"ns\""}
                                << true;
    QTest::newRow("trace column missing") << seedWith([](Json &d) {
        d["trace"] = validTrace(8);
        d["trace"]["calls"].erase("workEnd");
    }) << W << "/trace/calls/workEnd" << QStringList{"list of integers"}
                                          << true;
    QTest::newRow("trace not object") << seedWith([](Json &d) { d["trace"] = Json::array(); }) << W << "/trace"
                                      << QStringList{"must be an object", "ignored"} << true;

    // keys that appear twice lose a value: said, at the key's pointer (escaped per RFC 6901)
    QTest::newRow("duplicate key") << seedBytes().replace("\"backend\": \"cpu\",",
                                                          "\"backend\": \"cpu\", \"backend\": \"gpu\",")
                                   << W << "/environment/backend" << QStringList{"\"backend\" appears more than once"}
                                   << true;
    QTest::newRow("duplicate key in an array element")
        << seedBytes().replace("\"title\": \"Warm calls\",", "\"title\": \"Warm calls\", \"title\": \"Cold\",") << W
        << "/data/panels/1/title" << QStringList{"more than once"} << true;
    QTest::newRow("duplicate key needing escapes")
        << seedBytes().replace("\"deviceCount\": 1,", "\"a/b~c\": 1, \"a/b~c\": 2,") << W << "/environment/a~1b~0c"
        << QStringList{"\"a/b~c\""} << true;
}

void TestValidation::problemIsReported()
{
    QFETCH(QByteArray, input);
    QFETCH(Severity, severity);
    QFETCH(QString, pointer);
    QFETCH(QStringList, words);
    QFETCH(bool, hasArtifact);

    const ReadResult result = readArtifact(std::string_view(input.constData(), std::size_t(input.size())));
    checkReadable(result.problems);
    QCOMPARE(result.artifact.has_value(), hasArtifact);
    if (severity == Severity::Error)
        QVERIFY(!result.ok());
    else
        QVERIFY2(result.ok(), qPrintable(describe(result.problems))); // a warning alone keeps it showable
    bool found = false;
    for (const Problem &problem : result.problems) {
        if (problem.severity != severity || QString::fromStdString(problem.pointer) != pointer)
            continue;
        const QString message = QString::fromStdString(problem.message);
        found = found || std::all_of(words.begin(), words.end(), [&](const QString &w) { return message.contains(w); });
    }
    QVERIFY2(found,
             qPrintable("expected a " + QString(severityName(severity)) + " at \"" + pointer + "\" saying "
                        + words.join(" / ") + "; got:\n" + describe(result.problems)));
}

void TestValidation::acceptedInputs_data()
{
    QTest::addColumn<QByteArray>("input");
    QTest::newRow("seed") << seedBytes();
    QTest::newRow("unicode in strings") << seedWith([](Json &d) {
        d["diagram"]["title"] = "Zeit für das fertige Ergebnis — 完成 😀 \u2028";
        d["environment"]["cpu"] = "Intel® Xeon®";
    });
    QTest::newRow("non-JSON stdout") << seedWith([](Json &d) { d["stdout"] = "hello\nworld\n"; });
    QTest::newRow("stdout a JSON array") << seedWith([](Json &d) { d["stdout"] = "[1, 2]"; });
    QTest::newRow("another lesson's text stdout") << seedWith([](Json &d) {
        d["lessonId"] = "memory-01";
        d["stdout"] = "{oops";
    });
    QTest::newRow("unknown keys everywhere") << seedWith([](Json &d) {
        d["signature"] = "abc";
        d["environment"]["gpu"] = nullptr;
        d["data"]["panels"][0]["color"] = "red";
        d["diagram"]["panel"]["lanes"] = Json::array();
    });
    QTest::newRow("a valid trace") << seedWith([](Json &d) { d["trace"] = validTrace(8); });
    QTest::newRow("the timer-boundary panel") << seedWith([](Json &d) { addTimerBoundary(d); });
    QTest::newRow("stdout nested 100,000 deep")
        << seedWith([](Json &d) { d["stdout"] = std::string(100'000, '[') + std::string(100'000, ']'); });
    QTest::newRow("2-space layout of other spacing") << QByteArray::fromStdString(seedJson().dump());
}

void TestValidation::acceptedInputs()
{
    QFETCH(QByteArray, input);
    const ReadResult result = readArtifact(std::string_view(input.constData(), std::size_t(input.size())));
    // Nothing wrong; a lesson this build does not know is worth one line of information.
    const bool known = findLesson(result.artifact ? result.artifact->lessonId() : std::string()) != nullptr;
    QVERIFY2(countOf(result.problems, Severity::Error) == 0 && countOf(result.problems, Severity::Warning) == 0,
             qPrintable(describe(result.problems)));
    QCOMPARE(countOf(result.problems, Severity::Info), known ? 0 : 1);
    QVERIFY(result.ok());
    QVERIFY(result.artifact->json() == Json::parse(input.constData(), input.constData() + input.size()));
}

void TestValidation::everyProblemAtOnce()
{
    const QByteArray input = seedWith([](Json &d) {
        d["schemaVersion"] = 2;
        d.erase("lessonId");
        d["data"]["panels"][0]["labels"][0] = 1;
        d["data"]["panels"][1]["series"][0]["y"][0] = -1.0;
        d["diagram"]["height"] = -3.8;
    });
    const Problems problems = readArtifact(input.toStdString()).problems;
    checkReadable(problems);
    std::vector<std::pair<Severity, std::string>> where;
    for (const Problem &problem : problems)
        where.emplace_back(problem.severity, problem.pointer);
    const std::vector<std::pair<Severity, std::string>> expected = {
        {Severity::Error, "/schemaVersion"},
        {Severity::Error, "/lessonId"},
        {Severity::Error, "/data/panels/0/labels/0"},
        {Severity::Warning, "/data/panels/1/series/0/y/0"}, // negative duration
        {Severity::Error, "/diagram/height"},
    };
    // lessonId is gone, so the performance checks do not run: exactly these five.
    QVERIFY2(where == expected, qPrintable(describe(problems)));
}

void TestValidation::samePhraseAtEachPointer()
{
    // The same fault in several places is reported once per place, each at its own pointer.
    const QByteArray input = seedWith([](Json &d) {
        d["data"]["panels"][0]["series"][0].erase("label");
        d["data"]["panels"][1]["series"][0].erase("label");
        d["data"]["panels"][1]["x"][0] = "one";
        d["data"]["panels"][1]["x"][6] = "seven";
    });
    const Problems problems = readArtifact(input.toStdString()).problems;
    checkReadable(problems);
    QStringList pointers;
    for (const Problem &problem : problems)
        pointers << QString::fromStdString(problem.pointer);
    QCOMPARE(pointers,
             (QStringList{"/data/panels/0/series/0/label", "/data/panels/1/x/0", "/data/panels/1/x/6",
                          "/data/panels/1/series/0/label"}));
    QCOMPARE(countOf(problems, Severity::Error), 4);
}

void TestValidation::deepNestingIsRefusedFast()
{
    // Refused by the scan before the parser, at the first bracket too deep: the one problem names
    // that bracket, and the parser, which would have run into the unterminated document, said
    // nothing. (No clock: what proves the cost bounded is where the reading stopped.)
    for (const std::string open : {"[", "{\"a\":"}) {
        std::string input;
        for (int i = 0; i < 100'000; ++i)
            input += open;
        const ReadResult result = readArtifact(input);
        QVERIFY(!result.artifact);
        QCOMPARE(result.problems.size(), std::size_t(1));
        const std::string &message = result.problems[0].message;
        QVERIFY2(message.find("deeper than 128") != std::string::npos, message.c_str());
        const std::string column = "line 1, column " + std::to_string(128 * open.size() + 1) + ")";
        QVERIFY2(message.find(column) != std::string::npos, message.c_str());
    }
    // exactly at the limit is fine; one more is not
    const std::string atLimit = std::string(128, '[') + std::string(128, ']');
    const ReadResult ok = readArtifact(atLimit);
    QVERIFY(ok.problems.size() == 1 && ok.problems[0].message.find("an array") != std::string::npos);
    ReadLimits limits;
    limits.maxDepth = 127;
    QVERIFY(readArtifact(atLimit, limits).problems[0].message.find("deeper than 127") != std::string::npos);
    // brackets inside strings do not count, escaped quotes do not end a string
    const std::string inString = "{\"a\": \"\\\"" + std::string(1000, '[') + "\"}";
    QVERIFY(readArtifact(inString).problems[0].pointer == "/schemaVersion");
}

void TestValidation::oversizedInputIsRefusedBeforeParsing()
{
    // 100 MB of '[': refused for its size alone. Had the depth scan or the parser seen it, the
    // problem would be the nesting (or the memory of 100 million arrays), not the size.
    const std::string huge(100'000'000, '[');
    const ReadResult result = readArtifact(huge);
    QVERIFY(!result.artifact);
    QCOMPARE(result.problems.size(), std::size_t(1));
    QCOMPARE(result.problems[0].message,
             std::string("the document is 95.4 MiB (100000000 bytes); lessonscope reads artifacts of at most "
                         "64 MiB (67108864 bytes)"));
    // one byte under the limit is read (and found wanting for other reasons)
    ReadLimits limits;
    limits.maxBytes = 10;
    QVERIFY(readArtifact("[1,2,3,44]", limits).problems[0].message.find("an array") != std::string::npos);
    QVERIFY(readArtifact("[1,2,3,444]", limits).problems[0].message.find("at most") != std::string::npos);
}

void TestValidation::oversizedFileIsRefusedBeforeReading()
{
    QTemporaryDir dir;
    const QString path = dir.filePath("huge.json");
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    QVERIFY(file.resize(100'000'000)); // sparse: no 100 MB written
    file.close();
    // Refused by its size on disk, before a byte is read: reading stops one byte past the 64 MiB
    // limit, so a refusal after reading could never name all 100,000,000 bytes, and it would speak
    // of "the document", not "the file".
    const ReadResult result = readArtifactFile(path);
    QVERIFY(!result.artifact);
    QCOMPARE(result.problems.size(), std::size_t(1));
    QCOMPARE(result.problems[0].message,
             std::string("the file is 95.4 MiB (100000000 bytes); lessonscope reads artifacts of at most "
                         "64 MiB (67108864 bytes)"));
}

void TestValidation::unreadablePaths_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("words");
    QTest::newRow("missing file") << "missing.json"
                                  << "No such file or directory";
    QTest::newRow("directory") << "folder"
                               << "folder, not an artifact file";
    QTest::newRow("device") << "/dev/zero"
                            << "not a regular file";
}

void TestValidation::unreadablePaths()
{
    QFETCH(QString, name);
    QFETCH(QString, words);
    QTemporaryDir dir;
    QVERIFY(QDir(dir.path()).mkdir("folder"));
    const QString path = name.startsWith('/') ? name : dir.filePath(name);
    const ReadResult result = readArtifactFile(path);
    QVERIFY(!result.artifact);
    QCOMPARE(result.problems.size(), std::size_t(1));
    QCOMPARE(result.problems[0].severity, Severity::Error);
    QVERIFY2(QString::fromStdString(result.problems[0].message).contains(words), result.problems[0].message.c_str());
}

void TestValidation::bomIsDropped()
{
    const QByteArray input = "\xEF\xBB\xBF" + seedBytes();
    const ReadResult result = readArtifact(input.toStdString());
    QVERIFY2(result.ok() && result.problems.empty(), qPrintable(describe(result.problems)));
    QVERIFY(result.artifact->json() == seedJson());
    // the position of an error after a BOM is counted without it
    const auto problems = readArtifact("\xEF\xBB\xBF[1,]").problems;
    QVERIFY2(problems[0].message.find("line 1, column 4") != std::string::npos, problems[0].message.c_str());
}

void TestValidation::unknownPanelKindIsKept()
{
    const QByteArray input = seedWith([](Json &d) { d["data"]["panels"][1]["kind"] = "heatmap"; });
    const ReadResult result = readArtifact(input.toStdString());
    QCOMPARE(countOf(result.problems, Severity::Warning), 1);
    QCOMPARE(countOf(result.problems, Severity::Error), 0);
    QVERIFY(result.ok());
    const auto panels = result.artifact->panels();
    QCOMPARE(panels.size(), std::size_t(2));
    QVERIFY(!panels[1].isKnownKind());
    QVERIFY(result.artifact->panelText(1).find("\"kind\": \"heatmap\"") != std::string::npos);
    QVERIFY(panels[0].isKnownKind());
}

void TestValidation::mangledSeedsNeverCrash()
{
    const QByteArray seed = seedBytes();
    // every truncation
    for (int length = 0; length < seed.size(); ++length) {
        const ReadResult result = readArtifact(std::string_view(seed.constData(), std::size_t(length)));
        QVERIFY(!result.ok());
        QVERIFY(!result.problems.empty());
    }
    // random byte changes
    std::mt19937 generator(42);
    for (int round = 0; round < 3000; ++round) {
        QByteArray bytes = seed;
        for (int k = 0; k < 1 + round % 4; ++k)
            bytes[int(generator() % std::uint32_t(bytes.size()))] = char(generator() & 0xff);
        const ReadResult result = readArtifact(bytes.toStdString());
        checkReadable(result.problems);
    }
}

void TestValidation::wrongTypeAnywhereNeverCrashes()
{
    // Replace each value of the seed, at every depth, with each kind of JSON value.
    const Json seed = seedJson();
    const Json flat = seed.flatten();
    std::vector<std::string> pointers;
    for (auto it = flat.begin(); it != flat.end(); ++it) {
        std::string pointer = it.key();
        while (!pointer.empty()) {
            pointers.push_back(pointer);
            pointer.erase(pointer.rfind('/'));
        }
    }
    const Json replacements[] = {nullptr, true, -1, 0.5, "text", Json::array(), Json::object()};
    int reads = 0;
    for (const std::string &pointer : pointers) {
        for (const Json &replacement : replacements) {
            Json document = seed;
            document[Json::json_pointer(pointer)] = replacement;
            const ReadResult result = readArtifact(pretty(document).toStdString());
            QVERIFY(result.artifact.has_value());
            checkReadable(result.problems);
            ++reads;
            result.artifact->panels();
            result.artifact->diagram();
            performance01::readFigures(*result.artifact);
            result.artifact->trace();
        }
    }
    QVERIFY(reads > 300);
}

void TestValidation::nonFiniteNumbersAreWarned()
{
    // Only a document built in memory can hold them (a file with NaN is a syntax error).
    Json document = seedJson();
    document["data"]["panels"][1]["series"][0]["y"][2] = std::numeric_limits<double>::quiet_NaN();
    document["environment"]["load"] = -std::numeric_limits<double>::infinity();
    const Problems problems = validateArtifact(document);
    checkReadable(problems);
    QStringList found;
    for (const Problem &problem : problems) {
        if (problem.severity == Severity::Warning && problem.message.find("JSON cannot hold") != std::string::npos)
            found << QString::fromStdString(problem.pointer);
    }
    found.sort();
    QCOMPARE(found, (QStringList{"/data/panels/1/series/0/y/2", "/environment/load"}));
    QCOMPARE(countOf(problems, Severity::Error), 0);
}

QTEST_GUILESS_MAIN(TestValidation)
#include "tst_validation.moc"
