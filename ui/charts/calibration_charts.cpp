// SPDX-License-Identifier: Apache-2.0
#include "ui/charts/calibration_charts.h"

#include "ui/charts/chart_builders.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QLineSeries>
#include <QScatterSeries>
#include <QValueAxis>

#include <algorithm>

namespace infrafit::ui {

void buildCalibrationFitChart(QChart* chart, const CalibrationResult& fit)
{
    resetLineChart(chart);
    chart->setTitle(QObject::tr("Predicted ÷ measured per run (1 = exact)"));
    auto* before = new QScatterSeries;
    before->setObjectName(QStringLiteral("fitBeforeSeries"));
    before->setName(QObject::tr("Before the fit"));
    before->setMarkerSize(11);
    auto* after = new QScatterSeries;
    after->setObjectName(QStringLiteral("fitAfterSeries"));
    after->setName(QObject::tr("After the fit"));
    after->setMarkerSize(11);
    after->setMarkerShape(QScatterSeries::MarkerShapeRectangle);
    double low = 0.8, high = 1.2;
    const int n = static_cast<int>(fit.runs.size());
    for (int i = 0; i < n; ++i) {
        const auto& r = fit.runs[static_cast<std::size_t>(i)];
        const double b = 1 + r.errorBefore;
        const double a = 1 + r.errorAfter;
        before->append(i + 1, b);
        after->append(i + 1, a);
        low = std::min({low, b, a});
        high = std::max({high, b, a});
    }
    auto* exact = new QLineSeries;
    exact->setObjectName(QStringLiteral("fitExactLine"));
    exact->setName(QObject::tr("Measured"));
    exact->append(0.5, 1.0);
    exact->append(n + 0.5, 1.0);
    auto* x = new QValueAxis;
    x->setRange(0.5, std::max(1, n) + 0.5);
    x->setTickCount(std::clamp(n, 1, 12) + 1);
    x->setLabelFormat(QStringLiteral("%.0f"));
    x->setTitleText(QObject::tr("Run (row of the fit table)"));
    auto* y = new QValueAxis;
    y->setRange(std::max(0.0, low - 0.05), high + 0.05);
    y->setTitleText(QObject::tr("Predicted ÷ measured"));
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    for (auto* s : {static_cast<QAbstractSeries*>(exact), static_cast<QAbstractSeries*>(before),
             static_cast<QAbstractSeries*>(after)}) {
        chart->addSeries(s);
        s->attachAxis(x);
        s->attachAxis(y);
    }
}

void buildPowerHistogramChart(QChart* chart, const PowerHistogram& h)
{
    resetLineChart(chart);
    chart->setTitle(QObject::tr("Power per GPU sample"));
    chart->legend()->setVisible(false);
    auto* set = new QBarSet(QObject::tr("Samples"));
    set->setObjectName(QStringLiteral("powerHistogramSet"));
    QStringList categories;
    std::size_t most = 1;
    for (std::size_t i = 0; i < h.counts.size(); ++i) {
        *set << static_cast<double>(h.counts[i]);
        most = std::max(most, h.counts[i]);
        categories << QString::number(h.startW + h.binW * static_cast<double>(i), 'f', 0);
    }
    auto* series = new QBarSeries;
    series->setObjectName(QStringLiteral("powerHistogramSeries"));
    series->append(set);
    series->setBarWidth(0.95);
    auto* x = new QBarCategoryAxis;
    x->append(categories);
    x->setTitleText(QObject::tr("Board power from (W)"));
    auto* y = new QValueAxis;
    y->setRange(0, static_cast<double>(most) * 1.05);
    y->setLabelFormat(QStringLiteral("%.0f"));
    y->setTitleText(QObject::tr("Samples"));
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    chart->addSeries(series);
    series->attachAxis(x);
    series->attachAxis(y);
}

} // namespace infrafit::ui
