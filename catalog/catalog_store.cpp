// SPDX-License-Identifier: Apache-2.0
#include "catalog/catalog_store.h"

#include "catalog/catalog_lock.h"
#include "catalog/catalog_reader.h"
#include "catalog/catalog_writer.h"
#include "catalog/database_file.h"
#include "catalog/default_catalog.h"
#include "catalog/migrations.h"
#include "catalog/software_rows.h"
#include "catalog/sqlite/database.h"
#include "catalog/sqlite/transaction.h"
#include "core/base/input_error.h"
#include "core/io/software_compat_json.h"
#include "core/parts/part_validation.h"
#include "core/io/default_software.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>

#include <sys/stat.h>
#include <unistd.h>

namespace infrafit::catalog {
namespace {

namespace fs = std::filesystem;

std::string quoteId(std::string_view text)
{
    return "\"" + std::string(text) + "\"";
}

/// One line per problem, "POINTER: MESSAGE", indented under a heading.
std::string describe(const std::vector<Problem>& problems)
{
    std::string text;
    for (const auto& problem : problems)
        text += "\n  " + problem.pointer + ": " + problem.message;
    return text;
}

/// The migration that creates the software compatibility table.
constexpr int storeSoftwareMigration = 6;
/// The migration that made switches and PDUs part kinds: a catalog upgraded
/// past it gains the shipped switches and PDUs (catalog/migrations.cpp).
constexpr int storeNetworkPartsMigration = 9;

/// The default catalog's switches and PDUs whose ids `reader` does not
/// hold yet (a user's part keeps its id).
std::vector<Part> storeMissingNetworkParts(CatalogReader& reader)
{
    std::vector<Part> missing;
    for (const auto& part : defaultCatalogParts()) {
        const PartKind kind = kindOf(part);
        if ((kind == PartKind::Switch || kind == PartKind::Pdu) && !reader.kindOf(infoOf(part).id))
            missing.push_back(part);
    }
    return missing;
}

/// Refuses a software row the catalog file reader would refuse (same rules).
void storeRequireValidSoftware(const std::string& path, const SoftwareCompat& row)
{
    std::vector<Problem> problems;
    softwareCompatFromJson(softwareCompatToJson(row), "", problems);
    if (problems.empty())
        return;
    std::string message = path + ": software compatibility row \"" + row.architecture
                          + "\" refused, nothing was stored:";
    for (const auto& problem : problems)
        message += " " + (problem.pointer.empty() ? std::string("/") : problem.pointer) + " "
                   + problem.message + ";";
    throw StoreError(StoreErrorKind::InvalidPart, message);
}

void requireValid(const std::string& path, const Part& part, std::string_view action)
{
    // Pointers are the field keys ("/tdp_w"), named without a prefix.
    auto problems = validatePart(part);
    if (!problems.empty())
        throw StoreError(StoreErrorKind::InvalidPart,
            path + ": cannot " + std::string(action) + " part " + quoteId(infoOf(part).id) + ":"
                + describe(problems));
}

/// Removes a database we created and could not finish, with its WAL files.
void removeCreatedFile(const std::string& path) noexcept
{
    std::error_code ignored;
    for (const char* suffix : {"", "-wal", "-shm", "-journal"})
        fs::remove(path + suffix, ignored);
}

/// True when the catalog at `path` must not be written: the process may
/// not write the file or its folder (SQLite needs the folder for its
/// journals), or the user took every write permission bit away (honoured
/// even for root, who could write anyway).
bool mustNotWrite(const std::string& path)
{
    std::string folder = fs::path(path).parent_path().string();
    if (folder.empty())
        folder = ".";
    struct stat fileStat { };
    struct stat folderStat { };
    if (::stat(path.c_str(), &fileStat) != 0 || ::stat(folder.c_str(), &folderStat) != 0)
        return false; // let SQLite report what is wrong
    constexpr auto anyWrite = S_IWUSR | S_IWGRP | S_IWOTH;
    return ::access(path.c_str(), W_OK) != 0 || ::access(folder.c_str(), W_OK) != 0
        || (fileStat.st_mode & anyWrite) == 0 || (folderStat.st_mode & anyWrite) == 0;
}

bool storeHasJournal(const std::string& path)
{
    std::error_code ec;
    return fs::exists(path + "-journal", ec) || fs::exists(path + "-wal", ec);
}

} // namespace

struct CatalogStore::Impl {
    Impl(const std::string& file, sqlite::OpenMode mode)
        : path(file), db(file, mode), reader(db), writer(db, reader)
    {
    }

