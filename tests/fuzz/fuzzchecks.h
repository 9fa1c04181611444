#pragma once

// What the fuzzer checks for one input, shared with tst_fuzzregressions so that a saved input is
// replayed with exactly the checks that caught it. Besides "no crash, no sanitizer report" (the
// fuzz and asan builds turn those into failures), properties that must hold for any bytes:
//  - every problem has a sentence and a JSON Pointer ("" or starting with '/'); reading gives an
//    artifact or at least one problem saying why there is none;
//  - whatever reads as an artifact serializes without throwing (parsed text is valid UTF-8),
//    reads back as an equal JSON value, and writing that again gives the same bytes;
//  - the canonical form is the same for the original and the re-read document, and reads back to
//    itself; the hash is 64 hex digits.
// Every typed view and the timeline model are built too, for the sanitizers to watch, and so are
// the run's conditions (its interference evidence) and its comparison with itself: every ratio
// of a figure with itself is 1 or absent, and an interval, when there is one, holds it. The same
// bytes are opened as any file is (core/library/openedfile.h): a results file of another harness
// is read, described, drawn and compared with itself, its problems at a JSON Pointer or a CSV line,
// and every p-value between 0 and 1.

#include "core/lessons/performance-01/performance01contract.h"
#include "core/lesson/artifactcomparison.h"
#include "core/lesson/disturbance.h"
#include "core/lesson/lessonartifacts.h"
#include "core/artifact/canonicaljson.h"
#include "core/artifact/jsonreader.h"
#include "core/artifact/problem.h"
#include "core/library/openedfile.h"
#include "core/peers/resultscomparison.h"
#include "core/peers/resultspanels.h"
#include "core/peers/resultssummary.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <string>
#include <string_view>
#include <vector>

