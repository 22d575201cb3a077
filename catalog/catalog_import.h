// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "catalog/catalog_store.h"
#include "core/base/input_error.h"

#include <cstddef>
#include <string>
#include <vector>

namespace infrafit::catalog {

/// What importing a catalog file did.
struct FileImportResult {
    std::size_t parts = 0;         ///< parts read from the file
    ImportSummary summary;         ///< of them, added and replaced
    std::vector<Problem> warnings; ///< non-fatal remarks (unknown fields ignored)
    std::size_t softwareRows = 0;  ///< software compatibility rows added or replaced
};

/// Reads the catalog file `path` and adds or replaces its parts in `store`,
/// all or none, exactly as readCatalogFile() followed by importParts(): a
/// problem anywhere in the file throws the same InputError and leaves the
/// store unchanged. Faster on two cores: a second thread parses the file
/// and hands the parts over in batches while this thread stores them in the
/// open transaction, which is rolled back if the file turns out bad.
FileImportResult importCatalogFile(CatalogStore& store, const std::string& path);

} // namespace infrafit::catalog
