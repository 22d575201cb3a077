// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <array>
#include <optional>
#include <string_view>

namespace infrafit {

/// What a GPU metric measures, whatever the exporter called it. Values are
/// stored in SI units (W, J, bytes, bytes/s, °C) and ratios as 0..1.
enum class GpuQuantity {
    PowerW,            ///< board power draw
    EnergyJ,           ///< energy since boot (a counter)
    SmActive,          ///< share of cycles an SM has a warp assigned
    TensorActive,      ///< share of cycles the tensor pipe is active
    DramActive,        ///< share of cycles the memory interface is busy
    GrEngineActive,    ///< share of time the graphics/compute engine is busy
    GpuUtil,           ///< NVML "GPU utilisation" (0..1)
    MemoryUsedBytes,   ///< framebuffer used
    MemoryFreeBytes,   ///< framebuffer free
    MemoryReservedBytes,
    GpuTempC,
    MemoryTempC,
    NvlinkTxBytesPerS,
    NvlinkRxBytesPerS,
    PcieTxBytesPerS,
    PcieRxBytesPerS,
    SmClockMhz,
    XidError,          ///< value of the last XID error (0 = none)
};

inline constexpr std::size_t kGpuQuantityCount = 18;

/// One exporter metric InfraFit reads: its name, what it measures, the
/// factor from the exporter's unit to the stored SI unit and whether it is
/// a counter (only ever rises, except at a reset).
///
/// Source: NVIDIA dcgm-exporter, `etc/default-counters.csv` and
/// `etc/dcp-metrics-included.csv` (github.com/NVIDIA/dcgm-exporter, read at
/// commit d5e5f51, May 2026), which give each field's type and unit, and
/// the DCGM field list (docs.nvidia.com/datacenter/dcgm, "Field IDs");
/// docs/reference/telemetry.md summarises them.
struct GpuMetricField {
    std::string_view name;
    GpuQuantity quantity;
    double toSi;
    bool counter;
    std::string_view meaning;
};

/// Every metric name InfraFit understands.
const std::array<GpuMetricField, 19>& gpuMetricFields();

/// The field of a metric name, or nullopt for a metric InfraFit does not
/// read (reported once, not an error).
std::optional<GpuMetricField> gpuMetricField(std::string_view name);

/// The name used in reports: "power_w", "tensor_active", ….
std::string_view gpuQuantityKey(GpuQuantity quantity);

} // namespace infrafit
