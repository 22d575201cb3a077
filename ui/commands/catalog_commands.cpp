// SPDX-License-Identifier: Apache-2.0
#include "ui/commands/catalog_commands.h"

#include "ui/catalog/catalog_editor.h"
#include "ui/qt_text.h"

#include <QCoreApplication>

#include <set>

namespace infrafit::ui {
namespace {

std::vector<std::string> idsOf(const std::vector<Part>& parts)
{
    std::vector<std::string> ids;
    ids.reserve(parts.size());
    for (const auto& part : parts)
        ids.push_back(infoOf(part).id);
    return ids;
}

} // namespace

CatalogCommand::CatalogCommand(CatalogEditor& editor, const QString& text) : mEditor(editor)
{
    setText(text);
}

void CatalogCommand::run(const std::function<void(catalog::CatalogStore&)>& operation,
                         const std::vector<std::string>& ids)
{
    if (!mEditor.apply(operation, ids))
        setObsolete(true);
}

CmdPartFieldSet::CmdPartFieldSet(CatalogEditor& editor, std::string id, const FieldSpec& field,
                                 FieldValue before, FieldValue after, const QString& text)
    : CatalogCommand(editor, text), mId(std::move(id)), mField(&field),
      mBefore(std::move(before)), mAfter(std::move(after))
{
}

void CmdPartFieldSet::redo()
{
    if (!editor().writeField(mId, *mField, mBefore, mAfter))
        setObsolete(true);
}

void CmdPartFieldSet::undo()
{
    if (!editor().writeField(mId, *mField, mAfter, mBefore))
        setObsolete(true);
}

namespace {

/// Refuses to replace part `id` when its stored row version is not the one
/// the editor's cache holds: another program changed it meanwhile.
void requireUnchanged(const CatalogEditor& editor, catalog::CatalogStore& store,
                      const std::string& id)
{
    const auto stored = store.version(id);
    if (stored && *stored != editor.cachedVersion(id))
        throw catalog::StoreError(catalog::StoreErrorKind::Conflict,
                                  store.path() + ": part \"" + id
                                      + "\" was changed by another program meanwhile; the table "
                                        "now shows its current state, edit it again");
}

} // namespace

CmdPartReplace::CmdPartReplace(CatalogEditor& editor, Part before, Part after, const QString& text)
    : CatalogCommand(editor, text), mBefore(std::move(before)), mAfter(std::move(after))
{
}

void CmdPartReplace::redo()
{
    run([this](catalog::CatalogStore& store) {
        requireUnchanged(editor(), store, infoOf(mBefore).id);
        store.update(infoOf(mBefore).id, mAfter);
    },
        {infoOf(mBefore).id, infoOf(mAfter).id});
}

void CmdPartReplace::undo()
{
    run([this](catalog::CatalogStore& store) {
        requireUnchanged(editor(), store, infoOf(mAfter).id);
        store.update(infoOf(mAfter).id, mBefore);
    },
        {infoOf(mBefore).id, infoOf(mAfter).id});
}

CmdPartAdd::CmdPartAdd(CatalogEditor& editor, Part part)
    : CatalogCommand(editor, QCoreApplication::translate("CatalogEditor", "Add %1")
                                 .arg(toQString(infoOf(part).id))),
      mPart(std::move(part))
{
}

void CmdPartAdd::redo()
{
    run([this](catalog::CatalogStore& store) { store.add(mPart); }, {infoOf(mPart).id});
}

void CmdPartAdd::undo()
{
    run([this](catalog::CatalogStore& store) { store.remove(infoOf(mPart).id); },
        {infoOf(mPart).id});
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
    run(
        [this](catalog::CatalogStore& store) {
            for (const auto& part : mRemoved)
                store.remove(infoOf(part).id);
        },
        idsOf(mRemoved));
}

void CmdPartsRemove::undo()
{
    run([this](catalog::CatalogStore& store) { store.importParts(mRemoved); }, idsOf(mRemoved));
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
    run([this](catalog::CatalogStore& store) { store.importParts(mImported); },
        idsOf(mImported));
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
    }, idsOf(mImported));
}

CmdSoftwareRowSet::CmdSoftwareRowSet(CatalogEditor& editor, std::optional<SoftwareCompat> before,
                                     std::optional<SoftwareCompat> after, const QString& text)
    : mEditor(editor), mBefore(std::move(before)), mAfter(std::move(after))
{
    setText(text);
}

void CmdSoftwareRowSet::change(const std::optional<SoftwareCompat>& from,
                               const std::optional<SoftwareCompat>& to)
{
    const bool ok = mEditor.applySoftware([&](catalog::CatalogStore& store) {
        if (from && (!to || from->architecture != to->architecture))
            store.removeSoftware(from->architecture);
        if (to)
            store.putSoftware(*to);
    });
    if (!ok)
        setObsolete(true);
}

void CmdSoftwareRowSet::redo() { change(mBefore, mAfter); }

void CmdSoftwareRowSet::undo() { change(mAfter, mBefore); }

} // namespace infrafit::ui
