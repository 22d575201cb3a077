// SPDX-License-Identifier: Apache-2.0
// The dashboard's charts hold the analysis' numbers (converted to the
// display unit only), and they follow edits.
#include "ui/analysis/analysis_page.h"
#include "ui/analysis/live_analysis.h"
#include "ui/charts/chart_builders.h"
#include "ui/charts/chart_panel.h"
#include "ui/project/project_document.h"

#include "ui_fixture.h"

#include <catch2/catch.hpp>

#include <QAbstractItemModelTester>
#include <QBarSet>
#include <QChart>
#include <QLineSeries>
#include <QStackedBarSeries>
#include <QValueAxis>
#include <QCoreApplication>
#include <QElapsedTimer>

using namespace infrafit;
using namespace infrafit::ui;

namespace {

QBarSet* setNamed(QChart* chart, const QString& name)
{
    for (auto* series : chart->series()) {
        if (auto* bars = qobject_cast<QAbstractBarSeries*>(series)) {
            for (auto* set : bars->barSets()) {
                if (set->label() == name)
                    return set;
            }
        }
    }
    return nullptr;
}

} // namespace

TEST_CASE("memory chart bars equal the analysis' memory lines", "[ui][dashboard]")
{
    test::WindowFixture f;
    const auto& result = *f.window->liveAnalysis()->result();
    auto* chart = f.window->analysisPage()->chartPanel(QStringLiteral("memoryChart"))->chart();
    auto* weights = setNamed(chart, QStringLiteral("Weights"));
    auto* optimizer = setNamed(chart, QStringLiteral("Optimizer"));
    REQUIRE(weights);
    REQUIRE(optimizer);
    const double gib = 1073741824.0;
    const auto& stages = result.stages;
    const auto& firstStage = stages.size() > 1 ? stages[0].memory : result.memory;
    CHECK(weights->at(0) == Approx(firstStage.weightsBytes / gib));
    CHECK(optimizer->at(0) == Approx(firstStage.optimizerBytes / gib));
    auto* usable = chart->findChild<QLineSeries*>(QStringLiteral("usableLine"));
    if (!usable) {
        for (auto* series : chart->series())
            if (series->objectName() == QStringLiteral("usableLine"))
                usable = qobject_cast<QLineSeries*>(series);
    }
    REQUIRE(usable);
    CHECK(usable->at(0).y() == Approx(result.usableBytes / gib));
}

TEST_CASE("power and time charts hold the evaluation's figures", "[ui][dashboard]")
{
    test::WindowFixture f;
    const auto& result = *f.window->liveAnalysis()->result();
    REQUIRE(result.infrastructure);
    auto* power = f.window->analysisPage()->chartPanel(QStringLiteral("nodePowerChart"))->chart();
    auto* gpus = setNamed(power, QStringLiteral("GPUs"));
    REQUIRE(gpus);
    CHECK(gpus->at(2) == Approx(result.infrastructure->power.node.gpus.maxW / 1e3));
    auto* time = f.window->analysisPage()->chartPanel(QStringLiteral("timeChart"))->chart();
    auto* compute = setNamed(time, QStringLiteral("Compute"));
    REQUIRE(compute);
    CHECK(compute->at(0) == Approx(result.performance.computeTimeS));
}

TEST_CASE("an edit updates the dashboard at once", "[ui][dashboard]")
{
    test::WindowFixture f;
    auto* document = f.window->document();
    const double before = f.window->liveAnalysis()->result()->infrastructure->power.clusterW;
    Project edited = document->project();
    edited.configurations[0].nodes *= 2;
    document->apply(edited, QStringLiteral("Double the nodes"));
    const auto& after = *f.window->liveAnalysis()->result();
    CHECK(after.infrastructure->power.clusterW > before);
    auto* rack = f.window->analysisPage()->chartPanel(QStringLiteral("rackChart"))->chart();
    auto* full = setNamed(rack, QStringLiteral("Rack power budget"));
    REQUIRE(full);
    CHECK(full->at(0) == Approx(after.infrastructure->power.rackBudgetKw));
}

TEST_CASE("charts export to PNG and SVG", "[ui][dashboard]")
{
    test::WindowFixture f;
    auto* panel = f.window->analysisPage()->chartPanel(QStringLiteral("memoryChart"));
    const auto png = QString::fromStdString(f.dir.file("memory.png"));
    const auto svg = QString::fromStdString(f.dir.file("memory.svg"));
    CHECK(panel->exportTo(png).isEmpty());
    CHECK(panel->exportTo(svg).isEmpty());
    CHECK(test::readBytes(png.toStdString()).substr(1, 3) == "PNG");
    CHECK(test::readBytes(svg.toStdString()).find("<svg") != std::string::npos);
    CHECK_FALSE(panel->exportTo(QString::fromStdString(f.dir.file("missing/dir/x.png"))).isEmpty());
}

