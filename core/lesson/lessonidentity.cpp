#include "core/lesson/lessonidentity.h"

#include "core/artifact/artifact.h"
#include "core/artifact/checker.h"
#include "core/artifact/lenientjson.h"
#include "core/base/utf8.h"
#include "core/lesson/artifactbuilder.h"
#include "core/lesson/lessonartifacts.h"
#include "core/lesson/lessonregistry.h"

#include <nlohmann/json.hpp>

namespace lessonscope {

namespace {

std::string layoutTitles(const Json &layout)
{
    std::string titles;
    for (const Json &panel : layout)
        titles += (titles.empty() ? "" : ", ") + std::string("\"") + lenient::stringMember(panel, "title") + "\"";
    return titles;
}

// Each panel, by kind and title, is the next of the layout's (a subsequence: a cancelled run
// leaves panels out, never adds or reorders them). The first that is not is reported.
void checkPanels(const Json &document, const Lesson &lesson, Checker &checker)
{
    const Json *data = lenient::member(document, "data");
    const Json *panels = data ? lenient::member(*data, "panels") : nullptr;
    const Json layout = lesson.panelLayout();
    if (!panels || !panels->is_array() || !layout.is_array())
        return; // the format's checks say what is wrong
    std::size_t next = 0;
    for (std::size_t i = 0; i < panels->size(); ++i) {
        const Json &panel = (*panels)[i];
        const std::string kind = lenient::stringMember(panel, "kind");
        const std::string title = lenient::stringMember(panel, "title");
        if (kind != "bar" && kind != "line")
            continue; // a kind this version does not know: the format's checks say so
        while (next < layout.size()
               && (lenient::stringMember(layout[next], "kind") != kind
                   || lenient::stringMember(layout[next], "title") != title))
            ++next;
        if (next == layout.size()) {
            checker.warning(childPointer("/data/panels/" + std::to_string(i), "title"),
                            "the " + printableText(kind.substr(0, 40)) + " panel \""
                                + printableText(title.substr(0, 100)) + "\" is not one of " + lesson.info().id
                                + "'s panels, in their order (" + layoutTitles(layout)
                                + "): this is another lesson's body, or its panels were changed");
            return;
        }
        ++next;
    }
}

void checkContentHash(const Json &document, const Lesson &lesson, const Json &stdoutObject, Checker &checker)
{
    std::optional<ParameterValues> stated = lesson.parametersOf(stdoutObject);
    if (!stated) {
        // Made elsewhere (the recorded pipeline's lesson): the hash stays opaque. A file
        // that says this build's renderer made it says its parameters too.
        const Json *cancelled = lenient::member(stdoutObject, "cancelled");
        const bool stopped = cancelled && cancelled->is_boolean() && cancelled->get<bool>(); // may not have got to all
        if (lesson.statesItsParameters() && !stopped
            && lenient::stringMember(document, "rendererHash") == rendererHashOf(lesson))
            checker.warning("/stdout",
                            "stdout does not state every parameter of the run as " + lesson.info().id
                                + " prints them, so its contentHash cannot be checked");
        return;
    }
    if (const auto refused = lesson.resolveParameters(*stated)) {
        checker.warning("/stdout", "stdout states parameters no run of " + lesson.info().id + " can have: " + *refused);
        return;
    }
    const std::string recomputed = lessonContentHash(lesson, *stated);
    const std::string hash = lenient::stringMember(document, "contentHash");
    if (hash != recomputed) {
        checker.warning("/contentHash",
                        "contentHash is not " + lesson.info().id + "'s content with the parameters stdout states ("
                            + lesson.describeParameters(*stated) + ", SHA-256 " + recomputed
                            + "): the file is not the run it says, or another version of the lesson made it");
    }
}

} // namespace

void checkLessonIdentity(const Json &document, const Lesson &lesson, const Json *stdoutObject, Checker &checker)
{
    checkPanels(document, lesson, checker);
    if (stdoutObject)
        checkContentHash(document, lesson, *stdoutObject, checker);
}

std::optional<std::string> recomputedContentHash(const Lesson &lesson, const Json &stdoutObject)
{
    std::optional<ParameterValues> stated = lesson.parametersOf(stdoutObject);
    if (!stated || lesson.resolveParameters(*stated))
        return std::nullopt;
    return lessonContentHash(lesson, *stated);
}

ContentHash contentHashStatus(const Artifact &artifact)
{
    const Lesson *lesson = findLesson(artifact.lessonId());
    const auto out = artifact.stdoutJson();
    const auto recomputed = lesson && out ? recomputedContentHash(*lesson, *out) : std::nullopt;
    if (!recomputed)
        return ContentHash::NotChecked;
    return *recomputed == artifact.contentHash() ? ContentHash::Reproduced : ContentHash::Differs;
}

} // namespace lessonscope
