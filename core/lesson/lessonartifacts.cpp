#include "core/lesson/lessonartifacts.h"

#include "core/artifact/canonicaljson.h"
#include "core/artifact/checker.h"
#include "core/artifact/jsonreader.h"
#include "core/artifact/lenientjson.h"
#include "core/artifact/validation.h"
#include "core/lesson/disturbance.h"
#include "core/lesson/lessonidentity.h"
#include "core/lesson/lessonregistry.h"
#include "core/trace/streamtimeline.h"

#include <nlohmann/json.hpp>

#include <functional>
#include <new>

namespace lessonscope {

namespace {

// The lesson's own checks, on its stdout object (parsed by the caller: once per artifact).
void checkLesson(const Json &document, const Json *stdoutObject, Problems &problems)
{
    const Json *id = Checker::member(document, "lessonId");
    if (!id || !id->is_string())
        return; // the format's checks said so
    const Lesson *lesson = findLesson(id->get_ref<const std::string &>());
    Checker checker(problems);
    if (!lesson) {
        checker.info("/lessonId",
                     "lesson not known to this build: its figures are shown as the file has "
                     "them, without the lesson's own checks");
        return;
    }
    // A lesson prints its figures as a JSON object; text is legal stdout, and has nothing to check.
    if (stdoutObject)
        lesson->check(document, *stdoutObject, checker);
    checkLessonIdentity(document, *lesson, stdoutObject, checker);
    checker.finish();
}

// The interference evidence must have its documented shape and ranges, or the run's disturbance
// cannot be judged (the rule would silently call it "not known"): said at the field that broke.
void checkInterference(const Json &document, Problems &problems)
{
    const Json *environment = Checker::member(document, "environment");
    if (!environment || !environment->is_object() || !Checker::member(*environment, "interference"))
        return;
    EvidenceProblem problem;
    if (!interferenceFromJson(*environment, &problem)) {
        Checker checker(problems);
        checker.warning(problem.pointer, problem.message);
        return;
    }
    const Json *interference = Checker::member(*environment, "interference");
    if (Checker::member(*interference, "measuring") && !runEvidenceFromJson(*environment).measuring) {
        Checker checker(problems);
        checker.warning("/environment/interference/measuring",
                        "the measuring evidence is not in its documented shape (rounds, wanted, measured = clean + "
                        "interrupted, sharedCpu, waitedSeconds, timedSeconds, budgetSpent): whether the run could "
                        "measure cannot be judged");
    }
}

std::shared_ptr<const Json> parsedStdout(const Json &document)
{
    const Json *text = Checker::member(document, "stdout");
    if (!text || !text->is_string())
        return nullptr;
    JsonParseResult parsed = parseJson(text->get_ref<const std::string &>());
    return parsed.document && parsed.document->is_object() ? std::move(parsed.document) : nullptr;
}

void addLessonChecks(const Json &document, const std::function<std::shared_ptr<const Json>()> &stdoutObject,
                     Problems &problems)
{
    try {
        checkInterference(document, problems);
        checkLesson(document, stdoutObject().get(), problems);
    } catch (const std::bad_alloc &) {
        problems.push_back({Severity::Error, {}, "validation ran out of memory; the problems above are not all"});
    } catch (const std::exception &error) {
        problems.push_back({Severity::Error, {}, std::string("validation stopped early: ") + error.what()});
    }
}

// The format's checks while reading, then the lesson's on the artifact read: its stdout is parsed
// once, for the checks and for every later use of the artifact (its memo).
ReadResult withLessonChecks(ReadResult result)
{
    if (result.artifact) {
        const Artifact &artifact = *result.artifact;
        addLessonChecks(
            artifact.json(), [&artifact] { return artifact.stdoutJson(); }, result.problems);
    }
    return result;
}

} // namespace

Problems validateArtifact(const Json &document)
{
    Problems problems = validateFormat(document);
    if (document.is_object())
        addLessonChecks(
            document, [&document] { return parsedStdout(document); }, problems);
    return problems;
}

ReadResult readArtifact(std::string_view bytes, const ReadLimits &limits)
{
    return withLessonChecks(readDocument(bytes, validateFormat, limits));
}

ReadResult readArtifactFile(const QString &path, const ReadLimits &limits)
{
    return withLessonChecks(readDocumentFile(path, validateFormat, limits));
}

ReadResult readParsedArtifact(JsonParseResult parsed)
{
    return withLessonChecks(readParsedDocument(std::move(parsed), validateFormat));
}

LessonSummary summarizeArtifact(const Artifact &artifact)
{
    const Lesson *lesson = findLesson(artifact.lessonId());
    if (!lesson)
        return LessonSummary{};
    LessonSummary summary = lesson->summarize(artifact);
    // Samples are "clean" by their evidence; a file without it (the seed, an older lessonscope's
    // run) has samples only.
    const Json *environment = lenient::member(artifact.json(), "environment");
    if (!environment || !runEvidenceFromJson(*environment).measuring) {
        for (Figure &figure : summary.figures) {
            if (figure.samplesLabel.rfind("clean ", 0) == 0)
                figure.samplesLabel.erase(0, 6);
        }
    }
    return summary;
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
