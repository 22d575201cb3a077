// SPDX-License-Identifier: Apache-2.0
#include "catalog/sqlite/transaction.h"

#include "catalog/sqlite/database.h"

#include <sqlite3.h>

namespace infrafit::catalog::sqlite {

Transaction::Transaction(Database& db, Mode mode) : mDb(db)
{
    mDb.exec(mode == Mode::Immediate ? "BEGIN IMMEDIATE" : "BEGIN DEFERRED");
    mOpen = true;
}

Transaction::~Transaction()
{
    if (mOpen && !sqlite3_get_autocommit(mDb.handle()))
        sqlite3_exec(mDb.handle(), "ROLLBACK", nullptr, nullptr, nullptr);
}

void Transaction::commit()
{
    mDb.exec("COMMIT");
    mOpen = false;
}

} // namespace infrafit::catalog::sqlite
