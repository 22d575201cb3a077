// SPDX-License-Identifier: Apache-2.0
#include "core/io/storage_json.h"

#include <cmath>
#include <string>

namespace infrafit {
namespace {

using nlohmann::json;

json number(double v)
{
    return std::isfinite(v) ? json(v) : json(0);
}

// Byte counts as integers, rounded up (never under-state what must be stored);
// counts an int64 cannot hold (from extreme inputs) stay numbers, as a
// conversion would be undefined behaviour.
json bytes(double v)
{
    if (!std::isfinite(v) || v <= 0)
        return json(0);
    const double up = std::ceil(v);
    return up < 9.0e18 ? json(static_cast<long long>(up)) : json(up);
}

json gbs(double bytesPerS)
{
    return number(bytesPerS / 1e9);
}

std::string name(StorageTarget t)
{
    return std::string(enumName(t));
}

} // namespace

json storageToJson(const StorageReport& s)
{
    const auto& c = s.checkpoint;
    const auto& d = s.dataFeed;
    const auto& m = s.modelLoad;
    return {
        // Contract (docs/architecture.md "Analysis JSON").
        {"checkpoint_bytes", bytes(c.bytes)},
        {"checkpoint_write_s", number(c.writeS)},
        {"data_feed_ok", d.ok},
        // Additive.
        {"ok", s.ok},
        {"nodes_used", s.nodesUsed},
        {"local_write_gbs_per_node", gbs(s.localWriteBytesPerSPerNode)},
        {"local_read_gbs_per_node", gbs(s.localReadBytesPerSPerNode)},
        {"nic_gbs_per_node", gbs(s.nicBytesPerSPerNode)},
        {"shared_storage_gbs", gbs(s.sharedStorageBytesPerS)},
        {"checkpoint",
            {{"bytes_per_parameter", number(c.bytesPerParameter)},
                {"parameters_saved", number(c.parametersSaved)}, {"writer_nodes", c.writerNodes},
                {"bytes_per_node", bytes(c.bytesPerNode)}, {"target", name(c.target)},
                {"local_write_s", number(c.localWriteS)},
                {"local_restore_s", number(c.localRestoreS)},
                {"shared_write_s", number(c.sharedWriteS)},
                {"shared_restore_s", number(c.sharedRestoreS)}, {"restore_s", number(c.restoreS)},
                {"interval_hours", number(c.intervalHours)}, {"share", number(c.share)},
                {"max_share", number(c.maxShare)},
                {"min_interval_hours", number(c.minIntervalHours)}, {"count", number(c.count)},
                {"total_hours", number(c.totalHours)}, {"kept", c.kept},
                {"local_capacity_bytes_per_node", bytes(c.localCapacityBytesPerNode)}}},
        {"data_feed",
            {{"bytes_per_token", number(d.bytesPerToken)}, {"sample_bytes", number(d.sampleBytes)},
                {"gbs", gbs(d.bytesPerS)}, {"gbs_per_node", gbs(d.bytesPerSPerNode)},
                {"source", name(d.source)}, {"source_gbs_per_node", gbs(d.sourceBytesPerSPerNode)},
                {"dataset_bytes", bytes(d.datasetBytes)}}},
        {"model_load",
            {{"bytes_per_node", bytes(m.bytesPerNode)}, {"source", name(m.source)},
                {"local_s", number(m.localS)}, {"shared_s", number(m.sharedS)},
                {"startup_s", number(m.startupS)}, {"scale_out_s", number(m.scaleOutS)}}},
    };
}

json hostToJson(const HostReport& h)
{
    return {
        // Contract (docs/architecture.md "Analysis JSON").
        {"cpu_cores_per_gpu", number(h.cpuCoresPerGpu)},
        {"host_memory_per_gpu_bytes", bytes(h.hostMemoryPerGpuBytes)},
        {"ok", h.ok},
        // Additive.
        {"cpu_cores_per_gpu_needed", number(h.cpuCoresPerGpuNeeded)},
        {"host_memory_known", h.hostMemoryKnown},
        {"host_memory_per_node_bytes", bytes(h.hostMemoryPerNodeBytes)},
        {"host_memory_per_gpu_needed_bytes", bytes(h.neededPerGpuBytes)},
        {"base_need_per_gpu_bytes", bytes(h.baseNeedPerGpuBytes)},
        {"staging_per_gpu_bytes", bytes(h.stagingPerGpuBytes)},
        {"offload", std::string(enumName(h.offload))},
        {"offload_per_gpu_bytes", bytes(h.offloadPerGpuBytes)},
        {"kv_offload_per_gpu_bytes", bytes(h.kvOffloadPerGpuBytes)},
        {"memory_bandwidth_per_gpu_gbs", number(h.memoryBandwidthPerGpuGbs)},
        {"populated_channel_fraction", number(h.populatedChannelFraction)},
        {"dimms_per_node", h.dimmsPerNode},
        {"dimm_slots", h.dimmSlots},
    };
}

} // namespace infrafit
