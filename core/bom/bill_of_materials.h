// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/analysis/headline.h"
#include "core/base/finding.h"
#include "core/infra/infrastructure_inputs.h"
#include "core/layout/rack_layout.h"
#include "core/base/enum_names.h"
#include "core/project/requirements.h"
#include "core/software/software_check.h"
#include "core/workload/workload.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace infrafit {

/// How a line's unit price is known. `Listed`: a vendor list price;
/// `Estimated`: a street price or a fabric estimate; `Missing`: the part has
/// no price (left out of the total); `IncludedInChassis`: priced inside a
/// complete system (quantity shown, $0 extended); `NotPriced`: sized by the
/// analysis but outside the capital cost (racks when no rack price is given).
enum class PriceStatus { Listed, Estimated, Missing, IncludedInChassis, NotPriced };

template <>
struct EnumNames<PriceStatus> {
    static constexpr std::array<std::string_view, 5> names {
        "list", "estimated", "missing", "included", "not_priced"};
};

/// One bill-of-materials line. Node parts have `quantityPerNode` and
/// `nodes` (total = per node × nodes); fabric and facility lines have only a
/// total. `extendedPriceUsd` = unit × total, or 0 for Missing, Included and
/// NotPriced lines.
struct BomLine {
    std::string kind; ///< "chassis", "gpu", "cpu", "nvme", "nic", "psu", "cooling",
                      ///< "switch", "cable", "transceiver", "rack", "pdu"
    std::string vendor;
    std::string model;
    std::string partId;
    std::string partNumber; ///< manufacturer part number; empty when the catalog has none
    std::optional<std::int64_t> quantityPerNode;
    std::optional<std::int64_t> nodes;
    std::int64_t totalQuantity = 0;
    double unitPriceUsd = 0;
    double extendedPriceUsd = 0;
    PriceStatus priceStatus = PriceStatus::Listed;
    std::string note;
};

/// Sum of the lines of one kind, in the order kinds first appear.
struct BomSubtotal {
    std::string kind;
    std::int64_t quantity = 0;
    double extendedPriceUsd = 0;
    bool includesEstimates = false;
};

/// Totals and how far to trust them. `totalUsd` equals the sum of every
/// line's extended price (and the analysis' capital cost).
struct BomTotals {
    double nodePartsUsd = 0; ///< chassis and the parts inside nodes (and priced cooling)
    double fabricUsd = 0; ///< switches, cables, transceivers
    double facilityUsd = 0; ///< racks with PDUs
    double totalUsd = 0;
    bool includesEstimates = false;
    bool complete = true; ///< no line has a missing price
    std::vector<std::string> missingPrices; ///< "gpu Foo X1 (foo-x1)", one per line
};

/// One bar segment of a summary chart (a memory line or a power component).
struct ChartSegment {
    std::string label;
    double value = 0;
};

/// Idle, typical and maximum power of one level (node, rack, cluster), watts.
struct PowerTriple {
    double idleW = 0;
    double typicalW = 0;
    double maxW = 0;
};

/// The analysis behind the BOM, as reported: nothing here is recomputed
/// except sums of analysis figures (a rack = nodes per rack × node).
struct BomSummary {
    // What and when
    std::string projectName;
    std::string configurationName;
    std::string workloadName; ///< empty when the project has no workload
    std::string date; ///< ISO date, injected by the caller
    std::string infrafitVersion;
    int nodes = 0;
    int gpusPerNode = 0;
    std::int64_t totalGpus = 0;

    // Verdict (present when a workload was evaluated)
    bool hasVerdict = false;
    Headline headline; ///< kind, fit, binding limit and speed of the analysis

    // Power (AC wall power; DC node load listed separately)
    PowerTriple nodeDc;
    PowerTriple nodeWall;
    PowerTriple rackWall; ///< a full rack: nodes per rack × node wall
    PowerTriple clusterWall; ///< nodes × node wall + fabric switches
    double psuCapacityW = 0;
    std::string psuArrangement;
    bool psuOk = false;
    int nodesPerRack = 0;
    std::string nodesPerRackLimit;
    std::int64_t racks = 0;

    // Heat and airflow
    double nodeHeatBtuPerH = 0;
    double rackHeatBtuPerH = 0;
    double nodeAirflowCfm = 0;
    double nodeAirflowM3PerH = 0;
    double rackAirflowCfm = 0;

    // Cost beyond capital
    double pue = 0;
    double electricityUsdPerKwh = 0;
    double energyKwhPerYear = 0;
    double energyUsdPerYear = 0;
    double years = 0;
    double tcoUsd = 0;
    std::optional<double> usdPerMillionTokens;
    // Energy and CO2 (docs/power-model.md §6)
    double gpuPowerLimitW = 0;     ///< per GPU, in effect
    bool gpuPowerCapped = false;
    double energyKwhPerDay = 0;
    std::optional<double> energyKwhPerTrainingRun;
    double gridCo2GPerKwh = 0;
    double co2KgPerYear = 0;
    std::optional<double> co2KgPerTrainingRun;

    // Charts: memory per GPU (lines vs capacity) and node power (DC
    // components at maximum vs installed PSU capacity).
    std::vector<ChartSegment> memoryPerGpuBytes;
    double gpuCapacityBytes = 0;
    std::vector<ChartSegment> nodePowerW;

    Findings findings;
    Assumptions assumptions;
    /// Recommended driver, CUDA/ROCm release and container image for the
    /// GPU's architecture (software compatibility table); absent when the
    /// table has no row for it.
    std::optional<SoftwareRecommendation> software;
    /// The project's manageability and security requirements against the
    /// configuration's chassis and NICs (empty without requirements).
    std::vector<ComplianceRow> compliance;
};

/// A bill of materials for one configuration (and the workload it was
/// evaluated for): lines, subtotals by kind, totals and the summary. A plain
/// value built by buildBom(); every number is finite.
struct BillOfMaterials {
    BomSummary summary;
    std::vector<BomLine> lines;
    std::vector<BomSubtotal> subtotals;
    BomTotals totals;
    /// The configuration's racks as laid out (core/layout/plan_layout.h):
    /// the PDF and HTML reports draw its row plan and rack elevations and
    /// list its cable totals. Absent only in a BOM built by hand.
    std::optional<RackLayout> layout;
    /// The "cable" and "transceiver" lines are the layout's cable list
    /// (addLayoutCableLines(), `bom --layout-cables`) rather than the
    /// fabric's estimate.
    bool cablesFromLayout = false;
};

} // namespace infrafit
