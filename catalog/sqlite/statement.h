// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

struct sqlite3_stmt;

namespace infrafit::catalog::sqlite {

class Database;

/// A prepared statement (RAII: finalized by the destructor). Parameters are
/// bound by 1-based index or by name (":id"); columns are read by 0-based
/// index. After the last step, call reset() (or hold a ResetGuard) so the
/// statement releases its read snapshot and can be reused. Belongs to the
/// thread that uses its Database.
class Statement {
public:
    Statement(Database& db, std::string_view sql);
    ~Statement();
    Statement(Statement&& other) noexcept;
    Statement& operator=(Statement&& other) noexcept;
    Statement(const Statement&) = delete;
    Statement& operator=(const Statement&) = delete;

    void bind(int index, double value);
    void bind(int index, std::int64_t value);
    void bind(int index, std::string_view text); ///< copied by SQLite
    /// Binds text without copying it: `text` must stay valid and unchanged
    /// until the statement is reset or the parameter rebound.
    void bindView(int index, std::string_view text);
    void bindNull(int index);
    void bind(const char* name, double value) { bind(parameterIndex(name), value); }
    void bind(const char* name, std::int64_t value) { bind(parameterIndex(name), value); }
    void bind(const char* name, std::string_view text) { bind(parameterIndex(name), text); }
    void bindNull(const char* name) { bindNull(parameterIndex(name)); }
    [[nodiscard]] int parameterIndex(const char* name) const;

    /// Advances; true when a row is available, false when done.
    bool step();
    /// Steps a statement that returns no rows (INSERT, UPDATE, DELETE), then resets it.
    void run();
    /// Rewinds and clears the bindings; never throws.
    void reset() noexcept;

    [[nodiscard]] int columnCount() const;
    [[nodiscard]] bool isNull(int column) const;
    [[nodiscard]] double columnDouble(int column) const;
    [[nodiscard]] std::int64_t columnInt64(int column) const;
    /// Valid until the next step, reset or column call on this column.
    [[nodiscard]] std::string_view columnText(int column) const;
    /// The column's text, or nullopt when it is NULL: one lookup instead of
    /// isNull() and columnText(), for reading many rows.
    [[nodiscard]] std::optional<std::string_view> columnTextOrNull(int column) const;
    /// The column's number, or nullopt when it is NULL.
    [[nodiscard]] std::optional<double> columnDoubleOrNull(int column) const;
    [[nodiscard]] std::string_view columnName(int column) const;

private:
    void check(int resultCode, std::string_view what) const;

    Database* mDb = nullptr;
    sqlite3_stmt* mStatement = nullptr;
};

/// Resets a statement when leaving a scope, also on exceptions.
class ResetGuard {
public:
    explicit ResetGuard(Statement& statement) : mStatement(statement) {}
    ~ResetGuard() { mStatement.reset(); }
    ResetGuard(const ResetGuard&) = delete;
    ResetGuard& operator=(const ResetGuard&) = delete;

private:
    Statement& mStatement;
};

} // namespace infrafit::catalog::sqlite
