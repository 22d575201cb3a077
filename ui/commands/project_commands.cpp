// SPDX-License-Identifier: Apache-2.0
#include "ui/commands/project_commands.h"

#include "ui/project/project_document.h"

namespace infrafit::ui {

CmdProjectEdit::CmdProjectEdit(ProjectDocument& document, Project before, Project after,
                               const QString& text, QString mergeKey)
    : mDocument(document), mBefore(std::move(before)), mAfter(std::move(after)),
      mMergeKey(std::move(mergeKey))
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
    if (mMergeKey.isEmpty() || edit->mMergeKey != mMergeKey)
        return false;
    mAfter = edit->mAfter;
    return true;
}

} // namespace infrafit::ui
