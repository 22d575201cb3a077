// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/parts/part.h"

#include <QWidget>

#include <array>

class QAction;
class QComboBox;
class QLabel;
class QLineEdit;
class QTabWidget;
class QTableView;
class QTimer;

namespace infrafit::ui {

class CatalogEditor;
class PartFilterProxyModel;
class PartTableModel;
class SoftwarePanel;
struct PartChange;

/// The catalog editor: one tab per part kind, each a sortable table
/// filtered by the text box (any field) and by one field of the shown kind
/// with a condition (contains, >=, <=, =; the field's unit shown); cells edit in place through the CatalogEditor
/// (validated, undoable, saved to the database at once); add, duplicate,
/// delete, import and export act on the current tab. A second tab of the
/// area, "Software compatibility", edits the catalog's software rows
/// (SoftwarePanel).
class CatalogPage : public QWidget {
    Q_OBJECT

public:
    /// Edit > Find (Ctrl+F): the filter field focused, its text selected.
    void focusFilter();
    explicit CatalogPage(CatalogEditor* editor, QWidget* parent = nullptr);

    [[nodiscard]] PartTableModel* model(PartKind kind) const;
    [[nodiscard]] PartFilterProxyModel* proxy(PartKind kind) const;
    [[nodiscard]] QTableView* view(PartKind kind) const;
    [[nodiscard]] QTabWidget* tabs() const { return mTabs; }
    [[nodiscard]] SoftwarePanel* softwarePanel() const { return mSoftware; }
    /// Shows the "Software compatibility" tab (true) or the parts (false).
    void showSoftware(bool show = true);
    [[nodiscard]] PartKind currentKind() const;
    void setCurrentKind(PartKind kind);

    void addPart();
    void duplicateSelected();
    void deleteSelected();
    void importFile();
    void exportFile();

private:
    void refresh();
    void applyChanges(const std::vector<PartChange>& changes);
    void applyFilter(const QString& text);
    /// Fills the field chooser with the shown kind's fields, keeping the
    /// chosen field when the kind has it.
    void fillFieldChooser();
    void fieldChosen();
    void applyFieldFilter();
    void updateTabTitles();
    /// Builds the tables' search texts a slice per idle turn, so typing the
    /// first letter of a filter over 100,000 parts is not a long stall.
    void prepareSearchTexts();
    void showMessage(const QString& text, bool isError);
    [[nodiscard]] std::vector<std::string> selectedIds() const;
    void selectId(const std::string& id);

    CatalogEditor* mEditor = nullptr;
    QLineEdit* mFilterEdit = nullptr;
    QComboBox* mFieldCombo = nullptr;
    QComboBox* mConditionCombo = nullptr;
    QLineEdit* mFieldValueEdit = nullptr;
    QLabel* mFieldUnitLabel = nullptr;
    PartKind mFieldFilterKind = PartKind::Gpu;
    QTabWidget* mTabs = nullptr;
    QTabWidget* mArea = nullptr; ///< "Parts" | "Software compatibility"
    SoftwarePanel* mSoftware = nullptr;
    QLabel* mMessageLabel = nullptr;
    std::array<PartTableModel*, partKindCount> mModels{};
    std::array<PartFilterProxyModel*, partKindCount> mProxies{};
    std::array<QTableView*, partKindCount> mViews{};
    bool mColumnsSized = false;
    QTimer* mSearchPreparation = nullptr;
};

} // namespace infrafit::ui
