#pragma once

// Fresh processes for a lesson that must measure what happens once per process (the first call):
// the parent's run() starts "lessonscope measure-child LESSON ARGS…" one child at a time, and each
// child measures in a process of its own (Lesson::measureInChild) and prints one JSON object.

#include "core/base/jsonfwd.h"

#include <QString>
#include <QStringList>

#include <cstddef>
#include <memory>
#include <string>

namespace lessonscope {

class RunObserver;

// The environment variable naming the lessonscope executable to start (tests set it to the build's).
inline constexpr const char *kProgramEnvironmentVariable = "LESSONSCOPE_PROGRAM";
// The hidden subcommand a child runs.
inline constexpr const char *kMeasureChildCommand = "measure-child";

// Seconds a child may take before it is stopped, overriding what the lesson expects (tests).
inline constexpr const char *kChildTimeoutEnvironmentVariable = "LESSONSCOPE_CHILD_TIMEOUT";
inline constexpr int kMinimumChildTimeoutSeconds = 60;

// LESSONSCOPE_PROGRAM when set, else this very executable.
QString lessonscopeProgram();

// How long a child that should take about expectedSeconds may run: ten times that, and at least
// kMinimumChildTimeoutSeconds (a loaded machine is slow, not stuck), or LESSONSCOPE_CHILD_TIMEOUT.
int childTimeoutSeconds(int expectedSeconds);

// What a parent accepts from a child: a measurement is at most a few MiB of JSON, and a child
// that prints more, or gives no answer in its time, is stopped.
struct ChildLimits {
    int timeoutSeconds = kMinimumChildTimeoutSeconds;
    std::size_t maxOutputBytes = std::size_t{16} << 20;
};

struct ChildResult {
    std::shared_ptr<const Json> output; // the child's JSON stdout; null when it failed
    std::int64_t processId = 0;         // the operating system's id of the child
    bool cancelled = false;             // the observer asked to stop while the child ran
    std::string error;                  // why there is no output, in one sentence
};

// Starts lessonscopeProgram() measure-child lessonId arguments… (fork and exec; stdin is
// /dev/null), waits for it and reads its stdout as one JSON object. The child dies with the thread
// that started it, however that ends (PR_SET_PDEATHSIG, set in the child and checked against a
// parent that had already gone). It is killed within 50 ms of observer.isCancelled() turning
// true, when it prints more than limits.maxOutputBytes, or when it runs past limits.timeoutSeconds;
// a child killed by a signal is reported by the signal's name. Never throws.
ChildResult runMeasuringChild(const std::string &lessonId, const QStringList &arguments, const RunObserver &observer,
                              const ChildLimits &limits = {});

} // namespace lessonscope
