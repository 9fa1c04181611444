#include "ui/runs/runpanel.h"

#include "core/lesson/lessonartifacts.h"

#include "core/lesson/lessonregistry.h"
#include "core/lesson/lessonrunner.h"
#include "core/base/units.h"
#include "core/base/utf8.h"
#include "ui/common/plaintext.h"
#include "ui/runs/devicefield.h"

#include <QComboBox>
#include <QDateTime>
#include <QFormLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QTimer>
#include <QVBoxLayout>

#include <limits>

using namespace lessonscope;

namespace {

QString q(const std::string &text) { return QString::fromStdString(text); }

int clampToInt(std::int64_t value)
{
    return static_cast<int>(
        std::clamp<std::int64_t>(value, std::numeric_limits<int>::min(), std::numeric_limits<int>::max()));
}

} // namespace

RunPanel::RunPanel(LessonRunner *runner, QWidget *parent) : QWidget(parent), m_runner(runner)
{
    m_heading = new QLabel(this);
    QFont headingFont = m_heading->font();
    headingFont.setBold(true);
    m_heading->setFont(headingFont);
    m_heading->setWordWrap(true);
    m_summary = new QLabel(this);
    m_summary->setWordWrap(true);
    m_summary->setForegroundRole(QPalette::PlaceholderText);

    m_formArea = new QWidget(this);
    m_form = new QFormLayout(m_formArea);
    m_form->setContentsMargins(0, 0, 0, 0);
    m_form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);

    m_defaults = new QPushButton(tr("De&faults"), this);
    m_defaults->setToolTip(tr("Put back the lesson's default parameters"));
    m_cancel = new QPushButton(tr("&Cancel"), this);
    m_cancel->setToolTip(tr("Stop the run between two calls; the calls measured so far are kept (Esc)"));
    m_run = new QPushButton(tr("&Run"), this);
    m_run->setToolTip(tr("Run the lesson on this machine with these parameters (Ctrl+R)"));
    m_run->setDefault(true);
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_defaults);
    buttons->addStretch(1);
    buttons->addWidget(m_cancel);
    buttons->addWidget(m_run);

    m_progress = new QProgressBar(this);
    resetProgress();
    m_status = new QLabel(this);
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_heading);
    layout->addWidget(m_summary);
    layout->addSpacing(4);
    layout->addWidget(m_formArea);
    layout->addLayout(buttons);
    layout->addWidget(m_progress);
    layout->addWidget(m_status);
    layout->addStretch(1);

    connect(m_defaults, &QPushButton::clicked, this, &RunPanel::resetToDefaults);
    connect(m_run, &QPushButton::clicked, this, &RunPanel::run);
    connect(m_cancel, &QPushButton::clicked, this, &RunPanel::cancel);
    followRunner();
    setLessonId(QString());
}

void RunPanel::followRunner()
{
    connect(m_runner, &LessonRunner::runningChanged, this, &RunPanel::updateButtons);
    connect(m_runner, &LessonRunner::progress, this, [this](int, int done, int total) {
        m_progress->setRange(0, total);
        m_progress->setValue(done);
        const QLocale locale; // "1,234 of 100,001 calls", grouped as the status line's numbers
        m_progress->setFormat(tr("%1 of %2 calls").arg(locale.toString(done), locale.toString(total)));
        m_progressText = done < total
            ? tr("Measuring on this machine: call %1 of %2").arg(locale.toString(done), locale.toString(total))
            : tr("All %1 calls measured").arg(locale.toString(total));
        m_phase.clear();
        setStatus(m_progressText + (done < total ? QStringLiteral("…") : QStringLiteral(".")));
        // Measured in full, the run is complete: there is nothing left to cancel.
        m_measured = done >= total && total > 0;
        updateButtons();
    });
    // A step that is not a call (a reference check, making the artifact) is said once it has
    // taken half a second: the quick ones would only flicker past.
    m_phaseTimer = new QTimer(this);
    m_phaseTimer->setSingleShot(true);
    m_phaseTimer->setInterval(500);
    connect(m_runner, &LessonRunner::phaseStarted, this, [this](int, const QString &what) {
        m_phase = what;
        m_phaseTimer->start();
    });
    connect(m_phaseTimer, &QTimer::timeout, this, [this] {
        if (!m_phase.isEmpty() && m_runner->isRunning())
            setStatus(tr("%1; %2…").arg(m_progressText.isEmpty() ? tr("Starting") : m_progressText, m_phase));
    });
    connect(m_runner, &LessonRunner::finished, this, [this](int, const Artifact &artifact, const Problems &) {
        showOutcome(tr("All %2 calls measured"), tr("All calls measured"), m_progress->maximum());
        QString numbers;
        const LessonSummary summary = summarizeArtifact(artifact);
        if (const Figure *headline = summary.headline(); headline && headline->value)
            numbers = tr(" (%1: %2)").arg(q(headline->label), q(formatDuration(*headline->value)));
        const double elapsed = static_cast<double>(QDateTime::currentMSecsSinceEpoch() - m_startedMs) / 1000.0;
        setStatus(tr("Done in %1%2. The new artifact is selected in the library, not saved yet.")
                      .arg(q(formatDuration(elapsed)), numbers));
    });
    // partialRun comes just before cancelled() when the calls measured became an artifact.
    connect(m_runner, &LessonRunner::partialRun, this, [this](int job) { m_keptJob = job; });
    connect(m_runner, &LessonRunner::cancelled, this, [this](int job, int calls) {
        showOutcome(tr("Cancelled after %1 of %2 calls"), tr("Cancelled after %1 calls"), calls);
        setStatus(cancelledText(calls, job == m_keptJob));
    });
    connect(m_runner, &LessonRunner::failed, this, [this](int, const QString &message) {
        showOutcome(tr("Failed after %1 of %2 calls"), tr("Failed after %1 calls"), m_progress->value());
        setStatus(tr("The run failed: %1").arg(message));
    });
}