    std::string path;
    /// Declared before the connection so it is released after the
    /// connection closed (and ran its final checkpoint).
    CatalogLock lock;
    sqlite::Database db;
    CatalogReader reader;
    CatalogWriter writer;
    int version = 0;
    bool readOnly = false;

    ImportSummary store(const std::vector<Part>& parts);
    ImportSummary storeSoftware(const SoftwareTable& table);
};

ImportSummary CatalogStore::Impl::storeSoftware(const SoftwareTable& table)
{
    for (const auto& row : table.rows)
        storeRequireValidSoftware(path, row);
    ImportSummary summary;
    for (const auto& row : table.rows) {
        if (putSoftwareRow(db, row))
            ++summary.replaced;
        else
            ++summary.added;
    }
    return summary;
}

ImportSummary CatalogStore::Impl::store(const std::vector<Part>& parts)
{
    std::vector<Problem> problems;
    for (std::size_t i = 0; i < parts.size(); ++i) {
        auto partProblems = validatePart(parts[i]); // pointers "/key"; "/i" is prefixed below
        for (auto& problem : partProblems) {
            problem.pointer = "/" + std::to_string(i) + problem.pointer + " (id "
                + quoteId(infoOf(parts[i]).id) + ")";
            problems.push_back(std::move(problem));
        }
    }
    if (!problems.empty())
        throw StoreError(StoreErrorKind::InvalidPart,
            path + ": import refused, nothing was stored:" + describe(problems));
    const auto duplicates = duplicateIdProblems(parts, "");
    if (!duplicates.empty())
        throw StoreError(StoreErrorKind::DuplicateId,
            path + ": import refused, nothing was stored:" + describe(duplicates));
    // Stored in id order: every table is keyed by id, so each row lands at
    // the end of its B-tree (full pages, no splits in the middle) instead of
    // at random places. The result is the same set of rows.
    std::vector<const Part*> byId;
    byId.reserve(parts.size());
    for (const auto& part : parts)
        byId.push_back(&part);
    std::sort(byId.begin(), byId.end(),
        [](const Part* a, const Part* b) { return infoOf(*a).id < infoOf(*b).id; });
    ImportSummary summary;
    for (const Part* part : byId) {
        if (writer.put(*part))
            ++summary.replaced;
        else
            ++summary.added;
    }
    return summary;
}

CatalogStore CatalogStore::open(const std::string& path, OpenOptions options)
{
    const DatabaseFileState state = inspectDatabaseFile(path);
    const bool creating = state == DatabaseFileState::Missing;
    if (creating) {
        const fs::path parent = fs::path(path).parent_path();
        std::error_code ec;
        if (!parent.empty())
            fs::create_directories(parent, ec);
        if (ec)
            throw StoreError(StoreErrorKind::Io,
                path + ": cannot create the folder " + parent.string() + ": " + ec.message());
    }
    const bool readOnly = !creating && mustNotWrite(path);
    if (readOnly && !options.allowReadOnly)
        throw StoreError(StoreErrorKind::Io,
            path
                + ": the catalog is read-only (the file or its folder is not "
                  "writable) and this command changes it; make it writable or "
                  "use --db with a writable copy");
    sqlite::OpenMode mode
        = creating ? sqlite::OpenMode::ReadWriteCreate : sqlite::OpenMode::ReadWrite;
    if (readOnly) // a closed file nobody can write: not even a -shm file is made
        mode = storeHasJournal(path) ? sqlite::OpenMode::ReadOnly : sqlite::OpenMode::Immutable;
    std::unique_ptr<Impl> impl;
    try {
        impl = std::make_unique<Impl>(path, mode);
        impl->readOnly = readOnly;
        auto& db = impl->db;
        db.setBusyTimeout(options.busyTimeout);
        // SQLite's verdict, after a read-write open has rolled back any hot
        // journal; nothing is written before it.
        const DatabaseHealth health = checkDatabaseHealth(db);
        if (!readOnly)
            impl->lock = CatalogLock::shared(path, static_cast<long>(options.busyTimeout.count()));
        const bool current = !health.blank && health.schemaVersion == currentSchemaVersion();
        if (readOnly) {
            if (!current)
                throw StoreError(StoreErrorKind::Io,
                    path + ": the catalog is read-only and "
                        + (health.blank ? std::string("empty")
                                        : "of an older schema (open it once "
                                          "writable to upgrade it)"));
        } else {
            if (db.queryText("PRAGMA journal_mode") != "wal")
                db.enableWal();
            // Under WAL, NORMAL loses at most the last commits on power loss, never consistency.
            db.exec("PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON;"
                    " PRAGMA cache_size = -32768; PRAGMA temp_store = MEMORY");
            if (!current) {
                sqlite::Transaction transaction(db);
                const int before = applyMigrations(db);
                if (before == 0 && options.seedWithDefaults) {
                    try {
                        impl->store(defaultCatalogParts());
                    } catch (const InputError& error) {
                        throw StoreError(StoreErrorKind::InvalidPart,
                            path + ": the built-in catalog is invalid: " + error.what());
                    }
                }
                // The shipped software compatibility rows: for a new catalog
                // seeded with the defaults, and for one upgraded past
                // migration 6 (which keeps its parts and gains the rows).
                if ((before == 0 && options.seedWithDefaults) || (before > 0 && before < storeSoftwareMigration))
                    impl->storeSoftware(defaultSoftwareTable());
                if (before > 0 && before < storeNetworkPartsMigration)
                    impl->store(storeMissingNetworkParts(impl->reader));
                transaction.commit();
            }
        }
        impl->version = db.userVersion();
    } catch (...) {
        impl.reset();
        if (creating)
            removeCreatedFile(path);
        throw;
    }
    return CatalogStore(std::move(impl));
}

CatalogStore::CatalogStore(std::unique_ptr<Impl> impl) : mImpl(std::move(impl)) { }
CatalogStore::CatalogStore(CatalogStore&&) noexcept = default;
CatalogStore& CatalogStore::operator=(CatalogStore&&) noexcept = default;
CatalogStore::~CatalogStore() = default;

std::vector<Part> CatalogStore::list(std::optional<PartKind> kind, std::string_view filter) const
{
    return mImpl->reader.list(kind, filter);
}

std::optional<Part> CatalogStore::find(std::string_view id) const
{
    return mImpl->reader.find(id);
}

std::size_t CatalogStore::count(std::optional<PartKind> kind) const
{
    return mImpl->reader.count(kind);
}

void CatalogStore::add(const Part& part)
{
    requireValid(mImpl->path, part, "add");
    sqlite::Transaction transaction(mImpl->db);
    const auto& id = infoOf(part).id;
    if (const auto existing = mImpl->reader.kindOf(id))
        throw StoreError(StoreErrorKind::DuplicateId,
            mImpl->path + ": a " + std::string(enumName(*existing)) + " with id " + quoteId(id)
                + " already exists");
    mImpl->writer.put(part);
    transaction.commit();
}

void CatalogStore::update(std::string_view id, const Part& part)
{
    requireValid(mImpl->path, part, "update");
    sqlite::Transaction transaction(mImpl->db);
    if (!mImpl->reader.kindOf(id))
        throw StoreError(
            StoreErrorKind::NotFound, mImpl->path + ": no part with id " + quoteId(id));
    const auto& newId = infoOf(part).id;
    if (newId != id) {
        if (const auto existing = mImpl->reader.kindOf(newId))
            throw StoreError(StoreErrorKind::DuplicateId,
                mImpl->path + ": a " + std::string(enumName(*existing)) + " with id "
                    + quoteId(newId) + " already exists");
        mImpl->writer.erase(id);
    }
    mImpl->writer.put(part);
    transaction.commit();
}

void CatalogStore::remove(std::string_view id)
{
    sqlite::Transaction transaction(mImpl->db);
    if (!mImpl->writer.erase(id))
        throw StoreError(
            StoreErrorKind::NotFound, mImpl->path + ": no part with id " + quoteId(id));
    transaction.commit();
}

std::int64_t CatalogStore::setField(std::string_view id, const FieldSpec& field,
    const FieldValue& value, std::int64_t expectedVersion)
{
    if (field.key == "id")
        throw StoreError(StoreErrorKind::InvalidPart,
            mImpl->path + ": a part's id is changed with update(), not setField()");
    sqlite::Transaction transaction(mImpl->db);
    auto stored = mImpl->reader.find(id);
    if (!stored)
        throw StoreError(
            StoreErrorKind::NotFound, mImpl->path + ": no part with id " + quoteId(id));
    const PartKind kind = kindOf(*stored);
    if (findField(kind, field.key) == nullptr)
        throw StoreError(StoreErrorKind::InvalidPart,
            mImpl->path + ": a " + std::string(enumName(kind)) + " has no field "
                + std::string(field.key));
    if (!mImpl->writer.bumpVersion(id, expectedVersion))
        throw StoreError(StoreErrorKind::Conflict,
            mImpl->path + ": part " + quoteId(id)
                + " was changed by another program since it was read");
    field.set(*stored, value);
    requireValid(mImpl->path, *stored, "update");
    mImpl->writer.writeField(kind, id, field, value);
    transaction.commit();
    return expectedVersion + 1;
}

std::optional<std::int64_t> CatalogStore::version(std::string_view id) const
{
    return mImpl->reader.versionOf(id);
}

std::vector<std::pair<std::string, std::int64_t>> CatalogStore::versions() const
{
    return mImpl->reader.versions();
}

std::int64_t CatalogStore::dataVersion() const
{
    return mImpl->db.queryInt("PRAGMA data_version");
}

ImportSummary CatalogStore::importParts(const std::vector<Part>& parts)
{
    sqlite::Transaction transaction(mImpl->db);
    const auto summary = mImpl->store(parts);
    transaction.commit();
    return summary;
}

ImportSummary CatalogStore::importBatches(const std::function<bool(std::vector<Part>&)>& next,
                                          const std::function<const SoftwareTable*()>& software,
                                          std::size_t* softwareRows)
{
    sqlite::Transaction transaction(mImpl->db);
    ImportSummary summary;
    std::vector<Part> batch;
    while (next(batch)) {
        const auto stored = mImpl->store(batch);
        summary.added += stored.added;
        summary.replaced += stored.replaced;
        batch.clear();
    }
    if (software) {
        if (const SoftwareTable* table = software()) {
            mImpl->storeSoftware(*table);
            if (softwareRows)
                *softwareRows = table->rows.size();
        }
    }
    transaction.commit();
    return summary;
}

SoftwareTable CatalogStore::softwareTable() const
{
    return readSoftwareRows(mImpl->db);
}

bool CatalogStore::putSoftware(const SoftwareCompat& row)
{
    storeRequireValidSoftware(mImpl->path, row);
    sqlite::Transaction transaction(mImpl->db);
    const bool replaced = putSoftwareRow(mImpl->db, row);
    transaction.commit();
    return replaced;
}

void CatalogStore::removeSoftware(std::string_view architecture)
{
    sqlite::Transaction transaction(mImpl->db);
    if (!eraseSoftwareRow(mImpl->db, architecture))
        throw StoreError(StoreErrorKind::NotFound,
                         mImpl->path + ": no software compatibility row for architecture \""
                             + std::string(architecture) + "\"");
    transaction.commit();
}

ImportSummary CatalogStore::importSoftware(const SoftwareTable& table)
{
    sqlite::Transaction transaction(mImpl->db);
    const auto summary = mImpl->storeSoftware(table);
    transaction.commit();
    return summary;
}

const std::string& CatalogStore::path() const
{
    return mImpl->path;
}

int CatalogStore::schemaVersion() const
{
    return mImpl->version;
}

bool CatalogStore::readOnly() const
{
    return mImpl->readOnly;
}

int currentSchemaVersion()
{
    return catalogMigrations().back().version;
}

std::string defaultDatabasePath()
{
    // XDG Base Directory: a relative XDG_DATA_HOME is invalid and ignored.
    const char* dataHome = std::getenv("XDG_DATA_HOME");
    fs::path base;
    if (dataHome && *dataHome && fs::path(dataHome).is_absolute()) {
        base = dataHome;
    } else if (const char* home = std::getenv("HOME"); home && *home) {
        base = fs::path(home) / ".local" / "share";
    } else {
        base = fs::current_path();
    }
    return (base / "infrafit" / "catalog.sqlite").string();
}

} // namespace infrafit::catalog
