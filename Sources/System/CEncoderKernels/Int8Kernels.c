// The int8 matrix product of CEncoderKernels.h. A packed tile is 32 output columns: for each quad of inputs
// (k … k+3), 32 lanes of four signed bytes, so one VPDPBUSD multiplies a broadcast quad of input bytes into 16 columns
// and adds the four products to each column's int32 sum. Inputs are bytes 0…255 (the scaled value + 128), so
//     Σ a·w = Σ (byte − 128)·w = Σ byte·w − 128·Σ w,
// and the weights' row sums take the shift off exactly. The micro-kernel keeps 12 rows × 32 columns of sums in
// registers; rows are taken 48 at a time, so that a block of their bytes and a tile of weights (18 + 12 KB when k is
// 384) share the L1 cache while every tile passes over them (96 rows did not fit, and the products ran ~25 % slower).
#include "CEncoderKernels.h"
#include "GELULanes.h"

#include <immintrin.h>
#include <math.h>
#include <string.h>

#define MARKS_VNNI_TARGET __attribute__((target("avx512f,avx512bw,avx512vl,avx512vnni")))
#define ROWS 12
#define ROW_BLOCK 48
#define HALF (MarksInt8TileColumns / 2)

void marks_i8_pack(const float *weights, int n, int k, int8_t *out, float *scales, int32_t *sums) {
    const int quads = k / 4;
    for (int j = 0; j < n; j++) {
        const float *row = weights + (size_t)j * k;
        float largest = 0;
        for (int i = 0; i < k; i++) largest = fmaxf(largest, fabsf(row[i]));
        const float step = largest / 127.0f;
        const float inverse = step > 0 ? 1.0f / step : 0;
        scales[j] = step;
        const int tile = j / MarksInt8TileColumns, column = j % MarksInt8TileColumns;
        const int half = column / HALF, lane = column % HALF;
        int32_t sum = 0;
        for (int p = 0; p < quads; p++) {
            int8_t *target = out + (((size_t)tile * quads + p) * 2 + half) * 4 * HALF + (size_t)lane * 4;
            for (int t = 0; t < 4; t++) {
                float scaled = nearbyintf(row[4 * p + t] * inverse);
                scaled = scaled > 127 ? 127 : (scaled < -127 ? -127 : scaled);
                target[t] = (int8_t)scaled;
                sum += (int32_t)scaled;
            }
        }
        sums[j] = sum;
    }
}

/// Rows of A as bytes (k a row, each value / step + 128) and each row's step.
MARKS_VNNI_TARGET static void quantise_rows(const float *a, int lda, int m, int k, uint8_t *out, float *steps) {
    const __m512i shift = _mm512_set1_epi32(128);
    for (int i = 0; i < m; i++) {
        const float *source = a + (size_t)i * lda;
        __m512 largest = _mm512_setzero_ps();
        int c = 0;
        for (; c + 16 <= k; c += 16) largest = _mm512_max_ps(largest, _mm512_abs_ps(_mm512_loadu_ps(source + c)));
        float top = _mm512_reduce_max_ps(largest);
        for (; c < k; c++) top = fmaxf(top, fabsf(source[c]));
        const float step = top / 127.0f;
        steps[i] = step;
        const __m512 inverse = _mm512_set1_ps(step > 0 ? 1.0f / step : 0);
        uint8_t *target = out + (size_t)i * k;
        c = 0;
        for (; c + 16 <= k; c += 16) {
            // The largest value scales to exactly ±127 at most, so the bytes stay in 1…255 without a clamp.
            const __m512i scaled = _mm512_cvtps_epi32(_mm512_mul_ps(_mm512_loadu_ps(source + c), inverse));
            _mm_storeu_si128((__m128i *)(target + c), _mm512_cvtusepi32_epi8(_mm512_add_epi32(scaled, shift)));
        }
        for (; c < k; c++) {
            const float scaled = nearbyintf(source[c] * (step > 0 ? 1.0f / step : 0));
            target[c] = (uint8_t)((int)(scaled > 127 ? 127 : (scaled < -127 ? -127 : scaled)) + 128);
        }
    }
}

