// SPDX-License-Identifier: Apache-2.0
#include "core/analysis/hardware_rates.h"

#include "core/analysis/training_constants.h"
#include "core/config/host_memory.h"

#include <algorithm>
#include <string>

namespace infrafit {
namespace {

// The training GEMM plateaus of Ampere and Hopper, fitted on the "fit" runs
// of tests/validation/training_runs.json (docs/validation.md) by one rule:
// the value, to two decimals, nearest to where the median signed speed error
// of the family's fit runs is zero. They were first fitted (0.50 and 0.70)
// before the cost of overlap (training_constants.h, overlapComputeSlowdown)
// was added, and not refitted then: with the model as it is, those values
// left Hopper's three fit runs at a median signed speed error of −2.2 %
// (1.7–7.4 % slow) and Ampere's six at +0.9 %.
// Refitted by the rule (2026-12-06): Hopper 0.52 (median +0.6 %), Ampere
// 0.69 (median −0.4 %). The families without a fitted run scale Hopper's by
// a measured ratio to H100 (below).
constexpr double ampereGemmPlateau = 0.69;
constexpr double hopperGemmPlateau = 0.52;
// Achieved GEMM share of dense peak, MI300X relative to H100 SXM, in one
// benchmark of both (SemiAnalysis 2024-12-22, §GEMM Performance): bf16
// (620/1307.4) / (720/989.4) = 0.652; fp8 relative to bf16
// ((990/2614.9) / (620/1307.4)) / ((1280/1978.9) / (720/989.4)) = 0.898,
// applied to Hopper's fp8 share below (both GPUs measured in one
// benchmark, so the ratio carries over).
constexpr double amdGemmShareOfHopper = 0.65;
constexpr double amdFp8ShareOfHopper = 0.90;
// fp8 GEMMs reach a slightly lower share of their doubled peak than bf16
// GEMMs of theirs. Transformer Engine's GEMM benchmark, pre-quantized
// kernels over the 12 GEMMs of a layer of a 5B model (hidden 4096, FFN
// 16384, 15,872 tokens; TE docs/examples/gemm_profiling, commit 8f2e635):
// H200 NVL bf16 31.968 ms against fp8 16.785 ms, 1.905× on a 2× peak,
// 0.952; B300 13.102 against 6.812 ms, 0.962. These are the kernels TE
// dispatches in the suite's 2025-26 Megatron-Bridge runs. An earlier
// benchmark of torch._scaled_mm on Llama-70B shapes measured 0.889 on H100
// SXM ((1280/1978.9) / (720/989.4), SemiAnalysis 2024-12-22); with it the
// suite's fp8 runs read 3-5 % slower (docs/validation.md).
constexpr double hopperFp8ShareOfBf16 = 0.95;
// Block-scaled fp8 kernels against the per-tensor ones, same benchmark:
// MXFP8 on B300, pre-quantized, 7.161 ms per layer against 6.812: 0.951.
// Blockwise (1×128 / 128×128, Hopper) has no pre-quantized time there
// (cuBLAS takes no 2D-by-2D inputs); its autocast 22.882 ms per layer on
// H200 NVL less its modelled quantization (2,482.8 M values × 4.0625 bytes
// at 0.8 of 4.8 TB/s, 2.627 ms) leaves 20.255 ms of GEMMs against the
// per-tensor kernels' 16.785: 0.829.
constexpr double mxfp8KernelShareOfCurrent = 0.951;
constexpr double blockwiseFp8KernelShareOfCurrent = 0.829;
// NVFP4 GEMMs reach a much lower share of their peak. The same benchmark
// on B300, pre-quantized: NVFP4 3.764 ms for the layer's 19.17 TFLOP, 5.09
// PFLOP/s, 0.388 of B300's 13,125 TFLOP/s dense FP4 (the catalog's figure,
// docs/reference/hardware.md; NVIDIA's 15 PF for GB300 would give 0.339),
// against bf16 13.102 ms, 0.650 of 2,250: 0.60 of the bf16 share. The only
// measured FP4 kernel rate in the sources; used for every FP4 GPU.
constexpr double fp4ShareOfBf16 = 0.60;
// B200 ÷ H100 share of dense bf16 peak on OpenXLA's largest measured
// product, 4 batched 4096³ GEMMs: 0.7424 / 0.7971 (gemm_efficiency.h).
constexpr double blackwellGemmShareOfHopper = 0.93;
// Attention forward + backward, cuDNN's fused attention over
// FlashAttention-2 on H100 SXM5, bf16, head dim 128, 8k tokens (Shah et
// al. 2024, FlashAttention-3, §4.1 figures "Attention forward speed" and
// "Attention backward speed", head dim 128): forward 600 against 370
// TFLOP/s, backward 518 against 318. With the backward at 2.5 × the
// forward FLOPs: 3.5 / (1/600 + 2.5/518) = 539 against 3.5 / (1/370 +
// 2.5/318) = 331, a ratio of 1.63. FlashAttention-3 itself reaches 646 and
// 559 (1.76); cuDNN's kernel is the one Transformer Engine and PyTorch's
// SDPA run on Hopper, so its lower figure is taken.
constexpr double fusedAttentionOverFlash2 = 1.63;

std::optional<double> tflops(const std::optional<double>& value)
{
    if (value && *value > 0)
        return *value * 1e12;
    return std::nullopt;
}

// PCIe x16 usable bandwidth per direction by generation (PCI-SIG: 8, 16,
// 32, 64 GT/s per lane with 128b/130b encoding ≈ 0.985 B/s per GT/s·lane/8).
double pcieBytesPerS(int gen, int lanes)
{
    const double gtPerLane = gen <= 3 ? 8.0 : gen == 4 ? 16.0 : gen == 5 ? 32.0 : 64.0;
    return gtPerLane * 1e9 / 8.0 * (128.0 / 130.0) * std::max(1, lanes);
}

} // namespace

std::optional<double> peakFlopsPerS(const Gpu& gpu, Precision precision)
{
    switch (precision) {
    case Precision::Fp32:
        return tflops(gpu.fp32Tflops);
    case Precision::Bf16:
        return tflops(gpu.bf16Tflops);
    case Precision::Fp16:
        if (auto fp16 = tflops(gpu.fp16Tflops))
            return fp16;
        // Tensor cores run fp16 at the bf16 rate on every GPU that has both.
        if (gpu.supports("fp16"))
            return tflops(gpu.bf16Tflops);
        return std::nullopt;
    case Precision::Fp8:
        return tflops(gpu.fp8Tflops);
    case Precision::Int8:
        if (gpu.int8Tops && *gpu.int8Tops > 0)
            return *gpu.int8Tops * 1e12;
        return tflops(gpu.bf16Tflops ? gpu.bf16Tflops : gpu.fp16Tflops);
    case Precision::Int4:
        return tflops(gpu.bf16Tflops ? gpu.bf16Tflops : gpu.fp16Tflops);
    case Precision::Fp4:
        // Only GPUs with FP4 tensor cores (a dense fp4_tflops figure).
        return tflops(gpu.fp4Tflops);
    }
    return std::nullopt;
}

Efficiency defaultEfficiency(const Gpu& gpu, Precision precision)
{
    return defaultEfficiency(gpuFamily(gpu), precision);
}

Efficiency defaultEfficiency(GpuFamily family, Precision precision)
{
    Efficiency e;
    e.family = family;
    // Training GEMM plateau (fraction of dense peak for large GEMMs inside a
    // training framework) and the FlashAttention fraction, per family.
    // The GEMM plateaus are fitted on the "fit" runs of tests/validation/
    // training_runs.json (docs/validation.md lists them and the
    // out-of-sample error). Attention: FlashAttention-2 reaches 50–73 % of
    // the A100 peak forward + backward (Dao 2023, §4.1) and ~35 % of the
    // H100 peak (Shah et al. 2024, FlashAttention-3, §1); FlashAttention-3
    // ~75 % forward on H100 (ibid. §4.1).
    switch (family) {
    case GpuFamily::Ampere:
        e.trainCompute = ampereGemmPlateau;
        e.attentionCompute = 0.55;
        e.shareBasis = "fitted";
        e.basis = "Ampere: GEMM plateau 0.69 of peak (fitted, docs/validation.md), "
                  "attention 0.55 (FlashAttention-2 paper)";
        break;
    case GpuFamily::Hopper:
        e.trainCompute = hopperGemmPlateau;
        e.attentionCompute = 0.30;
        e.hopperOrLater = true;
        e.shareBasis = "fitted";
        e.basis = "Hopper: GEMM plateau 0.52 of peak (fitted, docs/validation.md), "
                  "attention 0.30 (FlashAttention-2 on H100: ~35%, FlashAttention-3 paper)";
        break;
    case GpuFamily::Blackwell:
        // No Blackwell training run is in the suite: Hopper's fitted
        // plateau scaled by what OpenXLA's measured GEMM table gives both
        // GPUs for their largest products (4 batched 4096³, bf16): B200
        // 0.742 of its peak, H100 0.797 (matmul_interpolator_data.h,
        // gemm_efficiency.h). Smaller products follow B200's own, steeper
        // shape curve.
        e.trainCompute = hopperGemmPlateau * blackwellGemmShareOfHopper;
        e.attentionCompute = 0.30;
        e.hopperOrLater = true;
        e.gemmCurve = precision == Precision::Fp8 || precision == Precision::Fp4
            ? GemmShapeCurve::B200Fp8
            : GemmShapeCurve::B200Bf16;
        e.shareBasis = "the B200/H100 ratio of OpenXLA's measured GEMM table";
        e.basis = "Blackwell: GEMM plateau 0.48 of peak (Hopper's fitted 0.52 x 0.93, the B200/H100 "
                  "ratio of OpenXLA's measured GEMM table; B200's own shape curve; no fitted run), "
                  "attention 0.30 (assumed)";
        break;
    case GpuFamily::AmdCdna:
        // No AMD training run is in the suite, so the plateau is Hopper's
        // fitted one scaled by what a GEMM benchmark measured on both:
        // MI300X reached ~620 of 1,307 TFLOP/s bf16 (0.47) where H100
        // reached ~720 of 989 (0.73) on the same Llama-70B training shapes,
        // a ratio of 0.65 (SemiAnalysis, "MI300X vs H100 vs H200 Benchmark
        // Part 1: Training", 2024-12-22, §GEMM Performance; other
        // benchmarks give 0.64-0.75: docs/validation.md).
        e.trainCompute = hopperGemmPlateau * amdGemmShareOfHopper;
        e.attentionCompute = 0.30;
        e.shareBasis = "the MI300X/H100 ratio of a measured GEMM benchmark";
        e.basis = "AMD CDNA: GEMM plateau 0.34 of peak (Hopper's fitted 0.52 x 0.65, the "
                  "MI300X/H100 ratio of a measured GEMM benchmark; no fitted run), attention 0.30 "
                  "(assumed)";
        break;
    case GpuFamily::Ada: // no training run of Ada is in the suite
    case GpuFamily::Unknown:
        e.trainCompute = 0.40;
        e.attentionCompute = 0.30;
        e.basis = "unknown family: GEMM plateau 0.40 of peak (conservative assumption)";
        break;
    }
    // Element-wise kernels stream at ~80 % of HBM bandwidth (STREAM-like
    // copy kernels on A100/H100; same figure as decode below).
    e.elementwiseMemory = 0.8;
    // Inference: kipply "Transformer Inference Arithmetic" / llm-analysis
    // measured FasterTransformer at 0.7 compute, 0.9 memory bandwidth; we
    // derate to 0.6 / 0.8 for serving-engine overheads (scheduling, sampling).
    e.prefillCompute = e.trainCompute >= 0.65 ? 0.65 : 0.6;
    e.decodeMemory = 0.8;
    if (precision == Precision::Fp8 || precision == Precision::Fp4) {
        // FP8 GEMMs reach a lower fraction of their 2× peak: the measured
        // fp8/bf16 share above, 0.95 × 0.52 = 0.49 of the FP8 peak for large
        // GEMMs on Hopper. NVIDIA's Megatron-Bridge FP8 runs on H100 and
        // B200 (docs/validation.md) are out-of-sample for it. fp4: the B300
        // share above, 0.60 × 0.48 = 0.29 of Blackwell's FP4 peak.
        e.lowPrecisionShare = precision == Precision::Fp4 ? fp4ShareOfBf16 : hopperFp8ShareOfBf16;
        // MI300X's fp8 GEMMs gain less over bf16 than H100's in the same
        // benchmark (above), a further 0.90.
        if (family == GpuFamily::AmdCdna)
            e.lowPrecisionShare *= amdFp8ShareOfHopper;
        e.prefillCompute *= 0.75;
        e.trainCompute *= e.lowPrecisionShare;
    }
    return e;
}

AttentionKernel resolvedAttentionKernel(const Workload& w, const Efficiency& e)
{
    if (w.attentionKernel != AttentionKernel::Auto)
        return w.attentionKernel;
    return e.hopperOrLater ? AttentionKernel::Fa3 : AttentionKernel::Fa2;
}

double attentionKernelFactor(AttentionKernel kernel, const Efficiency& e)
{
    return kernel == AttentionKernel::Fa3 && e.hopperOrLater ? fusedAttentionOverFlash2 : 1.0;
}

double fp8RecipeKernelShare(Fp8Recipe recipe)
{
    switch (recipe) {
    case Fp8Recipe::Mxfp8: return mxfp8KernelShareOfCurrent;
    case Fp8Recipe::Blockwise: return blockwiseFp8KernelShareOfCurrent;
    case Fp8Recipe::Current:
    case Fp8Recipe::Delayed: return 1.0; // the same per-tensor kernels
    }
    return 1.0;
}

double fp4GemmShareOfFp8()
{
    return fp4ShareOfBf16 / hopperFp8ShareOfBf16;
}

double referenceTrainComputeEfficiency()
{
    return defaultEfficiency(GpuFamily::Hopper, Precision::Bf16).trainCompute;
}

LinkRates linkRates(const ResolvedConfiguration& c)
{
    // Achieved share of a link's per-direction peak and the ring-step
    // latencies: sourced in core/analysis/training_constants.h.
    constexpr double busEfficiency = trainingModel.linkBusEfficiency;
    LinkRates r;
    const bool fabric = c.chassis.gpuFabric != GpuFabric::Pcie && c.gpu.gpuLinkGbs > 0;
    if (fabric) {
        r.intraNodeBytesPerS = c.gpu.gpuLinkGbs * 1e9 / 2.0 * busEfficiency;
        r.intraNodeLevel = LinkLevel::GpuLink;
        r.intraLatencyS = trainingModel.nvlinkStepLatencyS;
    } else {
        r.intraNodeBytesPerS = pcieBytesPerS(c.gpu.pcieGen, c.gpu.pcieLanes) * busEfficiency;
        r.intraNodeLevel = LinkLevel::Pcie;
        r.intraLatencyS = trainingModel.pcieStepLatencyS;
    }
    r.hostLinkBytesPerS = pcieBytesPerS(c.gpu.pcieGen, c.gpu.pcieLanes) * busEfficiency;
    const double c2cGbs = superchipHostLinkGbsPerDirection(c.gpu);
    r.hostMemoryOverPcie = !(c2cGbs > 0);
    r.hostMemoryBytesPerS = r.hostMemoryOverPcie ? r.hostLinkBytesPerS : c2cGbs * 1e9 * busEfficiency;
    // Offload copies leave every GPU of the node at once, and over PCIe
    // they all end at the CPUs' root ports: each GPU gets at most its share
    // of the CPUs' lanes (ZeRO-Infinity, Rajbhandari et al. 2021, Fig. 2b:
    // 12 GB/s from host memory to one V100 of a DGX-2, 3.0 GB/s each when
    // all 16 read at once).
    if (r.hostMemoryOverPcie && c.cpu && c.cpu->pcieLanes > 0 && c.config.cpusPerNode > 0) {
        const double share = c.config.cpusPerNode * pcieBytesPerS(c.cpu->pcieGen, c.cpu->pcieLanes)
                             / std::max(1, c.config.gpusPerNode) * busEfficiency;
        r.hostMemoryBytesPerS = std::min(r.hostMemoryBytesPerS, share);
    }
    const double cpuGbs = cpuMemoryGbsPerNode(c);
    r.hostDramAssumed = !(cpuGbs > 0);
    r.hostDramBytesPerS = (r.hostDramAssumed ? trainingModel.defaultHostMemoryGbsPerNode : cpuGbs)
                          * 1e9 / std::max(1, c.config.gpusPerNode);
    if (c.nic && c.config.nicsPerNode > 0 && c.config.gpusPerNode > 0) {
        const double nodeBytes = c.config.nicsPerNode * c.nic->totalGbps() * 1e9 / 8.0;
        r.interNodeBytesPerS = nodeBytes / c.config.gpusPerNode * busEfficiency;
    }
    r.interLatencyS = trainingModel.networkStepLatencyS;
    r.gpusPerNode = std::max(1, c.config.gpusPerNode);
    // A GPU fabric that joins several nodes (a GB200 NVL72 rack's NVLink
    // switch trays join its 72 GPUs all to all: NVIDIA DGX GB200 user guide)
    // is one node for communication: collectives inside it run at the
    // GPU-link rate and only groups beyond it cross the NICs. The NIC share
    // per GPU stays that of its own tray.
    if (fabric && c.chassis.fabricDomainGpus && *c.chassis.fabricDomainGpus > r.gpusPerNode)
        r.gpusPerNode = *c.chassis.fabricDomainGpus;
    // NVLS needs NVSwitch gen 3+ (NVIDIA, "NVLink and NVSwitch" product page:
    // SHARP in-network reductions from the third-generation NVSwitch, i.e.
    // HGX/DGX H100 and later).
    if (fabric && c.chassis.gpuFabric == GpuFabric::NvSwitch) {
        const GpuFamily family = gpuFamily(c.gpu);
        r.nvls = family == GpuFamily::Hopper || family == GpuFamily::Blackwell;
    }
    return r;
}

} // namespace infrafit
