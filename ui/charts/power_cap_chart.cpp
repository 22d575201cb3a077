// SPDX-License-Identifier: Apache-2.0
#include "ui/charts/power_cap_chart.h"

#include "ui/charts/chart_builders.h"
#include "ui/format.h"

#include <QChart>
#include <QFont>
#include <QLineSeries>
#include <QPen>
#include <QValueAxis>

#include <algorithm>

namespace infrafit::ui {
namespace {

QValueAxis* powerCapAxis(const QString& title, double low, double high)
{
    auto* axis = new QValueAxis;
    axis->setTitleText(title);
    axis->setRange(low, high > low ? high : low + 1);
    axis->setLabelFormat(high >= 100 ? QStringLiteral("%.0f") : QStringLiteral("%.3g"));
    axis->applyNiceNumbers();
    return axis;
}

QLineSeries* powerCapLine(const QString& name, const QColor& color, Qt::PenStyle style)
{
    auto* line = new QLineSeries;
    line->setName(name);
    QPen pen(color);
    pen.setWidth(2);
    pen.setStyle(style);
    line->setPen(pen);
    line->setPointsVisible(style == Qt::SolidLine);
    return line;
}

} // namespace

void buildPowerCapChart(QChart* chart, const PowerCapSweep& sweep)
{
    resetLineChart(chart);
    if (sweep.points.size() < 2) {
        chart->setTitle(QObject::tr("Throughput against the GPU power limit: needs a plan that "
                                    "runs on this configuration"));
        return;
    }
    chart->setTitle(QObject::tr("Throughput and cost per token against the GPU power limit"));
    const QColor speedColor(0x1f, 0x77, 0xb4);
    const QColor costColor(0xd6, 0x27, 0x28);
    const DisplayCurrency& currency = displayCurrency();
    double maxSpeed = 0;
    double maxCost = 0;
    bool anyCost = false;
    bool allPriced = true;
    for (const auto& p : sweep.points) {
        maxSpeed = std::max(maxSpeed, p.tokensPerS);
        if (p.usdPerMillionTokens) {
            anyCost = true;
            maxCost = std::max(maxCost, *p.usdPerMillionTokens * currency.perUsd);
        }
        allPriced = allPriced && p.priceComplete;
    }
    auto* x = powerCapAxis(QObject::tr("GPU power limit (W per GPU)"), sweep.points.front().limitW,
                           sweep.points.back().limitW);
    auto* ySpeed = powerCapAxis(QObject::tr("Tokens/s"), 0, maxSpeed * 1.1);
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(ySpeed, Qt::AlignLeft);
    auto* speed = powerCapLine(QObject::tr("Throughput"), speedColor, Qt::SolidLine);
    for (const auto& p : sweep.points)
        speed->append(p.limitW, p.tokensPerS);
    chart->addSeries(speed);
    speed->attachAxis(x);
    speed->attachAxis(ySpeed);
    if (anyCost) {
        const QString unit = currency.symbol().isEmpty() ? currency.code : currency.symbol();
        auto* yCost = powerCapAxis(
            QObject::tr("%1 per million tokens%2").arg(unit, allPriced ? QString() : QObject::tr(" (lower bound)")),
            0, maxCost * 1.1);
        chart->addAxis(yCost, Qt::AlignRight);
        auto* cost = powerCapLine(QObject::tr("Cost per million tokens"), costColor, Qt::SolidLine);
        for (const auto& p : sweep.points)
            if (p.usdPerMillionTokens)
                cost->append(p.limitW, *p.usdPerMillionTokens * currency.perUsd);
        chart->addSeries(cost);
        cost->attachAxis(x);
        cost->attachAxis(yCost);
    }
    auto* limit = powerCapLine(QObject::tr("Limit in effect"), chart->titleBrush().color(),
                               Qt::DashLine);
    limit->append(sweep.configuredLimitW, 0);
    limit->append(sweep.configuredLimitW, ySpeed->max());
    chart->addSeries(limit);
    limit->attachAxis(x);
    limit->attachAxis(ySpeed);
}

} // namespace infrafit::ui
