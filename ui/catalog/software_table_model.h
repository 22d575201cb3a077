// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/software/software_compat.h"

#include <QAbstractTableModel>

namespace infrafit::ui {

class CatalogEditor;

/// The catalog's software compatibility rows (CatalogEditor::softwareTable())
/// as a read-only table, one row per GPU architecture with its stack,
/// versions, image, source and date. Edits go through SoftwarePanel's form
/// and the editor's undo commands; the model resets when the rows change.
/// GUI thread only.
class SoftwareTableModel : public QAbstractTableModel {
    Q_OBJECT

public:
    enum Column {
        ArchitectureColumn,
        VendorColumn,
        StackColumn,
        MinDriverColumn,
        MinToolkitColumn,
        RecommendedDriverColumn,
        RecommendedToolkitColumn,
        ContainerImageColumn,
        PrecisionsColumn,
        FrameworksColumn,
        EndOfSupportColumn,
        SourceColumn,
        SourceDateColumn,
        ColumnCount
    };

    explicit SoftwareTableModel(CatalogEditor* editor, QObject* parent = nullptr);

    [[nodiscard]] int rowCount(const QModelIndex& parent = {}) const override;
    [[nodiscard]] int columnCount(const QModelIndex& parent = {}) const override;
    [[nodiscard]] QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    [[nodiscard]] QVariant headerData(int section, Qt::Orientation orientation,
                                      int role = Qt::DisplayRole) const override;

    /// The row shown at `row`, or nullptr.
    [[nodiscard]] const SoftwareCompat* rowAt(int row) const;
    /// The table row of `architecture`, or -1.
    [[nodiscard]] int rowOf(const std::string& architecture) const;

private:
    CatalogEditor* mEditor;
};

} // namespace infrafit::ui
