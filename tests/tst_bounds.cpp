// Every file costs bounded time and memory (issue 14): the reader's and the validator's limits.
// No test here times anything: each input would take minutes or gigabytes if the bound were
// missing, and each test checks what the bound visibly does (a problem, a count, a size).

#include "core/artifact/jsonreader.h"
#include "core/artifact/jsonwriter.h"
#include "core/lesson/lessonartifacts.h"

#include "coretesting.h"

#include <nlohmann/json.hpp>

#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <sys/resource.h>

#include <string>

using namespace lessonscope;

namespace {

Json seedJson()
{
    const QByteArray bytes = coretesting::readBytes(coretesting::seedPath());
    return Json::parse(bytes.constData(), bytes.constData() + bytes.size());
}

// {"k0":0,"k1":0,...} with count distinct keys.
std::string objectWithKeys(int count)
{
    std::string text = "{";
    for (int i = 0; i < count; ++i)
        text += (i ? ",\"k" : "\"k") + std::to_string(i) + "\":0";
    return text + "}";
}

// The seed's text with member "extra": value spliced in before its closing brace.
std::string seedWithExtra(const std::string &value)
{
    std::string text = writeJson(seedJson(), JsonWriteOptions{2, false});
    const std::size_t close = text.rfind('}');
    return text.substr(0, close) + ",\"extra\":" + value + "}";
}

std::size_t textSize(const Problems &problems)
{
    std::size_t size = 0;
    for (const Problem &problem : problems)
        size += problem.pointer.size() + problem.message.size();
    return size;
}

const Problem *findMessage(const Problems &problems, const std::string &part)
{
    for (const Problem &problem : problems) {
        if (problem.message.find(part) != std::string::npos)
            return &problem;
    }
    return nullptr;
}

} // namespace

class TestBounds : public QObject
{
    Q_OBJECT

private slots:
    void objectsOverTheKeyLimitAreRefusedByPointer();
    void aKeyRepeatedAMillionTimesWarnsAHundredTimes();
    void nestedDuplicateKeysKeepTheReportSmall();
    void repeatedValidationProblemsAreCounted();
    void duplicateKeysKeepTheirFirstPlaceAndLastValue();
    void showJsonWritesInChunks();
};

