// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QStyledItemDelegate>

namespace infrafit::ui {

/// Editors for catalog cells by field type: a list of choices for enums, a
/// line edit with the unit and valid range as placeholder for numbers.
/// Works on PartTableModel (through any proxy) via its FieldKeyRole.
class FieldDelegate : public QStyledItemDelegate {
    Q_OBJECT

public:
    explicit FieldDelegate(QObject* parent = nullptr);

    QWidget* createEditor(QWidget* parent, const QStyleOptionViewItem& option,
                          const QModelIndex& index) const override;
    void setEditorData(QWidget* editor, const QModelIndex& index) const override;
    void setModelData(QWidget* editor, QAbstractItemModel* model,
                      const QModelIndex& index) const override;
};

} // namespace infrafit::ui
