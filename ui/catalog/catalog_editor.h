// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "catalog/catalog_store.h"
#include "core/parts/field_spec.h"

#include <QObject>
#include <QString>

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

class QTimer;
class QUndoCommand;
class QUndoStack;

namespace infrafit::ui {

/// One part before and after a catalog change: an added part has no
/// `before`, a removed one no `after`; an edit may change the id.
struct PartChange {
    std::optional<Part> before;
    std::optional<Part> after;
};

/// Every change to the catalog goes through here: each is validated first,
/// then pushed as an undo command that writes to the SQLite store at once
/// (so nothing is lost on a crash). Holds the catalog's undo stack and a
/// cached copy of the parts (ordered by kind, then id, as the store lists
/// them). After a command only the parts it touched are re-read from the
/// store, so an edit costs the same with 75 parts or 100,000.
///
/// Other programs may write the same database (infrafit-cli, a second
/// window): a timer polls the store's data_version and re-reads the parts
/// whose row version changed (checkForChanges). A field edit writes only
/// that field, guarded by the row version the cache holds; when the part
/// changed meanwhile and that very field differs from what the user saw,
/// the user chooses (Dialogs::choose) between keeping the other program's
/// value (choice 0, the default) and overwriting it with the edit (1). A
/// change to other fields of the part is kept and the edit applied. GUI
/// thread only.
class CatalogEditor : public QObject {
    Q_OBJECT

public:
    explicit CatalogEditor(catalog::CatalogStore& store, QObject* parent = nullptr);

    [[nodiscard]] QUndoStack* undoStack() const { return mUndoStack; }
    [[nodiscard]] const std::vector<Part>& parts() const { return mParts; }
    /// The cached part `id`, or nullptr: a binary search per kind.
    [[nodiscard]] const Part* findPart(std::string_view id) const;
    [[nodiscard]] catalog::CatalogStore& store() { return mStore; }
    /// The catalog's software compatibility rows as last read: what every
    /// analysis, recommendation, BOM and portfolio of this window checks
    /// against (the shipped table only seeds a new catalog).
    [[nodiscard]] const SoftwareTable& softwareTable() const { return mSoftware; }

    /// Each returns an empty string on success, else why nothing changed.
    QString setField(const std::string& id, const FieldSpec& field, const FieldValue& value);
    QString addPart(const Part& part);
    QString duplicatePart(const std::string& id);
    QString removeParts(const std::vector<std::string>& ids);
    QString importParts(const std::vector<Part>& parts);
    /// Adds `row`, or replaces the row of architecture `replacing` (empty:
    /// add; the row may rename it), as one undo step written to the store
    /// at once. Refused with every problem (the catalog file reader's rules:
    /// source and date required, known stack, frameworks and features,
    /// version texts with a number) or when the architecture is taken.
    QString putSoftwareRow(const SoftwareCompat& row, const std::string& replacing = {});
    /// Removes the row of `architecture` as one undo step.
    QString removeSoftwareRow(const std::string& architecture);
    /// Why `row` cannot be stored as it is ("" when it can); `replacing` as above.
    [[nodiscard]] QString softwareRowProblems(const SoftwareCompat& row,
                                              const std::string& replacing = {}) const;

    /// A valid new part of `kind` with an unused id, for the user to edit.
    [[nodiscard]] Part newPartTemplate(PartKind kind) const;
    /// `base`, or `base-2`, `base-3`… whichever is not yet used.
    [[nodiscard]] std::string unusedId(const std::string& base) const;

    /// Re-reads the whole store (another process may have written to it).
    void reload();
    /// When another connection committed since the last look (PRAGMA
    /// data_version), re-reads the parts it added, changed or removed (all
    /// of them when many changed) and emits partsEdited/partsChanged like a
    /// command. Returns true when the cache changed. Run by a timer every
    /// watchInterval() ms; tests call it directly.
    bool checkForChanges();
    /// The row version the cache holds for part `id` (0 when none).
    [[nodiscard]] std::int64_t cachedVersion(std::string_view id) const;
    static constexpr int watchIntervalMs = 1000;

signals:
    /// The cached parts changed (after every command and every reload).
    void partsChanged();
    /// Emitted before partsChanged() when a command changed these parts
    /// (and nothing else): views update these rows instead of resetting.
    void partsEdited(const std::vector<infrafit::ui::PartChange>& changes);
    /// Emitted before partsChanged() when the whole cache was re-read.
    void partsReloaded();
    /// A command could not be applied to the database (e.g. it is busy).
    void errorOccurred(const QString& message);
    /// A part's id was changed through setField (after the change is stored).
    void partRenamed(const QString& oldId, const QString& newId);
    /// The software compatibility rows changed (a command, a reload, or
    /// another program's write).
    void softwareChanged();

private:
    friend class CatalogCommand;
    friend class CmdPartFieldSet;
    friend class CmdSoftwareRowSet;
    /// Runs a store operation on the software rows for an undo command and
    /// re-reads them; false (reported) when the operation failed.
    bool applySoftware(const std::function<void(catalog::CatalogStore&)>& operation);
    /// Re-reads the software rows; emits softwareChanged() when they differ.
    void reloadSoftware();
    /// Writes `value` into `field` of part `id` for an undo command, guarded
    /// by the cached row version; `seen` is the value the user saw (the
    /// command's other side). Resolves a conflict as the class comment says.
    /// Re-reads the part either way; false when nothing was written.
    bool writeField(const std::string& id, const FieldSpec& field, const FieldValue& seen,
                    const FieldValue& value);
    /// Re-reads the parts stored under `ids` into the cache (with their row
    /// versions) and emits partsEdited/partsChanged when any changed; false
    /// when the store cannot be read (then everything is re-read).
    bool refresh(const std::vector<std::string>& ids);
    /// Runs a store operation for an undo command, then re-reads the parts
    /// stored under `ids` (old and new ids of every part the operation may
    /// touch) so the cache matches the database even when it failed.
    bool apply(const std::function<void(catalog::CatalogStore&)>& operation,
               const std::vector<std::string>& ids);
    /// Pushes (and so runs) `command`; returns why it failed, or empty.
    QString push(QUndoCommand* command);
    /// Where the part `id` is cached (a binary search per kind), or end.
    [[nodiscard]] std::vector<Part>::const_iterator locate(std::string_view id) const;
    /// Puts `part` into the cache in order, replacing a part of the same id.
    void storeCached(Part part);

    catalog::CatalogStore& mStore;
    QUndoStack* mUndoStack = nullptr;
    /// Ordered by kind, then id (byte order), so a lookup is a binary search.
    std::vector<Part> mParts;
    /// Row version of every cached part, as last read (see checkForChanges).
    std::unordered_map<std::string, std::int64_t> mVersions;
    std::int64_t mDataVersion = 0;
    QTimer* mWatchTimer = nullptr;
    QString mLastError;
    SoftwareTable mSoftware;
};

} // namespace infrafit::ui
