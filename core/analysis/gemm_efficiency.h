// SPDX-License-Identifier: Apache-2.0
#pragma once

namespace infrafit {

/// Fraction of a GPU's large-GEMM rate that cuBLAS reaches on one
/// M×N×K matrix product (bf16/fp16 tensor cores), 1.0 for large products
/// and falling for small ones (tile quantisation, too few thread blocks
/// to fill the SMs, memory-bound small K).
///
/// Source: the measured cuBLAS FLOP/s per shape that OpenXLA ships as its
/// default matmul performance table (xla/service/gpu/model/
/// matmul_interpolator_data.h, key "sm_90" = H100 SXM, "bf16xbf16->bf16",
/// b = 1). Those points, as a fraction of the 989 TFLOP/s dense peak,
/// against the geometric mean g = (M·N·K)^(1/3):
///   512×256×512 (g 406) 0.022 · 256×2048×256 (g 512) 0.042 ·
///   4096×512×512 (g 1024) 0.241 · 1024×1024×2048 (g 1290) 0.354 ·
///   1024×2048×2048 (g 1625) 0.530 · 2048³ 0.639 · 4096³ 0.792.
/// The table is that curve divided by its 4096³ plateau, interpolated
/// geometrically (log of the fraction linear in log2(g), which keeps a
/// product's time non-decreasing in M); beyond g = 4096 it stays at 1.
/// The per-family plateau itself is a separate, fitted figure
/// (Efficiency::trainCompute).
double gemmShapeFraction(double m, double n, double k);

/// gemmShapeFraction() of a product whose log2(M) + log2(N) + log2(K) is
/// `log2Volume` — for callers that keep log2(N·K) of fixed weight shapes
/// and vary only M (the serving step, once per simulated step).
double gemmShapeFractionOfLog2Volume(double log2Volume);

/// 1 / gemmShapeFractionOfLog2Volume(): how much longer than at the
/// plateau a product takes (no division; the per-step hot path).
double gemmShapeSlowdownOfLog2Volume(double log2Volume);

/// log2(M·N·K) from which gemmShapeFraction() is 1 (the table's largest
/// point): callers skip the evaluation above it.
double gemmSaturationLog2Volume();

} // namespace infrafit
