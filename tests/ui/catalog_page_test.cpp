// SPDX-License-Identifier: Apache-2.0
// The catalog editor: in-place edits validated, persisted to SQLite and
// undoable; add, duplicate, delete, import and export.
#include "catalog/catalog_store.h"
#include "catalog/sqlite/database.h"
#include "core/io/catalog_json.h"
#include "ui/catalog/catalog_editor.h"
#include "ui/catalog/catalog_page.h"
#include "ui/catalog/part_filter_proxy_model.h"
#include "ui/catalog/part_table_model.h"
#include "ui/dialogs/dialogs.h"

#include "support/fixtures.h"

#include <catch2/catch.hpp>

#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QLabel>
#include <QSignalSpy>
#include <QLineEdit>
#include <QSortFilterProxyModel>
#include <QTabWidget>
#include <QTableView>
#include <QTest>
#include <QUndoStack>

using namespace infrafit;
using namespace infrafit::ui;

namespace {

/// A store holding only the good fixture's seven parts.
struct Fixture {
    test::TempDir dir;
    catalog::CatalogStore store = makeStore();
    CatalogEditor editor{store};
    CatalogPage page{&editor};

    catalog::CatalogStore makeStore()
    {
        auto s = catalog::CatalogStore::open(dir.file("c.sqlite"), {.seedWithDefaults = false});
        s.importParts(readCatalogFile(test::fixturePath("catalogs/good.json")).parts);
        return s;
    }

    double storedTdp() { return std::get<Gpu>(*store.find("test-gpu")).tdpW; }
};

QModelIndex cell(PartTableModel* model, std::string_view key)
{
    return model->index(0, model->columnOf(key));
}

} // namespace

TEST_CASE("CatalogPage shows one tab per kind and filters by text", "[ui][catalog]")
{
    Fixture f;
    REQUIRE(f.page.tabs()->count() == static_cast<int>(partKindCount)); // one tab per kind, switch and pdu included
    CHECK(f.page.tabs()->tabText(0) == QStringLiteral("GPUs (1)"));
    for (const auto kind : allPartKinds) {
        QAbstractItemModelTester tester(f.page.model(kind),
                                        QAbstractItemModelTester::FailureReportingMode::Fatal);
        // The fixture has one part of each first-schema kind and no switch or PDU.
        const bool layoutKind = kind == PartKind::Switch || kind == PartKind::Pdu;
        CHECK(f.page.view(kind)->model()->rowCount() == (layoutKind ? 0 : 1));
    }
    auto* filter = f.page.findChild<QLineEdit*>(QStringLiteral("catalogFilterLineEdit"));
    REQUIRE(filter);
    QTest::keyClicks(filter, QStringLiteral("H100"));
    CHECK(f.page.view(PartKind::Gpu)->model()->rowCount() == 1);
    CHECK(f.page.view(PartKind::Cpu)->model()->rowCount() == 0);
    CHECK(f.page.tabs()->tabText(2) == QStringLiteral("CPUs (0)"));
    filter->clear();
    CHECK(f.page.view(PartKind::Cpu)->model()->rowCount() == 1);
}

TEST_CASE("an edit is saved to the database at once and can be undone and redone",
          "[ui][catalog][undo]")
{
    Fixture f;
    auto* model = f.page.model(PartKind::Gpu);
    REQUIRE(model->setData(cell(model, "tdp_w"), QStringLiteral("750 W")));
    CHECK(f.storedTdp() == 750);
    CHECK(model->data(cell(model, "tdp_w")).toString() == QStringLiteral("750"));
    CHECK(f.editor.undoStack()->count() == 1);
    CHECK_THAT(f.editor.undoStack()->undoText().toStdString(), Catch::Contains("TDP"));

    f.editor.undoStack()->undo();
    CHECK(f.storedTdp() == 700);
    CHECK(model->data(cell(model, "tdp_w")).toString() == QStringLiteral("700"));
    f.editor.undoStack()->redo();
    CHECK(f.storedTdp() == 750);
}

