// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QAbstractTableModel>

namespace infrafit::ui {

class ProjectDocument;

/// The project's measured runs (`measurements[]`), one row each. Every
/// cell is editable; setData() changes the project through the document
/// as one undoable step (merged while typing in one cell). Reads the
/// document's project; resets when it changes. GUI thread.
class MeasurementTableModel : public QAbstractTableModel {
    Q_OBJECT

public:
    enum Column {
        NameColumn,
        WorkloadColumn,
        ConfigurationColumn,
        FigureColumn,
        ValueColumn,
        TtftP50Column,
        TtftP99Column,
        TpotP50Column,
        TpotP99Column,
        ColumnCount
    };

    explicit MeasurementTableModel(ProjectDocument* document, QObject* parent = nullptr);

    [[nodiscard]] int rowCount(const QModelIndex& parent = {}) const override;
    [[nodiscard]] int columnCount(const QModelIndex& parent = {}) const override;
    [[nodiscard]] QVariant data(const QModelIndex& index, int role) const override;
    [[nodiscard]] QVariant headerData(int section, Qt::Orientation orientation, int role) const override;
    [[nodiscard]] Qt::ItemFlags flags(const QModelIndex& index) const override;
    bool setData(const QModelIndex& index, const QVariant& value, int role) override;

    /// The figure names shown and accepted in the Figure column.
    static QStringList figureLabels();

private:
    ProjectDocument* mDocument;
};

} // namespace infrafit::ui
