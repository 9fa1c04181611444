#include "core/trace/timeline.h"

#include <algorithm>

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

} // namespace lessonscope
