// SPDX-License-Identifier: Apache-2.0
#include "ui/compare/comparison_table_model.h"

#include "ui/format.h"
#include "ui/qt_text.h"

#include "core/base/usd_figure.h"

#include <QBrush>
#include <QColor>
#include <QFont>

#include <cmath>

namespace infrafit::ui {
namespace {

QString signedText(const QString& text, double value)
{
    return (value > 0 ? QStringLiteral("+") : QString()) + text;
}

} // namespace

ComparisonTableModel::ComparisonTableModel(QObject* parent) : QAbstractTableModel(parent) { }

void ComparisonTableModel::setComparison(Comparison comparison)
{
    const bool sameShape = comparison.rows.size() == mComparison.rows.size();
    if (sameShape) {
        mComparison = std::move(comparison);
        if (!mComparison.rows.empty())
            emit dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1));
        return;
    }
    beginResetModel();
    mComparison = std::move(comparison);
    endResetModel();
}

int ComparisonTableModel::columnOf(ComparisonMetric metric)
{
    return FirstMetricColumn + static_cast<int>(metric);
}

QString ComparisonTableModel::formatMetric(ComparisonMetric metric, double value)
{
    switch (metric) {
    case ComparisonMetric::TrainingDays:
        // Two decimals under ten days, so runs hours apart read differently.
        return formatNumber(value, std::fabs(value) < 10 ? 2 : 1) + tr(" days");
    case ComparisonMetric::TokensPerS:
    case ComparisonMetric::OutputTokensPerS:
        return formatNumber(value) + tr(" tok/s");
    case ComparisonMetric::TtftS:
    case ComparisonMetric::TpotS:
        return formatNumber(value * 1e3, std::fabs(value) < 0.01 ? 2 : 1) + tr(" ms");
    case ComparisonMetric::ReplicasNeeded:
        return formatNumber(value) + tr(" replicas");
    case ComparisonMetric::TtftP99Ms:
    case ComparisonMetric::TpotP99Ms:
        return formatNumber(value, std::fabs(value) < 10 ? 1 : 0) + tr(" ms");
    case ComparisonMetric::KwhPerMillionOutputTokens:
        return formatNumber(value, std::fabs(value) < 10 ? 2 : 1) + tr(" kWh");
    case ComparisonMetric::Mfu:
        return formatPercent(value);
    case ComparisonMetric::CapexUsd:
    case ComparisonMetric::TcoUsd:
    case ComparisonMetric::UsdPerMillionOutputTokens:
        return formatUsd(value);
    case ComparisonMetric::ClusterW:
        return formatWatts(value);
    case ComparisonMetric::Racks:
        return formatNumber(value) + tr(" racks");
    case ComparisonMetric::ProblemCount:
        return formatNumber(value);
    }
    return formatNumber(value, 2);
}

QString ComparisonTableModel::formatDelta(ComparisonMetric metric, const MetricDelta& delta)
{
    QString text = metric == ComparisonMetric::Mfu
        ? signedText(formatNumber(delta.absolute * 100, 1) + tr(" pts"), delta.absolute)
        : signedText(formatMetric(metric, delta.absolute), delta.absolute);
    if (delta.percent)
        text += QStringLiteral(" (") + signedText(formatNumber(*delta.percent, 1), *delta.percent)
            + QStringLiteral(" %)");
    return text;
}

int ComparisonTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(mComparison.rows.size());
}

int ComparisonTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : FirstMetricColumn + static_cast<int>(kComparisonMetricCount);
}

