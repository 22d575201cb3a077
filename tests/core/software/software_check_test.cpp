// SPDX-License-Identifier: Apache-2.0
// The software compatibility rules (issue 20) against the shipped table,
// core/data/software-compat.json, whose figures are sourced in
// docs/reference/software.md: the NVIDIA CUDA Toolkit, Driver and
// Architecture Matrix (Ampere from CUDA 11.0, Blackwell from CUDA 12.8,
// Volta's last toolkit CUDA 12.x and last driver R580), the CUDA 12.8
// release notes (minimum driver 570.26, so branch R570), the vLLM
// quantization hardware table (FP8 W8A8 on Ada, Hopper and AMD GPUs, not on
// Ampere) and the ROCm compatibility matrix (MI300X, gfx942).
#include "core/pipeline/evaluate.h"
#include "core/io/default_software.h"
#include "core/software/software_check.h"

#include "../analysis/test_hardware.h"

#include <catch2/catch.hpp>

#include <algorithm>

using namespace infrafit;

namespace {

Gpu softwareTestGpu(const char* id, const char* architecture,
                    std::vector<std::string> precisions)
{
    Gpu g;
    g.id = id;
    g.architecture = architecture;
    g.precisions = std::move(precisions);
    return g;
}

Gpu a100() { return softwareTestGpu("a100", "Ampere", {"fp32", "tf32", "bf16", "fp16", "int8"}); }
Gpu h100() { return softwareTestGpu("h100", "Hopper", {"fp32", "bf16", "fp16", "fp8"}); }
Gpu b200() { return softwareTestGpu("b200", "Blackwell", {"bf16", "fp16", "fp8", "fp4"}); }
Gpu mi300x() { return softwareTestGpu("mi300x", "CDNA 3", {"bf16", "fp16", "fp8"}); }
Gpu v100() { return softwareTestGpu("v100", "Volta", {"fp32", "fp16"}); }

Workload softwareTestWorkload(WorkloadKind kind, Precision precision)
{
    Workload w;
    w.name = "w";
    w.kind = kind;
    w.precision = precision;
    return w;
}

bool softwareTestHas(const Findings& findings, std::string_view code, Severity severity)
{
    return std::any_of(findings.begin(), findings.end(), [&](const Finding& f) {
        return f.code == code && f.severity == severity;
    });
}

bool softwareTestHasError(const Findings& findings)
{
    return std::any_of(findings.begin(), findings.end(),
                       [](const Finding& f) { return f.severity == Severity::Error; });
}

} // namespace

TEST_CASE("FP8 training on an A100 is an error, on an H100 it is not", "[software]")
{
    const auto& table = defaultSoftwareTable();
    const auto w = softwareTestWorkload(WorkloadKind::Training, Precision::Fp8);
    const auto onA100 = checkSoftware(w, a100(), table);
    CHECK(softwareTestHas(onA100, "software.precision_unsupported", Severity::Error));
    CHECK_FALSE(softwareTestHasError(checkSoftware(w, h100(), table)));
}

TEST_CASE("FP4 serving on an H100 is an error, on a B200 it is not", "[software]")
{
    const auto& table = defaultSoftwareTable();
    auto w = softwareTestWorkload(WorkloadKind::Inference, Precision::Fp4);
    w.software.servingEngine = ServingEngine::Vllm;
    CHECK(softwareTestHas(checkSoftware(w, h100(), table), "software.precision_unsupported",
                          Severity::Error));
    CHECK_FALSE(softwareTestHasError(checkSoftware(w, b200(), table)));
    // TensorRT-LLM runs NVFP4 on Blackwell from 0.17.0 (its release notes).
    w.software.servingEngine = ServingEngine::TensorrtLlm;
    w.software.servingEngineVersion = "0.16.0";
    CHECK(softwareTestHas(checkSoftware(w, b200(), table), "software.framework_too_old",
                          Severity::Error));
    w.software.servingEngineVersion = "0.17.0";
    CHECK_FALSE(softwareTestHasError(checkSoftware(w, b200(), table)));
}

TEST_CASE("a B200 with a driver branch older than R570 is an error", "[software]")
{
    const auto& table = defaultSoftwareTable();
    auto w = softwareTestWorkload(WorkloadKind::Training, Precision::Bf16);
    w.software.driverBranch = "R550";
    const auto old = checkSoftware(w, b200(), table);
    CHECK(softwareTestHas(old, "software.driver_too_old", Severity::Error));
    w.software.driverBranch = "R570";
    CHECK_FALSE(softwareTestHasError(checkSoftware(w, b200(), table)));
    // CUDA 12.4 predates Blackwell (first: 12.8).
    w.software.toolkitVersion = "12.4";
    CHECK(softwareTestHas(checkSoftware(w, b200(), table), "software.toolkit_too_old",
                          Severity::Error));
}

