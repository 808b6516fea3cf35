// The forward pass's element-wise arithmetic of CEncoderKernels.h (GELU, layer norm, softmax, attention) in float32,
// sixteen lanes at a time, for any CPU with AVX-512 F, BW and VL: what the reduced-precision paths (bfloat16, int8) run
// beside their matrix products. Each follows TensorKernels' float32 reference step for step.
#include "CEncoderKernels.h"
#include "GELULanes.h"

#include <immintrin.h>
#include <string.h>

MARKS_AVX512_TARGET void marks_avx512_bias_gelu(int rows, int width, float *data, const float *bias) {
    for (int r = 0; r < rows; r++) {
        float *line = data + (size_t)r * width;
        int i = 0;
        for (; i + 16 <= width; i += 16) {
            _mm512_storeu_ps(line + i, gelu16(_mm512_add_ps(_mm512_loadu_ps(line + i), _mm512_loadu_ps(bias + i))));
        }
        for (; i < width; i++) line[i] = _mm512_cvtss_f32(gelu16(_mm512_set1_ps(line[i] + bias[i])));
    }
}

/// The sum of a vector's sixteen lanes.
MARKS_AVX512_TARGET static inline float lane_sum(__m512 v) { return _mm512_reduce_add_ps(v); }

/// The mask of the lanes still inside a row when `remaining` values are left (all sixteen, or the first few).
MARKS_AVX512_TARGET static inline __mmask16 tail_mask(int remaining) {
    return remaining >= 16 ? (__mmask16)0xFFFF : (__mmask16)((1u << remaining) - 1);
}

