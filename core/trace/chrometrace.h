#pragma once

#include "core/artifact/artifact.h"
#include "core/base/bytesink.h"
#include "core/trace/timeline.h"

#include <string>

namespace lessonscope {

// An artifact's calls as Chrome Trace Event JSON (the "JSON Object Format" that Perfetto UI and
// chrome://tracing open): one process, one named thread per timeline lane (host, device,
// readiness, measurement for a lesson on the stream), complete events ("ph": "X") with ts/dur in microseconds since the run's
// first dispatch, and a flow event pair (s → f) from each dispatch to its device work.
//
// An artifact without a measured trace exports the schematic call instead: the same lanes in the
// same order, with the work outside the boundary before it, on an arbitrary time base that is
// not microseconds. "otherData" then says "schematic", and so does ChromeTrace::schematic.
struct ChromeTrace {
    std::string json;       // the document, UTF-8, 1-space indent
    bool schematic = false; // no measured trace: ordering only, not to scale
    int callCount = 0;      // measured calls exported (1 for the schematic call)
};

struct ChromeTraceSummary {
    bool schematic = false;
    int callCount = 0;
    bool written = false; // false when the sink refused bytes: the trace is incomplete
};

// The calls as the lesson's timeline lays them out (timelineOf, core/lesson/lessonartifacts.h),
// written to sink one event at a time: memory stays that of one event, whatever the number of
// calls. The bytes are those of exportChromeTrace.
ChromeTraceSummary writeChromeTrace(const Artifact &artifact, const LessonTimeline &timeline, const ByteSink &sink);

// The same, whole in memory: for small traces and tests.
ChromeTrace exportChromeTrace(const Artifact &artifact, const LessonTimeline &timeline);

// The dur to write for an event from ts to end (µs): three units in the last place of end short
// of end − ts, so that a reader's ts + dur, added in doubles, stays before end even after the
// reader has moved every time by a thread's first ts (speedscope does; 93.891 + 742.109 lands on
// 836 but 5.781 + 742.109 lands past 747.89): abutting events never cross.
double chromeDurationBetween(double ts, double end);

} // namespace lessonscope
