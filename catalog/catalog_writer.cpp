// SPDX-License-Identifier: Apache-2.0
#include "catalog/catalog_writer.h"

#include "catalog/catalog_reader.h"
#include "catalog/catalog_store.h"
#include "catalog/kind_table.h"
#include "catalog/sqlite/database.h"

#include <string>

namespace infrafit::catalog {
namespace {

std::size_t kindIndex(PartKind kind) { return static_cast<std::size_t>(kind); }

} // namespace

CatalogWriter::CatalogWriter(sqlite::Database& db, CatalogReader& reader)
    : mDb(&db), mReader(&reader)
{
}

sqlite::Statement& CatalogWriter::statement(std::optional<sqlite::Statement>& slot,
                                            std::string_view sql)
{
    if (!slot)
        slot.emplace(*mDb, sql);
    return *slot;
}

void CatalogWriter::eraseRow(PartKind kind, std::string_view id)
{
    auto& slot = mDelete[kindIndex(kind)];
    auto& remove = slot ? *slot
                        : statement(slot, "DELETE FROM \"" + std::string(KindTable::tableName(kind))
                                              + "\" WHERE id = ?1");
    remove.bind(1, id);
    remove.run();
}

bool CatalogWriter::put(const Part& part)
{
    const PartKind kind = infrafit::kindOf(part);
    const std::string& id = infoOf(part).id;
    // Most puts (every one of a bulk import into an empty catalog) add a new
    // id: try that first and look up the stored kind only when the id exists.
    auto& insertPart = statement(
        mInsertPart, "INSERT INTO part (id, kind) VALUES (?1, ?2) ON CONFLICT (id) DO NOTHING");
    insertPart.bindView(1, id);
    insertPart.bindView(2, enumName(kind));
    insertPart.run();
    const bool replaced = mDb->changes() == 0;
    if (replaced) {
        const auto stored = mReader->kindOf(id);
        if (!stored)
            throw StoreError(StoreErrorKind::NotADatabase,
                             mDb->path() + ": part \"" + id + "\" has an unknown kind");
        eraseRow(*stored, id);
        if (*stored != kind) {
            auto& setKind = statement(mSetKind, "UPDATE part SET kind = ?2 WHERE id = ?1");
            setKind.bindView(1, id);
            setKind.bindView(2, enumName(kind));
            setKind.run();
        }
    }
    // The kind's row is written together with the part's kind above (the
    // store's invariant: a part's row is in the table of its kind).
    auto& slot = mInsert[kindIndex(kind)];
    auto& insert = slot ? *slot // the SQL text is only built once
                        : statement(slot, "INSERT INTO \"" + std::string(KindTable::tableName(kind))
                                              + "\" (" + KindTable::columnList(kind) + ") VALUES ("
                                              + KindTable::placeholderList(kind) + ")");
    sqlite::ResetGuard guard(insert);
    KindTable::bindPart(insert, part);
    insert.step();
    return replaced;
}

bool CatalogWriter::erase(std::string_view id)
{
    const auto stored = mReader->kindOf(id);
    if (!stored)
        return false;
    eraseRow(*stored, id);
    auto& removePart = statement(mDeletePart, "DELETE FROM part WHERE id = ?1");
    removePart.bind(1, id);
    removePart.run();
    return true;
}

} // namespace infrafit::catalog
