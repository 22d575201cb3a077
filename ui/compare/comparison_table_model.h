// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/compare/comparison.h"

#include <QAbstractTableModel>

namespace infrafit::ui {

/// The what-if matrix: one row per (workload, configuration) pair in
/// compareProject order, with fits, binding limit, findings and every
/// ComparisonMetric. Non-baseline cells show the value and its change
/// against the baseline, green when better and red when worse (by
/// higherIsBetter). Qt::UserRole holds the raw number for sorting.
/// Formats core's figures only.
class ComparisonTableModel : public QAbstractTableModel {
    Q_OBJECT

public:
    enum Column {
        WorkloadColumn,
        ConfigurationColumn,
        FitsColumn,
        BindingColumn,
        FirstMetricColumn
    };
    static constexpr int SortRole = Qt::UserRole;

    explicit ComparisonTableModel(QObject* parent = nullptr);

    void setComparison(Comparison comparison);
    [[nodiscard]] const Comparison& comparison() const { return mComparison; }
    /// The column of a metric.
    [[nodiscard]] static int columnOf(ComparisonMetric metric);

    /// A metric's value in its unit ("12.5 days", "$1.20 M", "45.1 %").
    [[nodiscard]] static QString formatMetric(ComparisonMetric metric, double value);
    /// A change against the baseline: "+1.2 days (+10.0 %)".
    [[nodiscard]] static QString formatDelta(ComparisonMetric metric, const MetricDelta& delta);

    [[nodiscard]] int rowCount(const QModelIndex& parent = {}) const override;
    [[nodiscard]] int columnCount(const QModelIndex& parent = {}) const override;
    [[nodiscard]] QVariant data(const QModelIndex& index, int role) const override;
    [[nodiscard]] QVariant headerData(
        int section, Qt::Orientation orientation, int role) const override;

private:
    [[nodiscard]] QVariant metricData(
        const ComparisonRow& row, ComparisonMetric metric, int role) const;

    Comparison mComparison;
};

} // namespace infrafit::ui
