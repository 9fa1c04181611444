#pragma once

#include "core/lesson/contractlesson.h"

#include <optional>
#include <string>

namespace lessonscope {

// Where a lesson runs: on the stream and on OpenCL devices (docs/opencl.md), or, a lesson of a
// device's own clock, on a real device only (Lesson::needsRealDevice).
enum class LessonDevices { StreamOrDevice, RealDeviceOnly };

// What a course lesson declares, and nothing else, in this order: who it is (id, which the frame
// sets in its info), what it tells the learner and asks of them (makeInfo: texts and parameters),
// its artifact's contract (stdout fields, panels, checks, summary, timeline, stated parameters)
// and its experiment (run, with describe for the run's one-line description); then, where the
// lesson has them, what would make a run too long (workProblem), where it runs and its measuring
// mode in a fresh process (measureInChild). The required parts are references, so that a
// declaration that leaves one out does not compile; the optional ones may stay null.
struct LessonDeclaration {
    const char *id;
    LessonInfo (&makeInfo)();
    const LessonContract &contract;
    LessonRun (&run)(const RunContext &context, const ParameterValues &values, RunObserver &observer);
    std::string (&describe)(const ParameterValues &values); // Lesson::describeParameters
    std::optional<std::string> (*workProblem)(const ParameterValues &values) = nullptr;
    LessonDevices devices = LessonDevices::StreamOrDevice;
    int (*measureInChild)(const QStringList &arguments) = nullptr; // a lesson of fresh processes
};

// A course lesson made from its declaration. The rest — the info made once, run() on the
// stream, the devices it runs on — is here, the same for every lesson.
class DeclaredLesson final : public ContractLesson
{
public:
    explicit DeclaredLesson(const LessonDeclaration &declaration);

    const LessonInfo &info() const override { return m_info; }
    std::optional<std::string> workProblem(const ParameterValues &values) const override;
    LessonRun run(const ParameterValues &values, RunObserver &observer) const override;
    // A course lesson runs on the stream and on OpenCL devices (docs/opencl.md).
    bool runsOnDevices() const override { return true; }
    bool needsRealDevice() const override { return m_declaration.devices == LessonDevices::RealDeviceOnly; }
    LessonRun runOn(const RunContext &context, const ParameterValues &values, RunObserver &observer) const override;
    std::string describeParameters(const ParameterValues &values) const override;
    int measureInChild(const QStringList &arguments) const override;

private:
    const LessonDeclaration &m_declaration;
    LessonInfo m_info;
};

} // namespace lessonscope
