// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/software/software_compat.h"

#include <QWidget>

#include <string>

class QComboBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;
class QTableView;

namespace infrafit::ui {

class CatalogEditor;
class SoftwareTableModel;

/// The Catalog area's "Software compatibility" tab: the catalog's software
/// rows (the table every analysis, recommendation, BOM and portfolio checks
/// against) in a table, and a form to add, edit and remove them. A row is
/// stored only when it passes the catalog file reader's rules (a source and
/// the date it was checked, known stack, frameworks, features and
/// precisions, version texts with a number); otherwise every problem is
/// listed and nothing changes. Each change is one step on the catalog's
/// undo stack (CmdSoftwareRowSet). Keyboard: Delete removes the selected
/// row, Ctrl+Return applies the form. GUI thread only.
class SoftwarePanel : public QWidget {
    Q_OBJECT

public:
    explicit SoftwarePanel(CatalogEditor* editor, QWidget* parent = nullptr);

    [[nodiscard]] SoftwareTableModel* model() const { return mModel; }
    [[nodiscard]] QTableView* view() const { return mView; }
    /// The architecture the form edits ("" for a new row).
    [[nodiscard]] const std::string& editing() const { return mEditing; }

    /// Shows the row of `architecture` in the form (and selects it).
    void editRow(const std::string& architecture);
    /// Clears the form for a new row (dated today).
    void newRow();
    /// Stores the form as a row; returns the problems shown ("" when stored).
    QString applyForm();
    /// Removes the selected row.
    void removeSelected();

protected:
    /// Delete on the table removes the row; Ctrl+Return in a form field applies.
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void loadForm(const SoftwareCompat& row);
    void showMessage(const QString& text, bool isError);
    void selectEditing();

    CatalogEditor* mEditor;
    SoftwareTableModel* mModel = nullptr;
    QTableView* mView = nullptr;
    std::string mEditing;
    QLineEdit* mArchitecture = nullptr;
    QLineEdit* mVendor = nullptr;
    QComboBox* mStack = nullptr;
    QLineEdit* mMinDriver = nullptr;
    QLineEdit* mLastDriver = nullptr;
    QLineEdit* mMinToolkit = nullptr;
    QLineEdit* mLastToolkit = nullptr;
    QLineEdit* mRecommendedDriver = nullptr;
    QLineEdit* mRecommendedToolkit = nullptr;
    QLineEdit* mContainerImage = nullptr;
    QLineEdit* mPrecisions = nullptr;
    QLineEdit* mEndOfSupport = nullptr;
    QLineEdit* mSource = nullptr;
    QLineEdit* mSourceDate = nullptr;
    QPlainTextEdit* mNotes = nullptr;
    QPlainTextEdit* mFrameworks = nullptr;
    QLabel* mMessage = nullptr;
    QLabel* mFormTitle = nullptr;
};

} // namespace infrafit::ui
