// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/project/project.h"

#include <QUndoCommand>

namespace infrafit::ui {

class ProjectDocument;

/// One edit of the open project: the whole project before and after.
/// Commands with the same merge id (edits of one field in a row) merge.
class CmdProjectEdit : public QUndoCommand {
public:
    CmdProjectEdit(ProjectDocument& document, Project before, Project after, const QString& text,
                   int mergeId);

    void redo() override;
    void undo() override;
    [[nodiscard]] int id() const override { return mMergeId; }
    bool mergeWith(const QUndoCommand* other) override;

private:
    ProjectDocument& mDocument;
    Project mBefore;
    Project mAfter;
    int mMergeId;
};

} // namespace infrafit::ui
