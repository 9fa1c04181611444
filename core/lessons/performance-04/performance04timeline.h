#pragma once

#include "core/lessons/performance-04/performance04contract.h"
#include "core/trace/streamtimeline.h"

#include <optional>
#include <string>

namespace lessonscope {

// performance-04's timeline: a pair of calls, the same product in float32 and then in float64.
// The host lane shows the float32 call (dispatch, wait), the next lane its device work to scale,
// and the last the float64 call's device work, begun at the same moment so that the two lengths
// compare directly. The learner drags the float64 bar's end (a Length marker): how many times the
// float32 work will it take? The float64 work is the answer and is drawn once answered. The
// float64 call's own host side is not drawn: its wait would show its length before the answer.
//
// The trace's calls alternate float32, float64 (pair p is calls 2p and 2p + 1); call(i) draws
// call i's pair with call i's own events at their times and its partner's shifted beside them
// (context), so that the trace export writes every call once, at its own times.
class Performance04Timeline final : public StreamTimeline
{
public:
    // The lanes, top to bottom.
    enum Lane { Host, Float32Device, Float64Device };

    explicit Performance04Timeline(const Artifact &artifact);

    std::string callTitle(int index) const override; // "float32 call 3", "float64 call 3"
    // The float32 call of the pair whose device work ratio is nearest the pairs' median, among
    // the pairs whose float32 call is typical too.
    int representativeCall() const override;
    std::string representativeName() const override; // "Typical pair": not the median call
    CallTimeline call(int index) const override;
    TimelineVerdict verdict(std::string_view, int) const override { return lengthQuestionOnly(); }
    TimelineVerdict lengthVerdict(double multiple, int callIndex) const override;

    // The measured multiple a guess is judged against, the quantity the prompt asks and the
    // timeline draws: the shown pair's float64 device work over its float32 device work (in the
    // schematic, which draws it from stdout, float64's warm median over float32's).
    std::optional<double> measuredMultiple(int callIndex) const;
    // What that number is, in words, for the verdict.
    std::string gradedName(int callIndex) const;
    // A pair's device work, float64's over float32's; nothing in schematic mode.
    std::optional<double> pairWorkRatio(int callIndex) const;

protected:
    MarkerKind marker() const override { return MarkerKind::Length; }

private:
    std::string numbersText(double multiple, int callIndex) const;

    performance04::Figures m_figures;
};

} // namespace lessonscope
