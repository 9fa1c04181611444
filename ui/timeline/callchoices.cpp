#include "ui/timeline/callchoices.h"

#include "core/base/units.h"
#include "core/trace/timeline.h"

#include <QCoreApplication>

#include <optional>

using namespace lessonscope;

namespace {

QString tr(const char *text) { return QCoreApplication::translate("CallChoices", text); }

QString capitalised(QString text)
{
    if (!text.isEmpty())
        text[0] = text[0].toUpper();
    return text;
}

// "2.41 ms"; a call whose duration the artifact does not give says so.
QString duration(const LessonTimeline &timeline, int index)
{
    const std::optional<double> seconds = timeline.callSeconds(index);
    return seconds ? QString::fromStdString(formatDuration(*seconds)) : tr("no duration");
}

// "warm call 17, 2.41 ms", and ", interrupted" for a call other work interrupted
QString describe(const LessonTimeline &timeline, int index)
{
    const QString text = tr("%1, %2").arg(QString::fromStdString(timeline.callTitle(index)), duration(timeline, index));
    return timeline.callInterruption(index).empty() ? text : tr("%1, interrupted").arg(text);
}

// The warm calls (all but the first) with the smallest and the largest measured duration; the
// first call when it is the only one.
std::pair<int, int> extremes(const LessonTimeline &timeline)
{
    const int first = timeline.callCount() > 1 ? 1 : 0;
    int fastest = -1;
    int slowest = -1;
    std::optional<double> low;
    std::optional<double> high;
    for (int i = first; i < timeline.callCount(); ++i) {
        const std::optional<double> seconds = timeline.callSeconds(i);
        if (!seconds)
            continue;
        if (!low || *seconds < *low) {
            low = seconds;
            fastest = i;
        }
        if (!high || *seconds > *high) {
            high = seconds;
            slowest = i;
        }
    }
    return {fastest < 0 ? first : fastest, slowest < 0 ? first : slowest};
}

} // namespace

CallChoices callChoices(const LessonTimeline &timeline, int listLimit)
{
    CallChoices choices;
    if (!timeline.isMeasured() || timeline.callCount() <= 0)
        return choices;
    const int count = timeline.callCount();
    const auto [fastest, slowest] = extremes(timeline);
    const int median = timeline.representativeCall();
    const QString warm = count > 1 ? tr("warm ") : QString();
    const auto jump = [&](const QString &what, int index) {
        const QString title = QString::fromStdString(timeline.callTitle(index));
        // "First call (1.02 ms)", not "First call (first call, 1.02 ms)".
        const QString said
            = title.compare(what, Qt::CaseInsensitive) == 0 ? duration(timeline, index) : describe(timeline, index);
        choices.jumps.push_back({tr("%1 (%2)").arg(what, said), index});
    };
    // The call the lesson shows first, by the lesson's name for it ("Interrupted call"), or the median.
    const QString shownFirst = QString::fromStdString(timeline.representativeName());
    jump(shownFirst.isEmpty() ? tr("Median call") : shownFirst, median);
    jump(tr("First call"), 0);
    jump(tr("Fastest %1call").arg(warm), fastest);
    jump(tr("Slowest %1call").arg(warm), slowest);
    jump(tr("Last call"), count - 1);
    if (count <= listLimit) {
        choices.calls.reserve(static_cast<std::size_t>(count));
        for (int i = 0; i < count; ++i)
            choices.calls.push_back({capitalised(describe(timeline, i)), i});
    }
    return choices;
}
