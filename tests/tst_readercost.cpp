// What reading a long array costs (issue 19: two 10⁷-point artifacts compared took 8.2 s and
// 1,156 MiB). Counted in bytes allocated, never in time: every byte operator new hands out while
// a read runs is added up, so a copy of an array or an array grown by doubling shows as bytes.
#include "core/artifact/artifactio.h"
#include "core/artifact/jsonreader.h"
#include "core/artifact/structurescan.h"
#include "core/artifact/validation.h"

#include <nlohmann/json.hpp>

#include <QTest>

#include <atomic>
#include <cstdlib>
#include <new>
#include <optional>

namespace {

std::atomic<bool> g_counting{false};
std::atomic<std::size_t> g_allocated{0};

// The bytes allocated while work runs (on this thread or another).
template<typename Work>
std::size_t bytesAllocatedBy(Work &&work)
{
    g_allocated = 0;
    g_counting = true;
    work();
    g_counting = false;
    return g_allocated;
}

} // namespace

void *operator new(std::size_t size)
{
    if (g_counting.load(std::memory_order_relaxed))
        g_allocated += size;
    if (void *p = std::malloc(size ? size : 1))
        return p;
    throw std::bad_alloc();
}
void operator delete(void *p) noexcept { std::free(p); }
void operator delete(void *p, std::size_t) noexcept { std::free(p); }

using namespace lessonscope;

class TestReaderCost : public QObject
{
    Q_OBJECT

private slots:
    void theScanCountsTheLongArraysElements();
    void theScanKeepsNoCountThatCannotBe();
    void theScanRefusesWhatIsTooDeepAsBefore();
    void aLongArrayIsReservedWhole();
    void keysAfterALongArrayDoNotCopyIt();
    void anArtifactSharesTheParsedDocument();
    void freeingADocumentAllocatesNothingLikeIt();
};

namespace {

constexpr std::size_t kLong = 100'000;

std::string numbers(std::size_t count, const char *each = "1")
{
    std::string text = "[";
    for (std::size_t i = 0; i < count; ++i)
        text += (i ? "," : "") + std::string(each);
    return text + "]";
}

// A panel as lessonscope writes one: its long x, then more keys after it.
std::string documentWithALongArrayFirst(std::size_t count)
{
    return "{\"x\":" + numbers(count) + R"(,"a":1,"b":2,"c":3,"d":4,"e":5,"f":6,"g":7,"h":8,"i":9})";
}

constexpr std::size_t kBytesPerElement = sizeof(Json);

} // namespace

void TestReaderCost::theScanCountsTheLongArraysElements()
{
    // Strings with brackets, commas and escaped quotes inside do not count; nested arrays are
    // counted each on its own, in the order they open.
    const std::string text = R"({"s":"[,,]\"[","outer":[)" + numbers(2000) + "," + numbers(3000, " -1.5e3 ")
        + R"(, "x,y", [], {"k":[1,2]}],"short":)" + numbers(10) + "}";
    const detail::TextStructure structure = detail::scanStructure(text, 128);
    QVERIFY(!structure.tooDeep);
    // Arrays in the order they open: 0 "outer" (5 elements: not long), 1 and 2 the long ones,
    // 3 the empty one, 4 "k", 5 "short".
    QCOMPARE(structure.longArrays.size(), std::size_t(2));
    QCOMPARE(structure.longArrays[0].ordinal, std::size_t(1));
    QCOMPARE(structure.longArrays[0].length, std::size_t(2000));
    QCOMPARE(structure.longArrays[1].ordinal, std::size_t(2));
    QCOMPARE(structure.longArrays[1].length, std::size_t(3000));
    const JsonParseResult parsed = parseJson(text);
    QVERIFY(parsed.document);
    QCOMPARE(parsed.document->at("outer").size(), std::size_t(5));
    QCOMPARE(parsed.document->at("outer").at(1).size(), std::size_t(3000));
}

