#include "ui/charts/panelexport.h"

#include "ui/charts/panelchart.h"
#include "ui/charts/panelcsv.h"
#include "ui/common/plaintext.h"
#include "ui/common/savefolders.h"
#include "core/base/atomicfile.h"

#include <QDir>
#include <QFileDialog>
#include <QInputDialog>
#include <QMessageBox>
#include <QRegularExpression>
#include <QSettings>

namespace {

const char *const kFolderKey = "lastExportFolder";

QString suffixOf(PanelExportFormat format)
{
    switch (format) {
    case PanelExportFormat::Png:
        return QStringLiteral("png");
    case PanelExportFormat::Svg:
        return QStringLiteral("svg");
    case PanelExportFormat::Csv:
        return QStringLiteral("csv");
    }
    return QStringLiteral("png");
}

QString filterOf(PanelExportFormat format)
{
    switch (format) {
    case PanelExportFormat::Png:
        return QObject::tr("PNG images (*.png)");
    case PanelExportFormat::Svg:
        return QObject::tr("SVG drawings (*.svg)");
    case PanelExportFormat::Csv:
        return QObject::tr("CSV tables (*.csv)");
    }
    return {};
}

// Asks the PNG's size; 0 when cancelled.
double askPngScale(QWidget *parent, const PanelChart &chart)
{
    const QList<PngSize> sizes = pngSizes(chart);
    QStringList names;
    for (const PngSize &size : sizes)
        names << size.label;
    bool ok = false;
    const QString chosen = QInputDialog::getItem(parent, QObject::tr("Export Panel as PNG"), QObject::tr("Image size:"),
                                                 names, 0, false, &ok);
    const qsizetype index = names.indexOf(chosen);
    return ok && index >= 0 ? sizes.at(index).scale : 0.0;
}

} // namespace

QList<PngSize> pngSizes(const PanelChart &chart)
{
    const QSize size = chart.imageSize();
    QList<PngSize> sizes;
    for (const auto &[scale, what] : {std::pair{1.0, QObject::tr("As shown")}, std::pair{2.0, QObject::tr("Twice")},
                                      std::pair{3.0, QObject::tr("Three times")}}) {
        const QSize pixels = (QSizeF(size) * scale).toSize();
        sizes.append({scale, QObject::tr("%1: %2 × %3 px").arg(what).arg(pixels.width()).arg(pixels.height())});
    }
    return sizes;
}

bool writePanelExport(const PanelChart &chart, PanelExportFormat format, const QString &path, QString *error,
                      double scale)
{
    if (format == PanelExportFormat::Png)
        return chart.savePng(path, error, scale);
    if (format == PanelExportFormat::Svg)
        return chart.saveSvg(path, error);
    const QByteArray csv = panelToCsv(chart.panel()).toUtf8();
    return lessonscope::writeFileAtomically(
        path, std::string_view(csv.constData(), static_cast<std::size_t>(csv.size())), error);
}

QString exportPanelInteractively(QWidget *parent, const PanelChart &chart, PanelExportFormat format,
                                 const QString &baseName)
{
    double scale = 1.0;
    if (format == PanelExportFormat::Png && (scale = askPngScale(parent, chart)) <= 0.0)
        return {};
    const QString folder = existingSaveFolder(kFolderKey, QStandardPaths::PicturesLocation);
    QString slug = QStringLiteral("%1-%2").arg(baseName, chart.panel().title).toLower();
    slug.replace(QRegularExpression(QStringLiteral("[^a-z0-9._-]+")), QStringLiteral("-"));
    const QString suggested = QDir(folder).filePath(slug + QLatin1Char('.') + suffixOf(format));

    const QString path = QFileDialog::getSaveFileName(parent, QObject::tr("Export Panel"), suggested, filterOf(format));
    if (path.isEmpty())
        return {};
    QString error;
    if (!writePanelExport(chart, format, path, &error, scale)) {
        lessonscope::showPlainMessage(parent, QMessageBox::Critical, QObject::tr("Cannot Export"),
                                      QObject::tr("The panel was not exported: %1").arg(error));
        return {};
    }
    QSettings().setValue(QLatin1String(kFolderKey), QFileInfo(path).absolutePath());
    return path;
}
