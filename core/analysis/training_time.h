// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/analysis/analysis_context.h"
#include "core/analysis/training_memory.h"

namespace infrafit {

/// Time of one micro-batch (forward + backward + recomputation) on one GPU
/// of a pipeline stage, built per operation as Calculon (Isaev et al. 2023
/// §3) and LLMCompass (Zhang et al. 2024 §4) do. Each operation takes
/// max(FLOPs / (peak · efficiency), bytes / (HBM bandwidth · efficiency))
/// plus a fixed kernel launch gap. Layers of a kind are alike, so one dense
/// and one MoE layer are timed and multiplied by their counts.
struct StageMicroTime {
    double gemmS = 0;        ///< linear layers (attention projections, MLP, experts)
    double attentionS = 0;   ///< attention core (QKᵀ, softmax, A·V)
    double elementwiseS = 0; ///< norms, residual adds, activation functions, RoPE
    double quantizeS = 0;    ///< fp8/fp4 recipes: casts of GEMM inputs (training_constants.h)
    double logitsS = 0;      ///< output layer GEMM and cross-entropy (last stage)
    double launchS = 0;      ///< kernel launch gaps
    double tpCommS = 0;      ///< tensor-parallel collectives, whole
    double tpExposedS = 0;   ///< the part not hidden behind GEMMs
    double cpCommS = 0;      ///< context-parallel KV exchange, whole
    double cpExposedS = 0;   ///< the part not hidden behind attention
    double epCommS = 0;      ///< MoE all-to-all (not overlapped)
    double overlapSlowdownS = 0; ///< in tpExposedS + cpExposedS: compute slowed by overlap
    [[nodiscard]] double computeS() const
    {
        return gemmS + attentionS + elementwiseS + quantizeS + logitsS + launchS;
    }
    [[nodiscard]] double exposedCommS() const { return tpExposedS + cpExposedS + epCommS; }
};

/// HBM bytes an fp8/fp4 training recipe moves per value it quantizes for
/// its GEMMs (training_constants.h); 0 for 16- and 32-bit training.
double quantizeBytesPerElement(Precision precision, Fp8Recipe recipe = Fp8Recipe::Current);

/// Launch gap per kernel: the host-side cost of a CUDA kernel launch,
/// a few microseconds (NVIDIA CUDA C++ Best Practices Guide, "kernel launch
/// overhead"; PyTorch CUDA-graphs blog 2021: ~ 2–5 µs per launch).
inline constexpr double kernelLaunchS = 2.0e-6;
/// Kernels per transformer layer forward (norm, QKV, RoPE, attention, out
/// proj, residual, norm, up, act, down, residual, TP collectives): 12;
/// backward twice as many.
inline constexpr double kernelsPerLayerForward = 12.0;

/// Whether tensor-parallel communication overlaps the GEMMs: the
/// workload's `tp_comm_overlap`, else on for Hopper and later (NVIDIA NeMo
/// / Megatron-Core userbuffers overlap, Transformer Engine 1.x+), off for
/// older GPUs.
bool tpCommOverlapOn(const AnalysisContext& ctx);

/// Whether pipeline p2p overlaps compute: the workload's `pp_comm_overlap`,
/// else on with an interleaved schedule (`virtualStages` > 1), as
/// Megatron-LM and Megatron-Bridge default it, and off without one (the
/// plain 1F1B schedule batches its sends and waits for them).
bool ppCommOverlapOn(const AnalysisContext& ctx, int virtualStages);

/// One micro-batch of stage `stage` (layer counts from stageParams()).
StageMicroTime stageMicroTime(const AnalysisContext& ctx, const TrainingSetup& setup, int stage);

} // namespace infrafit
