// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/analysis/analysis_result.h"
#include "core/analysis/power_cap_sweep.h"
#include "core/parts/part.h"
#include "ui/project/preferences.h"

#include <QObject>
#include <QString>

#include <optional>
#include <string>
#include <string_view>

namespace infrafit::ui {

class CatalogEditor;
class ProjectDocument;

/// Keeps the evaluation of the selected workload × configuration current:
/// re-runs core's evaluate() whenever the project, the catalog, the
/// selection or the preferences change (a few microseconds to a
/// millisecond, so it runs on the GUI thread within the frame). Computes
/// nothing itself. When the pair cannot be evaluated (no workload, an
/// unknown part id) `result()` is empty and `problem()` says why.
class LiveAnalysis : public QObject {
    Q_OBJECT

public:
    LiveAnalysis(ProjectDocument* document, CatalogEditor* catalog, QObject* parent = nullptr);

    void setSelection(int workloadIndex, int configurationIndex);
    [[nodiscard]] int workloadIndex() const { return mWorkload; }
    [[nodiscard]] int configurationIndex() const { return mConfiguration; }
    void setPreferences(const Preferences& preferences);
    [[nodiscard]] const Preferences& preferences() const { return mPreferences; }

    [[nodiscard]] const std::optional<AnalysisResult>& result() const { return mResult; }
    /// Throughput and cost per token of the result's plan against the GPU
    /// power limit (core's sweepGpuPowerLimit(), a few more evaluations on
    /// the same plan); empty without a result that runs.
    [[nodiscard]] const PowerCapSweep& powerCapSweep() const { return mPowerCapSweep; }
    [[nodiscard]] const QString& problem() const { return mProblem; }
    /// The findings to show: the result's, or, when the configuration cannot
    /// be resolved (an unknown part id, a part of the wrong kind), one error
    /// finding per problem, so a broken project never reads "0 errors".
    [[nodiscard]] const Findings& findings() const
    {
        return mResult ? mResult->findings : mProblemFindings;
    }
    /// Looks a part up: the project's inline parts first, then the catalog.
    [[nodiscard]] const Part* findPart(std::string_view id) const;

    void refresh();

signals:
    void resultChanged();

private:
    ProjectDocument* mDocument;
    CatalogEditor* mCatalog;
    Preferences mPreferences;
    int mWorkload = 0;
    int mConfiguration = 0;
    std::optional<AnalysisResult> mResult;
    PowerCapSweep mPowerCapSweep;
    QString mProblem;
    Findings mProblemFindings;
};

} // namespace infrafit::ui
