// SPDX-License-Identifier: Apache-2.0
#include "ui/project/project_field_rows.h"

#include <QtGlobal>

#include <algorithm>
#include <type_traits>

namespace infrafit::ui::form {

namespace {

// Limits repeat the project file reader's (core/io/project_json.cpp,
// workload_json.cpp, serving_demand_json.cpp). A reader's exclusive lower
// bound of 0 becomes the smallest step the box shows.
constexpr double projectRowsMaxTokens = 1 << 22;
constexpr double projectRowsMaxUsers = 1 << 24;

template <class T, class E>
std::vector<std::string_view> projectRowsChoices()
{
    return {EnumNames<E>::names.begin(), EnumNames<E>::names.end()};
}

/// Getter and setter of an optional number member.
template <class T, class V>
FieldRow<T> projectRowsOptional(FieldRowSpec spec, std::optional<V> T::*member)
{
    FieldRow<T> row {std::move(spec), {}, {}};
    row.get = [member](const T& o) -> std::optional<double> {
        const auto& v = o.*member;
        return v ? std::optional<double>(static_cast<double>(*v)) : std::nullopt;
    };
    row.set = [member](T& o, std::optional<double> v) {
        o.*member = v ? std::optional<V>(static_cast<V>(*v)) : std::nullopt;
    };
    return row;
}

/// Getter and setter of a plain number or bool member.
template <class T, class V>
FieldRow<T> projectRowsPlain(FieldRowSpec spec, V T::*member)
{
    FieldRow<T> row {std::move(spec), {}, {}};
    row.get
        = [member](const T& o) -> std::optional<double> { return static_cast<double>(o.*member); };
    row.set = [member](T& o, std::optional<double> v) {
        if (v)
            o.*member = static_cast<V>(*v);
    };
    return row;
}

/// Getter and setter of an enum member shown as a choice of its names.
template <class T, class E>
FieldRow<T> projectRowsEnum(FieldRowSpec spec, E T::*member)
{
    FieldRow<T> row {std::move(spec), {}, {}};
    row.spec.choices = projectRowsChoices<T, E>();
    row.get
        = [member](const T& o) -> std::optional<double> { return static_cast<double>(o.*member); };
    row.set = [member](T& o, std::optional<double> v) {
        if (v)
            o.*member = static_cast<E>(static_cast<int>(*v));
    };
    return row;
}

FieldRow<Workload> projectRowsServing(FieldRowSpec spec,
    std::function<std::optional<double>(const ServingDemand&)> get,
    std::function<void(ServingDemand&, std::optional<double>)> set)
{
    FieldRow<Workload> row {std::move(spec), {}, {}};
    row.get = [get](const Workload& w) { return get(w.serving); };
    row.set = [set](Workload& w, std::optional<double> v) { set(w.serving, v); };
    return row;
}

constexpr int projectRowsPercentiles[] = {50, 90, 99};

} // namespace

std::vector<FieldRow<Configuration>> configurationHostStorageRows()
{
    using C = Configuration;
    return {
        projectRowsOptional<C>({"dimms_per_node", QT_TR_NOOP("DIMMs per node"), "", 1, 1024, 0,
                                   QT_TR_NOOP("not stated"), {}, false,
                                   QT_TR_NOOP("Memory modules per node; not stated: host memory "
                                              "checks report it unknown.")},
            &C::dimmsPerNode),
        projectRowsPlain<C>({"dimm_size_gb", QT_TR_NOOP("DIMM size"), " GB", 0.1, 1e6, 1, nullptr,
                                {}, false, QT_TR_NOOP("GB (10^9 bytes) per memory module.")},
            &C::dimmSizeGb),
        projectRowsOptional<C>({"dimm_price_usd", QT_TR_NOOP("DIMM price"), " USD", 0, 1e9, 2,
                                   QT_TR_NOOP("estimate per GB"), {}, false,
                                   QT_TR_NOOP("Price of one memory module for the bill of "
                                              "materials.")},
            &C::dimmPriceUsd),
        projectRowsPlain<C>({"shared_storage_gbs", QT_TR_NOOP("Shared storage bandwidth"), " GB/s",
                                0, 1e6, 1, nullptr, {}, false,
                                QT_TR_NOOP("Network storage bandwidth for the cluster; 0 = no "
                                           "shared storage.")},
            &C::sharedStorageGbs),
        projectRowsOptional<C>({"shared_storage_price_usd", QT_TR_NOOP("Shared storage price"),
                                   " USD", 0, 1e12, 2, QT_TR_NOOP("not priced"), {}, false,
                                   QT_TR_NOOP("Price of the shared storage system for the bill of "
                                              "materials.")},
            &C::sharedStoragePriceUsd),
    };
}

std::vector<FieldRow<Workload>> trainingExtraRows()
{
    using W = Workload;
    return {
        projectRowsPlain<W>({"dropout", QT_TR_NOOP("Dropout"), "", 0, 0.99, 2, nullptr, {}, false,
                                QT_TR_NOOP("Dropout probability; above 0 it keeps masks in "
                                           "activation memory.")},
            &W::dropout),
        projectRowsPlain<W>(
            {"fp32_grad_buffer", QT_TR_NOOP("FP32 gradient buffer"), "", 0, 1, 0, nullptr, {}, true,
                QT_TR_NOOP("Megatron's fp32 main-grad buffer (4 bytes per "
                           "parameter) for bf16/fp16 training.")},
            &W::fp32GradBuffer),
    };
}

std::vector<FieldRow<Workload>> trainingStorageRows()
{
    using W = Workload;
    return {
        projectRowsPlain<W>(
            {"checkpoint_interval_hours", QT_TR_NOOP("Checkpoint interval"), " h", 0.01, 1e6, 2,
                nullptr, {}, false, QT_TR_NOOP("Hours of training between checkpoints.")},
            &W::checkpointIntervalHours),
        projectRowsPlain<W>({"max_checkpoint_share", QT_TR_NOOP("Largest checkpoint share"), "",
                                0.01, 0.99, 2, nullptr, {}, false,
                                QT_TR_NOOP("Largest acceptable share of wall time spent writing "
                                           "checkpoints.")},
            &W::maxCheckpointShare),
        projectRowsPlain<W>(
            {"checkpoints_kept", QT_TR_NOOP("Checkpoints kept"), "", 1, 1000, 0, nullptr, {}, false,
                QT_TR_NOOP("Checkpoints kept on local NVMe at once.")},
            &W::checkpointsKept),
        projectRowsEnum<W>(
            {"checkpoint_target", QT_TR_NOOP("Checkpoint target"), "", 0, 0, 0, nullptr, {}, false,
                QT_TR_NOOP("auto: local NVMe when the nodes have drives, else shared "
                           "storage.")},
            &W::checkpointTarget),
        projectRowsOptional<W>({"data_bytes_per_token", QT_TR_NOOP("Data bytes per token"), " B",
                                   0.01, 1e6, 2, QT_TR_NOOP("token-id width"), {}, false,
                                   QT_TR_NOOP("Stored training input per token; default: 2 below a "
                                              "65,500 vocabulary, else 4.")},
            &W::dataBytesPerToken),
        projectRowsOptional<W>({"sample_bytes", QT_TR_NOOP("Bytes per sample"), " B", 1, 1e15, 0,
                                   QT_TR_NOOP("from tokens"), {}, false,
                                   QT_TR_NOOP("Bytes per training sample for non-text data; "
                                              "replaces bytes per token.")},
            &W::sampleBytes),
        projectRowsEnum<W>({"data_source", QT_TR_NOOP("Training data source"), "", 0, 0, 0, nullptr,
                               {}, false, QT_TR_NOOP("Where training data is read from.")},
            &W::dataSource),
        projectRowsEnum<W>(
            {"offload", QT_TR_NOOP("Offload to host"), "", 0, 0, 0, nullptr, {}, false,
                QT_TR_NOOP("ZeRO-Offload: optimizer states (and weights) in host "
                           "memory.")},
            &W::offload),
    };
}

std::vector<FieldRow<Workload>> servingExtraRows()
{
    using W = Workload;
    return {
        projectRowsPlain<W>(
            {"kv_block_size", QT_TR_NOOP("KV block size"), " tokens", 1, projectRowsMaxTokens, 0,
                nullptr, {}, false, QT_TR_NOOP("Paged-attention block (vLLM default 16).")},
            &W::kvBlockSize),
        projectRowsEnum<W>(
            {"model_load_source", QT_TR_NOOP("Model load source"), "", 0, 0, 0, nullptr, {}, false,
                QT_TR_NOOP("Where the weights are loaded from at start-up.")},
            &W::modelLoadSource),
        projectRowsPlain<W>({"kv_offload_gb_per_gpu", QT_TR_NOOP("KV offload per GPU"), " GB", 0,
                                1e6, 1, nullptr, {}, false,
                                QT_TR_NOOP("Host memory per GPU for KV cache offloaded from the "
                                           "GPU.")},
            &W::kvOffloadGbPerGpu),
    };
}

std::vector<FieldRow<Workload>> servingDemandRows()
{
    using D = ServingDemand;
    std::vector<FieldRow<Workload>> rows;
    const auto optionalOf = [](auto member) {
        return std::pair {std::function<std::optional<double>(const D&)>(
                              [member](const D& d) -> std::optional<double> {
                                  const auto& v = d.*member;
                                  return v ? std::optional<double>(static_cast<double>(*v))
                                           : std::nullopt;
                              }),
            std::function<void(D&, std::optional<double>)>([member](D& d, std::optional<double> v) {
                using V = typename std::remove_reference_t<decltype(d.*member)>::value_type;
                d.*member = v ? std::optional<V>(static_cast<V>(*v)) : std::nullopt;
            })};
    };
    const auto plainOf = [](auto member) {
        return std::pair {std::function<std::optional<double>(const D&)>(
                              [member](const D& d) -> std::optional<double> {
                                  return static_cast<double>(d.*member);
                              }),
            std::function<void(D&, std::optional<double>)>([member](D& d, std::optional<double> v) {
                using V = std::remove_reference_t<decltype(d.*member)>;
                if (!v)
                    return;
                if constexpr (std::is_enum_v<V>)
                    d.*member = static_cast<V>(static_cast<int>(*v));
                else
                    d.*member = static_cast<V>(*v);
            })};
    };
    const auto add = [&rows](FieldRowSpec row, auto accessors) {
        rows.push_back(projectRowsServing(std::move(row), accessors.first, accessors.second));
    };
    add({"serving.request_rate_per_s", QT_TR_NOOP("Request rate"), " /s", 0.01, 1e7, 2,
            QT_TR_NOOP("not set"), {}, false,
            QT_TR_NOOP("Open loop: requests per second (give a rate or users, not both).")},
        optionalOf(&D::requestRatePerS));
    add({"serving.users", QT_TR_NOOP("Users"), "", 1, projectRowsMaxUsers, 0, QT_TR_NOOP("not set"),
            {}, false, QT_TR_NOOP("Closed loop: users who each wait for an answer, then think.")},
        optionalOf(&D::users));
    add({"serving.think_time_s", QT_TR_NOOP("Think time"), " s", 0, 1e6, 1, nullptr, {}, false,
            QT_TR_NOOP("Mean time between one user's requests.")},
        plainOf(&D::thinkTimeS));
    {
        FieldRowSpec arrival {"serving.arrival", QT_TR_NOOP("Arrivals"), "", 0, 0, 0, nullptr,
            projectRowsChoices<D, ArrivalProcess>(), false,
            QT_TR_NOOP("poisson: MLPerf server scenario; gamma: bursty.")};
        add(std::move(arrival), plainOf(&D::arrival));
    }
    add({"serving.arrival_cv", QT_TR_NOOP("Arrival burstiness (CV)"), "", 0.01, 10, 2, nullptr, {},
            false, QT_TR_NOOP("Coefficient of variation of the gaps between requests (gamma).")},
        plainOf(&D::arrivalCv));
    // The SLA is one object: a TTFT limit creates it; no limit removes it.
    add({"serving.sla.ttft_ms", QT_TR_NOOP("SLA time to first token"), " ms", 0.1, 1e9, 1,
            QT_TR_NOOP("no SLA"), {}, false,
            QT_TR_NOOP("Limit on the percentile's time to first token.")},
        std::pair {
            std::function<std::optional<double>(const D&)>([](const D& d) -> std::optional<double> {
                return d.sla ? std::optional(d.sla->ttftMs) : std::nullopt;
            }),
            std::function<void(D&, std::optional<double>)>([](D& d, std::optional<double> v) {
                if (!v) {
                    d.sla.reset();
                    return;
                }
                if (!d.sla)
                    d.sla = ServiceLevel {};
                d.sla->ttftMs = *v;
            })});
    add({"serving.sla.tpot_ms", QT_TR_NOOP("SLA time per output token"), " ms", 0.1, 1e9, 1,
            nullptr, {}, false, QT_TR_NOOP("Limit on the percentile's time per output token.")},
        std::pair {
            std::function<std::optional<double>(const D&)>(
                [](const D& d) -> std::optional<double> { return d.sla ? d.sla->tpotMs : 50.0; }),
            std::function<void(D&, std::optional<double>)>([](D& d, std::optional<double> v) {
                if (d.sla && v)
                    d.sla->tpotMs = *v;
            })});
    add({"serving.sla.percentile", QT_TR_NOOP("SLA percentile"), "", 0, 0, 0, nullptr,
            {"p50", "p90", "p99"}, false, QT_TR_NOOP("Which percentile must meet the limits.")},
        std::pair {
            std::function<std::optional<double>(const D&)>([](const D& d) -> std::optional<double> {
                const int p = d.sla ? d.sla->percentile : 99;
                return p == 50 ? 0.0 : p == 90 ? 1.0 : 2.0;
            }),
            std::function<void(D&, std::optional<double>)>([](D& d, std::optional<double> v) {
                if (d.sla && v)
                    d.sla->percentile
                        = projectRowsPercentiles[std::clamp(static_cast<int>(*v), 0, 2)];
            })});
    add({"serving.prefill_chunk_tokens", QT_TR_NOOP("Prefill chunk"), " tokens", 1,
            projectRowsMaxTokens, 0, QT_TR_NOOP("2048 (default)"), {}, false,
            QT_TR_NOOP("Token budget of one engine step (vLLM max_num_batched_tokens).")},
        optionalOf(&D::prefillChunkTokens));
    add({"serving.prefix_cache_hit_rate", QT_TR_NOOP("Prefix cache hit rate"), "", 0, 0.99, 2,
            nullptr, {}, false, QT_TR_NOOP("Share of prompt tokens found in the prefix cache.")},
        plainOf(&D::prefixCacheHitRate));
    add({"serving.spare_replicas", QT_TR_NOOP("Spare replicas"), "", 0, 1000, 0, nullptr, {}, false,
            QT_TR_NOOP("Replicas added beyond the demand (1 = N+1).")},
        plainOf(&D::spareReplicas));
    return rows;
}

std::vector<FieldRow<Workload>> hostNeedRows()
{
    using W = Workload;
    return {
        projectRowsOptional<W>({"cpu_cores_per_gpu_needed", QT_TR_NOOP("CPU cores needed per GPU"),
                                   "", 0, 1024, 1, QT_TR_NOOP("default"), {}, false,
                                   QT_TR_NOOP("Host CPU cores each GPU needs; default: the "
                                              "per-kind figure listed in the assumptions.")},
            &W::cpuCoresPerGpuNeeded),
        projectRowsOptional<W>(
            {"host_memory_per_gpu_gb_needed", QT_TR_NOOP("Host memory needed per GPU"), " GB", 0,
                1e6, 0, QT_TR_NOOP("default"), {}, false,
                QT_TR_NOOP("Host memory each GPU needs; default: the per-kind "
                           "figure listed in the assumptions.")},
            &W::hostMemoryPerGpuGbNeeded),
    };
}

} // namespace infrafit::ui::form
