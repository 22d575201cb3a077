// SPDX-License-Identifier: Apache-2.0
#include "catalog/catalog_writer.h"

#include "catalog/catalog_reader.h"
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
    auto& remove = statement(mDelete[kindIndex(kind)],
                             "DELETE FROM \"" + std::string(KindTable::tableName(kind))
                                 + "\" WHERE id = ?1");
    remove.bind(1, id);
    remove.run();
}

bool CatalogWriter::put(const Part& part)
{
    const PartKind kind = infrafit::kindOf(part);
    const std::string& id = infoOf(part).id;
    const auto stored = mReader->kindOf(id);
    if (stored) {
        eraseRow(*stored, id);
        if (*stored != kind) {
            auto& setKind = statement(mSetKind, "UPDATE part SET kind = ?2 WHERE id = ?1");
            setKind.bind(1, std::string_view(id));
            setKind.bind(2, enumName(kind));
            setKind.run();
        }
    } else {
        auto& insertPart = statement(mInsertPart, "INSERT INTO part (id, kind) VALUES (?1, ?2)");
        insertPart.bind(1, std::string_view(id));
        insertPart.bind(2, enumName(kind));
        insertPart.run();
    }
    auto& insert = statement(mInsert[kindIndex(kind)],
                             "INSERT INTO \"" + std::string(KindTable::tableName(kind)) + "\" ("
                                 + KindTable::columnList(kind) + ") VALUES ("
                                 + KindTable::placeholderList(kind) + ")");
    sqlite::ResetGuard guard(insert);
    KindTable::bindPart(insert, part);
    insert.step();
    return stored.has_value();
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
