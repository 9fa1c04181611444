#pragma once

#include <string>

namespace lessonscope {

// Facts about this machine and build, as artifacts and --version report them.
std::string cpuModel();              // "Intel(R) Xeon(R) Processor", from /proc/cpuinfo on Linux
std::string eigenVersion();          // "3.4.0"
std::string eigenInstructionSets();  // the product's variant and its SIMD sets, e.g. "avx512 kernel: AVX512, FMA, AVX2, AVX, SSE, SSE2, ..."
std::string compilerVersion();       // "GCC 12.2.0"
std::string lessonscopeVersion();    // the project version
std::string openSslVersion();        // "OpenSSL 3.0.19 ..."
std::string nlohmannJsonVersion();   // "3.11.2"

// Now, as RFC 3339 UTC with microseconds: "2026-10-20T10:45:58.968076+00:00".
std::string rfc3339UtcNow();
// True for an RFC 3339 date-time with a time offset ("Z" or "+hh:mm").
bool isRfc3339DateTime(const std::string &text);

} // namespace lessonscope
