// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QSortFilterProxyModel>

#include <optional>
#include <string>
#include <vector>

class QTimer;

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
/// Before a filter change or a sort it ranks every row once by the sort
/// column, so re-inserting the rows a cleared filter brings back compares
/// two integers instead of two parts scattered over 57 MB.
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

    void setSourceModel(QAbstractItemModel* model) override;
    void sort(int column, Qt::SortOrder order = Qt::AscendingOrder) override;
    /// Whether the rows are ranked for the sort column (for tests).
    [[nodiscard]] bool hasSortRanks() const { return !mRanks.empty(); }

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override;
    bool lessThan(const QModelIndex& left, const QModelIndex& right) const override;

private:
    [[nodiscard]] bool fieldAccepts(int sourceRow) const;
    /// Ranks every source row by `column` (ties by id) unless already done.
    void prepareSortRanks(int column);
    /// Forgets the ranks when a source change may reorder rows, and ranks
    /// again once the event loop is idle (with a filter on or 10,000 rows).
    void dropSortRanks();
    [[nodiscard]] bool filtering() const { return !mText.isEmpty() || mColumn >= 0; }

    QString mText;
    std::string mNeedle; ///< mText lower-cased, UTF-8
    int mColumn = -1;
    FieldCondition mCondition = FieldCondition::Contains;
    QString mValueText;
    double mValue = 0;
    /// Each source row's place in the sort column's order; empty when stale.
    std::vector<int> mRanks;
    int mRanksColumn = -1;
    int mIdColumn = -1;
    QTimer* mRankTimer = nullptr;
    std::vector<QMetaObject::Connection> mSourceConnections;
};

} // namespace infrafit::ui
