// pyperf's JSON, format "1.0" (BenchmarkSuite.dump): "benchmarks", each with "metadata" and
// "runs"; a run has "metadata", "warmups" ([loops, value per loop] pairs) and "values" (per
// loop). Metadata inherit: the suite's apply to every benchmark and run, a benchmark's to its
// runs. A run with warm-ups and no values is a calibration run. The unit is the "unit" metadata:
// "second" (the default), "byte" or "integer". docs/peer-results.md lists what is read.
#include "core/peers/peerformats.h"
#include "core/peers/peerreading_p.h"

#include <nlohmann/json.hpp>

namespace lessonscope {

namespace {

using namespace peerreading;

// The metadata of a level laid over those it inherits.
Json inherited(const Json &outer, const Json &object)
{
    Json metadata = outer.is_object() ? outer : Json::object();
    if (const Json *own = member(object, "metadata"); own && own->is_object()) {
        for (auto it = own->begin(); it != own->end(); ++it)
            metadata[it.key()] = it.value();
    }
    return metadata;
}

void readUnit(const Json &metadata, BenchmarkResult &benchmark)
{
    const std::string unit = stringOf(metadata, "unit");
    benchmark.isDuration = unit.empty() || unit == "second";
    benchmark.unit = benchmark.isDuration ? "seconds" : unit;
}

void readRun(const Json &run, const std::string &pointer, BenchmarkResult &benchmark, Checker &checker)
{
    if (!run.is_object()) {
        checker.error(pointer, "a run is not an object: it is left out");
        return;
    }
    const Json *values = member(run, "values");
    const Json *warmups = member(run, "warmups");
    if (values && !values->is_array()) {
        checker.error(pointer + "/values", "not a list of values: this run is left out");
        return;
    }
    if (!values || values->empty())
        return; // a calibration run: warm-ups only
    ++benchmark.runs;
    if (!warmups || !warmups->is_array() || warmups->empty())
        ++benchmark.runsWithoutWarmup;
    for (std::size_t i = 0; i < values->size(); ++i) {
        const auto value = numberValue(&(*values)[i]);
        if (!value || !(*value > 0)) {
            checker.error(childPointer(pointer + "/values", i),
                          "pyperf's values are numbers above 0; this one is left out");
            continue;
        }
        benchmark.samples.push_back(*value);
    }
}

void readContext(const Json &suite, const Json &firstRun, ResultsFile &file)
{
    file.context = renderedMembers(suite);
    file.host = stringOf(suite, "hostname");
    file.cpu = stringOf(suite, "cpu_model_name");
    if (const auto cpus = numberOf(suite, "cpu_count"))
        file.cpus = static_cast<int>(*cpus);
    file.version = stringOf(suite, "perf_version");
    file.date = stringOf(firstRun, "date");
    if (const auto load = numberOf(firstRun, "load_avg_1min")) {
        file.loadAverage = load;
        file.loadPointer = "/benchmarks/0/runs/0/metadata/load_avg_1min";
    }
}

} // namespace

PeerRead readPyperfJson(const Json &document)
{
    const std::string version = stringOf(document, "version");
    Reading reading(Harness::Pyperf,
                    "pyperf JSON " + (version.empty() ? rendered(*member(document, "version")) : version));
    ResultsFile *file = &reading.file();
    Checker &checker = reading.checker();
    if (version != "1.0")
        checker.warning("/version",
                        "pyperf's format \"1.0\" (pyperf 1.0 and later) is what lessonscope reads; this "
                        "file is of another, and may be read wrongly (warm-ups before 1.0 were raw values)");
    const Json suite = inherited(Json::object(), document);
    const Json &benchmarks = *member(document, "benchmarks");
    for (std::size_t b = 0; b < benchmarks.size(); ++b) {
        const std::string pointer = childPointer("/benchmarks", b);
        const Json *runs = member(benchmarks[b], "runs");
        if (!runs || !runs->is_array()) {
            checker.error(pointer + "/runs", "a benchmark without its runs: it is left out");
            continue;
        }
        const Json metadata = inherited(suite, benchmarks[b]);
        BenchmarkResult benchmark;
        benchmark.pointer = pointer;
        benchmark.sampleName = "value";
        benchmark.name = stringOf(metadata, "name");
        if (benchmark.name.empty())
            checker.error(pointer + "/metadata/name",
                          "pyperf names every benchmark in its metadata; this one has no name");
        readUnit(metadata, benchmark);
        for (std::size_t r = 0; r < runs->size(); ++r)
            readRun((*runs)[r], childPointer(pointer + "/runs", r), benchmark, checker);
        if (b == 0)
            readContext(suite, runs->empty() ? Json::object() : inherited(metadata, (*runs)[0]), *file);
        file->benchmarks.push_back(std::move(benchmark));
    }
    return reading.finish(false); // pyperf's names are free text: no families
}

} // namespace lessonscope
