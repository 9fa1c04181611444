#pragma once

// The loop every lesson measures in (measuring.h): rounds spread over time, each set up untimed,
// then timed unit by unit, a cancel checked between units only.

#include "core/lesson/lesson.h"
#include "core/lesson/measuring.h"

namespace lessonscope {

// body(round) for each of the run's rounds, each begun when the pacer lets it (RoundPacer: rounds
// spread over time), until the run is cancelled — a cancel while waiting for a round included.
template<typename Body>
void forEachRound(LessonRun &run, const RunObserver &observer, int rounds, Body body)
{
    RoundPacer pacer(run.measuring);
    for (int round = 0; round < rounds && !run.cancelled; ++round) {
        if (!pacer.beginRound(round, [&observer] { return observer.isCancelled(); })) {
            run.cancelled = true;
            return;
        }
        body(round);
    }
    pacer.roundsEnded();
}

// Whether the run stops before its next timed unit: a cancel, checked between units only (never
// inside a timed boundary) and only once a unit was measured, so that even a run cancelled at
// once has something to report.
inline bool cancelledBetweenUnits(LessonRun &run, const RunObserver &observer)
{
    if (!run.calls.empty() && observer.isCancelled())
        run.cancelled = true;
    return run.cancelled;
}

} // namespace lessonscope
