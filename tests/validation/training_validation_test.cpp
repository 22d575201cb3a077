// SPDX-License-Identifier: Apache-2.0
// Training speed against published measured runs (docs/validation.md,
// "## Training"). The runs are in training_runs.json with their sources;
// efficiencies are fitted on the runs marked "fit", and the out-of-sample
// rest must stay within the issue-16 limits: trainingMedian |error| <= 10 %, every
// run within 35 %.
#include "core/pipeline/analyze.h"
#include "core/io/workload_json.h"

#include "validation/validation_figures.h"
#include "validation/validation_stats.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <map>
#include <string>
#include <string_view>
#include <vector>

using namespace infrafit;

namespace {

nlohmann::json loadRuns()
{
    std::ifstream in(std::string(INFRAFIT_SOURCE_DIR) + "/tests/validation/training_runs.json");
    REQUIRE(in.good());
    return nlohmann::json::parse(in);
}

ResolvedConfiguration clusterFor(const nlohmann::json& hw, const std::string& id, int nodes)
{
    ResolvedConfiguration c;
    c.config.name = id + " x" + std::to_string(nodes);
    c.config.gpuId = id;
    // 8 GPUs per node unless stated (GB200 NVL72 trays: 4, in a 72-GPU
    // NVLink domain).
    const int gpusPerNode = hw.value("gpus_per_node", 8);
    c.config.gpusPerNode = gpusPerNode;
    c.config.nodes = nodes;
    c.config.nicsPerNode = hw.at("nics_per_node").get<int>();
    c.gpu.id = id;
    c.gpu.model = id;
    c.gpu.architecture = hw.at("architecture").get<std::string>();
    c.gpu.memoryGb = hw.at("memory_gb").get<double>();
    if (hw.contains("memory_gib"))
        c.gpu.memoryGib = hw.at("memory_gib").get<double>();
    c.gpu.memoryBandwidthGbs = hw.at("memory_bandwidth_gbs").get<double>();
    c.gpu.bf16Tflops = hw.at("bf16_tflops").get<double>();
    c.gpu.fp16Tflops = hw.at("fp16_tflops").get<double>();
    c.gpu.fp32Tflops = hw.at("fp32_tflops").get<double>();
    if (hw.contains("fp8_tflops"))
        c.gpu.fp8Tflops = hw.at("fp8_tflops").get<double>();
    c.gpu.gpuLinkGbs = hw.at("gpu_link_gbs").get<double>();
    c.gpu.pcieGen = hw.at("pcie_gen").get<int>();
    c.gpu.precisions = {"fp32", "bf16", "fp16"};
    if (c.gpu.fp8Tflops)
        c.gpu.precisions.push_back("fp8");
    if (hw.contains("fp4_tflops")) {
        c.gpu.fp4Tflops = hw.at("fp4_tflops").get<double>();
        c.gpu.precisions.push_back("fp4");
    }
    c.chassis.id = "hgx";
    c.chassis.maxGpus = gpusPerNode;
    c.chassis.gpuFabric = GpuFabric::NvSwitch;
    if (hw.contains("fabric_domain_gpus"))
        c.chassis.fabricDomainGpus = hw.at("fabric_domain_gpus").get<int>();
    if (hw.contains("host_link_gbs"))
        c.gpu.hostLinkGbs = hw.at("host_link_gbs").get<double>();
    Nic nic;
    nic.id = "nic";
    nic.ports = 1;
    nic.portSpeedGbps = hw.at("nic_gbps").get<double>();
    c.nic = nic;
    return c;
}

struct RunError {
    std::string id;
    std::string hardware; ///< key into the file's "hardware"
    /// Signed speed error: InfraFit's throughput over the measured one − 1
    /// (for step times, measured ÷ InfraFit − 1), so + is optimistic either way.
    double speedError = 0;
    bool fit = false;
    bool knownGap = false; ///< `known_speed_gap`: a documented disagreement, not held to 35 %
    double measured = 0, predicted = 0, error = 0;
    const char* unit = "";
};

std::vector<RunError> evaluateRuns()
{
    const nlohmann::json doc = loadRuns();
    std::vector<RunError> out;
    for (const auto& run : doc.at("runs")) {
        std::vector<Problem> problems;
        const std::string id = run.at("id").get<std::string>();
        const auto w = workloadFromJson(run.at("workload"), "/runs/" + id + "/workload", problems);
        INFO(id);
        REQUIRE(problems.empty());
        REQUIRE(w.has_value());
        const std::string hwId = run.at("hardware").get<std::string>();
        const ResolvedConfiguration c
            = clusterFor(doc.at("hardware").at(hwId), hwId, run.at("nodes").get<int>());
        const AnalysisResult r = analyzeWithPlan(*w, c, *w->parallelism, true);
        REQUIRE(r.analyzed);
        // Never more than the hardware has (issue 16, "done when").
        CHECK(r.performance.hfu <= 1.0);
        // Each run ran as published, so it must fit (issue 16: no false
        // "does not fit"), except the gaps docs/validation.md lists.
        INFO("memory " << r.memory.totalBytes() / 1073741824.0 << " GiB of "
                       << r.usableBytes / 1073741824.0 << " GiB usable");
        // A marked gap that a model change closes must lose its mark.
        CHECK(r.fits != run.contains("known_memory_gap"));
        RunError e;
        e.id = id;
        e.fit = run.at("fit").get<bool>();
        e.knownGap = run.contains("known_speed_gap");
        const auto& measured = run.at("measured");
        if (measured.contains("step_time_s")) {
            e.measured = measured.at("step_time_s").get<double>();
            e.predicted = r.performance.stepTimeS;
            e.unit = "s/step";
        } else {
            e.measured = measured.at("tokens_per_s_per_gpu").get<double>();
            e.predicted = r.performance.tokensPerS / c.totalGpus();
            e.unit = "tokens/s/GPU";
        }
        e.error = (e.predicted - e.measured) / e.measured;
        e.hardware = hwId;
        e.speedError = e.unit == std::string_view("s/step") ? e.measured / e.predicted - 1.0
                                                            : e.error;
        out.push_back(e);
    }
    return out;
}

} // namespace

