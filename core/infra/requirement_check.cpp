// SPDX-License-Identifier: Apache-2.0
#include "core/infra/requirement_check.h"

#include "core/software/software_version.h"

#include <optional>

namespace infrafit {
namespace {

/// One requirement: its key, label and how to read a part's value.
struct RequirementItem {
    const char* key;
    std::string label;
    ComplianceStatus status;
    std::string value;
};

RequirementItem requirementFlag(const char* key, const char* label,
                                const std::optional<bool>& value)
{
    if (!value)
        return {key, label, ComplianceStatus::Unknown, "not stated"};
    return {key, label, *value ? ComplianceStatus::Met : ComplianceStatus::Unmet,
            *value ? "yes" : "no"};
}

std::vector<RequirementItem> chassisRequirementItems(const ProjectRequirements& r,
                                                     const Chassis& c)
{
    std::vector<RequirementItem> items;
    if (!r.redfishMin.empty()) {
        RequirementItem item{"redfish_min", "Redfish >= " + r.redfishMin,
                             ComplianceStatus::Unknown, "not stated"};
        if (!c.redfishVersion.empty()) {
            item.value = c.redfishVersion;
            const auto order = compareVersions(c.redfishVersion, r.redfishMin);
            if (order)
                item.status = *order >= 0 ? ComplianceStatus::Met : ComplianceStatus::Unmet;
        }
        items.push_back(std::move(item));
    }
    if (r.secureBoot)
        items.push_back(requirementFlag("secure_boot", "Secure boot", c.secureBoot));
    if (r.tpm)
        items.push_back(requirementFlag("tpm", "TPM 2.0", c.tpm));
    if (r.hardwareRootOfTrust)
        items.push_back(requirementFlag("hardware_root_of_trust", "Hardware root of trust",
                                        c.hardwareRootOfTrust));
    if (r.signedFirmware)
        items.push_back(requirementFlag("signed_firmware", "Signed firmware", c.signedFirmware));
    if (r.oobManagement)
        items.push_back(
            requirementFlag("oob_management", "Out-of-band management port", c.oobManagementNic));
    if (r.hotSwapPsus)
        items.push_back(requirementFlag("hot_swap_psus", "Hot-swap PSUs", c.hotSwapPsus));
    if (r.hotSwapFans)
        items.push_back(requirementFlag("hot_swap_fans", "Hot-swap fans", c.hotSwapFans));
    return items;
}

std::vector<RequirementItem> nicRequirementItems(const ProjectRequirements& r, const Nic& n)
{
    std::vector<RequirementItem> items;
    if (r.dpu)
        items.push_back(requirementFlag("dpu", "DPU / SmartNIC", n.dpu));
    if (r.isolationOffload)
        items.push_back(
            requirementFlag("isolation_offload", "Isolation offload", n.isolationOffload));
    return items;
}

std::vector<std::string> requirementGapTexts(const std::vector<RequirementItem>& items)
{
    std::vector<std::string> gaps;
    for (const auto& item : items)
        if (item.status != ComplianceStatus::Met)
            gaps.push_back(item.label + ": " + item.value
                           + (item.status == ComplianceStatus::Unknown ? " (unknown)" : ""));
    return gaps;
}

} // namespace

std::vector<ComplianceRow> checkRequirements(const ProjectRequirements& requirements,
                                             const ResolvedConfiguration& config)
{
    std::vector<ComplianceRow> rows;
    for (auto& item : chassisRequirementItems(requirements, config.chassis))
        rows.push_back({item.key, std::move(item.label), "chassis", config.chassis.id,
                        config.chassis.vendor + " " + config.chassis.model, item.status,
                        std::move(item.value), config.chassis.source});
    if (!requiresNicFeatures(requirements))
        return rows;
    if (!config.nic) {
        for (auto& item : nicRequirementItems(requirements, Nic{}))
            rows.push_back({item.key, std::move(item.label), "nic", "", "no NIC",
                            ComplianceStatus::Unmet, "no NIC in the configuration", ""});
        return rows;
    }
    const Nic& nic = *config.nic;
    for (auto& item : nicRequirementItems(requirements, nic))
        rows.push_back({item.key, std::move(item.label), "nic", nic.id,
                        nic.vendor + " " + nic.model, item.status, std::move(item.value),
                        nic.source});
    return rows;
}

Findings requirementFindings(const std::vector<ComplianceRow>& rows)
{
    Findings findings;
    for (const auto& row : rows) {
        const std::string part = row.partId.empty()
                                     ? row.partModel
                                     : row.partKind + " \"" + row.partId + "\" (" + row.partModel + ")";
        if (row.status == ComplianceStatus::Unmet)
            findings.push_back({Severity::Error, "requirement.unmet",
                                "requirement \"" + row.label + "\" is not met by " + part + ": "
                                    + row.value,
                                "choose a " + row.partKind + " that meets it, or drop the "
                                    "requirement"});
        else if (row.status == ComplianceStatus::Unknown)
            findings.push_back({Severity::Warning, "requirement.unknown",
                                "requirement \"" + row.label + "\": the catalog does not say "
                                    "whether " + part + " meets it",
                                "confirm with the vendor's datasheet and record it in the "
                                "catalog"});
    }
    return findings;
}

std::vector<std::string> chassisRequirementGaps(const ProjectRequirements& requirements,
                                                const Chassis& chassis)
{
    return requirementGapTexts(chassisRequirementItems(requirements, chassis));
}

std::vector<std::string> nicRequirementGaps(const ProjectRequirements& requirements,
                                            const Nic& nic)
{
    return requirementGapTexts(nicRequirementItems(requirements, nic));
}

bool requiresNicFeatures(const ProjectRequirements& requirements)
{
    return requirements.dpu || requirements.isolationOffload;
}

} // namespace infrafit
