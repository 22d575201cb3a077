// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/portfolio/portfolio_plan.h"

#include <QColor>
#include <QWidget>

#include <optional>

namespace infrafit::ui {

/// Draws a packed portfolio GPU by GPU: one row per node, one cell per GPU,
/// coloured by the workload on it. A time-shared GPU is split into bands,
/// one per workload taking turns; a partitioned GPU into its instances,
/// each as wide as its share of compute. Idle GPUs are outlined. A legend
/// of the workloads' colours sits below. Paints only what core computed
/// (PortfolioPlan); without a plan it shows `emptyText`. GUI thread only.
class GpuMapWidget : public QWidget {
    Q_OBJECT

public:
    explicit GpuMapWidget(QWidget* parent = nullptr);

    void setPlan(std::optional<PortfolioPlan> plan);
    void setEmptyText(const QString& text);
    [[nodiscard]] const std::optional<PortfolioPlan>& plan() const { return mPlan; }
    /// The colour of workload entry `index` (legend and cells).
    [[nodiscard]] static QColor workloadColor(int index);

    [[nodiscard]] QSize sizeHint() const override;
    [[nodiscard]] QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    std::optional<PortfolioPlan> mPlan;
    QString mEmptyText;
};

} // namespace infrafit::ui
