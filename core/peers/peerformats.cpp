#include "core/peers/peerformats.h"

#include "core/peers/peerreading_p.h"
#include "core/peers/resultssummary.h"
#include "core/peers/resultswarnings.h"

#include <nlohmann/json.hpp>

#include <new>

namespace lessonscope {

// The readers, one per format (core/peers/<format>.cpp).
PeerRead readGoogleBenchmarkJson(const Json &document);
PeerRead readHyperfineJson(const Json &document);
PeerRead readPyperfJson(const Json &document);
PeerRead readNanobenchJson(const Json &document);
PeerRead readGoogleBenchmarkCsvRows(std::string_view bytes);

namespace {

using peerreading::member;

bool isArray(const Json &document, const char *key)
{
    const Json *value = member(document, key);
    return value && value->is_array();
}

// The first element of an array member has this member: how the formats that share a top-level
// key ("results", "benchmarks") tell themselves apart.
bool firstHas(const Json &document, const char *array, const char *key)
{
    const Json *elements = member(document, array);
    return elements && elements->is_array() && !elements->empty() && member(elements->front(), key);
}

// What every read adds: one line that says what the file is, then the course's warnings.
PeerRead finished(PeerRead read)
{
    if (!read.results)
        return read;
    read.problems.insert(read.problems.begin(), Problem{Severity::Info, {}, describeResults(*read.results)});
    addCourseWarnings(*read.results, read.problems);
    return read;
}

template<typename Reader>
PeerRead guarded(Reader &&reader)
{
    try {
        return finished(reader());
    } catch (const std::bad_alloc &) {
        return PeerRead{nullptr, {{Severity::Error, {}, "there is not enough memory to read these results"}}};
    } catch (const std::exception &error) {
        return PeerRead{nullptr, {{Severity::Error, {}, std::string("the results cannot be read: ") + error.what()}}};
    }
}

} // namespace

std::optional<Harness> recognisePeerJson(const Json &document)
{
    if (!document.is_object() || member(document, "schemaVersion"))
        return std::nullopt;
    const Json *context = member(document, "context");
    if (context && context->is_object() && isArray(document, "benchmarks"))
        return Harness::GoogleBenchmark;
    if (member(document, "version") && isArray(document, "benchmarks") && firstHas(document, "benchmarks", "runs"))
        return Harness::Pyperf;
    if (firstHas(document, "results", "command"))
        return Harness::Hyperfine;
    if (firstHas(document, "results", "measurements"))
        return Harness::Nanobench;
    return std::nullopt;
}

PeerRead readPeerJson(const Json &document, Harness harness)
{
    return guarded([&] {
        switch (harness) {
        case Harness::GoogleBenchmark:
            return readGoogleBenchmarkJson(document);
        case Harness::Hyperfine:
            return readHyperfineJson(document);
        case Harness::Pyperf:
            return readPyperfJson(document);
        case Harness::Nanobench:
            return readNanobenchJson(document);
        }
        return PeerRead{};
    });
}

PeerRead readGoogleBenchmarkCsv(std::string_view bytes)
{
    return guarded([&] { return readGoogleBenchmarkCsvRows(bytes); });
}

std::optional<PeerRead> readCutShortGoogleBenchmarkJson(std::string_view bytes, const Problems &parseProblems,
                                                        const ReadLimits &limits)
{
    // Google Benchmark writes "{\n  \"context\": {" first and each row as "    {" … "    }": a file
    // cut short has its rows up to the last "    }", and only its closing brackets missing.
    const std::size_t start = bytes.find_first_not_of(" \t\r\n");
    if (start == std::string_view::npos || bytes.substr(start, 16).find("\"context\"") == std::string_view::npos
        || bytes.find("\"benchmarks\": [") == std::string_view::npos || !hasErrors(parseProblems))
        return std::nullopt;
    const std::size_t lastRow = bytes.rfind("\n    }");
    if (lastRow == std::string_view::npos || lastRow < bytes.find("\"benchmarks\": ["))
        return std::nullopt;
    std::string repaired(bytes.substr(0, lastRow + 6));
    repaired += "\n  ]\n}\n";
    const JsonParseResult parsed = parseJson(repaired, limits);
    if (!parsed.document || recognisePeerJson(*parsed.document) != Harness::GoogleBenchmark)
        return std::nullopt;
    PeerRead read = readPeerJson(*parsed.document, Harness::GoogleBenchmark);
    if (!read.results)
        return std::nullopt;
    auto results = std::make_shared<ResultsFile>(*read.results);
    results->truncated = true;
    read.results = std::move(results);
    const std::string where = parseProblems.empty() ? std::string() : " (" + parseProblems.front().message + ")";
    read.problems.insert(
        read.problems.begin() + 1,
        Problem{Severity::Warning, "/benchmarks",
                "the file ends before its JSON does" + where
                    + ": the run that wrote it was cut "
                      "short (it aborted or was killed). The rows up to the last complete one are shown; "
                      "what it measured after them is not in the file."});
    return read;
}

} // namespace lessonscope
