// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/base/input_error.h"
#include "core/parts/part.h"
#include "core/software/software_compat.h"

#include <cstddef>
#include <functional>
#include <optional>
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
    /// The optional "software" member: software compatibility rows
    /// (core/software/software_compat.h); absent when the file has none.
    std::optional<SoftwareTable> software;
};

/// Parses a catalog file's text (docs/user-guide.md "Catalog file": {"format": "infrafit-catalog",
/// "version": 1, "parts": [...]}). All or nothing: any problem in any part
/// throws one InputError listing every problem, with pointers such as
/// "/parts/17/tdp_w"; duplicate ids are problems.
CatalogDocument parseCatalog(std::string_view text, const std::string& file);

/// Receives parts in batches (see parseCatalogInBatches).
using PartBatchSink = std::function<void(std::vector<Part>&&)>;

/// parseCatalog that hands the parts to `sink` in batches of `batchSize` as
/// they are read, so they can be stored while the rest is parsed; the
/// returned document then holds no parts, only the warnings. Parts are
/// handed on only while no problem has been seen, but a problem later in the
/// file (or a duplicate id) still throws here: whoever received batches must
/// then discard them all. `*handedOnReplaced` is set when a repeated "parts"
/// member voided the batches already handed on; the replacing parts are then
/// in the returned document instead.
CatalogDocument parseCatalogInBatches(std::string_view text, const std::string& file,
                                      std::size_t batchSize, const PartBatchSink& sink,
                                      bool* handedOnReplaced);

/// Reads and parses a catalog file (size-limited, see text_file.h).
CatalogDocument readCatalogFile(const std::string& path);

/// The catalog file text for `parts` (pretty-printed, trailing newline),
/// with the software compatibility rows of `software` when given.
std::string catalogToJson(const std::vector<Part>& parts, const SoftwareTable* software = nullptr);

} // namespace infrafit
