// SPDX-License-Identifier: Apache-2.0
// The Recommend page: the search runs off the GUI thread and fills the
// ranked table, reasons and chart; Cancel stops it; "Use this configuration"
// is one undoable project edit; empty and infeasible states explain why.
#include "ui/charts/chart_panel.h"
#include "ui/project/project_document.h"
#include "ui/recommend/candidate_table_model.h"
#include "ui/recommend/constraints_form.h"
#include "ui/recommend/recommend_page.h"
#include "ui/recommend/recommend_runner.h"

#include "ui_fixture.h"

#include <catch2/catch.hpp>

#include <QAbstractItemModelTester>
#include <QChart>
#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScatterSeries>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QSpinBox>
#include <QTableView>
#include <QUndoStack>

using namespace infrafit;
using namespace infrafit::ui;

namespace {

constexpr int kRunTimeoutMs = 120000; // bounded; a small search takes well under a second

/// The serving example with the search narrowed to at most two nodes.
struct RecommendFixture : test::WindowFixture {
    RecommendPage* page = nullptr;
    RecommendFixture()
    {
        window->openExample(QStringLiteral("llama-serving.infrafit.json"));
        window->showPage(ui::MainWindow::RecommendPageIndex);
        page = window->recommendPage();
        page->findChild<QSpinBox*>(QStringLiteral("recommendMaxNodesSpinBox"))->setValue(2);
        page->findChild<QSpinBox*>(QStringLiteral("recommendTopSpinBox"))->setValue(8);
    }
    template <typename T>
    T* child(const char* name) const
    {
        return page->findChild<T*>(QString::fromLatin1(name));
    }
    /// Clicks Search and waits (bounded) for the run to finish.
    bool runSearch()
    {
        QSignalSpy finished(page->runner(), &RecommendRunner::finished);
        child<QPushButton>("recommendSearchButton")->click();
        return page->runner()->isRunning() && finished.wait(kRunTimeoutMs);
    }
};

QScatterSeries* seriesNamed(QChart* chart, const QString& name)
{
    for (auto* series : chart->series()) {
        if (series->name() == name)
            return qobject_cast<QScatterSeries*>(series);
    }
    return nullptr;
}

} // namespace

TEST_CASE("a recommendation run fills the ranked table, reasons and chart", "[ui][recommend]")
{
    RecommendFixture f;
    QAbstractItemModelTester tester(
        f.page->model(), QAbstractItemModelTester::FailureReportingMode::Fatal);
    CHECK(f.page->form()->kind() == WorkloadKind::Inference);
    REQUIRE(f.runSearch());
    const Recommendation& result = f.page->runner()->result();
    CHECK_FALSE(result.cancelled);
    REQUIRE(!result.candidates.empty());
    auto* model = f.page->model();
    REQUIRE(model->rowCount() == static_cast<int>(result.candidates.size()));
    CHECK(model->rowCount() <= 8);
    const auto& best = result.candidates.front();
    CHECK(model->index(0, CandidateTableModel::RankColumn).data().toInt() == 1);
    CHECK(model->index(0, CandidateTableModel::GpuColumn)
              .data()
              .toString()
              .startsWith(QString::fromStdString(best.config.gpu.id)));
    CHECK(model->index(0, CandidateTableModel::ParetoColumn).data().toString()
        == (best.pareto ? QStringLiteral("✓") : QString()));
    // Idle again, best candidate selected, its reasons shown.
    CHECK(f.child<QPushButton>("recommendSearchButton")->isEnabled());
    CHECK_FALSE(f.child<QPushButton>("recommendCancelButton")->isEnabled());
    CHECK(f.child<QPushButton>("recommendUseButton")->isEnabled());
    CHECK(f.page->tableView()->selectionModel()->isRowSelected(0, {}));
    const QString reasons = f.child<QPlainTextEdit>("recommendReasonsPlainTextEdit")->toPlainText();
    REQUIRE(!best.reasons.empty());
    CHECK(reasons.contains(QString::fromStdString(best.reasons.front())));
    CHECK(reasons.count(QStringLiteral("tightest constraint"), Qt::CaseInsensitive) == 1);
    // Chart: the whole front, the ranked candidates off it, rank 1 marked.
    QChart* chart = f.page->chartPanel()->chart();
    auto* pareto = seriesNamed(chart, QStringLiteral("Pareto front"));
    auto* dominated = seriesNamed(chart, QStringLiteral("Dominated"));
    auto* balanced = seriesNamed(chart, QStringLiteral("Balanced"));
    REQUIRE(pareto);
    REQUIRE(dominated);
    REQUIRE(balanced);
    const auto paretoCount = std::count_if(
        result.candidates.begin(), result.candidates.end(), [](const auto& c) { return c.pareto; });
    REQUIRE_FALSE(result.front.empty());
    CHECK(pareto->count() == static_cast<int>(result.front.size()));
    CHECK(dominated->count() == static_cast<int>(result.candidates.size()) - paretoCount);
    REQUIRE(balanced->count() == 1);
    CHECK(balanced->at(0).x() == Approx(best.analysis.performance.outputTokensPerS));
    CHECK(balanced->at(0).y() == Approx(best.analysis.infrastructure->cost.capexUsd / 1e3));

    if (qEnvironmentVariableIsSet("INFRAFIT_SCREENSHOT_DIR")) {
        f.window->resize(1280, 800);
        f.window->show();
        QCoreApplication::processEvents(); // let the chart lay out before grabbing
        f.window->grab().save(QDir(qEnvironmentVariable("INFRAFIT_SCREENSHOT_DIR"))
                                  .filePath(QStringLiteral("recommend.png")));
    }
}

