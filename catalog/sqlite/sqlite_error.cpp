// SPDX-License-Identifier: Apache-2.0
#include "catalog/sqlite/sqlite_error.h"

#include <sqlite3.h>

namespace infrafit::catalog::sqlite {

StoreErrorKind errorKindFor(int resultCode)
{
    switch (resultCode & 0xff) {
    case SQLITE_BUSY:
    case SQLITE_LOCKED: return StoreErrorKind::Busy;
    case SQLITE_NOTADB:
    case SQLITE_CORRUPT: return StoreErrorKind::NotADatabase;
    case SQLITE_CONSTRAINT:
        if (resultCode == SQLITE_CONSTRAINT_PRIMARYKEY || resultCode == SQLITE_CONSTRAINT_UNIQUE)
            return StoreErrorKind::DuplicateId;
        return StoreErrorKind::Io;
    default: return StoreErrorKind::Io;
    }
}

void throwSqliteError(int resultCode, sqlite3* db, const std::string& path, std::string_view what)
{
    std::string message = path;
    message += ": ";
    message += what;
    message += ": ";
    if (db && sqlite3_errcode(db) != SQLITE_OK)
        message += sqlite3_errmsg(db);
    else
        message += sqlite3_errstr(resultCode);
    if ((resultCode & 0xff) == SQLITE_BUSY || (resultCode & 0xff) == SQLITE_LOCKED)
        message += "; another InfraFit window or program is writing to this catalog: wait for it"
                   " to finish and try again";
    if ((resultCode & 0xff) == SQLITE_READONLY)
        message += "; the catalog is read-only here (its file or folder is not writable, or it "
                   "was opened for reading only)";
    throw StoreError(errorKindFor(resultCode), message);
}

} // namespace infrafit::catalog::sqlite
