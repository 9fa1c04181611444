#pragma once

// Helpers shared by the explorer's widget tests (issue 3): the seed artifact, variants of it,
// and settings kept away from the user's own.

#include "core/lesson/disturbance.h"
#include "core/lesson/lessonartifacts.h"
#include "coretesting.h"
#include "ui/window/artifactrenderer.h"
#include "ui/library/libraryentry.h"
#include "ui/common/settingsfile.h"

#include <QCoreApplication>
#include <QImage>
#include <QSet>
#include <QStringList>
#include <QFile>
#include <QSettings>
#include <QStandardPaths>
#include <QString>
#include <QPalette>
#include <QTemporaryDir>
#include <QWidget>

#include <utility>

namespace explorertesting {

using coretesting::seedPath;

inline QByteArray seedBytes()
{
    const QByteArray bytes = coretesting::readBytes(seedPath());
    if (bytes.isEmpty())
        qFatal("cannot read the seed artifact");
    return bytes;
}

// The seed with one piece of text replaced (the first occurrence), e.g. a panel kind.
inline QByteArray seedWith(const QByteArray &from, const QByteArray &to)
{
    QByteArray bytes = seedBytes();
    const qsizetype at = bytes.indexOf(from);
    if (at < 0)
        qFatal("seedWith: text not found");
    return bytes.replace(at, from.size(), to);
}

inline LibraryEntry entryFrom(const QByteArray &bytes, const QString &path = QString())
{
    lessonscope::ReadResult result
        = lessonscope::readArtifact(std::string_view(bytes.constData(), static_cast<std::size_t>(bytes.size())));
    LibraryEntry entry;
    entry.path = path;
    entry.artifact = std::move(result.artifact);
    entry.problems = std::move(result.problems);
    return entry;
}

// The document with interference evidence of a run whose timed threads the scheduler took the
// CPU from this many times in half a second: 0 reads as quiet, 400 as disturbed.
inline lessonscope::Json withInterference(lessonscope::Json document, std::int64_t involuntary)
{
    lessonscope::InterferenceEvidence evidence;
    evidence.seconds = 0.5;
    evidence.host.involuntary = involuntary;
    evidence.device.voluntary = 2001;
    evidence.deviceThreads = 1;
    evidence.loadAverage = 0.1;
    evidence.cpus = 2;
    document["environment"]["interference"] = lessonscope::interferenceToJson(evidence);
    return document;
}

// A run as the course counts it whatever the machine did meanwhile: without its interference
// evidence. For tests of a lesson's timeline and answers on a fresh run, which a busy test
// machine would otherwise make a disturbed run that takes no answer (courseRefusal).
inline lessonscope::Artifact asCounted(const lessonscope::Artifact &run)
{
    lessonscope::Json document = run.json();
    if (const auto environment = document.find("environment");
        environment != document.end() && environment->is_object())
        environment->erase("interference");
    return lessonscope::Artifact(std::move(document));
}

inline void writeFile(const QString &path, const QByteArray &bytes)
{
    if (!coretesting::writeBytes(path, bytes))
        qFatal("cannot write a test file");
}

// Settings (recent files, geometry, answers) go to a temporary folder, never the user's.
inline void isolateSettings(const QTemporaryDir &dir)
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("lessonscope-tests"));
    QCoreApplication::setApplicationName(QStringLiteral("lessonscope-tests"));
    lessonscope::setSettingsFolder(dir.path(), QSettings::IniFormat); // what guardSettingsFiles looks at
    QSettings().clear();
}

// Under the offscreen platform (as ctest runs the tests), one screen of width×height pixels at
// scale dpr (Qt's scale factor, from the screen's logical DPI) in place of its default 800×800 at 1×: the explorer fits a
// restored window into its screen, and its window needs more than 800 pixels. Call it from the
// test class's static initMain(), which QTEST_MAIN runs before it makes the application.
inline void useOffscreenScreen(int width, int height, double dpr)
{
    if (qgetenv("QT_QPA_PLATFORM") != "offscreen")
        return;
    static QTemporaryDir dir; // read when the application starts; removed at exit
    const QString path = dir.filePath(QStringLiteral("screen.json"));
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        qFatal("cannot write the offscreen screen's configuration");
    file.write(
        QStringLiteral(
            R"({"screens": [{"name": "screen", "x": 0, "y": 0, "width": %1, "height": %2, "logicalDpi": %3, "logicalBaseDpi": 96}]})")
            .arg(width)
            .arg(height)
            .arg(qRound(96 * dpr))
            .toUtf8());
    file.close();
    qputenv("QT_QPA_PLATFORM", "offscreen:configfile=" + path.toLocal8Bit());
}

// With LESSONSCOPE_SCREENSHOT_DIR set, the widget as drawn, to look at (nothing otherwise).
inline void saveScreenshot(QWidget &widget, const QString &name)
{
    const QString dir = qEnvironmentVariable("LESSONSCOPE_SCREENSHOT_DIR");
    if (dir.isEmpty())
        return;
    QCoreApplication::processEvents(); // let pending layout requests settle, as the event loop would
    widget.grab().save(dir + QLatin1Char('/') + name);
}

// An artifact's panels and diagram drawn offscreen, as `lessonscope render` draws them; the
// views that came out empty or blank (fewer than five colours) by name, empty when both drew.
inline QStringList blankRenders(const lessonscope::Artifact &artifact, const QSize &size)
{
    LibraryEntry entry;
    entry.artifact = artifact;
    entry.problems = lessonscope::validateArtifact(artifact.json());
    QStringList blank;
    for (const auto &[view, name] :
         {std::pair{RenderView::Panels, "panels"}, std::pair{RenderView::Diagram, "diagram"}}) {
        const QImage image = renderArtifact(entry, view, size);
        QSet<QRgb> colours;
        for (int y = 0; y < image.height(); y += 7) {
            for (int x = 0; x < image.width(); x += 7)
                colours.insert(image.pixel(x, y));
        }
        if (image.isNull() || image.size() != size || colours.size() <= 4)
            blank << QString::fromLatin1(name);
    }
    return blank;
}

// A dark palette, as a desktop's dark theme gives one.
inline QPalette darkPalette()
{
    QPalette palette;
    const QColor window(45, 45, 48);
    const QColor base(30, 30, 32);
    const QColor text(230, 230, 230);
    palette.setColor(QPalette::Window, window);
    palette.setColor(QPalette::WindowText, text);
    palette.setColor(QPalette::Base, base);
    palette.setColor(QPalette::AlternateBase, window);
    palette.setColor(QPalette::Text, text);
    palette.setColor(QPalette::Button, window);
    palette.setColor(QPalette::ButtonText, text);
    palette.setColor(QPalette::PlaceholderText, QColor(150, 150, 150));
    palette.setColor(QPalette::Highlight, QColor(42, 130, 218));
    palette.setColor(QPalette::HighlightedText, Qt::black);
    for (const QPalette::ColorRole role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        palette.setColor(QPalette::Disabled, role, QColor(120, 120, 120));
    return palette;
}

} // namespace explorertesting