TEST_CASE("an invalid edit is refused, marked with its reason, and stores nothing",
          "[ui][catalog][validation]")
{
    Fixture f;
    auto* model = f.page.model(PartKind::Gpu);
    const auto before = test::readBytes(f.dir.file("c.sqlite"));
    CHECK_FALSE(model->setData(cell(model, "memory_gb"), QStringLiteral("0")));
    CHECK_FALSE(model->setData(cell(model, "tdp_w"), QStringLiteral("hot")));
    CHECK(model->rejection(cell(model, "memory_gb")).contains(QStringLiteral("greater than 0")));
    CHECK(model->rejection(cell(model, "tdp_w")).contains(QStringLiteral("must be a number")));
    CHECK(model->data(cell(model, "memory_gb"), Qt::ToolTipRole)
              .toString()
              .startsWith(QStringLiteral("Not accepted")));
    CHECK(model->data(cell(model, "memory_gb"), Qt::BackgroundRole).isValid());
    CHECK(f.editor.undoStack()->count() == 0);
    CHECK(std::get<Gpu>(*f.store.find("test-gpu")).memoryGb == 80);

    // A good edit clears the mark.
    REQUIRE(model->setData(cell(model, "memory_gb"), QStringLiteral("96")));
    CHECK(model->rejection(cell(model, "memory_gb")).isEmpty());
}

TEST_CASE("enum and flag cells edit through their own editors", "[ui][catalog]")
{
    Fixture f;
    auto* chassis = f.page.model(PartKind::Chassis);
    CHECK_FALSE(chassis->setData(cell(chassis, "cooling"), QStringLiteral("water")));
    REQUIRE(chassis->setData(cell(chassis, "cooling"), QStringLiteral("liquid")));
    CHECK(std::get<Chassis>(*f.store.find("test-chassis")).cooling == ChassisCooling::Liquid);
    const auto flag = cell(chassis, "base_power_includes_components");
    CHECK(chassis->flags(flag).testFlag(Qt::ItemIsUserCheckable));
    REQUIRE(chassis->setData(flag, Qt::Unchecked, Qt::CheckStateRole));
    CHECK_FALSE(std::get<Chassis>(*f.store.find("test-chassis")).basePowerIncludesComponents);
}

TEST_CASE("renaming to a used id is refused", "[ui][catalog][validation]")
{
    Fixture f;
    auto* model = f.page.model(PartKind::Gpu);
    CHECK_FALSE(model->setData(cell(model, "id"), QStringLiteral("test-cpu")));
    CHECK(model->rejection(cell(model, "id")).contains(QStringLiteral("already used")));
    REQUIRE(model->setData(cell(model, "id"), QStringLiteral("renamed-gpu")));
    CHECK(f.store.find("renamed-gpu"));
    CHECK_FALSE(f.store.find("test-gpu"));
    f.editor.undoStack()->undo();
    CHECK(f.store.find("test-gpu"));
}

TEST_CASE("add, duplicate and delete are undoable", "[ui][catalog][undo]")
{
    Fixture f;
    f.page.setCurrentKind(PartKind::Psu);
    f.page.addPart();
    CHECK(f.store.count(PartKind::Psu) == 2);
    CHECK(f.store.find("new-psu"));

    f.page.view(PartKind::Psu)->selectRow(0);
    f.page.duplicateSelected();
    CHECK(f.store.count(PartKind::Psu) == 3);

    f.page.view(PartKind::Psu)->selectAll();
    f.page.deleteSelected();
    CHECK(f.store.count(PartKind::Psu) == 0);
    f.editor.undoStack()->undo();
    CHECK(f.store.count(PartKind::Psu) == 3);
    f.editor.undoStack()->undo();
    f.editor.undoStack()->undo();
    CHECK(f.store.count(PartKind::Psu) == 1);
    CHECK(f.store.find("test-psu"));
}

TEST_CASE("import through the dialog seam, and a bad file imports nothing", "[ui][catalog]")
{
    test::TempDir dir;
    auto store = catalog::CatalogStore::open(dir.file("c.sqlite"), {.seedWithDefaults = false});
    CatalogEditor editor(store);
    CatalogPage page(&editor);
    Dialogs::setSuppressWarnings(true);

    Dialogs::setNextFileName(QString::fromStdString(test::fixturePath("catalogs/bad-values.json")));
    page.importFile();
    CHECK(store.count() == 0);
    CHECK(Dialogs::lastWarning().contains(QStringLiteral("/parts/0/watts")));

    Dialogs::setNextFileName(QString::fromStdString(test::fixturePath("catalogs/good.json")));
    page.importFile();
    CHECK(store.count() == 7);
    editor.undoStack()->undo();
    CHECK(store.count() == 0);
}

