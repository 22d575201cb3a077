// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/search/recommend.h"

#include <QAbstractTableModel>

#include <vector>

namespace infrafit::ui {

/// The ranked candidates of a recommendation, best first: rank, GPU,
/// chassis, NIC, nodes, plan, time (training) or throughput (inference),
/// TTFT and TPOT (serving), capex, TCO, score, Pareto membership and what
/// differs from the candidate ranked above (so rows that differ only in a
/// NIC or chassis do not look identical). SortRole holds each cell's
/// number (or name) for sorting by header. Formats core's figures only.
class CandidateTableModel : public QAbstractTableModel {
    Q_OBJECT

public:
    enum Column {
        RankColumn,
        GpuColumn,
        ChassisColumn,
        NicColumn,
        NodesColumn,
        PlanColumn,
        HeadlineColumn,
        TtftColumn,
        TpotColumn,
        CapexColumn,
        TcoColumn,
        ScoreColumn,
        ParetoColumn,
        // Serving with a demand (hidden otherwise): the sized cluster.
        ReplicasColumn,
        ClusterCostColumn,
        CostPerMillionColumn,
        DiffersColumn,
        ColumnCount
    };
    static constexpr int SortRole = Qt::UserRole;

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
    /// What sets candidate `row` apart from the one ranked above it: the
    /// part kinds (with both part ids) and counts that differ; empty for
    /// the first. "NIC: a → b; chassis: c → d".
    [[nodiscard]] QString differences(int row) const;

private:
    [[nodiscard]] QVariant display(const RecommendedCandidate& c, int row, int column) const;
    [[nodiscard]] QVariant sortValue(const RecommendedCandidate& c, int row, int column) const;

    std::vector<RecommendedCandidate> mCandidates;
    WorkloadKind mKind = WorkloadKind::Training;
};

} // namespace infrafit::ui
