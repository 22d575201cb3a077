// SPDX-License-Identifier: Apache-2.0
#include "core/metrics/dcgm_fields.h"

namespace infrafit {

const std::array<GpuMetricField, 19>& gpuMetricFields()
{
    // Units from the exporter's counter lists (see the header): power in W,
    // energy in mJ, framebuffer in MiB, DCP ratios 0..1, NVML utilisation
    // in %, PCIe/NVLink DCP rates in bytes/s, clocks in MHz.
    constexpr double kMiB = 1024.0 * 1024.0;
    static const std::array<GpuMetricField, 19> fields {{
        {"DCGM_FI_DEV_POWER_USAGE", GpuQuantity::PowerW, 1.0, false, "board power draw (W)"},
        {"DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION", GpuQuantity::EnergyJ, 1e-3, true,
            "energy since boot (mJ)"},
        {"DCGM_FI_PROF_SM_ACTIVE", GpuQuantity::SmActive, 1.0, false,
            "share of cycles an SM has at least one warp assigned"},
        {"DCGM_FI_PROF_PIPE_TENSOR_ACTIVE", GpuQuantity::TensorActive, 1.0, false,
            "share of cycles the tensor (HMMA) pipe is active"},
        {"DCGM_FI_PROF_DRAM_ACTIVE", GpuQuantity::DramActive, 1.0, false,
            "share of cycles the memory interface sends or receives"},
        {"DCGM_FI_PROF_GR_ENGINE_ACTIVE", GpuQuantity::GrEngineActive, 1.0, false,
            "share of time the graphics engine is active"},
        {"DCGM_FI_DEV_GPU_UTIL", GpuQuantity::GpuUtil, 0.01, false,
            "share of time a kernel runs (NVML, %)"},
        {"DCGM_FI_DEV_FB_USED", GpuQuantity::MemoryUsedBytes, kMiB, false,
            "framebuffer memory used (MiB)"},
        {"DCGM_FI_DEV_FB_FREE", GpuQuantity::MemoryFreeBytes, kMiB, false,
            "framebuffer memory free (MiB)"},
        {"DCGM_FI_DEV_FB_RESERVED", GpuQuantity::MemoryReservedBytes, kMiB, false,
            "framebuffer memory reserved (MiB)"},
        {"DCGM_FI_DEV_GPU_TEMP", GpuQuantity::GpuTempC, 1.0, false, "GPU temperature (°C)"},
        {"DCGM_FI_DEV_MEMORY_TEMP", GpuQuantity::MemoryTempC, 1.0, false,
            "memory temperature (°C)"},
        {"DCGM_FI_PROF_NVLINK_TX_BYTES", GpuQuantity::NvlinkTxBytesPerS, 1.0, false,
            "NVLink transmit rate (bytes/s)"},
        {"DCGM_FI_PROF_NVLINK_RX_BYTES", GpuQuantity::NvlinkRxBytesPerS, 1.0, false,
            "NVLink receive rate (bytes/s)"},
        {"DCGM_FI_PROF_PCIE_TX_BYTES", GpuQuantity::PcieTxBytesPerS, 1.0, false,
            "PCIe transmit rate (bytes/s)"},
        {"DCGM_FI_PROF_PCIE_RX_BYTES", GpuQuantity::PcieRxBytesPerS, 1.0, false,
            "PCIe receive rate (bytes/s)"},
        {"DCGM_FI_DEV_SM_CLOCK", GpuQuantity::SmClockMhz, 1.0, false, "SM clock (MHz)"},
        {"DCGM_FI_DEV_XID_ERRORS", GpuQuantity::XidError, 1.0, false,
            "value of the last XID error"},
        // The exporter's own count of XIDs in its window (DCGM_EXP_*).
        {"DCGM_EXP_XID_ERRORS_COUNT", GpuQuantity::XidError, 1.0, false,
            "XID errors in the exporter's last window"},
    }};
    return fields;
}

std::optional<GpuMetricField> gpuMetricField(std::string_view name)
{
    for (const auto& field : gpuMetricFields())
        if (field.name == name)
            return field;
    return std::nullopt;
}

std::string_view gpuQuantityKey(GpuQuantity quantity)
{
    static constexpr std::array<std::string_view, kGpuQuantityCount> keys {"power_w", "energy_j",
        "sm_active", "tensor_active", "dram_active", "gr_engine_active", "gpu_util",
        "memory_used_bytes", "memory_free_bytes", "memory_reserved_bytes", "gpu_temp_c",
        "memory_temp_c", "nvlink_tx_bytes_per_s", "nvlink_rx_bytes_per_s", "pcie_tx_bytes_per_s",
        "pcie_rx_bytes_per_s", "sm_clock_mhz", "xid_error"};
    return keys[static_cast<std::size_t>(quantity)];
}

} // namespace infrafit
