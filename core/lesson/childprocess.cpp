#include "core/lesson/childprocess.h"

#include "core/artifact/jsonreader.h"
#include "core/lesson/lesson.h"

#include <QCoreApplication>
#include <QProcess>

#include <nlohmann/json.hpp>

namespace lessonscope {

namespace {

// A child measures for a few seconds at most; one that takes minutes is stuck, not slow.
constexpr int kChildTimeoutMs = 120'000;
// How often the parent looks at the cancel flag while a child runs.
constexpr int kPollMs = 50;

std::string firstLineOf(const QByteArray &text)
{
    const QByteArray line = text.trimmed().split('\n').value(0).trimmed();
    return line.left(300).toStdString();
}

// Waits for the started child; false when cancelled or stuck (the child is then killed).
bool waitForChild(QProcess &child, const RunObserver &observer, ChildResult &result)
{
    for (int waited = 0; !child.waitForFinished(kPollMs); waited += kPollMs) {
        if (child.state() == QProcess::NotRunning)
            return true; // finished between the polls
        if (observer.isCancelled() || waited >= kChildTimeoutMs) {
            result.cancelled = observer.isCancelled();
            if (!result.cancelled)
                result.error = "the measuring process did not finish within "
                    + std::to_string(kChildTimeoutMs / 1000) + " s";
            child.kill();
            child.waitForFinished(5'000);
            return false;
        }
    }
    return true;
}

} // namespace

QString lessonscopeProgram()
{
    const QString fromEnvironment = qEnvironmentVariable(kProgramEnvironmentVariable);
    return fromEnvironment.isEmpty() ? QCoreApplication::applicationFilePath() : fromEnvironment;
}

ChildResult runMeasuringChild(const std::string &lessonId, const QStringList &arguments,
                              const RunObserver &observer)
{
    ChildResult result;
    const QString program = lessonscopeProgram();
    if (program.isEmpty()) {
        result.error = std::string("cannot find the lessonscope program to start; set ")
            + kProgramEnvironmentVariable;
        return result;
    }
    QProcess child;
    child.setProgram(program);
    child.setArguments(QStringList{QLatin1String(kMeasureChildCommand), QString::fromStdString(lessonId)}
                       + arguments);
    child.start(QIODevice::ReadOnly);
    if (!child.waitForStarted(30'000)) {
        result.error = "could not start " + program.toStdString() + ": " + child.errorString().toStdString();
        return result;
    }
    result.processId = child.processId();
    if (!waitForChild(child, observer, result))
        return result;

    const QByteArray out = child.readAllStandardOutput();
    const bool failed = child.exitStatus() != QProcess::NormalExit || child.exitCode() != 0;
    if (failed && observer.isCancelled()) { // Ctrl+C reaches the child too: a stop, not a failure
        result.cancelled = true;
        return result;
    }
    if (failed) {
        result.error = "the measuring process exited with code " + std::to_string(child.exitCode());
        if (const std::string why = firstLineOf(child.readAllStandardError()); !why.empty())
            result.error += ": " + why;
        return result;
    }
    JsonParseResult parsed = parseJson(std::string_view(out.constData(), static_cast<std::size_t>(out.size())));
    if (!parsed.document || !parsed.document->is_object()) {
        result.error = "the measuring process printed no JSON object";
        return result;
    }
    result.output = std::move(parsed.document);
    return result;
}

} // namespace lessonscope
