// SPDX-License-Identifier: Apache-2.0
#pragma once

namespace infrafit {

/// Which measured shape curve a GPU's GEMMs follow (tables in
/// gemm_efficiency.cpp): H100's bf16 curve for every family without its
/// own measurement (Ampere, Hopper, Ada, AMD, unknown), B200's bf16 and
/// fp8 curves for Blackwell (fp8 and fp4 use the fp8 one). The values
/// index the grids in gemm_efficiency.cpp.
enum class GemmShapeCurve : unsigned char { H100Bf16 = 0, B200Bf16 = 1, B200Fp8 = 2 };

/// Fraction of a GPU's large-GEMM rate that cuBLAS reaches on one
/// M×N×K matrix product, 1.0 for large products and falling for small
/// ones (tile quantisation, too few thread blocks to fill the SMs,
/// memory-bound small K).
///
/// Source: the measured cuBLAS FLOP/s per shape that OpenXLA ships as its
/// default matmul performance table (xla/service/gpu/model/
/// matmul_interpolator_data.h, b = 1 unless stated). Key "sm_90" = H100
/// SXM, "bf16xbf16->bf16", as a fraction of the 989 TFLOP/s dense peak,
/// against the geometric mean g = (M·N·K)^(1/3):
///   512×256×512 (g 406) 0.022 · 256×2048×256 (g 512) 0.042 ·
///   4096×512×512 (g 1024) 0.241 · 1024×1024×2048 (g 1290) 0.354 ·
///   1024×2048×2048 (g 1625) 0.530 · 2048³ 0.639 · 4096³ 0.792.
/// Key "sm_100_B200" at the same shapes, bf16 of 2,250 TFLOP/s:
///   0.008 · 0.021 · 0.128 · 0.208 · 0.338 · 0.438 · 4096³ 0.630, then
///   0.652 and 0.742 for 2 and 4 batched 4096³ products (g 5161, 6502);
/// fp8 of 4,500: 0.006 · 0.009 · 0.072 · 0.128 · 0.218 · 0.317 · 0.614 ·
///   0.694 · 0.729. (H100's fp8 entries exceed its dense fp8 peak, so
///   they are not used.)
/// Each curve is divided by its last point (its plateau), interpolated
/// geometrically (log of the fraction linear in log2(g), which keeps a
/// product's time non-decreasing in M); beyond the last point it stays at
/// 1. The per-family plateau itself is a separate, fitted or derived
/// figure (Efficiency::trainCompute).
double gemmShapeFraction(double m, double n, double k,
                         GemmShapeCurve curve = GemmShapeCurve::H100Bf16);

/// gemmShapeFraction() of a product whose log2(M) + log2(N) + log2(K) is
/// `log2Volume` — for callers that keep log2(N·K) of fixed weight shapes
/// and vary only M (the serving step, once per simulated step).
double gemmShapeFractionOfLog2Volume(double log2Volume,
                                     GemmShapeCurve curve = GemmShapeCurve::H100Bf16);

/// 1 / gemmShapeFractionOfLog2Volume(): how much longer than at the
/// plateau a product takes (no division; the per-step hot path).
double gemmShapeSlowdownOfLog2Volume(double log2Volume,
                                     GemmShapeCurve curve = GemmShapeCurve::H100Bf16);

/// log2(M·N·K) from which gemmShapeFraction() is 1 (the curve's last
/// point): callers skip the evaluation above it.
double gemmSaturationLog2Volume(GemmShapeCurve curve = GemmShapeCurve::H100Bf16);

} // namespace infrafit