TEST_CASE("an MI300X with ROCm and PyTorch is fine", "[software]")
{
    const auto& table = defaultSoftwareTable();
    auto w = softwareTestWorkload(WorkloadKind::Training, Precision::Bf16);
    w.software.framework = SoftwareFramework::Pytorch;
    w.software.frameworkVersion = "2.4.0";
    w.software.toolkitVersion = "6.2";
    w.software.driverBranch = "R535"; // an NVIDIA branch means nothing to ROCm: not checked
    const auto findings = checkSoftware(w, mi300x(), table);
    CHECK_FALSE(softwareTestHasError(findings));
    // ROCm 5.7 predates MI300 (first: ROCm 6.0).
    w.software.toolkitVersion = "5.7";
    CHECK(softwareTestHas(checkSoftware(w, mi300x(), table), "software.toolkit_too_old",
                          Severity::Error));
}

TEST_CASE("a framework older than the GPU, or one that does not run on it, is an error",
          "[software]")
{
    const auto& table = defaultSoftwareTable();
    auto w = softwareTestWorkload(WorkloadKind::Training, Precision::Bf16);
    w.software.framework = SoftwareFramework::Pytorch;
    w.software.frameworkVersion = "2.6.0"; // Blackwell from PyTorch 2.7
    CHECK(softwareTestHas(checkSoftware(w, b200(), table), "software.framework_too_old",
                          Severity::Error));
    w.software.frameworkVersion = "2.7.1";
    CHECK_FALSE(softwareTestHasError(checkSoftware(w, b200(), table)));

    auto serve = softwareTestWorkload(WorkloadKind::Inference, Precision::Bf16);
    serve.software.servingEngine = ServingEngine::TensorrtLlm;
    CHECK(softwareTestHas(checkSoftware(serve, mi300x(), table),
                          "software.framework_unsupported", Severity::Error));
    // FP8 serving with vLLM on an A100 fails twice over; only the hardware
    // error is reported.
    serve.software.servingEngine = ServingEngine::Vllm;
    serve.precision = Precision::Fp8;
    const auto fp8 = checkSoftware(serve, a100(), table);
    CHECK(softwareTestHas(fp8, "software.precision_unsupported", Severity::Error));
    CHECK_FALSE(softwareTestHas(fp8, "software.framework_precision_unsupported", Severity::Error));
}

TEST_CASE("Volta warns of its published end of support and refuses CUDA 13", "[software]")
{
    const auto& table = defaultSoftwareTable();
    auto w = softwareTestWorkload(WorkloadKind::Training, Precision::Fp16);
    w.flashAttention = false;
    const auto findings = checkSoftware(w, v100(), table);
    CHECK(softwareTestHas(findings, "software.end_of_support", Severity::Warning));
    CHECK_FALSE(softwareTestHasError(findings));
    w.software.toolkitVersion = "13.0";
    CHECK(softwareTestHas(checkSoftware(w, v100(), table), "software.toolkit_dropped",
                          Severity::Error));
    w.flashAttention = true; // FlashAttention 2 needs Ampere or later
    CHECK(softwareTestHas(checkSoftware(w, v100(), table),
                          "software.flash_attention_unavailable", Severity::Warning));
}

TEST_CASE("a GPU without a compatibility row is only noted when software is stated",
          "[software]")
{
    const auto& table = defaultSoftwareTable();
    auto w = softwareTestWorkload(WorkloadKind::Training, Precision::Bf16);
    const Gpu other = softwareTestGpu("x", "Unknown arch", {"bf16"});
    CHECK(checkSoftware(w, other, table).empty());
    w.software.framework = SoftwareFramework::Jax;
    CHECK(softwareTestHas(checkSoftware(w, other, table), "software.no_compatibility_row",
                          Severity::Info));
}

TEST_CASE("evaluate reports software findings with the others", "[software]")
{
    auto w = testing::presetTraining("llama-3.1-8b", Parallelism{.tensor = 8});
    w.software.driverBranch = "R450"; // Hopper needs R520 (CUDA 11.8)
    const auto result = evaluate(w, testing::h100Cluster(1));
    CHECK(softwareTestHas(result.findings, "software.driver_too_old", Severity::Error));
    // An edited table is used instead of the shipped one.
    SoftwareTable edited = defaultSoftwareTable();
    for (auto& row : edited.rows)
        if (row.architecture == "Hopper")
            row.minDriverBranch = "R400";
    const auto withEdited = evaluate(w, testing::h100Cluster(1), {}, &edited);
    CHECK_FALSE(softwareTestHas(withEdited.findings, "software.driver_too_old", Severity::Error));
}

TEST_CASE("the recommended stack comes from the architecture's row", "[software]")
{
    const auto rec = recommendSoftware(b200(), defaultSoftwareTable());
    REQUIRE(rec);
    CHECK(rec->stack == SoftwareStack::Cuda);
    CHECK(rec->minimumDriver == "R570");
    CHECK(rec->minimumToolkit == "12.8");
    CHECK_FALSE(rec->containerImage.empty());
    CHECK_FALSE(rec->source.empty());
    CHECK_FALSE(recommendSoftware(softwareTestGpu("x", "none", {}), defaultSoftwareTable()));
}
