// SPDX-License-Identifier: Apache-2.0
#include "catalog/default_catalog.h"
#include "core/io/catalog_json.h"
#include "ui/catalog/catalog_editor.h"
#include "ui/catalog/part_filter_proxy_model.h"
#include "ui/catalog/part_order.h"
#include "ui/catalog/part_table_model.h"

#include "support/fixtures.h"

#include <catch2/catch.hpp>

#include <QAbstractItemModelTester>
#include <QFont>
#include <QSignalSpy>

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


namespace {

/// The fixture's GPU under another id with another memory size and vendor.
Part gpuVariant(const std::string& id, double memoryGb, const std::string& vendor)
{
    Part part = goodParts().front();
    REQUIRE(kindOf(part) == PartKind::Gpu);
    infoOf(part).id = id;
    infoOf(part).vendor = vendor;
    std::get<Gpu>(part).memoryGb = memoryGb;
    return part;
}

std::vector<std::string> shownIds(const QAbstractItemModel& proxy)
{
    std::vector<std::string> ids;
    for (int row = 0; row < proxy.rowCount(); ++row)
        ids.push_back(proxy.index(row, 0).data().toString().toStdString());
    return ids;
}

} // namespace

TEST_CASE("PartTableModel applies single-part changes without a reset", "[ui][catalog]")
{
    PartTableModel model(PartKind::Gpu);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    model.setParts({gpuVariant("a", 80, "V"), gpuVariant("b", 40, "V")});
    QSignalSpy resets(&model, &QAbstractItemModel::modelReset);
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);

    // Edit in place (also a rename), add, remove; a part of another kind is ignored.
    model.applyChanges({{gpuVariant("a", 80, "V"), gpuVariant("a2", 96, "V")}});
    CHECK(model.rowOf("a") == -1);
    REQUIRE(model.rowOf("a2") == 0);
    CHECK(std::get<Gpu>(*model.partAt(0)).memoryGb == 96);
    CHECK(changed.count() == 1);
    model.applyChanges({{std::nullopt, gpuVariant("c", 24, "W")}});
    CHECK(model.rowCount() == 3);
    CHECK(model.rowOf("c") == 2);
    model.applyChanges({{gpuVariant("b", 40, "V"), std::nullopt}});
    CHECK(model.rowCount() == 2);
    CHECK(model.rowOf("b") == -1);
    model.applyChanges({{std::nullopt, goodParts()[2]}}); // a CPU
    CHECK(model.rowCount() == 2);
    CHECK(resets.count() == 0);
}

TEST_CASE("PartFilterProxyModel filters by text and by one field", "[ui][catalog][filter]")
{
    PartTableModel model(PartKind::Gpu);
    PartFilterProxyModel proxy;
    proxy.setSourceModel(&model);
    QAbstractItemModelTester tester(&proxy, QAbstractItemModelTester::FailureReportingMode::Fatal);
    model.setParts({gpuVariant("g80", 80, "Nvidia"), gpuVariant("g192", 192, "AMD"),
                    gpuVariant("g24", 24, "Nvidia")});
    proxy.sort(model.columnOf("memory_gb"), Qt::AscendingOrder);
    // Numbers sort as numbers, not as text ("192" < "24" < "80").
    CHECK(shownIds(proxy) == std::vector<std::string>{"g24", "g80", "g192"});

    const int memory = model.columnOf("memory_gb");
    CHECK(proxy.setFieldFilter(memory, FieldCondition::AtLeast, QStringLiteral("80")));
    CHECK(shownIds(proxy) == std::vector<std::string>{"g80", "g192"});
    CHECK(proxy.setFieldFilter(memory, FieldCondition::AtMost, QStringLiteral("80 GB")));
    CHECK(shownIds(proxy) == std::vector<std::string>{"g24", "g80"});
    CHECK(proxy.setFieldFilter(memory, FieldCondition::Equals, QStringLiteral("192")));
    CHECK(shownIds(proxy) == std::vector<std::string>{"g192"});
    // Not a number: refused, and the field filter is off rather than hiding everything.
    CHECK_FALSE(proxy.setFieldFilter(memory, FieldCondition::AtLeast, QStringLiteral("lots")));
    CHECK(proxy.rowCount() == 3);

    const int vendor = model.columnOf("vendor");
    CHECK(proxy.setFieldFilter(vendor, FieldCondition::Contains, QStringLiteral("nvi")));
    CHECK(shownIds(proxy) == std::vector<std::string>{"g24", "g80"});
    // The text filter (any field) and the field filter both apply.
    proxy.setText(QStringLiteral("g8"));
    CHECK(shownIds(proxy) == std::vector<std::string>{"g80"});
    proxy.setText({});
    proxy.clearFieldFilter();
    CHECK(proxy.rowCount() == 3);

    // A sorted, filtered view follows single-row changes.
    CHECK(proxy.setFieldFilter(memory, FieldCondition::AtLeast, QStringLiteral("50")));
    model.applyChanges({{gpuVariant("g24", 24, "Nvidia"), gpuVariant("g24", 141, "Nvidia")}});
    CHECK(shownIds(proxy) == std::vector<std::string>{"g80", "g24", "g192"});
    model.applyChanges({{std::nullopt, gpuVariant("g100", 100, "X")}});
    CHECK(shownIds(proxy) == std::vector<std::string>{"g80", "g100", "g24", "g192"});
}

