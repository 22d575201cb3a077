// SPDX-License-Identifier: Apache-2.0
#include "core/io/catalog_json.h"
#include "ui/catalog/part_table_model.h"

#include "support/fixtures.h"

#include <catch2/catch.hpp>

#include <QAbstractItemModelTester>
#include <QFont>

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

