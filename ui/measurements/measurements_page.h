// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/calibration/efficiency_fit.h"
#include "core/calibration/power_fit.h"
#include "core/calibration/right_sizing.h"
#include "core/metrics/run_metrics.h"
#include "core/metrics/utilisation_charts.h"

#include <QFutureWatcher>
#include <QStringList>
#include <QWidget>

#include <optional>

class QLabel;
class QLineEdit;
class QPushButton;
class QStandardItemModel;
class QTableView;

namespace infrafit::ui {

class CalibrationFitModel;
class CatalogEditor;
class ChartPanel;
class MeasurementTableModel;
class ProjectDocument;
class UtilisationHeatmapView;

/// The project's measured runs and what they say (issue 19): the runs
/// (add, remove, edit: undoable), the efficiency fit per run (table, and
/// predicted against measured before and after the fit as a chart), and,
/// from dcgm-exporter metrics (the runs' `metrics_file`s and files
/// imported here), activity per node over time, the spread of GPU power
/// and the power fit; per run, its metrics window and how many GPUs of
/// each project configuration the same workload needs. "Apply profile" stores the fit as the project's
/// named calibration profile (one undoable step). Every figure comes from
/// core (core/calibration, core/metrics); the fit and the import run on a
/// worker thread. Refits when the project or catalog changes (while
/// hidden: when next shown). GUI thread.
class MeasurementsPage : public QWidget {
    Q_OBJECT

public:
    MeasurementsPage(ProjectDocument* document, CatalogEditor* catalog, QWidget* parent = nullptr);
    ~MeasurementsPage() override;

    [[nodiscard]] MeasurementTableModel* model() const { return mModel; }
    [[nodiscard]] CalibrationFitModel* fitModel() const { return mFitModel; }
    [[nodiscard]] ChartPanel* fitChart() const { return mFitChart; }
    [[nodiscard]] ChartPanel* powerChart() const { return mPowerChart; }
    [[nodiscard]] UtilisationHeatmapView* heatmapView() const { return mHeatmap; }
    [[nodiscard]] QLineEdit* profileNameLineEdit() const { return mProfileName; }
    [[nodiscard]] QLabel* problemLabel() const { return mProblem; }
    /// Per run: the metrics window's summary (GPUs, window, power mean and
    /// p95, tensor activity, memory) and the right-sizing (nodes and GPUs
    /// of each project configuration that match the run), from core.
    [[nodiscard]] QStandardItemModel* runMetricsModel() const { return mRunMetricsModel; }
    [[nodiscard]] QStandardItemModel* rightSizingModel() const { return mRightSizingModel; }

    /// Adds a run of the first workload and configuration (undoable).
    void addRun();
    /// Removes the selected runs (one undoable step).
    void removeSelected();
    /// Refits now (on a worker); fitFinished() follows.
    void refresh();
    [[nodiscard]] bool isBusy() const;
    /// Imports metric files (with the runs' own) on a worker; metricsFinished() follows.
    void importMetrics(const QStringList& files);
    void importMetricsWithDialog();
    /// Stores the last fit (and power fit) as the project's calibration
    /// profile named by the line edit. Returns an error message or empty.
    QString applyProfile();

signals:
    void fitFinished();
    void metricsFinished();

protected:
    void showEvent(QShowEvent* event) override;

private:
    struct FitOutcome {
        std::optional<CalibrationResult> fit;
        QString problem;
        int runs = 0;
        std::vector<RightSizing> sizing;
    };
    struct MetricsOutcome {
        UtilisationHeatmap heatmap;
        PowerHistogram histogram;
        PowerCalibration power;
        QString summary;
        std::vector<RunMetricsRow> runMetrics;
    };
    void showRunMetrics(const std::vector<RunMetricsRow>& rows);
    void showRightSizing(const std::vector<RightSizing>& sizings);
    void scheduleRefresh();
    void onFitFinished();
    void onMetricsFinished();
    void updateProfileLabel();
    [[nodiscard]] QStringList metricFiles() const;

    ProjectDocument* mDocument;
    CatalogEditor* mCatalog;
    MeasurementTableModel* mModel = nullptr;
    CalibrationFitModel* mFitModel = nullptr;
    QTableView* mTable = nullptr;
    QTableView* mFitTable = nullptr;
    ChartPanel* mFitChart = nullptr;
    ChartPanel* mPowerChart = nullptr;
    UtilisationHeatmapView* mHeatmap = nullptr;
    QLabel* mProblem = nullptr;
    QLabel* mFitSummary = nullptr;
    QLabel* mProfileLabel = nullptr;
    QLabel* mMetricsSummary = nullptr;
    QLabel* mRightSizingNote = nullptr;
    QStandardItemModel* mRunMetricsModel = nullptr;
    QStandardItemModel* mRightSizingModel = nullptr;
    QLineEdit* mProfileName = nullptr;
    QPushButton* mApply = nullptr;
    QFutureWatcher<FitOutcome> mFitWatcher;
    QFutureWatcher<MetricsOutcome> mMetricsWatcher;
    std::optional<CalibrationResult> mFit;
    std::optional<PowerCalibration> mPower;
    int mFitRuns = 0;
    QStringList mImported;       ///< files imported here (this session)
    QStringList mLoadedFiles;    ///< the files behind the charts shown
    bool mDirty = true;
    bool mRefitQueued = false;
};

} // namespace infrafit::ui
