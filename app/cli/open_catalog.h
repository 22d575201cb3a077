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

/// Opens the catalog named by --db (else the user's default). When the file
/// is refused as corrupt, foreign or newer: without --reset-broken-catalog
/// the StoreError is rethrown with a line naming that flag (the file stays
/// unchanged); with it the file and its -wal/-shm are moved to a
/// `.broken-DATE-TIME` backup beside it, a fresh default catalog is created,
/// and `err` says where the backup went. Other errors propagate unchanged.
catalog::CatalogStore openCatalog(const Arguments& args, std::ostream& err);

} // namespace infrafit::cli
