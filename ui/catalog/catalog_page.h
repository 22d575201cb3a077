// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/parts/part.h"

#include <QWidget>

#include <array>

class QLineEdit;
class QSortFilterProxyModel;
class QTabWidget;
class QTableView;

namespace infrafit::ui {

class PartTableModel;

/// The catalog, one tab per part kind, each a sortable table filtered by the
/// text box. setParts() distributes the parts to their kinds' tables.
class CatalogPage : public QWidget {
    Q_OBJECT

public:
    explicit CatalogPage(QWidget* parent = nullptr);

    void setParts(const std::vector<Part>& parts);
    [[nodiscard]] PartTableModel* model(PartKind kind) const;
    [[nodiscard]] QTableView* view(PartKind kind) const;
    [[nodiscard]] QTabWidget* tabs() const { return mTabs; }

private:
    void applyFilter(const QString& text);
    void updateTabTitles();

    QLineEdit* mFilterEdit = nullptr;
    QTabWidget* mTabs = nullptr;
    std::array<PartTableModel*, 7> mModels{};
    std::array<QSortFilterProxyModel*, 7> mProxies{};
    std::array<QTableView*, 7> mViews{};
};

} // namespace infrafit::ui
