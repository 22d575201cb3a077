// SPDX-License-Identifier: Apache-2.0
#include "ui/catalog/part_table_model.h"

#include "ui/catalog/catalog_editor.h"
#include "ui/catalog/field_text.h"
#include "ui/format.h"
#include "ui/qt_text.h"

#include <QColor>
#include <QFont>

#include <algorithm>
#include <array>

namespace infrafit::ui {
namespace {

/// Appends `text` lower-cased as QString::toLower() would, without the
/// round trip through UTF-16 unless the text is not ASCII.
void appendLowered(std::string& out, std::string_view text)
{
    const bool ascii = std::all_of(text.begin(), text.end(),
                                   [](char c) { return static_cast<unsigned char>(c) < 0x80; });
    if (!ascii) {
        out += QString::fromUtf8(text).toLower().toStdString();
        return;
    }
    for (const char c : text)
        out += (c >= 'A' && c <= 'Z') ? static_cast<char>(c + 32) : c;
}

} // namespace

PartTableModel::PartTableModel(PartKind kind, CatalogEditor* editor, QObject* parent)
    : QAbstractTableModel(parent), mKind(kind), mEditor(editor)
{
    // A buyer compares figures first: identity (with the part number to
    // order by), then the kind's own fields, then price and where the figures
    // come from.
    const std::array<std::string_view, 4> identity{"id", "vendor", "model", "part_number"};
    const std::array<std::string_view, 6> provenance{"price_usd", "price_note", "confidence",
                                                     "source", "estimated_fields", "notes"};
    const auto in = [](const auto& keys, std::string_view key) {
        return std::find(keys.begin(), keys.end(), key) != keys.end();
    };
    for (const auto key : identity)
        mFields.push_back(findField(kind, key));
    for (const auto& spec : fieldsOf(kind)) {
        if (!in(identity, spec.key) && !in(provenance, spec.key))
            mFields.push_back(&spec);
    }
    for (const auto key : provenance)
        mFields.push_back(findField(kind, key));
}

void PartTableModel::setParts(std::vector<Part> parts)
{
    // Field accessors are per kind: a part of another kind must never reach them.
    std::erase_if(parts, [this](const Part& part) { return kindOf(part) != mKind; });
    beginResetModel();
    mParts = std::move(parts);
    mSearchTexts.assign(mParts.size(), std::string());
    mPreparedUpTo = 0;
    endResetModel();
}

const Part* PartTableModel::partAt(int row) const
{
    if (row < 0 || row >= static_cast<int>(mParts.size()))
        return nullptr;
    return &mParts[static_cast<std::size_t>(row)];
}

const FieldSpec* PartTableModel::fieldAt(int column) const
{
    if (column < 0 || column >= static_cast<int>(mFields.size()))
        return nullptr;
    return mFields[static_cast<std::size_t>(column)];
}

const std::string& PartTableModel::searchText(int row) const
{
    static const std::string none;
    if (row < 0 || row >= static_cast<int>(mParts.size()))
        return none;
    std::string& text = mSearchTexts[static_cast<std::size_t>(row)];
    if (text.empty()) {
        // The cells as shown (formatFieldValue), one unit separator apart so
        // a match never spans two cells; never empty once built.
        const Part& part = mParts[static_cast<std::size_t>(row)];
        text += '\x1f';
        for (const FieldSpec* spec : mFields) {
            if (spec->type == FieldType::Flag)
                continue;
            const FieldView view = spec->view(part);
            if (const auto* shown = std::get_if<std::string_view>(&view))
                appendLowered(text, *shown);
            else if (!std::holds_alternative<std::monostate>(view))
                appendLowered(text, formatFieldValue(spec->get(part)));
            text += '\x1f';
        }
    }
    return text;
}

bool PartTableModel::prepareSearchTexts(std::size_t rows) const
{
    const std::size_t end = std::min(mSearchTexts.size(), mPreparedUpTo + rows);
    for (; mPreparedUpTo < end; ++mPreparedUpTo)
        (void)searchText(static_cast<int>(mPreparedUpTo));
    return mPreparedUpTo >= mSearchTexts.size();
}

int PartTableModel::rowOf(std::string_view id) const
{
    for (std::size_t row = 0; row < mParts.size(); ++row) {
        if (infoOf(mParts[row]).id == id)
            return static_cast<int>(row);
    }
    return -1;
}

void PartTableModel::applyChanges(const std::vector<PartChange>& changes)
{
    for (const auto& change : changes) {
        const bool wasHere = change.before && kindOf(*change.before) == mKind;
        const bool isHere = change.after && kindOf(*change.after) == mKind;
        const int row = wasHere ? rowOf(infoOf(*change.before).id) : -1;
        if (row >= 0 && isHere) {
            const std::string& oldId = infoOf(*change.before).id;
            const std::string& newId = infoOf(*change.after).id;
            if (oldId != newId) {
                // Refusal marks follow the part to its new id.
                for (auto it = mRejections.lower_bound({oldId, std::string()});
                     it != mRejections.end() && it->first.first == oldId;) {
                    mRejections.emplace(std::make_pair(newId, it->first.second), it->second);
                    it = mRejections.erase(it);
                }
            }
            // Only the cells that changed: a sorted view re-sorts a row only
            // when its sort column changed, which with 100,000 rows is the
            // difference between a frame and a stall.
            int first = -1;
            int last = -1;
            for (int column = 0; column < columnCount(); ++column) {
                const FieldSpec& spec = *mFields[static_cast<std::size_t>(column)];
                if (!sameValue(spec.view(*change.before), spec.view(*change.after))) {
                    first = first < 0 ? column : first;
                    last = column;
                }
            }
            if (infoOf(*change.before).estimatedFields != infoOf(*change.after).estimatedFields
                || infoOf(*change.before).source != infoOf(*change.after).source) {
                first = 0; // estimate marks and tooltips of every cell
                last = columnCount() - 1;
            }
            mParts[static_cast<std::size_t>(row)] = *change.after;
            mSearchTexts[static_cast<std::size_t>(row)].clear();
            mPreparedUpTo = std::min(mPreparedUpTo, static_cast<std::size_t>(row));
            if (first >= 0)
                emit dataChanged(index(row, first), index(row, last));
        } else if (row >= 0) {
            beginRemoveRows({}, row, row);
            mParts.erase(mParts.begin() + row);
            mSearchTexts.erase(mSearchTexts.begin() + row);
            mPreparedUpTo = std::min(mPreparedUpTo, static_cast<std::size_t>(row));
            endRemoveRows();
        } else if (isHere) {
            const int end = rowCount();
            beginInsertRows({}, end, end);
            mParts.push_back(*change.after);
            mSearchTexts.emplace_back();
            endInsertRows();
        }
    }
}

int PartTableModel::columnOf(std::string_view key) const
{
    for (std::size_t i = 0; i < mFields.size(); ++i) {
        if (mFields[i]->key == key)
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
    const FieldSpec& spec = *mFields[static_cast<std::size_t>(index.column())];
    const bool estimated = infoOf(part).isEstimated(spec.key);
    switch (role) {
    case Qt::DisplayRole: {
        if (spec.type == FieldType::Flag)
            return {};
        QString text = toQString(formatFieldValue(spec.get(part)));
        if (estimated && !text.isEmpty())
            text += QStringLiteral("*");
        return text;
    }
    case Qt::EditRole:
        return fieldEditText(spec.get(part));
    case Qt::CheckStateRole:
        if (spec.type != FieldType::Flag)
            return {};
    {
        const FieldValue value = spec.get(part);
        const auto* flag = std::get_if<bool>(&value);
        // An optional flag not stated by the datasheet (secure boot, DPU)
        // shows as neither yes nor no.
        if (!flag)
            return Qt::PartiallyChecked;
        return *flag ? Qt::Checked : Qt::Unchecked;
    }
    case Qt::BackgroundRole:
        if (!rejection(index).isEmpty())
            return QColor(255, 0, 0, 60);
        return {};
    case SortRole: {
        const FieldValue value = spec.get(part);
        if (const auto* number = std::get_if<double>(&value))
            return *number;
        return toQString(formatFieldValue(value)).toLower();
    }
    case Qt::ToolTipRole: {
        if (const QString refused = rejection(index); !refused.isEmpty())
            return tr("Not accepted: %1").arg(refused);
        QString tip = toQString(spec.label);
        if (!spec.unit.empty())
            tip += QStringLiteral(" (") + toQString(spec.unit) + QStringLiteral(")");
        if (!spec.help.empty())
            tip += QStringLiteral("\n") + toQString(spec.help);
        if (estimated)
            tip += tr("\nEstimate — see the part's source and notes.");
        if (spec.key == "price_usd" && !displayCurrency().isUsd()) {
            // Prices are kept in USD; the tooltip shows them converted.
            const FieldValue price = spec.get(part);
            if (const auto* usd = std::get_if<double>(&price))
                tip += QStringLiteral("\n≈ ") + formatUsd(*usd) + QLatin1Char(' ')
                    + currencyRateNote();
        }
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

Qt::ItemFlags PartTableModel::flags(const QModelIndex& index) const
{
    Qt::ItemFlags result = QAbstractTableModel::flags(index);
    if (!index.isValid() || !mEditor)
        return result;
    if (mFields[static_cast<std::size_t>(index.column())]->type == FieldType::Flag)
        return result | Qt::ItemIsUserCheckable;
    return result | Qt::ItemIsEditable;
}

std::pair<std::string, std::string> PartTableModel::cellKey(const QModelIndex& index) const
{
    return {infoOf(mParts[static_cast<std::size_t>(index.row())]).id,
            std::string(mFields[static_cast<std::size_t>(index.column())]->key)};
}

QString PartTableModel::rejection(const QModelIndex& index) const
{
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    const auto it = mRejections.find(cellKey(index));
    return it == mRejections.end() ? QString() : it->second;
}

bool PartTableModel::setData(const QModelIndex& index, const QVariant& value, int role)
{
    if (!mEditor
        || !checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return false;
    const FieldSpec& spec = *mFields[static_cast<std::size_t>(index.column())];
    const auto key = cellKey(index);
    std::optional<FieldValue> parsed;
    QString error;
    if (role == Qt::CheckStateRole && spec.type == FieldType::Flag)
        parsed.emplace(std::in_place_type<bool>, value.toInt() == Qt::Checked);
    else if (role == Qt::EditRole)
        parsed = parseFieldText(spec, value.toString(), &error);
    else
        return false;
    if (parsed)
        error = mEditor->setField(key.first, spec, *parsed);
    if (!error.isEmpty()) {
        mRejections[key] = error;
        emit dataChanged(index, index, {Qt::BackgroundRole, Qt::ToolTipRole});
        emit editRejected(error);
        return false;
    }
    mRejections.erase(key);
    return true;
}

QVariant PartTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= columnCount())
        return QAbstractTableModel::headerData(section, orientation, role);
    const FieldSpec& spec = *mFields[static_cast<std::size_t>(section)];
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