TEST_CASE("PartFilterProxyModel reads numbers with or without a unit", "[ui][catalog][filter]")
{
    CHECK(PartFilterProxyModel::parseNumber(QStringLiteral("80")) == 80.0);
    CHECK(PartFilterProxyModel::parseNumber(QStringLiteral(" 1.5 TB/s")) == 1.5);
    CHECK(PartFilterProxyModel::parseNumber(QStringLiteral("-3")) == -3.0);
    CHECK_FALSE(PartFilterProxyModel::parseNumber(QStringLiteral("GB 80")));
    CHECK_FALSE(PartFilterProxyModel::parseNumber(QString()));
}

TEST_CASE("an edit marks only the cells it changed", "[ui][catalog]")
{
    // A sorted view re-sorts a row only when its sort column is among the
    // changed cells: with 100,000 rows that is a stall avoided per edit.
    PartTableModel model(PartKind::Gpu);
    model.setParts({gpuVariant("a", 80, "V"), gpuVariant("b", 40, "V")});
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    model.applyChanges({{gpuVariant("b", 40, "V"), gpuVariant("b", 48, "V")}});
    REQUIRE(changed.count() == 1);
    const auto from = changed[0][0].value<QModelIndex>();
    const auto to = changed[0][1].value<QModelIndex>();
    CHECK(from.row() == 1);
    CHECK(from.column() == model.columnOf("memory_gb"));
    CHECK(to.column() == model.columnOf("memory_gb"));
    // A change of what is estimated restyles every cell of the row.
    Part estimated = gpuVariant("b", 48, "V");
    infoOf(estimated).estimatedFields = {"tdp_w"};
    model.applyChanges({{gpuVariant("b", 48, "V"), estimated}});
    REQUIRE(changed.count() == 2);
    CHECK(changed[1][0].value<QModelIndex>().column() == 0);
    CHECK(changed[1][1].value<QModelIndex>().column() == model.columnCount() - 1);
    // No change, no signal.
    model.applyChanges({{estimated, estimated}});
    CHECK(changed.count() == 2);
}

TEST_CASE("search texts prepared ahead match those built on demand", "[ui][catalog][filter]")
{
    PartTableModel ahead(PartKind::Gpu);
    PartTableModel onDemand(PartKind::Gpu);
    std::vector<Part> parts;
    for (int i = 0; i < 50; ++i)
        parts.push_back(gpuVariant("gpu-" + std::to_string(i), 16 + i, i % 2 ? "Äcme" : "NVIDIA"));
    ahead.setParts(parts);
    onDemand.setParts(parts);
    CHECK_FALSE(ahead.prepareSearchTexts(20));
    CHECK_FALSE(ahead.prepareSearchTexts(20));
    CHECK(ahead.prepareSearchTexts(20));
    for (int row = 0; row < 50; ++row)
        CHECK(ahead.searchText(row) == onDemand.searchText(row));
    // Lower-cased as QString does it, non-ASCII included.
    CHECK(ahead.searchText(1).find("äcme") != std::string::npos);
    CHECK(ahead.searchText(0).find("nvidia") != std::string::npos);
    // A changed row is prepared again with its new text.
    ahead.applyChanges({{parts[3], gpuVariant("gpu-3", 19, "Zeta")}});
    CHECK_FALSE(ahead.prepareSearchTexts(0));
    CHECK(ahead.prepareSearchTexts(50));
    CHECK(ahead.searchText(3).find("zeta") != std::string::npos);
}