TEST_CASE("cancel stops a recommendation run and returns to idle", "[ui][recommend]")
{
    RecommendFixture f;
    f.child<QSpinBox>("recommendMaxNodesSpinBox")->setValue(64);
    QSignalSpy finished(f.page->runner(), &RecommendRunner::finished);
    f.child<QPushButton>("recommendSearchButton")->click();
    REQUIRE(f.page->runner()->isRunning());
    CHECK_FALSE(f.child<QPushButton>("recommendSearchButton")->isEnabled());
    auto* cancel = f.child<QPushButton>("recommendCancelButton");
    REQUIRE(cancel->isEnabled());
    cancel->click();
    CHECK_FALSE(cancel->isEnabled()); // stop requested, waiting for the worker
    REQUIRE(finished.wait(kRunTimeoutMs));
    const Recommendation& result = f.page->runner()->result();
    CHECK(result.cancelled);
    CHECK(f.page->model()->rowCount() == static_cast<int>(result.candidates.size()));
    CHECK_FALSE(f.page->runner()->isRunning());
    CHECK(f.child<QPushButton>("recommendSearchButton")->isEnabled());
    CHECK_FALSE(f.child<QPushButton>("recommendCancelButton")->isEnabled());
    CHECK(f.child<QLabel>("recommendStatusLabel")->text().contains(QStringLiteral("Cancelled")));
}

TEST_CASE("using a candidate adds one configuration, undoably", "[ui][recommend][undo]")
{
    RecommendFixture f;
    REQUIRE(f.runSearch());
    REQUIRE(f.page->model()->rowCount() > 0);
    auto* document = f.window->document();
    const auto before = document->project().configurations.size();
    f.child<QPushButton>("recommendUseButton")->click();
    const auto& configurations = document->project().configurations;
    REQUIRE(configurations.size() == before + 1);
    const auto& added = configurations.back();
    const auto& best = f.page->runner()->result().candidates.front().config.config;
    CHECK(added.gpuId == best.gpuId);
    CHECK(added.chassisId == best.chassisId);
    CHECK(added.nodes == best.nodes);
    CHECK(QString::fromStdString(added.name).endsWith(QStringLiteral("(recommended)")));
    // A copy: using it again replaces the project, and `added` with it.
    const std::string firstName = added.name;
    // Using it again gives a second, uniquely named configuration.
    f.child<QPushButton>("recommendUseButton")->click();
    REQUIRE(document->project().configurations.size() == before + 2);
    CHECK(document->project().configurations.back().name != firstName);
    document->undoStack()->undo();
    document->undoStack()->undo();
    CHECK(document->project().configurations.size() == before);
}

