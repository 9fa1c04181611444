#pragma once

#include "core/artifact/artifact.h"
#include "core/lesson/lesson.h"

#include <string>

namespace lessonscope {

// The renderer identity of the code that builds panels and diagram; its hash is rendererHash.
// Bump kRendererVersion whenever buildArtifact() lays out panels or diagram differently.
inline constexpr int kRendererVersion = 1;

// contentHash of a lesson run with these (resolved) parameters: SHA-256 of the canonical JSON of
// the lesson's declared content and the parameter values. The same on every machine.
std::string lessonContentHash(const Lesson &lesson, const ParameterValues &values);
std::string lessonscopeRendererHash();

// Turns a run into a schemaVersion 1 artifact with the recorded artifacts' keys and shapes, plus
// lessonscope's optional keys (the measured trace, the timer-boundary panel).
// generatedAt is RFC 3339 UTC with microseconds, e.g. "2026-10-20T10:45:58.968076+00:00".
// A run cancelled before its first warm call gives empty warm samples, no warm medians in stdout
// and no timer-boundary panel (it shows medians). Throws std::invalid_argument for a run with no
// first call (Lesson::run always measures it).
Artifact buildArtifact(const Lesson &lesson, const LessonRun &run, const std::string &generatedAt);

} // namespace lessonscope
