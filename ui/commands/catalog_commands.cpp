// SPDX-License-Identifier: Apache-2.0
#include "ui/commands/catalog_commands.h"

#include "ui/catalog/catalog_editor.h"
#include "ui/qt_text.h"

#include <QCoreApplication>

#include <set>

namespace infrafit::ui {

CatalogCommand::CatalogCommand(CatalogEditor& editor, const QString& text) : mEditor(editor)
{
    setText(text);
}

void CatalogCommand::run(const std::function<void(catalog::CatalogStore&)>& operation)
{
    if (!mEditor.apply(operation))
        setObsolete(true);
}

CmdPartReplace::CmdPartReplace(CatalogEditor& editor, Part before, Part after, const QString& text)
    : CatalogCommand(editor, text), mBefore(std::move(before)), mAfter(std::move(after))
{
}

void CmdPartReplace::redo()
{
    run([this](catalog::CatalogStore& store) { store.update(infoOf(mBefore).id, mAfter); });
}

void CmdPartReplace::undo()
{
    run([this](catalog::CatalogStore& store) { store.update(infoOf(mAfter).id, mBefore); });
}

CmdPartAdd::CmdPartAdd(CatalogEditor& editor, Part part)
    : CatalogCommand(editor, QCoreApplication::translate("CatalogEditor", "Add %1")
                                 .arg(toQString(infoOf(part).id))),
      mPart(std::move(part))
{
}

void CmdPartAdd::redo()
{
    run([this](catalog::CatalogStore& store) { store.add(mPart); });
}

void CmdPartAdd::undo()
{
    run([this](catalog::CatalogStore& store) { store.remove(infoOf(mPart).id); });
}

CmdPartsRemove::CmdPartsRemove(CatalogEditor& editor, std::vector<Part> removed)
    : CatalogCommand(editor, removed.size() == 1
                                 ? QCoreApplication::translate("CatalogEditor", "Delete %1")
                                       .arg(toQString(infoOf(removed.front()).id))
                                 : QCoreApplication::translate("CatalogEditor", "Delete %n parts",
                                                               nullptr,
                                                               static_cast<int>(removed.size()))),
      mRemoved(std::move(removed))
{
}

void CmdPartsRemove::redo()
{
    run([this](catalog::CatalogStore& store) {
        for (const auto& part : mRemoved)
            store.remove(infoOf(part).id);
    });
}

void CmdPartsRemove::undo()
{
    run([this](catalog::CatalogStore& store) { store.importParts(mRemoved); });
}

CmdPartsImport::CmdPartsImport(CatalogEditor& editor, std::vector<Part> imported,
                               std::vector<Part> replaced)
    : CatalogCommand(editor, QCoreApplication::translate("CatalogEditor", "Import %n parts",
                                                         nullptr,
                                                         static_cast<int>(imported.size()))),
      mImported(std::move(imported)), mReplaced(std::move(replaced))
{
}

void CmdPartsImport::redo()
{
    run([this](catalog::CatalogStore& store) { store.importParts(mImported); });
}

void CmdPartsImport::undo()
{
    run([this](catalog::CatalogStore& store) {
        std::set<std::string> replacedIds;
        for (const auto& part : mReplaced)
            replacedIds.insert(infoOf(part).id);
        for (const auto& part : mImported) {
            if (!replacedIds.count(infoOf(part).id))
                store.remove(infoOf(part).id);
        }
        store.importParts(mReplaced);
    });
}

} // namespace infrafit::ui
