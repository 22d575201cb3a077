// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QWidget>

namespace infrafit::ui {

class NamedListPanel;
class ProjectDocument;
class WorkloadForm;

/// The project's workloads: a list and the form of the selected one. An
/// edit is checked by core (model and plan rules) and, when valid, applied
/// to the project as an undoable step; otherwise the problems are shown
/// and the project keeps its last valid state.
class WorkloadsPage : public QWidget {
    Q_OBJECT

public:
    explicit WorkloadsPage(ProjectDocument* document, QWidget* parent = nullptr);

    [[nodiscard]] WorkloadForm* form() const { return mForm; }
    [[nodiscard]] NamedListPanel* listPanel() const { return mList; }

signals:
    void currentWorkloadChanged(int index);

private:
    void refresh();
    void showCurrent();
    void applyForm(const QString& field, int fieldId);
    void addWorkload();
    void duplicateWorkload(int row);
    void deleteWorkload(int row);

    ProjectDocument* mDocument;
    NamedListPanel* mList = nullptr;
    WorkloadForm* mForm = nullptr;
};

} // namespace infrafit::ui
