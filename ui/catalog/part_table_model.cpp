// SPDX-License-Identifier: Apache-2.0
#include "ui/catalog/part_table_model.h"

#include "ui/qt_text.h"

#include <QFont>

namespace infrafit::ui {

PartTableModel::PartTableModel(PartKind kind, QObject* parent)
    : QAbstractTableModel(parent), mKind(kind), mFields(fieldsOf(kind))
{
}

void PartTableModel::setParts(std::vector<Part> parts)
{
    // Field accessors are per kind: a part of another kind must never reach them.
    std::erase_if(parts, [this](const Part& part) { return kindOf(part) != mKind; });
    beginResetModel();
    mParts = std::move(parts);
    endResetModel();
}

const Part* PartTableModel::partAt(int row) const
{
    if (row < 0 || row >= static_cast<int>(mParts.size()))
        return nullptr;
    return &mParts[static_cast<std::size_t>(row)];
}

int PartTableModel::columnOf(std::string_view key) const
{
    for (std::size_t i = 0; i < mFields.size(); ++i) {
        if (mFields[i].key == key)
            return static_cast<int>(i);
    }
    return -1;
}

int PartTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(mParts.size());
}

int PartTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(mFields.size());
}

QVariant PartTableModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Part& part = mParts[static_cast<std::size_t>(index.row())];
    const FieldSpec& spec = mFields[static_cast<std::size_t>(index.column())];
    const bool estimated = infoOf(part).isEstimated(spec.key);
    switch (role) {
    case Qt::DisplayRole: {
        QString text = toQString(formatFieldValue(spec.get(part)));
        if (estimated && !text.isEmpty())
            text += QStringLiteral("*");
        return text;
    }
    case SortRole: {
        const FieldValue value = spec.get(part);
        if (const auto* number = std::get_if<double>(&value))
            return *number;
        return toQString(formatFieldValue(value)).toLower();
    }
    case Qt::ToolTipRole: {
        QString tip = toQString(spec.label);
        if (!spec.unit.empty())
            tip += QStringLiteral(" (") + toQString(spec.unit) + QStringLiteral(")");
        if (!spec.help.empty())
            tip += QStringLiteral("\n") + toQString(spec.help);
        if (estimated)
            tip += tr("\nEstimate — see the part's source and notes.");
        const auto& source = infoOf(part).source;
        if (!source.empty())
            tip += tr("\nSource: ") + toQString(source);
        return tip;
    }
    case Qt::FontRole:
        if (estimated) {
            QFont font;
            font.setItalic(true);
            return font;
        }
        return {};
    case Qt::TextAlignmentRole:
        if (spec.type == FieldType::Number || spec.type == FieldType::Integer)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        return QVariant::fromValue(Qt::AlignLeft | Qt::AlignVCenter);
    case FieldKeyRole:
        return toQString(spec.key);
    default:
        return {};
    }
}

QVariant PartTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= columnCount())
        return QAbstractTableModel::headerData(section, orientation, role);
    const FieldSpec& spec = mFields[static_cast<std::size_t>(section)];
    if (role == Qt::DisplayRole) {
        QString text = toQString(spec.label);
        if (!spec.unit.empty())
            text += QStringLiteral(" (") + toQString(spec.unit) + QStringLiteral(")");
        return text;
    }
    if (role == Qt::ToolTipRole)
        return spec.help.empty() ? toQString(spec.key) : toQString(spec.help);
    return {};
}

} // namespace infrafit::ui
