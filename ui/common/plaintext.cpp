#include "ui/common/plaintext.h"

namespace lessonscope {

QString shownText(std::string_view utf8, qsizetype maxCharacters)
{
    // At most four bytes a character: decode no more than could be shown, ending at a boundary.
    std::size_t bytes = std::min(utf8.size(), static_cast<std::size_t>(maxCharacters) * 4 + 4);
    while (bytes < utf8.size() && bytes > 0 && (static_cast<unsigned char>(utf8[bytes]) & 0xC0) == 0x80)
        --bytes;
    QString text = QString::fromUtf8(utf8.data(), static_cast<qsizetype>(bytes));
    if (text.size() <= maxCharacters && bytes == utf8.size())
        return text;
    qsizetype cut = std::min(text.size(), maxCharacters);
    if (cut > 0 && text.at(cut - 1).isHighSurrogate())
        --cut;
    return text.left(cut) + QChar(0x2026);
}

QMessageBox::StandardButton showPlainMessage(QWidget *parent, QMessageBox::Icon icon, const QString &title,
                                             const QString &text, QMessageBox::StandardButtons buttons,
                                             QMessageBox::StandardButton defaultButton)
{
    QMessageBox box(icon, title, QString(), buttons, parent);
    box.setTextFormat(Qt::PlainText);
    box.setText(text);
    if (defaultButton != QMessageBox::NoButton)
        box.setDefaultButton(defaultButton);
    return static_cast<QMessageBox::StandardButton>(box.exec());
}

} // namespace lessonscope