TEST_CASE("export writes the shown kind to a catalog file", "[ui][catalog]")
{
    Fixture f;
    f.page.setCurrentKind(PartKind::Nic);
    const auto out = f.dir.file("nics.json");
    Dialogs::setNextFileName(QString::fromStdString(out));
    f.page.exportFile();
    const auto parts = readCatalogFile(out).parts;
    REQUIRE(parts.size() == 1);
    CHECK(infoOf(parts[0]).id == "test-nic");
}

namespace {

/// Every part the editor caches and every row the tables show equals what
/// the database holds.
void checkMatchesStore(Fixture& f)
{
    const auto stored = f.store.list();
    REQUIRE(f.editor.parts().size() == stored.size());
    for (const auto& part : stored) {
        const Part* cached = f.editor.findPart(infoOf(part).id);
        REQUIRE(cached);
        for (const auto& field : fieldsOf(kindOf(part)))
            CHECK(field.get(*cached) == field.get(part));
        auto* model = f.page.model(kindOf(part));
        const int row = model->rowOf(infoOf(part).id);
        REQUIRE(row >= 0);
        for (const auto& field : fieldsOf(kindOf(part)))
            CHECK(field.get(*model->partAt(row)) == field.get(part));
    }
    for (const auto kind : allPartKinds)
        CHECK(static_cast<std::size_t>(f.page.model(kind)->rowCount()) == f.store.count(kind));
}

} // namespace

TEST_CASE("the field filter is keyboard driven and shows the field's unit",
          "[ui][catalog][filter]")
{
    Fixture f;
    Part second = *f.store.find("test-gpu");
    infoOf(second).id = "big-gpu";
    std::get<Gpu>(second).memoryGb = 192;
    REQUIRE(f.editor.addPart(second).isEmpty());
    auto* fieldCombo = f.page.findChild<QComboBox*>(QStringLiteral("catalogFieldComboBox"));
    auto* condition = f.page.findChild<QComboBox*>(QStringLiteral("catalogConditionComboBox"));
    auto* value = f.page.findChild<QLineEdit*>(QStringLiteral("catalogFieldValueLineEdit"));
    auto* unit = f.page.findChild<QLabel*>(QStringLiteral("catalogFieldUnitLabel"));
    REQUIRE(fieldCombo);
    REQUIRE(condition);
    REQUIRE(value);
    REQUIRE(unit);
    CHECK(fieldCombo->currentIndex() == 0); // any field: no field filter
    CHECK_FALSE(value->isEnabled());

    // Choose "Memory (GB)" with the keyboard, then type "100" after ">=".
    const int memory = fieldCombo->findData(QStringLiteral("memory_gb"));
    REQUIRE(memory > 0);
    fieldCombo->setFocus();
    for (int i = 0; i < memory; ++i)
        QTest::keyClick(fieldCombo, Qt::Key_Down);
    REQUIRE(fieldCombo->currentIndex() == memory);
    CHECK(unit->text() == QStringLiteral("GB"));
    CHECK(condition->isEnabled());
    CHECK(condition->currentData().toInt() == static_cast<int>(FieldCondition::AtLeast));
    QTest::keyClicks(value, QStringLiteral("100"));
    auto* gpus = f.page.view(PartKind::Gpu)->model();
    REQUIRE(gpus->rowCount() == 1);
    CHECK(gpus->index(0, 0).data().toString() == QStringLiteral("big-gpu"));
    CHECK(f.page.tabs()->tabText(0) == QStringLiteral("GPUs (1)"));

    // "<=" through the keyboard: the other GPU.
    condition->setFocus();
    QTest::keyClick(condition, Qt::Key_Down);
    CHECK(condition->currentData().toInt() == static_cast<int>(FieldCondition::AtMost));
    REQUIRE(gpus->rowCount() == 1);
    CHECK(gpus->index(0, 0).data().toString() == QStringLiteral("test-gpu"));

    // Not a number: said so, and nothing is hidden by the field.
    value->clear();
    QTest::keyClicks(value, QStringLiteral("many"));
    CHECK(value->property("isError").toBool());
    CHECK(gpus->rowCount() == 2);

    // Another tab: its own fields; the GPU tab no longer filtered by field.
    f.page.setCurrentKind(PartKind::Cpu);
    CHECK(fieldCombo->findData(QStringLiteral("memory_gb")) < 0);
    CHECK(gpus->rowCount() == 2);
}

