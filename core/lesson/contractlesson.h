#pragma once

#include "core/lesson/lesson.h"
#include "core/lesson/lessonsummary.h"
#include "core/trace/timeline.h"

#include <memory>

namespace lessonscope {

// The parts of a lesson that are free functions of its folder (its stdout contract, its checks,
// its timeline), gathered so that a lesson's class writes only its texts and its experiment.
// References, not pointers: a contract that leaves a part out does not compile. The one optional
// part, the parameters read back from a run's stdout, is by default what its fields state
// (core/lesson/statedparameters.h).
struct LessonContract {
    StdoutFields (&fields)(); // Lesson::stdoutFields
    Json (&panels)(const Json &output);
    Json (&panelLayout)();
    void (&check)(const Json &document, const Json &output, Checker &checker);
    LessonSummary (&summarize)(const Artifact &artifact);
    std::unique_ptr<LessonTimeline> (&timeline)(const Artifact &artifact);
    std::optional<ParameterValues> (*parameters)(const Json &output) = nullptr; // Lesson::parametersOf
};

// A lesson whose artifact parts are its contract's functions.
class ContractLesson : public Lesson
{
public:
    explicit ContractLesson(const LessonContract &contract) : m_contract(contract) { }

    StdoutFields stdoutFields() const override { return m_contract.fields(); }
    Json panels(const Json &output) const override;
    Json panelLayout() const override;
    void check(const Json &document, const Json &output, Checker &checker) const override;
    LessonSummary summarize(const Artifact &artifact) const override;
    std::unique_ptr<LessonTimeline> timeline(const Artifact &artifact) const override;
    std::optional<ParameterValues> parametersOf(const Json &output) const override;
    bool statesItsParameters() const override { return true; }

private:
    LessonContract m_contract;
};

// The timeline function of a contract, for a timeline class constructed from the artifact.
template<typename Timeline>
std::unique_ptr<LessonTimeline> timelineFrom(const Artifact &artifact)
{
    return std::make_unique<Timeline>(artifact);
}

} // namespace lessonscope