TEST_CASE("text columns sort without regard to case", "[ui][catalog][filter]")
{
    PartTableModel model(PartKind::Gpu);
    PartFilterProxyModel proxy;
    proxy.setSourceModel(&model);
    model.setParts({gpuVariant("a", 80, "zeta"), gpuVariant("b", 80, "Beta"),
                    gpuVariant("c", 80, "alpha"), gpuVariant("d", 80, "Ölfen"),
                    gpuVariant("e", 80, "ALPHA")});
    proxy.sort(model.columnOf("vendor"), Qt::AscendingOrder);
    // alpha = ALPHA (tie broken by id), then Beta, zeta; Ö after the Latin letters.
    CHECK(shownIds(proxy) == std::vector<std::string>{"c", "e", "b", "a", "d"});
}

TEST_CASE("ranks computed from compact keys give the order of direct comparison",
          "[ui][catalog][sort]")
{
    // The default catalog's GPUs (every field shape, absent figures, ties)
    // plus vendors in mixed case, with a non-ASCII letter, and one repeated.
    std::vector<Part> gpus;
    for (const auto& part : infrafit::catalog::defaultCatalogParts()) {
        if (kindOf(part) == PartKind::Gpu)
            gpus.push_back(part);
    }
    REQUIRE(gpus.size() >= 20);
    for (const auto& [id, vendor] : std::vector<std::pair<std::string, std::string>>{
             {"zz-1", "nvidia"}, {"zz-2", "NVIDIA"}, {"zz-3", "Ölfen"}, {"zz-4", "ölfen"},
             {"zz-5", "Nvidia Ärger"}, {"zz-6", ""}}) {
        Part part = gpus.front();
        infoOf(part).id = id;
        infoOf(part).vendor = vendor;
        gpus.push_back(part);
    }
    for (const FieldSpec& field : fieldsOf(PartKind::Gpu)) {
        INFO("field " << field.key);
        const std::vector<int> ranks = rankParts(gpus, field);
        REQUIRE(ranks.size() == gpus.size());
        int disagreements = 0;
        for (std::size_t i = 0; i < gpus.size(); ++i) {
            for (std::size_t j = 0; j < gpus.size(); ++j) {
                if (partBefore(field, gpus[i], gpus[j]) != (ranks[i] < ranks[j]))
                    ++disagreements;
            }
        }
        CHECK(disagreements == 0);
    }
}

TEST_CASE("a cleared filter brings rows back in order, also after an edit while filtered",
          "[ui][catalog][sort][filter]")
{
    PartTableModel model(PartKind::Gpu);
    PartFilterProxyModel proxy;
    proxy.setSourceModel(&model);
    QAbstractItemModelTester tester(&proxy, QAbstractItemModelTester::FailureReportingMode::Fatal);
    model.setParts({gpuVariant("g80", 80, "Nvidia"), gpuVariant("g192", 192, "AMD"),
                    gpuVariant("g24", 24, "Nvidia"), gpuVariant("g141", 141, "Nvidia")});
    const int memory = model.columnOf("memory_gb");
    proxy.sort(memory, Qt::DescendingOrder);
    CHECK(proxy.hasSortRanks());
    CHECK(shownIds(proxy) == std::vector<std::string>{"g192", "g141", "g80", "g24"});

    proxy.setText(QStringLiteral("g1"));
    CHECK(shownIds(proxy) == std::vector<std::string>{"g192", "g141"});
    // Raising a hidden GPU's memory reorders it: the ranks no longer hold.
    model.applyChanges({{gpuVariant("g24", 24, "Nvidia"), gpuVariant("g24", 160, "Nvidia")}});
    CHECK_FALSE(proxy.hasSortRanks());
    // An edit in another column keeps them.
    proxy.setText(QStringLiteral("g"));
    REQUIRE(proxy.hasSortRanks());
    model.applyChanges({{gpuVariant("g80", 80, "Nvidia"), gpuVariant("g80", 80, "NVIDIA")}});
    CHECK(proxy.hasSortRanks());
    CHECK(shownIds(proxy) == std::vector<std::string>{"g192", "g24", "g141", "g80"});
    // A shown row whose sort value changes moves at once: the ranks are
    // dropped before the proxy places it (else it would stay put).
    model.applyChanges({{gpuVariant("g80", 80, "NVIDIA"), gpuVariant("g80", 200, "NVIDIA")}});
    CHECK(shownIds(proxy) == std::vector<std::string>{"g80", "g192", "g24", "g141"});
    proxy.setText({});
    CHECK(shownIds(proxy) == std::vector<std::string>{"g80", "g192", "g24", "g141"});
}
