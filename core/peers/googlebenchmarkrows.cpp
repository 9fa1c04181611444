#include "core/peers/googlebenchmark_p.h"

#include <algorithm>
#include <charconv>
#include <cstdlib>
#include <set>

namespace lessonscope::googlebenchmark {

using peerreading::numberIn;

namespace {

// Parts of a name that set how it ran, not what it computes.
bool isOption(const std::string &part)
{
    static const std::set<std::string> words{"real_time", "process_time", "manual_time"};
    if (words.count(part))
        return true;
    for (const char *prefix : {"min_time:", "min_warmup_time:", "iterations:", "repeats:"}) {
        if (part.rfind(prefix, 0) == 0)
            return true;
    }
    return false;
}

} // namespace

Name parseName(const std::string &runName)
{
    Name name;
    std::size_t slash = runName.find('/');
    name.family = runName.substr(0, slash);
    while (slash != std::string::npos) {
        const std::size_t next = runName.find('/', slash + 1);
        const std::string part
            = runName.substr(slash + 1, next == std::string::npos ? std::string::npos : next - slash - 1);
        slash = next;
        if (part.rfind("threads:", 0) == 0) {
            if (const auto threads = numberIn(part.substr(8)))
                name.threads = static_cast<int>(*threads);
            continue;
        }
        if (isOption(part) || name.argument)
            continue;
        const std::size_t colon = part.find(':');
        if (const auto value = numberIn(colon == std::string::npos ? part : part.substr(colon + 1))) {
            name.argument = value;
            if (colon != std::string::npos)
                name.argumentName = part.substr(0, colon);
        }
    }
    return name;
}

std::string counterUnit(const std::string &name)
{
    if (name == "bytes_per_second")
        return "bytes per second";
    if (name == "items_per_second")
        return "per second";
    return {};
}

BenchmarkResult &Assembler::benchmarkFor(const Row &row)
{
    auto [it, added] = m_index.try_emplace(row.runName, m_file.benchmarks.size());
    if (added) {
        BenchmarkResult benchmark;
        benchmark.name = row.runName;
        benchmark.pointer = row.pointer;
        const Name name = parseName(row.runName);
        benchmark.family = name.family;
        benchmark.argument = name.argument;
        benchmark.argumentName = name.argumentName;
        benchmark.threads = name.threads.value_or(row.threads);
        m_file.benchmarks.push_back(std::move(benchmark));
        m_counters.emplace_back();
    }
    return m_file.benchmarks[it->second];
}

void Assembler::add(const Row &row)
{
    switch (row.kind) {
    case Row::Kind::BigO:
        m_fits[row.runName].bigO = row.bigO;
        m_fits[row.runName].coefficient = row.coefficient;
        return;
    case Row::Kind::Rms:
        m_fits[row.runName].rms = row.rms;
        return;
    case Row::Kind::Aggregate:
        benchmarkFor(row).aggregates.push_back(BenchmarkAggregate{row.aggregateName, row.realSeconds, row.isDuration});
        return;
    case Row::Kind::Iteration:
        break;
    }
    BenchmarkResult &benchmark = benchmarkFor(row);
    if (!row.error.empty()) {
        benchmark.error = row.error;
        return;
    }
    benchmark.samples.push_back(row.realSeconds);
    benchmark.cpuSamples.push_back(row.cpuSeconds);
    peerreading::CounterSamples &counters = m_counters[m_index[row.runName]];
    for (const auto &[name, value] : row.counters)
        counters.add(name, value);
}

void Assembler::finish()
{
    for (std::size_t i = 0; i < m_file.benchmarks.size(); ++i) {
        BenchmarkResult &benchmark = m_file.benchmarks[i];
        benchmark.counters = m_counters[i].medians();
        for (BenchmarkCounter &counter : benchmark.counters)
            counter.unit = counterUnit(counter.name);
    }
    // A family whose instances differ only in their threads is a family over threads.
    std::map<std::string, std::set<int>> threadsOf;
    std::set<std::string> withArguments;
    for (const BenchmarkResult &b : m_file.benchmarks) {
        threadsOf[b.family].insert(b.threads);
        if (b.argument)
            withArguments.insert(b.family);
    }
    for (BenchmarkResult &b : m_file.benchmarks) {
        if (!withArguments.count(b.family) && threadsOf[b.family].size() > 1) {
            b.argument = b.threads;
            b.argumentName = "threads";
        }
    }
    peerreading::collectFamilies(m_file);
    for (BenchmarkFamily &family : m_file.families) {
        if (const auto fit = m_fits.find(family.name); fit != m_fits.end()) {
            family.bigO = fit->second.bigO;
            family.coefficient = fit->second.coefficient;
            family.rms = fit->second.rms;
        }
    }
}

} // namespace lessonscope::googlebenchmark
