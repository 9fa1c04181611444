#pragma once

#include <QLabel>
#include <QMessageBox>
#include <QString>

#include <string_view>

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

// The same, for a view's title (bold, larger), the line under it (in the placeholder's colour) and
// a framed notice (what differs, what the course warns of), all wrapped.
inline QLabel *plainTitleLabel(QWidget *parent)
{
    QLabel *label = plainTextLabel(parent, true);
    QFont font = label->font();
    font.setPointSizeF(font.pointSizeF() * 1.4);
    font.setBold(true);
    label->setFont(font);
    return label;
}

inline QLabel *plainSubtitleLabel(QWidget *parent)
{
    QLabel *label = plainTextLabel(parent, true);
    label->setForegroundRole(QPalette::PlaceholderText);
    return label;
}

inline QLabel *plainFramedLabel(QWidget *parent)
{
    QLabel *label = plainTextLabel(parent, true);
    label->setFrameShape(QFrame::StyledPanel);
    label->setMargin(6);
    return label;
}

// The longest text, in UTF-16 units, that reaches Qt Charts. Its legend and axes shorten text
// that does not fit by laying out ever shorter prefixes (ChartPresenter::truncatedText): time and
// memory grow with the square of the length (10 KB took 137 MB, a 2 MB series name aborted
// with bad_alloc). No title or label needs more; the panel keeps the full text for exports and
// hover text.
inline constexpr qsizetype kMaxChartTextLength = 200;

// text cut to kMaxChartTextLength with "…" (never inside a surrogate pair).
inline QString elidedChartText(const QString &text)
{
    if (text.size() <= kMaxChartTextLength)
        return text;
    qsizetype cut = kMaxChartTextLength;
    if (text.at(cut - 1).isHighSurrogate())
        --cut;
    return text.left(cut) + QChar(0x2026);
}

// For Qt Charts' titles, axis titles, category labels and legend names (always HTML): elided,
// then escaped.
inline QString chartText(const QString &text) { return elidedChartText(text).toHtmlEscaped(); }

// The longest artifact text a widget is given: a one-line field (a title, an id, a kind, a
// date, a library version) and a paragraph (a prompt, a reading, the evidence). A 1 MB kind made
// the explorer's memory climb 0.7 GB a second and a 10 MB diagram title kept `render` busy past
// 120 s (Qt lays the whole text out, again and again); no lesson's text comes near these.
inline constexpr qsizetype kMaxShownLine = 200;
inline constexpr qsizetype kMaxShownParagraph = 4000;

// Artifact text (UTF-8, whatever its size) as a widget may show it: at most maxCharacters
// characters, cut at a character boundary and marked "…" when longer, decoded only as far as
// shown (a 10 MB string is not converted whole). The one way artifact strings reach widgets.
QString shownText(std::string_view utf8, qsizetype maxCharacters = kMaxShownLine);

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
