#pragma once

// What the course's lessons on the matrix product share: the product's parameters (m, k, n with
// the --shape shorthand, the element type, the input seed) and how a run of them is described.
// Each lesson picks what it declares; what it measures stays in its own folder.

#include "core/lesson/boundfigures.h"
#include "core/lesson/lesson.h"
#include "core/lesson/lessonsummary.h"
#include "core/lessons/shared/productkeys.h"
#include "core/lessons/shared/timedproduct.h"
#include "core/timing/matmulkernel.h"

#include <array>
#include <memory>
#include <optional>
#include <span>
#include <string>

namespace lessonscope::matrixlesson {

inline constexpr std::int64_t kMaxDimension = 4096;

// What a run may cost, in multiply-adds of the product. One call's product is at most 2048³: the
// check against the double-double reference takes about as long as 30 calls, a few seconds a round
// there on a 2-core machine, and cancelling waits at most for one call. The timed calls together
// are at most 2⁴¹, about a minute of calls on such a machine. A measuring lesson of minutes is a
// lesson no one reruns; docs/security.md lists both.
inline constexpr double kMostCallMultiplyAdds = 8'589'934'592.0;    // 2³³ = 2048³
inline constexpr double kMostRunMultiplyAdds = 2'199'023'255'552.0; // 2⁴¹

// Whether timedCalls calls of the product m·k·n stay within both: nullopt, or why not and what
// to choose instead. For Lesson::workProblem of every matrix lesson.
std::optional<std::string> workProblem(const ParameterValues &values, double timedCalls);

// The texts of a course lesson's diagram, a timeline: its title, its prediction prompt, its
// readings under the schematic (also the diagram's alt text) and the measured timeline, and the
// boundary its timer holds; the scope and height the recorded lesson's.
LessonTexts timelineTexts(std::string title, std::string prediction, std::string reading, std::string measuredReading,
                          std::string boundary);

// The product's parameters added to a lesson's: m, k and n with these defaults (and the --shape
// shorthand), the element type unless the lesson times both, and the seed.
enum class WithDtype { Yes, No };
void addProductParameters(LessonInfo &info, std::int64_t m, std::int64_t k, std::int64_t n, WithDtype dtype);

// m, k and n with these defaults, in that order.
std::vector<ParameterSpec> shapeParameters(std::int64_t m, std::int64_t k, std::int64_t n);
ParameterSpec dtypeParameter(); // float32 (default) or float64
ParameterSpec seedParameter();
// --shape MxKxN (x or ×) sets m, k and n.
ParameterShorthand shapeShorthand();

// The value of an integer parameter as a run's stdout states it; none where the run has none.
std::optional<std::int64_t> statedInteger(const ParameterValues &values, const char *name);

// The end of a matrix lesson's figures, from its run (productfield::kRunEnd): the seed and the
// samples asked for, as its parameters state them, and whether it was cancelled.
template<typename Figures>
void setRunEnd(Figures &figures, const LessonRun &run)
{
    figures.seed = statedInteger(run.parameters, param::kSeed);
    figures.samplesRequested = statedInteger(run.parameters, param::kSamples);
    figures.cancelled = run.cancelled;
}

// The product the parameters m, k, n, dtype and seed name (float32 where a lesson has no dtype).
ProductProblem productProblem(const ParameterValues &values);
// The product opened in the run's context for a round (openTimedProduct), and the run told what
// ran it: its backend, the device exactly, the instruction-set variant, the wait.
std::unique_ptr<TimedProduct> openProduct(const RunContext &context, const ProductProblem &problem, LessonRun &run);
// The products of several problems opened on one device for a round (openTimedProducts), and the
// run told what ran them, as openProduct tells it.
std::vector<std::unique_ptr<TimedProduct>> openProducts(const RunContext &context,
                                                        const std::vector<ProductProblem> &problems, LessonRun &run);

// A timed call appended to the run's trace — its moments from the run's first dispatch on (the
// run's first call sets that origin), its round, a real device's own clock — and told to the
// observer. Returns the trace's call.
const MeasuredCall &recordCall(LessonRun &run, const TimedProduct::Timed &call, int round, RunObserver &observer);

// stdout's first fields, as productfield::kVersions and kProduct declare them: what ran the
// product (run.device), Eigen's, the compiler's and lessonscope's versions, X's and W's shapes
// and, WithDtype::Yes, the element type.
void writeVersionsAndProduct(Json &out, const LessonRun &run, WithDtype dtype);
// A matrix lesson's stdout: the versions and the product (writeVersionsAndProduct), then its
// figures in the order of its bound table.
template<typename Figures, std::size_t N>
Json productStdout(const LessonRun &run, WithDtype dtype, const Figures &figures,
                   const std::array<BoundFigure<Figures>, N> &table)
{
    Json out = Json::object();
    writeVersionsAndProduct(out, run, dtype);
    writeBoundFigures(out, figures, table);
    return out;
}

// The kernel's last output against its reference, after the clock stopped. A cancel asked during
// the check ends it (a 2048³ check takes seconds) and keeps `lastWhole`, the last whole check.
double checkAgainstReference(const MatmulKernel &kernel, double lastWhole, const std::function<bool()> &cancelled);

// "X 64×32 · W 32×16 float32": the product the parameters describe.
std::string describeProduct(const ParameterValues &values);

// One parameter in a run's description: its words, "{}" standing for its value ("seed {}"); with
// no name, words said of every run.
struct DescribedParameter {
    const char *name;
    const char *words;
};

// "X 64×32 · W 32×16 float32, 7 warm samples, seed 0": the product, then each described
// parameter that has a value, in order.
std::string describeProduct(const ParameterValues &values, std::span<const DescribedParameter> parameters);

// A lesson's describeParameters declared as data: describedProduct<kDescribed>, kDescribed the
// lesson's constant list of described parameters.
template<const auto &parameters>
std::string describedProduct(const ParameterValues &values)
{
    return describeProduct(values, parameters);
}

// A matrix lesson's summary, begun: its setup ("64×32 · 32×16 float32") and its "shape" and
// "dtype" settings, which a comparison names when they differ. What a file lacks is left out.
LessonSummary matrixSummary(const std::vector<std::int64_t> &inputShape, const std::vector<std::int64_t> &weightShape,
                            const std::string &dtype);

} // namespace lessonscope::matrixlesson
