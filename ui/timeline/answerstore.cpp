#include "ui/timeline/answerstore.h"

#include <QRegularExpression>
#include <QSettings>

#include <cmath>
#include <utility>

namespace {

constexpr int kMaximumRetries = 100; // a learner who retries more has made the point
constexpr int kMaximumSavedRuns = 20;

bool isLessonId(const QString &lessonId)
{
    static const QRegularExpression pattern(QStringLiteral("^[a-z0-9-]{1,64}$"));
    return pattern.match(lessonId).hasMatch();
}

bool isCandidateKey(const QString &key)
{
    static const QRegularExpression pattern(QStringLiteral("^[a-z0-9-]{1,64}$"));
    return pattern.match(key).hasMatch();
}

bool isLength(const std::optional<double> &length) { return length && *length > 0 && std::isfinite(*length); }

bool isAnswer(const AnswerStore::Answer &answer) { return isLength(answer.length) != isCandidateKey(answer.candidate); }

// An answer as kept under the settings' current group; read back only when it is whole and of
// a kind this version knows (one of a candidate key or a length).
void writeAnswer(QSettings &settings, const AnswerStore::Answer &answer)
{
    if (answer.length)
        settings.setValue(QStringLiteral("length"), *answer.length);
    else
        settings.setValue(QStringLiteral("answer"), answer.candidate);
    settings.setValue(QStringLiteral("correct"), answer.correct);
    settings.setValue(QStringLiteral("answeredAt"), answer.answeredAt);
    settings.setValue(QStringLiteral("artifact"), answer.artifactKey);
    settings.setValue(QStringLiteral("answeredOn"), answer.answeredOn);
}

std::optional<AnswerStore::Answer> readAnswer(const QSettings &settings)
{
    const QVariant correct = settings.value(QStringLiteral("correct"));
    if (correct.typeId() != QMetaType::Bool && correct.toString() != QLatin1String("true")
        && correct.toString() != QLatin1String("false"))
        return std::nullopt;
    AnswerStore::Answer answer;
    answer.correct = correct.toBool();
    const QVariant length = settings.value(QStringLiteral("length"));
    if (length.isValid()) {
        bool ok = false;
        answer.length = length.toDouble(&ok);
        if (!ok)
            return std::nullopt;
    } else {
        answer.candidate = settings.value(QStringLiteral("answer")).toString();
    }
    if (!isAnswer(answer))
        return std::nullopt;
    answer.answeredAt = settings.value(QStringLiteral("answeredAt")).toDateTime();
    answer.artifactKey = settings.value(QStringLiteral("artifact")).toString().left(200);
    answer.answeredOn = settings.value(QStringLiteral("answeredOn")).toString().left(200);
    return answer;
}

bool readBool(const QSettings &settings, const QString &key)
{
    const QVariant value = settings.value(key);
    return value.typeId() == QMetaType::Bool ? value.toBool() : value.toString() == QLatin1String("true");
}

} // namespace

std::optional<AnswerStore::Answer> AnswerStore::LessonRecord::current() const
{
    if (reopened)
        return std::nullopt;
    return retries.isEmpty() ? first : std::optional(retries.constLast());
}

AnswerStore::AnswerStore(QObject *parent) : QObject(parent), m_settings(std::make_unique<QSettings>()) { }

AnswerStore::AnswerStore(const QString &settingsFile, QObject *parent)
    : QObject(parent), m_settings(std::make_unique<QSettings>(settingsFile, QSettings::IniFormat))
{ }

AnswerStore::~AnswerStore() = default;

QString AnswerStore::artifactKeyOf(const std::string &contentHash, const std::string &generatedAt)
{
    return QString::fromStdString(contentHash).left(128) + QLatin1Char('@')
        + QString::fromStdString(generatedAt).left(64);
}

AnswerStore::LessonRecord AnswerStore::record(const QString &lessonId) const
{
    if (!isLessonId(lessonId))
        return {};
    return cached(lessonId);
}

AnswerStore::LessonRecord &AnswerStore::cached(const QString &lessonId) const
{
    auto it = m_records.find(lessonId);
    if (it == m_records.end())
        it = m_records.insert(lessonId, read(lessonId));
    return *it;
}

AnswerStore::LessonRecord AnswerStore::read(const QString &lessonId) const
{
    LessonRecord record;
    QSettings &settings = *m_settings;
    settings.beginGroup(QStringLiteral("course/") + lessonId);
    settings.beginGroup(QStringLiteral("first"));
    record.first = readAnswer(settings);
    settings.endGroup();
    const int retries = std::min(settings.beginReadArray(QStringLiteral("retries")), kMaximumRetries);
    for (int i = 0; i < retries && record.first; ++i) {
        settings.setArrayIndex(i);
        if (const auto answer = readAnswer(settings))
            record.retries.append(*answer);
    }
    settings.endArray();
    record.reopened = record.first && readBool(settings, QStringLiteral("reopened"));
    record.resultsSeen = readBool(settings, QStringLiteral("resultsSeen"));
    record.ranHere = readBool(settings, QStringLiteral("ranHere"));
    record.runFigures = settings.value(QStringLiteral("runFigures")).toString().left(300);
    record.compared = readBool(settings, QStringLiteral("compared"));
    record.savedRuns = settings.value(QStringLiteral("savedRuns")).toStringList().mid(0, kMaximumSavedRuns);
    settings.endGroup();
    return record;
}

