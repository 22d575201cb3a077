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
#include <cmath>

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

namespace {

/// A round tick step (1, 2 or 5 × 10^k) giving about `ticks` intervals over `span`.
double roundTickStep(double span, int ticks)
{
    if (!(span > 0) || !std::isfinite(span))
        return 1;
    const double raw = span / std::max(1, ticks);
    const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
    for (double m : {1.0, 2.0, 5.0})
        if (m * magnitude >= raw)
            return m * magnitude;
    return 10 * magnitude;
}

} // namespace

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
        categories << QString::number(static_cast<qulonglong>(i));
    }
    auto* series = new QBarSeries;
    series->setObjectName(QStringLiteral("powerHistogramSeries"));
    series->append(set);
    series->setBarWidth(0.95);
    // The bars sit on a hidden category axis (one per bin); a watts axis
    // over the same width labels it with a few round values instead of one
    // crowded label per bin. Bin i spans [start + i·w, start + (i+1)·w],
    // the category axis' [i − 0.5, i + 0.5]: the two scales line up.
    auto* bins = new QBarCategoryAxis;
    bins->setObjectName(QStringLiteral("powerHistogramBinAxis"));
    bins->append(categories);
    bins->setVisible(false);
    auto* watts = new QValueAxis;
    watts->setObjectName(QStringLiteral("powerHistogramWattsAxis"));
    const double start = std::isfinite(h.startW) ? h.startW : 0;
    const double width = std::isfinite(h.binW) && h.binW > 0 ? h.binW : 1;
    const double end = start + width * static_cast<double>(std::max<std::size_t>(1, h.counts.size()));
    watts->setRange(start, end);
    const double step = roundTickStep(end - start, 5);
    watts->setTickType(QValueAxis::TicksDynamic);
    watts->setTickAnchor(std::ceil(start / step) * step);
    watts->setTickInterval(step);
    watts->setLabelFormat(QStringLiteral("%.0f"));
    watts->setTitleText(QObject::tr("Board power (W)"));
    auto* y = new QValueAxis;
    y->setRange(0, static_cast<double>(most) * 1.05);
    y->setLabelFormat(QStringLiteral("%.0f"));
    y->setTitleText(QObject::tr("Samples"));
    chart->addAxis(bins, Qt::AlignBottom);
    chart->addAxis(watts, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    chart->addSeries(series);
    series->attachAxis(bins);
    series->attachAxis(y);
}

} // namespace infrafit::ui
