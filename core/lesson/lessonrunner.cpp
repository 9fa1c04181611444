#include "core/lesson/lessonrunner.h"

#include "core/lesson/artifactbuilder.h"
#include "core/base/rfc3339.h"
#include "core/lesson/lessonartifacts.h"

#include "core/base/workerthreads.h"

#include <chrono>
#include <exception>
#include <optional>
#include <string>

using namespace lessonscope;

namespace {

constexpr auto kReportInterval = std::chrono::milliseconds(100);

} // namespace

// Lives on the worker thread; posts to the runner on the GUI thread.
class LessonRunner::Observer final : public RunObserver
{
public:
    Observer(LessonRunner *runner, int job, std::shared_ptr<std::atomic<bool>> cancel)
        : m_runner(runner), m_job(job), m_cancel(std::move(cancel))
    { }

    void progress(int done, int total) override
    {
        const auto now = std::chrono::steady_clock::now();
        if (done != total && done != 1 && now - m_lastProgress < kReportInterval)
            return;
        m_lastProgress = now;
        post([done, total](LessonRunner *runner, int job) { emit runner->progress(job, done, total); });
    }

    void callMeasured(int index, const MeasuredCall &call) override
    {
        ++m_reported;
        const double seconds = call.synchronizedSeconds();
        if (index == 0) {
            post([seconds](LessonRunner *runner, int job) { emit runner->firstCallMeasured(job, seconds); });
            return;
        }
        m_pending.append(seconds);
        if (std::chrono::steady_clock::now() - m_lastSamples >= kReportInterval)
            flush();
    }

    bool isCancelled() const override { return m_cancel->load(std::memory_order_relaxed); }
    // The calls reported so far: what the progress counts and a cancel says were measured.
    int reported() const { return m_reported; }

    void phase(const std::string &what) override
    {
        post([text = QString::fromStdString(what)](LessonRunner *runner, int job) {
            emit runner->phaseStarted(job, text);
        });
    }

    void flush()
    {
        if (m_pending.isEmpty())
            return;
        m_lastSamples = std::chrono::steady_clock::now();
        const int first = m_sent;
        m_sent += static_cast<int>(m_pending.size());
        post([first, samples = std::move(m_pending)](LessonRunner *runner, int job) {
            emit runner->warmSamplesMeasured(job, first, samples);
        });
        m_pending.clear();
    }

    // Runs on the GUI thread, and only while the job is still the runner's current one.
    template<typename F>
    void post(F &&deliver)
    {
        LessonRunner *runner = m_runner;
        const int job = m_job;
        runner->m_workers->post([runner, job, deliver = std::forward<F>(deliver)]() {
            if (runner->isCurrent(job))
                deliver(runner, job);
        });
    }

private:
    LessonRunner *m_runner;
    int m_job;
    std::shared_ptr<std::atomic<bool>> m_cancel;
    QList<double> m_pending;
    int m_sent = 0;
    int m_reported = 0;
    std::chrono::steady_clock::time_point m_lastProgress;
    std::chrono::steady_clock::time_point m_lastSamples = std::chrono::steady_clock::now();
};

LessonRunner::LessonRunner(QObject *parent) : QObject(parent), m_workers(new WorkerThreads(this)) { }

LessonRunner::~LessonRunner()
{
    if (m_cancel)
        m_cancel->store(true);
    waitForWorkers();
}

void LessonRunner::waitForWorkers() { m_workers->joinAll(); }

int LessonRunner::deliverPending() { return m_workers->deliverNow(); }

int LessonRunner::start(const Lesson &lesson, const ParameterValues &values, const std::string &device)
{
    if (isRunning())
        return 0;
    const int job = ++m_lastJob;
    m_job = job;
    m_cancel = std::make_shared<std::atomic<bool>>(false);
    auto cancel = m_cancel;
    const Lesson *lessonPtr = &lesson;

    const std::string name = "ls-run-" + std::to_string(job);
    m_workers->start(name.c_str(), [this, job, cancel, lessonPtr, values, device] {
        Observer observer(this, job, cancel);
        try {
            const LessonRun run = runLesson(*lessonPtr, values, observer, RunContext{device});
            observer.flush();
            // A run whose measurement is complete is complete: a cancel that came after its last
            // call (while the artifact was being made) changes nothing.
            if (run.cancelled) {
                const int calls = observer.reported();
                // "Cancel loses nothing already measured": the calls so far become an artifact.
                std::optional<Artifact> partial;
                Problems problems;
                if (run.output && !run.calls.empty()) {
                    partial = buildArtifact(*lessonPtr, run, rfc3339UtcNow());
                    problems = validateArtifact(partial->json());
                }
                observer.post([calls, partial, problems](LessonRunner *runner, int id) {
                    runner->end(id);
                    if (partial)
                        emit runner->partialRun(id, *partial, problems);
                    emit runner->cancelled(id, calls);
                });
                return;
            }
            observer.phase("making the artifact and validating it");
            const Artifact artifact = buildArtifact(*lessonPtr, run, rfc3339UtcNow());
            const Problems problems = validateArtifact(artifact.json());
            observer.post([artifact, problems](LessonRunner *runner, int id) {
                runner->end(id);
                emit runner->finished(id, artifact, problems);
            });
        } catch (const std::exception &error) {
            const QString message = QString::fromStdString(error.what());
            observer.post([message](LessonRunner *runner, int id) {
                runner->end(id);
                emit runner->failed(id, message);
            });
        }
    });
    emit runningChanged(true);
    return job;
}

void LessonRunner::cancel()
{
    if (!isRunning())
        return;
    // The worker stops between calls and reports cancelled(job); anything else it still sends
    // for this job is dropped once end() has run.
    m_cancel->store(true);
}

void LessonRunner::stop()
{
    if (!isRunning())
        return;
    m_cancel->store(true);
    waitForWorkers();
    // What the worker posted is delivered now, not by the event loop later: the caller (closing
    // the window) acts on it at once, and the loop may not run again.
    deliverPending();
}

void LessonRunner::end(int job)
{
    if (!isCurrent(job))
        return;
    m_job = 0;
    emit runningChanged(false);
}
