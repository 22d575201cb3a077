// SPDX-License-Identifier: Apache-2.0
#include "core/parts/gpu_family.h"

#include "core/base/ascii_text.h"

#include <array>
#include <initializer_list>
#include <string_view>

namespace infrafit {
namespace {

/// The GPU's architecture, model and id in lower case, one per line, so a
/// name cannot match across two fields. An analysis asks for the family
/// several times (efficiencies, link rates, the power curve), so the text is
/// folded once per call rather than once per name tried. Names longer than
/// the buffer are cut; the family keys sit at their start.
class LowerNames {
public:
    explicit LowerNames(const Gpu& gpu)
    {
        append(gpu.architecture);
        append(gpu.model);
        append(gpu.id);
    }
    [[nodiscard]] bool hasAny(std::initializer_list<std::string_view> keys) const
    {
        const std::string_view text(buffer_.data(), size_);
        for (const auto key : keys)
            if (text.find(key) != std::string_view::npos)
                return true;
        return false;
    }

private:
    void append(std::string_view field)
    {
        for (const char c : field) {
            if (size_ + 1 >= buffer_.size())
                break;
            buffer_[size_++] = asciiLower(c);
        }
        if (size_ < buffer_.size())
            buffer_[size_++] = '\n';
    }
    std::array<char, 192> buffer_{};
    std::size_t size_ = 0;
};

} // namespace

GpuFamily gpuFamily(const Gpu& gpu)
{
    const LowerNames names(gpu);
    if (names.hasAny({"ampere", "a100", "a800", "a30", "a40", "a10"}))
        return GpuFamily::Ampere;
    if (names.hasAny({"hopper", "h100", "h200", "h800", "h20", "gh200"}))
        return GpuFamily::Hopper;
    if (names.hasAny({"blackwell", "b200", "b300", "gb200", "gb300", "b100"}))
        return GpuFamily::Blackwell;
    if (names.hasAny({"cdna", "mi300", "mi325", "mi350", "mi355", "mi250"}))
        return GpuFamily::AmdCdna;
    if (names.hasAny({"ada", "l40"}))
        return GpuFamily::Ada;
    return GpuFamily::Unknown;
}

bool isBlackwellUltra(const Gpu& gpu)
{
    return LowerNames(gpu).hasAny({"blackwell ultra", "b300", "gb300"});
}

double superchipHostLinkGbsPerDirection(const Gpu& gpu)
{
    // NVLink-C2C carries 900 GB/s in both directions together (450 each
    // way) between a Grace CPU and its GPUs. GH200 joins one Hopper GPU to
    // it; GB200 (and GB300) join two Blackwell GPUs to one Grace, which
    // share the link ("GB200 Grace Blackwell Superchip connects two
    // Blackwell GPUs and a Grace CPU with the NVLink-C2C interface that
    // delivers 900 GB/s of bidirectional bandwidth", NVIDIA technical blog,
    // "NVIDIA GB200 NVL72 Delivers Trillion-Parameter LLM Training and
    // Real-Time Inference", 2024). Grace's LPDDR5X (up to 512 GB/s, GB200
    // datasheet) does not bind below that share.
    // A catalog figure (host_link_gbs) comes first; the names cover parts
    // stored without it.
    if (gpu.hostLinkGbs && *gpu.hostLinkGbs > 0)
        return *gpu.hostLinkGbs;
    constexpr double c2cBothWaysGbs = 900.0;
    const LowerNames names(gpu);
    if (names.hasAny({"gb200", "gb300"}))
        return c2cBothWaysGbs / 2.0 / 2.0;
    if (names.hasAny({"gh200"}))
        return c2cBothWaysGbs / 2.0;
    return 0;
}

} // namespace infrafit
