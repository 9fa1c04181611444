#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace lessonscope {

// A lesson's timeline as data: the lanes, the events of one call, the marker the learner places
// and the candidates it may rest on. The timeline widget, the Chrome trace export and the tests
// read only these types; what a lesson draws and how it judges an answer is the lesson's own
// (core/lessons/<id>/).

// One lane, top to bottom.
struct TimelineLane {
    enum class Role {
        Activity, // something runs here: the host, the device
        Signal,   // instants and hand-offs: readiness
        Timer,    // the timed boundary: the learner's marker and the measured span live here
    };
    std::string name; // "host", "device", "readiness", "measurement"
    Role role = Role::Activity;
    int hueTurn = 0; // the lane's colour: degrees turned from the palette's highlight hue
};

// What the learner places. Stop and Start: one end of the timer, the other staying at the call's
// anchor, on one of the candidates. Length: the end of a bar that begins at the anchor, anywhere
// in a range; the answer is a length, not a candidate (LengthQuestion).
enum class MarkerKind {
    Stop,   // the timer starts at the anchor; where does it stop?
    Start,  // the timer stops at the anchor; where must it start?
    Length, // a span begins at the anchor; how long will it be?
};

// Something drawn on a lane. Times are relative to the call's anchor: in nanoseconds for a
// measured call, in arbitrary units (ordering only) for the schematic.
struct TimelineEvent {
    enum class Shape { Span, Instant };
    int lane = 0; // index into the lanes
    Shape shape = Shape::Span;
    std::string label; // drawn on the timeline: "dispatch", "device work", ...
    std::string note;  // one sentence for the tooltip: what it is
    double begin = 0;
    double end = 0;       // == begin for an instant
    bool waiting = false; // the lane waits rather than works (drawn hatched)
    // Drawn for context: it belongs to another call (an earlier one, or what happens once before
    // the first), and a trace export writes it once, with that call.
    bool context = false;
    // The prediction's answer drawn on the timer's lane (a median call's end, say), the same
    // for every call: not a span of this call, so a trace export leaves it out and writes the
    // call's own completed result there instead.
    bool answer = false;
    // Drawn this much later than it happened (another measurement drawn beside the call, aligned
    // with it for comparison): a trace export writes it where it happened, on the run's own time.
    double drawnLaterBy = 0;
};

// A span from begin to end (never ending before it begins) and an instant: the events a lesson's
// timeline draws, waiting (hatched) or for context (another call's) where it says so.
TimelineEvent span(int lane, std::string label, std::string note, double begin, double end, bool waiting = false,
                   bool context = false);
TimelineEvent instant(int lane, std::string label, std::string note, double at, bool context = false);

// Work the lesson keeps outside its timed boundary (data preparation, first use); drawn greyed
// beside the lanes, with no times.
struct OutsideActivity {
    int lane = 0;
    std::string label;
    std::string note;
};

// A place the marker may rest on.
struct TimelineCandidate {
    std::string key;        // stable, for settings and files: "after-synchronization"
    std::string label;      // how a person names it: "at readiness, after synchronization"
    std::string shortLabel; // for crowded places: "after sync"
    double time = 0;        // same units as the events
    bool correct = false;   // the lesson's answer
};

// How a lesson names its candidates, in candidate order (an enum of the lesson's indexes them).
struct CandidateNames {
    const char *key;        // TimelineCandidate::key
    const char *label;      // TimelineCandidate::label
    const char *shortLabel; // TimelineCandidate::shortLabel
    const char *why;        // the mechanism, for the verdict
};

// The candidate of names with this key, as the lesson's enum; nothing for a key it does not have.
template<typename Enum, std::size_t N>
std::optional<Enum> candidateFromKey(const std::array<CandidateNames, N> &names, std::string_view key)
{
    for (std::size_t i = 0; i < N; ++i) {
        if (key == names[i].key)
            return static_cast<Enum>(i);
    }
    return std::nullopt;
}

// A Length marker's question: the learner drags the end of a bar that begins at the call's anchor
// to the length one span (the asked event) will have. A guess is a multiple of a reference length
// (a span shown to scale, e.g. the same work in another type), so that it means the same on a
// schematic and a measured timeline. The asked event is the answer: the widget draws it, and
// tells its length, only once the learner has answered.
struct LengthQuestion {
    int event = -1;            // index into events: the span whose length is asked (on the timer's lane)
    double reference = 1;      // what 1× is, in the events' units: the length of the span compared with
    std::string referenceName; // "float32 device work"
    std::string guessName;     // "float64 device work": what the learner's bar stands for
    double initial = 1;        // where the bar's end starts, as a multiple of reference
    double minimum = 0.1;      // the multiples a guess may take
    double maximum = 8;
    double step = 0.05;      // one arrow key press, as a multiple
    double tolerance = 0.25; // a guess within this fraction of the measured multiple is right
};

