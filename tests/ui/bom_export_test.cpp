// SPDX-License-Identifier: Apache-2.0
// File > Export BOM…: the selected configuration's bill of materials with
// the selected workload's evaluation, in the format the file name names.
#include "core/io/text_file.h"
#include "ui/analysis/live_analysis.h"
#include "ui/bom/bom_exporter.h"
#include "ui/dialogs/dialogs.h"
#include "ui/project/project_document.h"

#include "support/report_readers.h"
#include "ui_fixture.h"

#include <catch2/catch.hpp>

#include <QAction>
#include <QFileInfo>
#include <QPushButton>
#include <QStatusBar>
#include <QUndoStack>

#include <filesystem>

using namespace infrafit;
using namespace infrafit::ui;

TEST_CASE("Export BOM writes a CSV whose total is the evaluation's capex", "[ui][bom]")
{
    test::WindowFixture f;
    f.window->liveAnalysis()->setSelection(0, 1);
    const auto& result = f.window->liveAnalysis()->result();
    REQUIRE(result);
    REQUIRE(result->infrastructure);
    const std::string path = f.dir.file("bom.csv");
    Dialogs::setNextFileName(QString::fromStdString(path));
    auto* action = f.window->findChild<QAction*>(QStringLiteral("exportBomAction"));
    REQUIRE(action);
    action->trigger();
    REQUIRE(std::filesystem::exists(path));
    const auto records = test::parseCsv(readTextFile(path));
    REQUIRE(records.size() > 2);
    const auto& header = records.front();
    const auto column = [&](const std::string& name) {
        return static_cast<std::size_t>(
            std::find(header.begin(), header.end(), name) - header.begin());
    };
    const std::size_t price = column("extended_price_usd");
    const std::size_t partId = column("part_id");
    REQUIRE(price < header.size());
    const auto total = std::find_if(records.begin(), records.end(),
        [](const auto& record) { return record.front() == "total"; });
    REQUIRE(total != records.end());
    CHECK(std::stod((*total)[price]) == Approx(result->infrastructure->cost.capexUsd));
    // The selected configuration's parts are on the bill.
    const auto& config = f.window->document()->project().configurations.at(1);
    const bool hasParts = std::any_of(records.begin(), records.end(), [&](const auto& record) {
        return record.size() > partId
            && (record[partId] == config.gpuId || record[partId] == config.chassisId);
    });
    CHECK(hasParts);
}

TEST_CASE("Export BOM picks the format from the suffix and reports failures", "[ui][bom]")
{
    test::WindowFixture f;
    CHECK(BomExporter::formatFor(QStringLiteral("a.XLSX")) == BomFormat::Xlsx);
    CHECK(BomExporter::formatFor(QStringLiteral("a.htm")) == BomFormat::Html);
    CHECK_FALSE(BomExporter::formatFor(QStringLiteral("a.doc")).has_value());
    for (const char* name : {"bom.json", "bom.html", "bom.pdf", "bom.xlsx"}) {
        const std::string path = f.dir.file(name);
        CHECK(f.window->bomExporter()->exportTo(QString::fromStdString(path)).isEmpty());
        CHECK(std::filesystem::file_size(path) > 100);
    }
    // The Analysis page's button runs the same export; no suffix means PDF.
    Dialogs::setNextFileName(QString::fromStdString(f.dir.file("from-button")));
    auto* button = f.window->findChild<QPushButton*>(QStringLiteral("analysisExportBomButton"));
    REQUIRE(button);
    button->click();
    CHECK(std::filesystem::exists(f.dir.file("from-button.pdf")));
    // A missing directory: a warning, no file.
    Dialogs::setSuppressWarnings(true);
    Dialogs::setNextFileName(QStringLiteral("/nonexistent-dir/bom.csv"));
    f.window->exportBom();
    CHECK(Dialogs::lastWarning().contains(QStringLiteral("nonexistent-dir")));
    CHECK_FALSE(std::filesystem::exists("/nonexistent-dir/bom.csv"));
}

TEST_CASE("Export BOM and Save As refuse to overwrite the open catalog database", "[ui][bom]")
{
    // Issue 22: an output that is an input (here the catalog database,
    // reached through a symbolic link) is refused with a message.
    test::WindowFixture f;
    const std::string db = f.dir.file("catalog.sqlite");
    const std::string before = test::readBytes(db);
    std::filesystem::create_symlink(db, f.dir.file("catalog-link.csv"));
    std::filesystem::create_symlink(db, f.dir.file("catalog-link.json"));
    const QString error =
        f.window->bomExporter()->exportTo(QString::fromStdString(f.dir.file("catalog-link.csv")));
    CHECK(error.contains(QStringLiteral("refusing to write: it is the same file as the input")));
    Dialogs::setSuppressWarnings(true);
    Dialogs::setNextFileName(QString::fromStdString(f.dir.file("catalog-link.json")));
    CHECK_FALSE(f.window->saveAs());
    Dialogs::setSuppressWarnings(false);
    CHECK(test::readBytes(db) == before);
    CHECK(std::filesystem::is_symlink(f.dir.file("catalog-link.json")));
}

TEST_CASE("the file type chosen in the export dialog decides the format of a bare name",
          "[ui][bom]")
{
    // Issue 23 item 10: "Excel workbook" chosen, a name typed without an
    // extension: an .xlsx file, not a PDF, and the status bar says where.
    test::WindowFixture f;
    CHECK(BomExporter::extensionOfFilter(QStringLiteral("Excel workbook (*.xlsx)"))
          == QStringLiteral(".xlsx"));
    CHECK(BomExporter::extensionOfFilter(QStringLiteral("CSV (*.csv)")) == QStringLiteral(".csv"));
    CHECK(BomExporter::extensionOfFilter(QString()).isEmpty());
    const std::string bare = f.dir.file("quote");
    Dialogs::setNextFileName(QString::fromStdString(bare), QStringLiteral("Excel workbook (*.xlsx)"));
    f.window->exportBom();
    CHECK(std::filesystem::exists(bare + ".xlsx"));
    CHECK_FALSE(std::filesystem::exists(bare + ".pdf"));
    CHECK(f.window->statusBar()->currentMessage().contains(QStringLiteral("quote.xlsx")));
    // A typed extension wins over the chosen type.
    Dialogs::setNextFileName(QString::fromStdString(f.dir.file("typed.csv")),
                             QStringLiteral("PDF report (*.pdf)"));
    f.window->exportBom();
    CHECK(std::filesystem::exists(f.dir.file("typed.csv")));
}

TEST_CASE("the project can be renamed and the BOM carries its name", "[ui][bom]")
{
    test::WindowFixture f;
    Dialogs::setNextText(QStringLiteral("Inference cluster 2027"));
    auto* rename = f.window->findChild<QAction*>(QStringLiteral("renameProjectAction"));
    REQUIRE(rename);
    rename->trigger();
    CHECK(f.window->document()->project().name == "Inference cluster 2027");
    CHECK(f.window->document()->isModified());
    const std::string path = f.dir.file("named.html");
    REQUIRE(f.window->bomExporter()->exportTo(QString::fromStdString(path)).isEmpty());
    CHECK_THAT(readTextFile(path), Catch::Contains("<h1>Bill of materials: Inference cluster 2027 - "));
    f.window->document()->undoStack()->undo();
    CHECK(f.window->document()->project().name != "Inference cluster 2027");
}
