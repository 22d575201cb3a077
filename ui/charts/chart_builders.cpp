// SPDX-License-Identifier: Apache-2.0
#include "ui/charts/chart_builders.h"

#include <QBarCategoryAxis>
#include <QFont>
#include <QLegend>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QCursor>
#include <QFont>
#include <QHorizontalStackedBarSeries>
#include <QLineSeries>
#include <QStackedBarSeries>
#include <QToolTip>
#include <QValueAxis>

namespace infrafit::ui {
namespace {

constexpr double gib = 1073741824.0;

void reset(QChart* chart, const QString& title)
{
    chart->removeAllSeries();
    // removeAllSeries() deletes the series, but removeAxis() only hands the
    // axis back to the caller: delete it, or every rebuild leaks two axes.
    for (auto* axis : chart->axes()) {
        chart->removeAxis(axis);
        delete axis;
    }
    chart->setTitle(title);
    chart->legend()->setVisible(true);
    chart->legend()->setAlignment(Qt::AlignBottom);
    // From the application font, not the legend's own: the charts are
    // rebuilt on every edit and must not shrink a little each time.
    QFont legendFont;
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
    axis->applyNiceNumbers(); // ticks at 0, 50, 100, 150, not 0, 35.4, 70.8, 106
    return axis;
}

/// A flat dashed line at `value` across `categories` category slots, in
/// the chart's text colour so it reads on the light and the dark theme.
QLineSeries* levelLine(const QChart* chart, const QString& name, double value, int categories)
{
    auto* line = new QLineSeries;
    line->setName(name);
    line->append(-0.5, value);
    line->append(categories - 0.5, value);
    QPen pen = line->pen();
    pen.setStyle(Qt::DashLine);
    pen.setWidth(2);
    pen.setColor(chart->titleBrush().color());
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
    auto* usable = levelLine(chart, QObject::tr("Usable"), r.usableBytes / unit,
                             static_cast<int>(categories.size()));
    usable->setObjectName(QStringLiteral("usableLine"));
    attach(chart, usable, x, y);
}

void buildTimeChart(QChart* chart, const AnalysisResult& r)
{
    const auto& p = r.performance;
    if (!speedAvailable(r)) {
        // No speed for a plan that cannot run: an empty chart that says so.
        reset(chart, r.kind == WorkloadKind::Training
                         ? QObject::tr("Step time: not available, does not fit in GPU memory")
                         : QObject::tr("Latency: not available, does not fit in GPU memory"));
        return;
    }
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
        if (p.activationOffloadTimeS > 0)
            series->append(addSet(QObject::tr("Activation offload"), {p.activationOffloadTimeS}));
        if (p.optimizerOffloadTimeS > 0)
            series->append(addSet(QObject::tr("Host optimizer (offload)"), {p.optimizerOffloadTimeS}));
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
    x->append({QObject::tr("Idle"), QObject::tr("Average under workload"), QObject::tr("Maximum")});
    const double capacity = pw.psuCapacityAfterFailuresW / 1e3;
    auto* y = valueAxis(QObject::tr("kW (DC)"), std::max(pw.nodeW / 1e3, capacity));
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    attach(chart, series, x, y);
    if (pw.psuKnown) {
        auto* line = levelLine(chart, QObject::tr("PSU capacity after failures"), capacity, 3);
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
    series->append(addSet(pw.nodesPerRack == 1
                              ? QObject::tr("Full rack (1 node)")
                              : QObject::tr("Full rack (%1 nodes)").arg(pw.nodesPerRack),
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
    reset(chart, QObject::tr("Interconnect demand vs bandwidth (GB/s per GPU, one direction)"));
    const auto& c = r.interconnect;
    const LinkDemands& d = c.levels;
    const bool training = r.kind == WorkloadKind::Training;
    // Which parallel dimensions send their traffic over `level`.
    auto dimensionsOn = [&c](LinkLevel level) {
        QStringList names;
        const std::pair<LinkLevel, QString> dims[] = {{c.tpLevel, QObject::tr("tensor")},
                                                      {c.ppLevel, QObject::tr("pipeline")},
                                                      {c.dpLevel, QObject::tr("data")},
                                                      {c.epLevel, QObject::tr("expert")}};
        for (const auto& [dimLevel, name] : dims)
            if (dimLevel == level)
                names << name;
        return names;
    };
    const QString window =
        training ? QObject::tr("the step's %1 s of compute").arg(d.windowS, 0, 'g', 3)
                 : QObject::tr("one decode step's %1 ms").arg(d.windowS * 1e3, 0, 'g', 3);
    const QString traffic = training ? QObject::tr("per step") : QObject::tr("per decode step");
    auto tip = [&](const QString& level, const LevelDemand& demand, const QStringList& sources,
                   const QString& availableBasis) {
        const QString from = sources.isEmpty() ? QObject::tr("no parallel traffic")
                                               : sources.join(QStringLiteral(", "));
        return QObject::tr("%1\nDemand %2 GB/s = %3 GB %4 per GPU (%5) ÷ %6, the rate that "
                           "hides the traffic behind compute.\nAvailable %7 GB/s = %8.")
            .arg(level)
            .arg(demand.demandBytesPerS / 1e9, 0, 'g', 3)
            .arg(demand.bytes / 1e9, 0, 'g', 3)
            .arg(traffic, from, window)
            .arg(demand.availableBytesPerS / 1e9, 0, 'g', 3)
            .arg(availableBasis);
    };
    QStringList categories, tips;
    QList<qreal> demand, available;
    auto add = [&](const QString& name, const LevelDemand& level, const QString& tooltip) {
        if (!level.present)
            return;
        categories << name;
        demand << level.demandBytesPerS / 1e9;
        available << level.availableBytesPerS / 1e9;
        tips << tooltip;
    };
    const QString derate = QObject::tr("× 0.8 bus efficiency (nccl-tests)");
    add(QObject::tr("GPU link"), d.gpuLink,
        tip(QObject::tr("GPU link inside a node (NVLink / xGMI)"), d.gpuLink,
            dimensionsOn(LinkLevel::GpuLink),
            QObject::tr("the GPU's link bandwidth ÷ 2 directions %1").arg(derate)));
    QStringList pcieSources = dimensionsOn(LinkLevel::Pcie);
    for (const QString& name : dimensionsOn(LinkLevel::Nic))
        pcieSources << QObject::tr("%1 on its way to the NIC").arg(name);
    add(QObject::tr("PCIe host link"), d.pcie,
        tip(QObject::tr("The GPU's PCIe link to the host and NICs"), d.pcie, pcieSources,
            QObject::tr("PCIe generation rate × lanes × 128/130 ÷ 8 %1").arg(derate)));
    add(QObject::tr("NIC fabric"), d.nic,
        tip(QObject::tr("NIC fabric between nodes"), d.nic, dimensionsOn(LinkLevel::Nic),
            QObject::tr("NICs × ports × Gbit/s ÷ 8 ÷ GPUs per node %1").arg(derate)));

    auto* series = new QBarSeries;
    series->setObjectName(QStringLiteral("interconnectSeries"));
    auto* demandSet = addSet(QObject::tr("Demand"), demand);
    demandSet->setObjectName(QStringLiteral("interconnectDemandSet"));
    auto* availableSet = addSet(QObject::tr("Available"), available);
    availableSet->setObjectName(QStringLiteral("interconnectAvailableSet"));
    series->append(demandSet);
    series->append(availableSet);
    series->setProperty("levelToolTips", tips);
    QObject::connect(series, &QBarSeries::hovered, series,
                     [tips](bool status, int index, QBarSet*) {
                         if (status && index >= 0 && index < tips.size())
                             QToolTip::showText(QCursor::pos(), tips.at(index));
                         else
                             QToolTip::hideText();
                     });
    auto* x = new QBarCategoryAxis;
    x->append(categories);
    double highest = 0;
    for (int i = 0; i < demand.size(); ++i)
        highest = std::max({highest, demand.at(i), available.at(i)});
    auto* y = valueAxis(QObject::tr("GB/s"), highest);
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    attach(chart, series, x, y);
}

void resetLineChart(QChart* chart)
{
    chart->removeAllSeries();
    for (auto* axis : chart->axes()) {
        chart->removeAxis(axis);
        delete axis; // removeAxis only hands the axis back
    }
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->legend()->setVisible(true);
    chart->legend()->setAlignment(Qt::AlignBottom);
    QFont legendFont;
    legendFont.setPointSizeF(legendFont.pointSizeF() * 0.9);
    chart->legend()->setFont(legendFont);
}

} // namespace infrafit::ui
