// SPDX-License-Identifier: Apache-2.0
#include "ui/recommend/recommend_chart.h"

#include "ui/format.h"

#include <QChart>
#include <QObject>
#include <QScatterSeries>
#include <QValueAxis>

#include <algorithm>

namespace infrafit::ui {
namespace {

QScatterSeries* scatter(
    const QString& name, QScatterSeries::MarkerShape shape, double size, const QColor& color)
{
    auto* series = new QScatterSeries;
    series->setName(name);
    series->setMarkerShape(shape);
    series->setMarkerSize(size);
    series->setColor(color);
    series->setBorderColor(color.darker(140));
    return series;
}

} // namespace

void buildRecommendationChart(QChart* chart, const std::vector<RecommendedCandidate>& candidates,
    const std::vector<FrontPoint>& front, const Workload& workload, BudgetBasis basis)
{
    chart->removeAllSeries();
    for (auto* axis : chart->axes()) {
        chart->removeAxis(axis);
        delete axis; // removeAxis only releases ownership
    }
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->legend()->setVisible(true);
    chart->legend()->setAlignment(Qt::AlignBottom);
    const bool training = workload.kind == WorkloadKind::Training;
    const bool days = training && workload.trainingTokens > 0;
    const bool tco = basis == BudgetBasis::Tco;
    // Serving with a demand: clusters sized for it, cost per hour against
    // the SLA headroom left at the demand.
    const bool serving = !candidates.empty() && candidates.front().serving.has_value();
    chart->setTitle(serving ? QObject::tr("Cluster cost per hour against SLA headroom")
            : training      ? QObject::tr("Cost against time to train")
                            : QObject::tr("Cost against throughput"));

    auto* dominated = scatter(
        QObject::tr("Dominated"), QScatterSeries::MarkerShapeCircle, 9, QColor(0x8a, 0x93, 0x9e));
    auto* pareto = scatter(QObject::tr("Pareto front"), QScatterSeries::MarkerShapeCircle, 11,
        QColor(0x1f, 0x77, 0xb4));
    auto* balanced = scatter(serving ? QObject::tr("Cheapest") : QObject::tr("Balanced"),
        QScatterSeries::MarkerShapeStar, 22, QColor(0xe6, 0x7e, 0x22));
    double maxX = 0;
    double maxY = 0;
    // Thousands of the display currency (USD × rate; ui/format.h); serving:
    // the display currency per hour.
    const auto add = [&](QScatterSeries* series, double x, double costUsd) {
        const double y = costUsd * displayCurrency().perUsd / (serving ? 1.0 : 1e3);
        series->append(x, y);
        maxX = std::max(maxX, x);
        maxY = std::max(maxY, y);
    };
    // The x figure of a point: throughput, days to train or step time.
    const auto xOf = [&](const FrontPoint& figures) {
        return serving  ? figures.slaHeadroom * 100
            : !training ? figures.outputTokensPerS
            : days      ? figures.trainingDays
                        : figures.stepTimeS;
    };
    const auto candidateX = [&](const RecommendedCandidate& c) {
        const auto& p = c.analysis.performance;
        return serving  ? c.serving->slaHeadroom * 100
            : !training ? p.outputTokensPerS
            : days      ? p.trainingDays
                        : p.stepTimeS;
    };
    const auto candidateCost = [&](const RecommendedCandidate& c) {
        if (serving)
            return c.serving->clusterUsdPerHour;
        const auto& infra = c.analysis.infrastructure;
        return infra ? (tco ? infra->cost.tcoUsd : infra->cost.capexUsd) : 0.0;
    };
    // The front of all feasible configurations (a ranked one at its own
    // figures), then the ranked candidates off the front.
    for (const auto& point : front) {
        const auto index = static_cast<std::size_t>(point.candidate);
        if (point.candidate >= 0 && index < candidates.size())
            add(pareto, candidateX(candidates[index]), candidateCost(candidates[index]));
        else
            add(pareto, xOf(point), point.costUsd);
    }
    for (std::size_t i = 0; i < candidates.size(); ++i) {
        // A candidate with an unpriced part has only a lower-bound cost: a
        // point there would read as cheaper than it is, so it is not drawn.
        if (!candidates[i].priceComplete)
            continue;
        if (!candidates[i].pareto)
            add(dominated, candidateX(candidates[i]), candidateCost(candidates[i]));
        if (i == 0)
            add(balanced, candidateX(candidates[i]), candidateCost(candidates[i]));
    }
    auto* xAxis = new QValueAxis;
    xAxis->setTitleText(serving ? QObject::tr("SLA headroom at the demand (%)")
            : !training         ? QObject::tr("Output tokens/s")
            : days              ? QObject::tr("Days to train")
                                : QObject::tr("Step time (s)"));
    xAxis->setRange(0, maxX > 0 ? maxX * 1.1 : 1);
    xAxis->setLabelFormat(serving || !training ? QStringLiteral("%.0f")
            : days                             ? QStringLiteral("%.1f")
                                               : QStringLiteral("%.3g"));
    xAxis->applyNiceNumbers(); // round ticks: 0, 0.2, 0.4, not 0, 0.23, 0.45
    auto* yAxis = new QValueAxis;
    yAxis->setTitleText((serving ? QObject::tr("Cluster TCO (%1/h)")
            : tco                ? QObject::tr("TCO (k %1)")
                                 : QObject::tr("Capex (k %1)"))
                            .arg(displayCurrency().code));
    yAxis->setRange(0, maxY > 0 ? maxY * 1.1 : 1);
    // Whole thousands of dollars; before a search the empty 0–1 range would
    // read "0 0 1 1 1", so it gets decimals.
    yAxis->setLabelFormat(maxY >= 10 ? QStringLiteral("%.0f") : QStringLiteral("%.2g"));
    yAxis->applyNiceNumbers();
    chart->addAxis(xAxis, Qt::AlignBottom);
    chart->addAxis(yAxis, Qt::AlignLeft);
    for (auto* series : {dominated, pareto, balanced}) {
        chart->addSeries(series);
        series->attachAxis(xAxis);
        series->attachAxis(yAxis);
    }
}

} // namespace infrafit::ui
