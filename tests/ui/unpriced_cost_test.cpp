// SPDX-License-Identifier: Apache-2.0
// A cost with an unpriced part is shown as the lower bound it is, and never
// coloured or offered as a saving (issue 23, item 2).
#include "core/parts/field_spec.h"
#include "ui/analysis/analysis_page.h"
#include "ui/analysis/live_analysis.h"
#include "ui/catalog/catalog_editor.h"
#include "ui/compare/compare_page.h"
#include "ui/compare/comparison_table_model.h"
#include "ui/project/project_document.h"

#include "ui_fixture.h"

#include <catch2/catch.hpp>

using namespace infrafit;
using namespace infrafit::ui;

TEST_CASE("the first screen's cost is complete with the shipped catalog", "[ui][cost]")
{
    test::WindowFixture f;
    const QString capex = f.window->analysisPage()->figureText(QStringLiteral("capex"));
    REQUIRE_FALSE(capex.isEmpty());
    CHECK_FALSE(capex.contains(QStringLiteral("\u2265")));
    CHECK_FALSE(capex.contains(QStringLiteral("unpriced")));
}

TEST_CASE("an unpriced part makes capex a lower bound and its change unknown",
          "[ui][cost][compare]")
{
    test::WindowFixture f;
    const auto& configurations = f.window->document()->project().configurations;
    REQUIRE(configurations.size() >= 2);
    // Take the price off the first configuration's chassis (a complete
    // system in the fine-tune example), as in a catalog that lacks it.
    const std::string chassisId = configurations[0].chassisId;
    const FieldSpec* price = findField(PartKind::Chassis, "price_usd");
    REQUIRE(price);
    REQUIRE(f.window->catalogEditor()->setField(chassisId, *price, FieldValue{}).isEmpty());
    f.window->liveAnalysis()->setSelection(0, 0);
    f.settle(); // the analysis runs on a worker
    const QString capex = f.window->analysisPage()->figureText(QStringLiteral("capex"));
    CHECK(capex.startsWith(QStringLiteral("\u2265 ")));
    CHECK(capex.contains(QStringLiteral("(1 part unpriced)")));
    CHECK(f.window->analysisPage()->figureText(QStringLiteral("tco")).startsWith(
        QStringLiteral("\u2265 ")));

    // Compare with the other (priced) configuration as baseline: the
    // unpriced row's capex change is unknown and not coloured.
    auto* page = f.window->comparePage();
    page->refresh();
    auto* model = page->model();
    const int capexColumn = ComparisonTableModel::columnOf(ComparisonMetric::CapexUsd);
    bool sawUnknown = false;
    for (int r = 0; r < model->rowCount(); ++r) {
        const auto& row = model->comparison().rows[static_cast<std::size_t>(r)];
        if (row.configurationName != configurations[0].name || row.isBaseline)
            continue;
        const QModelIndex cell = model->index(r, capexColumn);
        CHECK(cell.data().toString().contains(QStringLiteral("change unknown")));
        CHECK_FALSE(cell.data(Qt::ForegroundRole).isValid());
        sawUnknown = true;
    }
    // The first pair is the baseline; the unpriced configuration's other
    // workload rows (if any) or the priced rows against it carry unknowns.
    for (int r = 0; r < model->rowCount(); ++r) {
        const auto& row = model->comparison().rows[static_cast<std::size_t>(r)];
        if (row.isBaseline || row.unpricedParts > 0)
            continue;
        // Against an unpriced baseline even a priced row's change is unknown.
        if (model->comparison().baseline().unpricedParts > 0) {
            const QModelIndex cell = model->index(r, capexColumn);
            CHECK(cell.data().toString().contains(QStringLiteral("change unknown")));
            CHECK_FALSE(cell.data(Qt::ForegroundRole).isValid());
            sawUnknown = true;
        }
    }
    CHECK(sawUnknown);
}
