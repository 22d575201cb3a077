// SPDX-License-Identifier: Apache-2.0
#include "ui/charts/chart_builders.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QFont>
#include <QHorizontalStackedBarSeries>
#include <QLineSeries>
#include <QStackedBarSeries>
#include <QValueAxis>

namespace infrafit::ui {
namespace {

constexpr double gib = 1073741824.0;

void reset(QChart* chart, const QString& title)
{
    chart->removeAllSeries();
    for (auto* axis : chart->axes())
        chart->removeAxis(axis);
    chart->setTitle(title);
    chart->legend()->setVisible(true);
    chart->legend()->setAlignment(Qt::AlignBottom);
    QFont legendFont = chart->legend()->font();
    legendFont.setPointSizeF(legendFont.pointSizeF() * 0.9);
    chart->legend()->setFont(legendFont);
    chart->setAnimationOptions(QChart::NoAnimation);
}

QBarSet* addSet(const QString& name, const QList<qreal>& values)
{
    auto* set = new QBarSet(name);
    set->append(values);
    return set;
}

QValueAxis* valueAxis(const QString& title, double maximum)
{
    auto* axis = new QValueAxis;
    axis->setTitleText(title);
    axis->setRange(0, maximum > 0 ? maximum * 1.1 : 1);
    axis->setLabelFormat(QStringLiteral("%.3g"));
    return axis;
}

/// A flat line at `value` across `categories` category slots.
QLineSeries* levelLine(const QString& name, double value, int categories)
{
    auto* line = new QLineSeries;
    line->setName(name);
    line->append(-0.5, value);
    line->append(categories - 0.5, value);
    QPen pen = line->pen();
    pen.setStyle(Qt::DashLine);
    pen.setWidth(2);
    line->setPen(pen);
    return line;
}

void attach(QChart* chart, QAbstractSeries* series, QAbstractAxis* x, QAbstractAxis* y)
{
    chart->addSeries(series);
    series->attachAxis(x);
    series->attachAxis(y);
}

} // namespace

void buildMemoryChart(QChart* chart, const AnalysisResult& r, bool binaryUnits)
{
    const double unit = binaryUnits ? gib : 1e9;
    const QString unitName = binaryUnits ? QObject::tr("GiB") : QObject::tr("GB");
    reset(chart, QObject::tr("Memory per GPU (%1)").arg(unitName));

    std::vector<std::pair<QString, MemoryLines>> columns;
    if (r.stages.size() > 1) {
        for (const auto& stage : r.stages)
            columns.emplace_back(QObject::tr("Stage %1").arg(stage.stage), stage.memory);
    } else {
        columns.emplace_back(QObject::tr("Most-loaded GPU"), r.memory);
    }
    QList<qreal> weights, gradients, optimizer, activations, kv, overhead;
    QStringList categories;
    double highest = r.usableBytes / unit;
    for (const auto& [name, m] : columns) {
        categories << name;
        weights << m.weightsBytes / unit;
        gradients << m.gradientsBytes / unit;
        optimizer << m.optimizerBytes / unit;
        activations << m.activationsBytes / unit;
        kv << m.kvCacheBytes / unit;
        overhead << m.overheadBytes() / unit;
        highest = std::max(highest, m.totalBytes() / unit);
    }
    auto* series = new QStackedBarSeries;
    series->setObjectName(QStringLiteral("memorySeries"));
    series->append(addSet(QObject::tr("Weights"), weights));
    if (r.kind == WorkloadKind::Training) {
        series->append(addSet(QObject::tr("Gradients"), gradients));
        series->append(addSet(QObject::tr("Optimizer"), optimizer));
    }
    series->append(addSet(QObject::tr("Activations"), activations));
    if (r.kind == WorkloadKind::Inference)
        series->append(addSet(QObject::tr("KV cache"), kv));
    series->append(addSet(QObject::tr("Overhead"), overhead));

    auto* x = new QBarCategoryAxis;
    x->append(categories);
    auto* y = valueAxis(unitName, highest);
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    attach(chart, series, x, y);
    auto* usable = levelLine(QObject::tr("Usable"), r.usableBytes / unit,
                             static_cast<int>(categories.size()));
    usable->setObjectName(QStringLiteral("usableLine"));
    attach(chart, usable, x, y);
}

void buildTimeChart(QChart* chart, const AnalysisResult& r)
{
    const auto& p = r.performance;
    auto* series = new QHorizontalStackedBarSeries;
    series->setObjectName(QStringLiteral("timeSeries"));
    auto* y = new QBarCategoryAxis;
    double total = 0;
    QString unitName;
    if (r.kind == WorkloadKind::Training) {
        reset(chart, QObject::tr("Step time (s)"));
        unitName = QObject::tr("s");
        y->append(QObject::tr("Step"));
        series->append(addSet(QObject::tr("Compute"), {p.computeTimeS}));
        series->append(addSet(QObject::tr("Pipeline bubble"), {p.bubbleTimeS}));
        series->append(addSet(QObject::tr("Exposed communication"), {r.interconnect.exposedTimeS}));
        series->append(addSet(QObject::tr("Optimizer"), {p.optimizerTimeS}));
        total = p.stepTimeS;
    } else {
        reset(chart, QObject::tr("Latency per request (ms)"));
        unitName = QObject::tr("ms");
        y->append({QObject::tr("First token"), QObject::tr("Per output token")});
        series->append(addSet(QObject::tr("Time"), {p.ttftS * 1e3, p.tpotS * 1e3}));
        total = std::max(p.ttftS, p.tpotS) * 1e3;
    }
    auto* x = valueAxis(unitName, total);
    chart->addAxis(y, Qt::AlignLeft);
    chart->addAxis(x, Qt::AlignBottom);
    attach(chart, series, x, y);
}

void buildNodePowerChart(QChart* chart, const AnalysisResult& r)
{
    reset(chart, QObject::tr("Node power (kW)"));
    if (!r.infrastructure)
        return;
    const auto& pw = r.infrastructure->power;
    const auto& n = pw.node;
    auto levels = [](const PowerLevels& l) {
        return QList<qreal>{l.idleW / 1e3, l.typicalW / 1e3, l.maxW / 1e3};
    };
    auto* series = new QStackedBarSeries;
    series->setObjectName(QStringLiteral("nodePowerSeries"));
    series->append(addSet(QObject::tr("GPUs"), levels(n.gpus)));
    if (!n.componentsInBase) {
        series->append(addSet(QObject::tr("CPUs"), levels(n.cpus)));
        series->append(addSet(QObject::tr("NICs"), levels(n.nics)));
        series->append(addSet(QObject::tr("NVMe"), levels(n.nvme)));
        series->append(addSet(QObject::tr("Base"), levels(n.base)));
    } else {
        series->append(addSet(QObject::tr("Base (incl. CPUs, NICs, drives)"), levels(n.base)));
    }
    auto* x = new QBarCategoryAxis;
    x->append({QObject::tr("Idle"), QObject::tr("Typical"), QObject::tr("Maximum")});
    const double capacity = pw.psuCapacityAfterFailuresW / 1e3;
    auto* y = valueAxis(QObject::tr("kW (DC)"), std::max(pw.nodeW / 1e3, capacity));
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    attach(chart, series, x, y);
    if (pw.psuKnown) {
        auto* line = levelLine(QObject::tr("PSU capacity after failures"), capacity, 3);
        line->setObjectName(QStringLiteral("psuCapacityLine"));
        attach(chart, line, x, y);
    }
}

void buildRackChart(QChart* chart, const AnalysisResult& r)
{
    reset(chart, QObject::tr("Rack (kW)"));
    if (!r.infrastructure)
        return;
    const auto& pw = r.infrastructure->power;
    const auto& th = r.infrastructure->thermal;
    auto* series = new QBarSeries;
    series->setObjectName(QStringLiteral("rackSeries"));
    series->append(addSet(QObject::tr("Full rack (%n node(s))", nullptr, pw.nodesPerRack),
                          {pw.rackWallKw}));
    series->append(addSet(QObject::tr("Rack power budget"), {pw.rackBudgetKw}));
    if (th.coolingCapacityKw > 0)
        series->append(addSet(QObject::tr("Cooling capacity"), {th.coolingCapacityKw}));
    auto* x = new QBarCategoryAxis;
    x->append(QObject::tr("Per rack"));
    auto* y = valueAxis(QObject::tr("kW"), std::max({pw.rackWallKw, pw.rackBudgetKw,
                                                     th.coolingCapacityKw}));
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    attach(chart, series, x, y);
}

void buildInterconnectChart(QChart* chart, const AnalysisResult& r)
{
    reset(chart, QObject::tr("Communication per step (s)"));
    const auto& c = r.interconnect;
    auto levelName = [](LinkLevel level) {
        switch (level) {
        case LinkLevel::GpuLink: return QObject::tr("GPU link");
        case LinkLevel::Pcie: return QObject::tr("PCIe");
        case LinkLevel::Nic: return QObject::tr("NICs");
        case LinkLevel::None: break;
        }
        return QObject::tr("none");
    };
    QStringList categories{QObject::tr("Tensor (%1)").arg(levelName(c.tpLevel)),
                           QObject::tr("Pipeline (%1)").arg(levelName(c.ppLevel)),
                           QObject::tr("Data (%1)").arg(levelName(c.dpLevel)),
                           QObject::tr("Expert (%1)").arg(levelName(c.epLevel))};
    // Tensor, pipeline and expert traffic is on the critical path; data-
    // parallel traffic overlaps the backward pass except its exposed part.
    const QList<qreal> total{c.tpTimeS, c.ppTimeS, c.dpTimeS, c.epTimeS};
    const QList<qreal> exposed{c.tpTimeS, c.ppTimeS, c.dpExposedS, c.epTimeS};
    auto* series = new QBarSeries;
    series->setObjectName(QStringLiteral("interconnectSeries"));
    series->append(addSet(QObject::tr("On the link"), total));
    series->append(addSet(QObject::tr("Exposed (not overlapped)"), exposed));
    auto* x = new QBarCategoryAxis;
    x->append(categories);
    auto* y = valueAxis(QObject::tr("s per step"),
                        std::max({c.tpTimeS, c.ppTimeS, c.dpTimeS, c.epTimeS}));
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    attach(chart, series, x, y);
}

} // namespace infrafit::ui
