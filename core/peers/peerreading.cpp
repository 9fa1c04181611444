#include "core/peers/peerreading_p.h"

#include "core/timing/statistics.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <map>

namespace lessonscope::peerreading {

std::string stringOf(const Json &object, const char *key)
{
    const Json *value = member(object, key);
    return value && value->is_string() ? value->get<std::string>() : std::string();
}

std::optional<double> numberOf(const Json &object, const char *key) { return numberValue(member(object, key)); }

std::string numberText(double value)
{
    if (std::isfinite(value) && value == std::floor(value) && std::fabs(value) < 1e15)
        return std::to_string(static_cast<long long>(value));
    return describeNumber(value);
}

std::string rendered(const Json &value)
{
    if (value.is_string())
        return value.get<std::string>();
    if (value.is_number_integer() || value.is_number_unsigned())
        return value.dump();
    if (value.is_number_float())
        return numberText(value.get<double>());
    if (value.is_array() && std::all_of(value.begin(), value.end(), [](const Json &v) { return v.is_primitive(); })) {
        std::string text;
        for (const Json &element : value)
            text += (text.empty() ? "" : ", ") + rendered(element);
        return text;
    }
    return value.dump(-1, ' ', false, Json::error_handler_t::replace);
}

std::vector<std::pair<std::string, std::string>> renderedMembers(const Json &object)
{
    std::vector<std::pair<std::string, std::string>> members;
    if (object.is_object()) {
        for (auto it = object.begin(); it != object.end(); ++it)
            members.emplace_back(it.key(), rendered(it.value()));
    }
    return members;
}

void CounterSamples::add(const std::string &name, double value)
{
    for (auto &[counter, samples] : values) {
        if (counter == name) {
            samples.push_back(value);
            return;
        }
    }
    values.push_back({name, {value}});
}

std::vector<BenchmarkCounter> CounterSamples::medians() const
{
    std::vector<BenchmarkCounter> counters;
    for (const auto &[name, samples] : values)
        counters.push_back(BenchmarkCounter{name, median(samples), {}});
    return counters;
}

void collectFamilies(ResultsFile &file)
{
    std::map<std::string, std::size_t> familyOf; // name → index into file.families
    for (std::size_t i = 0; i < file.benchmarks.size(); ++i) {
        const BenchmarkResult &b = file.benchmarks[i];
        if (b.family.empty() || !b.argument)
            continue;
        auto [it, added] = familyOf.try_emplace(b.family, file.families.size());
        if (added)
            file.families.push_back(BenchmarkFamily{b.family, b.argumentName, {}, {}, {}, {}});
        file.families[it->second].members.push_back(i);
    }
    for (BenchmarkFamily &family : file.families) {
        std::stable_sort(family.members.begin(), family.members.end(), [&file](std::size_t a, std::size_t b) {
            return *file.benchmarks[a].argument < *file.benchmarks[b].argument;
        });
    }
    std::erase_if(file.families, [](const BenchmarkFamily &family) { return family.members.size() < 2; });
}

std::optional<double> numberIn(const std::string &text)
{
    if (text.empty())
        return std::nullopt;
    char *end = nullptr;
    const double value = std::strtod(text.c_str(), &end);
    return end == text.c_str() + text.size() ? std::optional<double>(value) : std::nullopt;
}

Reading::Reading(Harness harness, std::string format) : m_file(std::make_shared<ResultsFile>())
{
    m_file->harness = harness;
    m_file->format = std::move(format);
}

PeerRead Reading::finish(bool families)
{
    if (families)
        collectFamilies(*m_file);
    m_checker.finish();
    return PeerRead{std::move(m_file), std::move(m_problems)};
}

std::string countOf(std::size_t count, const std::string &singular)
{
    return groupedNumber(count) + " " + singular + (count == 1 ? "" : "s");
}

} // namespace lessonscope::peerreading
