// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/base/enum_names.h"

#include <string>

namespace infrafit {

/// The resource that decides a plan's speed or its fit (issue 21: typed,
/// so every output writes the same words). `None`: not analysed, or the
/// figure was not asked for (a plan-search evaluation without findings).
enum class BindingLimit {
    None,
    GpuMemory,            ///< the plan does not fit: memory decides
    Compute,              ///< training: the GEMM time is the largest part of the step
    CommunicationNic,     ///< training: exposed collectives, mostly over the NICs
    CommunicationGpuLink, ///< training: exposed collectives inside the node
    PipelineBubble,       ///< training: the pipeline's idle slots
    OptimizerStep,        ///< training: the optimizer update
    DecodeCompute,        ///< serving: a decode step is compute-bound
    DecodeHbm,            ///< serving: a decode step is HBM-bandwidth-bound
};

/// The words in reports and the `binding_limit` JSON value (docs/user-guide.md
/// "Binding limit"); None writes an empty string.
template <>
struct EnumNames<BindingLimit> {
    static constexpr std::array<std::string_view, 9> names{
        "", "GPU memory", "compute", "communication (NIC)", "communication (GPU link)",
        "pipeline bubble", "optimizer step", "compute (decode)", "HBM bandwidth (decode)"};
};

/// The words for a table cell: "-" for None.
[[nodiscard]] inline std::string bindingLimitOrDash(BindingLimit limit)
{
    return limit == BindingLimit::None ? std::string("-") : std::string(enumName(limit));
}

} // namespace infrafit
