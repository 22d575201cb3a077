// SPDX-License-Identifier: Apache-2.0
// The Catalog page's "Software compatibility" tab (issue 20): the catalog's
// software rows are listed, edited, refused with every problem, added and
// removed, each change one undo step written to the database; and the live
// analysis follows an edited row.
#include "catalog/catalog_store.h"
#include "core/io/default_software.h"
#include "ui/catalog/catalog_editor.h"
#include "ui/catalog/catalog_page.h"
#include "ui/catalog/software_panel.h"
#include "ui/catalog/software_table_model.h"
#include "ui/project/project_document.h"

#include "support/fixtures.h"
#include "ui_fixture.h"

#include <catch2/catch.hpp>

#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QTableView>
#include <QTest>
#include <QUndoStack>

#include <algorithm>

using namespace infrafit;
using namespace infrafit::ui;

namespace {

struct SoftwareFixture {
    test::TempDir dir;
    catalog::CatalogStore store = catalog::CatalogStore::open(dir.file("c.sqlite"));
    CatalogEditor editor{store};
    SoftwarePanel panel{&editor};

    template <typename T>
    T* field(const char* name)
    {
        auto* widget = panel.findChild<T*>(QString::fromLatin1(name));
        REQUIRE(widget);
        return widget;
    }

    /// A copy of the stored row (nothing points into a temporary table).
    std::optional<SoftwareCompat> stored(std::string_view architecture)
    {
        const SoftwareTable table = store.softwareTable();
        if (const auto* row = table.find(architecture))
            return *row;
        return std::nullopt;
    }
};

bool softwarePanelHasFinding(const Findings& findings, std::string_view code)
{
    return std::any_of(findings.begin(), findings.end(),
                       [&](const Finding& f) { return f.code == code; });
}

} // namespace

TEST_CASE("the software tab lists the catalog's rows and edits one as an undo step",
          "[ui][catalog][software]")
{
    SoftwareFixture f;
    QAbstractItemModelTester tester(f.panel.model(),
                                    QAbstractItemModelTester::FailureReportingMode::Fatal);
    REQUIRE(f.panel.model()->rowCount() == static_cast<int>(defaultSoftwareTable().rows.size()));
    const int hopperRow = f.panel.model()->rowOf("Hopper");
    REQUIRE(hopperRow >= 0);
    CHECK(f.panel.model()->data(f.panel.model()->index(hopperRow, SoftwareTableModel::SourceDateColumn))
          == QStringLiteral("2026-12-05"));
    CHECK_FALSE(f.panel.model()
                    ->data(f.panel.model()->index(hopperRow, SoftwareTableModel::SourceColumn))
                    .toString()
                    .isEmpty());

    // Selecting the row in the table loads it into the form.
    f.panel.view()->setCurrentIndex(f.panel.model()->index(hopperRow, 0));
    CHECK(f.panel.editing() == "Hopper");
    auto* precisions = f.field<QLineEdit>("softwarePrecisionsLineEdit");
    REQUIRE(precisions->text().contains(QStringLiteral("fp8")));

    // Remove FP8 from Hopper: stored at once, one undo step.
    precisions->setText(QStringLiteral("fp64, fp32, tf32, bf16, fp16, int8"));
    CHECK(f.panel.applyForm().isEmpty());
    CHECK_FALSE(f.stored("Hopper")->hasPrecision("fp8"));
    REQUIRE(f.editor.undoStack()->count() == 1);
    f.editor.undoStack()->undo();
    CHECK(f.stored("Hopper")->hasPrecision("fp8"));
    CHECK(precisions->text().contains(QStringLiteral("fp8"))); // the form follows the undo
    f.editor.undoStack()->redo();
    CHECK_FALSE(f.stored("Hopper")->hasPrecision("fp8"));
}

TEST_CASE("a bad software row is refused with every problem and nothing changes",
          "[ui][catalog][software]")
{
    SoftwareFixture f;
    f.panel.editRow("Ampere");
    f.field<QLineEdit>("softwareSourceLineEdit")->clear();
    f.field<QLineEdit>("softwarePrecisionsLineEdit")->setText(QStringLiteral("fp8, fp99"));
    const QString problems = f.panel.applyForm();
    CHECK(problems.contains(QStringLiteral("/source")));
    CHECK(problems.contains(QStringLiteral("fp99")));
    auto* message = f.field<QLabel>("softwareMessageLabel");
    CHECK(message->isVisibleTo(&f.panel));
    CHECK(message->text().contains(QStringLiteral("/source")));
    CHECK(f.editor.undoStack()->count() == 0);
    CHECK_FALSE(f.stored("Ampere")->source.empty());
    CHECK_FALSE(f.stored("Ampere")->hasPrecision("fp8"));

    // Frameworks that are not JSON are named, not guessed at.
    f.panel.editRow("Ampere");
    f.field<QPlainTextEdit>("softwareFrameworksPlainTextEdit")->setPlainText(QStringLiteral("[{"));
    CHECK(f.panel.applyForm().contains(QStringLiteral("/frameworks")));
    // An architecture that already has a row.
    f.panel.newRow();
    f.field<QLineEdit>("softwareArchitectureLineEdit")->setText(QStringLiteral("Hopper"));
    f.field<QLineEdit>("softwareSourceLineEdit")->setText(QStringLiteral("a datasheet"));
    CHECK(f.panel.applyForm().contains(QStringLiteral("already has a row")));
    CHECK(f.editor.undoStack()->count() == 0);
}

