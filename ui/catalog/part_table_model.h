// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/parts/field_spec.h"

#include <QAbstractTableModel>

#include <vector>

namespace infrafit::ui {

/// The parts of one kind as a table: one row per part, one column per field
/// of the kind (core/parts/field_spec.h), units in the headers. Estimated
/// figures are shown in italics with an asterisk and say so in the tooltip.
/// Lives on the GUI thread; setParts() replaces the contents.
class PartTableModel : public QAbstractTableModel {
    Q_OBJECT

public:
    enum Role { FieldKeyRole = Qt::UserRole + 1, SortRole };

    explicit PartTableModel(PartKind kind, QObject* parent = nullptr);

    [[nodiscard]] PartKind kind() const { return mKind; }
    /// Replaces the rows with `parts`; parts of another kind are left out.
    void setParts(std::vector<Part> parts);
    [[nodiscard]] const std::vector<Part>& parts() const { return mParts; }
    [[nodiscard]] const Part* partAt(int row) const;
    /// The column of a field key, or -1.
    [[nodiscard]] int columnOf(std::string_view key) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    PartKind mKind;
    std::span<const FieldSpec> mFields;
    std::vector<Part> mParts;
};

} // namespace infrafit::ui
