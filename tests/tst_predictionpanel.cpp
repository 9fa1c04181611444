// The prediction on the timeline, as a learner uses it: drag the stop, or use the keyboard; the
// verdict, the reading revealed only after the answer, answers kept across restarts.
#include "ui/timeline/answerstore.h"
#include "ui/timeline/coursecounts.h"
#include "ui/library/courseprogress.h"
#include "ui/library/recordings.h"
#include "core/artifact/artifactio.h"
#include "core/lesson/lessonregistry.h"
#include "coretesting.h"
#include "ui/library/libraryanswers.h"
#include "ui/library/librarymodel.h"
#include "explorertesting.h"
#include "ui/timeline/predictionpanel.h"
#include "ui/timeline/timelinewidget.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QComboBox>
#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QAbstractButton>
#include <QTest>
#include <QWheelEvent>

#include "core/lessons/performance-01/performance01timeline.h"

#include <nlohmann/json.hpp>

#include <memory>

using namespace lessonscope;

// performance-01's stops, the candidates of its timeline in time order.
using StopPoint = lessonscope::Performance01Timeline::Stop;
Q_DECLARE_METATYPE(StopPoint)

namespace {

QString keyOf(StopPoint stop) { return QString::fromLatin1(Performance01Timeline::key(stop)); }

const char *stopPointKey(StopPoint stop) { return Performance01Timeline::key(stop); }

const QString kLesson = QStringLiteral("performance-01");

bool isCorrectStop(StopPoint stop) { return stop == StopPoint::AfterSynchronization; }

Artifact seed() { return coretesting::seedArtifact(); }

// The seed with a hand-made measured trace (ns); warm call 1, the median call, reads 310 ns
// after dispatch and 930 ns completed. A different contentHash keeps its answers apart.
Artifact measured()
{
    Json document = seed().json();
    document["contentHash"] = std::string(64, 'a');
    return coretesting::withHandMadeTrace(Artifact(document));
}

} // namespace

