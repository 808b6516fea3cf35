// GELU sixteen lanes at a time, as TensorKernels computes it: what marks_avx512_bias_gelu runs over a row and what the
// int8 product applies to its sums before they leave the registers. Private to CEncoderKernels.
#ifndef GELULANES_H
#define GELULANES_H

#include <immintrin.h>

#define MARKS_AVX512_TARGET __attribute__((target("avx512f,avx512bw,avx512vl")))

/// erf as TensorKernels.erf computes it: Eigen's rational approximation on [−4, 4].
MARKS_AVX512_TARGET static inline __m512 erf16(__m512 input) {
    const __m512 x = _mm512_min_ps(_mm512_max_ps(input, _mm512_set1_ps(-4)), _mm512_set1_ps(4));
    const __m512 x2 = _mm512_mul_ps(x, x);
    __m512 p = _mm512_fmadd_ps(x2, _mm512_set1_ps(-2.72614225801306e-10f), _mm512_set1_ps(2.77068142495902e-08f));
    p = _mm512_fmadd_ps(x2, p, _mm512_set1_ps(-2.10102402082508e-06f));
    p = _mm512_fmadd_ps(x2, p, _mm512_set1_ps(-5.69250639462346e-05f));
    p = _mm512_fmadd_ps(x2, p, _mm512_set1_ps(-7.34990630326855e-04f));
    p = _mm512_fmadd_ps(x2, p, _mm512_set1_ps(-2.95459980854025e-03f));
    p = _mm512_fmadd_ps(x2, p, _mm512_set1_ps(-1.60960333262415e-02f));
    __m512 q = _mm512_fmadd_ps(x2, _mm512_set1_ps(-1.45660718464996e-05f), _mm512_set1_ps(-2.13374055278905e-04f));
    q = _mm512_fmadd_ps(x2, q, _mm512_set1_ps(-1.68282697438203e-03f));
    q = _mm512_fmadd_ps(x2, q, _mm512_set1_ps(-7.37332916720468e-03f));
    q = _mm512_fmadd_ps(x2, q, _mm512_set1_ps(-1.42647390514189e-02f));
    return _mm512_div_ps(_mm512_mul_ps(x, p), q);
}

/// x · ½(1 + erf(x / √2)): the exact GELU, as TensorKernels.biasGELU computes it.
MARKS_AVX512_TARGET static inline __m512 gelu16(__m512 x) {
    const __m512 e = erf16(_mm512_mul_ps(x, _mm512_set1_ps(0.70710678118654752f)));
    return _mm512_mul_ps(_mm512_mul_ps(_mm512_set1_ps(0.5f), x), _mm512_add_ps(_mm512_set1_ps(1), e));
}

#endif
