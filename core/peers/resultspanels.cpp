#include "core/peers/resultspanels.h"

#include "core/base/units.h"
#include "core/timing/histogram.h"

#include <algorithm>
#include <cmath>

namespace lessonscope {

namespace {

// Values orders of magnitude apart read better on a logarithmic axis.
bool spansDecades(const std::vector<double> &values)
{
    const auto [low, high] = std::minmax_element(values.begin(), values.end());
    return low != values.end() && *low > 0 && *high / *low >= 100;
}

std::string ylabelOf(const BenchmarkResult &b) { return b.isDuration ? "seconds" : b.unit; }

// The same title in every file of the harness (whatever the count), so that two files' panels of
// one benchmark overlay.
std::string sampleTitle(const ResultsFile &file, const BenchmarkResult &b)
{
    return b.name + ": " + b.sampleName + "s in order"
        + (file.harness == Harness::GoogleBenchmark ? " (real time)" : "");
}

// Names that begin alike ("seq 100000 | sort -n", "seq 100000 | sort -R") lose what they share,
// up to its last space, so that a chart short of room shows what tells them apart.
std::vector<std::string> distinctLabels(std::vector<std::string> labels)
{
    if (labels.size() < 2)
        return labels;
    std::size_t common = labels.front().size();
    for (const std::string &label : labels) {
        std::size_t same = 0;
        while (same < common && same < label.size() && label[same] == labels.front()[same])
            ++same;
        common = same;
    }
    const std::size_t space = labels.front().rfind(' ', common);
    if (common < 12 || space == std::string::npos || space < 8)
        return labels;
    for (std::string &label : labels)
        label = "…" + label.substr(space);
    return labels;
}

// The benchmarks that are not in a family (each family has its own panel), side by side.
void addMedians(const ResultsFile &file, std::vector<Panel> &panels)
{
    Panel panel;
    panel.kind = "bar";
    panel.title = file.harness == Harness::Hyperfine ? "Median of each command" : "Median of each benchmark";
    panel.ylabel = "seconds";
    Series series{"median", {}};
    std::vector<bool> inFamily(file.benchmarks.size(), false);
    for (const BenchmarkFamily &family : file.families) {
        for (std::size_t member : family.members)
            inFamily[member] = true;
    }
    for (std::size_t i = 0; i < file.benchmarks.size(); ++i) {
        const BenchmarkResult &b = file.benchmarks[i];
        const auto typical = b.typical();
        if (!inFamily[i] && b.error.empty() && b.isDuration && typical) {
            panel.labels.push_back(b.name);
            series.y.push_back(*typical);
        }
    }
    if (panel.labels.size() < 2)
        return;
    panel.labels = distinctLabels(std::move(panel.labels));
    panel.logScale = spansDecades(series.y);
    panel.series.push_back(std::move(series));
    panels.push_back(std::move(panel));
}

std::string fitLabel(const BenchmarkFamily &family)
{
    std::string label = "the file's fit: " + formatDuration(*family.coefficient) + " × " + family.bigO;
    if (family.rms)
        label += " (RMS " + formatNumber(*family.rms * 100) + " %)";
    return label;
}

void addFamily(const ResultsFile &file, const BenchmarkFamily &family, std::vector<Panel> &panels)
{
    Panel panel;
    panel.kind = "line";
    panel.title = family.name + ": median by " + family.argumentName;
    panel.xlabel = family.argumentName;
    panel.ylabel = "seconds";
    Series medians{"median", {}};
    Series fit{family.coefficient ? fitLabel(family) : std::string(), {}};
    for (std::size_t index : family.members) {
        const BenchmarkResult &b = file.benchmarks[index];
        const auto typical = b.typical();
        if (!b.error.empty() || !typical || !b.isDuration)
            continue;
        panel.x.push_back(*b.argument);
        medians.y.push_back(*typical);
        if (const auto fitted = fittedSeconds(family, *b.argument))
            fit.y.push_back(*fitted);
    }
    if (panel.x.size() < 2)
        return;
    panel.logX = panel.x.front() > 0 && panel.x.back() / panel.x.front() >= 16;
    panel.logScale = spansDecades(medians.y);
    panel.series.push_back(std::move(medians));
    if (fit.y.size() == panel.x.size())
        panel.series.push_back(std::move(fit));
    panels.push_back(std::move(panel));
}

void addCounters(const ResultsFile &file, std::vector<Panel> &panels)
{
    std::vector<std::string> names;
    for (const BenchmarkResult &b : file.benchmarks) {
        for (const BenchmarkCounter &c : b.counters) {
            if (std::find(names.begin(), names.end(), c.name) == names.end())
                names.push_back(c.name);
        }
    }
    for (const std::string &name : names) {
        Panel panel;
        panel.kind = "bar";
        panel.title = name;
        Series series{name, {}};
        for (const BenchmarkResult &b : file.benchmarks) {
            for (const BenchmarkCounter &c : b.counters) {
                if (c.name == name) {
                    panel.labels.push_back(b.name);
                    series.y.push_back(c.value);
                    panel.ylabel = c.unit.empty() ? "value" : c.unit;
                }
            }
        }
        panel.logScale = spansDecades(series.y);
        panel.series.push_back(std::move(series));
        panels.push_back(std::move(panel));
    }
}

void addSamples(const ResultsFile &file, const BenchmarkResult &b, bool distribution, std::vector<Panel> &panels)
{
    if (!b.error.empty() || b.samples.size() < 2)
        return;
    Panel line;
    line.kind = "line";
    line.title = sampleTitle(file, b);
    line.xlabel = b.sampleName;
    line.ylabel = ylabelOf(b);
    for (std::size_t i = 0; i < b.samples.size(); ++i)
        line.x.push_back(static_cast<double>(i + 1));
    line.series.push_back(Series{b.sampleName, b.samples});
    panels.push_back(std::move(line));
    if (!distribution || b.samples.size() < kDistributionFromSamples || !b.isDuration)
        return;
    const Histogram histogram = histogramOf(b.samples);
    Panel bars;
    bars.kind = "bar";
    bars.title = b.name + ": distribution of its " + std::to_string(b.samples.size()) + " " + b.sampleName + "s";
    bars.xlabel = "duration, from";
    bars.ylabel = b.sampleName + "s";
    bars.labels = histogram.labels;
    Series counts{b.sampleName + "s", {}};
    for (const std::int64_t count : histogram.counts)
        counts.y.push_back(static_cast<double>(count));
    bars.series.push_back(std::move(counts));
    panels.push_back(std::move(bars));
}

} // namespace

std::optional<double> fittedSeconds(const BenchmarkFamily &family, double n)
{
    if (!family.coefficient || !(n > 0))
        return std::nullopt;
    const double c = *family.coefficient;
    if (family.bigO == "(1)")
        return c;
    if (family.bigO == "N")
        return c * n;
    if (family.bigO == "lgN")
        return c * std::log2(n);
    if (family.bigO == "NlgN")
        return c * n * std::log2(n);
    if (family.bigO == "N^2")
        return c * n * n;
    if (family.bigO == "N^3")
        return c * n * n * n;
    return std::nullopt;
}

std::vector<Panel> resultsPanels(const ResultsFile &file, bool distributions)
{
    std::vector<Panel> panels;
    addMedians(file, panels);
    for (const BenchmarkFamily &family : file.families)
        addFamily(file, family, panels);
    addCounters(file, panels);
    for (const BenchmarkResult &b : file.benchmarks)
        addSamples(file, b, distributions, panels);
    return panels;
}

} // namespace lessonscope
