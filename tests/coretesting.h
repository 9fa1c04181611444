#pragma once

// Helpers shared by the tests: the recorded seed artifact, files read and written whole, and the
// seed with a small hand-made trace.

#include "core/lesson/lessonartifacts.h"

#include <nlohmann/json.hpp>

#include <QFile>
#include <QProcess>
#include <QString>
#include <QStringList>

namespace coretesting {

inline QString seedPath() { return QStringLiteral(LESSONSCOPE_TEST_DATA "/seed-performance-01.json"); }

// The whole file, or nothing when it cannot be read.
inline QByteArray readBytes(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return file.readAll();
}

inline bool writeBytes(const QString &path, const QByteArray &bytes)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size();
}

// The recorded seed, read and validated as lessonscope reads it; the test stops if it does not read.
inline lessonscope::Artifact seedArtifact()
{
    const lessonscope::ReadResult result = lessonscope::readArtifactFile(seedPath());
    if (!result.artifact)
        qFatal("the seed artifact does not read");
    return *result.artifact;
}

// base with a hand-made trace in lessonscope's format, three calls in nanoseconds: warm call 1
// (the median call) is 310 ns to dispatch and 930 ns completed, at 100 µs into the run.
inline lessonscope::Artifact withHandMadeTrace(const lessonscope::Artifact &base)
{
    lessonscope::Json document = base.json();
    lessonscope::Json calls = lessonscope::Json::object();
    calls["dispatchBegin"] = {0, 100000, 200000};
    calls["dispatchEnd"] = {2000, 100310, 200300};
    calls["workBegin"] = {2500, 100350, 200330};
    calls["workEnd"] = {52500, 100850, 200830};
    calls["readyObserved"] = {53000, 100930, 200900};
    document["trace"]
        = lessonscope::Json{{"clock", "steady_clock"}, {"unit", "ns"}, {"waitStrategy", "park"}, {"calls", calls}};
    return lessonscope::Artifact(document);
}

// What a lessonscope command did, run as a user would (the built program, in a process).
struct Outcome {
    int exitCode = -1; // -1: it crashed or did not finish within two minutes
    QString out;
    QString err;
};

inline Outcome runLessonscope(const QStringList &arguments,
                              const QProcessEnvironment &environment = QProcessEnvironment::systemEnvironment())
{
    QProcess process;
    process.setProgram(QStringLiteral(LESSONSCOPE_BINARY));
    process.setArguments(arguments);
    process.setProcessEnvironment(environment);
    process.start();
    if (!process.waitForFinished(120'000))
        return {};
    return {process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1,
            QString::fromUtf8(process.readAllStandardOutput()), QString::fromUtf8(process.readAllStandardError())};
}

} // namespace coretesting
