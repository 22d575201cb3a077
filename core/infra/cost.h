// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/base/finding.h"
#include "core/config/resolved_configuration.h"
#include "core/infra/fabric.h"
#include "core/infra/infrastructure_inputs.h"
#include "core/infra/power.h"
#include "core/base/usd_figure.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace infrafit {

/// DIMM price per GB when the configuration gives none: $5/GB (64 GB
/// DDR5-4800 RDIMM ~ $320). Estimate from 2024 street prices; DRAM prices
/// move quickly, replace with a quote.
inline constexpr double defaultDimmUsdPerGb = 5.0;


/// One bill-of-materials line: a part (or fabric item) with its unit price,
/// the count for the whole cluster and the line total.
struct CostLine {
    std::string item;          ///< "gpu", "chassis", ..., "host_memory", "shared_storage",
                               ///< "switch", "cable", "transceiver", "rack"
    std::string partId;
    std::string model;
    double unitPriceUsd = 0;
    std::int64_t count = 0;
    double totalUsd = 0;
    bool priceMissing = false;
    bool priceEstimated = false;
    bool includedInChassis = false; ///< priced inside a complete system
};

/// Capital cost, yearly energy and total cost of ownership. When a line has
/// no price (`unpricedParts` > 0), capex, TCO, cost per hour and cost per
/// token are lower bounds: use capex() / tco() / perMillionTokens(), which
/// carry that, to print or compare them.
struct CostReport {
    std::vector<CostLine> lines;
    double partsUsd = 0;
    double fabricUsd = 0;
    double racksUsd = 0;
    double capexUsd = 0;
    bool priceComplete = true;
    int unpricedParts = 0;             ///< BOM lines without a price
    bool priceIncludesEstimates = false;
    bool chassisPriceIncludesComponents = false;
    double pue = 0;
    double electricityUsdPerKwh = 0;
    double energyKwhPerYear = 0;       ///< facility energy: IT average under the workload × PUE
    double energyUsdPerYear = 0;
    double energyKwhPerDay = 0;        ///< facility energy of one day at the workload's average
    /// Facility energy of one training run: cluster wall power under the
    /// workload × training days × 24 h × PUE (DESIGN name
    /// cost.energy_kwh_per_training_run); absent for inference.
    std::optional<double> energyKwhPerTrainingRun;
    std::optional<double> energyUsdPerTrainingRun;
    double gridCo2GPerKwh = 0;
    double co2KgPerYear = 0;           ///< facility energy × grid intensity
    double co2KgPerDay = 0;
    std::optional<double> co2KgPerTrainingRun;
    double years = 0;
    double tcoUsd = 0;                 ///< capex + years × energy
    double usdPerHour = 0;             ///< TCO spread over the horizon
    std::optional<double> usdPerMillionTokens;

    [[nodiscard]] UsdFigure capex() const { return {capexUsd, unpricedParts}; }
    [[nodiscard]] UsdFigure tco() const { return {tcoUsd, unpricedParts}; }
    [[nodiscard]] UsdFigure perHour() const { return {usdPerHour, unpricedParts}; }
    [[nodiscard]] std::optional<UsdFigure> perMillionTokens() const
    {
        if (!usdPerMillionTokens)
            return std::nullopt;
        return UsdFigure{*usdPerMillionTokens, unpricedParts};
    }
};

/// Whether a part's price is an estimate: listed in estimated_fields, or its
/// note does not say "list price" (docs/reference/hardware.md: prices are estimates unless
/// the note says list price).
bool isPriceEstimated(const PartInfo& part);

/// Default PUE: midpoint of the cooling option's range, else 1.4.
double defaultPue(const ResolvedConfiguration& rc);

/// Findings "cost.price_missing", "cost.price_estimated", "cost.per_token".
CostReport estimateCost(const ResolvedConfiguration& rc, const InfrastructureInputs& in,
                        const PowerReport& power, const FabricReport& fabric,
                        Findings& findings);

} // namespace infrafit
