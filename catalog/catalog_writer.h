// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "catalog/sqlite/statement.h"
#include "core/parts/part.h"

#include <array>
#include <optional>
#include <string_view>

namespace infrafit::catalog {

class CatalogReader;

namespace sqlite {
class Database;
}

/// All INSERTs, UPDATEs and DELETEs of the catalog store, as cached prepared
/// statements. Every method must run inside a write transaction opened by
/// the caller and expects parts already validated. Same thread as its
/// Database, which (like `reader`) must outlive it.
class CatalogWriter {
public:
    CatalogWriter(sqlite::Database& db, CatalogReader& reader);

    /// Stores `part`, replacing a part with the same id (of any kind).
    /// Returns true when it replaced one.
    bool put(const Part& part);
    /// Deletes the part stored as `id`; false when there is none.
    bool erase(std::string_view id);

private:
    sqlite::Statement& statement(std::optional<sqlite::Statement>& slot, std::string_view sql);
    void eraseRow(PartKind kind, std::string_view id);

    sqlite::Database* mDb;
    CatalogReader* mReader;
    std::array<std::optional<sqlite::Statement>, 7> mInsert;
    std::array<std::optional<sqlite::Statement>, 7> mDelete;
    std::optional<sqlite::Statement> mInsertPart;
    std::optional<sqlite::Statement> mSetKind;
    std::optional<sqlite::Statement> mDeletePart;
};

} // namespace infrafit::catalog
