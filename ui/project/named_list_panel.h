// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QWidget>

class QListWidget;
class QToolButton;

namespace infrafit::ui {

/// A list of named items (workloads, configurations) with Add, Duplicate
/// and Delete buttons. Emits requests; the owning page changes the project.
class NamedListPanel : public QWidget {
    Q_OBJECT

public:
    NamedListPanel(const QString& objectPrefix, const QString& itemNoun, QWidget* parent = nullptr);

    void setNames(const QStringList& names);
    [[nodiscard]] int currentRow() const;
    void setCurrentRow(int row);
    [[nodiscard]] QListWidget* list() const { return mList; }

signals:
    void currentRowChanged(int row);
    void addRequested();
    void duplicateRequested(int row);
    void deleteRequested(int row);

private:
    QListWidget* mList = nullptr;
};

} // namespace infrafit::ui
