// hyperfine's JSON (--export-json FILE): "results", one per command, each with its "times" (the
// runs' wall-clock seconds, the shell's start-up already subtracted), "exit_codes", the summary
// hyperfine computed (mean, stddev — null for one run —, median, user, system, min, max) and,
// for a parameter scan, "parameters" (name → value, as strings). The file says nothing of the
// machine. docs/peer-results.md lists what is read.
#include "core/peers/peerformats.h"
#include "core/peers/peerreading_p.h"

#include <nlohmann/json.hpp>

#include <cstdlib>

namespace lessonscope {

namespace {

using namespace peerreading;

void readSummary(const Json &json, BenchmarkResult &benchmark)
{
    for (const char *key : {"mean", "stddev", "median", "min", "max", "user", "system"}) {
        if (const auto value = numberOf(json, key))
            benchmark.aggregates.push_back(BenchmarkAggregate{key, *value, true});
    }
}

bool readTimes(const Json &json, const std::string &pointer, BenchmarkResult &benchmark, Checker &checker)
{
    const Json *times = member(json, "times");
    if (!times || !times->is_array()) {
        checker.error(pointer + "/times",
                      "hyperfine writes each run's time in \"times\"; without it this command "
                      "has no runs to show");
        return false;
    }
    for (std::size_t i = 0; i < times->size(); ++i) {
        const auto time = numberValue(&(*times)[i]);
        if (!time) {
            checker.error(childPointer(pointer + "/times", i), "not a number of seconds: this run is left out");
            continue;
        }
        benchmark.samples.push_back(*time);
    }
    return true;
}

void readExitCodes(const Json &json, const std::string &pointer, BenchmarkResult &benchmark, Checker &checker)
{
    const Json *codes = member(json, "exit_codes");
    if (!codes)
        return; // hyperfine before 1.12 wrote none
    if (!codes->is_array()) {
        checker.warning(pointer + "/exit_codes", "not a list of exit codes");
        return;
    }
    for (const Json &code : *codes) {
        if (code.is_number_integer())
            benchmark.exitCodes.push_back(code.get<int>());
    }
}

// A scan's parameter: its value as a number when it reads as one (hyperfine writes strings).
void readParameters(const Json &json, BenchmarkResult &benchmark)
{
    const Json *parameters = member(json, "parameters");
    if (!parameters || !parameters->is_object() || parameters->empty())
        return;
    const auto first = parameters->begin();
    const std::string value = first->is_string() ? first->get<std::string>() : rendered(*first);
    char *end = nullptr;
    const double number = std::strtod(value.c_str(), &end);
    if (value.empty() || end != value.c_str() + value.size())
        return;
    benchmark.argument = number;
    benchmark.argumentName = first.key();
    // The family is the command with the value put back as the parameter: "seq {size} | sort".
    std::string family = benchmark.name;
    if (const std::size_t at = family.find(value); at != std::string::npos)
        family.replace(at, value.size(), "{" + first.key() + "}");
    benchmark.family = family;
}

} // namespace

PeerRead readHyperfineJson(const Json &document)
{
    Reading reading(Harness::Hyperfine, "hyperfine JSON");
    ResultsFile *file = &reading.file();
    Checker &checker = reading.checker();
    const Json &results = *member(document, "results");
    for (std::size_t i = 0; i < results.size(); ++i) {
        const Json &json = results[i];
        const std::string pointer = childPointer("/results", i);
        BenchmarkResult benchmark;
        benchmark.pointer = pointer;
        benchmark.sampleName = "run";
        benchmark.name = stringOf(json, "command");
        if (!json.is_object() || benchmark.name.empty()) {
            checker.error(pointer + (json.is_object() ? "/command" : ""),
                          "a result without its command: it is left out");
            continue;
        }
        if (!readTimes(json, pointer, benchmark, checker))
            continue;
        readSummary(json, benchmark);
        readExitCodes(json, pointer, benchmark, checker);
        readParameters(json, benchmark);
        file->benchmarks.push_back(std::move(benchmark));
    }
    return reading.finish(true);
}

} // namespace lessonscope
