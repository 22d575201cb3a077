// SPDX-License-Identifier: Apache-2.0
// The Compare page shows compareProject's matrix unchanged, deltas against
// the chosen baseline coloured by higherIsBetter, a grouped bar chart of the
// chosen metric, and exports through core's writers.
#include "core/output/comparison_report.h"
#include "core/io/text_file.h"
#include "ui/analysis/live_analysis.h"
#include "ui/catalog/catalog_editor.h"
#include "ui/charts/chart_panel.h"
#include "ui/compare/compare_page.h"
#include "ui/compare/comparison_table_model.h"
#include "ui/dialogs/dialogs.h"
#include "ui/project/project_document.h"

#include "ui_fixture.h"

#include <catch2/catch.hpp>

#include <algorithm>

#include <QAbstractItemModelTester>
#include <QBarSeries>
#include <QBarSet>
#include <QBrush>
#include <QChart>
#include <QComboBox>
#include <QCoreApplication>
#include <QDir>
#include <QLabel>
#include <QLineEdit>
#include <QTableView>
#include <QUndoStack>
#include <QPushButton>
#include <QSortFilterProxyModel>

using namespace infrafit;
using namespace infrafit::ui;

namespace {

struct CompareFixture : test::WindowFixture {
    ComparePage* page = nullptr;
    CompareFixture()
    {
        window->openExample(QStringLiteral("llama-serving.infrafit.json"));
        page = window->comparePage();
        page->refresh();
    }
    /// compareProject as core computes it for the window's project.
    [[nodiscard]] Comparison coreComparison(
        const std::string& workload = {}, const std::string& configuration = {}) const
    {
        ComparisonOptions options;
        options.inputs = window->liveAnalysis()->preferences().infrastructureInputs();
        options.baselineWorkload = workload;
        options.baselineConfiguration = configuration;
        auto* catalog = window->catalogEditor();
        const PartLookup lookup = [catalog](std::string_view id) -> std::optional<Part> {
            if (const Part* part = catalog->findPart(id))
                return *part;
            return std::nullopt;
        };
        return compareProject(window->document()->project(), lookup, options);
    }
};

} // namespace

