// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "catalog/sqlite/statement.h"
#include "core/parts/field_spec.h"
#include "core/parts/part.h"

#include <array>
#include <cstdint>
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
    /// Raises the row version of `id` from `expectedVersion` by one; false
    /// when the part's version is another (or there is no such part).
    bool bumpVersion(std::string_view id, std::int64_t expectedVersion);
    /// UPDATE of the one column of `field` in the row of `id` (of `kind`);
    /// never the id column. The caller bumps the version in the same
    /// transaction.
    void writeField(PartKind kind, std::string_view id, const FieldSpec& field,
                    const FieldValue& value);

private:
    sqlite::Statement& statement(std::optional<sqlite::Statement>& slot, std::string_view sql);
    void eraseRow(PartKind kind, std::string_view id);

    sqlite::Database* mDb;
    CatalogReader* mReader;
    std::array<std::optional<sqlite::Statement>, partKindCount> mInsert;
    std::array<std::optional<sqlite::Statement>, partKindCount> mDelete;
    std::optional<sqlite::Statement> mInsertPart;
    std::optional<sqlite::Statement> mSetKind;
    std::optional<sqlite::Statement> mBumpVersion;
    std::optional<sqlite::Statement> mDeletePart;
};

} // namespace infrafit::catalog
