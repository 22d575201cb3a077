// SPDX-License-Identifier: Apache-2.0
#pragma once

namespace infrafit::catalog {

/// Tells the C library's allocator to keep freed memory for reuse instead of
/// handing it back to the system at once. A listing of one kind among
/// 100,000 parts allocates and frees about 8 MB of parts plus ~100,000
/// strings; with glibc's defaults each listing maps fresh pages and faults
/// them in again, a quarter of its time (measured with bench/catalog_bench:
/// listOneKind 50 ms -> 38 ms). Up to 64 MB of free memory may stay with the
/// process. Call once at start, before other threads run. Returns whether the
/// allocator took the settings (false off glibc or under a sanitizer's
/// allocator, where it changes nothing).
bool keepFreedMemoryForReuse();

} // namespace infrafit::catalog
