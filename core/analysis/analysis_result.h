// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/analysis/communication.h"
#include "core/base/binding_limit.h"
#include "core/base/finding.h"
#include "core/analysis/memory_lines.h"
#include "core/infra/infrastructure.h"
#include "core/model/parameter_count.h"
#include "core/serving/serving_report.h"
#include "core/analysis/storage_report.h"
#include "core/workload/workload.h"

#include <string>
#include <vector>

namespace infrafit {

/// Memory of one pipeline stage's GPU (training) — the per-stage view.
struct StageMemory {
    int stage = 0;
    int layers = 0;
    MemoryLines memory;
};

/// Speed figures for the whole job (docs/architecture.md "Analysis JSON", performance).
/// Training fields are 0 for inference and vice versa.
struct PerformanceResult {
    // Training
    double stepTimeS = 0;
    double computeTimeS = 0;     ///< m micro-batches on the most-loaded stage
    /// The HBM-bound part of computeTimeS: element-wise operations
    /// (norms, activations, residuals) — drawn at memory-bound power
    /// (docs/power-model.md §3).
    double elementwiseTimeS = 0;
    double bubbleTimeS = 0;      ///< (p−1)/v micro-batch slots (Narayanan et al. 2021 §2.2)
    double optimizerTimeS = 0;   ///< optimizer step, HBM-bound
    /// Activation offload copies (activation_offload_layers) that outlast
    /// the window of layers they overlap (activation_offload.h), per step.
    double activationOffloadTimeS = 0;
    /// ZeRO-Offload (offload "optimizer" or "optimizer_and_weights"), per
    /// step: the host's optimizer step, the weights' return and the copies
    /// not hidden by compute (optimizer_offload.h). The GPU waits for it.
    double optimizerOffloadTimeS = 0;
    /// Its CPU part: the optimizer step on the host's CPUs.
    double hostOptimizerStepS = 0;
    double modelFlopsPerStep = 0;
    double hardwareFlopsPerStep = 0;
    double mfu = 0;
    double hfu = 0;
    double tokensPerS = 0;
    double trainingDays = 0;
    // Inference
    double ttftS = 0;
    double tpotS = 0;
    double outputTokensPerS = 0;   ///< counts the GPU time spent on prefill
    /// GPU time one replica spends prefilling one request's prompt (a
    /// prefill-only step of prompt_tokens; docs/user-guide.md, analyze JSON `prefill_time_s`).
    double prefillTimeS = 0;
    double servingBatch = 0;       ///< sequences a replica decodes per step
    /// Work the serving result implies per GPU: at most the dense peak
    /// FLOP/s and the HBM bandwidth (checked by the property tests).
    double impliedFlopsPerSPerGpu = 0;
    double impliedHbmBytesPerSPerGpu = 0;
    double decodeBytesPerStep = 0; ///< per GPU
    double rooflineCrossoverBatch = 0;
    bool decodeComputeBound = false;
};

/// Inverse answers for serving: the most that fits on the configuration.
struct InferenceCapacity {
    int replicas = 0;
    double requestsPerReplica = 0;
    double kvBytesPerToken = 0;        ///< whole model
    double kvBytesPerTokenPerGpu = 0;  ///< most-loaded GPU
    double maxKvTokensPerGpu = 0;      ///< KV slots free after weights, workspace, overhead
    double maxConcurrentRequests = 0;  ///< at prompt + output tokens each, all replicas
    double maxContextTokens = 0;       ///< per request at the requested concurrency
};

/// The analysis of one workload on one resolved configuration. Plain value;
/// every number is finite. `analyzed` is false when an error finding
/// (unsupported precision, impossible plan) prevented the figures.
struct AnalysisResult {
    std::string workloadName;
    std::string configurationName;
    WorkloadKind kind = WorkloadKind::Training;
    bool analyzed = false;
    ParameterCount parameters;
    Parallelism parallelism;     ///< as used (data resolved)
    bool parallelismChosen = false;
    int microBatchSize = 1;
    double microBatches = 0;
    MemoryLines memory;          ///< most-loaded GPU
    int mostLoadedStage = 0;
    /// Per GPU, held in host memory by activation offload (not in `memory`).
    double offloadedActivationBytes = 0;
    std::vector<StageMemory> stages;
    double gpuCapacityBytes = 0; ///< gpuMemoryBytes(): memory_gib × 2^30, else memory_gb × 10^9
    double usableBytes = 0;      ///< what the plan may use (reserve / engine fraction applied)
    bool fits = false;
    BindingLimit bindingLimit = BindingLimit::None;
    PerformanceResult performance;
    CommunicationResult interconnect;
    InferenceCapacity inference;
    double computeEfficiency = 0;
    double memoryEfficiency = 0;
    Findings findings;
    std::vector<std::string> assumptions;
    /// Power, thermal, PCIe, fabric, compatibility and cost of the
    /// configuration for this workload (evaluate()); absent from analyze().
    /// Its findings are merged into `findings` above.
    std::optional<InfrastructureReport> infrastructure;
    /// Checkpoints, data feed and model load (evaluate(); core/storage).
    std::optional<StorageReport> storage;
    /// CPU cores and host memory per GPU (evaluate(); core/storage).
    std::optional<HostReport> host;
    /// Capacity under the SLA for a workload with a serving demand
    /// (evaluate(); core/analysis/serving_analysis.h).
    std::optional<ServingReport> serving;
};

/// Whether the speed figures describe a job that can run: analysed, and the
/// plan fits in GPU memory. Otherwise every output shows speed (and cost per
/// token) as not available ("—, does not fit" in text, null in JSON); the
/// numbers stay in `performance` only for comparing plans inside core.
[[nodiscard]] inline bool speedAvailable(const AnalysisResult& r)
{
    return r.analyzed && r.fits;
}

} // namespace infrafit
