// SPDX-License-Identifier: Apache-2.0
#pragma once

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

/// Reads a whole file. Throws InputError (file, "/", reason) when it does
/// not exist, is not a regular file, is larger than `maxInputFileBytes` or
/// cannot be read.
std::string readTextFile(const std::string& path);

/// A file could not be written (missing or read-only directory, disk full).
/// The message names the file and the system error; the old file, if any,
/// is intact and no partial file is left.
class FileWriteError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/// Writes `contents` to `path` atomically: a temporary file in the same
/// directory is written, flushed to disk and renamed over `path`, so an
/// interrupted write leaves the old file intact. Throws FileWriteError.
void writeFileAtomic(const std::string& path, const std::string& contents);

} // namespace infrafit
