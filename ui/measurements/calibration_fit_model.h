// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/calibration/efficiency_fit.h"

#include <QAbstractTableModel>

namespace infrafit::ui {

/// The efficiency fit per run (core's CalibrationResult::runs): measured,
/// predicted before and after, their errors and the leave-one-out error.
/// Read-only; formats core's numbers only.
class CalibrationFitModel : public QAbstractTableModel {
    Q_OBJECT

public:
    explicit CalibrationFitModel(QObject* parent = nullptr);

    void setResult(CalibrationResult result);
    [[nodiscard]] const CalibrationResult& result() const { return mResult; }

    [[nodiscard]] int rowCount(const QModelIndex& parent = {}) const override;
    [[nodiscard]] int columnCount(const QModelIndex& parent = {}) const override;
    [[nodiscard]] QVariant data(const QModelIndex& index, int role) const override;
    [[nodiscard]] QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    CalibrationResult mResult;
};

} // namespace infrafit::ui
