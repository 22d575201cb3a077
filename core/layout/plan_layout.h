// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/config/resolved_configuration.h"
#include "core/infra/infrastructure.h"
#include "core/layout/layout_request.h"
#include "core/layout/rack_layout.h"
#include "core/project/project.h"
#include "core/project/resolve_configuration.h"

#include <string>
#include <string_view>

namespace infrafit {

/// The default layout inputs for a configuration's fabric: the leaf, spine
/// and core switches are the fabric's switch (core/infra/fabric.h: radix,
/// port speed, power) on the QM9700's body (1U, 14.8 kg, 2 PSUs), the
/// front-end switch likewise, the SN2201 management switch and the 0U
/// three-phase PDU (core/layout/layout_inputs.h).
LayoutInputs defaultLayoutInputs(const FabricReport& fabric);

/// What the layout takes from `rc` and its infrastructure report: node
/// height, weight (chassis weight_kg), wall power at maximum and under the
/// workload, PSUs and their redundancy, the fabric's switch counts, the
/// rack budget (the smaller of rack.power_limit_kw and the feed), the
/// cooling part's heat per rack and the rack settings.
LayoutRequest layoutRequestFor(
    const ResolvedConfiguration& rc, const InfrastructureReport& infra, const LayoutInputs& inputs);

/// Places devices, distributes power, plans cables and checks every rack.
/// Pure; never throws, never NaN or infinity; problems are findings.
RackLayout planLayout(const LayoutRequest& request);

/// A project's layout with what it was made from: the resolved
/// configuration and the switches and PDU placed (for the NetBox export).
struct ProjectLayout {
    ResolvedConfiguration rc;
    LayoutInputs inputs;
    RackLayout layout;
};

/// As planProjectLayout(), keeping the configuration and the layout inputs;
/// the switches and PDU come from the configuration and the catalog
/// (layoutInputsFor(), core/layout/layout_parts.h).
ProjectLayout planProjectLayoutWithParts(const Project& project, const PartLookup& catalog,
    std::string_view configName, std::string_view workloadName, const std::string& file = {});

/// `infrafit-cli layout`: resolves configuration `configName` (required)
/// of `project`, evaluates workload `workloadName` on it (empty = the
/// first workload; none = infrastructure only) and lays it out. Throws
/// InputError(file, …) for an unknown configuration or workload.
RackLayout planProjectLayout(const Project& project, const PartLookup& catalog,
    std::string_view configName, std::string_view workloadName, const std::string& file = {});

} // namespace infrafit
