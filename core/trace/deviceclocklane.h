#pragma once

// A real device's own view of each call, drawn under the host's: a lane "device clock" beneath
// the device lane with the call's QUEUED → SUBMIT (queued in the driver), SUBMIT → START (handed
// to the device, not yet begun) and START → END (the work), as the device stamped them
// (trace.device), placed on the host's time by the clock relation's offset. The lesson's own
// timeline is kept whole; only its call() gains the lane, and only where the device's times are
// the ones the lesson drew as the device's work (any other call is left as it was).

#include "core/artifact/artifact.h"
#include "core/trace/timeline.h"

#include <memory>

namespace lessonscope {

// timeline with the lane added to each call that has the device's times; timeline itself where
// the trace has none (the stream). `relation`, deviceClockRelationText's, ends the clocks' note.
std::shared_ptr<const LessonTimeline> withDeviceClockLane(std::shared_ptr<const LessonTimeline> timeline,
                                                          const Trace &trace, const std::string &relation = {});
// The same with the artifact's own trace and clock relation.
std::shared_ptr<const LessonTimeline> withDeviceClockLane(std::shared_ptr<const LessonTimeline> timeline,
                                                          const Artifact &artifact);

// How the run related the device's clock to the host's (environment.device.clock), as the learner
// reads it: "related to the host's by clGetDeviceAndHostTimer, ±800 ns", "related to the host's as
// readings of CLOCK_MONOTONIC_RAW, ±14.0 ns". Every device time drawn is placed by it, so its
// uncertainty is how far from the host's moment a device time may be. Empty where the artifact does
// not say (the stream, a file made before the relation was kept). Read leniently, never a throw.
std::string deviceClockRelationText(const Artifact &artifact);

// The lane's name for a device clock ("device clock (CLOCK_MONOTONIC_RAW)").
std::string deviceClockLaneName(const std::string &clockName);

} // namespace lessonscope
