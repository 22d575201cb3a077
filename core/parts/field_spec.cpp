// SPDX-License-Identifier: Apache-2.0
#include "core/parts/field_spec.h"

#include "core/parts/field_access.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>

namespace infrafit {
namespace {

using detail::getMember;
using detail::setMember;
using detail::takeMember;
using detail::viewMember;

constexpr bool Required = true;
constexpr bool Optional = false;

/// A number that must be > 0 and at most `maximum`.
template <auto Member>
FieldSpec positive(std::string_view key, std::string_view label, std::string_view unit,
                   bool required, double maximum, std::string_view help = {})
{
    return {key,     label,   unit, FieldType::Number, required, true, 0, maximum, {}, help,
            &getMember<Member>, &setMember<Member>, &viewMember<Member>, &takeMember<Member>};
}

/// A number in [minimum, maximum].
template <auto Member>
FieldSpec ranged(std::string_view key, std::string_view label, std::string_view unit,
                 bool required, double minimum, double maximum, std::string_view help = {})
{
    return {key,     label,   unit, FieldType::Number, required, false, minimum, maximum, {}, help,
            &getMember<Member>, &setMember<Member>, &viewMember<Member>, &takeMember<Member>};
}

/// A whole number in [minimum, maximum].
template <auto Member>
FieldSpec integer(std::string_view key, std::string_view label, std::string_view unit,
                  bool required, double minimum, double maximum, std::string_view help = {})
{
    return {key,     label,   unit, FieldType::Integer, required, false, minimum, maximum, {}, help,
            &getMember<Member>, &setMember<Member>, &viewMember<Member>, &takeMember<Member>};
}

template <auto Member>
FieldSpec text(std::string_view key, std::string_view label, bool required,
               std::string_view help = {})
{
    return {key, label, {}, FieldType::Text, required, false, 0, 0, {}, help,
            &getMember<Member>, &setMember<Member>, &viewMember<Member>, &takeMember<Member>};
}

template <auto Member, class E>
FieldSpec choice(std::string_view key, std::string_view label, bool required,
                 std::string_view help = {})
{
    return {key, label, {}, FieldType::Choice, required, false, 0, 0,
            std::span<const std::string_view>(EnumNames<E>::names), help,
            &getMember<Member>, &setMember<Member>, &viewMember<Member>, &takeMember<Member>};
}

template <auto Member>
FieldSpec list(std::string_view key, std::string_view label,
               std::span<const std::string_view> choices, std::string_view help = {})
{
    return {key, label, {}, FieldType::TextList, false, false, 0, 0, choices, help,
            &getMember<Member>, &setMember<Member>, &viewMember<Member>, &takeMember<Member>};
}

template <auto Member>
FieldSpec flag(std::string_view key, std::string_view label, std::string_view help = {})
{
    return {key, label, {}, FieldType::Flag, false, false, 0, 1, {}, help,
            &getMember<Member>, &setMember<Member>, &viewMember<Member>, &takeMember<Member>};
}

// Ranges are physical plausibility bounds, far outside any real part, so a
// typo (a unit slip of 1000x, a negative sign) is caught without rejecting
// future hardware.
std::vector<FieldSpec> commonFields()
{
    return {
        text<&PartInfo::id>("id", "ID", Required, "Stable identifier; letters, digits and . _ - + only"),
        text<&PartInfo::vendor>("vendor", "Vendor", Required),
        text<&PartInfo::model>("model", "Model", Required),
        ranged<&PartInfo::priceUsd>("price_usd", "Price", "USD", Optional, 0, 1e9,
                                    "Unit price; an estimate unless price_note says list price"),
        text<&PartInfo::priceNote>("price_note", "Price note", Optional),
        text<&PartInfo::source>("source", "Source", Optional, "Where the figures come from"),
        choice<&PartInfo::confidence, Confidence>("confidence", "Confidence", Optional,
                                                  "published: read in the source; estimate: derived"),
        list<&PartInfo::estimatedFields>("estimated_fields", "Estimated fields", {},
                                         "Keys of the figures that are estimates"),
        text<&PartInfo::notes>("notes", "Notes", Optional),
    };
}

// Common fields added after the first schema: they come after every kind's
// own fields, in the order of the migrations that added their columns
// (catalog/migrations.cpp), since a column is appended to its table.
std::vector<FieldSpec> trailingCommonFields()
{
    return {
        text<&PartInfo::partNumber>("part_number", "Part number", Optional,
                                    "Manufacturer part number (SKU) for ordering"),
    };
}

/// Common fields, the kind's own fields of the first schema, the trailing
/// common fields, then the kind's fields added by later migrations (`later`,
/// in migration order: each migration appends its column to the table).
std::vector<FieldSpec> withCommon(std::vector<FieldSpec> own, std::vector<FieldSpec> later = {})
{
    auto all = commonFields();
    all.insert(all.end(), own.begin(), own.end());
    auto trailing = trailingCommonFields();
    all.insert(all.end(), trailing.begin(), trailing.end());
    all.insert(all.end(), later.begin(), later.end());
    return all;
}

std::vector<FieldSpec> gpuFields()
{
    return withCommon({
        text<&Gpu::architecture>("architecture", "Architecture", Optional),
        integer<&Gpu::releaseYear>("release_year", "Year", "", Optional, 1990, 2100),
        positive<&Gpu::memoryGb>("memory_gb", "Memory", "GB", Required, 1e5,
                                 "Vendor capacity in 10^9 bytes; memory_gib, when set, is what "
                                 "the analysis counts"),
        text<&Gpu::memoryType>("memory_type", "Memory type", Optional),
        positive<&Gpu::memoryBandwidthGbs>("memory_bandwidth_gbs", "Memory bandwidth", "GB/s",
                                           Required, 1e6),
        positive<&Gpu::bf16Tflops>("bf16_tflops", "BF16", "TFLOPS", Optional, 1e6, "Dense peak"),
        positive<&Gpu::fp16Tflops>("fp16_tflops", "FP16", "TFLOPS", Optional, 1e6, "Dense peak"),
        positive<&Gpu::fp8Tflops>("fp8_tflops", "FP8", "TFLOPS", Optional, 1e6, "Dense peak"),
        positive<&Gpu::fp4Tflops>("fp4_tflops", "FP4", "TFLOPS", Optional, 1e6, "Dense peak"),
        positive<&Gpu::tf32Tflops>("tf32_tflops", "TF32", "TFLOPS", Optional, 1e6, "Dense peak"),
        positive<&Gpu::fp32Tflops>("fp32_tflops", "FP32", "TFLOPS", Optional, 1e6),
        positive<&Gpu::fp64Tflops>("fp64_tflops", "FP64", "TFLOPS", Optional, 1e6),
        positive<&Gpu::int8Tops>("int8_tops", "INT8", "TOPS", Optional, 1e6, "Dense peak"),
        positive<&Gpu::tdpW>("tdp_w", "TDP", "W", Required, 20000),
        choice<&Gpu::formFactor, GpuFormFactor>("form_factor", "Form factor", Required),
        integer<&Gpu::slotWidth>("slot_width", "Slot width", "slots", Optional, 1, 6),
        text<&Gpu::gpuLink>("gpu_link", "GPU link", Optional),
        ranged<&Gpu::gpuLinkGbs>("gpu_link_gbs", "GPU link bandwidth", "GB/s", Required, 0, 1e6,
                                 "Per GPU, bidirectional; 0 = PCIe only"),
        integer<&Gpu::pcieGen>("pcie_gen", "PCIe gen", "", Required, 1, 7),
        integer<&Gpu::pcieLanes>("pcie_lanes", "PCIe lanes", "lanes", Required, 1, 64),
        list<&Gpu::precisions>("precisions", "Precisions", knownPrecisions),
        flag<&Gpu::requiresLiquidCooling>("requires_liquid_cooling", "Liquid only"),
    },
    {
        list<&Gpu::partitionProfiles>(
            "partition_profiles", "Partition profiles", {},
            "MIG profiles or AMD partition modes, one per item: NAME compute=A/B memory=A/B "
            "memory_gb=G max=N [whole_gpu]"),
        // Catalog migration 11.
        text<&Gpu::baseboard>("baseboard", "Baseboard", Optional,
                              "The baseboard or platform a module GPU mounts on, e.g. HGX H100 "
                              "or MI300X UBB; empty for PCIe cards"),
        // Catalog migration 15.
        positive<&Gpu::hostLinkGbs>("host_link_gbs", "Host memory link", "GB/s", Optional, 1e5,
                                    "Per GPU, one way, to the CPU's memory over NVLink-C2C "
                                    "(Grace superchips); empty = over PCIe"),
        // Catalog migration 16.
        positive<&Gpu::memoryGib>("memory_gib", "Memory (binary units)", "GiB", Optional, 1e5,
                                  "Capacity in 2^30 bytes where the vendor sizes it so, as for "
                                  "HBM (an 80 GB A100 holds 80 GiB); empty = memory_gb "
                                  "× 10^9 bytes"),
    });
}

std::vector<FieldSpec> chassisFields()
{
    return withCommon({
        integer<&Chassis::rackUnits>("rack_units", "Height", "U", Required, 1, 60),
        integer<&Chassis::maxGpus>("max_gpus", "Max GPUs", "", Required, 1, 1024),
        choice<&Chassis::gpuFormFactor, GpuFormFactor>("gpu_form_factor", "GPU form factor",
                                                       Required),
        list<&Chassis::otherGpuFormFactors>("other_gpu_form_factors", "Other GPU forms",
                                            EnumNames<GpuFormFactor>::names),
        positive<&Chassis::maxGpuTdpW>("max_gpu_tdp_w", "Max GPU TDP", "W", Required, 20000),
        integer<&Chassis::cpuSockets>("cpu_sockets", "CPU sockets", "", Required, 0, 16),
        integer<&Chassis::dimmSlots>("dimm_slots", "DIMM slots", "", Optional, 0, 256),
        integer<&Chassis::nvmeBays>("nvme_bays", "NVMe bays", "", Required, 0, 256),
        integer<&Chassis::pcieSlots>("pcie_slots", "PCIe slots", "", Required, 0, 64,
                                     "Slots for NICs/DPUs besides the GPUs"),
        integer<&Chassis::psuSlots>("psu_slots", "PSU slots", "", Required, 0, 64),
        positive<&Chassis::psuWattsEach>("psu_watts_each", "Stock PSU", "W", Optional, 100000),
        positive<&Chassis::maxSystemPowerW>("max_system_power_w", "Max system power", "W",
                                            Optional, 1e6),
        ranged<&Chassis::basePowerW>("base_power_w", "Base power", "W", Required, 0, 1e6,
                                     "Everything but the GPUs"),
        flag<&Chassis::basePowerIncludesComponents>(
            "base_power_includes_components", "Base includes CPUs/NICs/drives",
            "True when base power was derived from the system maximum (DGX-style)"),
        flag<&Chassis::priceIncludesParts>(
            "price_includes_parts", "Price includes parts",
            "True when the price is of a complete system with GPUs, CPUs, drives, NICs and PSUs"),
        choice<&Chassis::cooling, ChassisCooling>("cooling", "Cooling", Required),
        flag<&Chassis::liquidCoolingOption>("liquid_cooling_option", "Liquid variant"),
        ranged<&Chassis::maxInletTempC>("max_inlet_temp_c", "Max inlet", "°C", Optional, 0, 80),
        positive<&Chassis::weightKg>("weight_kg", "Weight", "kg", Optional, 10000),
        positive<&Chassis::depthMm>("depth_mm", "Depth", "mm", Optional, 5000),
        choice<&Chassis::gpuFabric, GpuFabric>("gpu_fabric", "GPU fabric", Required),
        list<&Chassis::systemParts>(
            "system_parts", "System parts", {},
            "A complete system's own CPUs, NICs, drives and PSUs as ID:COUNT per node; a "
            "configuration of it must use exactly these"),
    }, {
        // Manageability and security (catalog migration 7): what the
        // datasheet states; absent = not known (never assumed).
        text<&Chassis::bmcType>("bmc_type", "BMC", Optional,
                                "Baseboard management controller, e.g. ASPEED AST2600"),
        text<&Chassis::redfishVersion>("redfish_version", "Redfish", Optional,
                                       "DMTF Redfish version the BMC implements, e.g. 1.8"),
        flag<&Chassis::secureBoot>("secure_boot", "Secure boot", "UEFI secure boot; absent: not known"),
        flag<&Chassis::tpm>("tpm", "TPM 2.0", "TPM 2.0 fitted or included; absent: not known"),
        flag<&Chassis::hardwareRootOfTrust>("hardware_root_of_trust", "Root of trust",
                                            "A silicon root of trust verifies the firmware; "
                                            "absent: not known"),
        flag<&Chassis::signedFirmware>("signed_firmware", "Signed firmware",
                                       "Only signed firmware updates are accepted; absent: not known"),
        flag<&Chassis::oobManagementNic>("oob_management_nic", "Out-of-band NIC",
                                         "A dedicated out-of-band management port; absent: not known"),
        flag<&Chassis::hotSwapPsus>("hot_swap_psus", "Hot-swap PSUs", "absent: not known"),
        flag<&Chassis::hotSwapFans>("hot_swap_fans", "Hot-swap fans", "absent: not known"),
        choice<&Chassis::serviceAccess, ServiceAccess>("service_access", "Service access",
                                                       Optional,
                                                       "Side the node is serviced from"),
        // Catalog migration 10.
        text<&Chassis::cpuSocket>("cpu_socket", "CPU socket", Optional,
                                  "The board's CPU socket, e.g. LGA4677 or SP5; only CPUs of "
                                  "that socket fit"),
        // Catalog migration 11.
        list<&Chassis::gpuBaseboards>("gpu_baseboards", "GPU baseboards", {},
                                      "The GPU baseboards it is built for, e.g. HGX H100; only "
                                      "module GPUs of a listed baseboard fit"),
        // Catalog migration 12.
        integer<&Chassis::nodeMultiple>("node_multiple", "Sold in multiples of", "nodes",
                                        Optional, 1, 1024,
                                        "Nodes are bought in whole multiples of this many, e.g. "
                                        "18 trays of a GB200 NVL72 rack"),
        // Catalog migration 13.
        integer<&Chassis::fabricDomainGpus>("fabric_domain_gpus", "GPU fabric domain", "GPUs",
                                            Optional, 1, 1000000,
                                            "GPUs the GPU fabric joins across nodes, e.g. 72 in a "
                                            "GB200 NVL72 rack; absent = one node"),
        // Catalog migration 14.
        list<&Chassis::nicOptions>("nic_options", "NIC options", {},
                                   "The network adapters it is built with, ID:COUNT per node, "
                                   "e.g. one ConnectX-7 per GPU on a GB200 tray; absent = any NIC"),
    });
}

std::vector<FieldSpec> cpuFields()
{
    return withCommon({
        integer<&Cpu::cores>("cores", "Cores", "", Required, 1, 4096),
        integer<&Cpu::threads>("threads", "Threads", "", Optional, 1, 8192),
        positive<&Cpu::baseGhz>("base_ghz", "Base clock", "GHz", Optional, 20),
        positive<&Cpu::boostGhz>("boost_ghz", "Boost clock", "GHz", Optional, 20),
        positive<&Cpu::tdpW>("tdp_w", "TDP", "W", Required, 5000),
        integer<&Cpu::pcieLanes>("pcie_lanes", "PCIe lanes", "lanes", Required, 0, 1024),
        integer<&Cpu::pcieGen>("pcie_gen", "PCIe gen", "", Required, 1, 7),
        integer<&Cpu::memoryChannels>("memory_channels", "Memory channels", "", Optional, 1, 64),
        text<&Cpu::memoryType>("memory_type", "Memory type", Optional),
        positive<&Cpu::memorySpeedMts>("memory_speed_mts", "Memory speed", "MT/s", Optional, 1e5),
        positive<&Cpu::memoryBandwidthGbs>("memory_bandwidth_gbs", "Memory bandwidth", "GB/s",
                                           Required, 1e5, "Peak: channels x MT/s x 8 bytes"),
    }, {
        // Catalog migration 10.
        text<&Cpu::socket>("socket", "Socket", Optional,
                           "The socket it fits, e.g. LGA4677 or SP5; \"Grace module\" when "
                           "soldered in a module"),
    });
}

std::vector<FieldSpec> nvmeFields()
{
    return withCommon({
        positive<&Nvme::capacityTb>("capacity_tb", "Capacity", "TB", Required, 10000),
        text<&Nvme::formFactor>("form_factor", "Form factor", Optional),
        integer<&Nvme::pcieGen>("pcie_gen", "PCIe gen", "", Required, 1, 7),
        integer<&Nvme::pcieLanes>("pcie_lanes", "PCIe lanes", "lanes", Required, 1, 16),
        positive<&Nvme::readMbs>("read_mbs", "Sequential read", "MB/s", Required, 1e6),
        positive<&Nvme::writeMbs>("write_mbs", "Sequential write", "MB/s", Required, 1e6),
        positive<&Nvme::randomReadKiops>("random_read_kiops", "Random read", "kIOPS", Optional, 1e6),
        positive<&Nvme::randomWriteKiops>("random_write_kiops", "Random write", "kIOPS", Optional,
                                          1e6),
        positive<&Nvme::powerW>("power_w", "Power", "W", Required, 1000),
        positive<&Nvme::dwpd>("dwpd", "Endurance", "DWPD", Optional, 1000),
    });
}

std::vector<FieldSpec> nicFields()
{
    return withCommon({
        integer<&Nic::ports>("ports", "Ports", "", Required, 1, 64),
        positive<&Nic::portSpeedGbps>("port_speed_gbps", "Port speed", "Gb/s", Required, 1e5),
        choice<&Nic::protocol, NicProtocol>("protocol", "Protocol", Required),
        text<&Nic::connector>("connector", "Connector", Optional),
        integer<&Nic::pcieGen>("pcie_gen", "PCIe gen", "", Required, 1, 7),
        integer<&Nic::pcieLanes>("pcie_lanes", "PCIe lanes", "lanes", Required, 1, 64),
        ranged<&Nic::powerW>("power_w", "Power", "W", Required, 0, 2000, "Card without optics"),
        flag<&Nic::gpudirectRdma>("gpudirect_rdma", "GPUDirect RDMA"),
    }, {
        // Catalog migration 7; absent = not known.
        flag<&Nic::dpu>("dpu", "DPU / SmartNIC",
                        "Own cores run the network and security stack apart from the host; "
                        "absent: not known"),
        flag<&Nic::isolationOffload>("isolation_offload", "Isolation offload",
                                     "Tenant isolation offloaded to the card; absent: not known"),
    });
}

std::vector<FieldSpec> psuFields()
{
    return withCommon({
        positive<&Psu::watts>("watts", "Rating", "W", Required, 1e6),
        ranged<&Psu::efficiency>("efficiency", "Efficiency", "", Required, 0.5, 1,
                                 "At typical (~50 %) load, 0..1"),
        text<&Psu::efficiencyRating>("efficiency_rating", "Rating class", Optional),
        ranged<&Psu::efficiencyAt10>("efficiency_10", "Eff. at 10 %", "", Optional, 0.3, 1),
        ranged<&Psu::efficiencyAt20>("efficiency_20", "Eff. at 20 %", "", Optional, 0.3, 1),
        ranged<&Psu::efficiencyAt50>("efficiency_50", "Eff. at 50 %", "", Optional, 0.3, 1),
        ranged<&Psu::efficiencyAt100>("efficiency_100", "Eff. at 100 %", "", Optional, 0.3, 1),
        text<&Psu::formFactor>("form_factor", "Form factor", Optional),
        text<&Psu::inputVoltage>("input_voltage", "Input voltage", Optional),
    });
}

std::vector<FieldSpec> coolingFields()
{
    return withCommon({
        choice<&Cooling::type, CoolingType>("type", "Type", Required),
        positive<&Cooling::maxHeatKwPerRack>("max_heat_kw_per_rack", "Max heat per rack", "kW",
                                             Required, 10000),
        positive<&Cooling::typicalHeatKwPerRack>("typical_heat_kw_per_rack", "Typical heat", "kW",
                                                 Optional, 10000),
        ranged<&Cooling::pueLow>("pue_low", "PUE low", "", Optional, 1, 5),
        ranged<&Cooling::pueHigh>("pue_high", "PUE high", "", Optional, 1, 5),
        ranged<&Cooling::fractionHeatToLiquid>("fraction_heat_to_liquid", "Heat to liquid", "",
                                               Optional, 0, 1),
        text<&Cooling::facilityNeeds>("facility_needs", "Facility needs", Optional),
    });
}

// Catalog migration 9 (issue 18): switches and PDUs become parts, so the
// rack layout, the bill of materials and the NetBox export use real ones.
std::vector<FieldSpec> switchFields()
{
    return withCommon({
        integer<&NetworkSwitch::ports>("ports", "Ports", "", Required, 1, 4096,
                                       "Ports at the port speed (a split port counts once per lane group)"),
        positive<&NetworkSwitch::portSpeedGbps>("port_speed_gbps", "Port speed", "Gb/s", Required, 1e5),
        choice<&NetworkSwitch::protocol, NicProtocol>("protocol", "Protocol", Required),
        text<&NetworkSwitch::connector>("connector", "Connector", Optional,
                                        "Port cage, e.g. OSFP, QSFP112, RJ45"),
        integer<&NetworkSwitch::uplinkPorts>("uplink_ports", "Uplink ports", "", Optional, 0, 1024,
                                             "Extra faster ports, e.g. a management switch's uplinks"),
        positive<&NetworkSwitch::uplinkSpeedGbps>("uplink_speed_gbps", "Uplink speed", "Gb/s",
                                                  Optional, 1e5),
        integer<&NetworkSwitch::rackUnits>("rack_units", "Height", "U", Required, 1, 60),
        positive<&NetworkSwitch::maxPowerW>("max_power_w", "Max power", "W", Required, 1e5,
                                            "At the wall, every port's optic lit at its maximum"),
        positive<&NetworkSwitch::typicalPowerW>("typical_power_w", "Typical power", "W", Optional,
                                                1e5, "At the wall under traffic"),
        integer<&NetworkSwitch::powerSupplies>("power_supplies", "PSUs", "", Required, 1, 16,
                                               "Power supplies, one power cord each"),
        positive<&NetworkSwitch::weightKg>("weight_kg", "Weight", "kg", Optional, 1000),
        flag<&NetworkSwitch::fullDepth>("full_depth", "Full depth",
                                        "Occupies front and rear of the rack unit; absent: not known"),
        choice<&NetworkSwitch::airflow, Airflow>("airflow", "Airflow", Optional,
                                                 "NetBox airflow, e.g. front-to-rear"),
    });
}

std::vector<FieldSpec> pduFields()
{
    return withCommon({
        integer<&Pdu::outletsC13>("outlets_c13", "C13 outlets", "", Required, 0, 1000,
                                  "IEC 60320 C13 outlets (10 A)"),
        integer<&Pdu::outletsC19>("outlets_c19", "C19 outlets", "", Required, 0, 1000,
                                  "IEC 60320 C19 outlets (16 A)"),
        integer<&Pdu::phases>("phases", "Phases", "", Required, 1, 3, "1 or 3"),
        positive<&Pdu::voltageV>("voltage_v", "Voltage", "V", Required, 1000,
                                 "Nominal input voltage; line-to-line for three phase"),
        positive<&Pdu::breakerA>("breaker_a", "Breaker", "A", Required, 1000,
                                 "Input breaker rating per phase"),
        integer<&Pdu::rackUnits>("rack_units", "Height", "U", Required, 0, 60,
                                 "0 = vertical (0U) at the rear"),
        flag<&Pdu::metered>("metered", "Metered", "Measures its load; absent: not known"),
        flag<&Pdu::switched>("switched", "Switched",
                             "Switches each outlet on and off remotely; absent: not known"),
        text<&Pdu::inputPlug>("input_plug", "Input plug", Optional,
                              "NetBox power-port type of the input, e.g. iec-60309-3p-n-e-6h"),
        positive<&Pdu::weightKg>("weight_kg", "Weight", "kg", Optional, 1000),
    });
}

const std::array<std::vector<FieldSpec>, partKindCount>& fieldTables()
{
    static const std::array<std::vector<FieldSpec>, partKindCount> tables{
        gpuFields(), chassisFields(), cpuFields(),    nvmeFields(),   nicFields(),
        psuFields(), coolingFields(), switchFields(), pduFields()};
    return tables;
}

std::string formatNumber(double value)
{
    if (std::isfinite(value) && value == std::floor(value) && std::fabs(value) < 1e15)
        return std::to_string(static_cast<long long>(value));
    std::array<char, 32> buffer{};
    auto [end, ec] = std::to_chars(buffer.data(), buffer.data() + buffer.size(), value);
    if (ec != std::errc())
        return "?";
    return std::string(buffer.data(), end);
}

} // namespace

std::span<const FieldSpec> fieldsOf(PartKind kind)
{
    return fieldTables()[static_cast<std::size_t>(kind)];
}

const FieldSpec* findField(PartKind kind, std::string_view key)
{
    for (const auto& spec : fieldsOf(kind)) {
        if (spec.key == key)
            return &spec;
    }
    return nullptr;
}

std::string formatFieldValue(const FieldValue& value)
{
    return std::visit(
        [](const auto& v) -> std::string {
            using T = std::decay_t<decltype(v)>;
            if constexpr (std::is_same_v<T, std::monostate>) {
                return {};
            } else if constexpr (std::is_same_v<T, double>) {
                return formatNumber(v);
            } else if constexpr (std::is_same_v<T, bool>) {
                return v ? "yes" : "no";
            } else if constexpr (std::is_same_v<T, std::string>) {
                return v;
            } else {
                return formatList(v);
            }
        },
        value);
}

namespace {

template <class Text>
std::string joinWithCommas(std::span<const Text> items)
{
    std::string joined;
    for (std::size_t i = 0; i < items.size(); ++i) {
        if (i > 0)
            joined += ", ";
        joined += items[i];
    }
    return joined;
}

} // namespace

std::string formatList(std::span<const std::string> items) { return joinWithCommas(items); }

std::string formatList(std::span<const std::string_view> items) { return joinWithCommas(items); }

bool sameValue(const FieldView& a, const FieldView& b)
{
    if (a.index() != b.index())
        return false;
    return std::visit(
        [&b](const auto& x) {
            using T = std::decay_t<decltype(x)>;
            const auto& y = std::get<T>(b);
            if constexpr (std::is_same_v<T, std::span<const std::string>>)
                return std::ranges::equal(x, y);
            else if constexpr (std::is_same_v<T, std::monostate>)
                return true;
            else
                return x == y;
        },
        a);
}

std::string_view partKindLabel(PartKind kind)
{
    static constexpr std::array<std::string_view, partKindCount> labels{
        "GPUs", "Chassis", "CPUs", "NVMe drives", "NICs", "PSUs", "Cooling", "Switches", "PDUs"};
    return labels[static_cast<std::size_t>(kind)];
}

Part makePart(PartKind kind)
{
    switch (kind) {
    case PartKind::Gpu: return Gpu{};
    case PartKind::Chassis: return Chassis{};
    case PartKind::Cpu: return Cpu{};
    case PartKind::Nvme: return Nvme{};
    case PartKind::Nic: return Nic{};
    case PartKind::Psu: return Psu{};
    case PartKind::Cooling: return Cooling{};
    case PartKind::Switch: return NetworkSwitch{};
    case PartKind::Pdu: return Pdu{};
    }
    return Gpu{};
}

Part& emplacePart(std::vector<Part>& parts, PartKind kind)
{
    switch (kind) {
    case PartKind::Gpu: return parts.emplace_back(std::in_place_type<Gpu>);
    case PartKind::Chassis: return parts.emplace_back(std::in_place_type<Chassis>);
    case PartKind::Cpu: return parts.emplace_back(std::in_place_type<Cpu>);
    case PartKind::Nvme: return parts.emplace_back(std::in_place_type<Nvme>);
    case PartKind::Nic: return parts.emplace_back(std::in_place_type<Nic>);
    case PartKind::Psu: return parts.emplace_back(std::in_place_type<Psu>);
    case PartKind::Cooling: return parts.emplace_back(std::in_place_type<Cooling>);
    case PartKind::Switch: return parts.emplace_back(std::in_place_type<NetworkSwitch>);
    case PartKind::Pdu: return parts.emplace_back(std::in_place_type<Pdu>);
    }
    return parts.emplace_back(std::in_place_type<Gpu>);
}

} // namespace infrafit
