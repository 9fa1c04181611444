#pragma once

#include "core/lesson/lesson.h"

namespace lessonscope {

// performance-02 "Keep the first call apart": the first call of X (m×k) · W (k×n) on a
// DeviceStream pays for everything that happens once in a process — starting the stream's worker,
// choosing the product's instruction-set variant, first-touching the output, Eigen's first use,
// cold caches. So that "first" is really first, run() starts `processes` fresh lessonscope
// processes one after another (measureInChild); each times its first call part by part and then
// its warm calls, and the parent gathers them.
class Performance02 final : public Lesson
{
public:
    static constexpr const char *kId = "performance-02";

    const LessonInfo &info() const override;
    LessonRun run(const ParameterValues &values, RunObserver &observer) const override;
    int measureInChild(const QStringList &arguments) const override;

    Json panels(const Json &output) const override;
    Json panelLayout() const override;
    void check(const Json &document, const Json &output, Checker &checker) const override;
    LessonSummary summarize(const Artifact &artifact) const override;
    std::unique_ptr<LessonTimeline> timeline(const Artifact &artifact) const override;
    std::string describeParameters(const ParameterValues &values) const override;
};

} // namespace lessonscope
