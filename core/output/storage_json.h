// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/analysis/storage_report.h"

#include <nlohmann/json.hpp>

namespace infrafit {

/// JSON for the `storage` and `host` objects of `analyze --format json`.
/// Contract names (docs/architecture.md "Analysis JSON"), always present and never renamed:
/// storage.{checkpoint_bytes, checkpoint_write_s, data_feed_ok},
/// host.{cpu_cores_per_gpu, host_memory_per_gpu_bytes, ok}. Every other key
/// is additive. Numbers are finite (0 where not applicable).
nlohmann::json storageToJson(const StorageReport& storage);
nlohmann::json hostToJson(const HostReport& host);

} // namespace infrafit