void TestBounds::objectsOverTheKeyLimitAreRefusedByPointer()
{
    // Inserting into nlohmann's ordered object is linear, so 100,000 keys took 37 s; an artifact
    // never needs 10,000 keys in one object, and one more is refused, naming the object.
    const ReadResult atLimit = readArtifact(seedWithExtra("{\"inner\":" + objectWithKeys(10'000) + "}"));
    QVERIFY(atLimit.artifact);
    QVERIFY(!findMessage(atLimit.problems, "keys"));

    const ReadResult over = readArtifact(seedWithExtra("{\"inner\":" + objectWithKeys(10'001) + "}"));
    QVERIFY(!over.artifact);
    QCOMPARE(over.problems.size(), std::size_t(1));
    QCOMPARE(over.problems[0].pointer, std::string("/extra/inner"));
    QCOMPARE(over.problems[0].message,
             std::string("this object has more than 10,000 keys; lessonscope refuses such documents "
                         "(an artifact never needs that many)"));

    ReadLimits limits;
    limits.maxKeysPerObject = 3;
    QCOMPARE(readArtifact("[{\"a\":1,\"b\":2,\"c\":3,\"d\":4}]", limits).problems.at(0).pointer, std::string("/0"));
}

void TestBounds::aKeyRepeatedAMillionTimesWarnsAHundredTimes()
{
    // One warning per repetition made 10 M lines (1.24 GB) of a 60 MB file.
    std::string repeated = "{";
    for (int i = 0; i < 1'000'000; ++i)
        repeated += i ? ",\"a\":0" : "\"a\":0";
    repeated += "}";
    const ReadResult result = readArtifact(seedWithExtra(repeated));
    QVERIFY(result.artifact);
    QCOMPARE(countOf(result.problems, Severity::Warning), 101);
    const Problem *summary = findMessage(result.problems, "more like this");
    QVERIFY(summary);
    QCOMPARE(summary->message, std::string("and 999,899 more like this"));
    QCOMPARE(summary->severity, Severity::Warning);
    // the summary follows the last warning it stands for
    const auto at = summary - result.problems.data();
    QVERIFY(at > 0);
    QVERIFY(result.problems[at - 1].message.find("appears more than once") != std::string::npos);
}

void TestBounds::nestedDuplicateKeysKeepTheReportSmall()
{
    // 100 levels of 2,000-character keys, then an object repeating one key 1,000 times: each
    // warning's pointer would be 200 KB, 200 MB in all (and 4 GB from a 1 MB file).
    const std::string longKey(2000, 'k');
    std::string text;
    for (int depth = 0; depth < 100; ++depth)
        text += "{\"" + longKey + "\":";
    text += "{";
    for (int i = 0; i < 1000; ++i)
        text += i ? ",\"\":0" : "\"\":0";
    text += "}" + std::string(100, '}');
    const JsonParseResult result = parseJson(text);
    QVERIFY(result.document);
    QCOMPARE(result.problems.size(), std::size_t(101));
    QVERIFY2(textSize(result.problems) < 4'000'000, qPrintable(QString::number(textSize(result.problems))));
    QVERIFY(result.problems[0].pointer.find("…/") != std::string::npos); // long keys are cut
}

void TestBounds::repeatedValidationProblemsAreCounted()
{
    Json document = seedJson();
    Json &y = document["data"]["panels"][0]["series"][0]["y"];
    const std::size_t length = y.size();
    for (std::size_t i = 0; i < length; ++i)
        y[i] = "text";
    Json bad = Json::array();
    for (int i = 0; i < 100'000; ++i)
        bad.push_back("x");
    document["data"]["panels"][0]["series"][0]["y"] = bad;
    const Problems problems = readArtifact(writeJson(document, JsonWriteOptions{-1, false})).problems;
    QVERIFY2(problems.size() < 110, qPrintable(QString::number(problems.size())));
    const Problem *summary = findMessage(problems, "more like this");
    QVERIFY(summary);
    QCOMPARE(summary->message, std::string("and 99,900 more like this"));
    QCOMPARE(summary->severity, Severity::Error);
}

void TestBounds::duplicateKeysKeepTheirFirstPlaceAndLastValue()
{
    // What ordered_json did, which the byte-for-byte round trip of a saved artifact relies on.
    const JsonParseResult result = parseJson("{\"a\":1,\"b\":{\"c\":[1,{\"d\":2}]},\"a\":[3],\"e\":-1.5e3}");
    QVERIFY(result.document);
    QCOMPARE(result.document->dump(), std::string("{\"a\":[3],\"b\":{\"c\":[1,{\"d\":2}]},\"e\":-1500.0}"));
    QCOMPARE(result.problems.size(), std::size_t(1));
    QCOMPARE(result.problems[0].pointer, std::string("/a"));
    // a key repeated in a big object is found through the index, and keeps its place too
    std::string big = objectWithKeys(100);
    big.back() = ',';
    big += "\"k5\":\"last\"}";
    const JsonParseResult many = parseJson(big);
    QCOMPARE(many.document->size(), std::size_t(100));
    QVERIFY(std::next(many.document->begin(), 5) == many.document->find("k5"));
    QCOMPARE((*many.document)["k5"].get<std::string>(), std::string("last"));
    QCOMPARE(many.problems.at(0).pointer, std::string("/k5"));
}

void TestBounds::showJsonWritesInChunks()
{
#if defined(__SANITIZE_ADDRESS__)
    QSKIP("AddressSanitizer reserves terabytes of address space for its shadow memory");
#endif
    // One million numbers 64 levels deep: 2 MB of compact JSON, about 90 MB for the whole
    // process once parsed, and 131 MB of text laid out with two spaces an indent. show --json
    // held that text four times over (the text, its terminal-safe copy, a QString of it and its
    // UTF-8 again), 690 MB here; 40 MB of points took 1.8 GB. Written in pieces, it runs in
    // 512 MiB of address space.
    Json document = seedJson();
    Json inner = Json::array();
    for (int i = 0; i < 1'000'000; ++i)
        inner.push_back(1);
    for (int depth = 0; depth < 62; ++depth)
        inner = Json::array({std::move(inner)});
    document["extra"] = std::move(inner);
    std::size_t expected = 0;
    writeJson(document, JsonWriteOptions{2, false}, [&expected](std::string_view piece) { expected += piece.size(); });
    QVERIFY2(expected > 130'000'000, qPrintable(QString::number(expected)));
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("deep.json"));
    QVERIFY(coretesting::writeBytes(path, QByteArray::fromStdString(writeJson(document))));
    document = Json();

    QProcess show;
    show.setChildProcessModifier([] {
        const rlimit limit{512ul << 20, 512ul << 20};
        setrlimit(RLIMIT_AS, &limit);
    });
    std::size_t received = 0;
    connect(&show, &QProcess::readyReadStandardOutput, this,
            [&] { received += static_cast<std::size_t>(show.readAllStandardOutput().size()); });
    show.start(QStringLiteral(LESSONSCOPE_BINARY), {QStringLiteral("show"), QStringLiteral("--json"), path});
    QVERIFY(show.waitForStarted());
    QSignalSpy finished(&show, &QProcess::finished);
    QVERIFY(finished.wait(120'000));
    received += static_cast<std::size_t>(show.readAllStandardOutput().size());
    QVERIFY2(show.exitStatus() == QProcess::NormalExit && show.exitCode() == 0,
             show.readAllStandardError().left(300).constData());
    QCOMPARE(received, expected);
}

QTEST_GUILESS_MAIN(TestBounds)

#include "tst_bounds.moc"