class TestPredictionPanel : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    int m_storeCount = 0;

    QString settingsFile() const { return m_dir.filePath(QStringLiteral("answers.ini")); }

    std::unique_ptr<PredictionPanel> makePanel(AnswerStore &store, const Artifact &artifact)
    {
        auto panel = std::make_unique<PredictionPanel>(&store);
        panel->resize(1000, 760);
        panel->setArtifact(artifact);
        panel->show();
        if (!QTest::qWaitForWindowExposed(panel.get()))
            qWarning("not exposed");
        return panel;
    }

    // Press on the marker, move to the candidate in steps, release there.
    static void drag(TimelineWidget *timeline, StopPoint to)
    {
        const QPoint from = timeline->markerPosition().toPoint();
        const QPoint target = timeline->candidatePosition(int(to)).toPoint();
        QTest::mousePress(timeline, Qt::LeftButton, {}, from);
        for (int step = 1; step <= 4; ++step)
            QTest::mouseMove(timeline, from + (target - from) * step / 4);
        QTest::mouseRelease(timeline, Qt::LeftButton, {}, target);
    }

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void init() { QFile::remove(settingsFile()); }

    // A render is a picture: no control to press, no instructions for the mouse or the keys.
    void staticPanelShowsNoControls()
    {
        AnswerStore store(settingsFile());
        PredictionPanel panel(&store);
        panel.setStatic(true);
        panel.setArtifact(measured());
        panel.resize(1000, 600);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        for (const QWidget *child : panel.findChildren<QWidget *>()) {
            const bool control = qobject_cast<const QAbstractButton *>(child) || qobject_cast<const QComboBox *>(child);
            QVERIFY2(!(control && child->isVisible()), child->metaObject()->className());
        }
        const QImage drawn = panel.grab().toImage();
        QVERIFY(!drawn.isNull());
        QVERIFY(!panel.timeline()->accessibleDescription().isEmpty());
    }

    void dragToEachCandidate_data()
    {
        QTest::addColumn<bool>("isMeasured");
        QTest::addColumn<StopPoint>("stop");
        QTest::addColumn<QString>("expected"); // in the verdict text

        for (bool isMeasured : {false, true}) {
            const QString mode = isMeasured ? QStringLiteral("measured ") : QStringLiteral("schematic ");
            QTest::newRow(qPrintable(mode + "after dispatch"))
                << isMeasured << StopPoint::AfterDispatch
                << (isMeasured ? QStringLiteral("3.0× less than the completed result, 930 ns")
                               : QStringLiteral("✗ Not quite"));
            QTest::newRow(qPrintable(mode + "during work"))
                << isMeasured << StopPoint::DuringWork
                << (isMeasured ? QStringLiteral("600 ns for this call") : QStringLiteral("✗ Not quite"));
            QTest::newRow(qPrintable(mode + "after synchronization"))
                << isMeasured << StopPoint::AfterSynchronization
                << (isMeasured ? QStringLiteral("Completed result: 930 ns") : QStringLiteral("✓ Right"));
            QTest::newRow(qPrintable(mode + "long after"))
                << isMeasured << StopPoint::LongAfter
                << (isMeasured ? QStringLiteral("101 µs for this call") : QStringLiteral("✗ Not quite"));
        }
    }

    void dragToEachCandidate()
    {
        QFETCH(bool, isMeasured);
        QFETCH(StopPoint, stop);
        QFETCH(QString, expected);

        AnswerStore store(settingsFile());
        const Artifact artifact = isMeasured ? measured() : seed();
        auto panel = makePanel(store, artifact);
        TimelineWidget *timeline = panel->timeline();
        QCOMPARE(timeline->timeline().isMeasured(), isMeasured);
        QVERIFY(!panel->isReadingShown());
        QVERIFY(panel->verdictText().isEmpty());
        QSignalSpy answered(panel.get(), &PredictionPanel::answered);

        drag(timeline, stop);

        QCOMPARE(answered.count(), 1);
        QCOMPARE(answered.at(0).at(0).toBool(), isCorrectStop(stop));
        QCOMPARE(panel->answer(), std::optional(keyOf(stop)));
        QVERIFY(panel->isReadingShown());
        const QString verdict = panel->verdictText();
        QVERIFY2(verdict.contains(expected), qPrintable(verdict));
        QVERIFY(verdict.startsWith(isCorrectStop(stop) ? QStringLiteral("✓") : QStringLiteral("✗")));
        const AnswerStore::LessonRecord record = store.record(kLesson);
        QVERIFY(record.first);
        QCOMPARE(record.first->correct, isCorrectStop(stop));
        QCOMPARE(record.first->candidate, keyOf(stop));
        explorertesting::saveScreenshot(*panel,
                                        QStringLiteral("prediction-%1-%2.png")
                                            .arg(isMeasured ? QStringLiteral("measured") : QStringLiteral("schematic"))
                                            .arg(QString::fromLatin1(stopPointKey(stop))));
        // Once answered the marker is fixed: another drag changes nothing.
        drag(timeline, StopPoint::AfterDispatch);
        QCOMPARE(panel->answer(), std::optional(keyOf(stop)));
        QCOMPARE(answered.count(), 1);
    }

    void releaseSnapsToTheNearestCandidate()
    {
        AnswerStore store(settingsFile());
        auto panel = makePanel(store, seed());
        TimelineWidget *timeline = panel->timeline();
        const QPointF sync = timeline->candidatePosition(int(StopPoint::AfterSynchronization));
        const QPoint near = (sync + QPointF(9, 0)).toPoint(); // a little past it
        QTest::mousePress(timeline, Qt::LeftButton, {}, timeline->markerPosition().toPoint());
        QTest::mouseMove(timeline, near);
        QTest::mouseRelease(timeline, Qt::LeftButton, {}, near);
        QCOMPARE(panel->answer(), std::optional(keyOf(StopPoint::AfterSynchronization)));
    }

    void answerByKeyboard()
    {
        AnswerStore store(settingsFile());
        auto panel = makePanel(store, seed());
        TimelineWidget *timeline = panel->timeline();
        timeline->setFocus();
        QCOMPARE(timeline->markerCandidate(), -1);
        QTest::keyClick(timeline, Qt::Key_Return); // nothing placed yet: no answer
        QVERIFY(!panel->answer());
        QTest::keyClick(timeline, Qt::Key_Right);
        QCOMPARE(timeline->markerCandidate(), int(StopPoint::AfterDispatch));
        QTest::keyClick(timeline, Qt::Key_End);
        QCOMPARE(timeline->markerCandidate(), int(StopPoint::LongAfter));
        QTest::keyClick(timeline, Qt::Key_Right); // stays at the last
        QCOMPARE(timeline->markerCandidate(), int(StopPoint::LongAfter));
        QTest::keyClick(timeline, Qt::Key_Left);
        QCOMPARE(timeline->markerCandidate(), int(StopPoint::AfterSynchronization));
        QVERIFY(!panel->isReadingShown());
        QTest::keyClick(timeline, Qt::Key_Enter);
        QCOMPARE(panel->answer(), std::optional(keyOf(StopPoint::AfterSynchronization)));
        QVERIFY(panel->verdictText().startsWith(QStringLiteral("✓ Right")));
        QVERIFY(panel->isReadingShown());
        QTest::keyClick(timeline, Qt::Key_Left); // answered: the keys no longer move it
        QCOMPARE(timeline->markerCandidate(), int(StopPoint::AfterSynchronization));
    }

    // The answer is the lesson's: kept across restarts, placed on every artifact of the lesson
    // with what it reads there, and the first one stays the course's grade through the retries.
    void answersPersistAcrossInstances()
    {
        {
            AnswerStore store(settingsFile());
            auto panel = makePanel(store, seed());
            panel->answerWith(keyOf(StopPoint::AfterDispatch));
        }
        {
            // A new store on the same file, as after a restart.
            AnswerStore store(settingsFile());
            QCOMPARE(store.record(kLesson).first->correct, false);
            auto panel = makePanel(store, seed());
            QCOMPARE(panel->answer(), std::optional(keyOf(StopPoint::AfterDispatch)));
            QCOMPARE(panel->timeline()->answer(), std::optional(int(StopPoint::AfterDispatch)));
            QVERIFY(panel->isReadingShown());
            QVERIFY(panel->answerNoteText().isEmpty()); // given here: nothing to explain
            // Another artifact of the lesson shows the same answer, and says where it was given.
            auto other = makePanel(store, measured());
            QCOMPARE(other->answer(), std::optional(keyOf(StopPoint::AfterDispatch)));
            QVERIFY2(other->answerNoteText().startsWith(QStringLiteral("Your answer to this lesson, given on")),
                     qPrintable(other->answerNoteText()));

            // "Try again" frees every timeline of the lesson and hides the reading again.
            auto *tryAgain = panel->findChild<QPushButton *>();
            QVERIFY(tryAgain);
            panel->tryAgain();
            QVERIFY(!panel->answer());
            QVERIFY(!other->answer());
            QVERIFY(!panel->isReadingShown());
            QCOMPARE(panel->timeline()->markerCandidate(), -1);
            // The retry is recorded, and the first answer is still the course's grade.
            other->answerWith(keyOf(StopPoint::AfterSynchronization));
            QCOMPARE(panel->answer(), std::optional(keyOf(StopPoint::AfterSynchronization)));
            const AnswerStore::LessonRecord record = store.record(kLesson);
            QCOMPARE(record.first->candidate, keyOf(StopPoint::AfterDispatch));
            QCOMPARE(record.retries.size(), 1);
            QVERIFY(record.retries.front().correct);
            QVERIFY2(
                panel->answerNoteText().contains(QStringLiteral("your first answer counts: wrong ✗ (1 retry since)")),
                qPrintable(panel->answerNoteText()));
            panel->tryAgain();
        }
        {
            AnswerStore store(settingsFile());
            auto panel = makePanel(store, seed());
            QVERIFY(!panel->answer());
            QVERIFY(!panel->isReadingShown());
            QVERIFY(store.record(kLesson).predicted()); // tried again, not forgotten
        }
    }

    // A run that does not count (disturbed) takes no first answer and reveals nothing; once the
    // lesson is answered elsewhere it shows that answer, and an answer given on it is not kept.
    void disturbedRunChangesNothing()
    {
        const Artifact disturbed(explorertesting::withInterference(measured().json(), 400));
        QVERIFY2(!courseRefusal(disturbed).isEmpty(), "the evidence must read as disturbed");
        AnswerStore store(settingsFile());
        auto panel = makePanel(store, disturbed);
        QVERIFY(panel->answerNoteText().contains(QStringLiteral("disturbed")));
        panel->answerWith(keyOf(StopPoint::AfterSynchronization));
        QVERIFY(!panel->answer());
        QVERIFY(!panel->isReadingShown());
        QVERIFY(!store.record(kLesson).predicted());

        auto recording = makePanel(store, seed());
        recording->answerWith(keyOf(StopPoint::AfterDispatch));
        QCOMPARE(panel->answer(), std::optional(keyOf(StopPoint::AfterDispatch)));
        panel->tryAgain();
        panel->answerWith(keyOf(StopPoint::AfterSynchronization));
        QCOMPARE(panel->answer(), std::optional(keyOf(StopPoint::AfterSynchronization)));
        QVERIFY(panel->answerNoteText().contains(QStringLiteral("This answer is not recorded.")));
        QCOMPARE(recording->answer(), std::optional(keyOf(StopPoint::AfterDispatch)));
        QCOMPARE(store.record(kLesson).retries.size(), 0);
    }

    void storeSignalsAndHostileIds()
    {
        AnswerStore store(settingsFile());
        QSignalSpy changed(&store, &AnswerStore::changed);
        AnswerStore::Answer answer;
        answer.candidate = keyOf(StopPoint::LongAfter);
        store.commit(QStringLiteral("../../evil/key"), answer); // not a lesson id: not stored
        QCOMPARE(changed.count(), 0);
        QVERIFY(!store.record(QStringLiteral("../../evil/key")).predicted());
        store.commit(QString(), answer);
        QCOMPARE(changed.count(), 0);
        AnswerStore::Answer neither; // no candidate, no length
        store.commit(kLesson, neither);
        QCOMPARE(changed.count(), 0);
        answer.candidate = QStringLiteral("<b>html</b>");
        store.commit(kLesson, answer);
        QCOMPARE(changed.count(), 0);
        store.reopen(QStringLiteral("never-answered"));
        QCOMPARE(changed.count(), 0);
        answer.candidate = keyOf(StopPoint::LongAfter);
        store.commit(kLesson, answer);
        QCOMPARE(changed.count(), 1);
        QCOMPARE(changed.at(0).at(0).toString(), kLesson);
    }

    // The library's answer column: the recording shows the lesson's state, a run made here what
    // the learner's answer reads on it, other people's files nothing.
    void libraryShowsAnswers()
    {
        AnswerStore store(settingsFile());
        LibraryModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        CourseProgress progress(&model, &store);
        LibraryAnswers answers(&model, &store, &progress);
        std::optional<LibraryEntry> recorded = recordings::entryOf("performance-01");
        QVERIFY(recorded);
        const int recordingId = model.addOrReplace(std::move(*recorded));
        LibraryEntry run;
        run.origin = LibraryEntry::Origin::Run;
        run.artifact = measured();
        run.unsaved = true;
        const int runId = model.addOrReplace(run);
        LibraryEntry foreign;
        foreign.artifact = measured();
        foreign.path = QStringLiteral("/a/someone-else.json");
        const int foreignId = model.addOrReplace(foreign);
        const int unreadable = model.addOrReplace(LibraryEntry{});
        const auto mark
            = [&](int id) { return model.index(model.rowOf(id), LibraryModel::AnswerColumn).data().toString(); };
        QCOMPARE(mark(recordingId), QStringLiteral("not tried"));
        QCOMPARE(mark(runId), QString());

        auto panel = makePanel(store, measured());
        drag(panel->timeline(), StopPoint::AfterSynchronization);
        QCOMPARE(mark(runId), QStringLiteral("your answer ✓ here"));
        QTRY_COMPARE(mark(recordingId), QStringLiteral("predicted ✓"));
        QCOMPARE(mark(foreignId), QString());
        QCOMPARE(mark(unreadable), QString());
        panel->tryAgain();
        QCOMPARE(mark(runId), QString());
        QTRY_COMPARE(mark(recordingId), QStringLiteral("predicted ✓")); // the first answer is the grade
    }

    void measuredTimelineZoomsPansAndExplains()
    {
        AnswerStore store(settingsFile());
        auto panel = makePanel(store, measured());
        TimelineWidget *timeline = panel->timeline();
        QCOMPARE(timeline->callIndex(), 1); // the median call

        // Hovering the device work tells its measured duration in readable units and exactly.
        const QPointF work((timeline->candidatePosition(int(StopPoint::DuringWork)).x()), 0);
        QString tip;
        for (int y = 0; y < timeline->height() && !tip.contains(QStringLiteral("device work")); ++y)
            tip = timeline->toolTipAt(QPointF(work.x(), y));
        QVERIFY2(tip.contains(QStringLiteral("500 ns")), qPrintable(tip));
        // The completed result is the answer: no tooltip reveals it before the answer.
        for (int y = 0; y < timeline->height(); ++y)
            QVERIFY(!timeline->toolTipAt(QPointF(timeline->candidatePosition(int(StopPoint::DuringWork)).x(), y))
                         .contains(QStringLiteral("completed result")));

        // The wheel alone scrolls the page; Ctrl + wheel zooms in, keeping the time under the
        // mouse where it is; dragging in the host lane pans without answering.
        const double span = timeline->viewEnd() - timeline->viewBegin();
        const QPoint at = timeline->candidatePosition(int(StopPoint::DuringWork)).toPoint();
        QWheelEvent scroll(at, timeline->mapToGlobal(at), QPoint(), QPoint(0, 480), Qt::NoButton, Qt::NoModifier,
                           Qt::NoScrollPhase, false);
        QApplication::sendEvent(timeline, &scroll);
        QVERIFY(!scroll.isAccepted());
        QCOMPARE(timeline->viewEnd() - timeline->viewBegin(), span);
        const auto timeAt = [timeline](double x) { return timeline->timeAtPixel(x); };
        const double underMouse = timeAt(at.x());
        QWheelEvent wheel(at, timeline->mapToGlobal(at), QPoint(), QPoint(0, 480), Qt::NoButton, Qt::ControlModifier,
                          Qt::NoScrollPhase, false);
        QApplication::sendEvent(timeline, &wheel);
        QVERIFY(timeline->viewEnd() - timeline->viewBegin() < span / 1.5);
        QVERIFY2(std::fabs(timeAt(at.x()) - underMouse) < 0.01 * span,
                 qPrintable(QString::number(timeAt(at.x()) - underMouse)));
        const double begin = timeline->viewBegin();
        QPoint host = at;
        for (int y = 0; y < timeline->height(); ++y) {
            if (timeline->toolTipAt(QPointF(at.x() - 40, y)).contains(QStringLiteral("wait for readiness"))) {
                host = QPoint(at.x() - 40, y);
                break;
            }
        }
        QTest::mousePress(timeline, Qt::LeftButton, {}, host);
        QTest::mouseMove(timeline, host + QPoint(60, 0));
        QTest::mouseRelease(timeline, Qt::LeftButton, {}, host + QPoint(60, 0));
        QVERIFY(timeline->viewBegin() < begin);
        QVERIFY(!panel->answer());
        // A pan that starts in the measurement lane, away from the marker, pans too: it neither
        // moves the marker nor answers.
        const QPoint lane(int(timeline->candidatePosition(int(StopPoint::DuringWork)).x()),
                          int(timeline->candidatePosition(0).y()));
        const double panned = timeline->viewBegin();
        QTest::mousePress(timeline, Qt::LeftButton, {}, lane);
        QTest::mouseMove(timeline, lane - QPoint(50, 0));
        QTest::mouseRelease(timeline, Qt::LeftButton, {}, lane - QPoint(50, 0));
        QVERIFY(timeline->viewBegin() > panned);
        QVERIFY(!panel->answer());
        QCOMPARE(timeline->markerCandidate(), -1);
        QTest::keyClick(timeline, Qt::Key_0);
        QCOMPARE(timeline->viewEnd() - timeline->viewBegin(), span);
    }

    void answeringKeepsTheZoomAndTheVerdictFollowsTheCall()
    {
        AnswerStore store(settingsFile());
        auto panel = makePanel(store, measured());
        TimelineWidget *timeline = panel->timeline();
        // Answering keeps the learner's zoom.
        QTest::keyClick(timeline, Qt::Key_Plus);
        const double zoomedBegin = timeline->viewBegin();
        const double zoomedEnd = timeline->viewEnd();
        panel->answerWith(keyOf(StopPoint::AfterDispatch));
        QCOMPARE(timeline->viewBegin(), zoomedBegin);
        QCOMPARE(timeline->viewEnd(), zoomedEnd);
        // Another call: the verdict's numbers follow it.
        QVERIFY(panel->verdictText().contains(QStringLiteral("310 ns for this call (warm call 1)")));
        // Hovering the timer gives its reading exactly.
        const QPointF timer = timeline->candidatePosition(int(StopPoint::AfterDispatch)) - QPointF(4, 6);
        QVERIFY2(timeline->toolTipAt(timer).contains(QStringLiteral("310 ns (310 ns)")),
                 qPrintable(timeline->toolTipAt(timer)));
        timeline->setCallIndex(0);
        QCOMPARE(timeline->currentCall().title, std::string("first call"));
        QVERIFY2(panel->verdictText().contains(QStringLiteral("2.00 µs for this call (first call) — 26.5× less than "
                                                              "the completed result, 53.0 µs")),
                 qPrintable(panel->verdictText()));
    }

    // Every lesson's timeline opens where each candidate in view can be hit with the mouse (its
    // neighbours at least 16 pixels away), with the right one among them; ← → reach the rest.
    void everyLessonOpensWhereItsCandidatesCanBeHit()
    {
        AnswerStore store(settingsFile());
        for (const Lesson *lesson : courseLessons()) {
            const std::optional<LibraryEntry> recording = recordings::entryOf(lesson->info().id);
            QVERIFY(recording && recording->artifact);
            auto panel = makePanel(store, *recording->artifact);
            TimelineWidget *timeline = panel->timeline();
            const CallTimeline &call = timeline->currentCall();
            if (!call.measured || call.marker == MarkerKind::Length)
                continue;
            std::vector<double> xs;
            bool correctShown = false;
            for (std::size_t i = 0; i < call.candidates.size(); ++i) {
                const double t = call.candidates[i].time;
                if (t < timeline->viewBegin() || t > timeline->viewEnd())
                    continue;
                xs.push_back(timeline->candidatePosition(int(i)).x());
                correctShown = correctShown || call.candidates[i].correct;
            }
            QVERIFY2(correctShown, lesson->info().id.c_str());
            for (std::size_t i = 1; i < xs.size(); ++i)
                QVERIFY2(std::fabs(xs[i] - xs[i - 1]) >= 15.5,
                         qPrintable(QStringLiteral("%1: %2 px")
                                        .arg(QString::fromStdString(lesson->info().id))
                                        .arg(xs[i] - xs[i - 1])));
            explorertesting::saveScreenshot(
                *panel, QStringLiteral("opening-view-%1.png").arg(QString::fromStdString(lesson->info().id)));
        }
    }

    void schematicDoesNotZoom()
    {
        AnswerStore store(settingsFile());
        auto panel = makePanel(store, seed());
        TimelineWidget *timeline = panel->timeline();
        const double span = timeline->viewEnd() - timeline->viewBegin();
        const QPoint at = timeline->candidatePosition(int(StopPoint::DuringWork)).toPoint();
        QWheelEvent wheel(at, timeline->mapToGlobal(at), QPoint(), QPoint(0, 480), Qt::NoButton, Qt::ControlModifier,
                          Qt::NoScrollPhase, false);
        QApplication::sendEvent(timeline, &wheel);
        QCOMPARE(timeline->viewEnd() - timeline->viewBegin(), span);
        // Before the answer the description asks; it does not give the explanation (the answer) away.
        QVERIFY(timeline->accessibleDescription().contains(QString::fromStdString(seed().diagram().prediction)));
        QVERIFY(!timeline->accessibleDescription().contains(QStringLiteral("measurement lane includes readiness")));
        explorertesting::saveScreenshot(*panel, QStringLiteral("prediction-schematic-unanswered.png"));
    }

    void longRunOffersTheCallsWorthALook()
    {
        // 2,001 calls, 1 µs apart from their neighbours' completion times but for one fast and
        // one slow warm call: the chooser lists those by name instead of every call.
        Json document = seed().json();
        document["contentHash"] = std::string(64, 'b');
        const int count = 2001;
        std::vector<std::int64_t> begin, dispatched, workBegin, workEnd, ready;
        for (int i = 0; i < count; ++i) {
            const std::int64_t t = std::int64_t(i) * 100'000;
            // The first call is the slowest of all (as a cold call is): the warm ones are ranked without it.
            const std::int64_t completed = i == 0 ? 20'000 : i == 700 ? 400 : i == 1500 ? 9'000 : 1'000 + i % 7;
            begin.push_back(t);
            dispatched.push_back(t + 200);
            workBegin.push_back(t + 250);
            workEnd.push_back(t + completed - 50);
            ready.push_back(t + completed);
        }
        document["trace"] = Json{{"clock", "steady_clock"},
                                 {"unit", "ns"},
                                 {"waitStrategy", "park"},
                                 {"calls",
                                  {{"dispatchBegin", begin},
                                   {"dispatchEnd", dispatched},
                                   {"workBegin", workBegin},
                                   {"workEnd", workEnd},
                                   {"readyObserved", ready}}}};
        AnswerStore store(settingsFile());
        auto panel = makePanel(store, Artifact(document));
        auto *calls = panel->findChild<QComboBox *>();
        QVERIFY(calls);
        QStringList items;
        for (int i = 0; i < calls->count(); ++i)
            items << calls->itemText(i);
        QCOMPARE(items.size(), 5);
        QVERIFY2(items[0].startsWith(QStringLiteral("Median call (warm call ")), qPrintable(items.join(u'|')));
        QCOMPARE(items[1], QStringLiteral("First call (20.0 µs)")); // each with its completed duration
        QCOMPARE(items[2], QStringLiteral("Fastest warm call (warm call 700, 400 ns)"));
        QCOMPARE(items[3], QStringLiteral("Slowest warm call (warm call 1500, 9.00 µs)"));
        QVERIFY2(items[4].startsWith(QStringLiteral("Last call (warm call 2000, ")), qPrintable(items[4]));
        calls->setCurrentIndex(1);
        QTest::keyClick(calls, Qt::Key_Down); // as a user picks the next entry
        QCOMPARE(calls->currentIndex(), 2);
        QCOMPARE(panel->timeline()->currentCall().title, std::string("warm call 700"));
    }
};

QTEST_MAIN(TestPredictionPanel)
#include "tst_predictionpanel.moc"