TEST_CASE("the page explains an empty project and an infeasible search", "[ui][recommend]")
{
    RecommendFixture f;
    SECTION("no workload: a hint and no search")
    {
        f.window->document()->reset(Project {});
        CHECK(f.child<QLabel>("recommendHintLabel")->isVisibleTo(f.page));
        CHECK_FALSE(f.child<QPushButton>("recommendSearchButton")->isEnabled());
        CHECK_FALSE(f.page->search());
    }
    SECTION("a latency target nothing meets: the finding names it")
    {
        f.child<QDoubleSpinBox>("recommendTpotDoubleSpinBox")->setValue(0.1); // 0.1 ms per token
        REQUIRE(f.runSearch());
        CHECK(f.page->model()->rowCount() == 0);
        const QString findings = f.child<QLabel>("recommendFindingsLabel")->text();
        CHECK(findings.contains(QStringLiteral("tpot_ms")));
        CHECK_FALSE(f.child<QPushButton>("recommendUseButton")->isEnabled());
    }
    SECTION("training workloads ask for a deadline, serving ones for latency")
    {
        auto* ttft = f.child<QDoubleSpinBox>("recommendTtftDoubleSpinBox");
        auto* deadline = f.child<QDoubleSpinBox>("recommendDeadlineDoubleSpinBox");
        CHECK(ttft->isVisibleTo(f.page));
        CHECK_FALSE(deadline->isVisibleTo(f.page));
        ttft->setValue(500);
        CHECK(f.page->form()->constraints().ttftTargetS == Approx(0.5));
        f.window->openExample(QStringLiteral("llama3-70b-finetune.infrafit.json"));
        CHECK(f.page->form()->kind() == WorkloadKind::Training);
        CHECK(deadline->isVisibleTo(f.page));
        CHECK_FALSE(ttft->isVisibleTo(f.page));
        CHECK_FALSE(f.page->form()->constraints().ttftTargetS.has_value());
    }
}

TEST_CASE("a serving demand shows replicas, cluster cost per hour and p99 latencies",
          "[ui][recommend][serving]")
{
    test::WindowFixture w;
    REQUIRE(w.window->openProject(QStringLiteral(INFRAFIT_SOURCE_DIR)
                                  + QStringLiteral("/examples/llama-serving-sla.infrafit.json")));
    w.window->showPage(ui::MainWindow::RecommendPageIndex);
    RecommendPage* page = w.window->recommendPage();
    page->findChild<QSpinBox*>(QStringLiteral("recommendMaxNodesSpinBox"))->setValue(2);
    page->findChild<QSpinBox*>(QStringLiteral("recommendTopSpinBox"))->setValue(3);
    QSignalSpy finished(page->runner(), &RecommendRunner::finished);
    page->findChild<QPushButton*>(QStringLiteral("recommendSearchButton"))->click();
    REQUIRE(page->runner()->isRunning());
    REQUIRE(finished.wait(kRunTimeoutMs));
    const Recommendation& result = page->runner()->result();
    REQUIRE(!result.candidates.empty());
    const RecommendedCandidate& best = result.candidates.front();
    REQUIRE(best.serving);
    auto* model = page->model();
    CHECK(model->isServing());
    QTableView* table = page->tableView();
    for (int column : {CandidateTableModel::ReplicasColumn, CandidateTableModel::ClusterCostColumn,
                       CandidateTableModel::CostPerMillionColumn, CandidateTableModel::TtftColumn,
                       CandidateTableModel::TpotColumn})
        CHECK_FALSE(table->isColumnHidden(column));
    CHECK(table->isColumnHidden(CandidateTableModel::ScoreColumn));
    CHECK(model->headerData(CandidateTableModel::TtftColumn, Qt::Horizontal, Qt::DisplayRole)
              .toString()
          == QStringLiteral("p99 TTFT"));
    CHECK(model->index(0, CandidateTableModel::ReplicasColumn)
              .data()
              .toString()
              .startsWith(QString::number(best.serving->replicasNeeded)));
    CHECK(model->index(0, CandidateTableModel::ClusterCostColumn).data().toString().endsWith(
        QStringLiteral("/h")));
    CHECK(model->index(0, CandidateTableModel::TtftColumn).data().toString().endsWith(
        QStringLiteral(" ms")));
    // The chart plots cluster cost per hour against SLA headroom, cheapest marked.
    auto* cheapest = seriesNamed(page->chartPanel()->chart(), QStringLiteral("Cheapest"));
    REQUIRE(cheapest);
    REQUIRE(cheapest->count() == 1);
    CHECK(cheapest->at(0).y() == Approx(best.serving->clusterUsdPerHour));
    CHECK(cheapest->at(0).x() == Approx(best.serving->slaHeadroom * 100));
}