std::vector<test::ValidationFigure> test::trainingFigures()
{
    std::vector<ValidationFigure> out;
    for (const RunError& e : evaluateRuns()) // error on the measured quantity, as the table
        out.push_back({e.id, ValidationMetric::TrainingSpeed, e.fit, e.error, e.knownGap});
    return out;
}

TEST_CASE("training speed against published measured runs", "[validation][training]")
{
    const std::vector<RunError> runs = evaluateRuns();
    REQUIRE(runs.size() >= 25);
    std::vector<double> fitted, outOfSample;
    std::printf("| run | fit | measured | InfraFit | error |\n|---|---|---|---|---|\n");
    for (const RunError& e : runs) {
        std::printf("| %s | %s | %.4g %s | %.4g | %+.1f %%%s |\n", e.id.c_str(),
            e.fit ? "fit" : "", e.measured, e.unit, e.predicted, 100.0 * e.error,
            e.knownGap ? " (known gap)" : "");
        (e.fit ? fitted : outOfSample).push_back(std::fabs(e.error));
    }
    const double worst = *std::max_element(outOfSample.begin(), outOfSample.end());
    std::printf("fit runs: %zu, trainingMedian |error| %.1f %%; out-of-sample runs: %zu, "
                "trainingMedian |error| "
                "%.1f %%, worst %.1f %%\n",
        fitted.size(), 100.0 * test::validationMedian(fitted), outOfSample.size(),
        100.0 * test::validationMedian(outOfSample), 100.0 * worst);
    REQUIRE(outOfSample.size() >= 15);
    CHECK(test::validationMedian(outOfSample) <= test::trainingMedianHeld);
    for (const RunError& e : runs) {
        INFO(e.id << ": measured " << e.measured << " " << e.unit << ", InfraFit " << e.predicted);
        if (e.knownGap) {
            // DeepSpeed's 2021 ZeRO-3 at scale (docs/validation.md): still
            // off by more than 20 %. When a model change brings one within
            // it, its `known_speed_gap` must go.
            CHECK(std::fabs(e.error) > 0.20);
            continue;
        }
        CHECK(std::fabs(e.error) <= 0.35);
    }
}

TEST_CASE("The fitted GEMM plateaus follow their fitting rule on the fit runs (docs/validation.md)",
          "[validation][training]")
{
    // hardware_rates.cpp: each fitted plateau is the two-decimal value
    // nearest to where the median signed speed error of its family's fit
    // runs is zero. One step of 0.01 moves that median by about 1.3 points
    // (Ampere) or 1.4 (Hopper), so a plateau that keeps the rule leaves it
    // within 0.75 points of zero; a model change that moves the fit runs
    // further fails here until the plateau is refitted.
    std::map<std::string, std::vector<double>> byFamily;
    for (const RunError& e : evaluateRuns()) {
        if (!e.fit)
            continue;
        if (e.hardware.rfind("a100", 0) == 0)
            byFamily["Ampere"].push_back(e.speedError);
        else if (e.hardware.rfind("h100", 0) == 0)
            byFamily["Hopper"].push_back(e.speedError);
        else
            FAIL("fit run " << e.id << " on " << e.hardware << " belongs to no fitted family");
    }
    REQUIRE(byFamily.size() == 2);
    for (const auto& [family, errors] : byFamily) {
        INFO(family << ": " << errors.size() << " fit runs");
        REQUIRE(errors.size() >= 3);
        CHECK(std::fabs(test::validationMedian(errors)) <= 0.0075);
    }
}
