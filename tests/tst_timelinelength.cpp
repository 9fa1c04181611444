// A Length marker as a learner uses it, on a timeline made in the test alone (no lesson): drag
// the bar's end or step it with the keys, answer, and have the answer kept; nothing tells the
// asked span's length before the answer.
#include "core/trace/timeline.h"
#include "ui/timeline/answerstore.h"
#include "ui/timeline/timelinewidget.h"

#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <memory>

using namespace lessonscope;

namespace {

// One call: a reference span of 100 ns at 50, and the asked span beside it, 230 ns long (2.3×).
// The view ends at 600 ns unless asked is longer than that.
class ToyLengthTimeline final : public LessonTimeline
{
public:
    explicit ToyLengthTimeline(double asked = 230) : m_asked(asked) { }

    bool isMeasured() const override { return true; }
    int callCount() const override { return 1; }
    int representativeCall() const override { return 0; }
    std::string callTitle(int) const override { return "toy call"; }
    std::optional<double> callSeconds(int) const override { return 1e-6; }
    CallTimeline call(int) const override
    {
        CallTimeline call;
        call.title = "toy call";
        call.measured = true;
        call.lanes = {{"host", TimelineLane::Role::Activity, 0},
                      {"reference", TimelineLane::Role::Activity, 187},
                      {"asked", TimelineLane::Role::Timer, 67}};
        call.marker = MarkerKind::Length;
        call.anchor = 50;
        call.events = {{0, TimelineEvent::Shape::Span, "dispatch", "", 0, 40, false, false},
                       {1, TimelineEvent::Shape::Span, "reference work", "", 50, 150, false, false},
                       {2, TimelineEvent::Shape::Span, "asked work", "", 50, 50 + m_asked, false, false}};
        call.length.event = 2;
        call.length.reference = 100;
        call.length.referenceName = "reference work";
        call.length.guessName = "asked work";
        call.length.initial = 1;
        call.length.minimum = 0.1;
        call.length.maximum = 8;
        call.length.step = 0.05;
        call.viewBegin = -20;
        call.viewEnd = 600;
        return call;
    }
    std::optional<double> readingSeconds(std::string_view, int) const override { return std::nullopt; }
    TimelineVerdict verdict(std::string_view, int) const override { return {}; }
    TimelineVerdict lengthVerdict(double multiple, int) const override
    {
        TimelineVerdict verdict;
        verdict.correct = lengthGuessIsRight(multiple, m_asked / 100, 0.25);
        verdict.headline = verdict.correct ? "Right" : "Not quite";
        return verdict;
    }

private:
    double m_asked;
};

} // namespace

