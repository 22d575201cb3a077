// SPDX-License-Identifier: Apache-2.0
#include "core/output/storage_json.h"

#include <cmath>
#include <string>

namespace infrafit {
namespace {

nlohmann::json storageNumber(double v)
{
    return std::isfinite(v) ? nlohmann::json(v) : nlohmann::json(0);
}

// Byte counts as integers, rounded up (never under-state what must be stored);
// counts an int64 cannot hold (from extreme inputs) stay numbers, as a
// conversion would be undefined behaviour.
nlohmann::json storageBytes(double v)
{
    if (!std::isfinite(v) || v <= 0)
        return nlohmann::json(0);
    const double up = std::ceil(v);
    return up < 9.0e18 ? nlohmann::json(static_cast<long long>(up)) : nlohmann::json(up);
}

nlohmann::json gbs(double bytesPerS)
{
    return storageNumber(bytesPerS / 1e9);
}

std::string name(StorageTarget t)
{
    return std::string(enumName(t));
}

} // namespace

nlohmann::json storageToJson(const StorageReport& s)
{
    const auto& c = s.checkpoint;
    const auto& d = s.dataFeed;
    const auto& m = s.modelLoad;
    return {
        // Contract (docs/architecture.md "Analysis JSON").
        {"checkpoint_bytes", storageBytes(c.bytes)},
        {"checkpoint_write_s", storageNumber(c.writeS)},
        {"data_feed_ok", d.ok},
        // Additive.
        {"ok", s.ok},
        {"nodes_used", s.nodesUsed},
        {"local_write_gbs_per_node", gbs(s.localWriteBytesPerSPerNode)},
        {"local_read_gbs_per_node", gbs(s.localReadBytesPerSPerNode)},
        {"nic_gbs_per_node", gbs(s.nicBytesPerSPerNode)},
        {"shared_storage_gbs", gbs(s.sharedStorageBytesPerS)},
        {"checkpoint",
            {{"bytes_per_parameter", storageNumber(c.bytesPerParameter)},
                {"parameters_saved", storageNumber(c.parametersSaved)},
                {"writer_nodes", c.writerNodes}, {"bytes_per_node", storageBytes(c.bytesPerNode)},
                {"target", name(c.target)}, {"local_write_s", storageNumber(c.localWriteS)},
                {"local_restore_s", storageNumber(c.localRestoreS)},
                {"shared_write_s", storageNumber(c.sharedWriteS)},
                {"shared_restore_s", storageNumber(c.sharedRestoreS)},
                {"restore_s", storageNumber(c.restoreS)},
                {"interval_hours", storageNumber(c.intervalHours)},
                {"share", storageNumber(c.share)}, {"max_share", storageNumber(c.maxShare)},
                {"min_interval_hours", storageNumber(c.minIntervalHours)},
                {"count", storageNumber(c.count)}, {"total_hours", storageNumber(c.totalHours)},
                {"kept", c.kept},
                {"local_capacity_bytes_per_node", storageBytes(c.localCapacityBytesPerNode)}}},
        {"data_feed",
            {{"bytes_per_token", storageNumber(d.bytesPerToken)},
                {"sample_bytes", storageNumber(d.sampleBytes)}, {"gbs", gbs(d.bytesPerS)},
                {"gbs_per_node", gbs(d.bytesPerSPerNode)}, {"source", name(d.source)},
                {"source_gbs_per_node", gbs(d.sourceBytesPerSPerNode)},
                {"dataset_bytes", storageBytes(d.datasetBytes)}}},
        {"model_load",
            {{"bytes_per_node", storageBytes(m.bytesPerNode)}, {"source", name(m.source)},
                {"local_s", storageNumber(m.localS)}, {"shared_s", storageNumber(m.sharedS)},
                {"startup_s", storageNumber(m.startupS)},
                {"scale_out_s", storageNumber(m.scaleOutS)}}},
    };
}

nlohmann::json hostToJson(const HostReport& h)
{
    return {
        // Contract (docs/architecture.md "Analysis JSON").
        {"cpu_cores_per_gpu", storageNumber(h.cpuCoresPerGpu)},
        {"host_memory_per_gpu_bytes", storageBytes(h.hostMemoryPerGpuBytes)},
        {"ok", h.ok},
        // Additive.
        {"cpu_cores_per_gpu_needed", storageNumber(h.cpuCoresPerGpuNeeded)},
        {"host_memory_known", h.hostMemoryKnown},
        {"host_memory_per_node_bytes", storageBytes(h.hostMemoryPerNodeBytes)},
        {"host_memory_per_gpu_needed_bytes", storageBytes(h.neededPerGpuBytes)},
        {"base_need_per_gpu_bytes", storageBytes(h.baseNeedPerGpuBytes)},
        {"staging_per_gpu_bytes", storageBytes(h.stagingPerGpuBytes)},
        {"offload", std::string(enumName(h.offload))},
        {"offload_per_gpu_bytes", storageBytes(h.offloadPerGpuBytes)},
        {"kv_offload_per_gpu_bytes", storageBytes(h.kvOffloadPerGpuBytes)},
        {"memory_bandwidth_per_gpu_gbs", storageNumber(h.memoryBandwidthPerGpuGbs)},
        {"populated_channel_fraction", storageNumber(h.populatedChannelFraction)},
        {"dimms_per_node", h.dimmsPerNode},
        {"dimm_slots", h.dimmSlots},
    };
}

} // namespace infrafit
