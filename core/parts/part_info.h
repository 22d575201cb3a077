// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/base/enum_names.h"

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

namespace infrafit {

/// How a part's figures were obtained: read in the cited source, or derived.
enum class Confidence { Published, Estimate };

template <>
struct EnumNames<Confidence> {
    static constexpr std::array<std::string_view, 2> names{"published", "estimate"};
};

/// Fields every part has, whatever its kind. `estimatedFields` lists the
/// JSON keys of figures that are estimates (a price is an estimate unless it
/// is a list price); the UI and the bill of materials mark them.
struct PartInfo {
    std::string id;
    std::string vendor;
    std::string model;
    std::optional<double> priceUsd;
    std::string priceNote;
    std::string source;
    Confidence confidence = Confidence::Estimate;
    std::vector<std::string> estimatedFields;
    std::string notes;
    /// Manufacturer part number (orderable SKU); empty when not known.
    std::string partNumber;

    [[nodiscard]] bool isEstimated(std::string_view key) const
    {
        return std::find(estimatedFields.begin(), estimatedFields.end(), key)
               != estimatedFields.end();
    }
};

} // namespace infrafit
