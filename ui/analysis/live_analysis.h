// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/analysis/analysis_result.h"
#include "core/pipeline/power_cap_sweep.h"
#include "core/base/input_error.h"
#include "core/parts/part.h"
#include "core/project/requirements.h"
#include "core/software/software_compat.h"
#include "ui/project/preferences.h"

#include <QFuture>
#include <QFutureWatcher>
#include <QObject>
#include <QString>

#include <optional>
#include <vector>
#include <string>
#include <string_view>

namespace infrafit::ui {

class CatalogEditor;
class ProjectDocument;

/// Keeps the evaluation of the selected workload × configuration current:
/// re-runs core's evaluate() whenever the project, the catalog, the
/// selection or the preferences change. Computes nothing itself. When the
/// pair cannot be evaluated (no workload, an unknown part id) `result()`
/// is empty and `problem()` says why.
///
/// evaluate() runs on a worker thread (issue 21 item 4): with automatic
/// parallelism it searches plans, which can take longer than a frame, and
/// a keystroke must not wait for it. refresh() takes a snapshot on the GUI
/// thread (the workload, the resolved configuration: plain values) and
/// hands it to the worker; a result arrives as resultChanged() unless a
/// newer snapshot was taken meanwhile (stale results are dropped). Readers
/// of result(), findings() and problem() get the newest snapshot's answer:
/// while it is still computing they wait for it, so code that needs the
/// current figures (an export, a test) never sees old ones.
class LiveAnalysis : public QObject {
    Q_OBJECT

public:
    LiveAnalysis(ProjectDocument* document, CatalogEditor* catalog, QObject* parent = nullptr);

    void setSelection(int workloadIndex, int configurationIndex);
    [[nodiscard]] int workloadIndex() const { return mWorkload; }
    [[nodiscard]] int configurationIndex() const { return mConfiguration; }
    void setPreferences(const Preferences& preferences);
    [[nodiscard]] const Preferences& preferences() const { return mPreferences; }

    [[nodiscard]] const std::optional<AnalysisResult>& result() const
    {
        settle();
        return mResult;
    }
    /// Throughput and cost per token of the result's plan against the GPU
    /// power limit (core's sweepGpuPowerLimit(), a few more evaluations on
    /// the same plan, run on the worker with the evaluation); empty without
    /// a result that runs.
    [[nodiscard]] const PowerCapSweep& powerCapSweep() const
    {
        settle();
        return mPowerCapSweep;
    }
    /// The project's manageability and security requirements against the
    /// selected configuration's parts (core's checkRequirements(), run with
    /// the evaluation); empty without requirements or a result.
    [[nodiscard]] const std::vector<ComplianceRow>& compliance() const
    {
        settle();
        return mCompliance;
    }
    [[nodiscard]] const QString& problem() const
    {
        settle();
        return mProblem;
    }
    /// The findings to show: the result's, or, when the configuration cannot
    /// be resolved (an unknown part id, a part of the wrong kind), one error
    /// finding per problem, so a broken project never reads "0 errors".
    [[nodiscard]] const Findings& findings() const
    {
        settle();
        return mResult ? mResult->findings : mProblemFindings;
    }
    /// Waits for the newest snapshot's result and announces it now
    /// (resultChanged) if it was not yet: for exports and tests that need
    /// everything downstream of the analysis current.
    void waitForResult();
    /// Whether the newest snapshot is still being evaluated (no waiting).
    [[nodiscard]] bool isPending() const;
    /// Whether the last result was computed off the GUI thread (for tests
    /// of the mechanism: a plan search never runs on the GUI thread).
    [[nodiscard]] bool lastRanOnWorker() const { return mLastRanOnWorker; }
    /// How often a reader had to wait for an unfinished evaluation (for
    /// tests: a keystroke must not make the GUI thread wait).
    [[nodiscard]] int blockingWaits() const { return mBlockingWaits; }
    /// Looks a part up: the project's inline parts first, then the catalog.
    [[nodiscard]] const Part* findPart(std::string_view id) const;
    /// The catalog's software compatibility rows (CatalogEditor::softwareTable()).
    [[nodiscard]] const SoftwareTable& softwareTable() const;

    void refresh();

signals:
    void resultChanged();

private:
    /// What the worker returns for one snapshot.
    struct Outcome {
        std::optional<AnalysisResult> result;
        PowerCapSweep powerCapSweep;
        std::vector<ComplianceRow> compliance; ///< the project's requirements vs the parts
        std::vector<Problem> problems; ///< evaluate() refused the inputs
        bool ranOnWorker = false;
    };
    /// Shows `problems` as the reason there is no result.
    void showProblems(const std::vector<Problem>& problems) const;
    /// Takes the newest snapshot's outcome once it is done, waiting for it
    /// if needed (no signal: finished() still announces it).
    void settle() const;
    void onFinished(quint64 generation);

    ProjectDocument* mDocument;
    CatalogEditor* mCatalog;
    Preferences mPreferences;
    int mWorkload = 0;
    int mConfiguration = 0;
    // Mutable: settle() completes a pending evaluation inside const readers.
    mutable std::optional<AnalysisResult> mResult;
    mutable PowerCapSweep mPowerCapSweep;
    mutable std::vector<ComplianceRow> mCompliance;
    mutable QString mProblem;
    mutable Findings mProblemFindings;
    mutable QFuture<Outcome> mPending;
    mutable bool mPendingTaken = true;
    mutable bool mLastRanOnWorker = false;
    mutable int mBlockingWaits = 0;
    quint64 mGeneration = 0; ///< snapshots taken; a result of an older one is dropped
    quint64 mAnnounced = 0;  ///< the snapshot resultChanged() last announced
};

} // namespace infrafit::ui
