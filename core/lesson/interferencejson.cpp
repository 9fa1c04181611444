// The interference evidence as an artifact holds it (environment.interference): written, and read
// back through the lenient views with the first field that cannot be trusted named by its JSON
// Pointer. The verdict drawn from it is disturbance.cpp's.
#include "core/lesson/disturbance.h"

#include "core/artifact/lenientjson.h"
#include "core/artifact/checker.h"
#include "core/base/units.h"

#include <nlohmann/json.hpp>

#include <algorithm>

namespace lessonscope {

using namespace lenient;

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
    explicit EvidenceReader(EvidenceProblem *problem) : m_problem(problem) { }

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

Json measuringToJson(const MeasuringReport &m)
{
    Json json = Json::object();
    json["rounds"] = m.rounds;
    json["wanted"] = m.wanted;
    json["measured"] = m.measured;
    json["clean"] = m.clean;
    json["interrupted"] = m.interrupted;
    json["sharedCpu"] = m.sharedCpu;
    json["waitedSeconds"] = static_cast<double>(m.waitedNs) / 1e9;
    json["interruptedRule"] = Json::object({{"aboveNs", kInterruptedAboveNs}, {"aboveShare", kInterruptedShare}});
    json["budgetSpent"] = m.budgetSpent;
    if (m.stopped)
        json["stopped"] = true;
    if (m.keepsInterrupted)
        json["keepsInterrupted"] = true;
    json["timedSeconds"] = m.timedSeconds;
    if (!m.referenceLoopNs.empty())
        json["referenceLoopNs"] = m.referenceLoopNs;
    if (!m.referenceProductNs.empty())
        json["referenceProductNs"] = m.referenceProductNs;
    if (!m.referenceSweepNs.empty())
        json["referenceSweepNs"] = m.referenceSweepNs;
    if (!m.referenceLinkNs.empty())
        json["referenceLinkNs"] = m.referenceLinkNs;
    Json warmUps = Json::array();
    for (const WarmUp &w : m.warmUps)
        warmUps.push_back(Json::object({{"calls", w.calls}, {"steady", w.steady}, {"seconds", w.seconds}}));
    json["warmup"] = std::move(warmUps);
    return json;
}

std::optional<MeasuringReport> measuringFromJson(const Json *json)
{
    if (!json || !json->is_object())
        return std::nullopt;
    MeasuringReport m;
    const auto count = [json](const char *key, std::size_t &into) {
        const auto value = integerOf(member(*json, key));
        if (!value || *value < 0)
            return false;
        into = static_cast<std::size_t>(*value);
        return true;
    };
    const auto rounds = integerOf(member(*json, "rounds"));
    const auto waited = numberOf(member(*json, "waitedSeconds"));
    const auto timed = numberOf(member(*json, "timedSeconds"));
    const Json *spent = member(*json, "budgetSpent");
    if (!rounds || !waited || !timed || !spent || !spent->is_boolean() || !count("wanted", m.wanted)
        || !count("measured", m.measured) || !count("clean", m.clean) || !count("interrupted", m.interrupted)
        || !count("sharedCpu", m.sharedCpu) || m.clean + m.interrupted != m.measured || *waited < 0 || *timed < 0)
        return std::nullopt;
    m.rounds = static_cast<int>(std::clamp<std::int64_t>(*rounds, 0, 1000));
    m.waitedNs = static_cast<std::int64_t>(std::min(*waited, 1e9) * 1e9);
    m.timedSeconds = *timed;
    m.budgetSpent = spent->get<bool>();
    const Json *keeps = member(*json, "keepsInterrupted");
    m.keepsInterrupted = keeps && keeps->is_boolean() && keeps->get<bool>();
    const Json *stopped = member(*json, "stopped");
    m.stopped = stopped && stopped->is_boolean() && stopped->get<bool>();
    // Absent before lessonscope read the CPU's speed; a reading that is not a positive number is
    // left out (a comparison then has less to weigh, never a wrong speed).
    for (const auto &[key, into] :
         {std::pair{"referenceLoopNs", &m.referenceLoopNs}, std::pair{"referenceProductNs", &m.referenceProductNs},
          std::pair{"referenceSweepNs", &m.referenceSweepNs}, std::pair{"referenceLinkNs", &m.referenceLinkNs}}) {
        if (const Json *readings = member(*json, key); readings && readings->is_array()) {
            for (const Json &reading : *readings) {
                if (const auto ns = numberOf(&reading); ns && *ns > 0 && *ns < 1e12)
                    into->push_back(*ns);
            }
        }
    }
    if (const Json *warmUps = member(*json, "warmup"); warmUps && warmUps->is_array()) {
        for (const Json &w : *warmUps) {
            WarmUp warmUp;
            warmUp.calls
                = static_cast<int>(std::clamp<std::int64_t>(integerOf(member(w, "calls")).value_or(0), 0, 1 << 30));
            const Json *steady = member(w, "steady");
            warmUp.steady = steady && steady->is_boolean() && steady->get<bool>();
            warmUp.seconds = numberOf(member(w, "seconds")).value_or(0);
            m.warmUps.push_back(warmUp);
        }
    }
    m.known = true;
    return m;
}

} // namespace

