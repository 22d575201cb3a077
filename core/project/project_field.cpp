// SPDX-License-Identifier: Apache-2.0
#include "core/project/project_field.h"

#include <nlohmann/json.hpp>

#include <cmath>

namespace infrafit {
namespace {

/// A bound or value as the file reader prints it: whole numbers without a
/// fraction ("1024"), others as JSON writes them ("0.99").
std::string projectFieldNumber(FieldType type, double value)
{
    if (type != FieldType::Number && std::fabs(value) < 9.0e15 && value == std::floor(value))
        return std::to_string(static_cast<long long>(value));
    return nlohmann::json(value).dump();
}

} // namespace

std::string fieldRangeMessage(FieldType type, double minimum, double maximum,
                              bool exclusiveMinimum, std::size_t choiceCount, double value)
{
    if (!std::isfinite(value))
        return "must be a finite number";
    if (type == FieldType::Choice) {
        if (value < 0 || value >= static_cast<double>(choiceCount) || value != std::floor(value))
            return "is not one of its allowed values";
        return {};
    }
    if (type == FieldType::Flag)
        return value == 0 || value == 1 ? std::string() : std::string("must be true or false");
    if (type == FieldType::Integer && value != std::floor(value))
        return "must be a whole number";
    const std::string got = " (got " + projectFieldNumber(type, value) + ")";
    if (exclusiveMinimum ? value <= minimum : value < minimum)
        return std::string(exclusiveMinimum ? "must be greater than " : "must be at least ")
               + projectFieldNumber(type, minimum) + got;
    if (value > maximum)
        return "must be at most " + projectFieldNumber(type, maximum) + got;
    return {};
}

} // namespace infrafit
