// SPDX-License-Identifier: Apache-2.0
#include "ui/recommend/candidate_table_model.h"

#include "ui/format.h"
#include "ui/qt_text.h"

#include "core/infra/usd_figure.h"

#include <algorithm>

namespace infrafit::ui {
namespace {

double capexOf(const RecommendedCandidate& c)
{
    return c.analysis.infrastructure ? c.analysis.infrastructure->cost.capexUsd : 0;
}

double tcoOf(const RecommendedCandidate& c)
{
    return c.analysis.infrastructure ? c.analysis.infrastructure->cost.tcoUsd : 0;
}

/// Parts without a price (at least 1 when the candidate is not fully priced).
int unpricedOf(const RecommendedCandidate& c)
{
    if (c.priceComplete)
        return 0;
    return c.analysis.infrastructure ? std::max(1, c.analysis.infrastructure->cost.unpricedParts)
                                     : 1;
}

} // namespace

CandidateTableModel::CandidateTableModel(QObject* parent) : QAbstractTableModel(parent) { }

void CandidateTableModel::setResult(std::vector<RecommendedCandidate> candidates, WorkloadKind kind)
{
    beginResetModel();
    mCandidates = std::move(candidates);
    mKind = kind;
    endResetModel();
    emit headerDataChanged(Qt::Horizontal, HeadlineColumn, HeadlineColumn);
}

bool CandidateTableModel::columnApplies(int column) const
{
    const bool servingColumn = column >= ReplicasColumn && column < ColumnCount;
    if (isServing())
        return column != ScoreColumn;
    return !servingColumn;
}

int CandidateTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(mCandidates.size());
}

int CandidateTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString CandidateTableModel::planText(const RecommendedCandidate& c, WorkloadKind kind)
{
    const auto& p = c.parallelism;
    const int data = c.analysis.parallelism.data;
    if (kind == WorkloadKind::Training)
        return tr("TP %1 · PP %2 · DP %3 · ZeRO %4 · mb %5")
            .arg(p.tensor)
            .arg(p.pipeline)
            .arg(data)
            .arg(p.zeroStage)
            .arg(c.microBatchSize);
    if (c.serving)
        return tr("TP %1 · PP %2 · ×%3 · batch %4 · chunk %5")
            .arg(p.tensor)
            .arg(p.pipeline)
            .arg(data)
            .arg(c.serving->replica.maxBatch)
            .arg(c.serving->replica.chunkTokens);
    return tr("TP %1 · PP %2 · %3 replica(s) · %4 requests")
        .arg(p.tensor)
        .arg(p.pipeline)
        .arg(data)
        .arg(c.concurrentRequests);
}

QVariant CandidateTableModel::display(const RecommendedCandidate& c, int row, int column) const
{
    const auto& perf = c.analysis.performance;
    switch (column) {
    case RankColumn:
        return row + 1;
    case GpuColumn:
        return tr("%1 × %2").arg(toQString(c.config.gpu.id)).arg(c.config.config.gpusPerNode);
    case ChassisColumn:
        return toQString(c.config.chassis.id);
    case NodesColumn:
        return tr("%1 (%2 GPUs)").arg(c.config.config.nodes).arg(c.config.totalGpus());
    case PlanColumn:
        return planText(c, mKind);
    case HeadlineColumn:
        if (mKind == WorkloadKind::Training)
            return perf.trainingDays > 0
                ? QString(formatNumber(perf.trainingDays, 1) + tr(" days"))
                : QString(formatDuration(perf.stepTimeS) + tr(" per step"));
        return QString(formatNumber(perf.outputTokensPerS) + tr(" tok/s"));
    case CapexColumn:
        return formatUsdFigure({capexOf(c), unpricedOf(c)});
    case TcoColumn:
        return formatUsdFigure({tcoOf(c), unpricedOf(c)});
    case ScoreColumn:
        return formatUsd(c.score);
    case ParetoColumn:
        return c.pareto ? QStringLiteral("✓") : QString();
    default:
        break;
    }
    if (!c.serving)
        return {};
    const ServingCandidate& s = *c.serving;
    switch (column) {
    case ReplicasColumn:
        return tr("%1 × %2 GPU(s)").arg(s.replicasNeeded).arg(s.replica.gpus());
    case ClusterCostColumn:
        return QString(formatUsdFigure({s.clusterUsdPerHour, unpricedOf(c)}) + tr("/h"));
    case CostPerMillionColumn:
        return formatUsd(s.costPerMillionOutputTokensUsd);
    case TtftColumn:
        return QString(formatNumber(s.ttftMs.p99) + tr(" ms"));
    case TpotColumn:
        return QString(formatNumber(s.tpotMs.p99, 1) + tr(" ms"));
    default:
        return {};
    }
}