TEST_CASE("edits update single rows and keep cache, tables and database equal",
          "[ui][catalog][undo]")
{
    Fixture f;
    auto* model = f.page.model(PartKind::Gpu);
    QAbstractItemModelTester tester(model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    QSignalSpy resets(model, &QAbstractItemModel::modelReset);
    auto* view = f.page.view(PartKind::Gpu);
    view->setCurrentIndex(view->model()->index(0, model->columnOf("tdp_w")));

    REQUIRE(model->setData(cell(model, "tdp_w"), QStringLiteral("720")));
    // Updated in place: the view keeps its current cell (a reset would drop it).
    CHECK(view->currentIndex().isValid());
    REQUIRE(model->setData(cell(model, "id"), QStringLiteral("gpu-renamed")));
    f.page.setCurrentKind(PartKind::Psu);
    f.page.addPart();
    f.page.view(PartKind::Psu)->selectAll();
    f.page.deleteSelected();
    checkMatchesStore(f);
    auto* stack = f.editor.undoStack();
    REQUIRE(stack->count() == 4);
    while (stack->canUndo()) {
        stack->undo();
        checkMatchesStore(f);
    }
    CHECK(f.storedTdp() == 700);
    while (stack->canRedo()) {
        stack->redo();
        checkMatchesStore(f);
    }
    CHECK(std::get<Gpu>(*f.store.find("gpu-renamed")).tdpW == 720);
    CHECK(f.store.count(PartKind::Psu) == 0);
    // No reset through any change.
    CHECK(resets.count() == 0);

    // A full reload (another program wrote) still matches.
    f.editor.reload();
    checkMatchesStore(f);
}

TEST_CASE("an edit while another program holds the database warns and changes nothing",
          "[ui][catalog][undo]")
{
    // Takes two busy timeouts of the store (5 s each): the only slow catalog UI test.
    Fixture f;
    Dialogs::setSuppressWarnings(true);
    auto* model = f.page.model(PartKind::Gpu);
    REQUIRE(model->setData(cell(model, "tdp_w"), QStringLiteral("720")));
    auto* stack = f.editor.undoStack();
    REQUIRE(stack->count() == 1);
    {
        // Another program's write transaction holds the lock.
        catalog::sqlite::Database other(f.store.path(), catalog::sqlite::OpenMode::ReadWrite);
        other.exec("BEGIN IMMEDIATE");
        Dialogs::warning(nullptr, {}, {});
        CHECK_FALSE(model->setData(cell(model, "tdp_w"), QStringLiteral("730")));
        CHECK(Dialogs::lastWarning().contains(QStringLiteral("could not be saved")));
        CHECK(stack->count() == 1);
        CHECK(stack->index() == 1);
        checkMatchesStore(f);

        // Undo cannot write either: the edit stays, in the database and on screen,
        // and the stack no longer offers to undo it.
        Dialogs::warning(nullptr, {}, {});
        stack->undo();
        CHECK(Dialogs::lastWarning().contains(QStringLiteral("could not be saved")));
        CHECK(f.storedTdp() == 720);
        CHECK(model->data(cell(model, "tdp_w")).toString() == QStringLiteral("720"));
        CHECK_FALSE(stack->canUndo());
        other.exec("ROLLBACK");
    }
    checkMatchesStore(f);
    // Once the other program lets go, editing works again.
    REQUIRE(model->setData(cell(model, "tdp_w"), QStringLiteral("740")));
    CHECK(f.storedTdp() == 740);
    checkMatchesStore(f);
    Dialogs::setSuppressWarnings(false);
}
