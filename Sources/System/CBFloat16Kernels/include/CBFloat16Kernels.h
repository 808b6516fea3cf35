// CBFloat16Kernels: the matrix product the sentence-embedding model runs on CPUs with AVX512-BF16 (Zen 4 and later,
// Cooper Lake, Sapphire Rapids): inputs rounded to bfloat16, products summed in float32 (VDPBF16PS), about twice
// OpenBLAS's float32 sgemm on this machine's layer shapes; and the rest of the forward pass's arithmetic with it
// (GELU, layer norm, softmax, attention) in float32, sixteen lanes at a time. Plain C with per-function target attributes, so the rest
// of the program is built for any x86-64 CPU; callers ask `marks_bf16_supported()` first.
#ifndef CBFLOAT16KERNELS_H
#define CBFLOAT16KERNELS_H

#include <stdint.h>

/// 1 when this CPU runs the kernels (AVX512F, BW, VL and BF16), else 0.
int marks_bf16_supported(void);

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
/// approximation (TensorKernels.erf), sixteen lanes at a time. Only where `marks_bf16_supported()`.
void marks_bf16_bias_gelu(int rows, int width, float *data, const float *bias);

/// Per row of `rows` rows of `width`: x += bias (when `bias` is not NULL), then x = (x − mean) / √(variance + ε) · gamma +
/// beta, sixteen lanes at a time (the encoder's layer norm, TensorKernels.biasLayerNorm). Only where `marks_bf16_supported()`.
void marks_bf16_bias_layernorm(int rows, int width, float *data, const float *bias, const float *gamma, const float *beta,
                               float epsilon);

/// Softmax of each of `rows` rows of `width` (rows `stride` apart), in place, with the encoder's eˣ (TensorKernels.exp),
/// sixteen lanes at a time. Only where `marks_bf16_supported()`.
void marks_bf16_softmax(int rows, int width, int stride, float *data);

/// Self-attention of one sequence of `length` tokens: for each of `heads` heads, softmax(Q·Kᵀ·scale)·V written to the
/// head's columns of `context` (rows `contextStride` apart). Q, K and V are read in place from `qkv` (rows `qkvStride`
/// apart: Q in the first heads·headSize columns, then K, then V). `headSize` is 16, 32, 48 or 64; `scratch` holds
/// (headSize + 1) · (length rounded up to 16) floats. Only where `marks_bf16_supported()`.
void marks_bf16_attention(int length, int heads, int headSize, const float *qkv, int qkvStride, float *context,
                          int contextStride, float scale, float *scratch);

#endif
