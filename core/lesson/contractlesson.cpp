#include "core/lesson/contractlesson.h"
#include "core/lesson/statedparameters.h"

#include <nlohmann/json.hpp>

namespace lessonscope {

Json ContractLesson::panels(const Json &output) const { return m_contract.panels(output); }

Json ContractLesson::panelLayout() const { return m_contract.panelLayout(); }

void ContractLesson::check(const Json &document, const Json &output, Checker &checker) const
{
    m_contract.check(document, output, checker);
}

LessonSummary ContractLesson::summarize(const Artifact &artifact) const { return m_contract.summarize(artifact); }

std::unique_ptr<LessonTimeline> ContractLesson::timeline(const Artifact &artifact) const
{
    return m_contract.timeline(artifact);
}

std::optional<ParameterValues> ContractLesson::parametersOf(const Json &output) const
{
    return m_contract.parameters ? m_contract.parameters(output) : statedParameters(output, m_contract.fields());
}

} // namespace lessonscope
