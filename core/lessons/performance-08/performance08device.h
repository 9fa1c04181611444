#pragma once

// performance-08 on an OpenCL device (docs/opencl.md, "Every lesson's counterpart"): the clock is
// the device's profiling timer and a reading is one kernel's event START → END. The kernel does a
// batch of the host's dot products on one work-item; an empty one (a batch of 0) reads what every
// reading pays besides its batch, as a clock read does on the host.

#include "core/lessons/performance-08/performance08experiment.h"

namespace lessonscope::performance08 {

// What the device's clock reads of itself and of the batches. clock.perRead holds each empty
// kernel's START → END, clock.smallestStepNs the smallest positive step between two stamps of one
// command, clock.reportedResolutionSeconds CL_DEVICE_PROFILING_TIMER_RESOLUTION.
struct DeviceMeasurement {
    ClockCost clock;
    BatchReadings batches;
};

// rounds rounds on device deviceIndex, each an empty kernel, then one reading per batch size in
// kBatchSizes' order; every reading is a call of run's trace with the device's own stamps, and
// run is told what ran it (backend, environment.device, wait). Throws as OpenClSession does for a
// device it cannot open; a build without OpenCL throws std::invalid_argument
// (opencl/performance08deviceabsent.cpp).
DeviceMeasurement measureOnDevice(int deviceIndex, int rounds, LessonRun &run, RunObserver &observer);

// The operation's inputs, as the host's operation holds them, and their dot product in double.
struct DotInputs {
    std::vector<float> a, b;
    double reference = 0;
};
DotInputs dotInputs(); // performance08experiment.cpp

} // namespace lessonscope::performance08
