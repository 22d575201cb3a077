// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/compare/comparison.h"

#include <QWidget>

class QBarCategoryAxis;
class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSortFilterProxyModel;
class QTableView;
class QValueAxis;

namespace infrafit::ui {

class CatalogEditor;
class ChartPanel;
class ComparisonTableModel;
class LiveAnalysis;
class ProjectDocument;

/// The what-if comparison: every workload × configuration of the project
/// side by side (core's compareProject), deltas against a chosen baseline
/// coloured better/worse, sortable; a grouped bar chart of one metric per
/// pair; export as CSV, JSON or text. Recomputed when the project, the
/// catalog or the preferences change (while hidden: when next shown).
class ComparePage : public QWidget {
    Q_OBJECT

public:
    ComparePage(ProjectDocument* document, CatalogEditor* catalog, LiveAnalysis* analysis,
        QWidget* parent = nullptr);

    [[nodiscard]] ComparisonTableModel* model() const { return mModel; }
    [[nodiscard]] QSortFilterProxyModel* proxyModel() const { return mProxy; }
    [[nodiscard]] ChartPanel* chartPanel() const { return mChart; }
    [[nodiscard]] QComboBox* baselineComboBox() const { return mBaseline; }
    [[nodiscard]] QComboBox* metricComboBox() const { return mMetric; }

    /// Recomputes the comparison now.
    void refresh();
    /// Adds what-if variants of the baseline pair's workload or
    /// configuration from "FIELD=V1,V2" (core's deriveWorkloads /
    /// deriveConfigurations: "traffic=x2", "sla.ttft_ms=500", "nodes=4"), as
    /// one undoable edit. Returns an error message, or empty when added.
    QString addWhatIf(const QString& text);
    /// Writes the comparison to `path` (format from the suffix: .json,
    /// .txt, else CSV), atomically. Returns an error message or empty.
    QString exportTo(const QString& path) const;
    void exportWithDialog();

protected:
    void showEvent(QShowEvent* event) override;

private:
    void scheduleRefresh();
    void updateBaselineChooser();
    void updateChart();

    ProjectDocument* mDocument;
    CatalogEditor* mCatalog;
    LiveAnalysis* mAnalysis;
    ComparisonTableModel* mModel = nullptr;
    QSortFilterProxyModel* mProxy = nullptr;
    QComboBox* mBaseline = nullptr;
    QComboBox* mMetric = nullptr;
    QPushButton* mExport = nullptr;
    QLineEdit* mWhatIf = nullptr;
    QPushButton* mAddWhatIf = nullptr;
    QLabel* mProblem = nullptr;
    QWidget* mContent = nullptr;
    QTableView* mTable = nullptr;
    ChartPanel* mChart = nullptr;
    QBarCategoryAxis* mChartX = nullptr; ///< kept across rebuilds (no stale labels)
    QValueAxis* mChartY = nullptr;
    std::string mBaselineWorkload;
    std::string mBaselineConfiguration;
    bool mDirty = true;
};

} // namespace infrafit::ui
