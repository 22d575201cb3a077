// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/base/enum_names.h"

#include <string>
#include <vector>

namespace infrafit {

enum class Severity { Info, Warning, Error };

template <>
struct EnumNames<Severity> {
    static constexpr std::array<std::string_view, 3> names{"info", "warning", "error"};
};

/// A result of a check. `code` is stable (scripts match on it, e.g.
/// "memory.exceeds_capacity"); `message` is a sentence with the numbers and
/// the limit crossed; `suggestion` says what to change (may be empty).
struct Finding {
    Severity severity = Severity::Info;
    std::string code;
    std::string message;
    std::string suggestion;
};

using Findings = std::vector<Finding>;

} // namespace infrafit