TEST_CASE("the ranked table shows NIC, TTFT, TPOT and differences, and sorts by header",
          "[ui][recommend][sort]")
{
    // Issue 23 item 8: rows that differ only in NIC or chassis looked the
    // same, serving had no latency columns and the headers did not sort.
    RecommendFixture f;
    REQUIRE(f.runSearch());
    auto* model = f.page->model();
    const int rows = model->rowCount();
    REQUIRE(rows >= 2);
    auto* view = f.page->tableView();
    CHECK_FALSE(view->isColumnHidden(CandidateTableModel::TtftColumn));
    CHECK_FALSE(view->isColumnHidden(CandidateTableModel::TpotColumn));
    const auto& candidates = model->candidates();
    for (int r = 0; r < rows; ++r) {
        const auto& c = candidates[static_cast<std::size_t>(r)];
        const QString nic = model->index(r, CandidateTableModel::NicColumn).data().toString();
        if (!c.config.config.nicId.empty())
            CHECK(nic.startsWith(QString::fromStdString(c.config.config.nicId)));
        CHECK(model->index(r, CandidateTableModel::ChassisColumn).data().toString()
              == QString::fromStdString(c.config.chassis.id));
        CHECK_FALSE(model->index(r, CandidateTableModel::TtftColumn).data().toString().isEmpty());
    }
    CHECK(model->index(0, CandidateTableModel::DiffersColumn).data().toString().isEmpty());
    CHECK_FALSE(model->index(1, CandidateTableModel::DiffersColumn).data().toString().isEmpty());
    // A candidate whose NIC differs from the one above: the column names it.
    for (int r = 1; r < rows; ++r) {
        const auto& b = candidates[static_cast<std::size_t>(r)].config.config;
        const auto& above = candidates[static_cast<std::size_t>(r - 1)].config.config;
        if (b.nicId != above.nicId)
            CHECK(model->index(r, CandidateTableModel::DiffersColumn)
                      .data()
                      .toString()
                      .contains(QStringLiteral("NIC")));
    }

    // Sorting by capex orders the view by the number, not the text.
    view->sortByColumn(CandidateTableModel::CapexColumn, Qt::AscendingOrder);
    auto* proxy = view->model();
    REQUIRE(proxy != model);
    for (int r = 1; r < proxy->rowCount(); ++r)
        CHECK(proxy->index(r - 1, CandidateTableModel::CapexColumn)
                  .data(CandidateTableModel::SortRole)
                  .toDouble()
              <= proxy->index(r, CandidateTableModel::CapexColumn)
                     .data(CandidateTableModel::SortRole)
                     .toDouble());
    // Selecting a sorted row picks that candidate for "Use This Configuration".
    view->selectRow(0);
    const int source = static_cast<QSortFilterProxyModel*>(proxy)
                           ->mapToSource(proxy->index(0, 0))
                           .row();
    const auto before = f.window->document()->project().configurations.size();
    f.child<QPushButton>("recommendUseButton")->click();
    REQUIRE(f.window->document()->project().configurations.size() == before + 1);
    CHECK(f.window->document()->project().configurations.back().gpuId
          == candidates[static_cast<std::size_t>(source)].config.config.gpuId);
    CHECK(f.window->document()->project().configurations.back().nicId
          == candidates[static_cast<std::size_t>(source)].config.config.nicId);
}
