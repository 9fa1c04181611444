#pragma once

// The explorer's settings file (recent files, the window's layout, the answers) is read like an
// artifact: a file anyone can replace. QSettings opens it blocking, whatever it is, and a FIFO in
// its place froze the explorer's start forever; so before any QSettings is made, the files it
// would read are looked at, and anything but a regular file sends this session's settings to an
// empty folder of its own (nothing read, nothing saved) with a sentence that says why.

#include <QSettings>
#include <QString>

namespace lessonscope {

// Where QSettings() reads and writes from now on (QSettings::setPath has no getter, so the folder
// is set here): the user scope's folder and the default format. Without a call, the XDG
// configuration folder and the native format, as Qt has them.
void setSettingsFolder(const QString &folder, QSettings::Format format);

// The file QSettings() reads first for this application, as set above.
QString settingsFilePath();

// Call before the first QSettings. Empty when every file QSettings would read (the application's
// and the organization's, user and system scope) is absent or a regular file; otherwise the
// settings of this session go to an empty temporary folder, and the sentence for the user.
QString guardSettingsFiles();

} // namespace lessonscope
