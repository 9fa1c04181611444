// Replays every input the fuzzer ever saved (tests/data/fuzz-regressions/) and the hostile seeds
// of its corpus (tests/fuzz/corpus/) through the fuzzer's own checks (tests/fuzz/fuzzchecks.h).
// Under the asan preset a sanitizer report fails the test as the fuzzer would; in every build a
// broken property (round trip, problem shape, ...) fails it with the property's text.
// To add a finding: copy the crash file from build/fuzz/crashes/ into tests/data/fuzz-regressions/
// under a name that says what it was (docs/security.md, "Fuzzing").
#include "fuzz/fuzzchecks.h"

#include <QDir>
#include <QFile>
#include <QTest>

namespace {

const QString kRegressions = QStringLiteral(LESSONSCOPE_TEST_DATA "/fuzz-regressions");
const QString kCorpus = QStringLiteral(LESSONSCOPE_TEST_DATA "/../fuzz/corpus");

} // namespace

class TestFuzzRegressions : public QObject
{
    Q_OBJECT

private slots:
    void replay_data()
    {
        QTest::addColumn<QString>("path");
        int rows = 0;
        for (const QString &folder : {kRegressions, kCorpus}) {
            const QDir dir(folder);
            const QStringList names = dir.entryList(QDir::Files | QDir::Hidden, QDir::Name);
            for (const QString &name : names) {
                if (name == QLatin1String("README.md"))
                    continue;
                QTest::newRow(qPrintable(dir.dirName() + QLatin1Char('/') + name)) << dir.filePath(name);
                ++rows;
            }
        }
        // The corpus alone has dozens of files: finding none means the folders moved.
        QVERIFY2(rows >= 20, "the fuzz corpus and regression folders were not found");
    }

    void replay()
    {
        QFETCH(QString, path);
        QFile file(path);
        QVERIFY2(file.open(QIODevice::ReadOnly), qPrintable(path));
        const QByteArray bytes = file.readAll();
        const std::vector<std::string> broken = lessonscope::fuzz::checkArtifactBytes(
            std::string_view(bytes.constData(), static_cast<std::size_t>(bytes.size())));
        QStringList text;
        for (const std::string &property : broken)
            text << QString::fromStdString(property);
        QVERIFY2(broken.empty(), qPrintable(text.join(QStringLiteral("; "))));
    }
};

QTEST_GUILESS_MAIN(TestFuzzRegressions)
#include "tst_fuzzregressions.moc"
