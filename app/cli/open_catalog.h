// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "catalog/catalog_store.h"

#include <iosfwd>

namespace infrafit::cli {

class Arguments;

/// The flag, accepted by every command that opens the catalog, that moves a
/// refused (corrupt, foreign or newer) catalog database aside and starts a
/// fresh default one.
inline constexpr const char* resetBrokenCatalogFlag = "reset-broken-catalog";

/// What a command does with the catalog.
enum class CatalogAccess {
    Read, ///< only reads: a read-only catalog (0444 file, read-only folder) opens read-only
    Write ///< changes it: a read-only catalog is refused with a message saying so
};

/// Opens the catalog named by --db (else the user's default). When SQLite
/// rejects the file, or it is another program's or a newer InfraFit's:
/// without --reset-broken-catalog the StoreError is rethrown saying the file
/// was left unchanged and naming that flag; with it the file and its
/// -wal/-shm/-journal are moved to a `.broken-DATE-TIME` backup beside it, a
/// fresh default catalog is created, and `err` gets one line saying why and
/// where the backup went. A move refused because another InfraFit process has
/// the catalog open throws StoreError(Busy) saying the file was left
/// unchanged. Exactly one of "left unchanged" and "moved" is ever printed.
/// Other errors (busy, unreadable) propagate unchanged.
catalog::CatalogStore openCatalog(const Arguments& args, std::ostream& err,
                                  CatalogAccess access = CatalogAccess::Read);

} // namespace infrafit::cli