Json interferenceToJson(const InterferenceEvidence &evidence, const MeasuringReport *measuring)
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
    if (evidence.idle) {
        json["idleSample"] = Json::object({{"seconds", evidence.idle->seconds},
                                           {"busyCpus", evidence.idle->busyCpus},
                                           {"cpus", evidence.idle->cpus}});
    }
    if (measuring && measuring->known)
        json["measuring"] = measuringToJson(*measuring);
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
    const auto threads
        = device ? read.count(*device, at + "/device", "threads", kMaxEvidenceCount, false) : std::nullopt;
    const auto load = read.number(*json, at, "loadAverage", 0, kMaxEvidenceLoad, false,
                                  "a load average from 0 to " + formatCount(kMaxEvidenceLoad));
    const auto steal = read.number(*json, at, "stealShare", 0, 1, false, "a share from 0 to 1");
    const Json *governor = lenient::member(*json, "governor");
    if (governor && (!governor->is_string() || governor->get_ref<const std::string &>().size() > kMaxGovernorBytes))
        read.fail(at, "governor", governor,
                  "the name of a governor, at most " + std::to_string(kMaxGovernorBytes) + " bytes");
    // The idle sample (lessonscope 0.2 on): other programs' busy CPUs just before the run.
    std::optional<IdleSample> idle;
    if (const Json *sample = lenient::member(*json, "idleSample")) {
        const std::string sampleAt = at + "/idleSample";
        const auto sampled = read.number(*sample, sampleAt, "seconds", 0, kMaxEvidenceSeconds, true,
                                         "a duration in seconds from 0 to " + formatCount(kMaxEvidenceSeconds));
        const auto all = read.count(*sample, sampleAt, "cpus", kMaxEvidenceCpus, true, 1);
        const auto busy = read.number(*sample, sampleAt, "busyCpus", 0, static_cast<double>(kMaxEvidenceCpus), true,
                                      "a number of CPUs from 0 to " + formatCount(kMaxEvidenceCpus));
        if (read.ok())
            idle = IdleSample{*sampled, *busy, static_cast<int>(*all)};
    }
    if (!read.ok())
        return std::nullopt;
    evidence.seconds = *seconds;
    evidence.cpus = static_cast<int>(*cpus);
    evidence.deviceThreads = threads.value_or(0);
    evidence.loadAverage = load.value_or(-1);
    evidence.stealShare = steal;
    evidence.governor = lenient::stringOf(governor);
    evidence.idle = idle;
    return evidence;
}

namespace {

bool deviceIsTheCpus(const Json &environment)
{
    const Json *device = lenient::member(environment, "device");
    return device && device->is_object() && lenient::stringMember(*device, "type") == "CPU";
}

} // namespace

RunEvidence runEvidenceFromJson(const Json &environment, EvidenceProblem *problem)
{
    RunEvidence evidence;
    evidence.deviceIsTheCpus = deviceIsTheCpus(environment);
    evidence.machine = interferenceFromJson(environment, problem);
    if (evidence.machine) {
        if (const Json *interference = member(environment, "interference"))
            evidence.measuring = measuringFromJson(member(*interference, "measuring"));
    }
    return evidence;
}

} // namespace lessonscope
