// SPDX-License-Identifier: Apache-2.0
#include "core/project/configuration_fields.h"

#include "core/project/project_field_builders.h"

#include <vector>

namespace infrafit {
namespace {

using fieldaccess::optionalField;
using fieldaccess::plainField;
using CF = ProjectField<Configuration>;

// Upper bounds of the counts (docs/security.md): they keep products such as
// GPUs per node × nodes or devices × PCIe lanes inside an int. DIMMs: 32
// sockets of 32 slots.
constexpr double configurationFieldsMaxDevices = 256;

std::vector<CF> buildConfigurationFields()
{
    const char* parts = "Parts per node";
    const char* cluster = "Cluster and rack";
    const char* host = "Host memory and shared storage";
    const char* rackLayout = "Rack layout";
    // The rack's fields: `rack.` keys live in the `rack` object.
    CF rackPower{.key = "rack.power_limit_kw", .label = "Rack power budget", .unit = "kW",
                 .type = FieldType::Number, .maximum = 1000, .exclusiveMinimum = true,
                 .section = cluster,
                 .decimals = 1,
                 .help = "Usable power of one rack feed (under 2N, one feed's budget)"};
    rackPower.get = [](const Configuration& c) -> std::optional<double> {
        return c.rack.powerLimitKw;
    };
    rackPower.set = [](Configuration& c, std::optional<double> v) {
        if (v)
            c.rack.powerLimitKw = *v;
    };
    CF rackUnits{.key = "rack.units", .label = "Rack height", .unit = "U",
                 .type = FieldType::Integer, .minimum = 1, .maximum = 100, .section = cluster,
                 .help = "Rack units available for nodes"};
    rackUnits.get = [](const Configuration& c) -> std::optional<double> { return c.rack.units; };
    rackUnits.set = [](Configuration& c, std::optional<double> v) {
        if (v)
            c.rack.units = static_cast<int>(*v);
    };
    CF rackWeight{.key = "rack.weight_limit_kg", .label = "Rack weight limit", .unit = "kg",
                  .type = FieldType::Number, .maximum = 100000, .exclusiveMinimum = true,
                  .section = rackLayout, .decimals = 0,
                  .help = "Most a loaded rack may weigh (floor loading): rack, devices and PDUs"};
    rackWeight.get = [](const Configuration& c) -> std::optional<double> {
        return c.rack.weightLimitKg;
    };
    rackWeight.set = [](Configuration& c, std::optional<double> v) {
        if (v)
            c.rack.weightLimitKg = *v;
    };
    CF rackPitch{.key = "rack.pitch_m", .label = "Rack pitch", .unit = "m",
                 .type = FieldType::Number, .maximum = 10, .exclusiveMinimum = true,
                 .section = rackLayout, .decimals = 2,
                 .help = "Centre-to-centre distance of racks in a row (cable lengths)"};
    rackPitch.get = [](const Configuration& c) -> std::optional<double> { return c.rack.pitchM; };
    rackPitch.set = [](Configuration& c, std::optional<double> v) {
        if (v)
            c.rack.pitchM = *v;
    };
    CF rowDistance{.key = "rack.row_distance_m", .label = "Row distance", .unit = "m",
                   .type = FieldType::Number, .maximum = 100, .exclusiveMinimum = true,
                   .section = rackLayout, .decimals = 2,
                   .help = "Distance between neighbouring rows of racks (cable lengths)"};
    rowDistance.get = [](const Configuration& c) -> std::optional<double> {
        return c.rack.rowDistanceM;
    };
    rowDistance.set = [](Configuration& c, std::optional<double> v) {
        if (v)
            c.rack.rowDistanceM = *v;
    };
    CF racksPerRow{.key = "rack.racks_per_row", .label = "Racks per row", .unit = "racks",
                   .type = FieldType::Integer, .minimum = 1, .maximum = 1000, .section = rackLayout,
                   .help = "Racks in one row of the layout before the next row starts"};
    racksPerRow.get = [](const Configuration& c) -> std::optional<double> {
        return c.rack.racksPerRow;
    };
    racksPerRow.set = [](Configuration& c, std::optional<double> v) {
        if (v)
            c.rack.racksPerRow = static_cast<int>(*v);
    };
    return {
        // Counts of a part are written only with its id (project_json.cpp).
        plainField<&Configuration::gpusPerNode>({.key = "gpus_per_node", .label = "GPUs",
            .unit = "per node", .minimum = 1, .maximum = 1024, .section = parts,
            .help = "GPUs in one node"}),
        plainField<&Configuration::cpusPerNode>({.key = "cpus_per_node", .label = "CPUs",
            .unit = "per node", .maximum = 16, .section = parts, .help = "CPU sockets in one node",
            .customFile = true}),
        plainField<&Configuration::nvmePerNode>({.key = "nvme_per_node", .label = "NVMe drives",
            .unit = "per node", .maximum = configurationFieldsMaxDevices, .section = parts,
            .help = "Local NVMe drives in one node", .customFile = true}),
        plainField<&Configuration::nicsPerNode>({.key = "nics_per_node", .label = "NICs",
            .unit = "per node", .maximum = configurationFieldsMaxDevices, .section = parts,
            .help = "Network adapters in one node", .customFile = true}),
        plainField<&Configuration::psusPerNode>({.key = "psus_per_node", .label = "PSUs",
            .unit = "per node", .maximum = configurationFieldsMaxDevices, .section = parts,
            .help = "Power supplies in one node", .customFile = true}),
        plainField<&Configuration::psuRedundancy>({.key = "psu_redundancy",
            .label = "PSU redundancy", .section = parts,
            .help = "none, N+1 or N+N (one feed may fail)"}),
        optionalField<&Configuration::gpuPowerLimitW>({.key = "gpu_power_limit_w",
            .label = "GPU power limit", .unit = "W", .maximum = 5000, .exclusiveMinimum = true,
            .absent = "rated power", .section = parts,
            .decimals = 0, .help = "Power limit set on every GPU (nvidia-smi -pl); not set: the GPU's rated "
                    "power"}),
        plainField<&Configuration::nodes>({.key = "nodes", .label = "Nodes", .unit = "nodes",
            .minimum = 1, .maximum = 100000, .section = cluster,
            .help = "Nodes in the cluster"}),
        rackPower,
        rackUnits,
        rackWeight,
        rackPitch,
        rowDistance,
        racksPerRow,
        optionalField<&Configuration::dimmsPerNode>({.key = "dimms_per_node",
            .label = "DIMMs per node", .minimum = 1, .maximum = 1024, .absent = "not stated",
            .section = host,
            .help = "Memory modules per node; not stated: host memory checks report it "
                    "unknown"}),
        plainField<&Configuration::dimmSizeGb>({.key = "dimm_size_gb", .label = "DIMM size",
            .unit = "GB", .maximum = 1e6, .exclusiveMinimum = true, .section = host,
            .decimals = 1, .help = "GB (10^9 bytes) per memory module"}),
        optionalField<&Configuration::dimmPriceUsd>({.key = "dimm_price_usd",
            .label = "DIMM price", .unit = "USD", .maximum = 1e9, .absent = "estimate per GB",
            .section = host, .help = "Price of one memory module for the bill of materials"}),
        plainField<&Configuration::sharedStorageGbs>({.key = "shared_storage_gbs",
            .label = "Shared storage bandwidth", .unit = "GB/s", .maximum = 1e6,
            .section = host,
            .decimals = 1, .help = "Network storage bandwidth for the cluster; 0 = no shared storage"}),
        optionalField<&Configuration::sharedStoragePriceUsd>({.key = "shared_storage_price_usd",
            .label = "Shared storage price", .unit = "USD", .maximum = 1e12,
            .absent = "not priced", .section = host,
            .help = "Price of the shared storage system for the bill of materials"}),
    };
}

} // namespace

std::span<const ProjectField<Configuration>> configurationFields()
{
    static const std::vector<CF> fields = buildConfigurationFields();
    return fields;
}

const ProjectField<Configuration>* findConfigurationField(std::string_view key)
{
    return findProjectField(configurationFields(), key);
}

} // namespace infrafit