TEST_CASE("software rows are added, renamed and removed from the keyboard, all undoable",
          "[ui][catalog][software]")
{
    SoftwareFixture f;
    const int rows = f.panel.model()->rowCount();
    f.panel.newRow();
    CHECK(f.field<QLineEdit>("softwareSourceDateLineEdit")->text().size() == 10); // today
    QTest::keyClicks(f.field<QLineEdit>("softwareArchitectureLineEdit"), QStringLiteral("Rubin"));
    f.field<QLineEdit>("softwareVendorLineEdit")->setText(QStringLiteral("NVIDIA"));
    f.field<QLineEdit>("softwareMinToolkitLineEdit")->setText(QStringLiteral("13.0"));
    f.field<QLineEdit>("softwarePrecisionsLineEdit")->setText(QStringLiteral("bf16, fp8, fp4"));
    f.field<QLineEdit>("softwareSourceLineEdit")->setText(QStringLiteral("vendor briefing"));
    // Ctrl+Return in the form applies it.
    QTest::keyClick(f.field<QLineEdit>("softwareSourceLineEdit"), Qt::Key_Return,
                    Qt::ControlModifier);
    REQUIRE(f.stored("Rubin"));
    CHECK(f.stored("Rubin")->hasPrecision("fp4"));
    CHECK(f.panel.model()->rowCount() == rows + 1);
    CHECK(f.panel.editing() == "Rubin");

    // Renaming the architecture replaces the row.
    f.field<QLineEdit>("softwareArchitectureLineEdit")->setText(QStringLiteral("Rubin Ultra"));
    CHECK(f.panel.applyForm().isEmpty());
    CHECK_FALSE(f.stored("Rubin"));
    CHECK(f.stored("Rubin Ultra"));

    // Delete on the table removes the selected row.
    f.panel.view()->setFocus();
    REQUIRE(f.panel.view()->currentIndex().row() == f.panel.model()->rowOf("Rubin Ultra"));
    QTest::keyClick(f.panel.view(), Qt::Key_Delete);
    CHECK_FALSE(f.stored("Rubin Ultra"));
    CHECK(f.panel.model()->rowCount() == rows);

    REQUIRE(f.editor.undoStack()->count() == 3);
    f.editor.undoStack()->undo(); // remove
    CHECK(f.stored("Rubin Ultra"));
    f.editor.undoStack()->undo(); // rename
    CHECK(f.stored("Rubin"));
    CHECK_FALSE(f.stored("Rubin Ultra"));
    f.editor.undoStack()->undo(); // add
    CHECK_FALSE(f.stored("Rubin"));
    CHECK(f.panel.model()->rowCount() == rows);
}

TEST_CASE("the live analysis follows a software row edited in the catalog tab",
          "[ui][catalog][software][analysis]")
{
    test::WindowFixture f;
    // The example's first configuration is an H200 node (Hopper); train in FP8.
    Project project = f.window->document()->project();
    project.workloads[0].precision = Precision::Fp8;
    f.window->document()->apply(std::move(project), QStringLiteral("FP8"));
    f.settle();
    auto* analysis = f.window->liveAnalysis();
    REQUIRE(analysis->result());
    CHECK_FALSE(softwarePanelHasFinding(analysis->findings(), "software.precision_unsupported"));

    auto* panel = f.window->catalogPage()->softwarePanel();
    REQUIRE(panel);
    f.window->catalogPage()->showSoftware();
    panel->editRow("Hopper");
    panel->findChild<QLineEdit*>(QStringLiteral("softwarePrecisionsLineEdit"))
        ->setText(QStringLiteral("fp64, fp32, tf32, bf16, fp16, int8"));
    REQUIRE(panel->applyForm().isEmpty());
    f.settle();
    CHECK(softwarePanelHasFinding(analysis->findings(), "software.precision_unsupported"));

    f.window->catalogEditor()->undoStack()->undo();
    f.settle();
    CHECK_FALSE(softwarePanelHasFinding(analysis->findings(), "software.precision_unsupported"));
}
