#pragma once

#include "core/base/jsonfwd.h"

#include <string>

namespace lessonscope {

// environment.waitStrategy of a run that dispatches to no stream: a lesson of the host's own clock.
inline constexpr const char *kNoWaitStrategy = "none";

// Facts about this machine and build, as artifacts and --version report them.
std::string cpuModel();     // "Intel(R) Xeon(R) Processor", from /proc/cpuinfo on Linux
std::string eigenVersion(); // "3.4.0"
std::string
eigenInstructionSets(); // the product's variant and its SIMD sets, e.g. "avx512 kernel: AVX512, FMA, AVX2, AVX, SSE, SSE2, ..."
std::string compilerVersion();     // "GCC 12.2.0"
std::string lessonscopeVersion();  // the project version
std::string openSslVersion();      // "OpenSSL 3.0.19 ..."
std::string nlohmannJsonVersion(); // "3.11.2"

// An artifact's environment.device (a real device that ran the lesson) in one line: "opencl:0
// pthread-… (Portable Computing Language, driver 3.1+debian)"; "the stream" when there is no such
// object, as on every run of the model. Read leniently: whatever the file holds, never a throw.
std::string deviceDescription(const Json &environment);

} // namespace lessonscope
