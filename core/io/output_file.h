// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

namespace infrafit {

// Every file InfraFit writes (CLI outputs, project saves, the crash-recovery
// copy, catalog and BOM exports, GUI exports) goes through writeFileAtomic.
// Its promises, stated in docs/security.md and tested in
// tests/core/io/output_file_test.cpp:
//
// - Atomic: the bytes go to a new temporary file ".NAME.tmp-N" created with
//   O_CREAT | O_EXCL in the target's own directory, flushed to disk, then
//   renamed over the target; the directory is flushed too. Any failure
//   removes the temporary and leaves the old file as it was.
// - Regular files only: an existing directory, device, FIFO or socket at the
//   path is refused (nothing is written through to a device).
// - Symbolic links are followed, as the shell's ">" does: the file the link
//   finally names is replaced and the link is kept, a dangling link creates
//   the file it names. A loop of links is refused.
// - A read-only file (no write permission for this user) is refused; a
//   replaced file keeps its permission bits (and, when allowed, its owner
//   and group). A new file gets 0666 minus the umask.
// - A hard-linked file: the name written gets a new file; the other names
//   keep the old contents (as with any save by rename).

/// A file could not be written (missing or read-only directory, disk full,
/// not a regular file, the same file as an input). The message names the
/// file and the reason; the old file, if any, is intact and no partial or
/// temporary file is left.
class FileWriteError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/// The path writeFileAtomic replaces for `path`: `path` with its symbolic
/// links followed (also a dangling last link). Throws FileWriteError on a
/// loop of links.
std::string resolveOutputPath(const std::string& path);

/// Throws FileWriteError when `output` is, or would become, the same file as
/// one of `inputs` (same device and inode, or the same resolved path when a
/// file does not exist yet), so that writing it could not destroy an input.
/// Inputs that do not exist and differ from `output` are ignored.
void checkOutputIsNotInput(const std::string& output, const std::vector<std::string>& inputs);

/// The catalog database `path` and the files SQLite keeps beside it
/// (-wal, -shm, -journal): the inputs a command that reads it must not write.
std::vector<std::string> databaseFiles(const std::string& path);

/// Writes `contents` to `path` atomically as described above. Throws
/// FileWriteError.
void writeFileAtomic(const std::string& path, const std::string& contents);

} // namespace infrafit