TEST_CASE("the comparison matrix equals core's compareProject", "[ui][compare]")
{
    CompareFixture f;
    auto* model = f.page->model();
    QAbstractItemModelTester tester(model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    QAbstractItemModelTester proxyTester(
        f.page->proxyModel(), QAbstractItemModelTester::FailureReportingMode::Fatal);
    const Comparison core = f.coreComparison();
    REQUIRE(model->rowCount() == 4); // 2 workloads × 2 configurations
    REQUIRE(core.rows.size() == 4);
    for (int r = 0; r < model->rowCount(); ++r) {
        const auto& expected = core.rows[static_cast<std::size_t>(r)];
        CHECK(model->index(r, ComparisonTableModel::ConfigurationColumn)
                  .data()
                  .toString()
                  .toStdString()
            == expected.configurationName);
        for (const auto metric : allComparisonMetrics()) {
            const QModelIndex cell = model->index(r, ComparisonTableModel::columnOf(metric));
            CHECK(cell.data(ComparisonTableModel::SortRole).toDouble()
                == Approx(expected.value(metric)));
            CHECK(model->comparison().rows[static_cast<std::size_t>(r)].delta(metric).absolute
                == Approx(expected.delta(metric).absolute));
        }
    }
    const int capex = ComparisonTableModel::columnOf(ComparisonMetric::CapexUsd);
    CHECK(model->index(0, capex).data().toString()
        == ComparisonTableModel::formatMetric(
            ComparisonMetric::CapexUsd, core.rows[0].value(ComparisonMetric::CapexUsd)));
    CHECK(model->index(0, ComparisonTableModel::WorkloadColumn)
              .data()
              .toString()
              .contains(QStringLiteral("baseline")));
}

TEST_CASE("choosing a baseline recomputes the deltas and their colours", "[ui][compare]")
{
    CompareFixture f;
    auto* model = f.page->model();
    QAbstractItemModelTester tester(model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    f.page->baselineComboBox()->setCurrentIndex(1);
    REQUIRE(model->comparison().baselineIndex == 1);
    const auto& baseline = model->comparison().baseline();
    const Comparison core = f.coreComparison(baseline.workloadName, baseline.configurationName);
    REQUIRE(core.baselineIndex == 1);
    bool coloured = false;
    for (int r = 0; r < model->rowCount(); ++r) {
        const auto& expected = core.rows[static_cast<std::size_t>(r)];
        for (const auto metric : allComparisonMetrics()) {
            const auto& delta = expected.delta(metric);
            CHECK(model->comparison().rows[static_cast<std::size_t>(r)].delta(metric).absolute
                == Approx(delta.absolute));
            const QModelIndex cell = model->index(r, ComparisonTableModel::columnOf(metric));
            const QVariant brush = cell.data(Qt::ForegroundRole);
            if (r == 1 || delta.absolute == 0 || cell.data().toString() == QStringLiteral("—")) {
                CHECK_FALSE(brush.isValid());
                continue;
            }
            REQUIRE(brush.isValid());
            const bool better = (delta.absolute > 0) == higherIsBetter(metric);
            const QColor colour = brush.value<QBrush>().color();
            CHECK((colour.green() > colour.red()) == better);
            CHECK(cell.data(Qt::ToolTipRole)
                      .toString()
                      .contains(ComparisonTableModel::formatDelta(metric, delta)));
            coloured = true;
        }
    }
    CHECK(coloured);
}

TEST_CASE("the comparison sorts, charts the chosen metric and exports", "[ui][compare]")
{
    CompareFixture f;
    auto* proxy = f.page->proxyModel();
    const int capex = ComparisonTableModel::columnOf(ComparisonMetric::CapexUsd);
    proxy->sort(capex, Qt::AscendingOrder);
    for (int r = 1; r < proxy->rowCount(); ++r)
        CHECK(proxy->index(r - 1, capex).data(ComparisonTableModel::SortRole).toDouble()
            <= proxy->index(r, capex).data(ComparisonTableModel::SortRole).toDouble());

    auto* metric = f.page->metricComboBox();
    metric->setCurrentIndex(metric->findData(static_cast<int>(ComparisonMetric::CapexUsd)));
    const Comparison core = f.coreComparison();
    const auto series = f.page->chartPanel()->chart()->series();
    REQUIRE(series.size() == 1);
    auto* bars = qobject_cast<QBarSeries*>(series.front());
    REQUIRE(bars);
    REQUIRE(bars->count() == static_cast<int>(core.workloads.size()));
    // Large figures are charted in thousands or millions (the axis says which).
    const double scale = f.page->chartPanel()->chart()->property("valueScale").toDouble();
    CHECK((scale == 1 || scale == 1e3 || scale == 1e6));
    for (int w = 0; w < bars->count(); ++w) {
        QBarSet* set = bars->barSets()[w];
        CHECK(set->label().toStdString() == core.workloads[static_cast<std::size_t>(w)]);
        for (int c = 0; c < set->count(); ++c)
            CHECK(set->at(c) * scale
                == Approx(core.find(core.workloads[static_cast<std::size_t>(w)],
                                  core.configurations[static_cast<std::size_t>(c)])
                              ->value(ComparisonMetric::CapexUsd)));
    }

    const QString csv = QString::fromStdString(f.dir.file("comparison.csv"));
    Dialogs::setNextFileName(csv);
    f.page->exportWithDialog();
    CHECK(readTextFile(csv.toStdString()) == comparisonToCsv(core));
    const QString json = QString::fromStdString(f.dir.file("comparison.json"));
    CHECK(f.page->exportTo(json).isEmpty());
    CHECK(nlohmann::json::parse(readTextFile(json.toStdString())) == comparisonToJson(core));
    Dialogs::setSuppressWarnings(true);
    CHECK_FALSE(f.page->exportTo(QStringLiteral("/nonexistent-dir/x.csv")).isEmpty());
}

TEST_CASE("the comparison follows project edits and explains an empty project", "[ui][compare]")
{
    CompareFixture f;
    f.window->showPage(ui::MainWindow::ComparePageIndex);
    f.window->show();
    REQUIRE(f.page->isVisible());
    Project project = f.window->document()->project();
    Configuration copy = project.configurations.front();
    copy.name = "Copy";
    copy.nodes = 2;
    project.configurations.push_back(copy);
    f.window->document()->apply(project, QStringLiteral("add"));
    CHECK(f.page->model()->rowCount() == 6);
    if (qEnvironmentVariableIsSet("INFRAFIT_SCREENSHOT_DIR")) {
        f.window->resize(1280, 800);
        QCoreApplication::processEvents(); // let the chart lay out before grabbing
        f.window->grab().save(QDir(qEnvironmentVariable("INFRAFIT_SCREENSHOT_DIR"))
                                  .filePath(QStringLiteral("compare.png")));
    }
    f.window->document()->reset(Project {});
    CHECK(f.page->model()->rowCount() == 0);
    CHECK(f.page->findChild<QLabel*>(QStringLiteral("compareProblemLabel"))->isVisible());
    f.window->hide();
}

TEST_CASE("a what-if adds traffic and SLA variants of the baseline workload, undoably",
    "[ui][compare][serving][undo]")
{
    test::WindowFixture f;
    REQUIRE(f.window->openProject(QStringLiteral(INFRAFIT_SOURCE_DIR)
        + QStringLiteral("/examples/llama-serving-sla.infrafit.json")));
    ComparePage* page = f.window->comparePage();
    page->refresh();
    auto* document = f.window->document();
    const auto workloadsBefore = document->project().workloads.size();
    const std::string base = document->project().workloads.front().name;
    CHECK(page->addWhatIf(QStringLiteral("traffic=x2,x4")).isEmpty());
    REQUIRE(document->project().workloads.size() == workloadsBefore + 2);
    CHECK(document->project().workloads[workloadsBefore].name == base + " [traffic=x2]");
    CHECK(*document->project().workloads[workloadsBefore + 1].serving.requestRatePerS == 200);
    page->refresh();
    // Each variant is compared on every configuration.
    CHECK(page->model()->comparison().rows.size()
        == document->project().workloads.size() * document->project().configurations.size());
    CHECK(page->addWhatIf(QStringLiteral("sla.ttft_ms=500")).isEmpty());
    CHECK(document->project().workloads.back().serving.sla->ttftMs == 500);
    // Each what-if is one undo step.
    document->undoStack()->undo();
    document->undoStack()->undo();
    CHECK(document->project().workloads.size() == workloadsBefore);
    // Bad input is refused with core's reason and changes nothing.
    CHECK(page->addWhatIf(QStringLiteral("traffic")).contains(QStringLiteral("FIELD=VALUE")));
    CHECK(page->addWhatIf(QStringLiteral("traffic=x0")).contains(QStringLiteral("traffic=x0")));
    CHECK(page->addWhatIf(QStringLiteral("colour=red")).contains(QStringLiteral("Unknown")));
    CHECK(document->project().workloads.size() == workloadsBefore);
    auto* field = page->findChild<QLineEdit*>(QStringLiteral("compareWhatIfLineEdit"));
    REQUIRE(field);
    CHECK(page->findChild<QPushButton*>(QStringLiteral("compareAddWhatIfButton")));
}

TEST_CASE("a pair that does not fit shows no speed, and each workload has its own baseline",
          "[ui][compare][fits]")
{
    // Issue 23 items 7 and 8, on the MoE example: DeepSeek-V3 does not fit
    // on 4x DGX H100 but does on 1x DGX B200.
    test::WindowFixture f;
    f.window->openExample(QStringLiteral("moe-models.infrafit.json"));
    auto* page = f.window->comparePage();
    page->refresh();
    auto* model = page->model();
    const Comparison& comparison = model->comparison();
    const ComparisonRow* notFitting = nullptr;
    for (const auto& row : comparison.rows)
        if (row.headline.analyzed && !row.headline.fits)
            notFitting = &row;
    REQUIRE(notFitting);
    const int r = static_cast<int>(notFitting - comparison.rows.data());
    const auto cell = [&](int row, ComparisonMetric metric) {
        return model->index(row, ComparisonTableModel::columnOf(metric)).data().toString();
    };
    const bool training = notFitting->headline.kind == WorkloadKind::Training;
    const auto ownSpeed = training ? ComparisonMetric::TrainingDays : ComparisonMetric::TtftS;
    const auto otherSpeed = training ? ComparisonMetric::TtftS : ComparisonMetric::TrainingDays;
    CHECK(cell(r, ownSpeed) == QStringLiteral("—, does not fit"));
    CHECK(cell(r, otherSpeed) == QStringLiteral("—"));
    CHECK_FALSE(model->index(r, ComparisonTableModel::columnOf(ownSpeed))
                    .data(ComparisonTableModel::SortRole)
                    .isValid());
    // Two workloads, two baselines: one per workload.
    const auto baselines = std::count_if(comparison.rows.begin(), comparison.rows.end(),
                                         [](const ComparisonRow& row) { return row.isBaseline; });
    CHECK(baselines == static_cast<long>(comparison.workloads.size()));
    for (const auto& row : comparison.rows)
        CHECK(comparison.rows[row.baselineRow].workloadName == row.workloadName);
}

TEST_CASE("Compare page: a serving project shows its demand columns, not training's",
    "[compare][serving]")
{
    test::WindowFixture f;
    REQUIRE(f.window->openProject(QStringLiteral(INFRAFIT_SOURCE_DIR)
        + QStringLiteral("/examples/llama-serving-sla.infrafit.json")));
    ComparePage* page = f.window->comparePage();
    page->refresh();
    auto* table = page->findChild<QTableView*>(QStringLiteral("compareTableView"));
    REQUIRE(table);
    const auto column = [](ComparisonMetric m) { return ComparisonTableModel::columnOf(m); };
    CHECK(table->isColumnHidden(column(ComparisonMetric::TrainingDays)));
    CHECK(table->isColumnHidden(column(ComparisonMetric::Mfu)));
    CHECK_FALSE(table->isColumnHidden(column(ComparisonMetric::ReplicasNeeded)));
    CHECK_FALSE(table->isColumnHidden(column(ComparisonMetric::UsdPerMillionOutputTokens)));
    CHECK_FALSE(table->isColumnHidden(column(ComparisonMetric::CapexUsd)));
    const auto* model = page->model();
    REQUIRE(model->rowCount() >= 1);
    const QString replicas
        = model->data(model->index(0, column(ComparisonMetric::ReplicasNeeded)), Qt::DisplayRole).toString();
    CHECK(replicas.endsWith(QStringLiteral(" replicas")));
    const QString ttft
        = model->data(model->index(0, column(ComparisonMetric::TtftP99Ms)), Qt::DisplayRole).toString();
    CHECK(ttft.endsWith(QStringLiteral(" ms")));
}
