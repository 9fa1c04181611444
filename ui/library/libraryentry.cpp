#include "ui/library/libraryentry.h"
#include "ui/common/plaintext.h"

#include "core/lesson/environmentinfo.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QFileInfo>

using namespace lessonscope;

namespace {

QString tr(const char *text) { return QCoreApplication::translate("LibraryEntry", text); }

// The library that produced the numbers: the first environment entry that names a library
// version (not the backend, not the device count), e.g. "jax 0.9.2" or "eigen 3.4.0".
QString producingLibrary(const Artifact &artifact)
{
    const auto libraries = artifact.libraryVersions();
    if (!libraries.empty())
        return QStringLiteral("%1 %2").arg(shownText(libraries.front().first), shownText(libraries.front().second));
    return shownText(artifact.backend());
}

} // namespace

QString LibraryEntry::displayName() const
{
    if (origin == Origin::Run && path.isEmpty()) {
        // Numbered: two runs of a lesson in one session are told apart by more than their time.
        const QString run = runNumber > 0 ? tr("unsaved run %1").arg(runNumber) : tr("unsaved run");
        return cancelled ? tr("%1 (cancelled)").arg(run) : run;
    }
    const QString name = QFileInfo(path).fileName();
    if (origin == Origin::Bundled)
        return tr("%1 (bundled)").arg(name);
    return name;
}

QString LibraryEntry::statusText() const
{
    if (!artifact && !results)
        return tr("unreadable");
    const int errors = countOf(problems, Severity::Error);
    const int warnings = countOf(problems, Severity::Warning);
    if (errors > 0)
        return errors == 1 ? tr("1 error") : tr("%1 errors").arg(errors);
    if (warnings > 0)
        return warnings == 1 ? tr("1 warning") : tr("%1 warnings").arg(warnings);
    return tr("valid");
}

QString LibraryEntry::learnerName() const
{
    if (origin == Origin::Bundled)
        return tr("the recorded run");
    if (origin == Origin::Run && artifact) {
        const QDateTime made
            = QDateTime::fromString(QString::fromStdString(artifact->generatedAt()), Qt::ISODateWithMs);
        if (made.isValid() && runNumber > 0)
            return tr("your run %1 (%2)").arg(runNumber).arg(made.toLocalTime().toString(QStringLiteral("HH:mm:ss")));
        if (made.isValid())
            return tr("your run of %1").arg(made.toLocalTime().toString(QStringLiteral("HH:mm:ss")));
    }
    return path.isEmpty() ? tr("an unsaved run") : QFileInfo(path).fileName();
}

QString LibraryEntry::originLabel() const
{
    if (results) // "gb-quiet.json — Google Benchmark on vm"
        return results->host.empty()
            ? tr("%1 — %2").arg(displayName(), QString::fromUtf8(harnessName(results->harness)))
            : tr("%1 — %2 on %3")
                  .arg(displayName(), QString::fromUtf8(harnessName(results->harness)),
                       QString::fromStdString(results->host));
    if (!artifact)
        return displayName();
    const QString library = producingLibrary(*artifact);
    // lessonscope's own artifacts name the lesson program and the CPU they ran on.
    std::string madeBy, cpu;
    for (const auto &[key, value] : artifact->environment()) {
        if (key == "lessonscope")
            madeBy = value;
        if (key == "cpu")
            cpu = value;
    }
    // A recording (the course's bundled runs) says so first, wherever it was made.
    const bool recording = QString::fromStdString(artifact->provenance()).contains(QLatin1String("recorded"));
    QString who;
    if (origin == Origin::Run)
        who = tr("this machine");
    else if (recording)
        who = tr("recorded");
    else if (!madeBy.empty() && !cpu.empty() && cpu == cpuModel())
        who = tr("this machine");
    else if (!madeBy.empty())
        who = tr("another machine");
    else
        who = displayName();
    return library.isEmpty() ? who : QStringLiteral("%1 — %2").arg(who, library);
}
