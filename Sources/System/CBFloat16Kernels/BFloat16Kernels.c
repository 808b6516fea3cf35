// The bfloat16 matrix product of CBFloat16Kernels.h. A packed tile is 32 output columns: for each pair of inputs
// (k, k+1), 32 lanes of two bfloat16, so one VDPBF16PS multiplies a broadcast input pair into 16 columns. The
// micro-kernel keeps 12 rows × 32 columns of sums in registers; rows are taken 96 at a time so their rounded inputs
// stay in L2 while every tile passes over them.
#include "CBFloat16Kernels.h"

#include <cpuid.h>
#include <immintrin.h>
#include <string.h>

#define MARKS_BF16_TARGET __attribute__((target("avx512f,avx512bw,avx512vl,avx512bf16")))
#define ROWS 12
#define ROW_BLOCK 96

// Read from CPUID and XGETBV directly rather than `__builtin_cpu_supports`, whose table for features past the first 32
// is laid out differently by libgcc and compiler-rt.
int marks_bf16_supported(void) {
    unsigned int eax, ebx, ecx, edx;
    if (!__get_cpuid_count(1, 0, &eax, &ebx, &ecx, &edx) || !(ecx & (1u << 27))) return 0; // OSXSAVE
    unsigned int xcrLow, xcrHigh;
    __asm__("xgetbv" : "=a"(xcrLow), "=d"(xcrHigh) : "c"(0));
    if ((xcrLow & 0xE6) != 0xE6) return 0; // the OS saves SSE, AVX, opmask and ZMM state
    if (!__get_cpuid_count(7, 0, &eax, &ebx, &ecx, &edx)) return 0;
    const unsigned int avx512 = (1u << 16) | (1u << 30) | (1u << 31); // AVX512F, AVX512BW, AVX512VL
    if ((ebx & avx512) != avx512 || eax < 1) return 0;
    if (!__get_cpuid_count(7, 1, &eax, &ebx, &ecx, &edx)) return 0;
    return (eax & (1u << 5)) != 0; // AVX512_BF16
}

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

