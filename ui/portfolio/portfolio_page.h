// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/portfolio/portfolio_plan.h"

#include "ui/latest_result.h"

#include <QWidget>

#include <optional>

class QLabel;

namespace infrafit::ui {

class GpuMapWidget;
class LiveAnalysis;
class ProjectDocument;

/// The project's portfolio packed onto its configuration: a summary (fits at
/// once, time-shared or not; utilisation), the GPU-by-GPU map coloured by
/// workload and the portfolio's findings. Core's planPortfolio() computes
/// the packing on a worker thread from a snapshot taken on the GUI thread
/// (the portfolio's workloads and the resolved configuration) whenever the
/// project or the catalog changes; a result of an older snapshot is dropped.
class PortfolioPage : public QWidget {
    Q_OBJECT

public:
    PortfolioPage(ProjectDocument* document, LiveAnalysis* analysis, QWidget* parent = nullptr);
    ~PortfolioPage() override;

    [[nodiscard]] GpuMapWidget* map() const { return mMap; }
    /// Waits for a packing in progress (tests, exports).
    void waitForPlan();

signals:
    void planChanged();

private:
    void refresh();
    void showPlan(const std::optional<PortfolioPlan>& plan, const QString& problem);

    ProjectDocument* mDocument;
    LiveAnalysis* mAnalysis;
    QLabel* mSummary = nullptr;
    QLabel* mFindings = nullptr;
    GpuMapWidget* mMap = nullptr;
    LatestResult<PortfolioPlan> mLatest;
};

} // namespace infrafit::ui
