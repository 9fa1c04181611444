#include "core/artifact/canonicaljson.h"
#include "core/artifact/jsonwriter.h"
#include "core/artifact/sha256.h"

#include <nlohmann/json.hpp>

#include <QFile>
#include <QTest>

#include <charconv>
#include <cmath>
#include <cstring>
#include <limits>
#include <random>

using namespace lessonscope;

// Each rule of "Canonical JSON" in docs/artifact-format.md has a row here.
class TestCanonicalJson : public QObject
{
    Q_OBJECT

private:
    static std::string canonicalOf(const QByteArray &text)
    {
        return canonicalJson(Json::parse(text.constData(), text.constData() + text.size()));
    }

private slots:
    void rules_data()
    {
        QTest::addColumn<QByteArray>("input");
        QTest::addColumn<QByteArray>("canonical");
        // structure
        QTest::newRow("keys sorted") << QByteArray(R"({"b": 1, "a": 2})") << QByteArray(R"({"a":2,"b":1})");
        QTest::newRow("nested keys sorted, arrays keep order")
            << QByteArray(R"({"z": {"y": [3, 1, 2], "x": null}, "a": []})")
            << QByteArray(R"({"a":[],"z":{"x":null,"y":[3,1,2]}})");
        QTest::newRow("no whitespace") << QByteArray(" {\n\t\"a\" :  [ 1 ,\r\n 2 ] , \"b\" : { } }\n")
                                       << QByteArray(R"({"a":[1,2],"b":{}})");
        QTest::newRow("literals") << QByteArray("[true, false, null]") << QByteArray("[true,false,null]");
        // keys compare as UTF-8 bytes: U+FF5A (EF BD 9A) before U+1F600 (F0 9F 98 80), which
        // UTF-16 order would reverse; uppercase before lowercase; a prefix first.
        QTest::newRow("key order is UTF-8 byte order")
            << QByteArray(R"({"\ud83d\ude00": 1, "\uff5a": 2, "é": 3, "z": 4, "aa": 5, "a": 6, "B": 7, "\u0001": 8})")
            << QByteArray("{\"\\u0001\":8,\"B\":7,\"a\":6,\"aa\":5,\"z\":4,\"\xC3\xA9\":3,\"\xEF\xBD\x9A\":2,"
                          "\"\xF0\x9F\x98\x80\":1}");
        // strings
        // (ordinary literals: moc misreads raw strings that end in a backslash and a quote)
        QTest::newRow("quote and backslash") << QByteArray("[\"\\\"\", \"\\\\\"]") << QByteArray("[\"\\\"\",\"\\\\\"]");
        QTest::newRow("short escapes") << QByteArray(R"(["\b\f\n\r\t"])") << QByteArray(R"(["\b\f\n\r\t"])");
        QTest::newRow("other controls as lowercase \\u00xx")
            << QByteArray(R"(["\u0000\u0001\u001b\u001F"])") << QByteArray(R"(["\u0000\u0001\u001b\u001f"])");
        QTest::newRow("solidus and DEL unescaped")
            << QByteArray(R"(["\/", "\u007f"])") << QByteArray("[\"/\",\"\x7F\"]");
        QTest::newRow("non-ASCII as UTF-8")
            << QByteArray(R"(["\u00e9", "µs", "\u2028", "\ud83d\ude00"])")
            << QByteArray("[\"\xC3\xA9\",\"\xC2\xB5s\",\"\xE2\x80\xA8\",\"\xF0\x9F\x98\x80\"]");
        // integers
        QTest::newRow("integers") << QByteArray("[0, -1, 42, 9223372036854775807, -9223372036854775808]")
                                  << QByteArray("[0,-1,42,9223372036854775807,-9223372036854775808]");
        QTest::newRow("unsigned 64-bit") << QByteArray("[18446744073709551615]")
                                         << QByteArray("[18446744073709551615]");
        QTest::newRow("minus zero integer") << QByteArray("[-0]") << QByteArray("[0]");
        // doubles: shortest round-trip digits, Python's repr layout
        QTest::newRow("integral double keeps .0")
            << QByteArray("[1.0, 3.0e0, 1E5]") << QByteArray("[1.0,3.0,100000.0]");
        QTest::newRow("minus zero double") << QByteArray("[-0.0]") << QByteArray("[-0.0]");
        QTest::newRow("shortest digits") << QByteArray("[0.1, 0.30000000000000004, 3.8]")
                                         << QByteArray("[0.1,0.30000000000000004,3.8]");
        QTest::newRow("fixed from 1e-4") << QByteArray("[0.0001, 0.00012]") << QByteArray("[0.0001,0.00012]");
        QTest::newRow("exponent below 1e-4, two digits at least")
            << QByteArray("[0.00001, 2.5e-7, 8.500181138515472e-06, 5e-324]")
            << QByteArray("[1e-05,2.5e-07,8.500181138515472e-06,5e-324]");
        QTest::newRow("fixed below 1e16")
            << QByteArray("[1e15, 1234567890123456.0]") << QByteArray("[1000000000000000.0,1234567890123456.0]");
        QTest::newRow("exponent from 1e16") << QByteArray("[1e16, 1.2345678901234568e17, 1.7976931348623157e308]")
                                            << QByteArray("[1e+16,1.2345678901234568e+17,1.7976931348623157e+308]");
        // nlohmann's Grisu2 writes 3.1322315702267408e+16 here: not the shortest digits.
        QTest::newRow("truly shortest digits")
            << QByteArray("[3.132231570226741e+16]") << QByteArray("[3.132231570226741e+16]");
        QTest::newRow("integers too large for 64 bits become doubles")
            << QByteArray("[18446744073709551616]") << QByteArray("[1.8446744073709552e+19]");
    }

