#include "ui/common/savefolders.h"

#include "core/artifact/artifact.h"

#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <QSettings>

QString existingSaveFolder(const char *lastFolderKey, QStandardPaths::StandardLocation kind)
{
    const QString last = QSettings().value(QLatin1String(lastFolderKey)).toString();
    if (!last.isEmpty() && QFileInfo(last).isDir())
        return last;
    const QString standard = QStandardPaths::writableLocation(kind);
    if (!standard.isEmpty() && QFileInfo(standard).isDir())
        return standard;
    return QDir::homePath();
}

QString artifactBaseName(const lessonscope::Artifact &artifact)
{
    QDateTime time = QDateTime::fromString(QString::fromStdString(artifact.generatedAt()), Qt::ISODateWithMs);
    if (!time.isValid())
        time = QDateTime::currentDateTimeUtc();
    QString lesson = QString::fromStdString(artifact.lessonId());
    lesson.replace(QLatin1Char('/'), QLatin1Char('_'));
    return QStringLiteral("%1-%2").arg(lesson.isEmpty() ? QStringLiteral("artifact") : lesson,
                                       time.toUTC().toString(QStringLiteral("yyyyMMdd-HHmmss")));
}

QString suggestedTracePath(const QString &artifactPath, const lessonscope::Artifact &artifact,
                           const QString &fallbackFolder)
{
    const QFileInfo file(artifactPath);
    // A resource path (":/…") names a recording inside the program: nothing can be written beside it.
    const bool onDisk = !artifactPath.isEmpty() && !artifactPath.startsWith(QLatin1Char(':')) && file.dir().exists();
    const QString name
        = (onDisk ? file.completeBaseName() : artifactBaseName(artifact)) + QStringLiteral(".trace.json");
    return onDisk ? file.dir().filePath(name) : QDir(fallbackFolder).filePath(name);
}

QString artifactSaveFolder() { return existingSaveFolder(kArtifactSaveFolderKey, QStandardPaths::DocumentsLocation); }
