// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "catalog/sqlite/statement.h"
#include "core/parts/part.h"

#include <array>
#include <cstdint>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace infrafit::catalog {

namespace sqlite {
class Database;
}

/// All SELECTs of the catalog store, as prepared statements cached per
/// kind (prepared on first use). Each call resets its statements before
/// returning, so the next call reads the latest committed state. Same thread
/// as its Database, which must outlive it.
class CatalogReader {
public:
    explicit CatalogReader(sqlite::Database& db);

    /// See CatalogStore::list. `filter` is matched with LIKE (ASCII case folding).
    std::vector<Part> list(std::optional<PartKind> kind, std::string_view filter);
    std::optional<Part> find(std::string_view id);
    /// The kind stored for `id`, if any.
    std::optional<PartKind> kindOf(std::string_view id);
    std::size_t count(std::optional<PartKind> kind);
    /// The row version of part `id` (migration 3), or nullopt when there is none.
    std::optional<std::int64_t> versionOf(std::string_view id);
    /// Every part's id and row version, ordered by id.
    std::vector<std::pair<std::string, std::int64_t>> versions();

private:
    struct KindStatements {
        std::optional<sqlite::Statement> all;
        std::optional<sqlite::Statement> filtered;
        std::optional<sqlite::Statement> byId;
    };

    sqlite::Statement& statement(std::optional<sqlite::Statement>& slot, std::string_view sql);
    void appendKind(PartKind kind, std::string_view pattern, std::vector<Part>& out);

    sqlite::Database* mDb;
    std::array<KindStatements, partKindCount> mKinds;
    std::optional<sqlite::Statement> mKindOf;
    std::optional<sqlite::Statement> mCountAll;
    std::optional<sqlite::Statement> mCountKind;
    std::optional<sqlite::Statement> mVersionOf;
    std::optional<sqlite::Statement> mVersions;
};

} // namespace infrafit::catalog
