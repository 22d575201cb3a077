// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/search/recommend.h"

#include <QElapsedTimer>
#include <QWidget>

class QLabel;
class QPlainTextEdit;
class QProgressBar;
class QSortFilterProxyModel;
class QPushButton;
class QTableView;

namespace infrafit::ui {

class CandidateTableModel;
class CatalogEditor;
class ChartPanel;
class ConstraintsForm;
class LiveAnalysis;
class ProjectDocument;
class RecommendRunner;

/// The recommendation view: constraints for a project workload, a search
/// run off the GUI thread (progress bar, Cancel), the ranked candidates with
/// the selected one's reasons, a cost-vs-time (training) or
/// cost-vs-throughput (inference) scatter with the Pareto front and the
/// balanced choice, and "Use this configuration", which adds the chosen
/// candidate to the project as an undoable edit. Shows what core's
/// recommend() returned; computes no figure itself.
class RecommendPage : public QWidget {
    Q_OBJECT

public:
    RecommendPage(ProjectDocument* document, CatalogEditor* catalog, LiveAnalysis* analysis,
        QWidget* parent = nullptr);

    [[nodiscard]] ConstraintsForm* form() const { return mForm; }
    [[nodiscard]] RecommendRunner* runner() const { return mRunner; }
    [[nodiscard]] CandidateTableModel* model() const { return mModel; }
    [[nodiscard]] QTableView* tableView() const { return mTable; }
    [[nodiscard]] ChartPanel* chartPanel() const { return mChart; }

    /// Snapshots the inputs and starts the search; false when it cannot
    /// start (no workload, a search running, invalid inputs).
    bool search();
    void cancel();
    /// Adds the selected candidate's configuration to the project; false
    /// when none is selected.
    bool useSelected();

private:
    void updateFromProject();
    void updateState();
    void showResult();
    void showReasons();
    [[nodiscard]] int selectedRow() const;

    ProjectDocument* mDocument;
    CatalogEditor* mCatalog;
    LiveAnalysis* mAnalysis;
    RecommendRunner* mRunner = nullptr;
    CandidateTableModel* mModel = nullptr;
    ConstraintsForm* mForm = nullptr;
    QLabel* mHint = nullptr;
    QPushButton* mSearch = nullptr;
    QPushButton* mCancel = nullptr;
    QProgressBar* mProgress = nullptr;
    QLabel* mStatus = nullptr;
    QLabel* mFindings = nullptr;
    QTableView* mTable = nullptr;
    QSortFilterProxyModel* mProxy = nullptr; ///< sorting by header, numbers by SortRole
    QPlainTextEdit* mReasons = nullptr;
    QPushButton* mUse = nullptr;
    ChartPanel* mChart = nullptr;
    QElapsedTimer mClock;
};

} // namespace infrafit::ui
