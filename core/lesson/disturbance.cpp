#include "core/lesson/disturbance.h"

#include "core/artifact/lenientjson.h"
#include "core/artifact/checker.h"
#include "core/base/units.h"

#include <nlohmann/json.hpp>

#include <cstdio>

namespace lessonscope {

namespace {

constexpr const char *kEvidencePointer = "/environment/interference";

Json countsToJson(const SwitchCounts &counts)
{
    Json json = Json::object();
    json["voluntarySwitches"] = counts.voluntary;
    json["involuntarySwitches"] = counts.involuntary;
    if (counts.migrationsKnown)
        json["migrations"] = counts.migrations;
    return json;
}

// Reads the evidence through the lenient views (never a typed read of unchecked JSON) and keeps
// the first field that is missing, of the wrong type or out of range, with its JSON Pointer: the
// rule is never applied to evidence it cannot trust, and validation says where it broke.
class EvidenceReader
{
public:
    explicit EvidenceReader(EvidenceProblem *problem) : m_problem(problem) {}

    bool ok() const { return m_ok; }

    std::optional<std::int64_t> count(const Json &object, const std::string &pointer, const char *key,
                                      std::int64_t maximum, bool required, std::int64_t minimum = 0)
    {
        const Json *value = lenient::member(object, key);
        if (!value && !required)
            return std::nullopt;
        const auto number = lenient::integerOf(value);
        if (!number || *number < minimum || *number > maximum)
            fail(pointer, key, value, "a whole number from " + formatCount(minimum) + " to " + formatCount(maximum));
        return m_ok ? number : std::nullopt;
    }

    std::optional<double> number(const Json &object, const std::string &pointer, const char *key, double minimum,
                                 double maximum, bool required, const std::string &range)
    {
        const Json *value = lenient::member(object, key);
        if (!value && !required)
            return std::nullopt;
        const auto number = lenient::numberOf(value);
        if (!number || !(*number >= minimum && *number <= maximum))
            fail(pointer, key, value, range);
        return m_ok ? number : std::nullopt;
    }

    bool counts(const Json &evidence, const char *key, SwitchCounts &counts)
    {
        const std::string pointer = childPointer(kEvidencePointer, key);
        const Json *object = lenient::member(evidence, key);
        if (!object || !object->is_object()) {
            fail(kEvidencePointer, key, object, "an object of switch counts");
            return false;
        }
        const auto voluntary = count(*object, pointer, "voluntarySwitches", kMaxEvidenceCount, true);
        const auto involuntary = count(*object, pointer, "involuntarySwitches", kMaxEvidenceCount, true);
        const auto migrations = count(*object, pointer, "migrations", kMaxEvidenceCount, false);
        if (!m_ok)
            return false;
        counts.voluntary = *voluntary;
        counts.involuntary = *involuntary;
        counts.migrationsKnown = migrations.has_value();
        counts.migrations = migrations.value_or(0);
        return true;
    }

    void fail(const std::string &pointer, const char *key, const Json *value, const std::string &expected)
    {
        if (!m_ok)
            return; // the first problem is the one reported
        m_ok = false;
        if (m_problem) {
            m_problem->pointer = childPointer(pointer, key);
            m_problem->message = std::string(key) + " must be " + expected + ", but it "
                + (value ? "is " + describeValue(*value) : std::string("is missing"))
                + ": whether the run was disturbed cannot be judged";
        }
    }

private:
    EvidenceProblem *m_problem = nullptr;
    bool m_ok = true;
};

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
    if (e.host.migrationsKnown && e.device.migrationsKnown) {
        const std::int64_t migrations = e.host.migrations + e.device.migrations;
        line.append(", ").append(formatCount(migrations)).append(migrations == 1 ? " CPU migration" : " CPU migrations");
    }
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

std::optional<InterferenceEvidence> interferenceFromJson(const Json &environment, EvidenceProblem *problem)
{
    const Json *json = lenient::member(environment, "interference");
    if (!json)
        return std::nullopt;
    EvidenceReader read(problem);
    if (!json->is_object()) {
        read.fail("/environment", "interference", json, "an object");
        return std::nullopt;
    }
    InterferenceEvidence evidence;
    const std::string at = kEvidencePointer;
    const auto seconds = read.number(*json, at, "seconds", 0, kMaxEvidenceSeconds, true,
                                     "a duration in seconds from 0 to " + formatCount(kMaxEvidenceSeconds));
    const auto cpus = read.count(*json, at, "cpus", kMaxEvidenceCpus, true, 1);
    read.counts(*json, "host", evidence.host);
    read.counts(*json, "device", evidence.device);
    const Json *device = lenient::member(*json, "device");
    const auto threads = device ? read.count(*device, at + "/device", "threads", kMaxEvidenceCount, false) : std::nullopt;
    const auto load = read.number(*json, at, "loadAverage", 0, kMaxEvidenceLoad, false,
                                  "a load average from 0 to " + formatCount(kMaxEvidenceLoad));
    const auto steal = read.number(*json, at, "stealShare", 0, 1, false, "a share from 0 to 1");
    const Json *governor = lenient::member(*json, "governor");
    if (governor && (!governor->is_string() || governor->get_ref<const std::string &>().size() > kMaxGovernorBytes))
        read.fail(at, "governor", governor, "the name of a governor, at most " + std::to_string(kMaxGovernorBytes) + " bytes");
    if (!read.ok())
        return std::nullopt;
    evidence.seconds = *seconds;
    evidence.cpus = static_cast<int>(*cpus);
    evidence.deviceThreads = threads.value_or(0);
    evidence.loadAverage = load.value_or(-1);
    evidence.stealShare = steal;
    evidence.governor = lenient::stringOf(governor);
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
    const Json *environment = lenient::member(document, "environment");
    EvidenceProblem problem;
    const auto evidence = environment ? interferenceFromJson(*environment, &problem) : std::nullopt;
    Disturbance disturbance = assessDisturbance(evidence);
    if (!evidence && !problem.pointer.empty()) // recorded, but not evidence the rule can trust
        disturbance.evidence = "the interference evidence cannot be read (" + problem.pointer + ": " + problem.message + ")";
    return disturbance;
}

} // namespace lessonscope
