// nanobench's JSON (its templates::json()): "results", one per benchmark, each with its "title"
// and "name", "unit" (what one op is), "batch" (ops per iteration), "complexityN", "epochs",
// "clockResolution" and the summary nanobench computed, and "measurements": one per epoch, with
// "elapsed" seconds and the counters per iteration (0 when nanobench could not read them).
// docs/peer-results.md lists what is read.
#include "core/peers/peerformats.h"
#include "core/peers/peerreading_p.h"

#include <nlohmann/json.hpp>

namespace lessonscope {

namespace {

using namespace peerreading;

const char *const kCounters[]
    = {"pagefaults", "cpucycles", "contextswitches", "instructions", "branchinstructions", "branchmisses"};

void readMeasurements(const Json &measurements, const std::string &pointer, double batch, BenchmarkResult &benchmark,
                      Checker &checker)
{
    CounterSamples counters;
    std::vector<bool> seen(std::size(kCounters), false);
    for (std::size_t i = 0; i < measurements.size(); ++i) {
        const Json &epoch = measurements[i];
        const auto elapsed = numberOf(epoch, "elapsed");
        if (!elapsed) {
            checker.error(childPointer(pointer, i) + "/elapsed", "an epoch without its elapsed time: it is left out");
            continue;
        }
        benchmark.samples.push_back(*elapsed / batch); // per op, as nanobench's ns/op column
        for (std::size_t c = 0; c < std::size(kCounters); ++c) {
            const double value = numberOf(epoch, kCounters[c]).value_or(0);
            seen[c] = seen[c] || value != 0;
            counters.add(kCounters[c], value / batch);
        }
    }
    // A counter that is 0 in every epoch was not read (nanobench writes 0 for it): left out.
    std::vector<BenchmarkCounter> medians = counters.medians();
    for (std::size_t c = 0; c < medians.size() && c < seen.size(); ++c) {
        if (seen[c])
            benchmark.counters.push_back(medians[c]);
    }
}

} // namespace

PeerRead readNanobenchJson(const Json &document)
{
    Reading reading(Harness::Nanobench, "nanobench JSON");
    ResultsFile *file = &reading.file();
    Checker &checker = reading.checker();
    const Json &results = *member(document, "results");
    for (std::size_t i = 0; i < results.size(); ++i) {
        const Json &json = results[i];
        const std::string pointer = childPointer("/results", i);
        const Json *measurements = member(json, "measurements");
        if (!measurements || !measurements->is_array()) {
            checker.error(pointer + "/measurements", "a result without its measurements: it is left out");
            continue;
        }
        BenchmarkResult benchmark;
        benchmark.pointer = pointer;
        benchmark.sampleName = "epoch";
        benchmark.name = stringOf(json, "name");
        const std::string unit = stringOf(json, "unit");
        benchmark.unit = "seconds";
        const double batch = numberOf(json, "batch").value_or(1);
        if (!(batch > 0))
            checker.warning(pointer + "/batch", "batch is the ops per iteration, above 0; read as 1");
        readMeasurements(*measurements, pointer + "/measurements", batch > 0 ? batch : 1, benchmark, checker);
        for (BenchmarkCounter &counter : benchmark.counters)
            counter.unit = "per " + (unit.empty() ? std::string("op") : unit);
        if (const auto error = numberOf(json, "medianAbsolutePercentError(elapsed)"))
            benchmark.aggregates.push_back(BenchmarkAggregate{"medianAbsolutePercentError(elapsed)", *error, false});
        if (const auto n = numberOf(json, "complexityN"); n && *n > 0) {
            benchmark.family = stringOf(json, "title");
            benchmark.argument = n;
            benchmark.argumentName = "complexityN";
        }
        if (file->context.empty()) {
            if (const auto resolution = numberOf(json, "clockResolution"))
                file->context.emplace_back("clockResolution", describeNumber(*resolution) + " s");
        }
        file->benchmarks.push_back(std::move(benchmark));
    }
    return reading.finish(true);
}

} // namespace lessonscope
