// SPDX-License-Identifier: Apache-2.0
#include "ui/charts/serving_chart.h"

#include "core/serving/latency_curve.h"

#include "ui/charts/chart_builders.h"

#include <QChart>
#include <QFont>
#include <QLineSeries>
#include <QPen>
#include <QValueAxis>

#include <algorithm>

namespace infrafit::ui {
namespace {

QLineSeries* servingLine(const CurveSeries& s, const QColor& color, Qt::PenStyle style)
{
    auto* line = new QLineSeries;
    line->setName(QString::fromStdString(s.name));
    for (const auto& [x, y] : s.points)
        line->append(x, y);
    QPen pen(color);
    pen.setWidth(2);
    pen.setStyle(style);
    line->setPen(pen);
    line->setPointsVisible(true);
    return line;
}

QLineSeries* servingRule(
    const QString& name, double x0, double y0, double x1, double y1, const QColor& color)
{
    auto* line = new QLineSeries;
    line->setName(name);
    line->append(x0, y0);
    line->append(x1, y1);
    QPen pen(color);
    pen.setWidth(2);
    pen.setStyle(Qt::DashLine);
    line->setPen(pen);
    return line;
}

QValueAxis* servingAxis(const QString& title, double maximum, double headroom)
{
    auto* axis = new QValueAxis;
    axis->setTitleText(title);
    axis->setRange(0, maximum > 0 ? maximum * headroom : 1);
    axis->setLabelFormat(maximum >= 100 ? QStringLiteral("%.0f") : QStringLiteral("%.3g"));
    axis->applyNiceNumbers();
    return axis;
}

double servingMaxY(const std::vector<CurveSeries>& series, double floor)
{
    double m = floor;
    for (const auto& s : series)
        for (const auto& p : s.points)
            m = std::max(m, p.second);
    return m;
}

} // namespace

void buildServingLatencyChart(QChart* chart, const AnalysisResult& result)
{
    resetLineChart(chart);
    if (!result.serving) {
        chart->setTitle(QObject::tr("Latency against load: needs a serving demand and an SLA"));
        return;
    }
    const LatencyLoadChart c = latencyLoadChart(*result.serving);
    if (c.ttftMs.empty()) {
        chart->setTitle(QObject::tr("Latency against load: no curve for a closed loop of users"));
        return;
    }
    chart->setTitle(QObject::tr("Latency against load (%1 replica(s) share it)").arg(c.replicas));
    const QColor ttftColor(0x1f, 0x77, 0xb4);
    const QColor tpotColor(0xd6, 0x27, 0x28);
    const double maxX = std::max(c.maxRequestsPerS, c.demandRequestsPerS);
    // The curves rise steeply past capacity: cap the axes a little above
    // the SLA so the region that matters stays readable.
    const double ttftTop = std::min(servingMaxY(c.ttftMs, c.ttftSlaMs), 3 * c.ttftSlaMs);
    const double tpotTop = std::min(servingMaxY(c.tpotMs, c.tpotSlaMs), 3 * c.tpotSlaMs);
    auto* x = servingAxis(QObject::tr("Requests/s offered to the configuration"), maxX, 1.1);
    // Different headroom on the two latency axes, so the two SLA lines do
    // not land on the same height and hide one another.
    auto* yTtft = servingAxis(QObject::tr("TTFT (ms)"), ttftTop, 1.1);
    auto* yTpot = servingAxis(QObject::tr("TPOT (ms)"), tpotTop, 1.6);
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(yTtft, Qt::AlignLeft);
    chart->addAxis(yTpot, Qt::AlignRight);
    const auto add = [&](QLineSeries* s, QValueAxis* y) {
        chart->addSeries(s);
        s->attachAxis(x);
        s->attachAxis(y);
    };
    add(servingLine(c.ttftMs[0], ttftColor.lighter(140), Qt::SolidLine), yTtft);
    add(servingLine(c.ttftMs[1], ttftColor, Qt::SolidLine), yTtft);
    add(servingLine(c.tpotMs[0], tpotColor.lighter(140), Qt::SolidLine), yTpot);
    add(servingLine(c.tpotMs[1], tpotColor, Qt::SolidLine), yTpot);
    const QString pct = QStringLiteral("p%1").arg(c.slaPercentile);
    const double right = x->max();
    add(servingRule(
            QObject::tr("TTFT SLA (%1)").arg(pct), 0, c.ttftSlaMs, right, c.ttftSlaMs, ttftColor),
        yTtft);
    add(servingRule(
            QObject::tr("TPOT SLA (%1)").arg(pct), 0, c.tpotSlaMs, right, c.tpotSlaMs, tpotColor),
        yTpot);
    add(servingRule(QObject::tr("Demand"), c.demandRequestsPerS, 0, c.demandRequestsPerS,
            yTtft->max(), chart->titleBrush().color()),
        yTtft);
}

} // namespace infrafit::ui