    void rules()
    {
        QFETCH(QByteArray, input);
        QFETCH(QByteArray, canonical);
        QCOMPARE(QByteArray::fromStdString(canonicalOf(input)), canonical);
    }

    void stableAcrossKeyOrderAndWhitespace()
    {
        const std::string a = canonicalOf(
            R"({"lesson": {"id": "performance-01", "contentVersion": 1}, "parameters": {"samples": 7, "dtype": "float32"}})");
        const std::string b = canonicalOf("{\n  \"parameters\" : {\"dtype\":\"float32\",\"samples\":7},\n  "
                                          "\"lesson\":{\"contentVersion\":1,\"id\":\"performance-01\"}\n}\n");
        QCOMPARE(a, b);
        QCOMPARE(canonicalHash(Json::parse(a)), canonicalHash(Json::parse(b)));
        QCOMPARE(canonicalHash(Json::parse(a)), sha256Hex(a));
        // and a different value gives a different hash
        QVERIFY(canonicalHash(Json::parse(a)) != canonicalHash(Json::parse(R"({"parameters": {"samples": 8}})")));
    }

    void nonFiniteIsNull()
    {
        Json value = Json::array({std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::infinity()});
        QCOMPARE(canonicalJson(value), std::string("[null,null]"));
    }

    void invalidUtf8IsRefused_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::newRow("lone continuation") << QByteArray("\x80");
        QTest::newRow("truncated sequence") << QByteArray("\xC3");
        QTest::newRow("overlong slash") << QByteArray("\xC0\xAF");
        QTest::newRow("surrogate") << QByteArray("\xED\xA0\x80");
        QTest::newRow("above U+10FFFF") << QByteArray("\xF4\x90\x80\x80");
    }

    void invalidUtf8IsRefused()
    {
        QFETCH(QByteArray, bytes);
        Json value = {{"key", {"ok", bytes.toStdString()}}};
        try {
            canonicalJson(value);
            QFAIL("an invalid string was written");
        } catch (const std::invalid_argument &error) {
            QVERIFY2(std::string(error.what()).find("/key/1") != std::string::npos, error.what());
        }
    }

    void doublesRoundTripWithShortestDigits()
    {
        // Every double written reads back as itself, with no more digits than the shortest form.
        std::mt19937_64 generator(20261020);
        for (int i = 0; i < 200'000; ++i) {
            std::uint64_t bits = generator();
            double value;
            std::memcpy(&value, &bits, sizeof value);
            if (!std::isfinite(value))
                continue;
            const std::string text = formatJsonDouble(value);
            QCOMPARE(Json::parse(text).get<double>(), value);
            char shortest[64];
            const auto end
                = std::to_chars(shortest, shortest + sizeof shortest, value, std::chars_format::scientific).ptr;
            const std::string_view mantissa(shortest,
                                            static_cast<std::size_t>(std::find(shortest, end, 'e') - shortest));
            const auto digits = [](std::string_view s) {
                std::string d;
                for (char c : s)
                    if (c >= '0' && c <= '9')
                        d += c;
                d.erase(0, std::min(d.find_first_not_of('0'), d.size() - 1));
                while (d.size() > 1 && d.back() == '0')
                    d.pop_back();
                return d;
            };
            const std::string written = text.substr(0, text.find('e'));
            if (digits(written) != digits(mantissa))
                QFAIL(qPrintable(
                    QString::fromStdString(text + " is not the shortest form " + std::string(shortest, end))));
        }
    }

    void seedCanonicalHashIsStable()
    {
        QFile file(QStringLiteral(LESSONSCOPE_TEST_DATA "/seed-performance-01.json"));
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray bytes = file.readAll();
        const Json seed = Json::parse(bytes.constData(), bytes.constData() + bytes.size());
        // Computed independently with Python:
        // json.dumps(seed, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
        QCOMPARE(canonicalJson(seed).size(), std::size_t(2370));
        QCOMPARE(canonicalHash(seed), std::string("e39d2be2ae08f4e7f76d36ddaacd3500d6654348c410aa84edfaacd070566f68"));
    }
};

QTEST_GUILESS_MAIN(TestCanonicalJson)
#include "tst_canonicaljson.moc"
