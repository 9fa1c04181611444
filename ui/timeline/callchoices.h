#pragma once

#include <QString>

#include <vector>

namespace lessonscope {
class LessonTimeline;
}

// The entries of the timeline's call selector, built from the timeline's own measurements.
struct CallChoice {
    QString text;  // "Slowest warm call (warm call 17, 2.41 ms)"
    int index = 0; // the call, for LessonTimeline::call()
};

struct CallChoices {
    // The calls worth a look, each with its completed duration: the median call, the first, the
    // fastest and slowest warm calls, and the last call. Every measured run has them.
    std::vector<CallChoice> jumps;
    // Every call in order with its duration, up to listLimit calls; empty past it (100,000 combo
    // box items take the window seconds to make, and nobody scrolls them).
    std::vector<CallChoice> calls;
};

// Nothing for a schematic timeline (no measured calls).
CallChoices callChoices(const lessonscope::LessonTimeline &timeline, int listLimit = 1000);
