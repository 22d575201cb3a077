// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "ui/project/workload_form.h"

#include <QWidget>

namespace infrafit::ui {

class NamedListPanel;
class ProjectDocument;

/// The project's workloads: a list and the form of the selected one. An
/// edit changes one field of the selected workload; the result is checked
/// by core (the registry's ranges, model and plan rules) and, when valid,
/// applied as an undoable step on that workload alone; otherwise the
/// problems are shown and the project keeps its last valid state.
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
    void applyEdit(const WorkloadEdit& edit);
    void addWorkload();
    void duplicateWorkload(int row);
    void deleteWorkload(int row);

    ProjectDocument* mDocument;
    NamedListPanel* mList = nullptr;
    WorkloadForm* mForm = nullptr;
    /// Set while the page applies the form's own edit: the form already
    /// shows it, so the document's change does not refill the form.
    bool mApplying = false;
};

} // namespace infrafit::ui
