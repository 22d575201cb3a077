// SPDX-License-Identifier: Apache-2.0
#include "catalog/database_file.h"

#include "catalog/catalog_store.h"
#include "catalog/migrations.h"
#include "catalog/sqlite/database.h"
#include "catalog/sqlite/transaction.h"

#include <array>
#include <cstring>
#include <filesystem>
#include <fstream>

namespace infrafit::catalog {
namespace {

namespace fs = std::filesystem;

constexpr std::size_t headerSize = 100;
constexpr char sqliteMagic[] = "SQLite format 3"; // followed by a NUL in the file

[[noreturn]] void refuse(const std::string& path, const std::string& why)
{
    throw StoreError(StoreErrorKind::NotADatabase,
                     path + ": is not an InfraFit catalog database (" + why + ")");
}

bool hasJournal(const std::string& path)
{
    std::error_code ec;
    return fs::exists(path + "-journal", ec) || fs::exists(path + "-wal", ec);
}

/// The raw magic (https://www.sqlite.org/fileformat.html §1.3.1), read
/// only when no journal lies beside the file.
void checkMagic(const std::string& path, std::uintmax_t fileSize)
{
    if (fileSize < headerSize)
        refuse(path, "too short for an SQLite file");
    std::array<char, sizeof sqliteMagic> magic{};
    std::ifstream in(path, std::ios::binary);
    if (!in.read(magic.data(), magic.size()))
        throw StoreError(StoreErrorKind::Io, path + ": cannot read the file");
    if (std::memcmp(magic.data(), sqliteMagic, sizeof sqliteMagic) != 0)
        refuse(path, "not an SQLite file");
}

} // namespace

DatabaseFileState inspectDatabaseFile(const std::string& path)
{
    std::error_code ec;
    const auto status = fs::status(path, ec);
    if (ec || !fs::exists(status)) {
        if (ec && ec != std::errc::no_such_file_or_directory)
            throw StoreError(StoreErrorKind::Io, path + ": cannot access: " + ec.message());
        return DatabaseFileState::Missing;
    }
    if (!fs::is_regular_file(status))
        throw StoreError(StoreErrorKind::Io, path + ": is not a regular file");
    const auto size = fs::file_size(path, ec);
    if (ec)
        throw StoreError(StoreErrorKind::Io, path + ": cannot read the size: " + ec.message());
    if (hasJournal(path))
        return DatabaseFileState::Present;
    if (size == 0)
        return DatabaseFileState::Empty;
    checkMagic(path, size);
    return DatabaseFileState::Present;
}

DatabaseHealth checkDatabaseHealth(sqlite::Database& db)
{
    const std::string& path = db.path();
    DatabaseHealth health;
    std::int32_t applicationId = 0;
    std::string quickCheck = "ok";
    try {
        // One snapshot for every answer below: a writer committing meanwhile
        // (WAL) or a checkpoint in progress cannot make them disagree.
        sqlite::Transaction read(db, sqlite::Transaction::Mode::Deferred);
        applicationId = db.applicationId();
        health.schemaVersion = db.userVersion();
        health.blank = db.queryInt("SELECT count(*) FROM sqlite_schema") == 0;
        // Only a database we would open needs the (full-scan) check.
        if (applicationId == catalogApplicationId && health.schemaVersion <= currentSchemaVersion())
            quickCheck = db.queryText("PRAGMA quick_check(1)");
        read.commit();
    } catch (const StoreError& error) {
        if (error.kind() == StoreErrorKind::NotADatabase)
            refuse(path, std::string("SQLite: ") + error.what());
        throw;
    }
    if (applicationId != catalogApplicationId) {
        if (!(applicationId == 0 && health.schemaVersion == 0 && health.blank))
            refuse(path, "an SQLite database of another program");
        return health;
    }
    health.blank = false;
    if (health.schemaVersion > currentSchemaVersion())
        throw StoreError(StoreErrorKind::NewerSchema,
                         path + ": was written by a newer InfraFit (catalog schema "
                             + std::to_string(health.schemaVersion)
                             + ", this program knows up to "
                             + std::to_string(currentSchemaVersion())
                             + "); update InfraFit to open it");
    if (quickCheck != "ok")
        refuse(path, "corrupt, SQLite's quick_check says: " + quickCheck);
    return health;
}

} // namespace infrafit::catalog