TEST_CASE("interconnect chart shows demand against bandwidth per link level", "[ui][dashboard]")
{
    test::WindowFixture f;
    const auto& result = *f.window->liveAnalysis()->result();
    const LinkDemands& levels = result.interconnect.levels;
    auto* chart = f.window->analysisPage()->chartPanel(QStringLiteral("interconnectChart"))->chart();
    auto* demand = setNamed(chart, QStringLiteral("Demand"));
    auto* available = setNamed(chart, QStringLiteral("Available"));
    REQUIRE(demand);
    REQUIRE(available);
    // The example's 4 DGX H200 nodes: NVLink inside a node, PCIe to the NICs,
    // the NIC fabric between nodes; every level is shown, in GB/s.
    REQUIRE(levels.gpuLink.present);
    REQUIRE(levels.nic.present);
    REQUIRE(demand->count() == 3);
    REQUIRE(available->count() == 3);
    const LevelDemand* order[] = {&levels.gpuLink, &levels.pcie, &levels.nic};
    for (int i = 0; i < 3; ++i) {
        CHECK(demand->at(i) == Approx(order[i]->demandBytesPerS / 1e9));
        CHECK(available->at(i) == Approx(order[i]->availableBytesPerS / 1e9));
        CHECK(available->at(i) > 0);
    }
    CHECK(demand->at(0) + demand->at(2) > 0); // the plan moves data on some level
    // Each level says how its figures were computed.
    QAbstractSeries* series = nullptr;
    for (auto* s : chart->series())
        if (s->objectName() == QStringLiteral("interconnectSeries"))
            series = s;
    REQUIRE(series);
    const QStringList tips = series->property("levelToolTips").toStringList();
    REQUIRE(tips.size() == 3);
    CHECK(tips.at(0).contains(QStringLiteral("GB/s")));
    CHECK(tips.at(2).contains(QStringLiteral("NICs × ports")));
    auto* axis = qobject_cast<QValueAxis*>(chart->axes(Qt::Vertical).value(0));
    REQUIRE(axis);
    CHECK(axis->titleText().contains(QStringLiteral("GB/s")));
}

TEST_CASE("the serving chart draws p50/p99 TTFT and TPOT against load, the SLA lines and the demand",
          "[ui][dashboard][serving]")
{
    test::WindowFixture f;
    REQUIRE(f.window->openProject(QStringLiteral(INFRAFIT_SOURCE_DIR)
                                  + QStringLiteral("/examples/llama-serving-sla.infrafit.json")));
    // The live analysis may run off the GUI thread: wait (bounded) for it.
    QElapsedTimer clock;
    clock.start();
    const auto ready = [&] {
        const auto& r = f.window->liveAnalysis()->result();
        return r.has_value() && r->serving.has_value()
               && !f.window->analysisPage()
                       ->chartPanel(QStringLiteral("servingChart"))
                       ->chart()
                       ->series()
                       .isEmpty();
    };
    while (!ready() && clock.elapsed() < 60000)
        QCoreApplication::processEvents(QEventLoop::AllEvents, 50);
    REQUIRE(ready());
    const auto& serving = *f.window->liveAnalysis()->result()->serving;
    auto* chart = f.window->analysisPage()->chartPanel(QStringLiteral("servingChart"))->chart();
    const auto line = [&](const QString& name) -> QLineSeries* {
        for (auto* s : chart->series())
            if (s->name() == name)
                return qobject_cast<QLineSeries*>(s);
        return nullptr;
    };
    for (const char* name : {"p50 TTFT", "p99 TTFT", "p50 TPOT", "p99 TPOT"}) {
        INFO(name);
        auto* s = line(QString::fromLatin1(name));
        REQUIRE(s);
        CHECK(s->count() == static_cast<int>(serving.curve.size()));
    }
    // Each point is one replica's rate × the configuration's replicas.
    const int replicas = std::max(1, serving.replicasInConfiguration);
    CHECK(line(QStringLiteral("p99 TTFT"))->at(0).x()
          == Approx(serving.curve.front().ratePerS * replicas));
    CHECK(line(QStringLiteral("p99 TTFT"))->at(0).y() == Approx(serving.curve.front().ttftMs.p99));
    auto* ttftSla = line(QStringLiteral("TTFT SLA (p99)"));
    auto* tpotSla = line(QStringLiteral("TPOT SLA (p99)"));
    auto* demand = line(QStringLiteral("Demand"));
    REQUIRE(ttftSla);
    REQUIRE(tpotSla);
    REQUIRE(demand);
    CHECK(ttftSla->at(0).y() == Approx(2000));
    CHECK(tpotSla->at(0).y() == Approx(100));
    CHECK(demand->at(0).x() == Approx(50));
    CHECK(demand->at(1).x() == Approx(50));
    CHECK(chart->axes(Qt::Vertical).size() == 2); // TTFT left, TPOT right
}