MARKS_AVX512_TARGET void marks_avx512_bias_layernorm(int rows, int width, float *data, const float *bias, const float *gamma,
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
MARKS_AVX512_TARGET static inline __m512 exp16(__m512 input) {
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

MARKS_AVX512_TARGET void marks_avx512_softmax(int rows, int width, int stride, float *data) {
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

#define QUERY_ROWS 8
#define LONGEST 512

/// Softmax of a block's rows of scores without the last division: each row's eˣ (TensorKernels.exp) of its score less
/// the row's largest, in place; returns 1 / each row's sum in `inverse`. The rows are taken together, so each step's
/// reductions (a chain of shuffles per row) overlap instead of waiting on one another.
MARKS_AVX512_TARGET static inline void exponentiate_rows(int length, float weights[QUERY_ROWS][LONGEST],
                                                         float inverse[QUERY_ROWS]) {
    __m512 maxima[QUERY_ROWS];
    for (int r = 0; r < QUERY_ROWS; r++) maxima[r] = _mm512_set1_ps(-__builtin_inff());
    for (int i = 0; i < length; i += 16) {
        const __mmask16 mask = tail_mask(length - i);
        for (int r = 0; r < QUERY_ROWS; r++) {
            maxima[r] = _mm512_mask_max_ps(maxima[r], mask, maxima[r], _mm512_load_ps(weights[r] + i));
        }
    }
    __m512 top[QUERY_ROWS], sums[QUERY_ROWS];
    for (int r = 0; r < QUERY_ROWS; r++) {
        top[r] = _mm512_set1_ps(_mm512_reduce_max_ps(maxima[r]));
        sums[r] = _mm512_setzero_ps();
    }
    for (int i = 0; i < length; i += 16) {
        const __mmask16 mask = tail_mask(length - i);
        for (int r = 0; r < QUERY_ROWS; r++) {
            const __m512 e = _mm512_maskz_mov_ps(mask, exp16(_mm512_sub_ps(_mm512_load_ps(weights[r] + i), top[r])));
            _mm512_store_ps(weights[r] + i, e);
            sums[r] = _mm512_add_ps(sums[r], e);
        }
    }
    for (int r = 0; r < QUERY_ROWS; r++) inverse[r] = 1.0f / lane_sum(sums[r]);
}

/// One head of attention with a head of 32, eight queries at a time: each key and value vector loaded once serves eight
/// rows (as a blocked matrix product does: two loads and eight broadcasts feed sixteen FMAs), the block's scores kept
/// on the stack. `keys` is the head's keys transposed (32 rows of `padded`, zero past `length`), `values` its values
/// one after another (32 a token), so neither is read at the fused buffer's stride.
MARKS_AVX512_TARGET static void attend_head32(int length, int padded, const float *query, int qkvStride,
                                            const float *keys, const float *values, float *context, int contextStride,
                                            __m512 scaling) {
    float weights[QUERY_ROWS][LONGEST] __attribute__((aligned(64)));
    float inverse[QUERY_ROWS];
    for (int first = 0; first < length; first += QUERY_ROWS) {
        const int count = length - first < QUERY_ROWS ? length - first : QUERY_ROWS;
        const float *q[QUERY_ROWS];
        for (int r = 0; r < QUERY_ROWS; r++) q[r] = query + (size_t)(first + (r < count ? r : 0)) * qkvStride;
        // Thirty-two keys at a time where there are: sixteen independent sums hide the FMAs' latency.
        int c = 0;
        for (; c + 32 <= padded; c += 32) {
            __m512 s[QUERY_ROWS], t[QUERY_ROWS];
            for (int r = 0; r < QUERY_ROWS; r++) s[r] = t[r] = _mm512_setzero_ps();
            for (int d = 0; d < 32; d++) {
                const __m512 k = _mm512_loadu_ps(keys + (size_t)d * padded + c);
                const __m512 l = _mm512_loadu_ps(keys + (size_t)d * padded + c + 16);
                for (int r = 0; r < QUERY_ROWS; r++) {
                    const __m512 x = _mm512_set1_ps(q[r][d]);
                    s[r] = _mm512_fmadd_ps(x, k, s[r]);
                    t[r] = _mm512_fmadd_ps(x, l, t[r]);
                }
            }
            for (int r = 0; r < QUERY_ROWS; r++) {
                _mm512_store_ps(weights[r] + c, _mm512_mul_ps(s[r], scaling));
                _mm512_store_ps(weights[r] + c + 16, _mm512_mul_ps(t[r], scaling));
            }
        }
        for (; c < padded; c += 16) {
            __m512 s[QUERY_ROWS];
            for (int r = 0; r < QUERY_ROWS; r++) s[r] = _mm512_setzero_ps();
            for (int d = 0; d < 32; d++) {
                const __m512 k = _mm512_loadu_ps(keys + (size_t)d * padded + c);
                for (int r = 0; r < QUERY_ROWS; r++) s[r] = _mm512_fmadd_ps(_mm512_set1_ps(q[r][d]), k, s[r]);
            }
            for (int r = 0; r < QUERY_ROWS; r++) _mm512_store_ps(weights[r] + c, _mm512_mul_ps(s[r], scaling));
        }
        exponentiate_rows(length, weights, inverse);
        __m512 low[QUERY_ROWS], high[QUERY_ROWS];
        for (int r = 0; r < QUERY_ROWS; r++) low[r] = high[r] = _mm512_setzero_ps();
        for (int j = 0; j < length; j++) {
            const __m512 v0 = _mm512_loadu_ps(values + (size_t)j * 32), v1 = _mm512_loadu_ps(values + (size_t)j * 32 + 16);
            for (int r = 0; r < QUERY_ROWS; r++) {
                const __m512 w = _mm512_set1_ps(weights[r][j]);
                low[r] = _mm512_fmadd_ps(w, v0, low[r]);
                high[r] = _mm512_fmadd_ps(w, v1, high[r]);
            }
        }
        for (int r = 0; r < count; r++) {
            float *target = context + (size_t)(first + r) * contextStride;
            const __m512 share = _mm512_set1_ps(inverse[r]);
            _mm512_storeu_ps(target, _mm512_mul_ps(low[r], share));
            _mm512_storeu_ps(target + 16, _mm512_mul_ps(high[r], share));
        }
    }
}

MARKS_AVX512_TARGET void marks_avx512_attention(int length, int heads, int headSize, const float *qkv, int qkvStride,
                                            float *context, int contextStride, float scale, float *scratch) {
    const int hidden = heads * headSize;
    const int padded = (length + 15) & ~15;
    const int vectors = headSize / 16;
    float *keys = scratch;                              // the head's keys transposed: headSize rows of `padded`
    float *values = scratch + (size_t)headSize * padded; // the head's values, headSize a token (the head of 32)
    float *row = values + (size_t)headSize * padded;     // one query's scores, then its weights (other heads)
    const __m512 scaling = _mm512_set1_ps(scale);
    // Sixteen consecutive rows of the fused buffer, as element offsets.
    const __m512i rows = _mm512_mullo_epi32(_mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15),
                                            _mm512_set1_epi32(qkvStride));
    for (int head = 0; head < heads; head++) {
        const float *query = qkv + head * headSize;
        const float *key = query + hidden;
        const float *value = query + 2 * hidden;
        // Sixteen keys' values of one dimension gathered at a time (the lanes past the last key left 0).
        for (int j = 0; j < padded; j += 16) {
            const __mmask16 mask = tail_mask(length - j);
            const float *base = key + (size_t)j * qkvStride;
            for (int d = 0; d < headSize; d++) {
                _mm512_storeu_ps(keys + (size_t)d * padded + j,
                                 _mm512_mask_i32gather_ps(_mm512_setzero_ps(), mask, rows, base + d, 4));
            }
        }
        if (headSize == 32 && padded <= LONGEST) {
            for (int j = 0; j < length; j++) {
                const float *source = value + (size_t)j * qkvStride;
                _mm512_storeu_ps(values + (size_t)j * 32, _mm512_loadu_ps(source));
                _mm512_storeu_ps(values + (size_t)j * 32 + 16, _mm512_loadu_ps(source + 16));
            }
            attend_head32(length, padded, query, qkvStride, keys, values, context + head * headSize, contextStride, scaling);
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
            marks_avx512_softmax(1, length, padded, row);
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
