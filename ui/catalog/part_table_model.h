// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/parts/field_spec.h"

#include <QAbstractTableModel>

#include <map>
#include <string>
#include <vector>

namespace infrafit::ui {

class CatalogEditor;
struct PartChange;

/// The parts of one kind as a table: one row per part, one column per field
/// of the kind (core/parts/field_spec.h), units in the headers. Estimated
/// figures are shown in italics with an asterisk and say so in the tooltip.
/// With an editor the cells are editable: setData() parses the text, and the
/// editor validates and applies it as an undoable change; a refused edit
/// marks the cell (red, reason in the tooltip) until the next good edit.
/// Lives on the GUI thread; setParts() replaces the contents, applyChanges()
/// updates single rows.
class PartTableModel : public QAbstractTableModel {
    Q_OBJECT

public:
    enum Role { FieldKeyRole = Qt::UserRole + 1, SortRole };

    explicit PartTableModel(PartKind kind, CatalogEditor* editor = nullptr,
                            QObject* parent = nullptr);

    [[nodiscard]] PartKind kind() const { return mKind; }
    /// Replaces the rows with `parts`; parts of another kind are left out.
    void setParts(std::vector<Part> parts);
    [[nodiscard]] const std::vector<Part>& parts() const { return mParts; }
    [[nodiscard]] const Part* partAt(int row) const;
    /// The field shown in `column`, or nullptr.
    [[nodiscard]] const FieldSpec* fieldAt(int column) const;
    /// Every shown cell of `row`, lower-cased UTF-8, for the text filter;
    /// built on first use and kept until the row changes.
    [[nodiscard]] const std::string& searchText(int row) const;
    /// Builds the search text of up to `rows` more rows, so the first
    /// keystroke in the filter does not build 100,000 at once; true when
    /// every row's is built. Meant for idle time, a slice at a time.
    bool prepareSearchTexts(std::size_t rows) const;
    /// The row of the part `id`, or -1.
    [[nodiscard]] int rowOf(std::string_view id) const;
    /// Applies a catalog change to the rows of this kind only: a changed
    /// part's row is updated in place, a new part is appended, a removed
    /// part's row removed — no reset, so views keep selection and scroll.
    void applyChanges(const std::vector<PartChange>& changes);
    /// The column of a field key, or -1.
    [[nodiscard]] int columnOf(std::string_view key) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;
    bool setData(const QModelIndex& index, const QVariant& value, int role = Qt::EditRole) override;

    /// Why the last edit of a cell was refused, or empty.
    [[nodiscard]] QString rejection(const QModelIndex& index) const;

signals:
    void editRejected(const QString& reason);

private:
    [[nodiscard]] std::pair<std::string, std::string> cellKey(const QModelIndex& index) const;

    PartKind mKind;
    CatalogEditor* mEditor = nullptr;
    std::map<std::pair<std::string, std::string>, QString> mRejections;
    /// Columns: id, vendor, model, the kind's figures, then price and provenance.
    std::vector<const FieldSpec*> mFields;
    std::vector<Part> mParts;
    /// searchText() per row; empty until built (a built one is never empty).
    mutable std::vector<std::string> mSearchTexts;
    /// Rows before this have their search text built (prepareSearchTexts).
    mutable std::size_t mPreparedUpTo = 0;
};

} // namespace infrafit::ui
