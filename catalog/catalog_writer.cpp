// SPDX-License-Identifier: Apache-2.0
#include "catalog/catalog_writer.h"

#include "catalog/catalog_reader.h"
#include "catalog/catalog_store.h"
#include "catalog/kind_table.h"
#include "catalog/sqlite/database.h"

#include <string>

namespace infrafit::catalog {

CatalogWriter::CatalogWriter(sqlite::Database& db, CatalogReader& reader)
    : mDb(&db), mReader(&reader)
{
}

sqlite::Statement& CatalogWriter::statement(
    std::optional<sqlite::Statement>& slot, std::string_view sql)
{
    if (!slot)
        slot.emplace(*mDb, sql);
    return *slot;
}

void CatalogWriter::eraseRow(PartKind kind, std::string_view id)
{
    auto& slot = mDelete[KindTable::index(kind)];
    auto& remove = slot
        ? *slot
        : statement(
            slot, "DELETE FROM \"" + std::string(KindTable::tableName(kind)) + "\" WHERE id = ?1");
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
        // A replaced part is a changed part: its row version goes up (migration 3).
        auto& setKind
            = statement(mSetKind, "UPDATE part SET kind = ?2, version = version + 1 WHERE id = ?1");
        setKind.bindView(1, id);
        setKind.bindView(2, enumName(kind));
        setKind.run();
    }
    // The kind's row is written together with the part's kind above (the
    // store's invariant: a part's row is in the table of its kind).
    auto& slot = mInsert[KindTable::index(kind)];
    auto& insert = slot ? *slot // the SQL text is only built once
                        : statement(slot,
                            "INSERT INTO \"" + std::string(KindTable::tableName(kind)) + "\" ("
                                + KindTable::columnList(kind) + ") VALUES ("
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

bool CatalogWriter::bumpVersion(std::string_view id, std::int64_t expectedVersion)
{
    auto& bump = statement(
        mBumpVersion, "UPDATE part SET version = version + 1 WHERE id = ?1 AND version = ?2");
    bump.bind(1, id);
    bump.bind(2, expectedVersion);
    bump.run();
    return mDb->changes() == 1;
}

void CatalogWriter::writeField(
    PartKind kind, std::string_view id, const FieldSpec& field, const FieldValue& value)
{
    // One statement per (kind, field) would be 150 cached statements for
    // rare single-cell edits: prepared per call instead. Table and column
    // names come from the field registry, never from input.
    sqlite::Statement update(*mDb,
        "UPDATE \"" + std::string(KindTable::tableName(kind)) + "\" SET \"" + std::string(field.key)
            + "\" = ?1 WHERE id = ?2");
    KindTable::bindValue(update, 1, field, value);
    update.bind(2, id);
    update.run();
}

} // namespace infrafit::catalog
