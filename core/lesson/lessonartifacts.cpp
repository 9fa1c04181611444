#include "core/lesson/lessonartifacts.h"

#include "core/artifact/canonicaljson.h"
#include "core/artifact/checker.h"
#include "core/artifact/jsonreader.h"
#include "core/artifact/validation.h"
#include "core/lesson/lessonregistry.h"
#include "core/trace/streamtimeline.h"

#include <nlohmann/json.hpp>

#include <new>

namespace lessonscope {

namespace {

void checkLesson(const Json &document, Problems &problems)
{
    const Json *id = Checker::member(document, "lessonId");
    if (!id || !id->is_string())
        return; // the format's checks said so
    const Lesson *lesson = findLesson(id->get_ref<const std::string &>());
    Checker checker(problems);
    if (!lesson) {
        checker.info("/lessonId", "lesson not known to this build: its figures are shown as the file has "
                                  "them, without the lesson's own checks");
        return;
    }
    // A lesson prints its figures as a JSON object; text is legal stdout, and has nothing to check.
    const Json *text = Checker::member(document, "stdout");
    if (!text || !text->is_string())
        return;
    JsonParseResult parsed = parseJson(text->get_ref<const std::string &>());
    if (parsed.document && parsed.document->is_object())
        lesson->check(document, *parsed.document, checker);
    checker.finish();
}

} // namespace

Problems validateArtifact(const Json &document)
{
    Problems problems = validateFormat(document);
    if (!document.is_object())
        return problems;
    try {
        checkLesson(document, problems);
    } catch (const std::bad_alloc &) {
        problems.push_back({Severity::Error, {}, "validation ran out of memory; the problems above are not all"});
    } catch (const std::exception &error) {
        problems.push_back({Severity::Error, {}, std::string("validation stopped early: ") + error.what()});
    }
    return problems;
}

ReadResult readArtifact(std::string_view bytes, const ReadLimits &limits)
{
    return readDocument(bytes, validateArtifact, limits);
}

ReadResult readArtifactFile(const QString &path, const ReadLimits &limits)
{
    return readDocumentFile(path, validateArtifact, limits);
}

LessonSummary summarizeArtifact(const Artifact &artifact)
{
    const Lesson *lesson = findLesson(artifact.lessonId());
    return lesson ? lesson->summarize(artifact) : LessonSummary{};
}

std::unique_ptr<LessonTimeline> timelineOf(const Artifact &artifact)
{
    if (const Lesson *lesson = findLesson(artifact.lessonId()))
        return lesson->timeline(artifact);
    return std::make_unique<StreamTimeline>(artifact.trace().value_or(Trace{}));
}

std::string rendererHashOf(const Lesson &lesson)
{
    Json identity = Json::object();
    identity["renderer"] = "lessonscope";
    identity["version"] = kRendererVersion;
    identity["lesson"] = lesson.info().id;
    identity["panels"] = lesson.panelLayout();
    identity["diagram"] = lesson.info().texts.diagramKind;
    return canonicalHash(identity);
}

bool isRenderedByThisBuild(const Artifact &artifact)
{
    const Lesson *lesson = findLesson(artifact.lessonId());
    return lesson && !artifact.rendererHash().empty() && artifact.rendererHash() == rendererHashOf(*lesson);
}

} // namespace lessonscope
