#pragma once

// What the tests of a course lesson share (tst_performance03 … 06): the lesson by id, observers
// that stay quiet or cancel, "no warnings" with the problems printed, the bundled recording, and
// the command line run as a user would (run, validate, render, export-trace).

#include "core/lesson/lessonartifacts.h"
#include "core/lesson/lessonregistry.h"
#include "coretesting.h"

#include <nlohmann/json.hpp>

#include <QFile>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

namespace lessontesting {

inline const lessonscope::Lesson &lessonNamed(const char *id)
{
    const lessonscope::Lesson *found = lessonscope::findLesson(id);
    Q_ASSERT(found);
    return *found;
}

class QuietObserver final : public lessonscope::RunObserver
{ };

// Cancels once cancelAfter calls of progress were reported (every lesson counts its progress in
// the calls it reports); counts the calls reported live.
class CancellingObserver final : public lessonscope::RunObserver
{
public:
    explicit CancellingObserver(int cancelAfter) : m_cancelAfter(cancelAfter) { }
    void progress(int done, int) override { m_done = done; }
    void callMeasured(int, const lessonscope::MeasuredCall &) override { ++liveCalls; }
    bool isCancelled() const override { return m_done >= m_cancelAfter; }
    int liveCalls = 0;

private:
    int m_cancelAfter = 0;
    int m_done = 0;
};

inline lessonscope::Json stdoutOf(const lessonscope::Artifact &artifact) { return *artifact.stdoutJson(); }

// No error and no warning; whatever there is, printed, so that a failure says what.
inline bool noWarnings(const lessonscope::Problems &problems)
{
    for (const lessonscope::Problem &p : problems)
        qWarning("%s: %s", p.pointer.c_str(), p.message.c_str());
    return lessonscope::countOf(problems, lessonscope::Severity::Error) == 0
        && lessonscope::countOf(problems, lessonscope::Severity::Warning) == 0;
}

// The warnings the lesson's checks raise once change has edited the stdout object or the document.
template<typename Change>
int warningsAfter(const lessonscope::Artifact &artifact, Change change)
{
    lessonscope::Json document = artifact.json();
    lessonscope::Json out = stdoutOf(artifact);
    change(document, out);
    document["stdout"] = out.dump(2);
    return lessonscope::countOf(lessonscope::validateArtifact(document), lessonscope::Severity::Warning);
}

// A setting of the artifact's summary ("warm samples"), as the header and compare show it;
// empty when it has none.
inline std::string summarySetting(const lessonscope::Artifact &artifact, const std::string &name)
{
    for (const auto &[setting, value] : lessonscope::summarizeArtifact(artifact).settings) {
        if (setting == name)
            return value;
    }
    return {};
}

// The lesson's recording, as bundled into the program.
inline QString recordedPath(const char *id)
{
    return QStringLiteral(LESSONSCOPE_TEST_DATA "/../../resources/recorded/%1.recorded.json").arg(QLatin1String(id));
}

// The command line as a user runs it: `lessons` lists the lesson after the course's earlier ones;
// `run` with the defaults writes an artifact (also when it could not measure) that `validate`
// passes, that `render --view diagram` draws (not blank) and `export-trace` turns into a measured
// Chrome trace. Returns the artifact's path; on a failure the test has failed
// (QTest::currentTestFailed()).
inline QString checkCommandLine(const QTemporaryDir &dir, const char *id)
{
    using coretesting::Outcome;
    using coretesting::runLessonscope;
    const QString lesson = QLatin1String(id);
    const Outcome lessons = runLessonscope({QStringLiteral("lessons")});
    [&] { QCOMPARE(lessons.exitCode, 0); }();
    qsizetype previous = -1;
    for (const lessonscope::Lesson *each : lessonscope::courseLessons()) {
        const qsizetype at = lessons.out.indexOf(QString::fromStdString(each->info().id));
        [&] { QVERIFY2(at > previous, qPrintable(QString::fromStdString(each->info().id))); }();
        previous = at;
        if (each->info().id == id)
            break;
    }

    const QString artifact = dir.filePath(QStringLiteral("%1.json").arg(lesson));
    const Outcome run = runLessonscope({QStringLiteral("run"), lesson, QStringLiteral("-o"), artifact});
    // A run that could not measure (a loaded or sanitized machine interrupted too many calls) is an
    // honest outcome: it still writes an artifact that must validate, draw and export.
    [&] {
        QVERIFY2(run.exitCode == 0 || run.err.contains(QStringLiteral("could not measure")), qPrintable(run.err));
    }();
    const Outcome validate = runLessonscope({QStringLiteral("validate"), artifact});
    [&] { QVERIFY2(validate.exitCode == 0, qPrintable(validate.out + validate.err)); }();

    const QString png = dir.filePath(QStringLiteral("%1-diagram.png").arg(lesson));
    const Outcome render = runLessonscope({QStringLiteral("render"), artifact, QStringLiteral("--view"),
                                           QStringLiteral("diagram"), QStringLiteral("-o"), png});
    [&] { QVERIFY2(render.exitCode == 0, qPrintable(render.err)); }();
    const QImage image(png);
    QSet<QRgb> colours; // not blank: more than the background's few colours
    for (int y = 0; y < image.height(); y += 7) {
        for (int x = 0; x < image.width(); x += 7)
            colours.insert(image.pixel(x, y));
    }
    [&] { QVERIFY2(colours.size() > 4, "the diagram drew nothing"); }();

    const QString traceFile = dir.filePath(QStringLiteral("%1-trace.json").arg(lesson));
    const Outcome exported
        = runLessonscope({QStringLiteral("export-trace"), artifact, QStringLiteral("-o"), traceFile});
    [&] { QVERIFY2(exported.exitCode == 0, qPrintable(exported.err)); }();
    QFile file(traceFile);
    const QJsonDocument trace
        = file.open(QIODevice::ReadOnly) ? QJsonDocument::fromJson(file.readAll()) : QJsonDocument();
    [&] {
        QVERIFY(trace.isObject());
        QVERIFY(!trace[QStringLiteral("traceEvents")].toArray().isEmpty());
        QCOMPARE(trace[QStringLiteral("otherData")][QStringLiteral("mode")].toString(), QStringLiteral("measured"));
    }();
    return artifact;
}

} // namespace lessontesting
