// SPDX-License-Identifier: Apache-2.0
#include "ui/measurements/calibration_fit_model.h"

#include <cmath>

namespace infrafit::ui {
namespace {

constexpr int kFitColumns = 10;

QString fitPercent(double share)
{
    return QStringLiteral("%1%2 %").arg(share > 0 ? QStringLiteral("+") : QString())
        .arg(share * 100, 0, 'f', 1);
}

QString fitFigure(double v)
{
    return QString::number(v, 'f', std::fabs(v) >= 100 ? 0 : 3);
}

} // namespace

CalibrationFitModel::CalibrationFitModel(QObject* parent) : QAbstractTableModel(parent) {}

void CalibrationFitModel::setResult(CalibrationResult result)
{
    beginResetModel();
    mResult = std::move(result);
    endResetModel();
}

int CalibrationFitModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(mResult.runs.size());
}

int CalibrationFitModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : kFitColumns;
}

QVariant CalibrationFitModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    const auto& r = mResult.runs[static_cast<std::size_t>(index.row())];
    if (role == Qt::TextAlignmentRole && index.column() >= 3)
        return int(Qt::AlignRight | Qt::AlignVCenter);
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case 0:
        return QString::fromStdString(r.name);
    case 1:
        return QString::fromStdString(r.gpuId);
    case 2:
        return r.figure == MeasuredFigure::StepTimeS ? tr("Step time (s)")
            : r.figure == MeasuredFigure::TokensPerS ? tr("Tokens/s")
                                                     : tr("Output tokens/s");
    case 3:
        return fitFigure(r.measured);
    case 4:
        return fitFigure(r.predictedBefore);
    case 5:
        return fitPercent(r.errorBefore);
    case 6:
        return fitFigure(r.predictedAfter);
    case 7:
        return fitPercent(r.errorAfter);
    case 8:
        return r.leaveOneOutError ? fitPercent(*r.leaveOneOutError) : QStringLiteral("-");
    case 9:
        // Why a run is left out of the fit (core's RunFit says which).
        return r.keptUpWithDemand ? tr("No: kept up with its demand")
            : r.reachable         ? tr("Yes, efficiency %1").arg(r.impliedEfficiency, 0, 'f', 3)
                                  : tr("No: no efficiency in (0, 1] reproduces it");
    default:
        return {};
    }
}

QVariant CalibrationFitModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    const QStringList names {tr("Run"), tr("GPU"), tr("Figure"), tr("Measured"),
        tr("Predicted before"), tr("Error before"), tr("Predicted after"), tr("Error after"),
        tr("Leave-one-out error"), tr("In the fit")};
    return section >= 0 && section < names.size() ? names.at(section) : QVariant();
}

} // namespace infrafit::ui
