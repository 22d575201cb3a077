// SPDX-License-Identifier: Apache-2.0
#include "core/project/requirement_fields.h"

#include "core/project/project_field_builders.h"

#include <vector>

namespace infrafit {
namespace {

using fieldaccess::plainField;
using RF = ProjectField<ProjectRequirements>;

std::vector<RF> buildRequirementFields()
{
    const char* section = "Requirements";
    return {
        plainField<&ProjectRequirements::secureBoot>({.key = "secure_boot",
            .label = "Secure boot", .writeDefault = false, .section = section,
            .help = "Every chassis must support UEFI secure boot"}),
        plainField<&ProjectRequirements::tpm>({.key = "tpm", .label = "TPM 2.0",
            .writeDefault = false, .section = section,
            .help = "Every chassis must have a TPM 2.0"}),
        plainField<&ProjectRequirements::hardwareRootOfTrust>({.key = "hardware_root_of_trust",
            .label = "Hardware root of trust", .writeDefault = false, .section = section,
            .help = "Every chassis must verify its firmware from a silicon root of trust"}),
        plainField<&ProjectRequirements::signedFirmware>({.key = "signed_firmware",
            .label = "Signed firmware", .writeDefault = false, .section = section,
            .help = "Every chassis must accept only signed firmware updates"}),
        plainField<&ProjectRequirements::oobManagement>({.key = "oob_management",
            .label = "Out-of-band management", .writeDefault = false, .section = section,
            .help = "Every chassis must have a dedicated out-of-band management port"}),
        plainField<&ProjectRequirements::hotSwapPsus>({.key = "hot_swap_psus",
            .label = "Hot-swap PSUs", .writeDefault = false, .section = section,
            .help = "Every chassis must have hot-swappable PSUs"}),
        plainField<&ProjectRequirements::hotSwapFans>({.key = "hot_swap_fans",
            .label = "Hot-swap fans", .writeDefault = false, .section = section,
            .help = "Every chassis must have hot-swappable fans"}),
        plainField<&ProjectRequirements::dpu>({.key = "dpu", .label = "DPU / SmartNIC",
            .writeDefault = false, .section = section,
            .help = "Every node's NICs must be DPUs or SmartNICs"}),
        plainField<&ProjectRequirements::isolationOffload>({.key = "isolation_offload",
            .label = "Isolation offload", .writeDefault = false, .section = section,
            .help = "Every node's NICs must offload tenant isolation"}),
    };
}

} // namespace

std::span<const ProjectField<ProjectRequirements>> requirementFields()
{
    static const std::vector<RF> fields = buildRequirementFields();
    return fields;
}

} // namespace infrafit
