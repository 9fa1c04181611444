#pragma once

#include <QDateTime>
#include <QObject>
#include <QString>

#include <memory>
#include <optional>

class QSettings;

// The learner's answers to the prediction prompts, one per artifact content (contentHash), kept
// in QSettings so that they survive restarts. The library view shows them as ✓ / ✗; the
// prediction panel restores them and "try again" clears one.
//
// One store per settings file: two instances on the same file do not notify each other, so the
// program shares shared() and tests make their own on a temporary file.
class AnswerStore : public QObject
{
    Q_OBJECT

public:
    // One of the two: a candidate's key (a stop or start marker), or a length (a Length marker).
    struct Answer {
        QString candidate; // the key of the timeline candidate the learner chose; empty for a length
        std::optional<double> length; // the length the learner set, as a multiple of the reference
        bool correct = false;
        QDateTime answeredAt;
    };

    // The application's settings (organisation and application names of QCoreApplication).
    explicit AnswerStore(QObject *parent = nullptr);
    // An INI file at settingsFile: for tests and portable set-ups.
    explicit AnswerStore(const QString &settingsFile, QObject *parent = nullptr);
    ~AnswerStore() override;

    // The program-wide store on the application's settings. Created on first use.
    static AnswerStore *shared();

    // Empty for an unknown or empty contentHash, and for a stored value this version cannot read.
    std::optional<Answer> answer(const QString &contentHash) const;
    // An empty contentHash or candidate is not stored (there is nothing to key it by).
    void setAnswer(const QString &contentHash, const QString &candidate, bool correct);
    // A length answer; one that is not a positive finite number is not stored.
    void setLengthAnswer(const QString &contentHash, double length, bool correct);
    void clear(const QString &contentHash);

    // "✓", "✗" or "" for the library's answer column.
    QString mark(const QString &contentHash) const;

signals:
    void answerChanged(const QString &contentHash);

private:
    static QString group(const QString &contentHash);
    void store(const QString &contentHash, const QString &key, const QVariant &value, bool correct);
    std::unique_ptr<QSettings> m_settings;
};
