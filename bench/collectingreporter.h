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
    CollectingReporter() : ConsoleReporter(isatty(STDOUT_FILENO) ? OO_ColorTabular : OO_Tabular) { }

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

// Google Benchmark initialised with the figures' defaults first — repetitions interleaved in random
// order (a drift of the machine then spreads over every benchmark instead of landing on one) and
// at least 0.2 s each — so that the same flags on the command line override them. False after
// printing an unrecognised argument.
inline bool initializeWithFigureDefaults(int argc, char **argv)
{
    static char interleave[] = "--benchmark_enable_random_interleaving=true";
    static char minTime[] = "--benchmark_min_time=0.2";
    std::vector<char *> args{argv[0], interleave, minTime};
    args.insert(args.end(), argv + 1, argv + argc);
    int count = static_cast<int>(args.size());
    args.push_back(nullptr);
    benchmark::Initialize(&count, args.data());
    return !benchmark::ReportUnrecognizedArguments(count, args.data());
}