void AnswerStore::write(const QString &lessonId, const LessonRecord &record)
{
    QSettings &settings = *m_settings;
    settings.remove(QStringLiteral("course/") + lessonId);
    settings.beginGroup(QStringLiteral("course/") + lessonId);
    if (record.first) {
        settings.beginGroup(QStringLiteral("first"));
        writeAnswer(settings, *record.first);
        settings.endGroup();
        settings.beginWriteArray(QStringLiteral("retries"), static_cast<int>(record.retries.size()));
        for (int i = 0; i < record.retries.size(); ++i) {
            settings.setArrayIndex(i);
            writeAnswer(settings, record.retries[i]);
        }
        settings.endArray();
        settings.setValue(QStringLiteral("reopened"), record.reopened);
    }
    settings.setValue(QStringLiteral("resultsSeen"), record.resultsSeen);
    settings.setValue(QStringLiteral("ranHere"), record.ranHere);
    settings.setValue(QStringLiteral("runFigures"), record.runFigures);
    settings.setValue(QStringLiteral("compared"), record.compared);
    settings.setValue(QStringLiteral("savedRuns"), record.savedRuns);
    settings.endGroup();
    settings.sync();
    m_records.insert(lessonId, record);
    emit changed(lessonId);
}

void AnswerStore::change(const QString &lessonId, const std::function<bool(LessonRecord &)> &edit)
{
    if (!isLessonId(lessonId))
        return;
    LessonRecord record = cached(lessonId);
    if (edit(record)) // false: nothing to change
        write(lessonId, record);
}

void AnswerStore::commit(const QString &lessonId, const Answer &answer)
{
    if (!isAnswer(answer))
        return;
    change(lessonId, [&answer](LessonRecord &record) {
        Answer stored = answer;
        if (!stored.answeredAt.isValid())
            stored.answeredAt = QDateTime::currentDateTimeUtc();
        if (!record.first)
            record.first = stored;
        else if (record.retries.size() < kMaximumRetries)
            record.retries.append(stored);
        else
            record.retries.last() = stored; // the latest still shows; the count stops growing
        record.reopened = false;
        return true;
    });
}

void AnswerStore::reopen(const QString &lessonId)
{
    change(lessonId, [](LessonRecord &record) { return record.first && !std::exchange(record.reopened, true); });
}

void AnswerStore::markResultsSeen(const QString &lessonId)
{
    // Seen after predicting is what the course asks for: only before the first answer is it noted.
    change(lessonId, [](LessonRecord &record) { return !record.first && !std::exchange(record.resultsSeen, true); });
}

void AnswerStore::markRunHere(const QString &lessonId, const QString &runFigures)
{
    change(lessonId, [&runFigures](LessonRecord &record) {
        const QString figures = runFigures.left(300);
        if (record.ranHere && record.runFigures == figures)
            return false;
        record.ranHere = true;
        record.runFigures = figures;
        return true;
    });
}

void AnswerStore::markCompared(const QString &lessonId)
{
    change(lessonId, [](LessonRecord &record) { return !std::exchange(record.compared, true); });
}

void AnswerStore::addSavedRun(const QString &lessonId, const QString &path)
{
    if (path.isEmpty())
        return;
    change(lessonId, [&path](LessonRecord &record) {
        record.savedRuns.removeAll(path);
        record.savedRuns.prepend(path);
        while (record.savedRuns.size() > kMaximumSavedRuns)
            record.savedRuns.removeLast();
        return true;
    });
}

void AnswerStore::adoptEarlierAnswer(const QString &lessonId, const QString &contentHash)
{
    static const QRegularExpression hex(QStringLiteral("^[0-9a-f]{64}$"));
    if (!hex.match(contentHash).hasMatch() || record(lessonId).first)
        return;
    m_settings->beginGroup(QStringLiteral("answers/") + contentHash);
    std::optional<Answer> earlier = readAnswer(*m_settings);
    if (!earlier) { // the oldest kept a candidate as "stop"
        const QVariant stop = m_settings->value(QStringLiteral("stop"));
        if (stop.isValid()) {
            m_settings->setValue(QStringLiteral("answer"), stop);
            earlier = readAnswer(*m_settings);
            m_settings->remove(QStringLiteral("answer"));
        }
    }
    m_settings->endGroup();
    if (!earlier)
        return;
    earlier->answeredOn = tr("an earlier lessonscope");
    commit(lessonId, *earlier);
}
