// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "catalog/catalog_store.h"

#include <optional>
#include <string>

class QWidget;

namespace infrafit::ui {

/// Opens the catalog database at `path` for the app. When the file is not
/// a usable catalog (corrupt, not SQLite, or written by a newer InfraFit)
/// the user chooses, through the Dialogs seam, between "Back up and start a
/// fresh catalog" — the file and its -wal/-shm are moved aside
/// (catalog::backUpDatabase), a new default catalog is created and the user
/// is told where the old one went — and "Quit" (returns nullopt). The file
/// is never overwritten. Other failures (busy, unreadable) are thrown as
/// catalog::StoreError for the caller to report.
std::optional<catalog::CatalogStore> openCatalog(const std::string& path,
                                                 QWidget* parent = nullptr);

} // namespace infrafit::ui
