#include "ui/timeline/coursecounts.h"

#include "core/artifact/artifact.h"
#include "core/lesson/disturbance.h"
#include "core/lesson/lessonartifacts.h"
#include "core/trace/timeline.h"

#include <QCoreApplication>

#include <nlohmann/json.hpp>

using namespace lessonscope;

namespace {

QString tr(const char *text) { return QCoreApplication::translate("CourseCounts", text); }

bool wasCancelled(const Artifact &artifact)
{
    const std::shared_ptr<const Json> output = artifact.stdoutJson();
    if (!output || !output->is_object())
        return false;
    const auto cancelled = output->find("cancelled");
    return cancelled != output->end() && cancelled->is_boolean() && cancelled->get<bool>();
}

} // namespace

QString courseRefusal(const Artifact &artifact)
{
    if (wasCancelled(artifact))
        return tr("This run was cancelled part-way: its calls are too few to grade the lesson by.");
    if (disturbanceOf(artifact.json()).disturbed)
        return tr("This run was disturbed: the machine was busy while it measured, so its numbers do not count "
                  "for the course.");
    return {};
}

std::optional<bool> answerIsRightOn(const Artifact &artifact, const AnswerStore::Answer &answer)
{
    const std::shared_ptr<const LessonTimeline> timeline = timelineOf(artifact);
    const int call = timeline->representativeCall();
    const CallTimeline shown = timeline->call(call);
    if (answer.length) {
        if (shown.marker != MarkerKind::Length)
            return std::nullopt;
        return timeline->lengthVerdict(*answer.length, call).correct;
    }
    if (shown.marker == MarkerKind::Length || shown.candidateIndex(answer.candidate.toStdString()) < 0)
        return std::nullopt;
    return timeline->verdict(answer.candidate.toStdString(), call).correct;
}