namespace lessonscope::fuzz {

class Violations
{
public:
    void check(bool holds, const char *property)
    {
        if (!holds)
            m_broken.emplace_back(property);
    }
    const std::vector<std::string> &broken() const { return m_broken; }

private:
    std::vector<std::string> m_broken;
};

#define LESSONSCOPE_FUZZ_CHECK(violations, condition) (violations).check((condition), #condition)

inline void checkProblems(const Problems &problems, Violations &v)
{
    for (const Problem &problem : problems) {
        LESSONSCOPE_FUZZ_CHECK(v, !problem.message.empty());
        LESSONSCOPE_FUZZ_CHECK(v, problem.pointer.empty() || problem.pointer.front() == '/');
        const std::string line = formatProblem("f.json", problem);
        LESSONSCOPE_FUZZ_CHECK(v, line.find('\x1b') == std::string::npos && line.find('\n') == std::string::npos);
    }
}

// Reads every field of every view, so that the sanitizers see every byte the views produced.
inline std::size_t exerciseViews(const Artifact &artifact, Violations &v)
{
    const auto touch = [](const std::string &text) { return text.size(); };
    std::size_t sink = static_cast<std::size_t>(artifact.schemaVersion().value_or(0));
    sink += touch(artifact.lessonId()) + touch(artifact.contentHash()) + touch(artifact.rendererHash())
        + touch(artifact.kind()) + touch(artifact.generatedAt()) + touch(artifact.provenance())
        + touch(artifact.backend()) + touch(artifact.stdoutText()) + touch(artifact.dataKind());
    for (const auto &[key, value] : artifact.environment())
        sink += touch(key) + touch(value);
    if (const auto parsed = artifact.stdoutJson())
        LESSONSCOPE_FUZZ_CHECK(v, parsed->is_object());
    const performance01::Figures timing = performance01::readFigures(artifact);
    sink += timing.warm.seconds.size() + timing.dispatchOnlyWarmSamplesSeconds.size() + timing.inputShape.size()
        + timing.weightShape.size() + touch(timing.boundary) + touch(timing.backend) + touch(timing.dtype);
    const std::vector<Panel> panels = artifact.panels();
    for (std::size_t i = 0; i < panels.size(); ++i)
        sink += touch(artifact.panelText(i, 64));
    for (const Panel &panel : panels) {
        sink += touch(panel.kind) + touch(panel.title) + touch(panel.xlabel) + touch(panel.ylabel) + panel.x.size();
        for (const std::string &label : panel.labels)
            sink += touch(label);
        for (const Series &series : panel.series)
            sink += touch(series.label) + series.y.size();
    }
    const Diagram diagram = artifact.diagram();
    sink += touch(diagram.title) + touch(diagram.prediction) + touch(diagram.reading) + touch(diagram.alt)
        + touch(diagram.scope) + touch(diagram.panelKind) + touch(diagram.rawPanelJson);
    if (const auto trace = artifact.trace())
        sink += trace->calls.size() + touch(trace->clock) + touch(trace->waitStrategy);
    return sink;
}

inline void exerciseTimeline(const Artifact &artifact, Violations &v)
{
    const std::unique_ptr<LessonTimeline> model = timelineOf(artifact);
    // Every call of a small trace, and a few of a large one (the first, the representative, the
    // last, and indices out of range, which call() documents), so that one input stays fast.
    std::vector<int> indices
        = {-1, 0, 1, model->representativeCall(), model->callCount() - 1, model->callCount(), model->callCount() + 1};
    if (model->callCount() <= 16) {
        for (int i = 0; i < model->callCount(); ++i)
            indices.push_back(i);
    }
    const std::size_t candidateCount = model->call(-1).candidates.size();
    for (const int index : indices) {
        const CallTimeline call = model->call(index);
        LESSONSCOPE_FUZZ_CHECK(v, call.candidates.size() == candidateCount);
        (void)model->callTitle(index);
        (void)model->callSeconds(index);
        for (const TimelineCandidate &candidate : call.candidates) {
            (void)model->readingSeconds(candidate.key, index);
            // verdict() takes a call that exists (the GUI asks about the call it shows).
            if (model->callCount() > 0 && (index < 0 || index >= model->callCount()))
                continue;
            const TimelineVerdict verdict = model->verdict(candidate.key, index);
            LESSONSCOPE_FUZZ_CHECK(v, !verdict.headline.empty());
        }
    }
}

// Every floating-point number of a value doubled (integers, such as counts and rounds, kept).
inline void doubleTheFloats(Json &value)
{
    if (value.is_number_float()) {
        value = value.get<double>() * 2;
    } else if (value.is_structured()) {
        for (Json &element : value)
            doubleTheFloats(element);
    }
}

// The input against a copy whose stdout numbers are doubled, both ways round: the comparison of
// two different documents is drawn from one source, so each figure's ratio, where there is one,
// is a number, its interval ordered and its verdict said; b ÷ a is the ratio of the figures.
inline void exerciseComparisonWithAChangedCopy(const Artifact &artifact, Violations &v)
{
    Json changed = artifact.json();
    const std::shared_ptr<const Json> out = artifact.stdoutJson(); // stdout is JSON text
    if (!out || !changed.is_object())
        return;
    Json doubled = *out;
    doubleTheFloats(doubled);
    changed["stdout"] = doubled.dump(2, ' ', false, Json::error_handler_t::replace);
    const Artifact copy(std::move(changed));
    for (const ArtifactComparison &comparison : {compareArtifacts(artifact, copy), compareArtifacts(copy, artifact)}) {
        for (const ComparedFigure &figure : comparison.figures) {
            LESSONSCOPE_FUZZ_CHECK(v, !figure.verdict.empty());
            if (figure.ratio)
                LESSONSCOPE_FUZZ_CHECK(v, !std::isnan(*figure.ratio));
            if (figure.ratio && figure.a && figure.b && *figure.a != 0 && std::isfinite(*figure.ratio))
                LESSONSCOPE_FUZZ_CHECK(
                    v, std::abs(*figure.ratio - *figure.b / *figure.a) <= 1e-9 * std::abs(*figure.ratio));
            if (figure.interval)
                LESSONSCOPE_FUZZ_CHECK(v, !(figure.interval->low > figure.interval->high));
        }
    }
}

inline void exerciseComparison(const Artifact &artifact, Violations &v)
{
    const Disturbance disturbance = disturbanceOf(artifact.json());
    std::size_t sink = conditionsText(disturbance).size() + disturbance.reasons.size();
    const LessonSummary summary = summarizeArtifact(artifact);
    sink += summary.figures.size() + summary.setup.size();
    const ArtifactComparison comparison = compareArtifacts(artifact, artifact);
    LESSONSCOPE_FUZZ_CHECK(v, comparison.differences.empty());
    for (const ComparedFigure &figure : comparison.figures) {
        sink += figure.verdict.size();
        if (figure.ratio && std::isfinite(*figure.ratio) && *figure.ratio > 0) {
            LESSONSCOPE_FUZZ_CHECK(v, *figure.ratio == 1);
            if (figure.interval)
                LESSONSCOPE_FUZZ_CHECK(v, !(figure.interval->low > 1) && !(figure.interval->high < 1));
        }
    }
    LESSONSCOPE_FUZZ_CHECK(v, sink > 0);
    exerciseComparisonWithAChangedCopy(artifact, v);
}

inline void checkRoundTrip(const Artifact &artifact, Violations &v)
{
    std::string text;
    try {
        text = serializeArtifact(artifact);
    } catch (const std::exception &) {
        v.check(false, "serializeArtifact of a document that was read does not throw");
        return;
    }
    const ReadResult again = readArtifact(text);
    checkProblems(again.problems, v);
    LESSONSCOPE_FUZZ_CHECK(v, again.artifact.has_value());
    if (!again.artifact)
        return;
    LESSONSCOPE_FUZZ_CHECK(v, again.artifact->json() == artifact.json());
    LESSONSCOPE_FUZZ_CHECK(v, serializeArtifact(*again.artifact) == text);

    const std::string canonical = canonicalJson(artifact.json());
    LESSONSCOPE_FUZZ_CHECK(v, canonicalJson(again.artifact->json()) == canonical);
    LESSONSCOPE_FUZZ_CHECK(v, canonicalHash(artifact.json()).size() == 64);
    const JsonParseResult reparsed = parseJson(canonical);
    LESSONSCOPE_FUZZ_CHECK(v, reparsed.document != nullptr);
    if (reparsed.document)
        LESSONSCOPE_FUZZ_CHECK(v, canonicalJson(*reparsed.document) == canonical);
}

inline void exerciseResults(const ResultsFile &file, Violations &v)
{
    std::size_t sink = describeResults(file).size();
    for (const BenchmarkResult &b : file.benchmarks)
        sink += describeBenchmark(b).size();
    for (const Panel &panel : resultsPanels(file)) {
        for (const Series &series : panel.series)
            LESSONSCOPE_FUZZ_CHECK(v, series.y.size() == (panel.kind == "line" ? panel.x.size() : panel.labels.size()));
    }
    for (const ComparedBenchmark &c : compareResults(file, file).benchmarks) {
        LESSONSCOPE_FUZZ_CHECK(v, !c.pValue || (*c.pValue >= 0 && *c.pValue <= 1));
        sink += c.figure.verdict.size();
    }
    LESSONSCOPE_FUZZ_CHECK(v, sink > 0);
}

inline void checkOpened(std::string_view bytes, Violations &v)
{
    const OpenedFile opened = openBytes(bytes);
    for (const Problem &problem : opened.problems) {
        LESSONSCOPE_FUZZ_CHECK(v, !problem.message.empty());
        LESSONSCOPE_FUZZ_CHECK(
            v, problem.pointer.empty() || problem.pointer.front() == '/' || problem.pointer.rfind("line ", 0) == 0);
    }
    LESSONSCOPE_FUZZ_CHECK(v, !(opened.artifact && opened.results));
    if (opened.results)
        exerciseResults(*opened.results, v);
}

// Everything core does with the bytes of a file someone sent; the properties that broke.
inline std::vector<std::string> checkArtifactBytes(std::string_view bytes)
{
    Violations v;
    checkOpened(bytes, v);
    const ReadResult result = readArtifact(bytes);
    checkProblems(result.problems, v);
    LESSONSCOPE_FUZZ_CHECK(v, !result.ok() || result.artifact.has_value());
    LESSONSCOPE_FUZZ_CHECK(v, result.artifact.has_value() || !result.problems.empty());
    if (result.artifact) {
        (void)exerciseViews(*result.artifact, v);
        exerciseTimeline(*result.artifact, v);
        exerciseComparison(*result.artifact, v);
        checkRoundTrip(*result.artifact, v);
    }
    return v.broken();
}

} // namespace lessonscope::fuzz