void RunPanel::setLessonId(const QString &lessonId)
{
    // The form stays with the running lesson; the selection's lesson is offered once it ends.
    m_pendingLessonId = lessonId;
    if (m_runner->isRunning() || (m_formBuilt && lessonId == m_lessonId))
        return;
    m_formBuilt = true;
    if (lessonId != m_lessonId)
        resetProgress(); // the last run's count belongs to the lesson it ran
    m_lessonId = lessonId;
    m_lesson = lessonId.isEmpty() ? nullptr : findLesson(lessonId.toStdString());
    if (m_lesson) {
        m_heading->setText(tr("Rerun %1 on this machine").arg(lessonId));
        m_summary->setText(q(m_lesson->info().summary));
    } else {
        m_heading->setText(tr("Rerun a lesson"));
        m_summary->setText(
            lessonId.isEmpty()
                ? tr("Select an artifact to rerun its lesson here.")
                : tr("This build of lessonscope cannot run lesson “%1”.").arg(shownText(lessonId.toStdString())));
    }
    rebuildForm();
    updateButtons();
    if (!m_runner->isRunning())
        setStatus(m_lesson ? tr("Ready.") : QString());
}

void RunPanel::rebuildForm()
{
    while (m_form->rowCount() > 0)
        m_form->removeRow(0);
    m_integers.clear();
    m_choices.clear();
    if (!m_lesson)
        return;
    for (const ParameterSpec &spec : m_lesson->info().parameters) {
        QWidget *field = nullptr;
        if (spec.type == ParameterSpec::Type::Integer) {
            auto *spin = new QSpinBox(m_formArea);
            spin->setRange(clampToInt(spec.minimum), clampToInt(spec.maximum));
            spin->setValue(clampToInt(spec.defaultInteger));
            spin->setAccelerated(true);
            spin->setGroupSeparatorShown(spec.maximum >= 10000);
            m_integers[spec.name] = spin;
            field = spin;
        } else {
            auto *combo = new QComboBox(m_formArea);
            for (const std::string &choice : spec.choices)
                combo->addItem(q(choice));
            m_choices[spec.name] = combo;
            field = combo;
        }
        field->setToolTip(
            q(spec.description) + QLatin1Char('\n')
            + (spec.type == ParameterSpec::Type::Integer
                   ? tr("%1 to %2; default %3").arg(spec.minimum).arg(spec.maximum).arg(spec.defaultInteger)
                   : tr("default %1").arg(q(spec.choices.empty() ? std::string() : spec.choices.front()))));
        field->setAccessibleName(q(spec.label));
        field->setAccessibleDescription(q(spec.description));
        m_form->addRow(q(spec.label) + QLatin1Char(':'), field);
    }
    m_device = nullptr;
    if (m_lesson->runsOnDevices())
        addDeviceField();
}

void RunPanel::addDeviceField()
{
    m_device = new DeviceField(m_lesson->needsRealDevice(), m_formArea);
    m_form->addRow(tr("Device:"), m_device);
}

bool RunPanel::devicesListed() const { return m_device && m_device->devicesListed(); }

std::string RunPanel::device() const
{
    return m_device ? m_device->currentData().toString().toStdString() : std::string(kStreamDevice);
}

void RunPanel::setDevice(const std::string &device)
{
    if (m_device) {
        if (device != kStreamDevice)
            m_device->listDevices();
        if (const int index = m_device->findData(q(device)); index >= 0)
            m_device->setCurrentIndex(index);
    }
}

