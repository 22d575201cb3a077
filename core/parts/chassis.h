// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/base/ascii_text.h"
#include "core/parts/gpu.h"

#include <string_view>

namespace infrafit {

enum class ChassisCooling { Air, Liquid };

template <>
struct EnumNames<ChassisCooling> {
    static constexpr std::array<std::string_view, 2> names{"air", "liquid"};
};

/// How GPUs inside one node talk to each other.
enum class GpuFabric { NvSwitch, Pcie, Xgmi };

template <>
struct EnumNames<GpuFabric> {
    static constexpr std::array<std::string_view, 3> names{"nvswitch", "pcie", "xgmi"};
};

/// Which side of the rack a chassis is serviced from (drives, PSUs, fans,
/// GPU trays): `front`, `rear` or `front_and_rear`.
enum class ServiceAccess { Front, Rear, FrontAndRear };
template <>
struct EnumNames<ServiceAccess> {
    static constexpr std::array<std::string_view, 3> names{"front", "rear", "front_and_rear"};
};

/// A server chassis or complete GPU system. `basePowerW` is the power of
/// everything but the GPUs; for complete systems (DGX and similar) it was
/// derived as maximum system power minus GPUs and already includes CPUs,
/// NICs, drives and fans: `basePowerIncludesComponents` says so, and the
/// power model must then not count those parts again.
struct Chassis : PartInfo {
    int rackUnits = 1;
    int maxGpus = 0;
    GpuFormFactor gpuFormFactor = GpuFormFactor::Pcie;
    std::vector<std::string> otherGpuFormFactors; ///< further supported forms
    double maxGpuTdpW = 0;
    int cpuSockets = 2;
    std::optional<int> dimmSlots;
    int nvmeBays = 0;
    int pcieSlots = 0;      ///< slots left for NICs/DPUs besides the GPUs
    int psuSlots = 0;
    std::optional<double> psuWattsEach; ///< the PSU the vendor ships, if known
    std::optional<double> maxSystemPowerW;
    double basePowerW = 0;
    bool basePowerIncludesComponents = false;
    /// The price is of a complete system (DGX-style): it already covers the
    /// GPUs, CPUs, drives, NICs and PSUs, which a bill of materials must not
    /// price again.
    bool priceIncludesParts = false;
    ChassisCooling cooling = ChassisCooling::Air;
    bool liquidCoolingOption = false; ///< a liquid-cooled variant exists
    std::optional<double> maxInletTempC;
    std::optional<double> weightKg;
    std::optional<double> depthMm;
    GpuFabric gpuFabric = GpuFabric::Pcie;
    /// A complete system's own host parts, "ID:COUNT" per node (CPUs, NICs,
    /// NVMe drives, PSUs): a configuration of it uses exactly these
    /// (core/parts/system_parts.h).
    std::vector<std::string> systemParts;
    // Manageability and security (issue 20). Each is what a datasheet or
    // user guide states; absent = not known, never assumed (a project
    // requirement on an unknown value is "unknown", not met).
    std::string bmcType;        ///< baseboard management controller ("ASPEED AST2600")
    std::string redfishVersion; ///< DMTF Redfish version the BMC implements ("1.8")
    std::optional<bool> secureBoot;
    std::optional<bool> tpm;                 ///< TPM 2.0 fitted or included
    std::optional<bool> hardwareRootOfTrust; ///< a silicon root of trust verifies firmware
    std::optional<bool> signedFirmware;      ///< firmware updates must be signed
    std::optional<bool> oobManagementNic;    ///< a dedicated out-of-band management port
    std::optional<bool> hotSwapPsus;
    std::optional<bool> hotSwapFans;
    std::optional<ServiceAccess> serviceAccess;
    /// The board's CPU socket ("LGA4677", "SP5"): only CPUs of that socket
    /// fit (compat.cpu_socket). Empty = not known, any CPU is accepted.
    std::string cpuSocket;
    /// The GPU baseboards (platforms) the chassis is built for ("HGX H100",
    /// "HGX H200"): a module GPU whose `baseboard` is not listed does not fit
    /// (compat.gpu_baseboard), so an SXM chassis of one generation cannot
    /// take another generation's SXM GPUs. Empty = not known, any GPU of an
    /// accepted form factor fits.
    std::vector<std::string> gpuBaseboards;
    /// Nodes are bought in whole multiples of this many (a GB200 NVL72 rack
    /// holds 18 compute trays and is sold whole); absent = any count
    /// (compat.node_multiple).
    std::optional<int> nodeMultiple;
    /// GPUs the GPU fabric joins across nodes: 72 in a GB200 NVL72 rack,
    /// whose NVLink switch trays connect the 18 compute trays' GPUs all to
    /// all. Collectives inside it run at the GPU-link rate, not on the NICs.
    /// Absent = one node (catalog migration 13).
    std::optional<int> fabricDomainGpus;
    /// The network adapters the chassis is built with, "ID:COUNT" per node
    /// ("ID" alone = any count): a GB200 NVL72 compute tray carries one
    /// 400 Gb/s ConnectX-7 or BlueField-3 SuperNIC per GPU, and no slot for
    /// another card. A configuration's NIC must be one of them, at its count
    /// (compat.nic_not_offered). Empty = any NIC (catalog migration 14).
    std::vector<std::string> nicOptions;

    [[nodiscard]] bool acceptsGpuForm(GpuFormFactor form) const
    {
        if (form == gpuFormFactor)
            return true;
        const auto name = enumName(form);
        return std::find(otherGpuFormFactors.begin(), otherGpuFormFactors.end(), name)
               != otherGpuFormFactors.end();
    }

    /// True when the GPU's baseboard is among `gpuBaseboards` (compared
    /// without case), or either side does not say.
    [[nodiscard]] bool acceptsGpuBaseboard(std::string_view baseboard) const
    {
        if (baseboard.empty() || gpuBaseboards.empty())
            return true;
        return std::any_of(gpuBaseboards.begin(), gpuBaseboards.end(),
                           [baseboard](const std::string& listed) {
                               return equalsNoCase(listed, baseboard);
                           });
    }
};

} // namespace infrafit
