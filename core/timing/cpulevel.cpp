#include "core/timing/cpulevel.h"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <cpuid.h>
#define LESSONSCOPE_X86_CPUID 1
#endif

namespace lessonscope {

namespace {

#ifdef LESSONSCOPE_X86_CPUID

bool bit(unsigned reg, int index) { return ((reg >> index) & 1U) != 0; }

// XCR0: which register states the OS saves on a context switch. A CPU may have AVX-512 that the
// OS never enabled, and then its instructions fault: the CPUID bits alone are not enough.
unsigned long long xcr0()
{
    unsigned eax = 0;
    unsigned edx = 0;
    // xgetbv by its opcode's mnemonic, so that this file needs no -mxsave.
    __asm__ volatile("xgetbv" : "=a"(eax), "=d"(edx) : "c"(0));
    return (static_cast<unsigned long long>(edx) << 32) | eax;
}

int detectLevel()
{
    unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
    if (__get_cpuid(1, &eax, &ebx, &ecx, &edx) == 0)
        return 1;
    const unsigned ecx1 = ecx;

    // __get_cpuid_max() is unsigned in GCC's <cpuid.h> and int in Clang's.
    const auto maxLeaf = [](unsigned leaf) { return static_cast<unsigned>(__get_cpuid_max(leaf, nullptr)); };

    unsigned extEcx = 0;
    if (maxLeaf(0x80000000U) >= 0x80000001U && __get_cpuid(0x80000001U, &eax, &ebx, &ecx, &edx) != 0)
        extEcx = ecx;

    unsigned ebx7 = 0;
    if (maxLeaf(0) >= 7) {
        __cpuid_count(7, 0, eax, ebx, ecx, edx);
        ebx7 = ebx;
    }

    const bool v2 = bit(ecx1, 0) /* SSE3 */ && bit(ecx1, 9) /* SSSE3 */ && bit(ecx1, 13) /* CMPXCHG16B */
        && bit(ecx1, 19) /* SSE4.1 */ && bit(ecx1, 20) /* SSE4.2 */ && bit(ecx1, 23)     /* POPCNT */
        && bit(extEcx, 0) /* LAHF/SAHF */;
    if (!v2)
        return 1;

    const bool osxsave = bit(ecx1, 27);
    const unsigned long long xcr = osxsave ? xcr0() : 0;
    const bool avxState = (xcr & 0x6U) == 0x6U;                                  // XMM and YMM
    const bool avx512State = (xcr & 0xE6U) == 0xE6U;                             // + opmask, ZMM_Hi256, Hi16_ZMM
    const bool v3 = avxState && bit(ecx1, 12) /* FMA */ && bit(ecx1, 22)         /* MOVBE */
        && bit(ecx1, 26) /* XSAVE */ && bit(ecx1, 28) /* AVX */ && bit(ecx1, 29) /* F16C */
        && bit(ebx7, 3) /* BMI1 */ && bit(ebx7, 5) /* AVX2 */ && bit(ebx7, 8)    /* BMI2 */
        && bit(extEcx, 5) /* LZCNT */;
    if (!v3)
        return 2;

    const bool v4 = avx512State && bit(ebx7, 16) /* AVX512F */ && bit(ebx7, 17) /* AVX512DQ */
        && bit(ebx7, 28) /* AVX512CD */ && bit(ebx7, 30) /* AVX512BW */ && bit(ebx7, 31) /* AVX512VL */;
    return v4 ? 4 : 3;
}

#else

int detectLevel() { return 0; }

#endif

} // namespace

int x86Level()
{
    static const int level = detectLevel();
    return level;
}

} // namespace lessonscope