void TestReaderCost::theScanKeepsNoCountThatCannotBe()
{
    // 3,000 commas between two brackets are not 3,001 elements: not JSON, and no reservation.
    const std::string commas = "[" + std::string(3000, ',') + "]";
    QVERIFY(detail::scanStructure(commas, 128).longArrays.empty());
    QVERIFY(detail::scanStructure("[]", 128).longArrays.empty());
    QVERIFY(detail::scanStructure("[ ]", 128).longArrays.empty());
    const detail::TextStructure unclosed = detail::scanStructure("[" + numbers(5000), 128);
    QCOMPARE(unclosed.longArrays.size(), std::size_t(1)); // the inner one only
    QCOMPARE(unclosed.longArrays[0].ordinal, std::size_t(1));
    QCOMPARE(unclosed.longArrays[0].length, std::size_t(5000));
}

void TestReaderCost::theScanRefusesWhatIsTooDeepAsBefore()
{
    QVERIFY(!detail::scanStructure(std::string(128, '[') + std::string(128, ']'), 128).tooDeep);
    const detail::TextStructure deep
        = detail::scanStructure(R"({"a":")" + std::string(200, '[') + "\"," + std::string(129, '['), 128);
    QVERIFY(deep.tooDeep);
    QCOMPARE(*deep.tooDeep, std::size_t(6 + 200 + 2 + 127)); // the 128th bracket (level 129), after the string's
    QCOMPARE(parseJson(std::string(129, '[') + std::string(129, ']')).document, nullptr);
}

void TestReaderCost::aLongArrayIsReservedWhole()
{
    const JsonParseResult parsed = parseJson(documentWithALongArrayFirst(kLong));
    QVERIFY(parsed.document);
    const Json::array_t &x = parsed.document->at("x").get_ref<const Json::array_t &>();
    QCOMPARE(x.size(), kLong);
    QCOMPARE(x.capacity(), kLong); // grown by doubling it would be 131,072
}

// Before: the object's members were a vector of pair<const string, Json>, which grows by copying
// (the pair's move is not noexcept): each key after "x" that grew the object copied the array.
void TestReaderCost::keysAfterALongArrayDoNotCopyIt()
{
    const std::string text = documentWithALongArrayFirst(kLong);
    JsonParseResult parsed;
    const std::size_t bytes = bytesAllocatedBy([&] { parsed = parseJson(text); });
    QVERIFY(parsed.document);
    const std::size_t arrayBytes = kLong * kBytesPerElement;
    QVERIFY2(bytes < arrayBytes + arrayBytes / 10,
             qPrintable(QStringLiteral("%1 bytes allocated for an array of %2").arg(bytes).arg(arrayBytes)));
}

// Before: readDocument copied the parsed document into the artifact (twice the memory at once).
void TestReaderCost::anArtifactSharesTheParsedDocument()
{
    const std::string text = documentWithALongArrayFirst(kLong);
    ReadResult read;
    const std::size_t bytes
        = bytesAllocatedBy([&] { read = readDocument(text, [](const Json &) { return Problems{}; }); });
    QVERIFY(read.artifact);
    QCOMPARE(read.artifact->json().at("x").size(), kLong);
    const std::size_t arrayBytes = kLong * kBytesPerElement;
    QVERIFY2(bytes < arrayBytes + arrayBytes / 10,
             qPrintable(QStringLiteral("%1 bytes allocated for an array of %2").arg(bytes).arg(arrayBytes)));
}

// Before: nlohmann's destructor moved every element of the long array into a stack of its own
// to free it (1.6 MB more for these 100,000 numbers; 160–280 MB at the close of two 10⁷-point
// artifacts, past their reading and drawing). Both ways a document is held are checked: as read,
// and as an artifact built from a document in memory.
void TestReaderCost::freeingADocumentAllocatesNothingLikeIt()
{
    const std::string text = "[" + documentWithALongArrayFirst(kLong) + "," + numbers(kLong) + "]";
    JsonParseResult parsed = parseJson(text);
    QVERIFY(parsed.document);
    const std::size_t arrayBytes = kLong * kBytesPerElement;
    std::size_t bytes = bytesAllocatedBy([&] { parsed.document.reset(); });
    QVERIFY2(bytes < arrayBytes / 100, qPrintable(QStringLiteral("%1 bytes allocated to free a document").arg(bytes)));

    std::optional<Artifact> built(Artifact(Json::parse(text)));
    bytes = bytesAllocatedBy([&] { built.reset(); });
    QVERIFY2(bytes < arrayBytes / 100, qPrintable(QStringLiteral("%1 bytes allocated to free an artifact").arg(bytes)));
}

QTEST_GUILESS_MAIN(TestReaderCost)
#include "tst_readercost.moc"