/// erf as TensorKernels.erf computes it: Eigen's rational approximation on [−4, 4].
MARKS_BF16_TARGET static inline __m512 erf16(__m512 input) {
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

MARKS_BF16_TARGET void marks_bf16_bias_gelu(int rows, int width, float *data, const float *bias) {
    const __m512 half = _mm512_set1_ps(0.5f), one = _mm512_set1_ps(1), root = _mm512_set1_ps(0.70710678118654752f);
    for (int r = 0; r < rows; r++) {
        float *line = data + (size_t)r * width;
        int i = 0;
        for (; i + 16 <= width; i += 16) {
            const __m512 x = _mm512_add_ps(_mm512_loadu_ps(line + i), _mm512_loadu_ps(bias + i));
            const __m512 e = erf16(_mm512_mul_ps(x, root));
            _mm512_storeu_ps(line + i, _mm512_mul_ps(_mm512_mul_ps(half, x), _mm512_add_ps(one, e)));
        }
        for (; i < width; i++) {
            const __m512 x = _mm512_set1_ps(line[i] + bias[i]);
            const __m512 e = erf16(_mm512_mul_ps(x, root));
            line[i] = _mm512_cvtss_f32(_mm512_mul_ps(_mm512_mul_ps(half, x), _mm512_add_ps(one, e)));
        }
    }
}

/// The sum of a vector's sixteen lanes.
MARKS_BF16_TARGET static inline float lane_sum(__m512 v) { return _mm512_reduce_add_ps(v); }

/// The mask of the lanes still inside a row when `remaining` values are left (all sixteen, or the first few).
MARKS_BF16_TARGET static inline __mmask16 tail_mask(int remaining) {
    return remaining >= 16 ? (__mmask16)0xFFFF : (__mmask16)((1u << remaining) - 1);
}

MARKS_BF16_TARGET void marks_bf16_bias_layernorm(int rows, int width, float *data, const float *bias, const float *gamma,
                                                 const float *beta, float epsilon) {
    const float count = (float)width;
    for (int r = 0; r < rows; r++) {
        float *line = data + (size_t)r * width;
        __m512 sums = _mm512_setzero_ps();
        for (int i = 0; i < width; i += 16) {
            const __mmask16 mask = tail_mask(width - i);
            __m512 x = _mm512_maskz_loadu_ps(mask, line + i);
            if (bias) {
                x = _mm512_add_ps(x, _mm512_maskz_loadu_ps(mask, bias + i));
                _mm512_mask_storeu_ps(line + i, mask, x);
            }
            sums = _mm512_add_ps(sums, x);
        }
        const float mean = lane_sum(sums) / count;
        const __m512 centre = _mm512_set1_ps(mean);
        __m512 squares = _mm512_setzero_ps();
        for (int i = 0; i < width; i += 16) {
            const __mmask16 mask = tail_mask(width - i);
            const __m512 centred = _mm512_maskz_sub_ps(mask, _mm512_maskz_loadu_ps(mask, line + i), centre);
            squares = _mm512_fmadd_ps(centred, centred, squares);
        }
        const float variance = lane_sum(squares) / count;
        const __m512 scale = _mm512_set1_ps(1.0f / __builtin_sqrtf(variance + epsilon));
        for (int i = 0; i < width; i += 16) {
            const __mmask16 mask = tail_mask(width - i);
            const __m512 centred = _mm512_sub_ps(_mm512_maskz_loadu_ps(mask, line + i), centre);
            const __m512 scaled = _mm512_mul_ps(_mm512_mul_ps(centred, scale), _mm512_maskz_loadu_ps(mask, gamma + i));
            _mm512_mask_storeu_ps(line + i, mask, _mm512_add_ps(scaled, _mm512_maskz_loadu_ps(mask, beta + i)));
        }
    }
}

/// eˣ as TensorKernels.exp computes it: Cephes-style range reduction and polynomial; 0 below about −87.
MARKS_BF16_TARGET static inline __m512 exp16(__m512 input) {
    const __m512 x = _mm512_min_ps(_mm512_max_ps(input, _mm512_set1_ps(-87.3f)), _mm512_set1_ps(88.3f));
    const __m512 magic = _mm512_set1_ps(12582912.0f);
    const __m512 shifted = _mm512_fmadd_ps(x, _mm512_set1_ps(1.44269504088896341f), magic);
    const __m512 n = _mm512_sub_ps(shifted, magic);
    __m512 r = _mm512_fnmadd_ps(n, _mm512_set1_ps(0.693359375f), x);
    r = _mm512_fnmadd_ps(n, _mm512_set1_ps(-2.12194440e-4f), r);
    __m512 y = _mm512_set1_ps(1.9875691500e-4f);
    y = _mm512_fmadd_ps(y, r, _mm512_set1_ps(1.3981999507e-3f));
    y = _mm512_fmadd_ps(y, r, _mm512_set1_ps(8.3334519073e-3f));
    y = _mm512_fmadd_ps(y, r, _mm512_set1_ps(4.1665795894e-2f));
    y = _mm512_fmadd_ps(y, r, _mm512_set1_ps(1.6666665459e-1f));
    y = _mm512_fmadd_ps(y, r, _mm512_set1_ps(5.0000001201e-1f));
    y = _mm512_add_ps(_mm512_fmadd_ps(_mm512_mul_ps(y, r), r, r), _mm512_set1_ps(1));
    const __m512i bits = _mm512_slli_epi32(_mm512_add_epi32(_mm512_sub_epi32(_mm512_castps_si512(shifted),
                                                                             _mm512_set1_epi32(0x4B400000)),
                                                            _mm512_set1_epi32(127)), 23);
    return _mm512_mul_ps(y, _mm512_castsi512_ps(bits));
}

MARKS_BF16_TARGET void marks_bf16_softmax(int rows, int width, int stride, float *data) {
    for (int r = 0; r < rows; r++) {
        float *line = data + (size_t)r * stride;
        __m512 maxima = _mm512_set1_ps(-__builtin_inff());
        for (int i = 0; i < width; i += 16) {
            const __mmask16 mask = tail_mask(width - i);
            maxima = _mm512_mask_max_ps(maxima, mask, maxima, _mm512_maskz_loadu_ps(mask, line + i));
        }
        const __m512 maximum = _mm512_set1_ps(_mm512_reduce_max_ps(maxima));
        __m512 sums = _mm512_setzero_ps();
        for (int i = 0; i < width; i += 16) {
            const __mmask16 mask = tail_mask(width - i);
            const __m512 e = exp16(_mm512_sub_ps(_mm512_maskz_loadu_ps(mask, line + i), maximum));
            _mm512_mask_storeu_ps(line + i, mask, e);
            sums = _mm512_mask_add_ps(sums, mask, sums, e);
        }
        const __m512 scale = _mm512_set1_ps(1.0f / lane_sum(sums));
        for (int i = 0; i < width; i += 16) {
            const __mmask16 mask = tail_mask(width - i);
            _mm512_mask_storeu_ps(line + i, mask, _mm512_mul_ps(_mm512_maskz_loadu_ps(mask, line + i), scale));
        }
    }
}

#define QUERY_ROWS 4
#define LONGEST 512

/// One head of attention with a head of 32, four queries at a time: each key and value vector loaded once serves four
/// rows (as a blocked matrix product does), the scores of the four kept on the stack.
MARKS_BF16_TARGET static void attend_head32(int length, int padded, const float *query, const float *value, int qkvStride,
                                            const float *keys, float *context, int contextStride, __m512 scaling) {
    float weights[QUERY_ROWS][LONGEST] __attribute__((aligned(64)));
    for (int first = 0; first < length; first += QUERY_ROWS) {
        const int count = length - first < QUERY_ROWS ? length - first : QUERY_ROWS;
        const float *q[QUERY_ROWS];
        for (int r = 0; r < QUERY_ROWS; r++) q[r] = query + (size_t)(first + (r < count ? r : 0)) * qkvStride;
        for (int c = 0; c < padded; c += 16) {
            __m512 s0 = _mm512_setzero_ps(), s1 = _mm512_setzero_ps(), s2 = _mm512_setzero_ps(), s3 = _mm512_setzero_ps();
            for (int d = 0; d < 32; d++) {
                const __m512 k = _mm512_loadu_ps(keys + (size_t)d * padded + c);
                s0 = _mm512_fmadd_ps(_mm512_set1_ps(q[0][d]), k, s0);
                s1 = _mm512_fmadd_ps(_mm512_set1_ps(q[1][d]), k, s1);
                s2 = _mm512_fmadd_ps(_mm512_set1_ps(q[2][d]), k, s2);
                s3 = _mm512_fmadd_ps(_mm512_set1_ps(q[3][d]), k, s3);
            }
            _mm512_store_ps(weights[0] + c, _mm512_mul_ps(s0, scaling));
            _mm512_store_ps(weights[1] + c, _mm512_mul_ps(s1, scaling));
            _mm512_store_ps(weights[2] + c, _mm512_mul_ps(s2, scaling));
            _mm512_store_ps(weights[3] + c, _mm512_mul_ps(s3, scaling));
        }
        for (int r = 0; r < QUERY_ROWS; r++) marks_bf16_softmax(1, length, padded, weights[r]);
        __m512 o00 = _mm512_setzero_ps(), o01 = _mm512_setzero_ps(), o10 = _mm512_setzero_ps(), o11 = _mm512_setzero_ps();
        __m512 o20 = _mm512_setzero_ps(), o21 = _mm512_setzero_ps(), o30 = _mm512_setzero_ps(), o31 = _mm512_setzero_ps();
        for (int j = 0; j < length; j++) {
            const float *v = value + (size_t)j * qkvStride;
            const __m512 v0 = _mm512_loadu_ps(v), v1 = _mm512_loadu_ps(v + 16);
            __m512 w = _mm512_set1_ps(weights[0][j]);
            o00 = _mm512_fmadd_ps(w, v0, o00);
            o01 = _mm512_fmadd_ps(w, v1, o01);
            w = _mm512_set1_ps(weights[1][j]);
            o10 = _mm512_fmadd_ps(w, v0, o10);
            o11 = _mm512_fmadd_ps(w, v1, o11);
            w = _mm512_set1_ps(weights[2][j]);
            o20 = _mm512_fmadd_ps(w, v0, o20);
            o21 = _mm512_fmadd_ps(w, v1, o21);
            w = _mm512_set1_ps(weights[3][j]);
            o30 = _mm512_fmadd_ps(w, v0, o30);
            o31 = _mm512_fmadd_ps(w, v1, o31);
        }
        const __m512 out[QUERY_ROWS][2] = {{o00, o01}, {o10, o11}, {o20, o21}, {o30, o31}};
        for (int r = 0; r < count; r++) {
            float *target = context + (size_t)(first + r) * contextStride;
            _mm512_storeu_ps(target, out[r][0]);
            _mm512_storeu_ps(target + 16, out[r][1]);
        }
    }
}

MARKS_BF16_TARGET void marks_bf16_attention(int length, int heads, int headSize, const float *qkv, int qkvStride,
                                            float *context, int contextStride, float scale, float *scratch) {
    const int hidden = heads * headSize;
    const int padded = (length + 15) & ~15;
    const int vectors = headSize / 16;
    float *keys = scratch;                          // the head's keys transposed: headSize rows of `padded`
    float *row = scratch + (size_t)headSize * padded; // one query's scores, then its weights
    const __m512 scaling = _mm512_set1_ps(scale);
    for (int head = 0; head < heads; head++) {
        const float *query = qkv + head * headSize;
        const float *key = query + hidden;
        const float *value = query + 2 * hidden;
        for (int d = 0; d < headSize; d++) {
            float *line = keys + (size_t)d * padded;
            for (int j = 0; j < length; j++) line[j] = key[(size_t)j * qkvStride + d];
            for (int j = length; j < padded; j++) line[j] = 0;
        }
        if (headSize == 32 && padded <= LONGEST) {
            attend_head32(length, padded, query, value, qkvStride, keys, context + head * headSize, contextStride, scaling);
            continue;
        }
        for (int i = 0; i < length; i++) {
            const float *q = query + (size_t)i * qkvStride;
            for (int c = 0; c < padded; c += 16) {
                __m512 sum = _mm512_setzero_ps();
                for (int d = 0; d < headSize; d++) {
                    sum = _mm512_fmadd_ps(_mm512_set1_ps(q[d]), _mm512_loadu_ps(keys + (size_t)d * padded + c), sum);
                }
                _mm512_storeu_ps(row + c, _mm512_mul_ps(sum, scaling));
            }
            marks_bf16_softmax(1, length, padded, row);
            __m512 out[4] = {_mm512_setzero_ps(), _mm512_setzero_ps(), _mm512_setzero_ps(), _mm512_setzero_ps()};
            for (int j = 0; j < length; j++) {
                const __m512 weight = _mm512_set1_ps(row[j]);
                const float *v = value + (size_t)j * qkvStride;
                for (int t = 0; t < vectors; t++) out[t] = _mm512_fmadd_ps(weight, _mm512_loadu_ps(v + 16 * t), out[t]);
            }
            float *target = context + (size_t)i * contextStride + head * headSize;
            for (int t = 0; t < vectors; t++) _mm512_storeu_ps(target + 16 * t, out[t]);
        }
    }
}
