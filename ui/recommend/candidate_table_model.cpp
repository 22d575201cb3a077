// SPDX-License-Identifier: Apache-2.0
#include "ui/recommend/candidate_table_model.h"

#include "ui/format.h"
#include "ui/qt_text.h"

#include "core/base/usd_figure.h"

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include <QStringList>

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

/// One kind's part id and count per node, for spotting what differs.
struct CandidatePartSlot {
    const char* kind;
    std::string id;
    int count;
};

std::vector<CandidatePartSlot> candidatePartSlots(const RecommendedCandidate& c)
{
    const auto& k = c.config.config;
    return {{QT_TR_NOOP("GPU"), k.gpuId, k.gpusPerNode},     {QT_TR_NOOP("chassis"), k.chassisId, 1},
            {QT_TR_NOOP("CPU"), k.cpuId, k.cpusPerNode},     {QT_TR_NOOP("NIC"), k.nicId, k.nicsPerNode},
            {QT_TR_NOOP("NVMe"), k.nvmeId, k.nvmePerNode},   {QT_TR_NOOP("PSU"), k.psuId, k.psusPerNode},
            {QT_TR_NOOP("cooling"), k.coolingId, 1},         {QT_TR_NOOP("nodes"), {}, k.nodes}};
}

QString candidateSlotText(const CandidatePartSlot& slot)
{
    if (slot.id.empty())
        return slot.count > 0 && std::string_view(slot.kind) == "nodes" ? QString::number(slot.count)
                                                                     : CandidateTableModel::tr("none");
    return slot.count > 1 ? CandidateTableModel::tr("%1 × %2").arg(toQString(slot.id)).arg(slot.count)
                          : toQString(slot.id);
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
    const bool servingColumn = column >= ReplicasColumn && column <= CostPerMillionColumn;
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
    return tr("TP %1 · PP %2 · %3 · %4")
        .arg(p.tensor)
        .arg(p.pipeline)
        .arg(data == 1 ? tr("1 replica") : tr("%1 replicas").arg(data))
        .arg(c.concurrentRequests == 1 ? tr("1 request")
                                       : tr("%1 requests").arg(c.concurrentRequests));
}

QString CandidateTableModel::differences(int row) const
{
    if (row <= 0 || row >= rowCount())
        return {};
    const auto above = candidatePartSlots(mCandidates[static_cast<std::size_t>(row - 1)]);
    const auto here = candidatePartSlots(mCandidates[static_cast<std::size_t>(row)]);
    QStringList parts;
    for (std::size_t i = 0; i < here.size(); ++i) {
        if (here[i].id == above[i].id && here[i].count == above[i].count)
            continue;
        parts << tr("%1: %2 → %3")
                     .arg(tr(here[i].kind), candidateSlotText(above[i]), candidateSlotText(here[i]));
    }
    if (parts.isEmpty()) {
        const auto& a = mCandidates[static_cast<std::size_t>(row - 1)];
        const auto& b = mCandidates[static_cast<std::size_t>(row)];
        if (planText(a, mKind) != planText(b, mKind))
            parts << tr("plan only");
        else
            parts << tr("same parts and plan");
    }
    return parts.join(QStringLiteral("; "));
}

QVariant CandidateTableModel::sortValue(const RecommendedCandidate& c, int row, int column) const
{
    const auto& perf = c.analysis.performance;
    switch (column) {
    case RankColumn:
        return row + 1;
    case NodesColumn:
        return c.config.totalGpus();
    case HeadlineColumn:
        if (mKind == WorkloadKind::Training)
            return perf.trainingDays > 0 ? perf.trainingDays : perf.stepTimeS;
        return perf.outputTokensPerS;
    case TtftColumn:
        return c.serving ? c.serving->ttftMs.p99 / 1e3 : perf.ttftS;
    case TpotColumn:
        return c.serving ? c.serving->tpotMs.p99 / 1e3 : perf.tpotS;
    case CapexColumn:
        return capexOf(c);
    case TcoColumn:
        return tcoOf(c);
    case ScoreColumn:
        return c.score;
    case ParetoColumn:
        return c.pareto ? 1 : 0;
    case ReplicasColumn:
        return c.serving ? QVariant(c.serving->replicasNeeded) : QVariant();
    case ClusterCostColumn:
        return c.serving ? QVariant(c.serving->clusterUsdPerHour) : QVariant();
    case CostPerMillionColumn:
        return c.serving ? QVariant(c.serving->costPerMillionOutputTokensUsd) : QVariant();
    default:
        return display(c, row, column);
    }
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
    case NicColumn:
        return c.config.config.nicId.empty()
            ? tr("none")
            : tr("%1 × %2").arg(toQString(c.config.config.nicId)).arg(c.config.config.nicsPerNode);
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
    case TtftColumn:
        if (c.serving)
            return QString(formatNumber(c.serving->ttftMs.p99) + tr(" ms"));
        return mKind == WorkloadKind::Training ? QString() : formatDuration(perf.ttftS);
    case TpotColumn:
        if (c.serving)
            return QString(formatNumber(c.serving->tpotMs.p99, 1) + tr(" ms"));
        return mKind == WorkloadKind::Training ? QString() : formatDuration(perf.tpotS);
    case CapexColumn:
        return formatUsdFigure({capexOf(c), unpricedOf(c)});
    case TcoColumn:
        return formatUsdFigure({tcoOf(c), unpricedOf(c)});
    case ScoreColumn:
        return formatUsd(c.score);
    case ParetoColumn:
        return c.pareto ? QStringLiteral("✓") : QString();
    case DiffersColumn:
        return differences(row);
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
    case SortRole:
        return sortValue(c, index.row(), index.column());
    case Qt::TextAlignmentRole:
        if (index.column() == RankColumn || index.column() == NodesColumn
            || (index.column() >= HeadlineColumn && index.column() <= ScoreColumn)
            || (index.column() >= ReplicasColumn && index.column() <= CostPerMillionColumn))
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
        if (index.column() == DiffersColumn && index.row() > 0)
            return tr("Against rank %1: %2").arg(index.row()).arg(differences(index.row()));
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
        case NicColumn:
            return tr("NIC × per node");
        case TtftColumn:
            return isServing() ? tr("p99 TTFT") : tr("TTFT");
        case TpotColumn:
            return isServing() ? tr("p99 TPOT") : tr("TPOT");
        case DiffersColumn:
            return tr("Differs from the rank above");
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
            return isServing() ? tr("Time to first token at the demand on this cluster, 99th "
                                    "percentile (simulated).")
                               : tr("Time to first token of one request (serving).");
        case TpotColumn:
            return isServing() ? tr("Time per output token at the demand on this cluster, 99th "
                                    "percentile (simulated).")
                               : tr("Time per output token of one request (serving).");
        case DiffersColumn:
            return tr("The parts, counts or plan that set this candidate apart from the one "
                      "ranked just above it.");
        default:
            return {};
        }
    }
    return QAbstractTableModel::headerData(section, orientation, role);
}

} // namespace infrafit::ui
