// SPDX-License-Identifier: Apache-2.0
#include "core/software/software_compat.h"

#include <algorithm>

namespace infrafit {

std::string_view softwareStackLabel(SoftwareStack stack)
{
    switch (stack) {
    case SoftwareStack::Cuda: return "CUDA";
    case SoftwareStack::Rocm: return "ROCm";
    case SoftwareStack::Synapseai: return "Intel Gaudi software";
    }
    return "CUDA";
}

bool SoftwareCompat::hasPrecision(std::string_view precision) const
{
    return std::find(precisions.begin(), precisions.end(), precision) != precisions.end();
}

const FrameworkFeature* SoftwareCompat::feature(std::string_view framework,
                                                std::string_view featureName) const
{
    for (const auto& f : frameworks)
        if (f.framework == framework && f.feature == featureName)
            return &f;
    return nullptr;
}

const SoftwareCompat* SoftwareTable::find(std::string_view architecture) const&
{
    for (const auto& row : rows)
        if (row.architecture == architecture)
            return &row;
    return nullptr;
}

} // namespace infrafit
