#pragma once

// An artifact read together with its lesson: the format's checks plus the lesson's own (found by
// lessonId in the registry), its figures, its timeline, and whether this build rendered it.

#include "core/artifact/artifactio.h"
#include "core/lesson/lessonsummary.h"
#include "core/trace/timeline.h"

#include <QString>

#include <memory>
#include <string>
#include <string_view>

namespace lessonscope {

class Lesson;

// validateFormat, then the lesson's checks on its stdout object. An artifact of a lesson this
// build does not know gets the format's checks and one info-level problem that says so.
Problems validateArtifact(const Json &document);

// Parse and validateArtifact. Never throw; never abort, whatever the bytes.
ReadResult readArtifact(std::string_view bytes, const ReadLimits &limits = {});
ReadResult readArtifactFile(const QString &path, const ReadLimits &limits = {});
// readArtifact on a document parseJson already parsed.
ReadResult readParsedArtifact(JsonParseResult parsed);

// The lesson's figures of the artifact; empty for a lesson this build does not know.
LessonSummary summarizeArtifact(const Artifact &artifact);

// The lesson's timeline of the artifact. A lesson this build does not know gets the stream's
// calls as they are (no candidates: nothing to predict).
std::unique_ptr<LessonTimeline> timelineOf(const Artifact &artifact);

// The renderer identity of a lesson's panels: SHA-256 of the canonical JSON of its panel layout,
// the diagram kind and the renderer's version. Bump kRendererVersion whenever the builder lays
// out an artifact differently for every lesson.
inline constexpr int kRendererVersion = 1;
std::string rendererHashOf(const Lesson &lesson);
// The artifact's panels were laid out by this build's renderer of its lesson.
bool isRenderedByThisBuild(const Artifact &artifact);

} // namespace lessonscope
