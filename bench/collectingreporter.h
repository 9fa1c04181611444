#pragma once

// Google Benchmark's console output as usual, and each benchmark's median real time (or its one
// time, without repetitions) kept, for the ratios and summaries a benchmark prints at the end.

#include <benchmark/benchmark.h>

#include <map>
#include <string>
#include <vector>

#include <unistd.h>

class CollectingReporter final : public benchmark::ConsoleReporter
{
public:
    // Colours only on a terminal, so that a redirected run gives plain text.
    CollectingReporter()
        : ConsoleReporter(isatty(STDOUT_FILENO) ? OO_ColorTabular : OO_Tabular)
    {
    }

    void ReportRuns(const std::vector<Run> &runs) override
    {
        for (const Run &run : runs) {
            const bool median = run.run_type == Run::RT_Aggregate && run.aggregate_name == "median";
            const bool single = run.run_type == Run::RT_Iteration && run.repetitions <= 1;
            if ((median || single) && !run.error_occurred)
                m_nanoseconds[run.run_name.function_name] = run.GetAdjustedRealTime();
        }
        ConsoleReporter::ReportRuns(runs);
    }

    // The kept time of the benchmark named name, in its unit (ns here); 0 when it did not run.
    double ns(const std::string &name) const
    {
        const auto it = m_nanoseconds.find(name);
        return it == m_nanoseconds.end() ? 0.0 : it->second;
    }

private:
    std::map<std::string, double> m_nanoseconds;
};