ParameterValues RunPanel::values() const
{
    ParameterValues values;
    for (const auto &[name, spin] : m_integers)
        values[name] = static_cast<std::int64_t>(spin->value());
    for (const auto &[name, combo] : m_choices)
        values[name] = combo->currentText().toStdString();
    return values;
}

void RunPanel::setValues(const ParameterValues &values)
{
    for (const auto &[name, value] : values) {
        if (const auto spin = m_integers.find(name);
            spin != m_integers.end() && std::holds_alternative<std::int64_t>(value))
            spin->second->setValue(clampToInt(std::get<std::int64_t>(value)));
        if (const auto combo = m_choices.find(name);
            combo != m_choices.end() && std::holds_alternative<std::string>(value))
            combo->second->setCurrentText(q(std::get<std::string>(value)));
    }
}

void RunPanel::resetToDefaults() { rebuildForm(); }

int RunPanel::run()
{
    if (!m_lesson || m_runner->isRunning())
        return 0;
    ParameterValues resolved = values();
    if (const auto error = m_lesson->resolveRunParameters(resolved)) {
        setStatus(tr("Cannot run: %1").arg(q(*error)));
        return 0;
    }
    m_startedMs = QDateTime::currentMSecsSinceEpoch();
    m_measured = false;
    m_phase.clear();
    m_progressText.clear();
    const std::string onDevice = device();
    const int job = m_runner->start(*m_lesson, resolved, onDevice);
    if (job == 0)
        return 0;
    m_progress->setRange(0, 0); // busy until the first progress report
    m_progress->setFormat(QString());
    m_progress->setTextVisible(true);
    setStatus(tr("Starting…"));
    emit runStarted(job, m_lessonId,
                    q(m_lesson->describeParameters(resolved))
                        + (onDevice == kStreamDevice ? QString() : tr(", on %1").arg(q(onDevice))));
    return job;
}

void RunPanel::keyPressEvent(QKeyEvent *event)
{
    if ((event->key() == Qt::Key_Return || event->key() == Qt::Key_Enter) && event->modifiers() == Qt::NoModifier) {
        run();
        return;
    }
    QWidget::keyPressEvent(event);
}

void RunPanel::cancel()
{
    if (!m_runner->isRunning() || m_measured)
        return;
    m_runner->cancel();
    setStatus(tr("Cancelling after the current call…"));
}

void RunPanel::updateButtons()
{
    const bool running = m_runner->isRunning();
    m_run->setEnabled(m_lesson && !running);
    m_cancel->setEnabled(running && !m_measured);
    m_defaults->setEnabled(m_lesson && !running);
    m_formArea->setEnabled(!running);
    if (!running && m_pendingLessonId != m_lessonId)
        setLessonId(m_pendingLessonId);
}

QString RunPanel::cancelledText(int calls, bool kept)
{
    const QLocale locale;
    if (calls == 0)
        return tr("Cancelled before the first call; nothing was measured.");
    if (!kept)
        return calls == 1 ? tr("Cancelled after 1 call; nothing was kept.")
                          : tr("Cancelled after %1 calls; nothing was kept.").arg(locale.toString(calls));
    return calls == 1 ? tr("Cancelled after 1 call; the measured call was kept as a partial run, selected in the "
                           "library and not saved yet.")
                      : tr("Cancelled after %1 calls; the %1 measured calls were kept as a partial run, selected in "
                           "the library and not saved yet.")
                            .arg(locale.toString(calls));
}

void RunPanel::resetProgress()
{
    m_progress->setRange(0, 1);
    m_progress->setValue(0);
    m_progress->setFormat(QString());
    m_progress->setTextVisible(false); // until a run gives it something to count
}

void RunPanel::showOutcome(const QString &withTotal, const QString &withoutTotal, int calls)
{
    // What the bar says once the run is over: how it ended, with the calls it counted (%1) of
    // the run's total (%2). Before the first progress report the bar is busy (range 0..0) and
    // the total is not known.
    const bool totalKnown = m_progress->maximum() > 0;
    const int total = totalKnown ? m_progress->maximum() : std::max(calls, 1);
    m_progress->setRange(0, total);
    m_progress->setValue(std::clamp(calls, 0, total));
    const QLocale locale;
    QString text = totalKnown ? withTotal : withoutTotal;
    if (text.contains(QLatin1String("%1")))
        text = text.arg(locale.toString(calls));
    if (text.contains(QLatin1String("%2")))
        text = text.arg(locale.toString(total));
    m_progress->setFormat(text);
    m_progress->setTextVisible(true);
}

QString RunPanel::progressText() const { return m_progress->isTextVisible() ? m_progress->text() : QString(); }

void RunPanel::setStatus(const QString &text) { m_status->setText(text); }

QString RunPanel::statusText() const { return m_status->text(); }