// The candidates of names at these times, in time order as the widget walks them; the one at
// index `correct` is the lesson's answer.
template<std::size_t N>
std::vector<TimelineCandidate> candidatesAt(const std::array<CandidateNames, N> &names,
                                            const std::array<double, N> &times, std::size_t correct)
{
    std::vector<TimelineCandidate> candidates;
    for (std::size_t i = 0; i < N; ++i)
        candidates.push_back({names[i].key, names[i].label, names[i].shortLabel, times[i], i == correct});
    std::stable_sort(candidates.begin(), candidates.end(),
                     [](const TimelineCandidate &a, const TimelineCandidate &b) { return a.time < b.time; });
    return candidates;
}

// Whether guess is within tolerance (a fraction) of measured, both multiples of the same reference.
// False for anything not a positive finite number.
bool lengthGuessIsRight(double guess, double measured, double tolerance);

// One call laid out for drawing.
struct CallTimeline {
    std::string title; // "schematic call", "first call", "warm call 3"
    bool measured = false;
    std::vector<TimelineLane> lanes;
    MarkerKind marker = MarkerKind::Stop;
    double anchor = 0; // the timer's fixed end: its start for a Stop marker, its stop for a Start one
    std::vector<TimelineEvent> events;
    std::vector<OutsideActivity> outside;
    std::vector<TimelineCandidate> candidates; // in time order, the same keys for every call
    LengthQuestion length;                     // a Length marker's question (none for the others)
    double viewBegin = 0;                      // the suggested whole view, a little around the call
    double viewEnd = 1;

    // The lane with the Timer role (the last lane when none has it).
    int timerLane() const;
    // The candidate with this key, or -1.
    int candidateIndex(std::string_view key) const;
};

// The answer to the prediction, in words and numbers.
struct TimelineVerdict {
    bool correct = false;
    std::string headline; // "Right: …" / "Not quite: …"
    std::string why;      // the mechanism
    std::string numbers;  // what this answer would have measured, or why there are no numbers
};

// What a timeline that asks a length says of a candidate: it has none to choose from.
TimelineVerdict lengthQuestionOnly();

// A lesson's timeline over one artifact: to scale from its measured trace, or ordering only (the
// schematic) when it has none. Every number it gives comes from the artifact.
class LessonTimeline
{
public:
    virtual ~LessonTimeline() = default;

    virtual bool isMeasured() const = 0;
    // Measured calls (0 in schematic mode).
    virtual int callCount() const = 0;
    // The call shown first: the one nearest the lesson's typical call; -1 in schematic mode.
    virtual int representativeCall() const = 0;
    // How the call selector names it ("Slowest call"); empty: the median call, in the viewer's words.
    virtual std::string representativeName() const { return {}; }
    virtual std::string callTitle(int index) const = 0;
    // Call index's measured duration as the lesson times it (for choosing calls); nothing in
    // schematic mode.
    virtual std::optional<double> callSeconds(int index) const = 0;
    // The call laid out; in schematic mode index is ignored; an index out of range gives the
    // representative call.
    virtual CallTimeline call(int index) const = 0;
    // Why call index is doubtful, when other work interrupted it ("interrupted: other work kept a
    // timed thread from a CPU for 2.21 ms of it"); empty for a clean call and for a trace without
    // evidence.
    virtual std::string callInterruption(int index) const
    {
        (void)index;
        return {};
    }
    // Whether the lesson's figures keep its interrupted calls (interruptions are what it shows)
    // rather than leave them out, as a lesson's figures do by default.
    virtual bool keepsInterruptedCalls() const { return false; }

    // What a timer with its marker at this candidate reads for call index, as a duration in
    // seconds; nothing when nothing measured says it.
    virtual std::optional<double> readingSeconds(std::string_view candidateKey, int callIndex) const = 0;
    // The learner put the marker on this candidate: right or wrong, why, and what each choice
    // measured. An index out of range reads the nearest call.
    virtual TimelineVerdict verdict(std::string_view candidateKey, int callIndex) const = 0;
    // A Length marker's answer: the learner set the asked span to multiple × the reference. By
    // default a timeline asks no length, and says so.
    virtual TimelineVerdict lengthVerdict(double multiple, int callIndex) const;
    // The reading under this artifact's to-scale timeline where it is not the lesson's own (a run
    // on another backend pays other things); empty: the lesson's measured reading.
    virtual std::string measuredReading() const { return {}; }
    // What the timeline's clocks teach, said after the reading where it draws more than the
    // host's view (a real device's own clock); empty: nothing to add.
    virtual std::string clocksNote() const { return {}; }
};

} // namespace lessonscope
