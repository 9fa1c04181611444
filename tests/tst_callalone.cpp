// performance-06's call alone (performance06callalone.h): timed on a stream that has settled after
// the pause before it, with no region started between the untimed calls and the timed one.
#include "core/lessons/performance-06/performance06callalone.h"

#include <QtTest>

#include <algorithm>
#include <string>
#include <vector>

using namespace lessonscope;

namespace {

// A product whose calls last as scripted (ns; the last one repeats), noting each call ('c') and
// each region's start ('r').
class ScriptedProduct final : public TimedProduct
{
public:
    explicit ScriptedProduct(std::vector<std::int64_t> durations) : m_durations(std::move(durations)) { }

    Timed call() override
    {
        Timed timed;
        timed.timestamps.dispatchBegin = 1'000;
        timed.timestamps.readyObserved = 1'000 + m_durations[std::min(m_calls, m_durations.size() - 1)];
        ++m_calls;
        m_events.push_back('c');
        return timed;
    }
    CallEvidence burst(int, std::vector<Timed> &) override { return {}; }
    void startRegion() override { m_events.push_back('r'); }
    WarmUp warmUp(const std::function<bool()> &) override { return {}; }
    double checkAgainstReference(double lastWhole, const std::function<bool()> &) override { return lastWhole; }
    std::int64_t productsComputed() const override { return static_cast<std::int64_t>(m_calls); }
    TimedStream *stream() override { return nullptr; }
    std::string instructionSet() const override { return {}; }
    std::string waitStrategy() const override { return {}; }
    std::string backend() const override { return "scripted"; }
    std::shared_ptr<const Json> deviceEnvironment() const override { return nullptr; }
    const std::string &events() const { return m_events; }

private:
    std::vector<std::int64_t> m_durations;
    std::size_t m_calls = 0;
    std::string m_events;
};

} // namespace

class TestCallAlone : public QObject
{
    Q_OBJECT

private slots:
    // The call alone is timed on a stream that has settled after the pause before it (the
    // durations as measured after 100 µs without calls), and no region starts between the
    // untimed calls and the timed one: one untimed call, or a region between, fails here.
    void waitsForTheStreamToSettle()
    {
        ScriptedProduct afterPause({790, 700, 530, 480, 476, 470, 472, 471});
        const TimedProduct::Timed alone = performance06::callAlone(afterPause);
        const std::int64_t ns = alone.timestamps.readyObserved - alone.timestamps.dispatchBegin;
        QVERIFY2(ns <= 480, qPrintable(QString::number(ns)));
        QCOMPARE(QString::fromStdString(afterPause.events()), QStringLiteral("cccccccc"));
        // A stream ready at once still gets the rule's least untimed calls first.
        ScriptedProduct ready({470});
        performance06::callAlone(ready);
        QCOMPARE(ready.productsComputed(), std::int64_t(performance06::kLoneCallWarmUp.leastCalls + 1));
    }
};

QTEST_GUILESS_MAIN(TestCallAlone)
#include "tst_callalone.moc"
