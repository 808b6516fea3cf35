// CEncoderKernels: the sentence-embedding model's arithmetic in reduced precision, for CPUs with AVX-512.
// - bfloat16 (AVX512-BF16: Zen 4 and later, Cooper Lake, Sapphire Rapids): inputs rounded to bfloat16, products summed
//   in float32 (VDPBF16PS), about twice OpenBLAS's float32 sgemm on the layer shapes.
// - int8 (AVX512-VNNI: Ice Lake, Cascade Lake and later, Zen 4): each input row and each weight row scaled to 8-bit
//   integers, products summed exactly in int32 (VPDPBUSD), then scaled back to float32.
// - the rest of the forward pass (GELU, layer norm, softmax, attention) in float32, sixteen lanes at a time, with
//   either product (AVX-512 F, BW, VL).
// Plain C with per-function target attributes, so the rest of the program is built for any x86-64 CPU; callers ask
// `marks_bf16_supported()`, `marks_vnni_supported()` or `marks_avx512_supported()` first.
#ifndef CENCODERKERNELS_H
#define CENCODERKERNELS_H

#include <stdint.h>

/// 1 when this CPU runs the element-wise kernels (AVX512F, BW and VL, their state saved by the OS), else 0.
int marks_avx512_supported(void);

/// 1 when this CPU runs the bfloat16 product (the above and AVX512_BF16), else 0.
int marks_bf16_supported(void);

/// 1 when this CPU runs the int8 product (the above and AVX512_VNNI), else 0.
int marks_vnni_supported(void);

/// Columns a packed tile holds: `n` must be a multiple of it, and `k` even.
enum { MarksBF16TileColumns = 32 };

/// Packs a row-major float32 weight matrix `weights` [n, k] (an output per row, as PyTorch stores a linear layer) into
/// `out` (n·k bfloat16, rounded to nearest even), tile by tile of 32 output columns, as `marks_bf16_gemm` reads it.
void marks_bf16_pack(const float *weights, int n, int k, uint16_t *out);

/// C[m, n] (row stride ldc) = A[m, k] (row stride lda, float32) · Wᵀ, plus C's old value when `accumulate` is 1;
/// W packed by `marks_bf16_pack`. `scratch` holds m·k bfloat16 (A rounded). Each output is the same whatever m is.
void marks_bf16_gemm(int m, int n, int k, const float *a, int lda, const uint16_t *packed, float *c, int ldc,
                     int accumulate, uint16_t *scratch);

/// Per row of `rows` rows of `width`: x = GELU(x + bias), the exact GELU 0.5·x·(1 + erf(x/√2)) with the encoder's erf
/// approximation (TensorKernels.erf), sixteen lanes at a time. Only where `marks_avx512_supported()`.
void marks_avx512_bias_gelu(int rows, int width, float *data, const float *bias);

/// Per row of `rows` rows of `width`: x += bias (when `bias` is not NULL), then x = (x − mean) / √(variance + ε) · gamma +
/// beta, sixteen lanes at a time (the encoder's layer norm, TensorKernels.biasLayerNorm). Only where `marks_avx512_supported()`.
void marks_avx512_bias_layernorm(int rows, int width, float *data, const float *bias, const float *gamma, const float *beta,
                               float epsilon);

/// Softmax of each of `rows` rows of `width` (rows `stride` apart), in place, with the encoder's eˣ (TensorKernels.exp),
/// sixteen lanes at a time. Only where `marks_avx512_supported()`.
void marks_avx512_softmax(int rows, int width, int stride, float *data);

/// Self-attention of one sequence of `length` tokens: for each of `heads` heads, softmax(Q·Kᵀ·scale)·V written to the
/// head's columns of `context` (rows `contextStride` apart). Q, K and V are read in place from `qkv` (rows `qkvStride`
/// apart: Q in the first heads·headSize columns, then K, then V). `headSize` is 16, 32, 48 or 64; `scratch` holds
/// (2 · headSize + 1) · (length rounded up to 16) floats. Only where `marks_avx512_supported()`.
void marks_avx512_attention(int length, int heads, int headSize, const float *qkv, int qkvStride, float *context,
                          int contextStride, float scale, float *scratch);

/// Output columns an int8 tile holds: `n` must be a multiple of it, and `k` of 4.
enum { MarksInt8TileColumns = 32 };

/// Packs a row-major float32 weight matrix `weights` [n, k] (an output per row) for `marks_i8_gemm`: each output row
/// scaled by its largest magnitude to integers in −127…127 (`scales[j]` the step, 0 for a row of zeros; `sums[j]` the
/// row's integer sum), written to `out` (n·k bytes) tile by tile of 32 output columns, four inputs a lane.
void marks_i8_pack(const float *weights, int n, int k, int8_t *out, float *scales, int32_t *sums);

/// C[m, n] (row stride ldc) = A[m, k] (row stride lda, float32) · Wᵀ, plus C's old value when `accumulate` is 1, plus
/// `bias` (n values) when it is not NULL, then GELU (as marks_avx512_bias_gelu) when `gelu` is 1: the bias and the GELU
/// applied while the sums are still in registers, so the output is written once. W packed by `marks_i8_pack`. Each row
/// of A is scaled by its largest magnitude to −127…127 (nearest, ties to even) and shifted by 128 into a byte; the
/// int32 sums are exact, the shift taken off with the weights' row sums. `scratch` holds 2·m·k bytes (m ≥ 1, k ≥ 36).
/// Each output is the same whatever m is.
void marks_i8_gemm(int m, int n, int k, const float *a, int lda, const int8_t *packed, const float *scales,
                   const int32_t *sums, float *c, int ldc, int accumulate, const float *bias, int gelu, uint8_t *scratch);

#endif
