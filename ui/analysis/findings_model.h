// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/base/finding.h"

#include <QAbstractTableModel>

namespace infrafit::ui {

/// Findings as a table: severity, message, what to change, code. The one
/// model every view of findings uses. GUI thread.
class FindingsModel : public QAbstractTableModel {
    Q_OBJECT

public:
    enum Column { SeverityColumn, MessageColumn, SuggestionColumn, CodeColumn, ColumnCount };

    explicit FindingsModel(QObject* parent = nullptr);

    void setFindings(Findings findings);
    [[nodiscard]] const Findings& findings() const { return mFindings; }
    [[nodiscard]] int count(Severity severity) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    Findings mFindings;
};

} // namespace infrafit::ui
