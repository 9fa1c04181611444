#pragma once

#include <QString>

namespace lessonscope {
class Artifact;
}

// Whether an artifact counts for the course: its answer grades the lesson, and a run of it made
// here is the learner's own numbers. Empty when it counts; otherwise why not, in one sentence
// (a disturbed run, a cancelled one). A run that does not count changes nothing in the course.
// Every reason a run is not counted is decided here and nowhere else.
QString courseRefusal(const lessonscope::Artifact &artifact);

#include "ui/timeline/answerstore.h"

#include <optional>

// Whether the learner's answer reads right on this artifact (its own numbers, at the call its
// timeline shows first); nothing when its timeline cannot say (another kind of answer).
std::optional<bool> answerIsRightOn(const lessonscope::Artifact &artifact, const AnswerStore::Answer &answer);
