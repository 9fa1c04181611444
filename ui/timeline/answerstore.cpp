#include "ui/timeline/answerstore.h"

#include <QCoreApplication>
#include <QPointer>
#include <QRegularExpression>
#include <QSettings>


AnswerStore::AnswerStore(QObject *parent) : QObject(parent), m_settings(std::make_unique<QSettings>()) {}

AnswerStore::AnswerStore(const QString &settingsFile, QObject *parent)
    : QObject(parent), m_settings(std::make_unique<QSettings>(settingsFile, QSettings::IniFormat))
{}

AnswerStore::~AnswerStore() = default;

AnswerStore *AnswerStore::shared()
{
    // Parented to the application, so that it goes (and syncs) with it; made anew for a new one.
    static QPointer<AnswerStore> store;
    if (!store)
        store = new AnswerStore(QCoreApplication::instance());
    return store;
}

QString AnswerStore::group(const QString &contentHash)
{
    // A sound contentHash is 64 hex digits; anything else (a foreign or broken file) is hex-encoded
    // so that it cannot reach into other settings through '/' or similar.
    static const QRegularExpression hex(QStringLiteral("^[0-9a-fA-F]{1,128}$"));
    const QString key = hex.match(contentHash).hasMatch()
                            ? contentHash.toLower()
                            : QStringLiteral("x") + QString::fromLatin1(contentHash.toUtf8().toHex());
    return QStringLiteral("answers/") + key;
}

std::optional<AnswerStore::Answer> AnswerStore::answer(const QString &contentHash) const
{
    if (contentHash.isEmpty())
        return std::nullopt;
    const QString prefix = group(contentHash);
    // "stop" is where answers were kept before timelines had other markers than the stop.
    QString candidate = m_settings->value(prefix + QStringLiteral("/answer")).toString();
    if (candidate.isEmpty())
        candidate = m_settings->value(prefix + QStringLiteral("/stop")).toString();
    const QVariant correct = m_settings->value(prefix + QStringLiteral("/correct"));
    static const QRegularExpression keyPattern(QStringLiteral("^[a-z0-9-]{1,64}$"));
    if (!keyPattern.match(candidate).hasMatch() || !correct.canConvert<bool>())
        return std::nullopt;
    Answer answer;
    answer.candidate = candidate;
    answer.correct = correct.toBool();
    answer.answeredAt = m_settings->value(prefix + QStringLiteral("/answeredAt")).toDateTime();
    return answer;
}

void AnswerStore::setAnswer(const QString &contentHash, const QString &candidate, bool correct)
{
    if (contentHash.isEmpty() || candidate.isEmpty())
        return;
    const QString prefix = group(contentHash);
    m_settings->remove(prefix + QStringLiteral("/stop"));
    m_settings->setValue(prefix + QStringLiteral("/answer"), candidate);
    m_settings->setValue(prefix + QStringLiteral("/correct"), correct);
    m_settings->setValue(prefix + QStringLiteral("/answeredAt"), QDateTime::currentDateTimeUtc());
    m_settings->sync();
    emit answerChanged(contentHash);
}

void AnswerStore::clear(const QString &contentHash)
{
    if (!answer(contentHash))
        return;
    m_settings->remove(group(contentHash));
    m_settings->sync();
    emit answerChanged(contentHash);
}

QString AnswerStore::mark(const QString &contentHash) const
{
    const auto stored = answer(contentHash);
    if (!stored)
        return {};
    return stored->correct ? QStringLiteral("✓") : QStringLiteral("✗");
}
