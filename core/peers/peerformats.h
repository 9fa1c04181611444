#pragma once

// Reading the results files of other harnesses as they are (docs/peer-results.md): each format
// is recognised by its own structure — a Google Benchmark JSON by its "context" object and
// "benchmarks" rows, its CSV by its header line, hyperfine by "results" with "command"s, pyperf
// by its "version" and "benchmarks" with "runs", nanobench by "results" with "measurements" —
// and read leniently: a reader never throws, reports every problem in the format's own terms,
// located by a JSON Pointer (or "line N" in a CSV), and keeps everything it can.

#include "core/artifact/jsonreader.h"
#include "core/artifact/problem.h"
#include "core/base/jsonfwd.h"
#include "core/peers/resultsfile.h"

#include <memory>
#include <optional>
#include <string_view>

namespace lessonscope {

struct PeerRead {
    std::shared_ptr<const ResultsFile> results; // null when nothing could be read
    Problems problems;                          // the format's problems, then the course's warnings
};

// Which peer's results this parsed document is, by its structure; nothing for anything else (a
// lesson artifact, which has a schemaVersion, never matches).
std::optional<Harness> recognisePeerJson(const Json &document);
// Reads a document recognisePeerJson recognised as harness's.
PeerRead readPeerJson(const Json &document, Harness harness);

// A Google Benchmark CSV (--benchmark_out_format=csv or --benchmark_format=csv): its header line
// "name,iterations,real_time,cpu_time,time_unit,…", after the context lines it may begin with.
bool isGoogleBenchmarkCsv(std::string_view bytes);
PeerRead readGoogleBenchmarkCsv(std::string_view bytes);

// A Google Benchmark JSON that ends before its end — the run that wrote it aborted or was
// killed — read up to its last complete row, and said so. Nothing when the bytes are not the
// beginning of one (parseProblems: what parsing them whole said).
std::optional<PeerRead> readCutShortGoogleBenchmarkJson(std::string_view bytes, const Problems &parseProblems,
                                                        const ReadLimits &limits = {});

} // namespace lessonscope
