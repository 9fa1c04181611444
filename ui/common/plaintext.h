#pragma once

#include <QLabel>
#include <QMessageBox>
#include <QString>

class QWidget;

// Text that comes from a file (titles, labels, series names, file names, read errors) is shown as
// the text it is, never read as HTML: Qt guesses "rich text" for tool tips, message boxes and
// labels left at Qt::AutoText, and Qt Charts always lays its titles, category labels and legend
// names out as HTML. An artifact's `<img src="/some/file">` would otherwise make the program open
// that file (docs/security.md, "Artifacts are data only"). Labels set Qt::PlainText themselves;
// these cover the places that have no such switch.

namespace lessonscope {

// A label for text from a file: plain text, selectable with the mouse and the keyboard, wrapped
// at the label's width when wrap is true.
inline QLabel *plainTextLabel(QWidget *parent, bool wrap)
{
    auto *label = new QLabel(parent);
    label->setTextFormat(Qt::PlainText);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    label->setWordWrap(wrap);
    return label;
}

// For Qt Charts' titles, axis titles, category labels and legend names (always HTML).
inline QString chartText(const QString &text)
{
    return text.toHtmlEscaped();
}

// For QToolTip and tool tip roles: rich text that shows exactly `text`, line breaks kept.
inline QString plainToolTip(const QString &text)
{
    if (text.isEmpty())
        return text;
    return QStringLiteral("<p style=\"white-space:pre-wrap\">") + text.toHtmlEscaped() + QStringLiteral("</p>");
}

// QMessageBox::warning() and its kin, with the text taken as plain text. Returns the button
// clicked.
QMessageBox::StandardButton showPlainMessage(QWidget *parent, QMessageBox::Icon icon, const QString &title,
                                             const QString &text,
                                             QMessageBox::StandardButtons buttons = QMessageBox::Ok,
                                             QMessageBox::StandardButton defaultButton = QMessageBox::NoButton);

} // namespace lessonscope
