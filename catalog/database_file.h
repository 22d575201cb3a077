// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <string>

namespace infrafit::catalog {

namespace sqlite {
class Database;
}

/// What is found at a catalog database path before SQLite opens it.
enum class DatabaseFileState {
    Missing, ///< nothing there: create it
    Empty,   ///< a zero-byte file (SQLite treats it as an empty database)
    Present  ///< a file for SQLite to judge (checkDatabaseHealth)
};

/// Looks at `path` without opening it in SQLite and without writing: a
/// missing file, a zero-byte one, or something for SQLite to judge. When no
/// journal (-journal or -wal) lies beside it, a file shorter than SQLite's
/// 100-byte header or without its "SQLite format 3" magic is refused with
/// StoreError(NotADatabase): SQLite would take a short text file for an
/// empty database and write over it. With a journal beside it SQLite
/// decides (a hot journal of a first-use creation rolls the file back to
/// nothing). The file's size is never compared with its header: a file
/// caught mid-checkpoint is shorter than its header says and healthy.
DatabaseFileState inspectDatabaseFile(const std::string& path);

/// What SQLite says about an open database.
struct DatabaseHealth {
    int schemaVersion = 0; ///< PRAGMA user_version
    bool blank = false;    ///< no schema at all and application_id 0: a new database
};

/// Asks SQLite whether `db` is a usable catalog, inside one read
/// transaction (a consistent snapshot, WAL included; on a read-write
/// connection SQLite first rolls back a hot journal): application_id,
/// user_version, the schema, and PRAGMA quick_check. Throws
/// StoreError(NotADatabase) only for what SQLite rejects (not a database,
/// corrupt, quick_check not "ok") and for another program's database,
/// StoreError(NewerSchema) for a schema newer than currentSchemaVersion(),
/// and passes Busy and I/O errors through unchanged: they say nothing about
/// the file's health. Messages name the file and never say what happens to
/// it next (the caller does).
DatabaseHealth checkDatabaseHealth(sqlite::Database& db);

} // namespace infrafit::catalog
