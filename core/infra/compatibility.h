// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/base/finding.h"
#include "core/config/resolved_configuration.h"
#include "core/infra/infrastructure_inputs.h"

namespace infrafit {

/// Whether the parts physically fit together: GPU form factor and count,
/// drive bays, PCIe slots for NICs, CPU sockets, PSU slots, precision
/// support, liquid-only parts against air cooling. Each flag is true when
/// its check passed or could not apply.
struct CompatibilityReport {
    bool gpuFormFactorOk = true;
    bool gpuBaseboardOk = true; ///< the GPU's baseboard is one the chassis is built for
    bool nodeMultipleOk = true; ///< the node count is a multiple the chassis is sold in
    bool gpuCountOk = true;
    bool nvmeBaysOk = true;
    bool pcieSlotsOk = true;
    bool cpuSocketsOk = true;
    bool psuSlotsOk = true;
    bool precisionOk = true;
    bool coolingOk = true;
    bool systemPartsOk = true; ///< a complete system holds only its own host parts
    bool nicOfferedOk = true;  ///< the NIC is one the chassis is built with (nic_options)
    bool ok = true;
};

/// Findings "compat.gpu_form_factor", "compat.gpu_baseboard", "compat.node_multiple",
/// "compat.gpu_count", "compat.nvme_bays",
/// "compat.pcie_slots", "compat.cpu_sockets", "compat.psu_slots",
/// "compat.precision", "compat.precision_unknown", "compat.liquid_required",
/// "compat.cooling_mismatch", "compat.foreign_part" (a part other than a
/// complete system's own CPUs, NICs, drives and PSUs, or another count),
/// "compat.nic_not_offered" (a NIC the chassis' nic_options do not list).
CompatibilityReport checkCompatibility(const ResolvedConfiguration& rc,
                                       const InfrastructureInputs& in, Findings& findings);

} // namespace infrafit
