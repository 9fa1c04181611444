#include "core/trace/timeline.h"

#include <algorithm>
#include <cmath>

namespace lessonscope {

int CallTimeline::timerLane() const
{
    const auto it = std::find_if(lanes.begin(), lanes.end(),
                                 [](const TimelineLane &lane) { return lane.role == TimelineLane::Role::Timer; });
    return it != lanes.end() ? static_cast<int>(it - lanes.begin()) : static_cast<int>(lanes.size()) - 1;
}

int CallTimeline::candidateIndex(std::string_view key) const
{
    const auto it = std::find_if(candidates.begin(), candidates.end(),
                                 [key](const TimelineCandidate &candidate) { return candidate.key == key; });
    return it != candidates.end() ? static_cast<int>(it - candidates.begin()) : -1;
}

bool lengthGuessIsRight(double guess, double measured, double tolerance)
{
    if (!(guess > 0) || !(measured > 0) || !std::isfinite(guess) || !std::isfinite(measured) || !(tolerance >= 0))
        return false;
    return std::fabs(guess - measured) <= tolerance * measured;
}

TimelineEvent span(int lane, std::string label, std::string note, double begin, double end, bool waiting, bool context)
{
    return {lane,  TimelineEvent::Shape::Span, std::move(label), std::move(note),
            begin, std::max(begin, end),       waiting,          context};
}

TimelineEvent instant(int lane, std::string label, std::string note, double at, bool context)
{
    return {lane, TimelineEvent::Shape::Instant, std::move(label), std::move(note), at, at, false, context};
}

TimelineVerdict lengthQuestionOnly()
{
    TimelineVerdict verdict;
    verdict.headline = "This timeline asks a length.";
    verdict.why = "Drag the end of the bar to your answer; it has no places to choose from.";
    return verdict;
}

TimelineVerdict LessonTimeline::lengthVerdict(double multiple, int callIndex) const
{
    (void)multiple;
    (void)callIndex;
    TimelineVerdict verdict;
    verdict.headline = "This timeline asks no length.";
    verdict.why = "Its marker is placed on one of its candidates.";
    return verdict;
}

} // namespace lessonscope
