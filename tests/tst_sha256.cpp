#include "core/artifact/sha256.h"

#include <QTest>

#include <string>

using namespace lessonscope;

// Known answers from FIPS 180-2 / NIST's SHA-256 examples.
class TestSha256 : public QObject
{
    Q_OBJECT

private slots:
    void knownAnswers_data()
    {
        QTest::addColumn<QByteArray>("input");
        QTest::addColumn<QString>("digest");
        QTest::newRow("empty") << QByteArray() << "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";
        QTest::newRow("abc") << QByteArray("abc") << "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";
        QTest::newRow("448 bits") << QByteArray("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")
                                  << "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1";
        QTest::newRow("a million a") << QByteArray(1'000'000, 'a')
                                     << "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0";
        QTest::newRow("embedded NUL") << QByteArray("a\0b", 3)
                                      << "59b271ae1bbcb1d31d41929817f4b16fb439eb4f31520b5ad1d5ce98920a7138";
    }

    void knownAnswers()
    {
        QFETCH(QByteArray, input);
        QFETCH(QString, digest);
        const std::string hex = sha256Hex(std::string_view(input.constData(), std::size_t(input.size())));
        QCOMPARE(QString::fromStdString(hex), digest);
        QCOMPARE(hex.size(), std::size_t(64));
    }

    void incrementalEqualsOneShot_data()
    {
        QTest::addColumn<int>("chunk");
        QTest::newRow("1 byte") << 1;
        QTest::newRow("63 bytes (across blocks)") << 63;
        QTest::newRow("64 bytes (a block)") << 64;
        QTest::newRow("1000 bytes") << 1000;
    }

    void incrementalEqualsOneShot()
    {
        QFETCH(int, chunk);
        std::string text;
        for (int i = 0; i < 10'000; ++i)
            text += static_cast<char>(i * 31 % 251);
        Sha256 hash;
        for (std::size_t at = 0; at < text.size(); at += std::size_t(chunk))
            hash.update(std::string_view(text).substr(at, std::size_t(chunk)));
        QCOMPARE(hash.hex(), sha256Hex(text));
    }

    void millionAIncrementally()
    {
        Sha256 hash;
        const std::string thousand(1000, 'a');
        for (int i = 0; i < 1000; ++i)
            hash.update(thousand);
        QCOMPARE(hash.hex(), std::string("cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"));
    }

    void hexTwiceGivesTheSameDigest()
    {
        Sha256 hash;
        hash.update("abc");
        const std::string first = hash.hex();
        QCOMPARE(hash.hex(), first);
    }

    void updateAfterHexIsRefused()
    {
        Sha256 hash;
        hash.update("abc");
        hash.hex();
        QVERIFY_THROWS_EXCEPTION(std::logic_error, hash.update("more"));
    }
};

QTEST_GUILESS_MAIN(TestSha256)
#include "tst_sha256.moc"
