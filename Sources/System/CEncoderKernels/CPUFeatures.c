// Which of CEncoderKernels' paths this CPU runs. Read from CPUID and XGETBV directly rather than
// `__builtin_cpu_supports`, whose table for features past the first 32 is laid out differently by libgcc and
// compiler-rt.
#include "CEncoderKernels.h"

#include <cpuid.h>

/// Leaf 7's registers when the CPU has AVX-512 F, BW and VL and the OS saves their state; else 0.
static int avx512_leaf7(unsigned int *ebx7, unsigned int *ecx7, unsigned int *maxSubleaf) {
    unsigned int eax, ebx, ecx, edx;
    if (!__get_cpuid_count(1, 0, &eax, &ebx, &ecx, &edx) || !(ecx & (1u << 27))) return 0; // OSXSAVE
    unsigned int xcrLow, xcrHigh;
    __asm__("xgetbv" : "=a"(xcrLow), "=d"(xcrHigh) : "c"(0));
    if ((xcrLow & 0xE6) != 0xE6) return 0; // the OS saves SSE, AVX, opmask and ZMM state
    if (!__get_cpuid_count(7, 0, &eax, &ebx, &ecx, &edx)) return 0;
    const unsigned int avx512 = (1u << 16) | (1u << 30) | (1u << 31); // AVX512F, AVX512BW, AVX512VL
    if ((ebx & avx512) != avx512) return 0;
    *ebx7 = ebx;
    *ecx7 = ecx;
    *maxSubleaf = eax;
    return 1;
}

int marks_avx512_supported(void) {
    unsigned int ebx, ecx, subleaves;
    return avx512_leaf7(&ebx, &ecx, &subleaves);
}

int marks_bf16_supported(void) {
    unsigned int ebx, ecx, subleaves, eax1, ebx1, ecx1, edx1;
    if (!avx512_leaf7(&ebx, &ecx, &subleaves) || subleaves < 1) return 0;
    if (!__get_cpuid_count(7, 1, &eax1, &ebx1, &ecx1, &edx1)) return 0;
    return (eax1 & (1u << 5)) != 0; // AVX512_BF16
}

int marks_vnni_supported(void) {
    unsigned int ebx, ecx, subleaves;
    if (!avx512_leaf7(&ebx, &ecx, &subleaves)) return 0;
    return (ecx & (1u << 11)) != 0; // AVX512_VNNI
}
