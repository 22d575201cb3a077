// SPDX-License-Identifier: Apache-2.0
#include "catalog/memory_tuning.h"

#include <cstdlib> // defines __GLIBC__ on glibc

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace infrafit::catalog {

bool keepFreedMemoryForReuse()
{
#if defined(__GLIBC__)
    // glibc mallopt(3): blocks of 32 MB and more are still mapped on their
    // own (a full 100,000-part listing, 57 MB, returns to the system when
    // freed); smaller ones come from the heap, whose top is given back only
    // once 64 MB of it are free.
    constexpr int mapThreshold = 32 * 1024 * 1024;
    constexpr int trimThreshold = 64 * 1024 * 1024;
    const bool mapped = mallopt(M_MMAP_THRESHOLD, mapThreshold) == 1;
    const bool trimmed = mallopt(M_TRIM_THRESHOLD, trimThreshold) == 1;
    return mapped && trimmed;
#else
    return false;
#endif
}

} // namespace infrafit::catalog
