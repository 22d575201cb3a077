// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "catalog/catalog_store.h"

#include <string>
#include <string_view>

struct sqlite3;

namespace infrafit::catalog::sqlite {

/// The StoreErrorKind for an SQLite result code: BUSY/LOCKED -> Busy,
/// NOTADB/CORRUPT -> NotADatabase, constraint violations -> DuplicateId,
/// everything else -> Io.
StoreErrorKind errorKindFor(int resultCode);

/// Throws a StoreError "FILE: WHAT: SQLITE MESSAGE" for `resultCode`.
/// `db` may be null (the message then comes from sqlite3_errstr).
[[noreturn]] void throwSqliteError(int resultCode, sqlite3* db, const std::string& path,
                                   std::string_view what);

} // namespace infrafit::catalog::sqlite
