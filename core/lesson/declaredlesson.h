#pragma once

#include "core/lesson/contractlesson.h"

#include <concepts>

namespace lessonscope {

// What a course lesson's class declares, and nothing else: who it is (kId, which the frame sets
// in its info), what it tells the learner and asks of them (makeInfo: texts and parameters), its
// artifact's contract (contract: stdout fields, panels, checks, summary, timeline, stated
// parameters) and its experiment (runOn, with describeParameters for the run's one-line
// description). The rest — the info made once, run() on the stream, the devices it runs on — is
// here, the same for every lesson. A lesson that leaves a part out does not compile: the concept
// names the static parts, the pure overrides the others.
// clang-format 14 breaks a requires-expression's braces apart.
// clang-format off
template<typename Self>
concept LessonDeclaration = requires {
    { Self::kId } -> std::convertible_to<const char *>;
    { Self::makeInfo() } -> std::same_as<LessonInfo>;
    { Self::contract() } -> std::same_as<LessonContract>;
};
// clang-format on

template<typename Self>
class DeclaredLesson : public ContractLesson
{
public:
    const LessonInfo &info() const final
    {
        static const LessonInfo made = [] {
            LessonInfo info = Self::makeInfo();
            info.id = Self::kId;
            return info;
        }();
        return made;
    }
    LessonRun run(const ParameterValues &values, RunObserver &observer) const final
    {
        return runOn(RunContext{}, values, observer);
    }
    // A course lesson runs on the stream and on OpenCL devices (docs/opencl.md), unless it
    // declares kRunsOnDevices false: a lesson of the host's own clock times no device.
    bool runsOnDevices() const final
    {
        if constexpr (requires { Self::kRunsOnDevices; })
            return Self::kRunsOnDevices;
        else
            return true;
    }
    LessonRun runOn(const RunContext &context, const ParameterValues &values, RunObserver &observer) const override = 0;
    std::string describeParameters(const ParameterValues &values) const override = 0;

protected:
    DeclaredLesson() : ContractLesson(checkedContract()) { }

private:
    static LessonContract checkedContract()
    {
        static_assert(LessonDeclaration<Self>, "a lesson declares kId, makeInfo() and contract()");
        return Self::contract();
    }
};

} // namespace lessonscope
