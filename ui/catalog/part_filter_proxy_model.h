// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QSortFilterProxyModel>

#include <optional>
#include <string>

namespace infrafit::ui {

/// How a field filter compares a part's value with the typed value.
enum class FieldCondition {
    Contains, ///< the shown text contains the value (case-insensitive)
    AtLeast,  ///< number >= value
    AtMost,   ///< number <= value
    Equals    ///< number = value (to a relative 1e-9)
};

/// Sorts and filters one PartTableModel: a text that any shown cell must
/// contain, and a per-field condition ("Memory (GB) >= 80"). Sorting
/// compares the field values directly (numbers as numbers, text without
/// case), not formatted strings, so 100,000 rows sort quickly; a sorted
/// view keeps its order as single rows are inserted, changed or removed.
class PartFilterProxyModel : public QSortFilterProxyModel {
    Q_OBJECT

public:
    explicit PartFilterProxyModel(QObject* parent = nullptr);

    /// Rows some cell of which contains `text` (case-insensitive); all when empty.
    void setText(const QString& text);
    [[nodiscard]] const QString& text() const { return mText; }

    /// Rows whose `column` meets `condition` against `value`. A numeric
    /// condition needs a number (the field's unit may follow it, "80 GB");
    /// returns false and filters nothing by field when `value` is not one.
    /// Column -1 or an empty value turns the field filter off.
    bool setFieldFilter(int column, FieldCondition condition, const QString& value);
    void clearFieldFilter();
    [[nodiscard]] int fieldColumn() const { return mColumn; }

    /// Reads "80", "80 GB", "1,5" (in the user's locale) or "1.5" as a number.
    static std::optional<double> parseNumber(const QString& text);

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override;
    bool lessThan(const QModelIndex& left, const QModelIndex& right) const override;

private:
    [[nodiscard]] bool fieldAccepts(int sourceRow) const;

    QString mText;
    std::string mNeedle; ///< mText lower-cased, UTF-8
    int mColumn = -1;
    FieldCondition mCondition = FieldCondition::Contains;
    QString mValueText;
    double mValue = 0;
};

} // namespace infrafit::ui