QVariant CandidateTableModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const auto& c = mCandidates[static_cast<std::size_t>(index.row())];
    switch (role) {
    case Qt::DisplayRole:
        return display(c, index.row(), index.column());
    case Qt::TextAlignmentRole:
        if (index.column() == RankColumn || index.column() == NodesColumn
            || (index.column() >= HeadlineColumn && index.column() <= ScoreColumn)
            || index.column() >= ReplicasColumn)
            return QVariant(Qt::AlignRight | Qt::AlignVCenter);
        if (index.column() == ParetoColumn)
            return QVariant(Qt::AlignCenter);
        return {};
    case Qt::ToolTipRole:
        if (index.column() == ScoreColumn)
            return QString(
                tr("Balanced score (lower is better): goal cost %1 × (1 + penalties "
                   "%2). Goal cost = TCO per hour × hours of the goal.")
                    .arg(formatUsd(c.breakdown.goalUsd), formatNumber(c.breakdown.penalties(), 3))
                + QLatin1Char(' ') + currencyRateNote())
                .trimmed();
        if (index.column() == ParetoColumn)
            return c.pareto ? tr("On the Pareto front: no other candidate is both cheaper and "
                                 "faster.")
                            : tr("Dominated: another candidate is cheaper and at least as fast.");
        if (!c.priceComplete)
            return tr("Some parts of this candidate have no price; its cost is understated.");
        if (index.column() == CapexColumn || index.column() == TcoColumn)
            return currencyRateNote().isEmpty() ? QVariant() : QVariant(currencyRateNote());
        return {};
    default:
        return {};
    }
}

QVariant CandidateTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount)
        return QAbstractTableModel::headerData(section, orientation, role);
    const bool training = mKind == WorkloadKind::Training;
    if (role == Qt::DisplayRole) {
        switch (section) {
        case RankColumn:
            return tr("Rank");
        case GpuColumn:
            return tr("GPU × per node");
        case ChassisColumn:
            return tr("Chassis");
        case NodesColumn:
            return tr("Nodes");
        case PlanColumn:
            return tr("Plan");
        case HeadlineColumn:
            return training ? tr("Time to train") : tr("Output tokens/s");
        case CapexColumn:
            return tr("Capex (%1)").arg(displayCurrency().code);
        case TcoColumn:
            return tr("TCO (%1)").arg(displayCurrency().code);
        case ScoreColumn:
            return tr("Score (%1)").arg(displayCurrency().code);
        case ParetoColumn:
            return tr("Pareto");
        case ReplicasColumn:
            return tr("Replicas");
        case ClusterCostColumn:
            return tr("Cluster (%1/h)").arg(displayCurrency().code);
        case CostPerMillionColumn:
            return tr("Per M output tokens");
        case TtftColumn:
            return tr("p99 TTFT");
        case TpotColumn:
            return tr("p99 TPOT");
        default:
            return {};
        }
    }
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case RankColumn:
            return tr("Priced candidates first, then by balanced score, then search order.");
        case PlanColumn:
            return tr("Parallel plan: tensor (TP), pipeline (PP), data (DP) or replicas, ZeRO "
                      "stage and micro-batch (training) or concurrent requests per replica.");
        case HeadlineColumn:
            return training ? tr("Training tokens / tokens per second (days); the step time "
                                 "when the workload sets no training tokens.")
                            : tr("Output tokens per second of the whole deployment.");
        case CapexColumn:
            return tr("Purchase price of the cluster: parts, fabric and racks as priced. %1")
                .arg(currencyRateNote());
        case TcoColumn:
            return tr("Capex plus facility energy over the cost horizon (Preferences). %1")
                .arg(currencyRateNote());
        case ScoreColumn:
            return tr("TCO cost of the goal × (1 + imbalance penalties); lower is better "
                      "(docs/recommendation.md).");
        case ParetoColumn:
            return isServing() ? tr("✓ when no other cluster is both cheaper per hour and has "
                                    "more SLA headroom.")
                               : tr("✓ when no other candidate is better in both cost and "
                                    "time/throughput.");
        case ReplicasColumn:
            return tr("Replicas the demand needs (spares included) × GPUs per replica.");
        case ClusterCostColumn:
            return tr("TCO per hour of the whole cluster the demand needs; candidates rank by "
                      "it, cheapest first. %1")
                .arg(currencyRateNote());
        case CostPerMillionColumn:
            return tr("Cluster cost per hour over the output tokens it serves in an hour, per "
                      "million.");
        case TtftColumn:
            return tr("Time to first token at the demand on this cluster, 99th percentile "
                      "(simulated).");
        case TpotColumn:
            return tr("Time per output token at the demand on this cluster, 99th percentile "
                      "(simulated).");
        default:
            return {};
        }
    }
    return QAbstractTableModel::headerData(section, orientation, role);
}

} // namespace infrafit::ui
