// SPDX-License-Identifier: Apache-2.0
// infrafit-cli recommend PROJECT --workload NAME [--top N] [--budget-usd X] [--budget-basis
//   capex|tco] [--rack-kw X] [--site-kw X] [--power-caps F,...] [--max-racks N] [--deadline-days X] [--min-tokens-per-s X]
//   [--ttft-ms X] [--tpot-ms X] [--request-rate X] [--max-nodes N] [--max-gpus N]
//   [--redundancy none|N+1|N+N] [--cooling air,...] [--vendors a,b] [--parts id,...]
//   [--format json|text] [--explain] [--threads N] [--db FILE]
#include "app/cli/arguments.h"

#include "core/project/project_names.h"
#include "app/cli/cli.h"
#include "app/cli/commands.h"
#include "app/cli/load_project.h"
#include "app/cli/open_catalog.h"

#include "catalog/catalog_store.h"
#include "core/io/project_json.h"
#include "core/output/recommendation_json.h"
#include "core/base/finding_text.h"
#include "core/base/text_table.h"
#include "core/search/recommend.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstdlib>
#include <ostream>
#include <sstream>

namespace infrafit::cli {
namespace {

std::vector<std::string> splitList(const std::string& text)
{
    std::vector<std::string> out;
    std::stringstream in(text);
    for (std::string item; std::getline(in, item, ',');)
        if (!item.empty())
            out.push_back(item);
    return out;
}

std::optional<double> positive(const Arguments& args, const std::string& option, double scale = 1)
{
    const auto v = args.number(option);
    if (v && *v <= 0)
        throw UsageError("--" + option + " must be greater than 0");
    return v ? std::optional<double>(*v * scale) : std::nullopt;
}

SearchConstraints constraintsFrom(const Arguments& args)
{
    SearchConstraints c;
    c.budgetUsd = positive(args, "budget-usd");
    c.budgetBasis = args.choice("budget-basis", "capex", {"capex", "tco"}) == "tco"
                        ? BudgetBasis::Tco
                        : BudgetBasis::Capex;
    if (const auto kw = positive(args, "rack-kw"))
        c.rackPowerKw = *kw;
    if (args.has("max-racks"))
        c.maxRacks = args.count("max-racks", 1);
    c.sitePowerKw = positive(args, "site-kw");
    for (const auto& text : splitList(args.valueOr("power-caps", ""))) {
        char* end = nullptr;
        const double fraction = std::strtod(text.c_str(), &end);
        if (end == text.c_str() || *end != '\0' || !(fraction > 0 && fraction < 1))
            throw UsageError("--power-caps: \"" + text
                             + "\" is not a fraction of the GPU's rated power between 0 and 1");
        c.gpuPowerLimitFractions.push_back(fraction);
    }
    c.maxNodes = args.count("max-nodes", c.maxNodes);
    if (args.has("max-gpus"))
        c.maxGpus = args.count("max-gpus", 1);
    const auto redundancy = args.choice("redundancy", "N+1", {"none", "N+1", "N+N"});
    c.psuRedundancy = redundancy == "none"   ? PsuRedundancy::None
                      : redundancy == "N+N" ? PsuRedundancy::NPlusN
                                            : PsuRedundancy::NPlus1;
    for (const auto& name : splitList(args.valueOr("cooling", ""))) {
        const auto type = enumFromName<CoolingType>(name);
        if (!type)
            throw UsageError("--cooling: unknown cooling type \"" + name
                             + "\" (air, rear_door, direct_liquid, immersion)");
        c.coolingTypes.push_back(*type);
    }
    c.deadlineDays = positive(args, "deadline-days");
    c.minTokensPerS = positive(args, "min-tokens-per-s");
    c.ttftTargetS = positive(args, "ttft-ms", 1e-3);
    c.tpotTargetS = positive(args, "tpot-ms", 1e-3);
    c.requestRatePerS = positive(args, "request-rate");
    c.vendors = splitList(args.valueOr("vendors", ""));
    c.partIds = splitList(args.valueOr("parts", ""));
    return c;
}

/// "$1.23M" / "$456k" (a table cell); a sum with unpriced
/// parts is a lower bound and says so: "≥$1.23M".
std::string money(double usd, bool complete)
{
    char b[64];
    if (usd >= 1e6)
        std::snprintf(b, sizeof b, "%s$%.2fM", complete ? "" : ">=", usd / 1e6);
    else
        std::snprintf(b, sizeof b, "%s$%.0fk", complete ? "" : ">=", usd / 1e3);
    std::string text = b;
    if (!complete)
        text.replace(text.find(">="), 2, "\u2265 "); // one column wide, like ">" + pad
    return text;
}

/// Serving with a demand: the sized clusters, cheapest per hour first.
void printServingRows(const Recommendation& rec, const Workload& w, bool explain, std::ostream& out)
{
    char line[512];
    const std::string pct = "p" + std::to_string(w.serving.sla ? w.serving.sla->percentile : 99);
    if (!rec.candidates.empty()) {
        std::snprintf(line, sizeof line, "%-4s %-34s %-14s %8s %5s %6s %10s %10s %11s %11s %6s\n",
                      "#", "GPU x per node / chassis", "replica t/p b", "replicas", "nodes", "GPUs",
                      "cluster/h", "$/M out", (pct + " TTFT ms").c_str(),
                      (pct + " TPOT ms").c_str(), "pareto");
        out << line;
    }
    const int percentile = w.serving.sla ? w.serving.sla->percentile : 99;
    for (std::size_t k = 0; k < rec.candidates.size(); ++k) {
        const auto& c = rec.candidates[k];
        if (!c.serving)
            continue;
        const ServingCandidate& s = *c.serving;
        const std::string hw = c.config.gpu.id + " x" + std::to_string(c.config.config.gpusPerNode)
                               + " / " + c.config.chassis.id;
        const std::string replica = std::to_string(s.replica.tensor) + "/"
                                    + std::to_string(s.replica.pipeline) + " b"
                                    + std::to_string(s.replica.maxBatch);
        char cost[32];
        std::snprintf(cost, sizeof cost, "%s$%.2f", c.priceComplete ? "" : ">=",
                      s.clusterUsdPerHour);
        std::snprintf(line, sizeof line,
                      "%-4zu %-34.34s %-14s %8d %5d %6d %10s %10.4f %11.0f %11.1f %6s\n", k + 1,
                      hw.c_str(), replica.c_str(), s.replicasNeeded, s.nodesNeeded,
                      c.config.totalGpus(), cost, s.costPerMillionOutputTokensUsd,
                      s.ttftMs.at(percentile), s.tpotMs.at(percentile), c.pareto ? "yes" : "no");
        out << line;
        if (explain)
            for (const auto& reason : c.reasons)
                out << "       - " << reason << "\n";
    }
    if (explain && !rec.rejected.empty()) {
        out << "\nRuled out (first " << std::min<std::size_t>(20, rec.rejected.size()) << " of "
            << rec.rejected.size() << "):\n";
        for (std::size_t i = 0; i < std::min<std::size_t>(20, rec.rejected.size()); ++i) {
            const auto& r = rec.rejected[i];
            out << "  " << r.hardware << " t" << r.replica.tensor << "/p" << r.replica.pipeline
                << " b" << r.replica.maxBatch << " chunk " << r.replica.chunkTokens << ": "
                << r.reason << "\n";
        }
    }
}

void printText(const Recommendation& rec, const Workload& w, bool explain, std::ostream& out)
{
    const bool training = w.kind == WorkloadKind::Training;
    char line[512];
    std::snprintf(line, sizeof line,
                  "Recommendation for %s: %lld configurations, %s%lld feasible, %lld plan "
                  "evaluations%s\n\n",
                  w.name.c_str(), static_cast<long long>(rec.configurationsConsidered),
                  rec.feasibleCountComplete ? "" : "at least ",
                  static_cast<long long>(rec.feasibleConfigurations),
                  static_cast<long long>(rec.planEvaluations), rec.cancelled ? " (cancelled)" : "");
    out << line;
    const bool serving = !rec.candidates.empty() && rec.candidates.front().serving.has_value();
    if (serving)
        printServingRows(rec, w, explain, out);
    // Whole part ids (two candidates may differ only in their NIC or
    // chassis), columns sized to their contents.
    std::vector<std::string> headers{"#", "GPU x per node", "chassis", "NIC x per node", "nodes",
                                     "GPUs", "plan t/p/d z mb", "capex", "TCO"};
    if (training) {
        headers.insert(headers.end(), {"days", "tokens/s"});
    } else {
        headers.insert(headers.end(), {"out tok/s", "TTFT ms", "TPOT ms"});
    }
    headers.push_back("pareto");
    TextTable table(headers);
    for (std::size_t k = 0; k < rec.candidates.size() && !serving; ++k) {
        const auto& c = rec.candidates[k];
        const auto& p = c.parallelism;
        const auto& perf = c.analysis.performance;
        const auto& config = c.config.config;
        const double capex = c.analysis.infrastructure ? c.analysis.infrastructure->cost.capexUsd : 0;
        const double tco = c.analysis.infrastructure ? c.analysis.infrastructure->cost.tcoUsd : 0;
        const bool priced = c.priceComplete;
        const std::string plan = std::to_string(p.tensor) + "/" + std::to_string(p.pipeline) + "/"
                                 + std::to_string(c.analysis.parallelism.data) + " z"
                                 + std::to_string(p.zeroStage) + " mb"
                                 + std::to_string(training ? c.microBatchSize : c.concurrentRequests);
        std::vector<std::string> cells{
            std::to_string(k + 1),
            c.config.gpu.id + " x" + std::to_string(config.gpusPerNode),
            c.config.chassis.id,
            config.nicId.empty() ? "none" : config.nicId + " x" + std::to_string(config.nicsPerNode),
            std::to_string(config.nodes),
            std::to_string(c.config.totalGpus()),
            plan,
            money(capex, priced),
            money(tco, priced)};
        if (training) {
            cells.push_back(infra::num(perf.trainingDays, perf.trainingDays < 10 ? 2 : 1));
            cells.push_back(infra::num(perf.tokensPerS));
        } else {
            cells.push_back(infra::num(perf.outputTokensPerS));
            cells.push_back(infra::num(perf.ttftS * 1e3, 1));
            cells.push_back(infra::num(perf.tpotS * 1e3, 1));
        }
        cells.push_back(c.pareto ? "yes" : "no");
        table.addRow(std::move(cells));
    }
    if (!rec.candidates.empty() && !serving) {
        const std::string rendered = table.render();
        if (!explain) {
            out << rendered;
        } else {
            // Each candidate's reasons under its row.
            std::istringstream lines(rendered);
            std::string text;
            std::size_t lineNumber = 0;
            while (std::getline(lines, text)) {
                out << text << "\n";
                if (lineNumber >= 2 && lineNumber - 2 < rec.candidates.size()) {
                    for (const auto& reason : rec.candidates[lineNumber - 2].reasons)
                        out << "       - " << reason << "\n";
                }
                ++lineNumber;
            }
        }
    }
    for (const auto& f : rec.findings) {
        if (f.severity == Severity::Info && !explain)
            continue;
        out << "\n" << enumName(f.severity) << " " << f.code << ": " << f.message;
        if (!f.suggestion.empty())
            out << " (" << f.suggestion << ")";
    }
    out << "\n";
}

} // namespace

int recommendCommand(const std::vector<std::string>& words, std::ostream& out, std::ostream& err)
{
    const Arguments args(words,
                         {"workload", "top", "budget-usd", "budget-basis", "rack-kw", "max-racks",
                          "site-kw", "power-caps",
                          "deadline-days", "min-tokens-per-s", "ttft-ms", "tpot-ms",
                          "request-rate", "max-nodes", "max-gpus", "redundancy", "cooling",
                          "vendors", "parts", "format", "threads", "db"},
                         {"explain", resetBrokenCatalogFlag});
    if (args.positional().size() != 1)
        throw UsageError("recommend needs exactly one PROJECT file");
    const auto workloadName = args.value("workload");
    if (!workloadName)
        throw UsageError("recommend needs --workload NAME");
    const std::string& file = args.positional()[0];
    const auto format = args.choice("format", "text", {"text", "json"});
    RecommendRequest request;
    request.constraints = constraintsFrom(args);
    request.top = args.count("top", 5);
    const Project project = loadProject(file, err);
    const auto found = std::find_if(project.workloads.begin(), project.workloads.end(),
                                    [&](const Workload& w) { return w.name == *workloadName; });
    if (found == project.workloads.end())
        throw UsageError("no workload named \"" + *workloadName + "\" in " + file
                         + knownWorkloadNames(project));
    request.workload = *found;
    // The project's manageability and security requirements filter the builds.
    request.constraints.requirements = project.requirements;

    // Snapshot: catalog parts, overridden by the project's inline parts.
    auto store = openCatalog(args, err);
    std::vector<Part> parts = store.list();
    for (const Part& inline_ : project.parts) {
        auto same = std::find_if(parts.begin(), parts.end(),
                                 [&](const Part& p) { return infoOf(p).id == infoOf(inline_).id; });
        if (same != parts.end())
            *same = inline_;
        else
            parts.push_back(inline_);
    }
    // The catalog's software rows decide which GPUs can run the workload.
    request.parts = snapshotOf(parts, store.softwareTable());
    SearchControl control;
    control.threads = args.has("threads") ? args.count("threads", 1) : 0;
    const Recommendation rec = recommend(request, control);
    if (format == "json")
        out << recommendationToJson(rec).dump(2) << "\n";
    else
        printText(rec, request.workload, args.has("explain"), out);
    return ExitOk;
}

} // namespace infrafit::cli
