// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "catalog/catalog_store.h"

#include <chrono>
#include <string>

namespace infrafit::catalog {

/// Moves the database file at `path` aside, together with its SQLite
/// companions (`-wal`, `-shm`, `-journal`, each only when present), to a new
/// name next to it: `<path>.broken-YYYYMMDD-HHMMSS` (local time), with `-2`,
/// `-3`, ... appended when that name is taken. Nothing existing is ever
/// overwritten: each move fails rather than replace a file. Returns the
/// backup path of the main file; the companions keep their suffixes after it
/// (`<backup>-wal`), so SQLite can still open the backup.
/// Throws StoreError(Io) naming the file when `path` does not exist or a file
/// cannot be moved; files already moved are moved back first when possible.
/// Use it only on a database no InfraFit process has open (e.g. one that
/// inspectDatabaseFile() refused).
std::string backUpDatabase(const std::string& path);

/// backUpDatabase() with the time stamp taken from `now` (for tests).
std::string backUpDatabaseAt(const std::string& path, std::chrono::system_clock::time_point now);

/// "Back up and start fresh": moves the database at `path` aside with
/// backUpDatabase() while holding its CatalogLock exclusive (so never while
/// another InfraFit process has it open: then StoreError(Busy) and nothing
/// is moved), then creates a new catalog there with CatalogStore::open
/// (seeded with the built-in defaults unless `options` says otherwise).
/// Returns the backup path. Meant for a database that open() refused as
/// corrupt, foreign or newer; throws StoreError(Io) when nothing is at `path`.
/// If creating the new catalog fails, the backup stays where it is (named in
/// the error) and the exception propagates.
std::string backUpAndStartFresh(const std::string& path, OpenOptions options = {});

} // namespace infrafit::catalog
