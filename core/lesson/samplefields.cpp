#include "core/lesson/samplefields.h"

#include "core/artifact/lenientjson.h"

#include <nlohmann/json.hpp>

#include <algorithm>

namespace lessonscope {

using namespace lenient;

namespace {

std::string stemOf(const std::string &key)
{
    constexpr std::string_view suffix = "_seconds";
    if (key.size() > suffix.size() && key.compare(key.size() - suffix.size(), suffix.size(), suffix) == 0)
        return key.substr(0, key.size() - suffix.size());
    return key;
}

SampleColumns columnsOf(const Json *seconds, const Json *waited, const Json *round)
{
    SampleColumns columns;
    columns.seconds = numbersOf(seconds);
    columns.waitedNs = integersOf(waited);
    columns.round = integersOf(round);
    // Evidence of another shape is no evidence: validation says so.
    if (columns.waitedNs.size() != columns.seconds.size())
        columns.waitedNs.clear();
    if (columns.round.size() != columns.seconds.size())
        columns.round.clear();
    return columns;
}

bool isCount(const Json &value) { return value.is_number_integer() && value.get<std::int64_t>() >= 0; }

void checkColumn(const Json &samples, const Json *column, const std::string &key, bool rounds, Checker &checker)
{
    if (!column)
        return;
    const std::string pointer = "/stdout";
    if (!column->is_array() || column->size() != samples.size()) {
        checker.warning(pointer, key + " is not a list as long as the samples beside it");
        return;
    }
    for (std::size_t i = 0; i < column->size(); ++i) {
        const Json &value = (*column)[i];
        const bool ok = isCount(value) && (!rounds || value.get<std::int64_t>() < measuring::kMostRounds);
        if (!ok) {
            checker.warning(pointer,
                            key + "[" + std::to_string(i) + "] is " + describeValue(value) + "; expected "
                                + (rounds ? "a round from 0 to " + std::to_string(measuring::kMostRounds - 1)
                                          : std::string("a wait in whole nanoseconds, 0 or more")));
            return;
        }
    }
}

} // namespace

std::string waitedKeyOf(const std::string &samplesKey) { return stemOf(samplesKey) + "_waited_ns"; }

std::string roundKeyOf(const std::string &samplesKey) { return stemOf(samplesKey) + "_round"; }

void writeSamples(Json &out, const char *key, const Samples &samples)
{
    out[key] = samples.seconds;
    out[waitedKeyOf(key)] = samples.waitedNs;
    out[roundKeyOf(key)] = samples.round;
}

void writeSampleLists(Json &out, const char *key, const std::vector<Samples> &lists)
{
    Json seconds = Json::array(), waited = Json::array(), round = Json::array();
    for (const Samples &samples : lists) {
        seconds.push_back(samples.seconds);
        waited.push_back(samples.waitedNs);
        round.push_back(samples.round);
    }
    out[key] = std::move(seconds);
    out[waitedKeyOf(key)] = std::move(waited);
    out[roundKeyOf(key)] = std::move(round);
}

std::size_t SampleColumns::interruptedCount() const
{
    if (!hasEvidence())
        return 0;
    const std::vector<bool> mask = interrupted();
    return static_cast<std::size_t>(std::count(mask.begin(), mask.end(), true));
}

std::vector<std::vector<double>> roundsOf(const std::vector<double> &values, const std::vector<std::int64_t> &round)
{
    if (round.size() != values.size())
        return {};
    std::vector<std::vector<double>> rounds;
    for (std::size_t i = 0; i < values.size(); ++i) {
        if (round[i] < 0)
            continue;
        const auto r = static_cast<std::size_t>(std::min<std::int64_t>(round[i], measuring::kMostRounds - 1));
        if (rounds.size() <= r)
            rounds.resize(r + 1);
        rounds[r].push_back(values[i]);
    }
    return rounds;
}

std::vector<std::vector<double>> SampleColumns::cleanByRound() const
{
    if (round.size() != seconds.size())
        return {};
    const std::vector<bool> dropped = interrupted();
    std::vector<std::int64_t> kept = round;
    for (std::size_t i = 0; i < kept.size(); ++i) {
        if (dropped[i])
            kept[i] = -1;
    }
    return roundsOf(seconds, kept);
}

SampleColumns readSamples(const Json &out, const char *key)
{
    return columnsOf(member(out, key), member(out, waitedKeyOf(key).c_str()), member(out, roundKeyOf(key).c_str()));
}

std::vector<SampleColumns> readSampleLists(const Json &out, const char *key)
{
    std::vector<SampleColumns> lists;
    const Json *seconds = member(out, key);
    if (!seconds || !seconds->is_array())
        return lists;
    const Json *waited = member(out, waitedKeyOf(key).c_str());
    const Json *round = member(out, roundKeyOf(key).c_str());
    for (std::size_t i = 0; i < seconds->size(); ++i) {
        const auto at = [i](const Json *column) -> const Json * {
            return column && column->is_array() && i < column->size() ? &(*column)[i] : nullptr;
        };
        if (!(*seconds)[i].is_array())
            return {};
        lists.push_back(columnsOf(&(*seconds)[i], at(waited), at(round)));
    }
    return lists;
}

void checkSampleEvidence(const Json &out, const char *key, Checker &checker)
{
    const Json *samples = member(out, key);
    if (!samples || !samples->is_array())
        return;
    const std::string waitedKey = waitedKeyOf(key), roundKey = roundKeyOf(key);
    const Json *waited = member(out, waitedKey.c_str());
    const Json *round = member(out, roundKey.c_str());
    const bool nested = !samples->empty() && samples->front().is_array();
    if (!nested) {
        checkColumn(*samples, waited, waitedKey, false, checker);
        checkColumn(*samples, round, roundKey, true, checker);
        return;
    }
    for (std::size_t i = 0; i < samples->size(); ++i) {
        const auto at = [i](const Json *column) -> const Json * {
            return column && column->is_array() && i < column->size() ? &(*column)[i] : column;
        };
        checkColumn((*samples)[i], at(waited), waitedKey + "[" + std::to_string(i) + "]", false, checker);
        checkColumn((*samples)[i], at(round), roundKey + "[" + std::to_string(i) + "]", true, checker);
    }
}

} // namespace lessonscope
