// SPDX-License-Identifier: Apache-2.0
#include "ui/catalog/part_filter_proxy_model.h"

#include "ui/catalog/part_table_model.h"

#include <QLocale>
#include <QRegularExpression>

#include <algorithm>
#include <cmath>

namespace infrafit::ui {
namespace {

/// Case-insensitive order of two UTF-8 texts without allocating for ASCII,
/// the common case (ids, vendors, models): sorting 100,000 rows makes
/// about two million comparisons.
int compareText(std::string_view a, std::string_view b)
{
    const std::size_t n = std::min(a.size(), b.size());
    for (std::size_t i = 0; i < n; ++i) {
        const auto x = static_cast<unsigned char>(a[i]);
        const auto y = static_cast<unsigned char>(b[i]);
        if (x >= 0x80 || y >= 0x80)
            return QString::compare(QString::fromUtf8(a.substr(i)), QString::fromUtf8(b.substr(i)),
                                    Qt::CaseInsensitive);
        const int lx = (x >= 'A' && x <= 'Z') ? x + 32 : x;
        const int ly = (y >= 'A' && y <= 'Z') ? y + 32 : y;
        if (lx != ly)
            return lx < ly ? -1 : 1;
    }
    return a.size() == b.size() ? 0 : (a.size() < b.size() ? -1 : 1);
}

/// -1, 0 or 1 as `a` sorts before, with or after `b`, for values borrowed
/// from the parts: absent values last, numbers by value, text and lists
/// without case, flags false first.
int compareViews(const FieldView& a, const FieldView& b)
{
    const bool aEmpty = std::holds_alternative<std::monostate>(a);
    const bool bEmpty = std::holds_alternative<std::monostate>(b);
    if (aEmpty || bEmpty)
        return aEmpty == bEmpty ? 0 : (aEmpty ? 1 : -1);
    if (const auto* x = std::get_if<double>(&a)) {
        if (const auto* y = std::get_if<double>(&b))
            return *x < *y ? -1 : (*y < *x ? 1 : 0);
    }
    if (const auto* x = std::get_if<bool>(&a)) {
        if (const auto* y = std::get_if<bool>(&b))
            return *x == *y ? 0 : (*x ? 1 : -1);
    }
    if (const auto* x = std::get_if<std::string_view>(&a)) {
        if (const auto* y = std::get_if<std::string_view>(&b))
            return compareText(*x, *y);
    }
    if (const auto* x = std::get_if<std::span<const std::string>>(&a)) {
        if (const auto* y = std::get_if<std::span<const std::string>>(&b))
            return compareText(formatList(*x), formatList(*y));
    }
    return a.index() < b.index() ? -1 : (a.index() > b.index() ? 1 : 0); // one field: never
}

} // namespace

PartFilterProxyModel::PartFilterProxyModel(QObject* parent) : QSortFilterProxyModel(parent)
{
    setSortRole(PartTableModel::SortRole);
}

std::optional<double> PartFilterProxyModel::parseNumber(const QString& text)
{
    // The leading number; a unit or other text may follow ("80 GB").
    static const QRegularExpression number(QStringLiteral(R"(^\s*([-+]?[0-9][0-9.,' ]*))"));
    const auto match = number.match(text);
    if (!match.hasMatch())
        return std::nullopt;
    const QString digits = match.captured(1).trimmed();
    bool ok = false;
    double value = QLocale().toDouble(digits, &ok);
    if (!ok)
        value = QLocale::c().toDouble(digits, &ok);
    if (!ok || !std::isfinite(value))
        return std::nullopt;
    return value;
}

void PartFilterProxyModel::setText(const QString& text)
{
    if (text == mText)
        return;
    mText = text;
    mNeedle = text.toLower().toStdString();
    invalidateRowsFilter();
}

bool PartFilterProxyModel::setFieldFilter(int column, FieldCondition condition,
                                          const QString& value)
{
    const QString trimmed = value.trimmed();
    bool valid = true;
    double number = 0;
    if (column >= 0 && !trimmed.isEmpty() && condition != FieldCondition::Contains) {
        const auto parsed = parseNumber(trimmed);
        valid = parsed.has_value();
        number = parsed.value_or(0);
    }
    if (!valid || trimmed.isEmpty())
        column = -1;
    if (column == mColumn && condition == mCondition && trimmed == mValueText && number == mValue)
        return valid;
    mColumn = column;
    mCondition = condition;
    mValueText = trimmed;
    mValue = number;
    invalidateRowsFilter();
    return valid;
}

void PartFilterProxyModel::clearFieldFilter()
{
    setFieldFilter(-1, FieldCondition::Contains, {});
}

bool PartFilterProxyModel::fieldAccepts(int sourceRow) const
{
    if (mColumn < 0)
        return true;
    const QModelIndex index = sourceModel()->index(sourceRow, mColumn);
    if (mCondition == FieldCondition::Contains)
        return index.data(Qt::DisplayRole).toString().contains(mValueText, Qt::CaseInsensitive);
    const QVariant sortValue = index.data(PartTableModel::SortRole);
    if (sortValue.typeId() != QMetaType::Double)
        return false; // absent or not a number: meets no numeric condition
    const double value = sortValue.toDouble();
    switch (mCondition) {
    case FieldCondition::AtLeast:
        return value >= mValue;
    case FieldCondition::AtMost:
        return value <= mValue;
    case FieldCondition::Equals:
        return std::fabs(value - mValue) <= 1e-9 * std::max(std::fabs(value), std::fabs(mValue));
    case FieldCondition::Contains:
        break;
    }
    return true;
}

bool PartFilterProxyModel::filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const
{
    if (sourceParent.isValid())
        return false;
    if (!fieldAccepts(sourceRow))
        return false;
    if (mText.isEmpty())
        return true;
    // A part table: search its cached row text (100,000 rows in milliseconds).
    if (const auto* parts = qobject_cast<const PartTableModel*>(sourceModel()))
        return parts->searchText(sourceRow).find(mNeedle) != std::string::npos;
    const int columns = sourceModel()->columnCount();
    for (int column = 0; column < columns; ++column) {
        const QString shown = sourceModel()->index(sourceRow, column).data().toString();
        if (shown.contains(mText, Qt::CaseInsensitive))
            return true;
    }
    return false;
}

bool PartFilterProxyModel::lessThan(const QModelIndex& left, const QModelIndex& right) const
{
    const auto* model = qobject_cast<const PartTableModel*>(sourceModel());
    if (!model || left.column() != right.column())
        return QSortFilterProxyModel::lessThan(left, right);
    const Part* a = model->partAt(left.row());
    const Part* b = model->partAt(right.row());
    const FieldSpec* field = model->fieldAt(left.column());
    if (!a || !b || !field)
        return QSortFilterProxyModel::lessThan(left, right);
    const int order = compareViews(field->view(*a), field->view(*b));
    if (order != 0)
        return order < 0;
    // Ties by id, so equal figures keep a stable, predictable order.
    return infoOf(*a).id < infoOf(*b).id;
}

} // namespace infrafit::ui
