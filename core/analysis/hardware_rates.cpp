// SPDX-License-Identifier: Apache-2.0
#include "core/analysis/hardware_rates.h"

#include <algorithm>
#include <cctype>
#include <string>

namespace infrafit {
namespace {

bool containsNoCase(std::string_view text, std::string_view needle)
{
    auto it = std::search(text.begin(), text.end(), needle.begin(), needle.end(),
                          [](char a, char b) {
                              return std::tolower(static_cast<unsigned char>(a))
                                     == std::tolower(static_cast<unsigned char>(b));
                          });
    return it != text.end();
}

bool isFamily(const Gpu& gpu, std::initializer_list<std::string_view> names)
{
    for (auto name : names) {
        if (containsNoCase(gpu.architecture, name) || containsNoCase(gpu.model, name)
            || containsNoCase(gpu.id, name))
            return true;
    }
    return false;
}

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
    }
    return std::nullopt;
}

Efficiency defaultEfficiency(const Gpu& gpu, Precision precision)
{
    Efficiency e;
    // Training compute fraction while busy (bubble and exposed communication
    // are modelled separately, so end-to-end MFU comes out lower):
    // - Ampere: Narayanan et al. 2021 Table 1 reach 44–52 % of A100 peak
    //   end-to-end with full recompute → ~0.55 while computing.
    // - Hopper: Llama Team 2024 ("Llama 3 Herd") Table 4: 38–43 % BF16 MFU
    //   on H100 for 405B, end-to-end → ~0.45 while computing.
    // - Blackwell / AMD CDNA / others: younger software stacks; published
    //   MFU is lower still → 0.40 / 0.35 / 0.35.
    if (isFamily(gpu, {"ampere", "a100", "a800", "a30", "a40", "a10"})) {
        e.trainCompute = 0.55;
        e.basis = "Ampere: 0.55 of peak while computing (Narayanan et al. 2021, Table 1)";
    } else if (isFamily(gpu, {"hopper", "h100", "h200", "h800", "h20", "gh200"})) {
        e.trainCompute = 0.45;
        e.basis = "Hopper: 0.45 of peak while computing (Llama 3 Herd 2024, Table 4: 38-43% MFU)";
    } else if (isFamily(gpu, {"blackwell", "b200", "b300", "gb200", "gb300", "b100"})) {
        e.trainCompute = 0.40;
        e.basis = "Blackwell: 0.40 of peak while computing (assumed; younger software stack)";
    } else if (isFamily(gpu, {"cdna", "mi300", "mi325", "mi350", "mi355", "mi250"})) {
        e.trainCompute = 0.35;
        e.basis = "AMD CDNA: 0.35 of peak while computing (assumed from published MI300X MFU)";
    } else {
        e.trainCompute = 0.35;
        e.basis = "unknown family: 0.35 of peak while computing (conservative assumption)";
    }
    // Inference: kipply "Transformer Inference Arithmetic" / llm-analysis
    // measured FasterTransformer at 0.7 compute, 0.9 memory bandwidth; we
    // derate to 0.6 / 0.8 for serving-engine overheads (scheduling, sampling).
    e.prefillCompute = e.trainCompute >= 0.5 ? 0.65 : 0.6;
    e.decodeMemory = 0.8;
    if (precision == Precision::Fp8) {
        e.trainCompute *= 0.75;
        e.prefillCompute *= 0.75;
    }
    return e;
}

LinkRates linkRates(const ResolvedConfiguration& c)
{
    // Achieved share of a link's per-direction peak in collectives (NCCL bus
    // bandwidth, nccl-tests doc/PERFORMANCE.md). No single published figure:
    // Calculon's calibrated A100 system file uses 0.65 for NVLink and 0.9 for
    // InfiniBand (Isaev et al. SC'23; docs/reference/models.md §2.8); 0.8 is
    // between them, for every level.
    constexpr double busEfficiency = 0.8;
    LinkRates r;
    const bool fabric = c.chassis.gpuFabric != GpuFabric::Pcie && c.gpu.gpuLinkGbs > 0;
    if (fabric) {
        r.intraNodeBytesPerS = c.gpu.gpuLinkGbs * 1e9 / 2.0 * busEfficiency;
        r.intraNodeLevel = LinkLevel::GpuLink;
        // Per ring step. NCCL's own tuning model (NVIDIA/nccl
        // src/graph/tuning.cc, hwLat) puts an NVLink ring step at 0.6 µs
        // (LL) to 3.4 µs (Simple) on top of a ~6.6 µs base per collective.
        r.intraLatencyS = 1.0e-6; // NVLink/NVSwitch hop, NCCL LL protocol (nccl-tests)
    } else {
        r.intraNodeBytesPerS = pcieBytesPerS(c.gpu.pcieGen, c.gpu.pcieLanes) * busEfficiency;
        r.intraNodeLevel = LinkLevel::Pcie;
        // NCCL tuning.cc hwLat: a PCIe ring step 1.0 µs (LL) to 5.7 µs (Simple).
        r.intraLatencyS = 3.0e-6;
    }
    r.hostLinkBytesPerS = pcieBytesPerS(c.gpu.pcieGen, c.gpu.pcieLanes) * busEfficiency;
    if (c.nic && c.config.nicsPerNode > 0 && c.config.gpusPerNode > 0) {
        const double nodeBytes = c.config.nicsPerNode * c.nic->totalGbps() * 1e9 / 8.0;
        r.interNodeBytesPerS = nodeBytes / c.config.gpusPerNode * busEfficiency;
    }
    // NCCL tuning.cc hwLat: a network ring step 2.7 µs (LL) to 14 µs (Simple).
    r.interLatencyS = 5.0e-6; // InfiniBand/RoCE hop incl. software (nccl-tests)
    return r;
}

} // namespace infrafit
