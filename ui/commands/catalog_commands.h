// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "catalog/catalog_store.h"
#include "core/parts/field_spec.h"
#include "core/parts/part.h"
#include "core/software/software_compat.h"

#include <QUndoCommand>

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace infrafit::ui {

class CatalogEditor;

/// Base of the catalog's undo commands: each redo()/undo() writes to the
/// store through the editor; a write that fails is reported and the command
/// marks itself obsolete so the stack drops it.
class CatalogCommand : public QUndoCommand {
public:
    CatalogCommand(CatalogEditor& editor, const QString& text);

protected:
    [[nodiscard]] CatalogEditor& editor() const { return mEditor; }
    /// Runs `operation`; `ids` are the ids of every part it may add, change
    /// or remove (old and new), which the editor then re-reads.
    void run(const std::function<void(catalog::CatalogStore&)>& operation,
             const std::vector<std::string>& ids);

private:
    CatalogEditor& mEditor;
};

/// Sets one field (not the id) of one part: writes only that column,
/// guarded by the part's row version (CatalogEditor::writeField).
class CmdPartFieldSet : public CatalogCommand {
public:
    CmdPartFieldSet(CatalogEditor& editor, std::string id, const FieldSpec& field,
                    FieldValue before, FieldValue after, const QString& text);
    void redo() override;
    void undo() override;

private:
    std::string mId;
    const FieldSpec* mField;
    FieldValue mBefore;
    FieldValue mAfter;
};

/// Replaces one part by an edited copy (an id edit), refused when another
/// program changed the part since the cache read it.
class CmdPartReplace : public CatalogCommand {
public:
    CmdPartReplace(CatalogEditor& editor, Part before, Part after, const QString& text);
    void redo() override;
    void undo() override;

private:
    Part mBefore;
    Part mAfter;
};

/// Adds a new part.
class CmdPartAdd : public CatalogCommand {
public:
    CmdPartAdd(CatalogEditor& editor, Part part);
    void redo() override;
    void undo() override;

private:
    Part mPart;
};

/// Removes parts; undo puts them back.
class CmdPartsRemove : public CatalogCommand {
public:
    CmdPartsRemove(CatalogEditor& editor, std::vector<Part> removed);
    void redo() override;
    void undo() override;

private:
    std::vector<Part> mRemoved;
};

/// Imports parts (adds or replaces); undo removes the added ones and
/// restores the replaced ones.
class CmdPartsImport : public CatalogCommand {
public:
    CmdPartsImport(CatalogEditor& editor, std::vector<Part> imported, std::vector<Part> replaced);
    void redo() override;
    void undo() override;

private:
    std::vector<Part> mImported;
    std::vector<Part> mReplaced;
};

/// Adds (no `before`), edits (both; the architecture may change) or
/// removes (no `after`) one software compatibility row; undo does the
/// opposite. Written to the store when it runs (CatalogEditor::applySoftware).
class CmdSoftwareRowSet : public QUndoCommand {
public:
    CmdSoftwareRowSet(CatalogEditor& editor, std::optional<SoftwareCompat> before,
                      std::optional<SoftwareCompat> after, const QString& text);
    void redo() override;
    void undo() override;

private:
    void change(const std::optional<SoftwareCompat>& from, const std::optional<SoftwareCompat>& to);

    CatalogEditor& mEditor;
    std::optional<SoftwareCompat> mBefore;
    std::optional<SoftwareCompat> mAfter;
};

} // namespace infrafit::ui
