// SPDX-License-Identifier: Apache-2.0
#include "catalog/sqlite/statement.h"

#include "catalog/catalog_store.h"
#include "catalog/sqlite/database.h"

#include <sqlite3.h>

#include <string>
#include <utility>

namespace infrafit::catalog::sqlite {

Statement::Statement(Database& db, std::string_view sql) : mDb(&db)
{
    const int rc = sqlite3_prepare_v3(db.handle(), sql.data(), static_cast<int>(sql.size()),
                                      SQLITE_PREPARE_PERSISTENT, &mStatement, nullptr);
    if (rc != SQLITE_OK)
        db.fail(rc, "cannot prepare a statement");
}

Statement::~Statement() { sqlite3_finalize(mStatement); }

Statement::Statement(Statement&& other) noexcept
    : mDb(other.mDb), mStatement(std::exchange(other.mStatement, nullptr))
{
}

Statement& Statement::operator=(Statement&& other) noexcept
{
    if (this != &other) {
        sqlite3_finalize(mStatement);
        mDb = other.mDb;
        mStatement = std::exchange(other.mStatement, nullptr);
    }
    return *this;
}

void Statement::check(int resultCode, std::string_view what) const
{
    if (resultCode != SQLITE_OK)
        mDb->fail(resultCode, what);
}

void Statement::bind(int index, double value)
{
    check(sqlite3_bind_double(mStatement, index, value), "cannot bind a number");
}

void Statement::bind(int index, std::int64_t value)
{
    check(sqlite3_bind_int64(mStatement, index, value), "cannot bind an integer");
}

void Statement::bind(int index, std::string_view text)
{
    check(sqlite3_bind_text64(mStatement, index, text.data(), text.size(), SQLITE_TRANSIENT,
                              SQLITE_UTF8),
          "cannot bind a text");
}

void Statement::bindView(int index, std::string_view text)
{
    check(sqlite3_bind_text64(mStatement, index, text.data(), text.size(), SQLITE_STATIC,
                              SQLITE_UTF8),
          "cannot bind a text");
}

void Statement::bindNull(int index)
{
    check(sqlite3_bind_null(mStatement, index), "cannot bind null");
}

int Statement::parameterIndex(const char* name) const
{
    const int index = sqlite3_bind_parameter_index(mStatement, name);
    if (index == 0)
        throw StoreError(StoreErrorKind::Io, mDb->path() + ": no SQL parameter named "
                                                 + std::string(name));
    return index;
}

bool Statement::step()
{
    const int rc = sqlite3_step(mStatement);
    if (rc == SQLITE_ROW)
        return true;
    if (rc == SQLITE_DONE)
        return false;
    mDb->fail(rc, "cannot run a statement");
}

void Statement::run()
{
    ResetGuard guard(*this);
    while (step()) {
    }
}

void Statement::reset() noexcept
{
    sqlite3_reset(mStatement);
    sqlite3_clear_bindings(mStatement);
}

int Statement::columnCount() const { return sqlite3_column_count(mStatement); }

bool Statement::isNull(int column) const
{
    return sqlite3_column_type(mStatement, column) == SQLITE_NULL;
}

double Statement::columnDouble(int column) const
{
    return sqlite3_column_double(mStatement, column);
}

std::int64_t Statement::columnInt64(int column) const
{
    return sqlite3_column_int64(mStatement, column);
}

std::optional<std::string_view> Statement::columnTextOrNull(int column) const
{
    // One column lookup; sqlite3_value_text gives a null pointer for NULL
    // (and on out of memory, which then reads as NULL too).
    sqlite3_value* value = sqlite3_column_value(mStatement, column);
    const auto* text = sqlite3_value_text(value);
    if (!text)
        return std::nullopt;
    const int size = sqlite3_value_bytes(value);
    return std::string_view(reinterpret_cast<const char*>(text), static_cast<std::size_t>(size));
}

std::optional<double> Statement::columnDoubleOrNull(int column) const
{
    sqlite3_value* value = sqlite3_column_value(mStatement, column);
    if (sqlite3_value_type(value) == SQLITE_NULL)
        return std::nullopt;
    return sqlite3_value_double(value);
}

std::string_view Statement::columnText(int column) const
{
    const auto* text = sqlite3_column_text(mStatement, column);
    const int size = sqlite3_column_bytes(mStatement, column);
    if (!text)
        return {};
    return {reinterpret_cast<const char*>(text), static_cast<std::size_t>(size)};
}

std::string_view Statement::columnName(int column) const
{
    const char* name = sqlite3_column_name(mStatement, column);
    return name ? std::string_view(name) : std::string_view();
}

} // namespace infrafit::catalog::sqlite
