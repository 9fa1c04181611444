#include "ui/common/settingsfile.h"

#include <QCoreApplication>
#include <QFile>
#include <QStandardPaths>
#include <QStringList>
#include <QTemporaryDir>

#include <sys/stat.h>

namespace lessonscope {

namespace {

struct SettingsLocation {
    QString folder; // empty: Qt's default
    QSettings::Format format = QSettings::NativeFormat;
};

SettingsLocation &location()
{
    static SettingsLocation where;
    return where;
}

QString extension()
{
    return location().format == QSettings::IniFormat ? QStringLiteral(".ini") : QStringLiteral(".conf");
}

// Every file QSettings() reads, first the one it writes (Qt's fallbacks: the application's and
// the organization's file, in the user's folder and in each system folder).
QStringList filesRead()
{
    const QString organization = QCoreApplication::organizationName();
    const QString application = QCoreApplication::applicationName();
    QStringList folders{location().folder.isEmpty()
                            ? QStandardPaths::writableLocation(QStandardPaths::GenericConfigLocation)
                            : location().folder};
    if (location().folder.isEmpty()) {
        const QStringList system = QStandardPaths::standardLocations(QStandardPaths::GenericConfigLocation);
        for (const QString &folder : system.mid(1))
            folders << folder;
    }
    QStringList files;
    for (const QString &folder : folders) {
        files << folder + QLatin1Char('/') + organization + QLatin1Char('/') + application + extension();
        files << folder + QLatin1Char('/') + organization + extension();
    }
    return files;
}

// Absent, or a regular file (after links): what QSettings may open.
bool isSafe(const QString &path)
{
    struct stat status { };
    if (::stat(QFile::encodeName(path).constData(), &status) != 0)
        return true;
    return S_ISREG(status.st_mode);
}

} // namespace

void setSettingsFolder(const QString &folder, QSettings::Format format)
{
    location() = {folder, format};
    QSettings::setDefaultFormat(format);
    QSettings::setPath(format, QSettings::UserScope, folder);
}

QString settingsFilePath() { return filesRead().constFirst(); }

QString guardSettingsFiles()
{
    for (const QString &file : filesRead()) {
        if (isSafe(file))
            continue;
        // Kept for the session: Qt reads the path when a QSettings is made.
        static QTemporaryDir empty;
        const QSettings::Format format = location().format;
        QSettings::setPath(format, QSettings::UserScope, empty.path());
        QSettings::setPath(format, QSettings::SystemScope, empty.path());
        return QCoreApplication::translate("lessonscope",
                                           "The settings file %1 is not a regular file (a pipe, a "
                                           "device or a folder): lessonscope neither reads nor saves "
                                           "settings this time. Remove it to keep settings again.")
            .arg(file);
    }
    return {};
}

} // namespace lessonscope
