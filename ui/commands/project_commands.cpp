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

CmdWorkloadEdit::CmdWorkloadEdit(ProjectDocument& document, std::size_t row, Workload before,
                                 Workload after, const QString& text, QString mergeKey)
    : mDocument(document), mRow(row), mBefore(std::move(before)), mAfter(std::move(after)),
      mMergeKey(std::move(mergeKey))
{
    setText(text);
}

void CmdWorkloadEdit::redo()
{
    mDocument.setWorkload(mRow, mAfter);
}

void CmdWorkloadEdit::undo()
{
    mDocument.setWorkload(mRow, mBefore);
}

bool CmdWorkloadEdit::mergeWith(const QUndoCommand* other)
{
    const auto* edit = static_cast<const CmdWorkloadEdit*>(other);
    if (mMergeKey.isEmpty() || edit->mMergeKey != mMergeKey || edit->mRow != mRow)
        return false;
    mAfter = edit->mAfter;
    return true;
}

} // namespace infrafit::ui
