// Google Benchmark's CSV (--benchmark_out_format=csv, or --benchmark_format=csv on standard
// output): with --benchmark_out the context first, as the console prints it ("Run on (2 X 2300
// MHz CPU s)", "Load Average: …", "***WARNING*** Library was built as DEBUG …"), then the header
// "name,iterations,real_time,cpu_time,time_unit,bytes_per_second,items_per_second,label,
// error_occurred,error_message" and the user counters, then one row per repetition and aggregate
// with six significant digits. Nothing marks its end. docs/peer-results.md lists what is read.
#include "core/peers/googlebenchmark_p.h"
#include "core/peers/peerformats.h"

#include <cstdlib>
#include <string_view>

namespace lessonscope {

namespace {

using googlebenchmark::Row;
using peerreading::numberIn;

constexpr std::string_view kHeader = "name,iterations,real_time,cpu_time,time_unit";

std::vector<std::string_view> linesOf(std::string_view bytes)
{
    std::vector<std::string_view> lines;
    while (!bytes.empty()) {
        const std::size_t end = bytes.find('\n');
        std::string_view line = bytes.substr(0, end);
        if (!line.empty() && line.back() == '\r')
            line.remove_suffix(1);
        lines.push_back(line);
        bytes.remove_prefix(end == std::string_view::npos ? bytes.size() : end + 1);
    }
    return lines;
}

// One CSV line's fields: quoted fields may hold commas, and "" is a quote.
std::vector<std::string> fieldsOf(std::string_view line)
{
    std::vector<std::string> fields(1);
    bool quoted = false;
    for (std::size_t i = 0; i < line.size(); ++i) {
        const char c = line[i];
        if (quoted && c == '"' && i + 1 < line.size() && line[i + 1] == '"') {
            fields.back() += '"';
            ++i;
        } else if (c == '"') {
            quoted = !quoted;
        } else if (c == ',' && !quoted) {
            fields.emplace_back();
        } else {
            fields.back() += c;
        }
    }
    return fields;
}

std::size_t headerLine(const std::vector<std::string_view> &lines)
{
    for (std::size_t i = 0; i < lines.size() && i < 64; ++i) {
        if (lines[i].substr(0, kHeader.size()) == kHeader)
            return i;
    }
    return std::string_view::npos;
}

// The console's context lines that begin a --benchmark_out CSV.
void readContext(const std::vector<std::string_view> &lines, std::size_t header, ResultsFile &file)
{
    std::string caches;
    bool ranOn = false;
    for (std::size_t i = 0; i < header; ++i) {
        const std::string line(lines[i]);
        if (i == 0 && line.find('T') != std::string::npos && line.find(' ') == std::string::npos) {
            file.date = line;
            file.context.emplace_back("date", line);
        } else if (line.rfind("Running ", 0) == 0) {
            file.context.emplace_back("executable", line.substr(8));
        } else if (line.rfind("Run on (", 0) == 0) {
            ranOn = true;
            const int cpus = std::atoi(line.c_str() + 8);
            const std::size_t x = line.find(" X ");
            if (cpus > 0 && x != std::string::npos) {
                file.cpus = cpus;
                file.cpu = std::to_string(cpus) + " × " + std::to_string(std::atoi(line.c_str() + x + 3)) + " MHz";
            }
            file.context.emplace_back("run on", line.substr(7));
        } else if (line.rfind("  L", 0) == 0) {
            caches += (caches.empty() ? "" : ", ") + line.substr(2);
        } else if (line.rfind("Load Average: ", 0) == 0) {
            file.loadAverage = std::strtod(line.c_str() + 14, nullptr);
            file.loadPointer = "line " + std::to_string(i + 1);
            file.context.emplace_back("load average", line.substr(14));
        } else if (line.find("Library was built as DEBUG") != std::string::npos) {
            file.buildType = "debug";
        } else if (line.find("CPU scaling is enabled") != std::string::npos) {
            file.cpuScaling = true;
        }
    }
    if (!caches.empty())
        file.context.emplace_back("caches", caches);
    if (ranOn) { // the console warns of both when they hold, so their absence says they do not
        if (file.buildType.empty())
            file.buildType = "release";
        if (!file.cpuScaling)
            file.cpuScaling = false;
        file.context.emplace_back("library_build_type", file.buildType);
    }
}

bool endsWith(const std::string &text, std::string_view suffix)
{
    return text.size() >= suffix.size() && text.compare(text.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// What a row is: the CSV has no run_type, so aggregates are known by their names' suffixes.
void classify(Row &row, const std::string &name, bool noIterations)
{
    row.runName = name;
    if (noIterations && endsWith(name, "_BigO")) {
        row.kind = Row::Kind::BigO;
        row.runName = name.substr(0, name.size() - 5);
        return;
    }
    if (noIterations && endsWith(name, "_RMS")) {
        row.kind = Row::Kind::Rms;
        row.runName = name.substr(0, name.size() - 4);
        return;
    }
    for (const char *suffix : {"_mean", "_median", "_stddev", "_cv"}) {
        if (endsWith(name, suffix)) {
            row.kind = Row::Kind::Aggregate;
            row.aggregateName = std::string(suffix + 1);
            row.runName = name.substr(0, name.size() - std::string_view(suffix).size());
            row.isDuration = row.aggregateName != "cv";
        }
    }
}

struct Columns {
    std::vector<std::string> names;
    std::map<std::string, std::string> lastUnit; // per family: the unit a BigO coefficient is in
};

std::optional<Row> readRow(const std::vector<std::string> &f, const std::string &pointer, Columns &columns,
                           Checker &checker)
{
    Row row;
    row.pointer = pointer;
    classify(row, f[0], f[1].empty());
    const std::string family = googlebenchmark::parseName(row.runName).family;
    if (f.size() > 9 && f[8] == "true") {
        row.error = f[9].empty() ? "an error occurred" : f[9];
        return row;
    }
    const auto real = numberIn(f[2]);
    const auto cpu = numberIn(f[3]);
    if (row.kind == Row::Kind::Rms) {
        row.rms = real.value_or(0);
        return row;
    }
    const std::string unit = row.kind == Row::Kind::BigO ? columns.lastUnit[family] : f[4];
    const auto perUnit = secondsPerTimeUnit(unit);
    if (!real || !cpu || !perUnit) {
        checker.error(pointer, "real_time, cpu_time and time_unit are not a time here: this row is left out");
        return std::nullopt;
    }
    if (row.kind == Row::Kind::BigO) {
        row.bigO = f[4];
        row.coefficient = *real * *perUnit;
        return row;
    }
    columns.lastUnit[family] = unit;
    row.realSeconds = row.isDuration ? *real * *perUnit : *real;
    row.cpuSeconds = row.isDuration ? *cpu * *perUnit : *cpu;
    for (std::size_t c = 5; c < f.size() && c < columns.names.size(); ++c) {
        if (c == 7 || c == 8 || c == 9)
            continue; // label, error_occurred, error_message
        if (const auto value = numberIn(f[c]))
            row.counters.emplace_back(columns.names[c], *value);
    }
    return row;
}

} // namespace

bool isGoogleBenchmarkCsv(std::string_view bytes)
{
    return headerLine(linesOf(bytes.substr(0, 64 * 1024))) != std::string_view::npos;
}

PeerRead readGoogleBenchmarkCsvRows(std::string_view bytes)
{
    peerreading::Reading reading(Harness::GoogleBenchmark, "Google Benchmark CSV");
    ResultsFile *file = &reading.file();
    Checker &checker = reading.checker();
    file->csv = true;
    const std::vector<std::string_view> lines = linesOf(bytes);
    const std::size_t header = headerLine(lines);
    readContext(lines, header, *file);
    Columns columns{fieldsOf(lines[header]), {}};
    googlebenchmark::Assembler assembler(*file);
    const bool endsInRow = !bytes.empty() && bytes.back() != '\n';
    for (std::size_t i = header + 1; i < lines.size(); ++i) {
        const std::string pointer = "line " + std::to_string(i + 1);
        if (lines[i].empty())
            continue;
        const std::vector<std::string> fields = fieldsOf(lines[i]);
        if (fields.size() != columns.names.size()) {
            if (i + 1 == lines.size() && endsInRow) {
                file->truncated = true;
                checker.warning(pointer,
                                "the file ends in the middle of this row: the run that wrote it was cut short "
                                "(it aborted or was killed), and what it measured after is not here");
                break;
            }
            checker.error(pointer,
                          "this row has " + std::to_string(fields.size()) + " fields where the header has "
                              + std::to_string(columns.names.size()) + ": it is left out");
            continue;
        }
        if (const auto row = readRow(fields, pointer, columns, checker))
            assembler.add(*row);
    }
    assembler.finish();
    file->version = "1.x (its CSV does not say)";
    checker.info("line " + std::to_string(header + 1),
                 "Google Benchmark's CSV keeps six significant digits and has no end of its own: a run cut short "
                 "leaves no sign in it. Its JSON (--benchmark_out_format=json) keeps every digit and shows it.");
    return reading.finish(false); // the assembler collected the families, with their fits
}

} // namespace lessonscope
