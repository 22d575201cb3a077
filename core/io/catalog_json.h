// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/io/input_error.h"
#include "core/parts/part.h"

#include <string>
#include <string_view>
#include <vector>

namespace infrafit {

inline constexpr std::string_view catalogFormat = "infrafit-catalog";
inline constexpr int catalogFormatVersion = 1;

/// A catalog file's parts, with the non-fatal remarks made while reading it.
struct CatalogDocument {
    std::vector<Part> parts;
    std::vector<Problem> warnings; ///< e.g. unknown fields that were ignored
};

/// Parses a catalog file's text (DESIGN.md: {"format": "infrafit-catalog",
/// "version": 1, "parts": [...]}). All or nothing: any problem in any part
/// throws one InputError listing every problem, with pointers such as
/// "/parts/17/tdp_w"; duplicate ids are problems.
CatalogDocument parseCatalog(std::string_view text, const std::string& file);

/// Reads and parses a catalog file (size-limited, see text_file.h).
CatalogDocument readCatalogFile(const std::string& path);

/// The catalog file text for `parts` (pretty-printed, trailing newline).
std::string catalogToJson(const std::vector<Part>& parts);

} // namespace infrafit
