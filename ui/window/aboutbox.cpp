#include "ui/window/aboutbox.h"

#include "core/lesson/environmentinfo.h"

#include <QCoreApplication>
#include <QMessageBox>
#include <QSysInfo>

using namespace lessonscope;

QString aboutText()
{
    const auto q = [](const std::string &text) { return QString::fromStdString(text).toHtmlEscaped(); };
    return QCoreApplication::translate("AboutBox",
                                       "<h3>lessonscope %1</h3>"
                                       "<p>Explore, validate and rerun the lessons of a course on performance "
                                       "measurement: open recorded artifacts, rerun a lesson on this machine, "
                                       "compare the two.</p>"
                                       "<table cellspacing=\"0\" cellpadding=\"1\">"
                                       "<tr><td style=\"padding-right: 12px\">Qt</td><td>%2 (built with %3)</td></tr>"
                                       "<tr><td style=\"padding-right: 12px\">Eigen</td><td>%4 (%5)</td></tr>"
                                       "<tr><td style=\"padding-right: 12px\">OpenSSL</td><td>%6</td></tr>"
                                       "<tr><td style=\"padding-right: 12px\">nlohmann_json</td><td>%7</td></tr>"
                                       "<tr><td style=\"padding-right: 12px\">Build</td><td>%8, %9</td></tr>"
                                       "<tr><td style=\"padding-right: 12px\">System</td><td>%10</td></tr>"
                                       "</table>")
        .arg(q(lessonscopeVersion()), QString::fromLatin1(qVersion()), QStringLiteral(QT_VERSION_STR),
             q(eigenVersion()), q(eigenInstructionSets()), q(openSslVersion()), q(nlohmannJsonVersion()),
             q(compilerVersion()), QSysInfo::buildAbi().toHtmlEscaped())
        .arg(QSysInfo::prettyProductName().toHtmlEscaped());
}

void showAboutBox(QWidget *parent)
{
    QMessageBox::about(parent, QCoreApplication::translate("AboutBox", "About lessonscope"), aboutText());
}
