#pragma once

#include "core/lesson/measuring.h"
#include "core/lessons/shared/timedproduct.h"

namespace lessonscope::performance06 {

// Before each call alone: untimed calls until the medians of their last two pairs agree within
// 5%, at least 4 and at most 32 (or 1 ms). After a pause the stream's next calls are slower for
// a few calls: measured on a 2-vCPU guest after 100 µs without calls, ~0.78, ~0.70, ~0.53, then
// ~0.48 µs (docs/performance.md, "A call alone after a pause"). One untimed call left the call
// alone at 0.5–0.65 or 0.8–0.95 µs from run to run.
inline constexpr WarmUpRule kLoneCallWarmUp{4, 1'000'000, 2, 0.05, 32, 1'000'000};

// One call alone, on a stream ready for it: the untimed calls of kLoneCallWarmUp, then the timed
// call. No region starts between them: the call's evidence starts where the last untimed call's
// ended, so that a wait for a CPU between the two (the stream gone cold again) makes it an
// interrupted call.
TimedProduct::Timed callAlone(TimedProduct &product);

} // namespace lessonscope::performance06
