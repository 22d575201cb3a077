// SPDX-License-Identifier: Apache-2.0
#include "core/io/catalog_json.h"
#include "ui/catalog/catalog_page.h"
#include "ui/catalog/part_table_model.h"

#include "support/fixtures.h"

#include <catch2/catch.hpp>

#include <QAbstractItemModelTester>
#include <QFont>
#include <QLineEdit>
#include <QTabWidget>
#include <QTableView>
#include <QTest>

using namespace infrafit;
using namespace infrafit::ui;

namespace {

std::vector<Part> goodParts()
{
    return readCatalogFile(test::fixturePath("catalogs/good.json")).parts;
}

} // namespace

TEST_CASE("PartTableModel passes the model tester and shows units", "[ui][catalog]")
{
    PartTableModel model(PartKind::Gpu);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    // Seven parts of seven kinds: only the GPU belongs in a GPU table.
    model.setParts(goodParts());
    REQUIRE(model.rowCount() == 1);
    auto& gpus = model;
    const int memory = gpus.columnOf("memory_gb");
    REQUIRE(memory >= 0);
    CHECK(gpus.headerData(memory, Qt::Horizontal).toString() == QStringLiteral("Memory (GB)"));
    CHECK(gpus.data(gpus.index(0, memory)).toString() == QStringLiteral("80"));
    CHECK(gpus.data(gpus.index(0, memory), PartTableModel::SortRole).toDouble() == 80.0);

    // The price is marked as an estimate: asterisk, italics, tooltip.
    const int price = gpus.columnOf("price_usd");
    CHECK(gpus.data(gpus.index(0, price)).toString() == QStringLiteral("27500*"));
    CHECK(gpus.data(gpus.index(0, price), Qt::FontRole).value<QFont>().italic());
    CHECK(gpus.data(gpus.index(0, price), Qt::ToolTipRole).toString().contains(
        QStringLiteral("Estimate")));
}

TEST_CASE("CatalogPage shows one tab per kind and filters by text", "[ui][catalog]")
{
    CatalogPage page;
    page.setParts(goodParts());
    REQUIRE(page.tabs()->count() == 7);
    CHECK(page.tabs()->tabText(0) == QStringLiteral("GPUs (1)"));
    for (const auto kind : allPartKinds)
        CHECK(page.view(kind)->model()->rowCount() == 1);

    auto* filter = page.findChild<QLineEdit*>(QStringLiteral("catalogFilterLineEdit"));
    REQUIRE(filter);
    QTest::keyClicks(filter, QStringLiteral("H100"));
    CHECK(page.view(PartKind::Gpu)->model()->rowCount() == 1);
    CHECK(page.view(PartKind::Cpu)->model()->rowCount() == 0);
    CHECK(page.tabs()->tabText(2) == QStringLiteral("CPUs (0)"));
    filter->clear();
    CHECK(page.view(PartKind::Cpu)->model()->rowCount() == 1);
}
