// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/search/recommend.h"

#include <QAbstractTableModel>

#include <vector>

namespace infrafit::ui {

/// The ranked candidates of a recommendation, best first: rank, GPU,
/// chassis, nodes, plan, time (training) or throughput (inference), capex,
/// TCO, score and Pareto membership; for a serving demand the replicas,
/// cluster cost per hour, cost per million output tokens and the SLA
/// percentile of TTFT and TPOT instead of the score. Shows core's figures, formatted only.
class CandidateTableModel : public QAbstractTableModel {
    Q_OBJECT

public:
    enum Column {
        RankColumn,
        GpuColumn,
        ChassisColumn,
        NodesColumn,
        PlanColumn,
        HeadlineColumn,
        CapexColumn,
        TcoColumn,
        ScoreColumn,
        ParetoColumn,
        // Serving with a demand (hidden otherwise): the sized cluster.
        ReplicasColumn,
        ClusterCostColumn,
        CostPerMillionColumn,
        TtftColumn,
        TpotColumn,
        ColumnCount
    };

    explicit CandidateTableModel(QObject* parent = nullptr);

    void setResult(std::vector<RecommendedCandidate> candidates, WorkloadKind kind);
    [[nodiscard]] const std::vector<RecommendedCandidate>& candidates() const
    {
        return mCandidates;
    }
    [[nodiscard]] WorkloadKind kind() const { return mKind; }
    /// The candidates are clusters sized for a serving demand (the serving
    /// columns apply; the balanced score does not).
    [[nodiscard]] bool isServing() const
    {
        return !mCandidates.empty() && mCandidates.front().serving.has_value();
    }
    /// Whether `column` applies to the current result.
    [[nodiscard]] bool columnApplies(int column) const;

    [[nodiscard]] int rowCount(const QModelIndex& parent = {}) const override;
    [[nodiscard]] int columnCount(const QModelIndex& parent = {}) const override;
    [[nodiscard]] QVariant data(const QModelIndex& index, int role) const override;
    [[nodiscard]] QVariant headerData(
        int section, Qt::Orientation orientation, int role) const override;

    /// "TP 4 · PP 1 · DP 8 · ZeRO 1 · mb 2" (training) or
    /// "TP 8 · PP 1 · 2 replicas · 64 requests" (inference).
    [[nodiscard]] static QString planText(const RecommendedCandidate& candidate, WorkloadKind kind);

private:
    [[nodiscard]] QVariant display(const RecommendedCandidate& c, int row, int column) const;

    std::vector<RecommendedCandidate> mCandidates;
    WorkloadKind mKind = WorkloadKind::Training;
};

} // namespace infrafit::ui
