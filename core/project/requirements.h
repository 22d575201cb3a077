// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/base/enum_names.h"

#include <string>
#include <vector>

namespace infrafit {

/// What an IT procurement office requires of every node's manageability
/// and security (a project's optional `requirements` object, issue 20):
/// each unset (false, empty) requirement is not asked for. A requirement
/// is met only when the part's datasheet value says so; an unknown value
/// is "unknown", never met.
struct ProjectRequirements {
    std::string redfishMin;           ///< chassis BMC implements Redfish >= this ("1.8")
    bool secureBoot = false;          ///< chassis: UEFI secure boot
    bool tpm = false;                 ///< chassis: TPM 2.0
    bool hardwareRootOfTrust = false; ///< chassis: silicon root of trust
    bool signedFirmware = false;      ///< chassis: signed firmware updates only
    bool oobManagement = false;       ///< chassis: dedicated out-of-band management port
    bool hotSwapPsus = false;         ///< chassis
    bool hotSwapFans = false;         ///< chassis
    bool dpu = false;                 ///< NICs: DPU / SmartNIC
    bool isolationOffload = false;    ///< NICs: tenant isolation offload

    [[nodiscard]] bool any() const
    {
        return !redfishMin.empty() || secureBoot || tpm || hardwareRootOfTrust || signedFirmware
               || oobManagement || hotSwapPsus || hotSwapFans || dpu || isolationOffload;
    }
};

enum class ComplianceStatus { Met, Unmet, Unknown };

template <>
struct EnumNames<ComplianceStatus> {
    static constexpr std::array<std::string_view, 3> names{"met", "unmet", "unknown"};
};

/// One line of a compliance table: a requirement against the part that
/// must meet it, with the part's value and where that value comes from.
struct ComplianceRow {
    std::string requirement; ///< the requirement's key ("secure_boot", "redfish_min")
    std::string label;       ///< "Secure boot", "Redfish >= 1.8"
    std::string partKind;    ///< "chassis" or "nic"
    std::string partId;
    std::string partModel;
    ComplianceStatus status = ComplianceStatus::Unknown;
    std::string value;  ///< the part's value as text ("yes", "1.6", "not stated")
    std::string source; ///< the part's `source`
};

} // namespace infrafit
