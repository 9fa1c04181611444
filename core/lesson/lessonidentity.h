#pragma once

// Whether an artifact is what it says it is: a body of its own lesson (its panels are the ones
// that lesson lays out) with the contentHash that lesson's content and the run's parameters give.
// A body of one lesson under another's lessonId, and another run's contentHash, read as sound
// before (issue 19); "reproducible" is said only of a hash that was recomputed and matched.

#include "core/base/jsonfwd.h"

#include <optional>
#include <string>

namespace lessonscope {

class Artifact;
class Checker;
class Lesson;

// Warnings for a body that is not the lesson's: a panel whose kind and title are not one of the
// lesson's (panelLayout(), in its order; a cancelled run leaves some out), and a contentHash that
// is not the one recomputed from the parameters stdout states (Lesson::parametersOf), or
// parameters no run of the lesson can have.
void checkLessonIdentity(const Json &document, const Lesson &lesson, const Json *stdoutObject, Checker &checker);

enum class ContentHash {
    Reproduced, // recomputed from the lesson and the parameters stdout states, and equal
    Differs,    // recomputed, and not the file's
    NotChecked, // not recomputable: a lesson this build does not know, or stdout does not say its parameters
};
ContentHash contentHashStatus(const Artifact &artifact);

// The contentHash this build's lesson gives the parameters the stdout object states; nullopt
// when they are not all stated, or not a run's.
std::optional<std::string> recomputedContentHash(const Lesson &lesson, const Json &stdoutObject);

} // namespace lessonscope
