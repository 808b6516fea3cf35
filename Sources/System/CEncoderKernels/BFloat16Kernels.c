// The bfloat16 matrix product of CEncoderKernels.h. A packed tile is 32 output columns: for each pair of inputs
// (k, k+1), 32 lanes of two bfloat16, so one VDPBF16PS multiplies a broadcast input pair into 16 columns. The
// micro-kernel keeps 12 rows × 32 columns of sums in registers; rows are taken 96 at a time so their rounded inputs
// stay in L2 while every tile passes over them.
#include "CEncoderKernels.h"

#include <immintrin.h>
#include <string.h>

#define MARKS_BF16_TARGET __attribute__((target("avx512f,avx512bw,avx512vl,avx512bf16")))
#define ROWS 12
#define ROW_BLOCK 96

/// Two floats as a bfloat16 pair (the first in the low half), rounded to nearest even.
MARKS_BF16_TARGET static uint32_t pair(float low, float high) {
    __m128bh packed = _mm_cvtneps_pbh(_mm_set_ps(0, 0, high, low));
    uint32_t bits;
    memcpy(&bits, &packed, sizeof bits);
    return bits;
}

MARKS_BF16_TARGET void marks_bf16_pack(const float *weights, int n, int k, uint16_t *out) {
    const int pairs = k / 2;
    for (int tile = 0; tile < n / MarksBF16TileColumns; tile++) {
        for (int p = 0; p < pairs; p++) {
            uint32_t *lanes = (uint32_t *)(out + ((size_t)tile * pairs + p) * 2 * MarksBF16TileColumns);
            for (int column = 0; column < MarksBF16TileColumns; column++) {
                const float *row = weights + (size_t)(tile * MarksBF16TileColumns + column) * k + 2 * p;
                lanes[column] = pair(row[0], row[1]);
            }
        }
    }
}

/// Rows of A rounded to bfloat16, k values a row.
MARKS_BF16_TARGET static void round_rows(const float *a, int lda, int m, int k, uint16_t *out) {
    for (int i = 0; i < m; i++) {
        const float *source = a + (size_t)i * lda;
        uint16_t *target = out + (size_t)i * k;
        int c = 0;
        for (; c + 32 <= k; c += 32) {
            __m512bh rounded = _mm512_cvtne2ps_pbh(_mm512_loadu_ps(source + c + 16), _mm512_loadu_ps(source + c));
            _mm512_storeu_si512(target + c, (__m512i)rounded);
        }
        for (; c < k; c += 2) {
            uint32_t bits = pair(source[c], source[c + 1]);
            memcpy(target + c, &bits, sizeof bits);
        }
    }
}

/// `rows` (≤ ROWS) rows of C, 32 columns, from their rounded inputs and one packed tile.
MARKS_BF16_TARGET __attribute__((always_inline)) static inline void
tile_rows(int rows, int k, const uint16_t *a, const uint16_t *tile, float *c, int ldc, int accumulate) {
    __m512 low[ROWS], high[ROWS];
    for (int r = 0; r < ROWS; r++) {
        low[r] = _mm512_setzero_ps();
        high[r] = _mm512_setzero_ps();
    }
    const uint32_t *inputs = (const uint32_t *)a;
    const int pairs = k / 2;
    for (int p = 0; p < pairs; p++) {
        __m512bh weights0 = (__m512bh)_mm512_loadu_si512(tile + (size_t)p * 64);
        __m512bh weights1 = (__m512bh)_mm512_loadu_si512(tile + (size_t)p * 64 + 32);
        for (int r = 0; r < ROWS; r++) {
            if (r < rows) {
                __m512bh input = (__m512bh)_mm512_set1_epi32((int)inputs[(size_t)r * pairs + p]);
                low[r] = _mm512_dpbf16_ps(low[r], input, weights0);
                high[r] = _mm512_dpbf16_ps(high[r], input, weights1);
            }
        }
    }
    for (int r = 0; r < ROWS; r++) {
        if (r < rows) {
            float *out = c + (size_t)r * ldc;
            if (accumulate) {
                low[r] = _mm512_add_ps(low[r], _mm512_loadu_ps(out));
                high[r] = _mm512_add_ps(high[r], _mm512_loadu_ps(out + 16));
            }
            _mm512_storeu_ps(out, low[r]);
            _mm512_storeu_ps(out + 16, high[r]);
        }
    }
}

// Two copies: the full one with the row count a constant, so its loops unroll into registers.
MARKS_BF16_TARGET static void full_rows(int k, const uint16_t *a, const uint16_t *tile, float *c, int ldc, int accumulate) {
    tile_rows(ROWS, k, a, tile, c, ldc, accumulate);
}

MARKS_BF16_TARGET static void some_rows(int rows, int k, const uint16_t *a, const uint16_t *tile, float *c, int ldc,
                                        int accumulate) {
    tile_rows(rows, k, a, tile, c, ldc, accumulate);
}

MARKS_BF16_TARGET void marks_bf16_gemm(int m, int n, int k, const float *a, int lda, const uint16_t *packed, float *c,
                                       int ldc, int accumulate, uint16_t *scratch) {
    round_rows(a, lda, m, k, scratch);
    const size_t tileSize = (size_t)k * MarksBF16TileColumns;
    for (int first = 0; first < m; first += ROW_BLOCK) {
        const int end = first + ROW_BLOCK < m ? first + ROW_BLOCK : m;
        for (int tile = 0; tile < n / MarksBF16TileColumns; tile++) {
            const uint16_t *weights = packed + (size_t)tile * tileSize;
            for (int row = first; row < end; row += ROWS) {
                const uint16_t *inputs = scratch + (size_t)row * k;
                float *out = c + (size_t)row * ldc + tile * MarksBF16TileColumns;
                if (end - row >= ROWS) {
                    full_rows(k, inputs, weights, out, ldc, accumulate);
                } else {
                    some_rows(end - row, k, inputs, weights, out, ldc, accumulate);
                }
            }
        }
    }
}
