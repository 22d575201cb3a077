// SPDX-License-Identifier: Apache-2.0
#pragma once

namespace infrafit::catalog::sqlite {

class Database;

/// BEGIN IMMEDIATE on construction (takes the write lock at once, waiting up
/// to the busy timeout), or BEGIN DEFERRED for a consistent read snapshot;
/// ROLLBACK in the destructor unless commit() was called. Transactions do
/// not nest. Same thread as its Database.
class Transaction {
public:
    enum class Mode { Immediate, Deferred };
    explicit Transaction(Database& db, Mode mode = Mode::Immediate);
    ~Transaction();
    Transaction(const Transaction&) = delete;
    Transaction& operator=(const Transaction&) = delete;

    void commit();

private:
    Database& mDb;
    bool mOpen = false;
};

} // namespace infrafit::catalog::sqlite
