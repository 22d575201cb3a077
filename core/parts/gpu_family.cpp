// SPDX-License-Identifier: Apache-2.0
#include "core/parts/gpu_family.h"

#include "core/base/ascii_text.h"

#include <initializer_list>
#include <string_view>

namespace infrafit {
namespace {

bool namedAs(const Gpu& gpu, std::initializer_list<std::string_view> names)
{
    for (auto name : names) {
        if (containsNoCase(gpu.architecture, name) || containsNoCase(gpu.model, name)
            || containsNoCase(gpu.id, name))
            return true;
    }
    return false;
}

} // namespace

GpuFamily gpuFamily(const Gpu& gpu)
{
    if (namedAs(gpu, {"ampere", "a100", "a800", "a30", "a40", "a10"}))
        return GpuFamily::Ampere;
    if (namedAs(gpu, {"hopper", "h100", "h200", "h800", "h20", "gh200"}))
        return GpuFamily::Hopper;
    if (namedAs(gpu, {"blackwell", "b200", "b300", "gb200", "gb300", "b100"}))
        return GpuFamily::Blackwell;
    if (namedAs(gpu, {"cdna", "mi300", "mi325", "mi350", "mi355", "mi250"}))
        return GpuFamily::AmdCdna;
    if (namedAs(gpu, {"ada", "l40"}))
        return GpuFamily::Ada;
    return GpuFamily::Unknown;
}

} // namespace infrafit
