// SPDX-License-Identifier: Apache-2.0
#include "catalog/sqlite/database.h"

#include "catalog/sqlite/sqlite_error.h"
#include "catalog/sqlite/statement.h"

#include <sqlite3.h>

#include <utility>

namespace infrafit::catalog::sqlite {

namespace {

/// "file:" URI for `path` with `query`, percent-encoding all but unreserved characters and '/'.
std::string fileUri(const std::string& path, std::string_view query)
{
    static constexpr char hex[] = "0123456789ABCDEF";
    std::string uri = "file:";
    for (unsigned char c : path) {
        const bool plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
                           || c == '-' || c == '.' || c == '_' || c == '~' || c == '/';
        if (plain) {
            uri += static_cast<char>(c);
        } else {
            uri += '%';
            uri += hex[c >> 4];
            uri += hex[c & 0xf];
        }
    }
    uri += '?';
    uri += query;
    return uri;
}

} // namespace

Database::Database(std::string path, OpenMode mode) : mPath(std::move(path))
{
    int flags = SQLITE_OPEN_NOMUTEX;
    std::string target = mPath;
    switch (mode) {
    case OpenMode::ReadOnly: flags |= SQLITE_OPEN_READONLY; break;
    case OpenMode::Immutable:
        flags |= SQLITE_OPEN_READONLY | SQLITE_OPEN_URI;
        target = fileUri(mPath, "immutable=1");
        break;
    case OpenMode::ReadWrite: flags |= SQLITE_OPEN_READWRITE; break;
    case OpenMode::ReadWriteCreate: flags |= SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE; break;
    }
    const int rc = sqlite3_open_v2(target.c_str(), &mDb, flags, nullptr);
    if (rc != SQLITE_OK) {
        const std::string message = mDb ? sqlite3_errmsg(mDb) : sqlite3_errstr(rc);
        close();
        throw StoreError(errorKindFor(rc), mPath + ": cannot open: " + message);
    }
    sqlite3_extended_result_codes(mDb, 1);
}

Database::~Database() { close(); }

Database::Database(Database&& other) noexcept
    : mPath(std::move(other.mPath)), mDb(std::exchange(other.mDb, nullptr))
{
}

Database& Database::operator=(Database&& other) noexcept
{
    if (this != &other) {
        close();
        mPath = std::move(other.mPath);
        mDb = std::exchange(other.mDb, nullptr);
    }
    return *this;
}

void Database::close() noexcept
{
    if (mDb) {
        // sqlite3_close_v2 defers the close until the last statement is finalized.
        sqlite3_close_v2(mDb);
        mDb = nullptr;
    }
}

void Database::exec(std::string_view sql)
{
    const std::string text(sql);
    char* error = nullptr;
    const int rc = sqlite3_exec(mDb, text.c_str(), nullptr, nullptr, &error);
    sqlite3_free(error);
    if (rc != SQLITE_OK)
        fail(rc, "cannot run SQL");
}

Statement Database::prepare(std::string_view sql) { return Statement(*this, sql); }

std::string Database::queryText(std::string_view sql)
{
    Statement statement = prepare(sql);
    if (!statement.step())
        return {};
    return std::string(statement.columnText(0));
}

std::int64_t Database::queryInt(std::string_view sql)
{
    Statement statement = prepare(sql);
    if (!statement.step())
        return 0;
    return statement.columnInt64(0);
}

int Database::userVersion() { return static_cast<int>(queryInt("PRAGMA user_version")); }

void Database::setUserVersion(int version)
{
    // PRAGMA takes no bound parameters; the value is an int formatted here.
    exec("PRAGMA user_version = " + std::to_string(version));
}

std::int32_t Database::applicationId()
{
    return static_cast<std::int32_t>(queryInt("PRAGMA application_id"));
}

void Database::setApplicationId(std::int32_t id)
{
    exec("PRAGMA application_id = " + std::to_string(id));
}

void Database::setBusyTimeout(std::chrono::milliseconds timeout)
{
    const int rc = sqlite3_busy_timeout(mDb, static_cast<int>(timeout.count()));
    if (rc != SQLITE_OK)
        fail(rc, "cannot set the busy timeout");
}

void Database::enableWal()
{
    if (queryText("PRAGMA journal_mode = WAL") != "wal")
        throw StoreError(StoreErrorKind::Io, mPath + ": cannot switch to write-ahead logging");
}

void Database::fail(int resultCode, std::string_view what) const
{
    throwSqliteError(resultCode, mDb, mPath, what);
}

std::int64_t Database::changes() const { return sqlite3_changes64(mDb); }

} // namespace infrafit::catalog::sqlite
