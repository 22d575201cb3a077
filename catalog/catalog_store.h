// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/parts/field_spec.h"
#include "core/parts/part.h"
#include "core/software/software_compat.h"

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace infrafit::catalog {

/// Why a catalog operation failed.
enum class StoreErrorKind {
    NotADatabase, ///< the file is not SQLite, or is corrupt: left untouched
    NewerSchema,  ///< written by a newer InfraFit: left untouched
    Busy,         ///< another process holds the write lock past the timeout
    Io,           ///< cannot open, create or write the file
    NotFound,     ///< no part with that id
    DuplicateId,  ///< a part with that id already exists
    InvalidPart,  ///< the part fails validation (the message lists the problems)
    Conflict      ///< the part changed since the caller read it (row version differs)
};

/// A failed catalog operation. The message names the database file and
/// says what went wrong; the database is unchanged.
class StoreError : public std::runtime_error {
public:
    StoreError(StoreErrorKind kind, const std::string& message)
        : std::runtime_error(message), mKind(kind)
    {
    }
    [[nodiscard]] StoreErrorKind kind() const { return mKind; }

private:
    StoreErrorKind mKind;
};

struct OpenOptions {
    /// Fill a newly created database with the built-in default catalog.
    bool seedWithDefaults = true;
    /// How long a write waits for another connection's write lock before it
    /// fails with StoreErrorKind::Busy (tests shorten it).
    std::chrono::milliseconds busyTimeout = std::chrono::seconds(5);
    /// For commands that only read: a catalog that must not be written (a
    /// file without write permission, or in a folder without it) is opened
    /// read-only instead of refused. Without it such a catalog is refused
    /// with StoreError(Io) saying it is read-only.
    bool allowReadOnly = false;
};

/// Counts reported by an import.
struct ImportSummary {
    std::size_t added = 0;
    std::size_t replaced = 0;
};

/// The editable parts catalog in one SQLite file (WAL, busy timeout,
/// numbered migrations via PRAGMA user_version). Every change is one
/// transaction: it happens whole or not at all. Ids are unique across all
/// kinds. One instance per thread; several processes may share a file.
class CatalogStore {
public:
    /// Opens `path`, creating it (and its directory) when missing, migrating
    /// an older schema. Health is SQLite's verdict (checkDatabaseHealth in
    /// database_file.h), asked after opening read-write, so a hot journal
    /// left by a crash is rolled back first. Throws StoreError without
    /// modifying the file when SQLite rejects it, it is another program's
    /// database or it has a newer schema. Holds the catalog's CatalogLock
    /// shared while open.
    static CatalogStore open(const std::string& path, OpenOptions options = {});

    CatalogStore(CatalogStore&&) noexcept;
    CatalogStore& operator=(CatalogStore&&) noexcept;
    ~CatalogStore();

    /// Parts of `kind` (all kinds when empty) whose id, vendor or model
    /// contains `filter` (case-insensitive; all when empty), ordered by
    /// kind then id.
    [[nodiscard]] std::vector<Part> list(std::optional<PartKind> kind = std::nullopt,
                                         std::string_view filter = {}) const;
    [[nodiscard]] std::optional<Part> find(std::string_view id) const;
    [[nodiscard]] std::size_t count(std::optional<PartKind> kind = std::nullopt) const;

    /// Adds a new part; DuplicateId when the id exists, InvalidPart when invalid.
    void add(const Part& part);
    /// Replaces the part stored as `id` (the new part may carry a new id or kind).
    void update(std::string_view id, const Part& part);
    /// Removes a part; NotFound when there is none.
    void remove(std::string_view id);
    /// Writes one field (not the id) of part `id`, and nothing else of it,
    /// when the part's row version is still `expectedVersion`: an UPDATE of
    /// one column, the version raised by one in the same transaction.
    /// Returns the new version. Conflict (nothing written) when the part
    /// changed since the caller read that version, NotFound when it is gone,
    /// InvalidPart when the stored part with this value fails validation.
    std::int64_t setField(std::string_view id, const FieldSpec& field, const FieldValue& value,
                          std::int64_t expectedVersion);
    /// The row version of part `id` (raised by every write of the part), or
    /// nullopt when there is no such part.
    [[nodiscard]] std::optional<std::int64_t> version(std::string_view id) const;
    /// Every part's id and row version, ordered by id: what a copy compares
    /// to find the parts another program added, changed or removed.
    [[nodiscard]] std::vector<std::pair<std::string, std::int64_t>> versions() const;
    /// SQLite's PRAGMA data_version: changes when another connection (this
    /// process or another) commits to the file, not for this one's commits.
    /// Cheap enough to poll on a timer.
    [[nodiscard]] std::int64_t dataVersion() const;
    /// Adds or replaces every part in one transaction: all or none.
    ImportSummary importParts(const std::vector<Part>& parts);
    /// Adds or replaces the parts `next` hands over, batch by batch, in one
    /// transaction: all or none. `next` fills its argument and returns true,
    /// or returns false at the end; an exception from it (or from storing)
    /// rolls every batch back and propagates. Each batch is validated, but
    /// an id repeated in two batches replaces the earlier part: refusing
    /// that is the caller's job (catalog_import.h does).
    /// `software`, when given, is asked after the last batch (inside the same
    /// transaction) for software compatibility rows to add or replace too;
    /// it may return nullptr. Their count goes to `softwareRows`.
    ImportSummary importBatches(const std::function<bool(std::vector<Part>&)>& next,
                                const std::function<const SoftwareTable*()>& software = {},
                                std::size_t* softwareRows = nullptr);

    /// The software compatibility table (migration 6), by architecture.
    [[nodiscard]] SoftwareTable softwareTable() const;
    /// Adds `row` or replaces the row of its architecture; InvalidPart when
    /// it has no architecture, source or date, or a version text without a
    /// number. Returns true when it replaced a row.
    bool putSoftware(const SoftwareCompat& row);
    /// Removes the row of `architecture`; NotFound when there is none.
    void removeSoftware(std::string_view architecture);
    /// Adds or replaces every row of `table` in one transaction.
    ImportSummary importSoftware(const SoftwareTable& table);

    [[nodiscard]] const std::string& path() const;
    [[nodiscard]] int schemaVersion() const;
    /// True when opened read-only (OpenOptions::allowReadOnly): every write
    /// fails with StoreError(Io).
    [[nodiscard]] bool readOnly() const;

private:
    struct Impl;
    explicit CatalogStore(std::unique_ptr<Impl> impl);
    std::unique_ptr<Impl> mImpl;
};

/// The schema version this program writes (PRAGMA user_version).
int currentSchemaVersion();

/// Where the user's catalog lives: $XDG_DATA_HOME/infrafit/catalog.sqlite,
/// else $HOME/.local/share/infrafit/catalog.sqlite.
std::string defaultDatabasePath();

} // namespace infrafit::catalog
