// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/io/output_file.h"

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>

namespace infrafit {

/// Largest input file InfraFit reads (catalogs, projects): 128 MiB. A
/// 100,000-part catalog is about 60 MB; anything larger is refused before
/// it is read, so a wrong file cannot exhaust memory.
inline constexpr std::uintmax_t maxInputFileBytes = 128ull * 1024 * 1024;

/// Deepest JSON nesting accepted; InfraFit's formats need fewer than 8 levels.
inline constexpr int maxJsonDepth = 64;

/// Most JSON values (objects, arrays, numbers, strings, ...) a project file
/// may hold; parseJsonDocument stops reading there. The example projects hold
/// under 200; a tree of a million values takes well under 100 MB, so a
/// hostile 40 MB file of empty objects cannot exhaust memory or time.
inline constexpr std::size_t maxJsonValues = 1000000;

/// Reads a whole file. Throws InputError (file, "/", reason) when it does
/// not exist, is not a regular file, is larger than `maxInputFileBytes` or
/// cannot be read.
std::string readTextFile(const std::string& path);

} // namespace infrafit