/// `rows` (≤ ROWS) rows of C, 32 columns, from their bytes and one packed tile.
MARKS_VNNI_TARGET __attribute__((always_inline)) static inline void
tile_rows(int rows, int k, const uint8_t *a, const float *steps, const int8_t *tile, const float *scales,
          const int32_t *sums, float *c, int ldc, int accumulate, const float *bias, int gelu) {
    __m512i low[ROWS], high[ROWS];
    for (int r = 0; r < ROWS; r++) {
        low[r] = _mm512_setzero_si512();
        high[r] = _mm512_setzero_si512();
    }
    const int quads = k / 4;
    for (int p = 0; p < quads; p++) {
        const __m512i weights0 = _mm512_loadu_si512(tile + (size_t)p * 128);
        const __m512i weights1 = _mm512_loadu_si512(tile + (size_t)p * 128 + 64);
        for (int r = 0; r < ROWS; r++) {
            if (r < rows) {
                int32_t quad;
                memcpy(&quad, a + (size_t)r * k + 4 * p, sizeof quad);
                const __m512i input = _mm512_set1_epi32(quad);
                low[r] = _mm512_dpbusd_epi32(low[r], input, weights0);
                high[r] = _mm512_dpbusd_epi32(high[r], input, weights1);
            }
        }
    }
    const __m512i shift0 = _mm512_slli_epi32(_mm512_loadu_si512(sums), 7);
    const __m512i shift1 = _mm512_slli_epi32(_mm512_loadu_si512(sums + HALF), 7);
    const __m512 scale0 = _mm512_loadu_ps(scales), scale1 = _mm512_loadu_ps(scales + HALF);
    const __m512 bias0 = bias ? _mm512_loadu_ps(bias) : _mm512_setzero_ps();
    const __m512 bias1 = bias ? _mm512_loadu_ps(bias + HALF) : _mm512_setzero_ps();
    for (int r = 0; r < ROWS; r++) {
        if (r < rows) {
            float *out = c + (size_t)r * ldc;
            const __m512 step = _mm512_set1_ps(steps[r]);
            __m512 first = _mm512_mul_ps(_mm512_cvtepi32_ps(_mm512_sub_epi32(low[r], shift0)), _mm512_mul_ps(scale0, step));
            __m512 second = _mm512_mul_ps(_mm512_cvtepi32_ps(_mm512_sub_epi32(high[r], shift1)), _mm512_mul_ps(scale1, step));
            if (accumulate) {
                first = _mm512_add_ps(first, _mm512_loadu_ps(out));
                second = _mm512_add_ps(second, _mm512_loadu_ps(out + HALF));
            }
            if (bias) {
                first = _mm512_add_ps(first, bias0);
                second = _mm512_add_ps(second, bias1);
            }
            if (gelu) {
                first = gelu16(first);
                second = gelu16(second);
            }
            _mm512_storeu_ps(out, first);
            _mm512_storeu_ps(out + HALF, second);
        }
    }
}

// Two copies: the full one with the row count a constant, so its loops unroll into registers.
MARKS_VNNI_TARGET static void full_rows(int k, const uint8_t *a, const float *steps, const int8_t *tile,
                                        const float *scales, const int32_t *sums, float *c, int ldc, int accumulate,
                                        const float *bias, int gelu) {
    tile_rows(ROWS, k, a, steps, tile, scales, sums, c, ldc, accumulate, bias, gelu);
}

MARKS_VNNI_TARGET static void some_rows(int rows, int k, const uint8_t *a, const float *steps, const int8_t *tile,
                                        const float *scales, const int32_t *sums, float *c, int ldc, int accumulate,
                                        const float *bias, int gelu) {
    tile_rows(rows, k, a, steps, tile, scales, sums, c, ldc, accumulate, bias, gelu);
}

MARKS_VNNI_TARGET void marks_i8_gemm(int m, int n, int k, const float *a, int lda, const int8_t *packed,
                                     const float *scales, const int32_t *sums, float *c, int ldc, int accumulate,
                                     const float *bias, int gelu, uint8_t *scratch) {
    uint8_t *bytes = scratch;
    float *steps = (float *)(scratch + (((size_t)m * k + 63) & ~(size_t)63));
    quantise_rows(a, lda, m, k, bytes, steps);
    const size_t tileSize = (size_t)k * MarksInt8TileColumns;
    for (int first = 0; first < m; first += ROW_BLOCK) {
        const int end = first + ROW_BLOCK < m ? first + ROW_BLOCK : m;
        for (int tile = 0; tile < n / MarksInt8TileColumns; tile++) {
            const int8_t *weights = packed + (size_t)tile * tileSize;
            const float *tileScales = scales + tile * MarksInt8TileColumns;
            const int32_t *tileSums = sums + tile * MarksInt8TileColumns;
            const float *tileBias = bias ? bias + tile * MarksInt8TileColumns : NULL;
            for (int row = first; row < end; row += ROWS) {
                const uint8_t *inputs = bytes + (size_t)row * k;
                float *out = c + (size_t)row * ldc + tile * MarksInt8TileColumns;
                if (end - row >= ROWS) {
                    full_rows(k, inputs, steps + row, weights, tileScales, tileSums, out, ldc, accumulate, tileBias, gelu);
                } else {
                    some_rows(end - row, k, inputs, steps + row, weights, tileScales, tileSums, out, ldc, accumulate, tileBias,
                              gelu);
                }
            }
        }
    }
}
