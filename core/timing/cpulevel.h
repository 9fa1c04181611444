#pragma once

namespace lessonscope {

// The x86-64 microarchitecture level (psABI) this CPU *and* operating system support: 1 (x86-64,
// SSE2), 2 (+ SSE3/SSSE3/SSE4.1/SSE4.2, POPCNT, CMPXCHG16B, LAHF), 3 (+ AVX, AVX2, FMA, BMI1/2,
// F16C, LZCNT, MOVBE, with the AVX state enabled by the OS) or 4 (+ AVX-512 F/BW/CD/DQ/VL, with
// the AVX-512 state enabled). 0 when not an x86-64 build. Read from CPUID once and cached.
int x86Level();

} // namespace lessonscope
