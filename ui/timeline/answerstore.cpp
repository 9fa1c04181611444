#include "ui/timeline/answerstore.h"

#include <QCoreApplication>
#include <QPointer>
#include <QRegularExpression>
#include <QSettings>

#include <cmath>


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
    const QVariant correct = m_settings->value(prefix + QStringLiteral("/correct"));
    if (!correct.canConvert<bool>())
        return std::nullopt;
    // A length answer: a positive finite number, kept apart from the candidates' keys.
    const QVariant length = m_settings->value(prefix + QStringLiteral("/length"));
    if (length.isValid()) {
        bool ok = false;
        const double value = length.toDouble(&ok);
        if (!ok || !(value > 0) || !std::isfinite(value))
            return std::nullopt;
        Answer answer;
        answer.length = value;
        answer.correct = correct.toBool();
        answer.answeredAt = m_settings->value(prefix + QStringLiteral("/answeredAt")).toDateTime();
        return answer;
    }
    // "stop" is where answers were kept before timelines had other markers than the stop.
    QString candidate = m_settings->value(prefix + QStringLiteral("/answer")).toString();
    if (candidate.isEmpty())
        candidate = m_settings->value(prefix + QStringLiteral("/stop")).toString();
    static const QRegularExpression keyPattern(QStringLiteral("^[a-z0-9-]{1,64}$"));
    if (!keyPattern.match(candidate).hasMatch())
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
    store(contentHash, QStringLiteral("answer"), candidate, correct);
}

void AnswerStore::setLengthAnswer(const QString &contentHash, double length, bool correct)
{
    if (contentHash.isEmpty() || !(length > 0) || !std::isfinite(length))
        return;
    store(contentHash, QStringLiteral("length"), length, correct);
}

void AnswerStore::store(const QString &contentHash, const QString &key, const QVariant &value, bool correct)
{
    // One answer per content: whichever kind it is replaces the other's.
    const QString prefix = group(contentHash);
    for (const char *old : {"stop", "answer", "length"})
        m_settings->remove(prefix + QLatin1Char('/') + QLatin1String(old));
    m_settings->setValue(prefix + QLatin1Char('/') + key, value);
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
