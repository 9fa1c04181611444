#pragma once

#include "core/artifact/artifact.h"
#include "core/lesson/lesson.h"

#include <string>

namespace lessonscope {

// contentHash of a lesson run with these (resolved) parameters: SHA-256 of the canonical JSON of
// the lesson's declared content and the parameter values. The same on every machine.
std::string lessonContentHash(const Lesson &lesson, const ParameterValues &values);

// Turns a run into a schemaVersion 1 artifact with the recorded artifacts' keys: the lesson's
// stdout object printed as the recorded pipeline prints it, the panels the lesson makes of it,
// its diagram (with the measured reading, since the artifact has a measured trace), the
// environment, and lessonscope's optional "trace" of every call.
// generatedAt is RFC 3339 UTC with microseconds, e.g. "2026-10-20T10:45:58.968076+00:00".
// Throws std::invalid_argument for a run with no output or no call (Lesson::run always
// measures one).
// provenance says where the numbers come from: a run on the learner's machine, or a recording
// bundled with lessonscope (made with `lessonscope run --recorded` on a quiet machine), and what
// computed them: "measured_cpu_computation" on the stream and on an OpenCL device of type CPU
// (PoCL), "…_gpu_computation" on a GPU, "…_device_computation" on any other device.
enum class Provenance { Measured, Recorded };
inline constexpr const char *kMeasuredProvenance = "measured_cpu_computation";
inline constexpr const char *kRecordedProvenance = "recorded_cpu_computation";
std::string provenanceOf(const LessonRun &run, Provenance provenance);
// Whether a provenance says the learner's machine measured it (on any device).
bool isMeasuredProvenance(const std::string &provenance);
Artifact buildArtifact(const Lesson &lesson, const LessonRun &run, const std::string &generatedAt,
                       Provenance provenance = Provenance::Measured);

} // namespace lessonscope
