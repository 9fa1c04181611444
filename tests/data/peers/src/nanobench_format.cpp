// Writes a nanobench results file, as its templates::json() renders one, from real timings, for
// lessonscope's fixtures. nanobench is not packaged for Debian 12, so this program measures the
// way nanobench's Bench::run does — the clock's resolution first (the smallest step of
// steady_clock), then epochs whose iteration count makes each last clockResolutionMultiple (1000)
// resolutions, 11 epochs — and prints the template's text exactly: its keys in its order,
// numbers through an ostream with precision 15, "relative" as 0/1, and 0 for a counter it could
// not read (as nanobench does when perf events are unavailable). Page faults are read with
// getrusage; the other counters need perf events and are written 0.
//   g++ -O2 -std=c++17 nanobench_format.cpp -o nanobench_format && ./nanobench_format > out.json
#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <iostream>
#include <numeric>
#include <random>
#include <string>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;

double seconds(Clock::duration d) { return std::chrono::duration<double>(d).count(); }

Clock::duration clockResolution()
{
    Clock::duration best = Clock::duration::max();
    for (int i = 0; i < 20; ++i) {
        const auto begin = Clock::now();
        auto end = Clock::now();
        while (end == begin)
            end = Clock::now();
        best = std::min(best, end - begin);
    }
    return best;
}

long minorFaults()
{
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return usage.ru_minflt;
}

struct Measurement {
    double iterations;
    double elapsed;    // per iteration
    double pagefaults; // per iteration
};

template<typename Op>
std::vector<Measurement> run(Op op, Clock::duration resolution)
{
    const auto target = resolution * 1000;
    std::uint64_t iterations = 1;
    while (true) { // find the iterations of one epoch
        const auto begin = Clock::now();
        for (std::uint64_t i = 0; i < iterations; ++i)
            op();
        if (Clock::now() - begin >= target)
            break;
        iterations *= 2;
    }
    std::vector<Measurement> epochs;
    for (int e = 0; e < 11; ++e) {
        const long faults = minorFaults();
        const auto begin = Clock::now();
        for (std::uint64_t i = 0; i < iterations; ++i)
            op();
        const auto elapsed = Clock::now() - begin;
        const double n = static_cast<double>(iterations);
        epochs.push_back({n, seconds(elapsed) / n, static_cast<double>(minorFaults() - faults) / n});
    }
    return epochs;
}

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    const std::size_t n = v.size();
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

double medianAbsolutePercentError(const std::vector<double> &v)
{
    const double m = median(v);
    std::vector<double> errors;
    for (const double x : v)
        errors.push_back(std::abs((x - m) / m));
    return median(errors);
}

void print(std::ostream &out, const std::string &name, long complexityN, Clock::duration resolution,
           const std::vector<Measurement> &epochs, bool last)
{
    std::vector<double> elapsed, faults;
    double total = 0;
    for (const Measurement &m : epochs) {
        elapsed.push_back(m.elapsed);
        faults.push_back(m.pagefaults);
        total += m.iterations * m.elapsed;
    }
    out << "        {\n"
        << "            \"title\": \"sort\",\n"
        << "            \"name\": \"" << name << "\",\n"
        << "            \"unit\": \"op\",\n"
        << "            \"batch\": 1,\n"
        << "            \"complexityN\": " << complexityN << ",\n"
        << "            \"epochs\": " << epochs.size() << ",\n"
        << "            \"clockResolution\": " << seconds(resolution) << ",\n"
        << "            \"clockResolutionMultiple\": 1000,\n"
        << "            \"maxEpochTime\": 0.1,\n"
        << "            \"minEpochTime\": 0,\n"
        << "            \"minEpochIterations\": 1,\n"
        << "            \"epochIterations\": 0,\n"
        << "            \"warmup\": 0,\n"
        << "            \"relative\": 0,\n"
        << "            \"median(elapsed)\": " << median(elapsed) << ",\n"
        << "            \"medianAbsolutePercentError(elapsed)\": " << medianAbsolutePercentError(elapsed) << ",\n"
        << "            \"median(instructions)\": 0,\n"
        << "            \"medianAbsolutePercentError(instructions)\": 0,\n"
        << "            \"median(cpucycles)\": 0,\n"
        << "            \"median(contextswitches)\": 0,\n"
        << "            \"median(pagefaults)\": " << median(faults) << ",\n"
        << "            \"median(branchinstructions)\": 0,\n"
        << "            \"median(branchmisses)\": 0,\n"
        << "            \"totalTime\": " << total << ",\n"
        << "            \"measurements\": [\n";
    for (std::size_t i = 0; i < epochs.size(); ++i) {
        const Measurement &m = epochs[i];
        out << "                {\n"
            << "                    \"iterations\": " << m.iterations << ",\n"
            << "                    \"elapsed\": " << m.elapsed << ",\n"
            << "                    \"pagefaults\": " << m.pagefaults << ",\n"
            << "                    \"cpucycles\": 0,\n"
            << "                    \"contextswitches\": 0,\n"
            << "                    \"instructions\": 0,\n"
            << "                    \"branchinstructions\": 0,\n"
            << "                    \"branchmisses\": 0\n"
            << "                }" << (i + 1 < epochs.size() ? "," : "") << "\n";
    }
    out << "            ]\n        }" << (last ? "" : ",") << "\n";
}

} // namespace

int main()
{
    std::cout.precision(15);
    const Clock::duration resolution = clockResolution();
    std::mt19937 random(42);
    const std::vector<long> sizes{100, 1000, 10000};
    std::cout << "{\n    \"results\": [\n";
    for (std::size_t s = 0; s < sizes.size(); ++s) {
        std::vector<std::uint32_t> input(static_cast<std::size_t>(sizes[s]));
        std::iota(input.begin(), input.end(), 0u);
        std::shuffle(input.begin(), input.end(), random);
        std::vector<std::uint32_t> work;
        const auto epochs = run(
            [&] {
                work = input;
                std::sort(work.begin(), work.end());
                asm volatile("" : : "r"(work.data()) : "memory");
            },
            resolution);
        print(std::cout, "std::sort " + std::to_string(sizes[s]) + " ints", sizes[s], resolution, epochs,
              s + 1 == sizes.size());
    }
    std::cout << "    ]\n}";
    return 0;
}
