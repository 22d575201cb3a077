// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <string>

namespace infrafit::catalog {

/// What is found at a catalog database path before it is opened for writing.
enum class DatabaseFileState {
    Missing, ///< nothing there: create it
    Empty,   ///< a zero-byte file (SQLite treats it as an empty database)
    Catalog  ///< an InfraFit catalog this program can open (maybe needing migration)
};

/// Inspects `path` without writing to it: first the raw 100-byte SQLite
/// header (magic, page size, page count against the file size), then a
/// read-only connection (PRAGMA quick_check, application_id, user_version).
/// Throws StoreError(NotADatabase) for a file that is not SQLite, truncated,
/// corrupt or another program's database, and StoreError(NewerSchema) for a
/// schema newer than currentSchemaVersion(). The main file's bytes are never
/// changed (a read-only connection to a WAL database may create its -shm
/// file, never the database itself).
DatabaseFileState inspectDatabaseFile(const std::string& path);

} // namespace infrafit::catalog
