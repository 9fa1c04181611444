// forEachInOrder: results come back in index order whatever order the work finishes in, memory
// stays within the window, and a failing consumer stops the workers cleanly.
#include "core/base/orderedparallel.h"

#include <QTest>

#include <atomic>
#include <chrono>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>
#include <vector>

using namespace lessonscope;

class TestOrderedParallel : public QObject
{
    Q_OBJECT

private slots:
    void deliversInOrder_data()
    {
        QTest::addColumn<int>("count");
        QTest::addColumn<int>("threads");
        QTest::addColumn<int>("window");
        QTest::newRow("nothing") << 0 << 4 << 8;
        QTest::newRow("one item") << 1 << 4 << 8;
        QTest::newRow("inline (one thread)") << 100 << 1 << 8;
        QTest::newRow("two threads") << 1000 << 2 << 8;
        QTest::newRow("more threads than items") << 3 << 8 << 8;
        QTest::newRow("window smaller than threads") << 500 << 4 << 1;
        QTest::newRow("many threads, small window") << 2000 << 8 << 16;
    }

    void deliversInOrder()
    {
        QFETCH(int, count);
        QFETCH(int, threads);
        QFETCH(int, window);
        std::vector<std::size_t> order;
        std::atomic<int> calls{0};
        forEachInOrder(
            static_cast<std::size_t>(count), threads, static_cast<std::size_t>(window),
            [&](std::size_t i) {
                ++calls;
                // Later items often finish first: odd ones are slower.
                if (i % 2 == 1)
                    std::this_thread::sleep_for(std::chrono::microseconds(50));
                return std::to_string(i);
            },
            [&](std::size_t i, std::string &&result) {
                QCOMPARE(result, std::to_string(i));
                order.push_back(i);
            });
        QCOMPARE(calls.load(), count);
        QCOMPARE(order.size(), std::size_t(count));
        for (std::size_t i = 0; i < order.size(); ++i)
            QCOMPARE(order[i], i);
    }

    void memoryStaysWithinTheWindow()
    {
        // A slow consumer: without the window, fast workers would pile up every result.
        constexpr std::size_t kWindow = 8;
        std::atomic<int> alive{0};
        std::atomic<int> mostAlive{0};
        struct Tracked {
            std::atomic<int> *alive = nullptr;
            explicit Tracked(std::atomic<int> *a) : alive(a) { ++*alive; }
            Tracked(Tracked &&other) noexcept : alive(std::exchange(other.alive, nullptr)) { }
            Tracked &operator=(Tracked &&) = delete;
            ~Tracked()
            {
                if (alive)
                    --*alive;
            }
        };
        forEachInOrder(
            200, 4, kWindow,
            [&](std::size_t) {
                Tracked tracked(&alive);
                int seen = mostAlive.load();
                while (seen < alive.load() && !mostAlive.compare_exchange_weak(seen, alive.load())) { }
                return tracked;
            },
            [&](std::size_t, Tracked &&) { std::this_thread::sleep_for(std::chrono::microseconds(200)); });
        QCOMPARE(alive.load(), 0);
        // The window, plus one being handed over to deliver.
        QVERIFY2(mostAlive.load() <= int(kWindow) + 1, qPrintable(QString::number(mostAlive.load())));
    }

    void aThrowingConsumerStopsTheWorkers()
    {
        std::atomic<int> calls{0};
        bool thrown = false;
        try {
            forEachInOrder(
                100'000, 2, 8,
                [&](std::size_t i) {
                    ++calls;
                    return i;
                },
                [&](std::size_t i, std::size_t &&) {
                    if (i == 10)
                        throw std::runtime_error("stop");
                });
        } catch (const std::runtime_error &) {
            thrown = true;
        }
        QVERIFY(thrown);
        // Workers stopped near where the consumer did, not after all 100,000 items.
        QVERIFY2(calls.load() < 100, qPrintable(QString::number(calls.load())));
    }
};

QTEST_GUILESS_MAIN(TestOrderedParallel)
#include "tst_orderedparallel.moc"
