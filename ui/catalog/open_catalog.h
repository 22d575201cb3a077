// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "catalog/catalog_store.h"

#include <optional>
#include <string>

class QWidget;

namespace infrafit::ui {

/// Opens the catalog database at `path` for the app (read-only when the
/// file or folder is not writable). When SQLite rejects the file, or it is
/// not an InfraFit catalog or was written by a newer InfraFit, the user
/// chooses, through the Dialogs seam, between "Quit" (choice 0, the
/// default; returns nullopt) and "Back up and start a fresh catalog"
/// (choice 1) — the file and its journals are moved aside
/// (catalog::backUpDatabase), a new default catalog is created and the user
/// is told where the old one went. When another InfraFit process has the
/// catalog open (catalog::CatalogLock) no move is offered: a warning says so
/// and nullopt is returned. The file is never overwritten. Other failures
/// (busy, unreadable) are thrown as catalog::StoreError for the caller.
std::optional<catalog::CatalogStore> openCatalog(const std::string& path,
                                                 QWidget* parent = nullptr);

} // namespace infrafit::ui
