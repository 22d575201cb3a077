// SPDX-License-Identifier: Apache-2.0
#include "ui/catalog/field_delegate.h"

#include "ui/catalog/field_text.h"
#include "ui/catalog/part_table_model.h"
#include "ui/qt_text.h"

#include <QAbstractProxyModel>
#include <QComboBox>
#include <QLineEdit>

namespace infrafit::ui {
namespace {

/// The field spec behind a cell, found through the FieldKeyRole of the
/// source model and the kind of the PartTableModel underneath any proxy.
const FieldSpec* fieldAt(const QModelIndex& index)
{
    const QAbstractItemModel* model = index.model();
    QModelIndex source = index;
    while (const auto* proxy = qobject_cast<const QAbstractProxyModel*>(model)) {
        source = proxy->mapToSource(source);
        model = proxy->sourceModel();
    }
    const auto* parts = qobject_cast<const PartTableModel*>(model);
    if (!parts)
        return nullptr;
    return findField(parts->kind(), toStdString(source.data(PartTableModel::FieldKeyRole).toString()));
}

} // namespace

FieldDelegate::FieldDelegate(QObject* parent) : QStyledItemDelegate(parent) {}

QWidget* FieldDelegate::createEditor(QWidget* parent, const QStyleOptionViewItem& option,
                                     const QModelIndex& index) const
{
    const FieldSpec* field = fieldAt(index);
    if (!field)
        return QStyledItemDelegate::createEditor(parent, option, index);
    if (field->type == FieldType::Choice) {
        auto* combo = new QComboBox(parent);
        combo->setObjectName(QStringLiteral("fieldComboBox"));
        for (const auto choice : field->choices)
            combo->addItem(toQString(choice));
        return combo;
    }
    auto* edit = new QLineEdit(parent);
    edit->setObjectName(QStringLiteral("fieldLineEdit"));
    edit->setPlaceholderText(fieldHint(*field));
    edit->setToolTip(toQString(field->label) + QStringLiteral(" — ") + fieldHint(*field));
    return edit;
}

void FieldDelegate::setEditorData(QWidget* editor, const QModelIndex& index) const
{
    const QString text = index.data(Qt::EditRole).toString();
    if (auto* combo = qobject_cast<QComboBox*>(editor))
        combo->setCurrentText(text);
    else if (auto* edit = qobject_cast<QLineEdit*>(editor))
        edit->setText(text);
    else
        QStyledItemDelegate::setEditorData(editor, index);
}

void FieldDelegate::setModelData(QWidget* editor, QAbstractItemModel* model,
                                 const QModelIndex& index) const
{
    if (auto* combo = qobject_cast<QComboBox*>(editor))
        model->setData(index, combo->currentText(), Qt::EditRole);
    else if (auto* edit = qobject_cast<QLineEdit*>(editor))
        model->setData(index, edit->text(), Qt::EditRole);
    else
        QStyledItemDelegate::setModelData(editor, model, index);
}

} // namespace infrafit::ui
