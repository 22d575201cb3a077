// SPDX-License-Identifier: Apache-2.0
// The Measurements page (issue 19): measured runs added, edited and removed
// as undoable steps; the fit table and chart show core's calibration of
// those runs unchanged; imported dcgm-exporter metrics fill the heatmap and
// the power distribution; "Apply as Profile" stores the named profile.
#include "core/calibration/measured_runs_json.h"
#include "ui/charts/chart_panel.h"
#include "ui/measurements/calibration_fit_model.h"
#include "ui/measurements/measurement_table_model.h"
#include "ui/measurements/measurements_page.h"
#include "ui/measurements/utilisation_heatmap_view.h"
#include "ui/project/project_document.h"

#include "ui_fixture.h"

#include <catch2/catch.hpp>

#include <QAbstractItemModelTester>
#include <QAbstractAxis>
#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QCoreApplication>
#include <QDir>
#include <QLineEdit>
#include <QScatterSeries>
#include <QSignalSpy>
#include <QStandardItemModel>
#include <QValueAxis>
#include <QTabWidget>
#include <QUndoStack>

using namespace infrafit;
using namespace infrafit::ui;

namespace {

constexpr int kMeasurementsWaitMs = 120000;

struct MeasurementsFixture : test::WindowFixture {
    MeasurementsPage* page = nullptr;
    MeasurementsFixture()
    {
        REQUIRE(window->openProject(
            QString::fromStdString(test::fixturePath("projects/bom-example.infrafit.json"))));
        page = window->measurementsPage();
    }
    bool refit() const
    {
        QSignalSpy finished(page, &MeasurementsPage::fitFinished);
        page->refresh();
        return finished.wait(kMeasurementsWaitMs);
    }
    void setRuns() const
    {
        Project p = window->document()->project();
        Measurement a;
        a.name = "4 nodes, week 1";
        a.workload = "llama-8b-pretrain";
        a.configuration = "4x HGX H100";
        a.tokensPerS = 210000;
        Measurement b = a;
        b.name = "2 nodes, week 2";
        b.configuration = "2x HGX H100";
        b.tokensPerS = 104000;
        p.measurements = {a, b};
        window->document()->apply(p, QStringLiteral("runs"));
    }
};

} // namespace

