#pragma once

#include <algorithm>
#include <condition_variable>
#include <cstddef>
#include <mutex>
#include <optional>
#include <thread>
#include <utility>
#include <vector>

namespace lessonscope {

// Runs work(i) for every i in [0, count) on `threads` worker threads and hands each result to
// deliver(i, result) on the calling thread, in index order, as soon as it and every earlier one
// are done. At most `window` results are in flight or waiting at any time, so memory stays
// bounded however large count is (`lessonscope validate` over a course folder: the files are
// parsed in parallel, the reports come out in the files' order and nothing holds all documents).
//
// work runs concurrently with itself and must not throw; deliver runs on the calling thread only
// and may throw (the workers are stopped and joined first). threads <= 1 runs everything on the
// calling thread.
template<typename Work, typename Deliver>
void forEachInOrder(std::size_t count, int threads, std::size_t window, Work work, Deliver deliver)
{
    using Result = decltype(work(std::size_t{}));
    if (count == 0)
        return;
    const std::size_t workers = std::min<std::size_t>(threads > 1 ? static_cast<std::size_t>(threads) : 1, count);
    if (workers == 1) {
        for (std::size_t i = 0; i < count; ++i)
            deliver(i, work(i));
        return;
    }
    window = std::max(window, 2 * workers);

    std::mutex mutex;
    std::condition_variable resultReady; // a worker stored a result (only the caller waits)
    std::condition_variable slotFree;    // the caller took a result (workers wait)
    // Result i lives in results[i % window]; a worker claims index i only when i < delivered + window,
    // that is when result i - window has been delivered and its slot emptied.
    std::vector<std::optional<Result>> results(window);
    std::size_t claimed = 0;
    std::size_t delivered = 0;
    bool stop = false;

    const auto runWorker = [&] {
        for (;;) {
            std::size_t index = 0;
            {
                std::unique_lock lock(mutex);
                slotFree.wait(lock, [&] { return stop || claimed >= count || claimed < delivered + window; });
                if (stop || claimed >= count)
                    return;
                index = claimed++;
            }
            Result result = work(index);
            {
                std::lock_guard lock(mutex);
                results[index % window].emplace(std::move(result));
            }
            resultReady.notify_one();
        }
    };

    // Stops and joins the workers however the caller leaves (deliver may throw).
    struct Pool {
        std::vector<std::thread> threads;
        std::mutex &mutex;
        std::condition_variable &slotFree;
        bool &stop;
        ~Pool()
        {
            {
                std::lock_guard lock(mutex);
                stop = true;
            }
            slotFree.notify_all();
            for (std::thread &thread : threads)
                thread.join();
        }
    } pool{{}, mutex, slotFree, stop};
    pool.threads.reserve(workers);
    for (std::size_t t = 0; t < workers; ++t)
        pool.threads.emplace_back(runWorker);

    for (std::size_t i = 0; i < count; ++i) {
        std::optional<Result> result;
        {
            std::unique_lock lock(mutex);
            std::optional<Result> &slot = results[i % window];
            resultReady.wait(lock, [&] { return slot.has_value(); });
            result.emplace(std::move(*slot)); // Result need only be movable
            slot.reset();
            ++delivered;
        }
        slotFree.notify_all();
        deliver(i, std::move(*result));
    }
}

} // namespace lessonscope
