// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/software/software_compat.h"

#include <string_view>

namespace infrafit::catalog {

namespace sqlite {
class Database;
}

/// The SQL of the software compatibility table (`software_compat`, catalog
/// migration 6): one row per GPU architecture, plain text columns, the
/// precisions and the framework features as JSON arrays. Callers hold the
/// transaction; same thread as the Database.

/// Every row, ordered by architecture.
SoftwareTable readSoftwareRows(sqlite::Database& db);
/// Adds `row`, or replaces the row of its architecture. Returns true when
/// it replaced one.
bool putSoftwareRow(sqlite::Database& db, const SoftwareCompat& row);
/// Removes the row of `architecture`; false when there is none.
bool eraseSoftwareRow(sqlite::Database& db, std::string_view architecture);

} // namespace infrafit::catalog
