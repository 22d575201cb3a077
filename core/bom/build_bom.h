// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/analysis/analysis_result.h"
#include "core/bom/bill_of_materials.h"
#include "core/config/resolved_configuration.h"
#include "core/infra/infrastructure.h"
#include "core/layout/rack_layout.h"
#include "core/project/project.h"
#include "core/project/resolve_configuration.h"
#include "core/software/software_compat.h"

#include <string>
#include <string_view>

namespace infrafit {

/// What a report says about itself besides the analysis: the project's
/// name, the date printed on it (injected so golden files are stable) and
/// the InfraFit version.
struct BomContext {
    std::string projectName;
    std::string date; ///< "YYYY-MM-DD"
    std::string infrafitVersion = INFRAFIT_VERSION;
    /// Replace the fabric's estimated cable and transceiver lines by the
    /// rack layout's cable list (core/layout/): one line per cable type,
    /// power cords and management cables included (`bom --layout-cables`).
    bool layoutCables = false;
    /// The catalog's software compatibility table (nullptr: the shipped one).
    const SoftwareTable* software = nullptr;
    /// The catalog whose switches and PDUs the rack layout places (nullptr:
    /// the built-in ones); with `layoutCables` its PDUs and management
    /// switches become BOM lines. buildProjectBom() sets it.
    const PartLookup* catalog = nullptr;
};

/// The BOM of `rc` as `evaluation` (an evaluate() result, which carries the
/// infrastructure report) priced and sized it: the cost lines become BOM
/// lines with vendors and per-node quantities, racks sized but not priced
/// are listed at $0, and the summary copies power, heat, cost, verdict,
/// findings and assumptions. Pure; never NaN or infinity. Throws
/// std::invalid_argument when `evaluation` has no infrastructure report.
BillOfMaterials buildBom(
    const ResolvedConfiguration& rc, const AnalysisResult& evaluation, const BomContext& context);

/// The BOM of a configuration without a workload (no verdict): lines and
/// summary from checkInfrastructure() alone.
BillOfMaterials buildBom(
    const ResolvedConfiguration& rc, const InfrastructureReport& report, const BomContext& context);

/// Entry point for `infrafit-cli bom` and the GUI's Export BOM…: resolves
/// configuration `configName` of `project`, evaluates it with workload
/// `workloadName` (empty = the project's first workload; none = no verdict)
/// and builds the BOM. `context.projectName` defaults to the project's name.
/// Throws InputError(file, …) for a project without configurations, an
/// unknown configuration or workload name, or parts that do not resolve.
BillOfMaterials buildProjectBom(const Project& project, const PartLookup& catalog,
    std::string_view configName, std::string_view workloadName, BomContext context,
    const std::string& file = {});

/// Adds the compliance table of the project's `requirements` against the
/// configuration's parts (checkRequirements(), core/infra/requirement_check.h)
/// and its `requirement.*` findings to `bom`; nothing when there are none.
/// buildProjectBom() does this; a caller that builds from its own
/// evaluation (the GUI's export) calls it too.
void addComplianceTable(BillOfMaterials& bom, const ProjectRequirements& requirements,
                        const ResolvedConfiguration& rc);

/// Replaces the fabric's "cable" and "transceiver" lines of `bom` by one
/// "cable" line per cable type of `layout` (count, estimated unit price) and
/// one "transceiver" line per optical type (two per cable), then recomputes
/// subtotals and totals, so the cable list's totals are the BOM's lines.
void addLayoutCableLines(BillOfMaterials& bom, const RackLayout& layout);

/// Adds the rack layout's PDUs (kind "pdu") and management switches (kind
/// "switch") priced from the parts in `inputs` (the catalog's, or the
/// built-in defaults' estimates), then recomputes subtotals and totals.
/// Used with `bom --layout-cables`, where the layout is planned.
void addLayoutDeviceLines(BillOfMaterials& bom, const RackLayout& layout, const LayoutInputs& inputs);

/// Today's date (UTC) as "YYYY-MM-DD"; SOURCE_DATE_EPOCH, when set to a
/// number of seconds, is used instead of the clock (reproducible reports).
std::string reportDateToday();

} // namespace infrafit
