// SPDX-License-Identifier: Apache-2.0
// The app's catalog recovery prompt: a corrupt or newer catalog is never
// overwritten; the user backs it up and starts fresh, or quits.
#include "catalog/catalog_lock.h"
#include "catalog/catalog_store.h"
#include "catalog/sqlite/database.h"
#include "ui/catalog/open_catalog.h"
#include "ui/dialogs/dialogs.h"

#include "support/fixtures.h"

#include <catch2/catch.hpp>

#include <filesystem>

using namespace infrafit;
using namespace infrafit::ui;

namespace {

constexpr int quitChoice = 0;
constexpr int backUpChoice = 1;

} // namespace

TEST_CASE("a corrupt catalog: quit leaves it, back up moves it aside and starts fresh",
          "[ui][catalog][recovery]")
{
    test::TempDir dir;
    const auto path = dir.file("catalog.sqlite");
    const auto corrupt = test::readBytes(test::fixturePath("catalogs/corrupt.sqlite"));
    test::writeBytes(path, corrupt);
    Dialogs::setSuppressWarnings(true);

    Dialogs::setNextChoice(quitChoice);
    CHECK_FALSE(openCatalog(path));
    CHECK(Dialogs::lastInformation().contains(QStringLiteral("damaged")));
    CHECK(test::readBytes(path) == corrupt);
    CHECK(std::distance(std::filesystem::directory_iterator(dir.path()),
                        std::filesystem::directory_iterator()) == 1);

    Dialogs::setNextChoice(backUpChoice);
    auto store = openCatalog(path);
    REQUIRE(store);
    CHECK(store->count() > 0); // the built-in parts
    // The old file is kept, byte for byte, under the name the user is told.
    std::string backup;
    for (const auto& entry : std::filesystem::directory_iterator(dir.path())) {
        if (entry.path().filename().string().find("broken") != std::string::npos)
            backup = entry.path().string();
    }
    REQUIRE_FALSE(backup.empty());
    CHECK(test::readBytes(backup) == corrupt);
    CHECK(Dialogs::lastInformation().contains(QString::fromStdString(backup)));
    Dialogs::setSuppressWarnings(false);
}

TEST_CASE("a catalog from a newer InfraFit is offered the same choice", "[ui][catalog][recovery]")
{
    test::TempDir dir;
    const auto path = dir.file("catalog.sqlite");
    {
        auto store = catalog::CatalogStore::open(path, {.seedWithDefaults = false});
    }
    {
        catalog::sqlite::Database db(path, catalog::sqlite::OpenMode::ReadWrite);
        db.setUserVersion(catalog::currentSchemaVersion() + 1);
    }
    const auto before = test::readBytes(path);
    Dialogs::setSuppressWarnings(true);
    Dialogs::setNextChoice(quitChoice);
    CHECK_FALSE(openCatalog(path));
    CHECK(Dialogs::lastInformation().contains(QStringLiteral("newer")));
    CHECK(test::readBytes(path) == before);
    Dialogs::setSuppressWarnings(false);

    // A good catalog opens without asking anything.
    test::TempDir other;
    Dialogs::setNextChoice(quitChoice);
    CHECK(openCatalog(other.file("catalog.sqlite")));
    // The queued answer was not used (and must not leak into other tests).
    CHECK(Dialogs::choose(nullptr, {}, {}, {}) == quitChoice);
}

TEST_CASE("a refused catalog another InfraFit process has open is not offered a reset",
          "[ui][catalog][recovery]")
{
    test::TempDir dir;
    const auto path = dir.file("catalog.sqlite");
    {
        auto store = catalog::CatalogStore::open(path, {.seedWithDefaults = false});
    }
    {
        catalog::sqlite::Database db(path, catalog::sqlite::OpenMode::ReadWrite);
        db.setUserVersion(catalog::currentSchemaVersion() + 1);
    }
    const auto before = test::readBytes(path);
    // What an open store in another process holds (an import, another window).
    const auto held = catalog::CatalogLock::shared(path, 100);
    REQUIRE(held.held());
    Dialogs::setSuppressWarnings(true);
    Dialogs::setNextChoice(backUpChoice);
    CHECK_FALSE(openCatalog(path));
    CHECK(Dialogs::lastWarning().contains(QStringLiteral("Another InfraFit")));
    CHECK(Dialogs::lastWarning().contains(QStringLiteral("left unchanged")));
    CHECK(test::readBytes(path) == before);
    for (const auto& entry : std::filesystem::directory_iterator(dir.path()))
        CHECK(entry.path().filename().string().find("broken") == std::string::npos);
    // No choice was asked for: the queued answer is still there.
    CHECK(Dialogs::choose(nullptr, {}, {}, {}) == backUpChoice);
    Dialogs::setSuppressWarnings(false);
}
