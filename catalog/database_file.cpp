// SPDX-License-Identifier: Apache-2.0
#include "catalog/database_file.h"

#include "catalog/catalog_store.h"
#include "catalog/migrations.h"
#include "catalog/sqlite/database.h"
#include "catalog/sqlite/statement.h"

#include <array>
#include <chrono>
#include <cstdint>
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
                     path + ": is not an InfraFit catalog database (" + why
                         + "); the file was left unchanged");
}

std::uint32_t bigEndian(const std::array<unsigned char, headerSize>& header, std::size_t offset,
                        std::size_t bytes)
{
    std::uint32_t value = 0;
    for (std::size_t i = 0; i < bytes; ++i)
        value = (value << 8) | header[offset + i];
    return value;
}

/// Checks the header as raw bytes (see https://www.sqlite.org/fileformat.html §1.3).
void checkHeader(const std::string& path, std::uintmax_t fileSize)
{
    if (fileSize < headerSize)
        refuse(path, "too short for an SQLite file");
    std::array<unsigned char, headerSize> header{};
    std::ifstream in(path, std::ios::binary);
    if (!in.read(reinterpret_cast<char*>(header.data()), headerSize))
        throw StoreError(StoreErrorKind::Io, path + ": cannot read the file");
    if (std::memcmp(header.data(), sqliteMagic, sizeof sqliteMagic) != 0)
        refuse(path, "not an SQLite file");
    std::uint32_t pageSize = bigEndian(header, 16, 2);
    if (pageSize == 1)
        pageSize = 65536;
    if (pageSize < 512 || pageSize > 65536 || (pageSize & (pageSize - 1)) != 0)
        refuse(path, "corrupt header: invalid page size");
    const auto changeCounter = bigEndian(header, 24, 4);
    const auto pageCount = bigEndian(header, 28, 4);
    const auto validFor = bigEndian(header, 92, 4);
    // The in-header page count is trustworthy only when the two counters match.
    if (pageCount != 0 && changeCounter == validFor
        && fileSize < static_cast<std::uintmax_t>(pageCount) * pageSize)
        refuse(path, "truncated: " + std::to_string(fileSize) + " bytes, the header says "
                         + std::to_string(static_cast<std::uintmax_t>(pageCount) * pageSize));
}

/// What a read-only look at the database shows.
struct Contents {
    std::int32_t applicationId = 0;
    int version = 0;
    bool blank = false;       ///< no schema objects at all
    std::string quickCheck;   ///< "ok" when sound
};

Contents readContents(const std::string& path)
{
    try {
        // With no journal beside it the file is closed and complete: open it
        // immutable so not even a -wal or -shm file is created. Otherwise a
        // plain read-only connection reads the journal (and may add a -shm).
        std::error_code ec;
        const bool closed = !fs::exists(path + "-wal", ec) && !fs::exists(path + "-journal", ec);
        sqlite::Database db(path, closed ? sqlite::OpenMode::Immutable : sqlite::OpenMode::ReadOnly);
        db.setBusyTimeout(std::chrono::seconds(5));
        Contents contents;
        contents.applicationId = db.applicationId();
        contents.version = db.userVersion();
        contents.blank = db.queryInt("SELECT count(*) FROM sqlite_schema") == 0;
        // Only a database we would open needs the (full-scan) check.
        if (contents.applicationId == catalogApplicationId
            && contents.version <= currentSchemaVersion())
            contents.quickCheck = db.queryText("PRAGMA quick_check(1)");
        return contents;
    } catch (const StoreError& error) {
        if (error.kind() == StoreErrorKind::NotADatabase)
            refuse(path, std::string("corrupt: ") + error.what());
        throw;
    }
}

void checkContents(const std::string& path)
{
    const Contents contents = readContents(path);
    if (contents.applicationId != catalogApplicationId) {
        if (!(contents.applicationId == 0 && contents.version == 0 && contents.blank))
            refuse(path, "an SQLite database of another program");
        return;
    }
    if (contents.version > currentSchemaVersion())
        throw StoreError(StoreErrorKind::NewerSchema,
                         path + ": was written by a newer InfraFit (catalog schema "
                             + std::to_string(contents.version) + ", this program knows up to "
                             + std::to_string(currentSchemaVersion())
                             + "); update InfraFit to open it. The file was left unchanged");
    if (contents.quickCheck != "ok")
        refuse(path, "corrupt: " + contents.quickCheck);
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
    if (size == 0)
        return DatabaseFileState::Empty;
    checkHeader(path, size);
    checkContents(path);
    return DatabaseFileState::Catalog;
}

} // namespace infrafit::catalog
