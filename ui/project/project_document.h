// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/base/input_error.h"
#include "core/project/project.h"

#include <QObject>
#include <QString>

#include <functional>
#include <vector>

class QUndoStack;

namespace infrafit::ui {

/// The open project: its contents, its file and its undo stack. Every edit
/// is an undo command holding the project before and after (projects are a
/// few kilobytes), so undo is exact and `isModified()` is simply "the undo
/// stack is not clean". Saves are atomic (core/io/project_json). GUI thread.
class ProjectDocument : public QObject {
    Q_OBJECT

public:
    explicit ProjectDocument(QObject* parent = nullptr);

    [[nodiscard]] const Project& project() const { return mProject; }
    [[nodiscard]] const QString& filePath() const { return mFilePath; }
    [[nodiscard]] QUndoStack* undoStack() const { return mUndoStack; }
    [[nodiscard]] bool isModified() const;
    /// "name.infrafit.json" or "Untitled".
    [[nodiscard]] QString displayName() const;

    /// Replaces the project as one undoable step named `text`. Consecutive
    /// edits with the same non-empty `mergeKey` (typing in one field of one
    /// row: "workload/<row>/<field>") merge into one step.
    void apply(Project after, const QString& text, const QString& mergeKey = {});
    /// Replaces workload `row` as one undoable step (a form field's edit),
    /// merging like apply().
    void applyWorkload(std::size_t row, Workload after, const QString& text,
                       const QString& mergeKey = {});

    /// Starts a new, unsaved project (clears undo history).
    void reset(Project project);
    /// Opens a project file; throws InputError naming the file and pointer.
    /// Returns the members of the file it ignored (a misspelled key, a field
    /// of another program): the caller tells the user, since saving drops them.
    std::vector<Problem> open(const QString& path);
    /// Saves to `path` (atomic); throws FileWriteError. Marks clean. What is
    /// written passes through the save preparer first (the main window's
    /// embeds the parts the built-in catalog does not have).
    void saveAs(const QString& path);
    void setSavePreparer(std::function<Project(const Project&)> prepare)
    {
        mPrepareSave = std::move(prepare);
    }
    void save() { saveAs(mFilePath); }

signals:
    /// The contents changed (edit, undo, redo, open, new).
    void changed();
    void modifiedChanged(bool modified);
    void filePathChanged(const QString& path);

private:
    friend class CmdProjectEdit;
    friend class CmdWorkloadEdit;
    void setProject(Project project);
    void setWorkload(std::size_t row, Workload workload);

    Project mProject;
    QString mFilePath;
    std::function<Project(const Project&)> mPrepareSave;
    QUndoStack* mUndoStack = nullptr;
};

} // namespace infrafit::ui