TEST_CASE("measured runs are added, edited and removed as undoable steps", "[ui][measurements]")
{
    MeasurementsFixture f;
    auto* model = f.page->model();
    QAbstractItemModelTester tester(model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    auto* undo = f.window->document()->undoStack();
    REQUIRE(model->rowCount() == 0);
    f.page->addRun();
    REQUIRE(model->rowCount() == 1);
    const auto& runs = [&]() -> const std::vector<Measurement>& {
        return f.window->document()->project().measurements;
    };
    CHECK(runs()[0].name == "run 1");
    CHECK(runs()[0].workload == "llama-8b-pretrain");
    REQUIRE(runs()[0].stepTimeS);
    CHECK(model->setData(model->index(0, MeasurementTableModel::ValueColumn), QStringLiteral("2.5"),
        Qt::EditRole));
    CHECK(*runs()[0].stepTimeS == 2.5);
    CHECK(model->setData(model->index(0, MeasurementTableModel::FigureColumn),
        QStringLiteral("Tokens/s"), Qt::EditRole));
    CHECK_FALSE(runs()[0].stepTimeS);
    CHECK(*runs()[0].tokensPerS == 2.5);
    // Bad values are refused and change nothing.
    CHECK_FALSE(model->setData(model->index(0, MeasurementTableModel::ValueColumn),
        QStringLiteral("-3"), Qt::EditRole));
    CHECK_FALSE(model->setData(model->index(0, MeasurementTableModel::NameColumn), QString(),
        Qt::EditRole));
    CHECK(*runs()[0].tokensPerS == 2.5);
    undo->undo();
    CHECK(runs()[0].stepTimeS);
    f.page->addRun();
    CHECK(runs()[1].name == "run 2");
    undo->undo();
    undo->undo();
    undo->undo();
    CHECK(runs().empty());
    undo->redo();
    CHECK(runs().size() == 1);
}

TEST_CASE("the fit table and chart show core's calibration of the runs", "[ui][measurements]")
{
    MeasurementsFixture f;
    f.setRuns();
    REQUIRE(f.refit());
    auto* fit = f.page->fitModel();
    QAbstractItemModelTester tester(fit, QAbstractItemModelTester::FailureReportingMode::Fatal);
    const Project& project = f.window->document()->project();
    const auto core = calibrateEfficiency(
        measuredRunsFor(project.measurements, project, PartLookup {}, "x", "/measurements"));
    REQUIRE(fit->rowCount() == 2);
    REQUIRE(fit->result().efficiencies.size() == 1);
    CHECK(fit->result().efficiencies[0].fitted == Approx(core.efficiencies[0].fitted));
    CHECK(fit->data(fit->index(0, 0), Qt::DisplayRole).toString() == QStringLiteral("4 nodes, week 1"));
    CHECK(fit->data(fit->index(0, 3), Qt::DisplayRole).toString() == QStringLiteral("210000"));
    // Each run says whether the fit used it, and at which efficiency.
    REQUIRE(core.runs[0].reachable);
    CHECK(fit->data(fit->index(0, 9), Qt::DisplayRole).toString()
          == QStringLiteral("Yes, efficiency %1").arg(core.runs[0].impliedEfficiency, 0, 'f', 3));
    // Chart: predicted ÷ measured before and after, from core's errors.
    auto* chart = f.page->fitChart()->chart();
    QScatterSeries* after = nullptr;
    for (auto* s : chart->series())
        if (s->objectName() == QStringLiteral("fitAfterSeries"))
            after = qobject_cast<QScatterSeries*>(s);
    REQUIRE(after);
    REQUIRE(after->count() == 2);
    CHECK(after->at(1).y() == Approx(1 + core.runs[1].errorAfter));

    // Apply as a named profile: one undoable step.
    f.page->profileNameLineEdit()->setText(QStringLiteral("prod-h100"));
    CHECK(f.page->applyProfile().isEmpty());
    REQUIRE(project.calibration);
    CHECK(project.calibration->name == "prod-h100");
    CHECK(project.calibration->runs == 2);
    CHECK(project.workloads[0].calibration.size() == 1);
    f.window->document()->undoStack()->undo();
    CHECK_FALSE(f.window->document()->project().calibration);

    // A run naming nothing in the project is explained, not fitted.
    Project broken = project;
    broken.measurements[0].workload = "nope";
    f.window->document()->apply(broken, QStringLiteral("break"));
    REQUIRE(f.refit());
    CHECK(f.page->problemLabel()->text().contains(QStringLiteral("/measurements/0/workload")));
    CHECK(fit->rowCount() == 0);
}

TEST_CASE("imported metrics fill the heatmap and the power distribution", "[ui][measurements]")
{
    MeasurementsFixture f;
    QSignalSpy finished(f.page, &MeasurementsPage::metricsFinished);
    f.page->importMetrics({QString::fromStdString(test::fixturePath("metrics/dcgm-exporter-gpu-node-01.prom")),
        QString::fromStdString(test::fixturePath("metrics/dcgm-exporter-gpu-node-02.prom"))});
    REQUIRE(finished.wait(kMeasurementsWaitMs));
    const auto& map = f.page->heatmapView()->heatmap();
    CHECK(map.hosts.size() == 2);
    CHECK(map.quantity == std::string("tensor_active"));
    auto* chart = f.page->powerChart()->chart();
    REQUIRE(chart->series().size() == 1);
    auto* bars = qobject_cast<QBarSeries*>(chart->series().front());
    REQUIRE(bars);
    REQUIRE(bars->count() == 1);
    double samples = 0;
    for (int i = 0; i < bars->barSets().front()->count(); ++i)
        samples += bars->barSets().front()->at(i);
    CHECK(samples == 48); // 2 hosts × 8 GPUs × 3 scrapes
    // One label per bin crowded the axis: the bins sit on a hidden axis and
    // a watts axis labels a few round values over the same width.
    auto* binAxis = chart->findChild<QBarCategoryAxis*>(QStringLiteral("powerHistogramBinAxis"));
    auto* wattsAxis = chart->findChild<QValueAxis*>(QStringLiteral("powerHistogramWattsAxis"));
    REQUIRE(binAxis);
    REQUIRE(wattsAxis);
    CHECK_FALSE(binAxis->isVisible());
    CHECK(wattsAxis->isVisible());
    CHECK(wattsAxis->tickType() == QValueAxis::TicksDynamic);
    const double span = wattsAxis->max() - wattsAxis->min();
    CHECK(span / wattsAxis->tickInterval() <= 10); // at most ~10 labels, not 24
    CHECK(span / wattsAxis->tickInterval() >= 2);
    // The power fit can be applied on its own.
    CHECK(f.page->applyProfile().isEmpty());
    REQUIRE(f.window->document()->project().calibration);
    CHECK(f.window->document()->project().calibration->power.size() == 1);

    if (qEnvironmentVariableIsSet("INFRAFIT_SCREENSHOT_DIR")) {
        f.setRuns();
        REQUIRE(f.refit());
        f.window->showPage(MainWindow::MeasurementsPageIndex);
        f.window->show();
        f.window->resize(1280, 900);
        QCoreApplication::processEvents();
        const QDir shots(qEnvironmentVariable("INFRAFIT_SCREENSHOT_DIR"));
        f.window->grab().save(shots.filePath(QStringLiteral("measurements.png")));
        auto* tabs = f.page->findChild<QTabWidget*>(QStringLiteral("measurementsTabWidget"));
        REQUIRE(tabs);
        tabs->setCurrentIndex(1);
        QCoreApplication::processEvents();
        f.window->grab().save(shots.filePath(QStringLiteral("measurements-metrics.png")));
    }
}

TEST_CASE("right-sizing and each run's metrics window are shown per run", "[ui][measurements]")
{
    MeasurementsFixture f;
    // The first run names its metrics file (relative paths are the
    // project's; an absolute one is taken as it is).
    Project p = f.window->document()->project();
    f.setRuns();
    p = f.window->document()->project();
    p.measurements[0].metricsFile = test::fixturePath("metrics/dcgm-exporter-gpu-node-01.prom");
    MeasurementMetrics stored;
    stored.gpus = 16;
    stored.powerMeanW = 432;
    p.measurements[1].metrics = stored;
    QSignalSpy metricsDone(f.page, &MeasurementsPage::metricsFinished);
    f.window->document()->apply(p, QStringLiteral("metrics file"));
    REQUIRE(f.refit());
    if (metricsDone.isEmpty())
        REQUIRE(metricsDone.wait(kMeasurementsWaitMs));

    auto* sizing = f.page->rightSizingModel();
    QAbstractItemModelTester tester(sizing, QAbstractItemModelTester::FailureReportingMode::Fatal);
    REQUIRE(sizing->rowCount() == 4); // 2 runs × 2 configurations
    for (int row = 0; row < sizing->rowCount(); ++row) {
        INFO(row);
        CHECK(sizing->item(row, 2)->text() == QStringLiteral("H100 SXM5 80GB"));
        bool ok = false;
        const int nodes = sizing->item(row, 3)->text().toInt(&ok);
        CHECK(ok);
        CHECK(sizing->item(row, 4)->text().toInt() == 8 * nodes);
        CHECK(sizing->item(row, 6)->text() == QStringLiteral("calibrated"));
    }
    CHECK(sizing->item(0, 1)->text().contains(QStringLiteral("(measured)")));

    auto* runs = f.page->runMetricsModel();
    REQUIRE(runs->rowCount() == 2);
    CHECK(runs->item(0, 0)->text() == QStringLiteral("4 nodes, week 1"));
    CHECK(runs->item(0, 1)->text() == QStringLiteral("8"));
    CHECK(runs->item(0, 3)->text().toDouble() > 0);
    CHECK(runs->item(0, 4)->text().toDouble() >= runs->item(0, 3)->text().toDouble());
    CHECK(runs->item(1, 1)->text() == QStringLiteral("16"));
    CHECK(runs->item(1, 3)->text() == QStringLiteral("432"));
    CHECK(runs->item(1, 7)->text().contains(QStringLiteral("stored")));

    if (qEnvironmentVariableIsSet("INFRAFIT_SCREENSHOT_DIR")) {
        f.window->showPage(MainWindow::MeasurementsPageIndex);
        f.window->show();
        f.window->resize(1280, 900);
        auto* tabs = f.page->findChild<QTabWidget*>(QStringLiteral("measurementsTabWidget"));
        REQUIRE(tabs);
        tabs->setCurrentIndex(2);
        QCoreApplication::processEvents();
        const QDir shots(qEnvironmentVariable("INFRAFIT_SCREENSHOT_DIR"));
        f.window->grab().save(shots.filePath(QStringLiteral("measurements-per-run.png")));
        tabs->setCurrentIndex(1);
        QCoreApplication::processEvents();
        f.window->grab().save(shots.filePath(QStringLiteral("measurements-metrics-2.png")));
    }
}
