#pragma once

#include <QObject>

#include <atomic>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

class QTimer;

// Runs work on threads of its own and brings what they send back to this object's thread, in
// order: the loader's batches, the runner's samples and results. A worker post()s closures into a
// queue behind a std::mutex; a timer on this object's thread delivers them every 10 ms while a
// worker lives or anything waits, and joins the workers that have returned.
//
// Why not QThread and queued calls: no Qt call crosses threads here, so every hand-over is a
// std::mutex and every thread's end a join, which ThreadSanitizer sees. Debian's Qt is not
// instrumented: its event queue and QThread's end look like races to it, and no suppression can
// name them (tests/sanitizers/README.md).
class WorkerThreads : public QObject
{
    Q_OBJECT

public:
    explicit WorkerThreads(QObject *parent = nullptr);
    // Joins every worker (callers ask theirs to stop first); what was not delivered is dropped.
    ~WorkerThreads() override;

    // Runs work on a new thread, named for debuggers and top (at most 15 characters are kept).
    void start(const char *name, std::function<void()> work);
    // From any thread: delivery runs on this object's thread, after what was posted before it.
    void post(std::function<void()> delivery);
    // Blocks until every worker has returned. What they posted is delivered later, by the event
    // loop, as it would have been.
    void joinAll();
    bool hasWorkers() const { return !m_workers.empty(); }
    // Delivers now what the workers have posted, as the timer would; returns how many closures
    // ran. For tests: after joinAll(), everything a worker sent is delivered by one call.
    int deliverNow();

private:
    struct Worker {
        std::thread thread;
        std::shared_ptr<std::atomic<bool>> returned;
    };
    int deliver();

    std::mutex m_mutex; // guards m_pending and the workers' returned flags' meaning
    std::vector<std::function<void()>> m_pending;
    std::vector<Worker> m_workers; // this object's thread only
    QTimer *m_timer = nullptr;
};