class TestTimelineLength : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    static std::unique_ptr<TimelineWidget> makeWidget(double asked = 230)
    {
        auto widget = std::make_unique<TimelineWidget>();
        widget->resize(900, 320);
        widget->setTimeline(std::make_shared<ToyLengthTimeline>(asked));
        widget->show();
        if (!QTest::qWaitForWindowExposed(widget.get()))
            qWarning("not exposed");
        return widget;
    }

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    // The keys step the length; the answer is asked for with Enter, and the guess moves no more.
    void keyboardSetsAndAnswersALength()
    {
        auto widget = makeWidget();
        QCOMPARE(widget->currentCall().marker, MarkerKind::Length);
        QCOMPARE(widget->lengthGuess(), 1.0);
        QSignalSpy asked(widget.get(), &TimelineWidget::lengthAnswerRequested);
        widget->setFocus();
        const double atOne = widget->markerPosition().x();
        QTest::keyClick(widget.get(), Qt::Key_Right);
        QCOMPARE(widget->lengthGuess(), 1.05);
        QVERIFY(widget->markerPosition().x() > atOne); // the bar's end moved right with it
        QTest::keyClick(widget.get(), Qt::Key_Right, Qt::ShiftModifier);
        QVERIFY(std::fabs(widget->lengthGuess() - 1.3) < 1e-9);
        QTest::keyClick(widget.get(), Qt::Key_Left);
        QVERIFY(std::fabs(widget->lengthGuess() - 1.25) < 1e-9);
        QTest::keyClick(widget.get(), Qt::Key_Home);
        QCOMPARE(widget->lengthGuess(), 0.1);
        QTest::keyClick(widget.get(), Qt::Key_End);
        QCOMPARE(widget->lengthGuess(), 8.0);
        for (int i = 0; i < 114; ++i)
            QTest::keyClick(widget.get(), Qt::Key_Left); // 8 − 114 × 0.05 = 2.3
        QVERIFY(std::fabs(widget->lengthGuess() - 2.3) < 1e-9);
        QCOMPARE(asked.count(), 0);
        QTest::keyClick(widget.get(), Qt::Key_Return);
        QCOMPARE(asked.count(), 1);
        QVERIFY(std::fabs(asked.at(0).at(0).toDouble() - 2.3) < 1e-9);

        widget->setLengthAnswer(2.3);
        QTest::keyClick(widget.get(), Qt::Key_Right);
        QVERIFY(std::fabs(widget->lengthGuess() - 2.3) < 1e-9);
        QTest::keyClick(widget.get(), Qt::Key_Return);
        QCOMPARE(asked.count(), 1); // answered: Enter asks nothing more
    }

    // Drag the bar's end with the mouse: release answers with the length under the pointer.
    void mouseDragsTheBarsEnd()
    {
        auto widget = makeWidget();
        QSignalSpy asked(widget.get(), &TimelineWidget::lengthAnswerRequested);
        // The pixels of 1× and 2×, as the widget draws them.
        const QPointF one = widget->markerPosition();
        widget->setLengthGuess(2);
        const QPointF two = widget->markerPosition();
        widget->setLengthGuess(1);
        const double perMultiple = two.x() - one.x();
        QVERIFY(perMultiple > 20);
        const QPoint from = one.toPoint();
        const QPoint target = QPointF(one.x() + 1.5 * perMultiple, one.y()).toPoint(); // 2.5×
        QTest::mousePress(widget.get(), Qt::LeftButton, {}, from);
        for (int step = 1; step <= 4; ++step)
            QTest::mouseMove(widget.get(), from + (target - from) * step / 4);
        QCOMPARE(widget->markerPosition().x(), double(target.x())); // the end follows the pointer
        QTest::mouseRelease(widget.get(), Qt::LeftButton, {}, target);
        QCOMPARE(asked.count(), 1);
        const double answered = asked.at(0).at(0).toDouble();
        QVERIFY2(std::fabs(answered - 2.5) <= 1.0 / perMultiple, qPrintable(QString::number(answered)));
        QCOMPARE(widget->lengthGuess(), answered);

        // Dragged far left of the anchor: the least; far right: the most (past the view's end).
        QTest::mousePress(widget.get(), Qt::LeftButton, {}, widget->markerPosition().toPoint());
        QTest::mouseRelease(widget.get(), Qt::LeftButton, {}, QPoint(2, int(one.y())));
        QCOMPARE(widget->lengthGuess(), 0.1);

        // Once answered, a drag moves nothing.
        widget->setLengthAnswer(answered);
        const QPoint at = widget->markerPosition().toPoint();
        QTest::mousePress(widget.get(), Qt::LeftButton, {}, at);
        QTest::mouseRelease(widget.get(), Qt::LeftButton, {}, at + QPoint(80, 0));
        QCOMPARE(asked.count(), 2);
        QCOMPARE(widget->lengthAnswer(), std::optional(answered));
    }

    // Before the answer nothing says the asked span's length: not its tooltip, not the accessible
    // name; after it the span is there, and the view grows to show a span longer than it.
    void theAnswerIsHiddenUntilGiven()
    {
        auto widget = makeWidget(800); // 8×: past the view's end (600 ns)
        const QString name = widget->accessibleName();
        QVERIFY2(name.contains(QStringLiteral("1.00×")), qPrintable(name)); // the guess, said
        QVERIFY(!name.contains(QStringLiteral("8")));
        // The asked span's row, where the span would be drawn: no tooltip of it.
        const QPointF guessEnd = widget->markerPosition();
        const QPoint inAskedSpan(int(guessEnd.x()) - 10, int(guessEnd.y()) + 8);
        QVERIFY2(!widget->toolTipAt(inAskedSpan).contains(QStringLiteral("asked work")),
                 qPrintable(widget->toolTipAt(inAskedSpan)));
        QCOMPARE(widget->viewEnd(), 600.0);

        widget->setLengthAnswer(2.0);
        QVERIFY(widget->viewEnd() > 850); // the whole asked span, 50 + 800
        // Answered, the same place tells the asked span.
        const QPointF answeredEnd = widget->markerPosition();
        QVERIFY(widget->toolTipAt(QPoint(int(answeredEnd.x()) - 10, int(answeredEnd.y()) + 8))
                    .contains(QStringLiteral("asked work")));
        QVERIFY(widget->accessibleName().contains(QStringLiteral("2.00×")));
    }

    // A length answer is kept per lesson beside the candidates' keys; the first is the grade and
    // the later ones are retries.
    void theStoreKeepsALength()
    {
        const QString file = m_dir.filePath(QStringLiteral("answers.ini"));
        const QString lesson = QStringLiteral("performance-04");
        const auto length = [](double multiple, bool correct) {
            AnswerStore::Answer answer;
            answer.length = multiple;
            answer.correct = correct;
            return answer;
        };
        {
            AnswerStore store(file);
            QSignalSpy changed(&store, &AnswerStore::changed);
            store.commit(lesson, length(2.35, false));
            store.commit(lesson, length(-1, true)); // not a length
            store.commit(lesson, length(std::nan(""), true));
            store.commit(QString(), length(2, true));
            QCOMPARE(changed.count(), 1);
            AnswerStore::Answer both = length(2, true);
            both.candidate = QStringLiteral("after-synchronization"); // one of the two, never both
            store.commit(lesson, both);
            QCOMPARE(changed.count(), 1);
        }
        {
            AnswerStore store(file); // as after a restart
            const AnswerStore::LessonRecord record = store.record(lesson);
            QVERIFY(record.first);
            QCOMPARE(record.first->length, std::optional(2.35));
            QVERIFY(record.first->candidate.isEmpty());
            QVERIFY(!record.first->correct);
            store.commit(lesson, length(1.5, true));
            QCOMPARE(store.record(lesson).current()->length, std::optional(1.5));
            QCOMPARE(store.record(lesson).first->length, std::optional(2.35));
            store.reopen(lesson);
            QVERIFY(!store.record(lesson).current());
        }
        {
            // A hostile settings file: a length that is not a positive number is no answer.
            QSettings settings(file, QSettings::IniFormat);
            settings.setValue(QStringLiteral("course/%1/first/length").arg(lesson), QStringLiteral("inf"));
            settings.sync();
            AnswerStore store(file);
            QVERIFY(!store.record(lesson).first);
        }
    }
};

QTEST_MAIN(TestTimelineLength)
#include "tst_timelinelength.moc"
