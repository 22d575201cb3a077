// SPDX-License-Identifier: Apache-2.0
#include "ui/commands/project_commands.h"

#include "ui/project/project_document.h"

namespace infrafit::ui {

CmdProjectEdit::CmdProjectEdit(ProjectDocument& document, Project before, Project after,
                               const QString& text, int mergeId)
    : mDocument(document), mBefore(std::move(before)), mAfter(std::move(after)), mMergeId(mergeId)
{
    setText(text);
}

void CmdProjectEdit::redo()
{
    mDocument.setProject(mAfter);
}

void CmdProjectEdit::undo()
{
    mDocument.setProject(mBefore);
}

bool CmdProjectEdit::mergeWith(const QUndoCommand* other)
{
    const auto* edit = static_cast<const CmdProjectEdit*>(other);
    if (edit->mMergeId != mMergeId || mMergeId < 0)
        return false;
    mAfter = edit->mAfter;
    return true;
}

} // namespace infrafit::ui
