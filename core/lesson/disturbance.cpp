#include "core/lesson/disturbance.h"

#include "core/base/units.h"

#include <nlohmann/json.hpp>

#include <cstdio>

namespace lessonscope {

namespace {

Json countsToJson(const SwitchCounts &counts)
{
    Json json = Json::object();
    json["voluntarySwitches"] = counts.voluntary;
    json["involuntarySwitches"] = counts.involuntary;
    if (counts.migrationsKnown)
        json["migrations"] = counts.migrations;
    return json;
}

bool countsFromJson(const Json &json, SwitchCounts &counts)
{
    if (!json.is_object())
        return false;
    const Json &voluntary = json.value("voluntarySwitches", Json());
    const Json &involuntary = json.value("involuntarySwitches", Json());
    if (!voluntary.is_number_integer() || !involuntary.is_number_integer())
        return false;
    counts.voluntary = voluntary.get<std::int64_t>();
    counts.involuntary = involuntary.get<std::int64_t>();
    const auto migrations = json.find("migrations");
    counts.migrationsKnown = migrations != json.end() && migrations->is_number_integer();
    counts.migrations = counts.migrationsKnown ? migrations->get<std::int64_t>() : 0;
    return true;
}

std::string decimal(double value, int decimals)
{
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%.*f", decimals, value);
    return buffer;
}

std::string evidenceLine(const InterferenceEvidence &e)
{
    const std::int64_t involuntary = e.host.involuntary + e.device.involuntary;
    std::string line = formatCount(involuntary);
    line.append(involuntary == 1 ? " involuntary context switch" : " involuntary context switches");
    line.append(" of the timed threads in ").append(formatDuration(e.seconds));
    line.append(" (host ").append(formatCount(e.host.involuntary));
    line.append(", device ").append(formatCount(e.device.involuntary)).append(")");
    if (e.host.migrationsKnown && e.device.migrationsKnown)
        line.append(", ").append(formatCount(e.host.migrations + e.device.migrations)).append(" CPU migrations");
    if (e.loadAverage >= 0)
        line.append(", load average ").append(decimal(e.loadAverage, 2)).append(" on ")
            .append(std::to_string(e.cpus)).append(e.cpus == 1 ? " CPU" : " CPUs");
    if (e.stealShare)
        line.append(", steal ").append(decimal(*e.stealShare * 100, 1)).append("%");
    if (!e.governor.empty())
        line.append(", governor ").append(e.governor);
    return line;
}

} // namespace

Json interferenceToJson(const InterferenceEvidence &evidence)
{
    Json json = Json::object();
    json["seconds"] = evidence.seconds;
    json["host"] = countsToJson(evidence.host);
    Json device = countsToJson(evidence.device);
    device["threads"] = evidence.deviceThreads;
    json["device"] = std::move(device);
    if (evidence.loadAverage >= 0)
        json["loadAverage"] = evidence.loadAverage;
    json["cpus"] = evidence.cpus;
    if (evidence.stealShare)
        json["stealShare"] = *evidence.stealShare;
    if (!evidence.governor.empty())
        json["governor"] = evidence.governor;
    return json;
}

std::optional<InterferenceEvidence> interferenceFromJson(const Json &environment)
{
    if (!environment.is_object())
        return std::nullopt;
    const auto found = environment.find("interference");
    if (found == environment.end() || !found->is_object())
        return std::nullopt;
    const Json &json = *found;
    InterferenceEvidence evidence;
    const Json &seconds = json.value("seconds", Json());
    const Json &cpus = json.value("cpus", Json());
    if (!seconds.is_number() || !cpus.is_number_integer() || !countsFromJson(json.value("host", Json()), evidence.host)
        || !countsFromJson(json.value("device", Json()), evidence.device))
        return std::nullopt;
    evidence.seconds = seconds.get<double>();
    evidence.cpus = cpus.get<int>();
    evidence.deviceThreads = json.at("device").value("threads", std::int64_t{0});
    if (const Json &load = json.value("loadAverage", Json()); load.is_number())
        evidence.loadAverage = load.get<double>();
    if (const Json &steal = json.value("stealShare", Json()); steal.is_number())
        evidence.stealShare = steal.get<double>();
    if (const Json &governor = json.value("governor", Json()); governor.is_string())
        evidence.governor = governor.get<std::string>();
    return evidence;
}

Disturbance assessDisturbance(const std::optional<InterferenceEvidence> &evidence, const DisturbanceRule &rule)
{
    Disturbance result;
    if (!evidence) {
        result.evidence = "no interference evidence recorded";
        return result;
    }
    const InterferenceEvidence &e = *evidence;
    result.known = true;
    result.evidence = evidenceLine(e);

    const std::int64_t involuntary = e.host.involuntary + e.device.involuntary;
    const double perSecond = e.seconds > 0 ? static_cast<double>(involuntary) / e.seconds : 0;
    if (involuntary >= rule.minimumInvoluntary && perSecond >= rule.involuntaryPerSecond) {
        std::string reason = "the scheduler took the CPU from the timed threads ";
        reason.append(formatCount(involuntary)).append(" times (").append(decimal(perSecond, 0))
            .append(" a second): other work wanted the same cores");
        result.reasons.push_back(std::move(reason));
    }
    if (e.stealShare && *e.stealShare >= rule.stealShare) {
        std::string reason = "the hypervisor took ";
        reason.append(decimal(*e.stealShare * 100, 1)).append("% of the CPU time (steal)");
        result.reasons.push_back(std::move(reason));
    }
    if (e.loadAverage >= rule.loadPerCpu * e.cpus) {
        std::string reason = "the machine was busy when the run started: load average ";
        reason.append(decimal(e.loadAverage, 2)).append(" on ").append(std::to_string(e.cpus))
            .append(e.cpus == 1 ? " CPU" : " CPUs");
        result.reasons.push_back(std::move(reason));
    }
    result.disturbed = !result.reasons.empty();
    if (result.disturbed)
        result.advice = "Close other programs (builds, browsers, virtual machines), then rerun; compare "
                        "only runs made on a quiet machine.";
    return result;
}

Disturbance disturbanceOf(const Json &document)
{
    if (!document.is_object())
        return assessDisturbance(std::nullopt);
    return assessDisturbance(interferenceFromJson(document.value("environment", Json())));
}

} // namespace lessonscope
