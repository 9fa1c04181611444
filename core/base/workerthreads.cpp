#include "core/base/workerthreads.h"

#include <QPointer>
#include <QTimer>

#if defined(__linux__)
#include <pthread.h>
#endif

#include <string>
#include <utility>

namespace {

// How long a delivery may wait: well under a frame, and the workers report at most every 100 ms.
constexpr int kDeliveryIntervalMs = 10;

} // namespace

WorkerThreads::WorkerThreads(QObject *parent) : QObject(parent), m_timer(new QTimer(this))
{
    m_timer->setInterval(kDeliveryIntervalMs);
    connect(m_timer, &QTimer::timeout, this, [this] { deliver(); });
}

WorkerThreads::~WorkerThreads() { joinAll(); }

void WorkerThreads::start(const char *name, std::function<void()> work)
{
    auto returned = std::make_shared<std::atomic<bool>>(false);
    std::thread thread([this, returned, work = std::move(work)] {
        work();
        // Under the mutex: a delivery that sees the worker returned has taken all it posted.
        const std::lock_guard lock(m_mutex);
        returned->store(true);
    });
#if defined(__linux__)
    pthread_setname_np(thread.native_handle(), std::string(name).substr(0, 15).c_str());
#else
    (void)name;
#endif
    m_workers.push_back({std::move(thread), std::move(returned)});
    m_timer->start();
}

void WorkerThreads::post(std::function<void()> delivery)
{
    const std::lock_guard lock(m_mutex);
    m_pending.push_back(std::move(delivery));
}

void WorkerThreads::joinAll()
{
    for (Worker &worker : m_workers) {
        if (worker.thread.joinable())
            worker.thread.join();
    }
}

int WorkerThreads::deliverNow() { return deliver(); }

int WorkerThreads::deliver()
{
    std::vector<std::function<void()>> deliveries;
    std::vector<Worker> finished;
    {
        const std::lock_guard lock(m_mutex);
        deliveries.swap(m_pending);
        for (auto it = m_workers.begin(); it != m_workers.end();) {
            if (it->returned->load()) {
                finished.push_back(std::move(*it));
                it = m_workers.erase(it);
            } else {
                ++it;
            }
        }
    }
    for (Worker &worker : finished) {
        if (worker.thread.joinable())
            worker.thread.join(); // it has returned: this waits for its last instructions only
    }
    if (m_workers.empty() && deliveries.empty())
        m_timer->stop();
    // A delivery may start new work, or even delete this object (a slot closing a window).
    const QPointer<WorkerThreads> alive(this);
    int delivered = 0;
    for (std::function<void()> &delivery : deliveries) {
        delivery();
        ++delivered;
        if (!alive)
            break;
    }
    return delivered;
}
