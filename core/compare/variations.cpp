// SPDX-License-Identifier: Apache-2.0
#include "core/compare/variations.h"

#include "core/base/input_error.h"
#include "core/workload/workload_validation.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>

namespace infrafit {
namespace {

std::string variantName(const std::string& base, std::string_view field, const std::string& value)
{
    return base + " [" + std::string(field) + "=" + value + "]";
}

/// A whole number in [1, max]; nullopt otherwise.
std::optional<long long> positiveInteger(const std::string& text, long long max)
{
    if (text.empty())
        return std::nullopt;
    char* end = nullptr;
    const long long value = std::strtoll(text.c_str(), &end, 10);
    if (*end != '\0' || value < 1 || value > max)
        return std::nullopt;
    return value;
}

std::optional<double> positiveNumber(const std::string& text)
{
    if (text.empty())
        return std::nullopt;
    char* end = nullptr;
    const double value = std::strtod(text.c_str(), &end);
    if (*end != '\0' || !std::isfinite(value) || value <= 0)
        return std::nullopt;
    return value;
}

constexpr long long kMaxInt = std::numeric_limits<int>::max();

} // namespace

std::vector<Workload> deriveWorkloads(
    const Workload& base, WorkloadField field, const std::vector<std::string>& values)
{
    const std::string_view fieldName = enumName(field);
    std::vector<Workload> variants;
    std::vector<Problem> problems;
    for (const auto& value : values) {
        const std::string pointer = std::string(fieldName) + "=" + value;
        Workload w = base;
        w.name = variantName(base.name, fieldName, value);
        bool ok = true;
        switch (field) {
        case WorkloadField::SequenceLength:
            if (const auto n = positiveInteger(value, kMaxInt)) {
                if (w.kind == WorkloadKind::Training)
                    w.sequenceLength = static_cast<int>(*n);
                else
                    w.promptTokens = static_cast<int>(*n);
            } else {
                ok = false;
            }
            break;
        case WorkloadField::Precision:
            if (const auto p = enumFromName<Precision>(value)) {
                if (w.kind == WorkloadKind::Inference && w.kvCachePrecision == w.precision)
                    w.kvCachePrecision = *p;
                w.precision = *p;
            } else {
                ok = false;
            }
            break;
        case WorkloadField::GlobalBatchSize:
            if (const auto n = positiveInteger(value, std::numeric_limits<long long>::max()))
                w.globalBatchSize = *n;
            else
                ok = false;
            break;
        case WorkloadField::ConcurrentRequests:
            if (const auto n = positiveInteger(value, kMaxInt))
                w.concurrentRequests = static_cast<int>(*n);
            else
                ok = false;
            break;
        case WorkloadField::RequestRate:
            if (const auto rate = positiveNumber(value); rate && w.kind == WorkloadKind::Inference)
                w.serving.requestRatePerS = *rate;
            else
                ok = false;
            break;
        case WorkloadField::Traffic: {
            // "x2" or "2": the demand times the factor.
            const std::string factorText
                = !value.empty() && (value[0] == 'x' || value[0] == 'X') ? value.substr(1) : value;
            const auto factor = positiveNumber(factorText);
            if (factor && w.serving.requestRatePerS)
                w.serving.requestRatePerS = *w.serving.requestRatePerS * *factor;
            else if (factor && w.serving.users)
                w.serving.users = std::max(
                    1, static_cast<int>(std::llround(double(*w.serving.users) * *factor)));
            else
                ok = false;
            break;
        }
        case WorkloadField::SlaTtftMs:
        case WorkloadField::SlaTpotMs:
            if (const auto ms = positiveNumber(value); ms && w.serving.sla)
                (field == WorkloadField::SlaTtftMs ? w.serving.sla->ttftMs : w.serving.sla->tpotMs)
                    = *ms;
            else
                ok = false;
            break;
        }
        if (!ok) {
            std::string why = "\"" + value + "\" is not a valid " + std::string(fieldName);
            if ((field == WorkloadField::SlaTtftMs || field == WorkloadField::SlaTpotMs)
                && !base.serving.sla)
                why += ": the workload has no sla to change";
            else if (field == WorkloadField::Traffic && !base.serving.isDemand())
                why += ": the workload has no request_rate_per_s or users to scale";
            else if (field == WorkloadField::RequestRate && base.kind != WorkloadKind::Inference)
                why += ": only an inference workload has a request rate";
            problems.push_back({pointer, why});
            continue;
        }
        validateWorkload(w, pointer, problems);
        variants.push_back(std::move(w));
    }
    if (!problems.empty())
        throw InputError("", std::move(problems));
    return variants;
}

std::vector<Configuration> deriveConfigurations(
    const Configuration& base, ConfigurationField field, const std::vector<std::string>& values)
{
    const std::string_view fieldName = enumName(field);
    std::vector<Configuration> variants;
    std::vector<Problem> problems;
    for (const auto& value : values) {
        Configuration c = base;
        c.name = variantName(base.name, fieldName, value);
        bool ok = true;
        switch (field) {
        case ConfigurationField::Gpu:
            ok = !value.empty();
            c.gpuId = value;
            break;
        case ConfigurationField::Nodes:
        case ConfigurationField::GpusPerNode:
            if (const auto n = positiveInteger(value, kMaxInt))
                (field == ConfigurationField::Nodes ? c.nodes : c.gpusPerNode)
                    = static_cast<int>(*n);
            else
                ok = false;
            break;
        case ConfigurationField::RackPowerLimitKw:
            if (const auto kw = positiveNumber(value))
                c.rack.powerLimitKw = *kw;
            else
                ok = false;
            break;
        }
        if (!ok) {
            problems.push_back({std::string(fieldName) + "=" + value,
                "\"" + value + "\" is not a valid " + std::string(fieldName)});
            continue;
        }
        variants.push_back(std::move(c));
    }
    if (!problems.empty())
        throw InputError("", std::move(problems));
    return variants;
}

void addWorkloadVariants(Project& project, const std::vector<Workload>& variants)
{
    std::vector<Problem> problems;
    for (const auto& v : variants)
        if (std::any_of(project.workloads.begin(), project.workloads.end(),
                [&](const Workload& w) { return w.name == v.name; }))
            problems.push_back({"/workloads", "a workload named \"" + v.name + "\" exists"});
    if (!problems.empty())
        throw InputError("", std::move(problems));
    project.workloads.insert(project.workloads.end(), variants.begin(), variants.end());
}

void addConfigurationVariants(Project& project, const std::vector<Configuration>& variants)
{
    std::vector<Problem> problems;
    for (const auto& v : variants)
        if (std::any_of(project.configurations.begin(), project.configurations.end(),
                [&](const Configuration& c) { return c.name == v.name; }))
            problems.push_back(
                {"/configurations", "a configuration named \"" + v.name + "\" exists"});
    if (!problems.empty())
        throw InputError("", std::move(problems));
    project.configurations.insert(project.configurations.end(), variants.begin(), variants.end());
}

} // namespace infrafit
