// SPDX-License-Identifier: Apache-2.0
#include "core/output/report_format.h"

#include "core/base/usd_figure.h"

#include "core/base/finding_text.h"

#include <algorithm>
#include <charconv>
#include <cmath>

namespace infrafit {

std::string plainNumber(double value)
{
    if (!std::isfinite(value) || value == 0)
        return "0";
    char buffer[64];
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
    return std::string(buffer, result.ptr);
}

std::string bomTitle(const BomSummary& summary)
{
    return "Bill of materials: "
        + (summary.projectName.empty() ? summary.configurationName
                                       : summary.projectName + " - " + summary.configurationName);
}

std::string formatUsd(double value)
{
    if (!std::isfinite(value))
        value = 0;
    const std::string digits = infra::num(std::fabs(value), 2);
    return (value < 0 && digits != "0.00" ? "-$" : "$") + digits;
}

std::string kindLabel(const std::string& kind)
{
    if (kind == "gpu")
        return "GPU";
    if (kind == "cpu")
        return "CPU";
    if (kind == "nvme")
        return "NVMe";
    if (kind == "nic")
        return "NIC";
    if (kind == "psu")
        return "PSU";
    if (kind == "pdu")
        return "PDU";
    if (kind.empty())
        return kind;
    if (kind == "host_memory")
        return "Host memory";
    std::string label = kind;
    std::replace(label.begin(), label.end(), '_', ' ');
    label[0] = static_cast<char>(label[0] - ('a' <= label[0] && label[0] <= 'z' ? 32 : 0));
    return label;
}

std::string formatTotalUsd(const BomTotals& totals)
{
    return describeUsd(
        {std::isfinite(totals.totalUsd) ? totals.totalUsd : 0,
         totals.complete ? 0 : std::max(1, static_cast<int>(totals.missingPrices.size()))},
        2);
}

std::string totalCaption(const BomTotals& totals)
{
    std::string caption = "Total";
    if (!totals.complete)
        caption += " (lower bound: "
            + unpricedText(std::max(1, static_cast<int>(totals.missingPrices.size()))) + ")";
    else if (totals.includesEstimates)
        caption += " (includes estimated prices)";
    return caption;
}

namespace {

class RowBuilder {
public:
    explicit RowBuilder(std::vector<SummaryRow>& rows) : mRows(rows) { }
    void section(std::string name) { mSection = std::move(name); }
    void text(std::string label, std::string value)
    {
        mRows.push_back({mSection, std::move(label), std::nullopt, {}, std::move(value)});
    }
    void number(std::string label, double value, std::string unit, int decimals)
    {
        if (!std::isfinite(value))
            value = 0;
        std::string shown = unit == "USD" ? formatUsd(value) : infra::num(value, decimals);
        if (unit == "%")
            shown += " %";
        else if (!unit.empty() && unit != "USD")
            shown += " " + unit;
        mRows.push_back({mSection, std::move(label), value, std::move(unit), std::move(shown)});
    }
    /// Money that may be a lower bound: then the text carries "≥ … (n parts
    /// unpriced)" (the number stays for XLSX, which shows the text beside it).
    void money(std::string label, double value, int unpricedParts, int decimals)
    {
        if (!std::isfinite(value))
            value = 0;
        mRows.push_back({mSection, std::move(label), value, "USD",
                         describeUsd({value, unpricedParts}, decimals)});
    }

private:
    std::vector<SummaryRow>& mRows;
    std::string mSection;
};

void verdictRows(const BomSummary& s, RowBuilder& b)
{
    b.section("Verdict");
    if (!s.hasVerdict) {
        b.text("Workload", "none (the project has no workload)");
        return;
    }
    const Headline& h = s.headline;
    b.text("Workload", s.workloadName + " (" + std::string(enumName(h.kind)) + ")");
    b.text("Fits in GPU memory", !h.analyzed ? "not analysed" : h.fits ? "yes" : "no");
    b.text("Binding limit", bindingLimitOrDash(h.bindingLimit));
    if (!h.speedAvailable()) {
        // A plan that cannot run has no speed (issue 23 item 7).
        b.text("Speed", h.analyzed ? "not available: does not fit in GPU memory" : "not available");
    } else if (h.kind == WorkloadKind::Training) {
        b.number("Days to train", h.trainingDays, "days", h.trainingDays < 10 ? 2 : 1);
        b.number("Training throughput", h.tokensPerS, "tokens/s", 0);
        b.number("MFU", h.mfu * 100, "%", 1);
    } else {
        b.number("Output throughput", h.outputTokensPerS, "tokens/s", 0);
        b.number("Time to first token", h.ttftS * 1000, "ms", 1);
        b.number("Time per output token", h.tpotS * 1000, "ms", 2);
    }
}

void powerRows(const BomSummary& s, RowBuilder& b)
{
    b.section("Power");
    const auto levels = [&](const std::string& what, const PowerTriple& p) {
        b.number(what + " idle", p.idleW, "W", 0);
        b.number(what + " average under workload", p.typicalW, "W", 0);
        b.number(what + " max", p.maxW, "W", 0);
    };
    b.number("GPU power limit", s.gpuPowerLimitW, "W", 0);
    levels("Node DC load", s.nodeDc);
    levels("Node wall", s.nodeWall);
    levels("Rack wall", s.rackWall);
    levels("Cluster wall", s.clusterWall);
    b.number("PSU capacity per node", s.psuCapacityW, "W", 0);
    b.text("PSU arrangement",
        s.psuArrangement.empty() ? "-"
                                 : s.psuArrangement + (s.psuOk ? " (ok)" : " (insufficient)"));
    b.number("Nodes per rack", s.nodesPerRack, "", 0);
    b.text("Nodes per rack limited by", s.nodesPerRackLimit.empty() ? "-" : s.nodesPerRackLimit);
    b.number("Racks", static_cast<double>(s.racks), "", 0);

    b.section("Heat and airflow");
    b.number("Node heat", s.nodeHeatBtuPerH, "BTU/h", 0);
    b.number("Rack heat", s.rackHeatBtuPerH, "BTU/h", 0);
    b.number("Node airflow", s.nodeAirflowCfm, "CFM", 0);
    b.number("Node airflow (metric)", s.nodeAirflowM3PerH, "m3/h", 0);
    b.number("Rack airflow", s.rackAirflowCfm, "CFM", 0);
}

} // namespace

std::vector<SummaryRow> bomSummaryRows(const BillOfMaterials& bom)
{
    const auto& s = bom.summary;
    std::vector<SummaryRow> rows;
    rows.reserve(48);
    RowBuilder b(rows);
    b.section("Report");
    b.text("Project", s.projectName);
    b.text("Configuration", s.configurationName);
    b.text("Date", s.date);
    b.text("InfraFit version", s.infrafitVersion);
    b.number("Nodes", s.nodes, "", 0);
    b.number("GPUs", static_cast<double>(s.totalGpus), "", 0);
    verdictRows(s, b);
    powerRows(s, b);

    b.section("Cost");
    const int unpriced =
        bom.totals.complete ? 0 : std::max(1, static_cast<int>(bom.totals.missingPrices.size()));
    b.money("Capital cost", bom.totals.totalUsd, unpriced, 2);
    b.text("Price confidence", totalCaption(bom.totals));
    b.number("Energy per year", s.energyKwhPerYear, "kWh", 0);
    b.number("Energy cost per year", s.energyUsdPerYear, "USD", 2);
    b.number("PUE", s.pue, "", 2);
    b.number("Electricity price", s.electricityUsdPerKwh, "USD/kWh", 3);
    b.number("Energy per day", s.energyKwhPerDay, "kWh", 0);
    if (s.energyKwhPerTrainingRun)
        b.number("Energy per training run", *s.energyKwhPerTrainingRun, "kWh", 0);
    b.number("Grid carbon intensity", s.gridCo2GPerKwh, "g CO2e/kWh", 0);
    b.number("CO2 per year", s.co2KgPerYear / 1000, "t CO2e", 1);
    if (s.co2KgPerTrainingRun)
        b.number("CO2 per training run", *s.co2KgPerTrainingRun / 1000, "t CO2e", 1);
    b.number("TCO horizon", s.years, "years", 0);
    b.money("Total cost of ownership", s.tcoUsd, unpriced, 2);
    if (s.usdPerMillionTokens)
        b.money("Cost per million tokens", *s.usdPerMillionTokens, unpriced, 2);
    return rows;
}

} // namespace infrafit