TEST_CASE("power cap chart draws core's sweep of throughput and cost against the limit",
          "[ui][dashboard][power]")
{
    test::WindowFixture f;
    const auto& sweep = f.window->liveAnalysis()->powerCapSweep();
    REQUIRE(sweep.points.size() >= 2);
    auto* panel = f.window->analysisPage()->chartPanel(QStringLiteral("powerCapChart"));
    auto* chart = panel->chart();
    // To look at the chart: INFRAFIT_CHART_PNG=/tmp/cap.png infrafit_tests_ui "[power]".
    if (qEnvironmentVariableIsSet("INFRAFIT_CHART_PNG"))
        CHECK(panel->exportTo(qEnvironmentVariable("INFRAFIT_CHART_PNG")).isEmpty());
    const auto line = [&](const QString& name) -> QLineSeries* {
        for (auto* s : chart->series())
            if (s->name() == name)
                return qobject_cast<QLineSeries*>(s);
        return nullptr;
    };
    auto* speed = line(QStringLiteral("Throughput"));
    REQUIRE(speed);
    REQUIRE(speed->count() == static_cast<int>(sweep.points.size()));
    for (int i = 0; i < speed->count(); ++i) {
        const auto& p = sweep.points[static_cast<std::size_t>(i)];
        CHECK(speed->at(i).x() == Approx(p.limitW));
        CHECK(speed->at(i).y() == Approx(p.tokensPerS));
    }
    // A lower limit never speeds the plan up.
    CHECK(speed->at(0).y() <= speed->at(speed->count() - 1).y());
    auto* limit = line(QStringLiteral("Limit in effect"));
    REQUIRE(limit);
    CHECK(limit->at(0).x() == Approx(sweep.configuredLimitW));
    if (sweep.points.front().usdPerMillionTokens) {
        auto* cost = line(QStringLiteral("Cost per million tokens"));
        REQUIRE(cost);
        CHECK(cost->at(0).y() > 0);
    }
}

TEST_CASE("the step-time chart shows activation offload stalls and the host optimizer step as "
          "their own segments",
          "[ui][dashboard]")
{
    // The segments add up to the step time the analysis gives.
    AnalysisResult r;
    r.kind = WorkloadKind::Training;
    r.analyzed = true;
    r.fits = true;
    r.performance.computeTimeS = 4.0;
    r.performance.bubbleTimeS = 0.5;
    r.interconnect.exposedTimeS = 0.3;
    r.performance.optimizerTimeS = 0.1;
    r.performance.activationOffloadTimeS = 0.2;
    r.performance.stepTimeS = 5.1;
    QChart chart;
    buildTimeChart(&chart, r);
    auto* offload = setNamed(&chart, QStringLiteral("Activation offload"));
    REQUIRE(offload);
    CHECK(offload->at(0) == Approx(0.2));
    // Without offloaded layers there is no such segment.
    r.performance.activationOffloadTimeS = 0;
    r.performance.stepTimeS = 4.9;
    QChart plain;
    buildTimeChart(&plain, r);
    CHECK(setNamed(&plain, QStringLiteral("Activation offload")) == nullptr);
    CHECK(setNamed(&plain, QStringLiteral("Host optimizer (offload)")) == nullptr);
    // ZeRO-Offload's host step is a segment of its own too.
    r.performance.optimizerTimeS = 0;
    r.performance.optimizerOffloadTimeS = 1.2;
    r.performance.stepTimeS = 6.0;
    QChart host;
    buildTimeChart(&host, r);
    auto* hostSet = setNamed(&host, QStringLiteral("Host optimizer (offload)"));
    REQUIRE(hostSet);
    CHECK(hostSet->at(0) == Approx(1.2));
}
