// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/project/project.h"

#include <QUndoCommand>

namespace infrafit::ui {

class ProjectDocument;

/// One edit of the open project: the whole project before and after.
/// Consecutive commands with the same non-empty merge key (typing in one
/// field of one row, e.g. "workload/5/sequence") merge into one undo step;
/// an empty key never merges. The key is compared as a whole string, so
/// edits of different rows, fields or kinds of row can never collide the
/// way arithmetic on integer ids did.
class CmdProjectEdit : public QUndoCommand {
public:
    CmdProjectEdit(ProjectDocument& document, Project before, Project after, const QString& text,
                   QString mergeKey);

    void redo() override;
    void undo() override;
    /// QUndoStack only offers commands of one id to mergeWith(); the key
    /// itself decides there.
    [[nodiscard]] int id() const override { return mMergeKey.isEmpty() ? -1 : 1; }
    bool mergeWith(const QUndoCommand* other) override;
    [[nodiscard]] const QString& mergeKey() const { return mMergeKey; }

private:
    ProjectDocument& mDocument;
    Project mBefore;
    Project mAfter;
    QString mMergeKey;
};

/// One edit of one workload (a form field): only that workload before and
/// after, so typing copies neither the project nor its other rows. Merges
/// as CmdProjectEdit does, with the same kind of key
/// ("workload/<row>/<field key>").
class CmdWorkloadEdit : public QUndoCommand {
public:
    CmdWorkloadEdit(ProjectDocument& document, std::size_t row, Workload before, Workload after,
                    const QString& text, QString mergeKey);

    void redo() override;
    void undo() override;
    [[nodiscard]] int id() const override { return mMergeKey.isEmpty() ? -1 : 2; }
    bool mergeWith(const QUndoCommand* other) override;

private:
    ProjectDocument& mDocument;
    std::size_t mRow;
    Workload mBefore;
    Workload mAfter;
    QString mMergeKey;
};

} // namespace infrafit::ui
