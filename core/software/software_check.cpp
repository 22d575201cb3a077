// SPDX-License-Identifier: Apache-2.0
#include "core/software/software_check.h"

#include "core/software/software_version.h"

#include <array>
#include <string_view>
#include <utility>

namespace infrafit {
namespace {

/// How people write a framework key ("tensorrt_llm" -> "TensorRT-LLM").
std::string softwareCheckFrameworkLabel(std::string_view key)
{
    static constexpr std::array<std::pair<std::string_view, std::string_view>, 11> labels{{
        {"pytorch", "PyTorch"},
        {"jax", "JAX"},
        {"megatron_core", "Megatron-Core"},
        {"nemo", "NeMo"},
        {"deepspeed", "DeepSpeed"},
        {"tensorrt_llm", "TensorRT-LLM"},
        {"vllm", "vLLM"},
        {"sglang", "SGLang"},
        {"flash_attention", "FlashAttention"},
        {"nccl", "NCCL"},
        {"rccl", "RCCL"},
    }};
    for (const auto& [k, label] : labels)
        if (k == key)
            return std::string(label);
    return std::string(key);
}

std::string softwareCheckPrecisionList(const SoftwareCompat& row)
{
    std::string text;
    for (const auto& p : row.precisions)
        text += (text.empty() ? "" : ", ") + p;
    return text.empty() ? std::string("none listed") : text;
}

/// " (software compatibility row \"Hopper\", checked 2026-12-05)".
std::string softwareCheckRowNote(const SoftwareCompat& row)
{
    return " (software compatibility row \"" + row.architecture + "\", checked "
           + row.sourceDate + ")";
}

void softwareCheckAdd(Findings& out, Severity severity, std::string code, std::string message,
                      std::string suggestion)
{
    out.push_back({severity, std::move(code), std::move(message), std::move(suggestion)});
}

/// A stated version below `minimum` / above `last` of the row.
void softwareCheckRange(Findings& out, const SoftwareCompat& row, const std::string& stated,
                        const std::string& minimum, const std::string& last,
                        std::string_view what, std::string_view codeStem)
{
    if (stated.empty())
        return;
    const std::string note = softwareCheckRowNote(row);
    if (!minimum.empty()) {
        if (const auto c = compareVersions(stated, minimum); c && *c < 0) {
            softwareCheckAdd(out, Severity::Error, std::string(codeStem) + "_too_old",
                             std::string(what) + " " + stated + " is older than " + minimum
                                 + ", the first that supports " + row.architecture + note,
                             "use " + std::string(what) + " " + minimum + " or later");
            return;
        }
    }
    if (!last.empty()) {
        if (const auto c = compareVersions(stated, last); c && *c > 0)
            softwareCheckAdd(out, Severity::Error, std::string(codeStem) + "_dropped",
                             std::string(what) + " " + stated + " no longer supports "
                                 + row.architecture + ": its last is " + last + note,
                             "stay on " + std::string(what) + " " + last
                                 + ", or choose a newer GPU");
    }
}

/// Framework or serving engine `name` at `version` (may be empty).
void softwareCheckFramework(Findings& out, const SoftwareCompat& row, std::string_view name,
                            const std::string& version, std::string_view precision,
                            bool hardwareLacksPrecision)
{
    const std::string note = softwareCheckRowNote(row);
    const std::string framework = softwareCheckFrameworkLabel(name);
    if (const auto* support = row.feature(name, "support")) {
        if (!support->supported) {
            softwareCheckAdd(out, Severity::Error, "software.framework_unsupported",
                             framework + " does not run on " + row.architecture + note,
                             "choose a framework the row lists, or another GPU");
            return;
        }
        if (!version.empty() && !support->minVersion.empty()) {
            if (const auto c = compareVersions(version, support->minVersion); c && *c < 0)
                softwareCheckAdd(out, Severity::Error, "software.framework_too_old",
                                 framework + " " + version + " is older than "
                                     + support->minVersion + ", the first that supports "
                                     + row.architecture + note,
                                 "use " + framework + " " + support->minVersion + " or later");
        }
    }
    if (precision.empty() || hardwareLacksPrecision)
        return;
    const std::string p(precision);
    const auto* f = row.feature(name, precision);
    if (!f) {
        softwareCheckAdd(out, Severity::Info, "software.framework_precision_unlisted",
                         "the software compatibility table does not say whether " + framework
                             + " runs " + p + " on " + row.architecture + note,
                         "check the framework's documentation");
        return;
    }
    if (!f->supported) {
        softwareCheckAdd(out, Severity::Error, "software.framework_precision_unsupported",
                         framework + " does not run " + p + " on " + row.architecture + note,
                         "use bf16, or a framework that runs " + p + " on this GPU");
        return;
    }
    if (!version.empty() && !f->minVersion.empty()) {
        if (const auto c = compareVersions(version, f->minVersion); c && *c < 0)
            softwareCheckAdd(out, Severity::Error, "software.framework_precision_too_old",
                             framework + " " + version + " runs " + p + " on " + row.architecture
                                 + " only from " + f->minVersion + note,
                             "use " + framework + " " + f->minVersion + " or later");
    }
}

} // namespace

Findings checkSoftware(const Workload& workload, const Gpu& gpu, const SoftwareTable& table)
{
    Findings out;
    const auto& software = workload.software;
    const bool lowPrecision
        = workload.precision == Precision::Fp8 || workload.precision == Precision::Fp4;
    const SoftwareCompat* row = table.find(gpu.architecture);
    if (!row) {
        if (software.stated() || lowPrecision)
            softwareCheckAdd(out, Severity::Info, "software.no_compatibility_row",
                             "GPU \"" + gpu.id + "\" (architecture \"" + gpu.architecture
                                 + "\") has no software compatibility row: its driver, toolkit "
                                   "and framework support are not checked",
                             "add a row for the architecture to the catalog");
        return out;
    }
    const std::string note = softwareCheckRowNote(*row);
    const std::string_view precision = lowPrecision ? enumName(workload.precision) : "";
    const bool hardwareLacks = lowPrecision && !row->hasPrecision(precision);
    if (hardwareLacks) {
        const std::string p(precision);
        softwareCheckAdd(out, Severity::Error, "software.precision_unsupported",
                         std::string(enumName(workload.kind)) + " in " + p + " needs " + p
                             + " math in hardware, which " + row->architecture
                             + " lacks (it has " + softwareCheckPrecisionList(*row) + ")" + note,
                         "use bf16, or a GPU whose architecture has " + p);
    }
    if (row->stack == SoftwareStack::Cuda)
        softwareCheckRange(out, *row, software.driverBranch, row->minDriverBranch,
                           row->lastDriverBranch, "driver branch", "software.driver");
    softwareCheckRange(out, *row, software.toolkitVersion, row->minToolkitVersion,
                       row->lastToolkitVersion, softwareStackLabel(row->stack), "software.toolkit");
    if (software.framework != SoftwareFramework::None)
        softwareCheckFramework(out, *row, enumName(software.framework), software.frameworkVersion,
                               precision, hardwareLacks);
    if (software.servingEngine != ServingEngine::None && workload.kind == WorkloadKind::Inference)
        softwareCheckFramework(out, *row, enumName(software.servingEngine),
                               software.servingEngineVersion, precision, hardwareLacks);
    if (workload.kind == WorkloadKind::Training && workload.flashAttention) {
        const auto* fa2 = row->feature("flash_attention", "flash_attention_2");
        const auto* fa3 = row->feature("flash_attention", "flash_attention_3");
        if (fa2 && !fa2->supported && (!fa3 || !fa3->supported))
            softwareCheckAdd(out, Severity::Warning, "software.flash_attention_unavailable",
                             "the plan assumes FlashAttention, which does not run on "
                                 + row->architecture + note,
                             "turn FlashAttention off in the workload (the attention scores are then stored)");
    }
    if (!row->endOfSupport.empty()) {
        std::string what = "software support for " + row->architecture + " ends " + row->endOfSupport;
        if (!row->lastDriverBranch.empty())
            what += "; its last driver branch is " + row->lastDriverBranch;
        if (!row->lastToolkitVersion.empty())
            what += ", its last " + std::string(softwareStackLabel(row->stack)) + " is "
                    + row->lastToolkitVersion;
        softwareCheckAdd(out, Severity::Warning, "software.end_of_support", what + note,
                         "plan the cluster's service life within it, or choose a newer GPU");
    }
    return out;
}

// GCC 12 reports row->stack as "may be used uninitialized" when this file
// shares a unity batch with others (a false positive of its alias analysis,
// GCC bug 105562 family); the row is a found element of the table.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
std::optional<SoftwareRecommendation> recommendSoftware(const Gpu& gpu, const SoftwareTable& table)
{
    const SoftwareCompat* row = table.find(gpu.architecture);
    if (!row)
        return std::nullopt;
    std::optional<SoftwareRecommendation> result(std::in_place);
    SoftwareRecommendation& r = *result;
    r.architecture = row->architecture;
    r.stack = row->stack;
    r.driver = row->recommendedDriver;
    r.toolkit = row->recommendedToolkit;
    r.containerImage = row->containerImage;
    r.minimumDriver = row->minDriverBranch;
    r.minimumToolkit = row->minToolkitVersion;
    r.endOfSupport = row->endOfSupport;
    r.source = row->source;
    r.sourceDate = row->sourceDate;
    return result;
}
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

} // namespace infrafit
