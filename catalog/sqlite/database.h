// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <chrono>
#include <cstdint>
#include <string>
#include <string_view>

struct sqlite3;

namespace infrafit::catalog::sqlite {

class Statement;

/// How a Database opens its file.
enum class OpenMode {
    ReadOnly,       ///< never writes the main database file
    Immutable,      ///< read-only, no locks and no -wal/-shm files: only for a
                    ///< closed file (no journal beside it) that nobody writes
    ReadWrite,      ///< the file must exist
    ReadWriteCreate ///< creates the file when missing
};

/// One SQLite connection (RAII: closed by the destructor). Errors become
/// StoreError naming the file and carrying SQLite's message. `exec` is for
/// fixed SQL written in this program (migrations, pragmas); anything that
/// carries a value goes through a prepared Statement. Not thread-safe: one
/// thread uses a connection at a time.
class Database {
public:
    Database(std::string path, OpenMode mode);
    ~Database();
    Database(Database&& other) noexcept;
    Database& operator=(Database&& other) noexcept;
    Database(const Database&) = delete;
    Database& operator=(const Database&) = delete;

    /// Runs one or more statements of fixed SQL (no user data).
    void exec(std::string_view sql);
    /// Prepares a statement for this connection.
    [[nodiscard]] Statement prepare(std::string_view sql);

    [[nodiscard]] int userVersion();
    void setUserVersion(int version);
    [[nodiscard]] std::int32_t applicationId();
    void setApplicationId(std::int32_t id);
    void setBusyTimeout(std::chrono::milliseconds timeout);
    /// Switches to write-ahead logging (a write when the file is not yet in WAL mode).
    void enableWal();
    /// Runs a single-value pragma query such as "PRAGMA journal_mode" and
    /// returns its first column as text.
    [[nodiscard]] std::string queryText(std::string_view sql);
    [[nodiscard]] std::int64_t queryInt(std::string_view sql);
    /// Rows changed by the last INSERT, UPDATE or DELETE that finished.
    [[nodiscard]] std::int64_t changes() const;

    [[nodiscard]] const std::string& path() const { return mPath; }
    [[nodiscard]] sqlite3* handle() const { return mDb; }
    /// Throws the StoreError for `resultCode` with this connection's message.
    [[noreturn]] void fail(int resultCode, std::string_view what) const;

private:
    void close() noexcept;

    std::string mPath;
    sqlite3* mDb = nullptr;
};

} // namespace infrafit::catalog::sqlite
