// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

namespace infrafit::catalog {

namespace sqlite {
class Database;
}

/// Marks a database as an InfraFit catalog (PRAGMA application_id, "IFIT").
inline constexpr std::int32_t catalogApplicationId = 0x49464954;

/// One schema step: the SQL that takes user_version from `version - 1` to
/// `version`. A migration's SQL never changes once released; a later change
/// of the schema is a new migration.
struct Migration {
    int version;
    std::string_view sql;
};

/// The program's migrations, numbered 1, 2, ... without gaps.
std::span<const Migration> catalogMigrations();

/// Brings the database up to the last of `migrations` and returns the
/// version it had before. Must run inside an open write transaction (so a
/// failed step leaves the file as it was). Sets the application id. Throws
/// StoreError(NewerSchema) when the database is newer than `migrations` and
/// StoreError(NotADatabase) when it belongs to another program.
int applyMigrations(sqlite::Database& db, std::span<const Migration> migrations);
inline int applyMigrations(sqlite::Database& db) { return applyMigrations(db, catalogMigrations()); }

} // namespace infrafit::catalog
