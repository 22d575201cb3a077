// SPDX-License-Identifier: Apache-2.0
#include "catalog/catalog_reader.h"

#include "catalog/kind_table.h"
#include "catalog/sqlite/database.h"
#include "catalog/sqlite/transaction.h"

#include <string>

namespace infrafit::catalog {
namespace {

/// "%text%" with LIKE's wildcards (% _) and the escape character escaped.
std::string containsPattern(std::string_view text)
{
    std::string pattern = "%";
    for (char c : text) {
        if (c == '%' || c == '_' || c == '\\')
            pattern += '\\';
        pattern += c;
    }
    pattern += '%';
    return pattern;
}

std::string selectSql(PartKind kind, std::string_view where)
{
    std::string sql = "SELECT " + KindTable::columnList(kind) + " FROM \""
        + std::string(KindTable::tableName(kind)) + "\"";
    if (!where.empty()) {
        sql += " WHERE ";
        sql += where;
    }
    sql += " ORDER BY id";
    return sql;
}

} // namespace

CatalogReader::CatalogReader(sqlite::Database& db) : mDb(&db) { }

sqlite::Statement& CatalogReader::statement(
    std::optional<sqlite::Statement>& slot, std::string_view sql)
{
    if (!slot)
        slot.emplace(*mDb, sql);
    return *slot;
}

void CatalogReader::appendKind(PartKind kind, std::string_view pattern, std::vector<Part>& out)
{
    auto& slots = mKinds[KindTable::index(kind)];
    sqlite::Statement& select = pattern.empty()
        ? statement(slots.all, selectSql(kind, {}))
        : statement(slots.filtered,
            selectSql(kind,
                "id LIKE ?1 ESCAPE '\\' OR vendor LIKE ?1 ESCAPE '\\' "
                "OR model LIKE ?1 ESCAPE '\\'"));
    sqlite::ResetGuard guard(select);
    if (!pattern.empty())
        select.bind(1, pattern);
    while (select.step())
        KindTable::readInto(select, emplacePart(out, kind));
}

std::vector<Part> CatalogReader::list(std::optional<PartKind> kind, std::string_view filter)
{
    const std::string pattern = filter.empty() ? std::string() : containsPattern(filter);
    std::vector<Part> parts;
    if (filter.empty())
        parts.reserve(count(kind));
    if (kind) {
        appendKind(*kind, pattern, parts);
        return parts;
    }
    // One snapshot for all kinds, so a concurrent writer cannot make a part
    // appear twice or not at all.
    sqlite::Transaction snapshot(*mDb, sqlite::Transaction::Mode::Deferred);
    for (PartKind each : allPartKinds)
        appendKind(each, pattern, parts);
    snapshot.commit();
    return parts;
}

std::optional<PartKind> CatalogReader::kindOf(std::string_view id)
{
    auto& select = statement(mKindOf, "SELECT kind FROM part WHERE id = ?1");
    sqlite::ResetGuard guard(select);
    select.bind(1, id);
    if (!select.step())
        return std::nullopt;
    return enumFromName<PartKind>(select.columnText(0));
}

std::optional<Part> CatalogReader::find(std::string_view id)
{
    const auto kind = kindOf(id);
    if (!kind)
        return std::nullopt;
    auto& slots = mKinds[KindTable::index(*kind)];
    auto& select = statement(slots.byId,
        "SELECT " + KindTable::columnList(*kind) + " FROM \""
            + std::string(KindTable::tableName(*kind)) + "\" WHERE id = ?1");
    sqlite::ResetGuard guard(select);
    select.bind(1, id);
    if (!select.step())
        return std::nullopt;
    return KindTable::readPart(select, *kind);
}

std::size_t CatalogReader::count(std::optional<PartKind> kind)
{
    if (!kind) {
        auto& select = statement(mCountAll, "SELECT count(*) FROM part");
        sqlite::ResetGuard guard(select);
        return select.step() ? static_cast<std::size_t>(select.columnInt64(0)) : 0;
    }
    auto& select = statement(mCountKind, "SELECT count(*) FROM part WHERE kind = ?1");
    sqlite::ResetGuard guard(select);
    select.bind(1, enumName(*kind));
    return select.step() ? static_cast<std::size_t>(select.columnInt64(0)) : 0;
}

std::optional<std::int64_t> CatalogReader::versionOf(std::string_view id)
{
    auto& select = statement(mVersionOf, "SELECT version FROM part WHERE id = ?1");
    sqlite::ResetGuard guard(select);
    select.bind(1, id);
    if (!select.step())
        return std::nullopt;
    return select.columnInt64(0);
}

std::vector<std::pair<std::string, std::int64_t>> CatalogReader::versions()
{
    auto& select = statement(mVersions, "SELECT id, version FROM part ORDER BY id");
    sqlite::ResetGuard guard(select);
    std::vector<std::pair<std::string, std::int64_t>> rows;
    while (select.step())
        rows.emplace_back(std::string(select.columnText(0)), select.columnInt64(1));
    return rows;
}

} // namespace infrafit::catalog
