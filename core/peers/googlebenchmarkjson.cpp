// Google Benchmark's JSON (--benchmark_out=FILE, --benchmark_format=json): a "context" object of
// the machine and the run, and "benchmarks": one row per repetition ("run_type": "iteration")
// and per aggregate ("aggregate": mean, median, stddev, cv, BigO, RMS), each with its own
// time_unit. docs/peer-results.md lists what is read.
#include "core/peers/googlebenchmark_p.h"
#include "core/peers/peerformats.h"
#include "core/peers/peerreading_p.h"

#include <nlohmann/json.hpp>

#include <set>

namespace lessonscope {

namespace {

using namespace peerreading;
using googlebenchmark::Row;

// The members of a row that are not counters.
const std::set<std::string> &rowKeys()
{
    static const std::set<std::string> keys{"name",
                                            "family_index",
                                            "per_family_instance_index",
                                            "run_name",
                                            "run_type",
                                            "repetitions",
                                            "repetition_index",
                                            "threads",
                                            "iterations",
                                            "real_time",
                                            "cpu_time",
                                            "time_unit",
                                            "aggregate_name",
                                            "aggregate_unit",
                                            "error_occurred",
                                            "error_message",
                                            "label",
                                            "big_o",
                                            "real_coefficient",
                                            "cpu_coefficient",
                                            "rms"};
    return keys;
}

// "L1 Data 48 KiB, L2 Unified 2 MiB, L3 Unified 260 MiB (shared by 2)"
std::string cachesText(const Json &caches)
{
    std::string text;
    for (const Json &cache : caches) {
        const auto size = numberOf(cache, "size").value_or(0);
        const auto sharing = numberOf(cache, "num_sharing").value_or(1);
        std::string sizeText = size >= 1048576 ? numberText(size / 1048576) + " MiB" : numberText(size / 1024) + " KiB";
        text += (text.empty() ? "L" : ", L") + numberText(numberOf(cache, "level").value_or(0)) + " "
            + stringOf(cache, "type") + " " + sizeText
            + (sharing > 1 ? " (shared by " + numberText(sharing) + ")" : "");
    }
    return text;
}

void readContext(const Json &context, ResultsFile &file, Checker &checker)
{
    for (auto it = context.begin(); it != context.end(); ++it)
        file.context.emplace_back(it.key(), it.key() == "caches" && it->is_array() ? cachesText(*it) : rendered(*it));
    file.date = stringOf(context, "date");
    file.host = stringOf(context, "host_name");
    if (const auto cpus = numberOf(context, "num_cpus"))
        file.cpus = static_cast<int>(*cpus);
    if (const auto mhz = numberOf(context, "mhz_per_cpu"); mhz && file.cpus)
        file.cpu = numberText(*file.cpus) + " × " + numberText(*mhz) + " MHz";
    if (const Json *scaling = member(context, "cpu_scaling_enabled"); scaling && scaling->is_boolean())
        file.cpuScaling = scaling->get<bool>();
    file.buildType = stringOf(context, "library_build_type");
    if (const Json *load = member(context, "load_avg"); load && load->is_array() && !load->empty()) {
        file.loadAverage = numberValue(&(*load)[0]);
        file.loadPointer = "/context/load_avg/0";
    } else if (load) {
        checker.warning("/context/load_avg", "load_avg is not a list of numbers: the load at the start is not known");
    }
    file.version = stringOf(context, "library_version");
}

// The row's times in seconds, or a problem: Google Benchmark writes them as numbers in the row's
// time_unit (ns, us, ms or s).
bool readTimes(const Json &json, const std::string &pointer, Row &row, Checker &checker)
{
    const std::string unit = stringOf(json, "time_unit");
    const auto perUnit = secondsPerTimeUnit(unit);
    if (!perUnit) {
        checker.error(pointer + "/time_unit",
                      "\"" + unit
                          + "\" is not a time unit of Google Benchmark (ns, us, ms or s); "
                            "this row is left out");
        return false;
    }
    const auto real = numberOf(json, "real_time");
    const auto cpu = numberOf(json, "cpu_time");
    if (!real || !cpu) {
        checker.error(pointer + (real ? "/cpu_time" : "/real_time"), "not a number: this row is left out");
        return false;
    }
    const bool fraction = stringOf(json, "aggregate_unit") == "percentage";
    row.isDuration = !fraction;
    row.realSeconds = fraction ? *real : *real * *perUnit; // cv says "ns" but is a fraction
    row.cpuSeconds = fraction ? *cpu : *cpu * *perUnit;
    return true;
}

std::optional<Row> readFit(const Json &json, const std::string &aggregate, Row row, Checker &checker)
{
    row.runName = stringOf(json, "run_name");
    if (aggregate == "RMS") {
        row.kind = Row::Kind::Rms;
        row.rms = numberOf(json, "rms").value_or(0);
        return row;
    }
    row.kind = Row::Kind::BigO;
    row.bigO = stringOf(json, "big_o");
    const auto perUnit = secondsPerTimeUnit(stringOf(json, "time_unit"));
    const auto coefficient = numberOf(json, "real_coefficient");
    if (!perUnit || !coefficient) {
        checker.warning(row.pointer, "this BigO row has no real_coefficient in a time unit: the fit is not drawn");
        return std::nullopt;
    }
    row.coefficient = *coefficient * *perUnit;
    return row;
}

std::optional<Row> readRow(const Json &json, const std::string &pointer, Checker &checker)
{
    if (!json.is_object()) {
        checker.error(pointer, "a row is not an object (it is " + describeValue(json) + "); it is left out");
        return std::nullopt;
    }
    Row row;
    row.pointer = pointer;
    const std::string name = stringOf(json, "name");
    if (name.empty()) {
        checker.error(pointer + "/name", "a row without a name: it is left out");
        return std::nullopt;
    }
    const std::string runType = stringOf(json, "run_type");
    const std::string aggregate = stringOf(json, "aggregate_name");
    if (runType == "aggregate" && (aggregate == "BigO" || aggregate == "RMS"))
        return readFit(json, aggregate, row, checker);
    row.runName = stringOf(json, "run_name").empty() ? name : stringOf(json, "run_name");
    row.threads = static_cast<int>(numberOf(json, "threads").value_or(1));
    if (const Json *error = member(json, "error_occurred"); error && error->is_boolean() && error->get<bool>()) {
        row.error = stringOf(json, "error_message").empty() ? "an error occurred" : stringOf(json, "error_message");
        return row;
    }
    if (!runType.empty() && runType != "iteration" && runType != "aggregate")
        checker.warning(pointer + "/run_type",
                        "\"" + runType + "\" is neither iteration nor aggregate: read as a repetition");
    if (runType == "aggregate") {
        row.kind = Row::Kind::Aggregate;
        row.aggregateName = aggregate.empty() ? name : aggregate;
    }
    if (!readTimes(json, pointer, row, checker))
        return std::nullopt;
    for (auto it = json.begin(); it != json.end(); ++it) {
        if (!rowKeys().count(it.key()) && it->is_number())
            row.counters.emplace_back(it.key(), it->get<double>());
    }
    return row;
}

} // namespace

PeerRead readGoogleBenchmarkJson(const Json &document)
{
    Reading reading(Harness::GoogleBenchmark, "Google Benchmark JSON");
    ResultsFile *file = &reading.file();
    Checker &checker = reading.checker();
    readContext(*member(document, "context"), *file, checker);
    const Json &rows = *member(document, "benchmarks");
    googlebenchmark::Assembler assembler(*file);
    bool familyIndexes = false;
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const Json &json = rows[i];
        if (const auto row = readRow(json, childPointer("/benchmarks", i), checker))
            assembler.add(*row);
        familyIndexes = familyIndexes || member(json, "family_index");
        file->repetitions = std::max<std::size_t>(file->repetitions,
                                                  static_cast<std::size_t>(numberOf(json, "repetitions").value_or(0)));
    }
    assembler.finish();
    if (file->version.empty()) // 1.8 writes library_version; family_index came with 1.6
        file->version = familyIndexes ? "1.6–1.7" : "1.5 or older";
    return reading.finish(false);
}

} // namespace lessonscope
