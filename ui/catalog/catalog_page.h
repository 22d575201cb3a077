// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/parts/part.h"

#include <QWidget>

#include <array>

class QAction;
class QLabel;
class QLineEdit;
class QSortFilterProxyModel;
class QTabWidget;
class QTableView;

namespace infrafit::ui {

class CatalogEditor;
class PartTableModel;

/// The catalog editor: one tab per part kind, each a sortable table
/// filtered by the text box; cells edit in place through the CatalogEditor
/// (validated, undoable, saved to the database at once); add, duplicate,
/// delete, import and export act on the current tab.
class CatalogPage : public QWidget {
    Q_OBJECT

public:
    explicit CatalogPage(CatalogEditor* editor, QWidget* parent = nullptr);

    [[nodiscard]] PartTableModel* model(PartKind kind) const;
    [[nodiscard]] QTableView* view(PartKind kind) const;
    [[nodiscard]] QTabWidget* tabs() const { return mTabs; }
    [[nodiscard]] PartKind currentKind() const;
    void setCurrentKind(PartKind kind);

    void addPart();
    void duplicateSelected();
    void deleteSelected();
    void importFile();
    void exportFile();

private:
    void refresh();
    void applyFilter(const QString& text);
    void updateTabTitles();
    void showMessage(const QString& text, bool isError);
    [[nodiscard]] std::vector<std::string> selectedIds() const;
    void selectId(const std::string& id);

    CatalogEditor* mEditor = nullptr;
    QLineEdit* mFilterEdit = nullptr;
    QTabWidget* mTabs = nullptr;
    QLabel* mMessageLabel = nullptr;
    std::array<PartTableModel*, 7> mModels{};
    std::array<QSortFilterProxyModel*, 7> mProxies{};
    std::array<QTableView*, 7> mViews{};
    bool mColumnsSized = false;
};

} // namespace infrafit::ui