QVariant ComparisonTableModel::metricData(
    const ComparisonRow& row, ComparisonMetric metric, int role) const
{
    const double value = row.value(metric);
    // A pair whose plan does not fit has no speed (core leaves it out).
    const bool notFitting = row.headline.analyzed && !row.headline.fits && row.applies(metric)
        && !row.isAvailable(metric);
    const bool notApplicable = !row.headline.analyzed || !row.isAvailable(metric);
    const MetricDelta& delta = row.delta(metric);
    // A cost with unpriced parts is a lower bound: shown as "≥ …", and its
    // change against the baseline (or any change against such a baseline)
    // is unknown, never coloured as a saving.
    const bool complete = row.isComplete(metric);
    const QString shownValue = complete ? formatMetric(metric, value)
                                        : formatUsdFigure({value, row.unpricedParts});
    const bool unknownDelta = !row.isBaseline && !notApplicable && !delta.known;
    const bool showDelta = !row.isBaseline && !notApplicable && delta.known && delta.absolute != 0;
    switch (role) {
    case Qt::DisplayRole:
        if (notFitting)
            return tr("—, does not fit");
        if (notApplicable)
            return QStringLiteral("—");
        if (unknownDelta)
            return QString(shownValue + tr(" (change unknown)"));
        if (!showDelta)
            return shownValue;
        // Compact: the value and its relative change; the tooltip has both changes.
        return QString(formatMetric(metric, value) + QStringLiteral(" (")
            + (delta.percent ? signedText(formatNumber(*delta.percent, 1), *delta.percent)
                        + QStringLiteral(" %")
                             : formatDelta(metric, delta))
            + QStringLiteral(")"));
    case SortRole:
        return notApplicable ? QVariant() : QVariant(value);
    case Qt::ForegroundRole: {
        if (!showDelta)
            return {};
        const bool better = (delta.absolute > 0) == higherIsBetter(metric);
        return QBrush(better ? QColor(0x1e, 0x8e, 0x3e) : QColor(0xc6, 0x28, 0x28));
    }
    case Qt::ToolTipRole:
        if (notFitting)
            return tr("No speed: the plan does not fit in GPU memory, so it cannot run on this "
                      "configuration.");
        if (notApplicable && row.serving && row.applies(metric))
            return tr("No replica of this configuration meets the SLA, so it cannot carry the "
                      "demand at any size.");
        if (notApplicable)
            return tr("Not reported for this pair (another kind of workload, no serving demand, "
                      "or not analysed).");
        if (row.isBaseline)
            return tr("%1 of this workload's baseline pair: %2.")
                .arg(toQString(metricLabel(metric)), shownValue);
        if (unknownDelta)
            return tr("%1: %2. The change against the baseline is unknown: a part on one side "
                      "has no price, so that cost is only a lower bound.")
                .arg(toQString(metricLabel(metric)), shownValue);
        {
            QString tip = tr("%1: %2; change against the baseline %3 (%4).")
                              .arg(toQString(metricLabel(metric)), formatMetric(metric, value),
                                   formatDelta(metric, delta),
                                   higherIsBetter(metric) ? tr("higher is better")
                                                          : tr("lower is better"));
            if (isCostMetric(metric))
                tip += QLatin1Char(' ') + currencyRateNote();
            return tip.trimmed();
        }
    case Qt::TextAlignmentRole:
        return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    default:
        return {};
    }
}

QVariant ComparisonTableModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const ComparisonRow& row = mComparison.rows[static_cast<std::size_t>(index.row())];
    if (role == Qt::FontRole && row.isBaseline) {
        QFont font;
        font.setBold(true);
        return font;
    }
    if (index.column() >= FirstMetricColumn)
        return metricData(row,
            allComparisonMetrics()[static_cast<std::size_t>(index.column() - FirstMetricColumn)],
            role);
    const bool display = role == Qt::DisplayRole;
    switch (index.column()) {
    case WorkloadColumn:
        if (display || role == SortRole)
            return QString(toQString(row.workloadName)
                + (row.isBaseline && display ? tr(" (baseline)") : QString()));
        break;
    case ConfigurationColumn:
        if (display || role == SortRole)
            return toQString(row.configurationName);
        break;
    case FitsColumn:
        if (display)
            return !row.headline.analyzed ? tr("Not analysed") : row.headline.fits ? tr("Yes") : tr("No");
        if (role == SortRole)
            return row.headline.analyzed ? (row.headline.fits ? 2 : 1) : 0;
        if (role == Qt::ForegroundRole && row.headline.analyzed)
            return QBrush(row.headline.fits ? QColor(0x1e, 0x8e, 0x3e) : QColor(0xc6, 0x28, 0x28));
        if (role == Qt::ToolTipRole)
            return tr("Whether the workload fits in GPU memory with this configuration; "
                      "%1 errors, %2 warnings, %3 notes.")
                .arg(row.headline.errors)
                .arg(row.headline.warnings)
                .arg(row.headline.infos);
        break;
    case BindingColumn:
        if (display || role == SortRole)
            return toQString(enumName(row.headline.bindingLimit));
        if (role == Qt::ToolTipRole)
            return tr("The resource that sets the speed or decides the fit.");
        break;
    default:
        break;
    }
    return {};
}

QVariant ComparisonTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= columnCount())
        return QAbstractTableModel::headerData(section, orientation, role);
    if (section >= FirstMetricColumn) {
        const auto metric
            = allComparisonMetrics()[static_cast<std::size_t>(section - FirstMetricColumn)];
        if (role == Qt::DisplayRole)
            return toQString(metricLabel(metric));
        if (role == Qt::ToolTipRole)
            return tr("%1 as the analysis reports it; other rows show the change against their "
                      "workload's baseline (green better, red worse: %2).")
                .arg(toQString(metricLabel(metric)),
                    higherIsBetter(metric) ? tr("higher is better") : tr("lower is better"));
        return {};
    }
    if (role != Qt::DisplayRole)
        return {};
    switch (section) {
    case WorkloadColumn:
        return tr("Workload");
    case ConfigurationColumn:
        return tr("Configuration");
    case FitsColumn:
        return tr("Fits");
    case BindingColumn:
        return tr("Binding limit");
    default:
        return {};
    }
}

} // namespace infrafit::ui
