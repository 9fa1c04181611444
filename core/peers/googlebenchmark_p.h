#pragma once

// What Google Benchmark's JSON and CSV readers share (core/peers/googlebenchmark*.cpp): a row as
// either format gives it, and the assembly of rows into benchmarks, families and fits.

#include "core/peers/peerreading_p.h"
#include "core/peers/resultsfile.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace lessonscope::googlebenchmark {

// One row of the file, its times already in seconds.
struct Row {
    enum class Kind {
        Iteration, // one repetition: the mean over its iterations
        Aggregate, // mean, median, stddev, cv or a user statistic over the repetitions
        BigO,      // the family's fitted complexity
        Rms,       // the fit's root-mean-square error
    };
    Kind kind = Kind::Iteration;
    std::string pointer; // "/benchmarks/3", "line 14"
    std::string runName; // the benchmark ("BM_Sort/64"); the family ("BM_Sort") for BigO and RMS
    std::string aggregateName;
    bool isDuration = true; // an aggregate in time; cv is a fraction
    double realSeconds = 0;
    double cpuSeconds = 0;
    std::string bigO;       // BigO: "NlgN", …
    double coefficient = 0; // BigO: seconds per unit of bigO's function (real time)
    double rms = 0;         // RMS
    std::string error;      // error_message of a row that has error_occurred
    int threads = 1;
    std::vector<std::pair<std::string, double>> counters; // user counters, bytes and items per second
};

// The family and argument a benchmark's name says: "BM_Sort/4096" → BM_Sort, n = 4096;
// "BM_Scan/size:64/threads:2" → BM_Scan, size = 64, 2 threads; options such as real_time,
// min_time:… and iterations:… are not arguments.
struct Name {
    std::string family;
    std::optional<double> argument;
    std::string argumentName = "n";
    std::optional<int> threads;
};
Name parseName(const std::string &runName);

// Rows into benchmarks, in the order each is first seen (so random interleaving reads as the
// others do), then families ordered by argument with the BigO and RMS rows as their fits.
class Assembler
{
public:
    explicit Assembler(ResultsFile &file) : m_file(file) { }
    void add(const Row &row);
    void finish();

private:
    BenchmarkResult &benchmarkFor(const Row &row);

    ResultsFile &m_file;
    std::map<std::string, std::size_t> m_index;
    std::vector<peerreading::CounterSamples> m_counters; // parallel to m_file.benchmarks
    struct Fit {
        std::string bigO;
        std::optional<double> coefficient;
        std::optional<double> rms;
    };
    std::map<std::string, Fit> m_fits; // by family
};

// The unit of a counter Google Benchmark computes itself; empty for a user counter (the file
// does not say whether it is a rate).
std::string counterUnit(const std::string &name);

} // namespace lessonscope::googlebenchmark
