#pragma once

#include "core/lesson/lesson.h"

#include <QWidget>

#include <map>
#include <string>

class LessonRunner;
class QComboBox;
class DeviceField;
class QFormLayout;
class QLabel;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTimer;

// Rerun the selected artifact's lesson on this machine: a form made from the lesson's declared
// parameters (defaults, ranges, descriptions as tooltips), Run and Cancel, a progress bar and a
// status line. The run itself happens in the LessonRunner it is given (the window's), on a
// worker thread.
class RunPanel : public QWidget
{
    Q_OBJECT

public:
    // runner: the one the window made; not owned, and must outlive the panel.
    explicit RunPanel(LessonRunner *runner, QWidget *parent = nullptr);

    // The lesson to offer, by id; an id this build cannot run disables the form and says so.
    void setLessonId(const QString &lessonId);
    const lessonscope::Lesson *lesson() const { return m_lesson; }

    lessonscope::ParameterValues values() const;
    // Where the run is to go: "stream", or "opencl:N" for a lesson that runs on real devices
    // (the form's Device field lists those this machine has, when it is first opened; setDevice
    // lists them too).
    std::string device() const;
    void setDevice(const std::string &device);
    // Whether the Device field has asked the OpenCL loader (never before it is opened).
    bool devicesListed() const;
    // Sets form fields by parameter name (unknown names are ignored).
    void setValues(const lessonscope::ParameterValues &values);
    void resetToDefaults();

    LessonRunner *runner() const { return m_runner; }
    QPushButton *runButton() const { return m_run; }
    QPushButton *cancelButton() const { return m_cancel; }
    QProgressBar *progressBar() const { return m_progress; }
    QString statusText() const;
    // The progress bar's text as shown ("" when it shows none).
    QString progressText() const;
    // The status after a cancel: how many calls were measured, and whether they were kept.
    static QString cancelledText(int calls, bool kept);

public slots:
    // Returns the job id, or 0 when nothing was started (no lesson, busy, bad values).
    int run();
    void cancel();

signals:
    // A run began: the lesson and its resolved values, for the live view.
    void runStarted(int job, const QString &lessonId, const QString &description);

protected:
    // Enter in the form runs, as in a dialog with a default button.
    void keyPressEvent(QKeyEvent *event) override;

private:
    void rebuildForm();
    void addDeviceField();
    void updateButtons();
    void setStatus(const QString &text);
    void resetProgress();
    void followRunner(); // the runner's signals shown in the progress bar and the status line
    void showOutcome(const QString &withTotal, const QString &withoutTotal, int calls);

    const lessonscope::Lesson *m_lesson = nullptr;
    QString m_lessonId;
    QString m_pendingLessonId;
    bool m_formBuilt = false;
    LessonRunner *m_runner = nullptr;
    QLabel *m_heading = nullptr;
    QLabel *m_summary = nullptr;
    QWidget *m_formArea = nullptr;
    QFormLayout *m_form = nullptr;
    std::map<std::string, QSpinBox *> m_integers;
    std::map<std::string, QComboBox *> m_choices;
    DeviceField *m_device = nullptr; // for a lesson that runs on real devices
    QPushButton *m_defaults = nullptr;
    QPushButton *m_run = nullptr;
    QPushButton *m_cancel = nullptr;
    QProgressBar *m_progress = nullptr;
    QLabel *m_status = nullptr;
    qint64 m_startedMs = 0;
    int m_keptJob = 0;       // the last job whose cancelled calls became a partial artifact
    bool m_measured = false; // every call of the run in progress is measured: it cannot be cancelled
    QString m_progressText;  // "Measuring on this machine: call 3 of 41", without the ellipsis
    QString m_phase;         // the step the run is in that is not a call; empty during calls
    QTimer *m_phaseTimer = nullptr;
};
