#include "ui/charts/panelexport.h"

#include "ui/charts/panelchart.h"
#include "ui/charts/panelcsv.h"
#include "ui/common/plaintext.h"
#include "core/base/atomicfile.h"

#include <QDir>
#include <QFileDialog>
#include <QMessageBox>
#include <QRegularExpression>
#include <QSettings>
#include <QStandardPaths>

namespace {

const char *const kFolderKey = "lastExportFolder";

QString suffixOf(PanelsView::Export format)
{
    switch (format) {
    case PanelsView::Export::Png: return QStringLiteral("png");
    case PanelsView::Export::Svg: return QStringLiteral("svg");
    case PanelsView::Export::Csv: return QStringLiteral("csv");
    }
    return QStringLiteral("png");
}

QString filterOf(PanelsView::Export format)
{
    switch (format) {
    case PanelsView::Export::Png: return QObject::tr("PNG images (*.png)");
    case PanelsView::Export::Svg: return QObject::tr("SVG drawings (*.svg)");
    case PanelsView::Export::Csv: return QObject::tr("CSV tables (*.csv)");
    }
    return {};
}

} // namespace

bool writePanelExport(const PanelChart &chart, PanelsView::Export format, const QString &path, QString *error)
{
    if (format == PanelsView::Export::Png)
        return chart.savePng(path, error);
    if (format == PanelsView::Export::Svg)
        return chart.saveSvg(path, error);
    const QByteArray csv = panelToCsv(chart.panel()).toUtf8();
    return lessonscope::writeFileAtomically(path, std::string_view(csv.constData(), static_cast<std::size_t>(csv.size())),
                                            error);
}

QString exportPanelInteractively(QWidget *parent, const PanelChart &chart, PanelsView::Export format,
                                 const QString &baseName)
{
    QString folder = QSettings().value(QLatin1String(kFolderKey)).toString();
    if (folder.isEmpty() || !QDir(folder).exists())
        folder = QStandardPaths::writableLocation(QStandardPaths::PicturesLocation);
    if (folder.isEmpty())
        folder = QDir::homePath();
    QString slug = QStringLiteral("%1-%2").arg(baseName, chart.panel().title).toLower();
    slug.replace(QRegularExpression(QStringLiteral("[^a-z0-9._-]+")), QStringLiteral("-"));
    const QString suggested = QDir(folder).filePath(slug + QLatin1Char('.') + suffixOf(format));

    const QString path = QFileDialog::getSaveFileName(parent, QObject::tr("Export Panel"), suggested, filterOf(format));
    if (path.isEmpty())
        return {};
    QString error;
    if (!writePanelExport(chart, format, path, &error)) {
        lessonscope::showPlainMessage(parent, QMessageBox::Critical, QObject::tr("Cannot Export"),
                         QObject::tr("The panel was not exported: %1").arg(error));
        return {};
    }
    QSettings().setValue(QLatin1String(kFolderKey), QFileInfo(path).absolutePath());
    return path;
}
