// SPDX-License-Identifier: Apache-2.0
// Issue 22 item 4: the GUI follows changes another program makes to the
// catalog, an edit writes only its field, and a conflicting change is put
// to the user (through the Dialogs seam), never silently overwritten.
#include "catalog/catalog_store.h"
#include "core/io/catalog_json.h"
#include "ui/catalog/catalog_editor.h"
#include "ui/catalog/part_table_model.h"
#include "ui/dialogs/dialogs.h"

#include "support/fixtures.h"

#include <catch2/catch.hpp>

#include <QSignalSpy>
#include <QUndoStack>

using namespace infrafit;
using namespace infrafit::ui;

namespace {

constexpr int keepTheirs = 0;
constexpr int overwrite = 1;

Part gpu(const std::string& id, const std::string& vendor)
{
    Part part = readCatalogFile(test::fixturePath("catalogs/good.json")).parts.front();
    REQUIRE(kindOf(part) == PartKind::Gpu);
    infoOf(part).id = id;
    infoOf(part).vendor = vendor;
    return part;
}

/// What another program (infrafit-cli, a second window) does: its own
/// connection, one change, closed.
void otherProgram(const std::string& path, const std::function<void(catalog::CatalogStore&)>& change)
{
    auto other = catalog::CatalogStore::open(path, {.seedWithDefaults = false});
    change(other);
}

void setVendor(catalog::CatalogStore& store, const std::string& id, const std::string& vendor)
{
    Part part = *store.find(id);
    infoOf(part).vendor = vendor;
    store.update(id, part);
}

const FieldSpec& field(const char* key)
{
    const FieldSpec* spec = findField(PartKind::Gpu, key);
    REQUIRE(spec != nullptr);
    return *spec;
}

} // namespace

TEST_CASE("the catalog editor reloads rows and the count another program changed",
          "[ui][catalog][watch]")
{
    test::TempDir dir;
    const auto path = dir.file("catalog.sqlite");
    auto store = catalog::CatalogStore::open(path, {.seedWithDefaults = false});
    store.importParts({gpu("g1", "Acme"), gpu("g2", "Acme"), gpu("g3", "Acme")});
    CatalogEditor editor(store);
    PartTableModel model(PartKind::Gpu, &editor);
    model.setParts(editor.parts());
    QObject::connect(&editor, &CatalogEditor::partsEdited, &model, &PartTableModel::applyChanges);
    const int vendor = model.columnOf("vendor");

    CHECK_FALSE(editor.checkForChanges()); // nothing happened yet
    otherProgram(path, [](catalog::CatalogStore& other) {
        setVendor(other, "g1", "Changed by the CLI");
        other.add(gpu("g4", "New"));
        other.remove("g3");
    });
    QSignalSpy changed(&editor, &CatalogEditor::partsChanged);
    REQUIRE(editor.checkForChanges());
    CHECK(changed.count() == 1);
    CHECK(editor.parts().size() == 3);
    CHECK(infoOf(*editor.findPart("g1")).vendor == "Changed by the CLI");
    CHECK(editor.findPart("g3") == nullptr);
    REQUIRE(editor.findPart("g4") != nullptr);
    REQUIRE(model.rowCount() == 3);
    CHECK(model.data(model.index(model.rowOf("g1"), vendor)).toString()
          == QStringLiteral("Changed by the CLI"));
    CHECK(model.rowOf("g3") == -1);
    // Seen once: the next look finds nothing new, and our own edits are no news.
    CHECK_FALSE(editor.checkForChanges());
    REQUIRE(editor.setField("g2", field("model"), FieldValue(std::string("Edited here")))
                .isEmpty());
    CHECK_FALSE(editor.checkForChanges());
}

TEST_CASE("a cell edit writes only its field and keeps another program's other changes",
          "[ui][catalog][watch]")
{
    test::TempDir dir;
    const auto path = dir.file("catalog.sqlite");
    auto store = catalog::CatalogStore::open(path, {.seedWithDefaults = false});
    store.importParts({gpu("g1", "Acme")});
    CatalogEditor editor(store);
    // The CLI changes the vendor and notes; the window has not looked yet.
    otherProgram(path, [](catalog::CatalogStore& other) {
        Part part = *other.find("g1");
        infoOf(part).vendor = "Vendor from the CLI";
        infoOf(part).notes = "Notes from the CLI";
        other.update("g1", part);
    });
    Dialogs::setNextChoice(overwrite); // must stay unused: no conflict on this field
    REQUIRE(editor.setField("g1", field("model"), FieldValue(std::string("Model from the GUI")))
                .isEmpty());
    const auto stored = *store.find("g1");
    CHECK(infoOf(stored).model == "Model from the GUI");
    CHECK(infoOf(stored).vendor == "Vendor from the CLI");
    CHECK(infoOf(stored).notes == "Notes from the CLI");
    CHECK(infoOf(*editor.findPart("g1")).vendor == "Vendor from the CLI");
    CHECK(Dialogs::choose(nullptr, {}, {}, {}) == overwrite); // the queued answer was not used
}

TEST_CASE("a conflicting change by another program is shown, not overwritten",
          "[ui][catalog][watch]")
{
    test::TempDir dir;
    const auto path = dir.file("catalog.sqlite");
    auto store = catalog::CatalogStore::open(path, {.seedWithDefaults = false});
    store.importParts({gpu("g1", "Acme")});
    CatalogEditor editor(store);
    const int commandsBefore = editor.undoStack()->count();

    // The user keeps the other program's value: nothing of the edit is written.
    otherProgram(path, [](catalog::CatalogStore& other) { setVendor(other, "g1", "Theirs"); });
    Dialogs::setNextChoice(keepTheirs);
    (void)editor.setField("g1", field("vendor"), FieldValue(std::string("Mine")));
    CHECK(Dialogs::lastInformation().contains(QStringLiteral("Theirs")));
    CHECK(Dialogs::lastInformation().contains(QStringLiteral("Mine")));
    CHECK(infoOf(*store.find("g1")).vendor == "Theirs");
    CHECK(infoOf(*editor.findPart("g1")).vendor == "Theirs"); // the table shows theirs now
    CHECK(editor.undoStack()->count() == commandsBefore);

    // Or overwrites it, knowingly.
    otherProgram(path, [](catalog::CatalogStore& other) { setVendor(other, "g1", "Theirs again"); });
    Dialogs::setNextChoice(overwrite);
    CHECK(editor.setField("g1", field("vendor"), FieldValue(std::string("Mine"))).isEmpty());
    CHECK(infoOf(*store.find("g1")).vendor == "Mine");
    CHECK(editor.undoStack()->count() == commandsBefore + 1);

    // Undo is guarded the same way.
    otherProgram(path, [](catalog::CatalogStore& other) { setVendor(other, "g1", "Later"); });
    Dialogs::setNextChoice(keepTheirs);
    editor.undoStack()->undo();
    CHECK(infoOf(*store.find("g1")).vendor == "Later");
}
