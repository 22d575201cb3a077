// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "catalog/catalog_store.h"
#include "core/parts/field_spec.h"

#include <QObject>
#include <QString>

#include <functional>
#include <vector>

class QUndoStack;

namespace infrafit::ui {

/// Every change to the catalog goes through here: each is validated first,
/// then pushed as an undo command that writes to the SQLite store at once
/// (so nothing is lost on a crash). Holds the catalog's undo stack and a
/// cached copy of the parts, refreshed after each change. GUI thread only.
class CatalogEditor : public QObject {
    Q_OBJECT

public:
    explicit CatalogEditor(catalog::CatalogStore& store, QObject* parent = nullptr);

    [[nodiscard]] QUndoStack* undoStack() const { return mUndoStack; }
    [[nodiscard]] const std::vector<Part>& parts() const { return mParts; }
    [[nodiscard]] const Part* findPart(const std::string& id) const;
    [[nodiscard]] catalog::CatalogStore& store() { return mStore; }

    /// Each returns an empty string on success, else why nothing changed.
    QString setField(const std::string& id, const FieldSpec& field, const FieldValue& value);
    QString addPart(const Part& part);
    QString duplicatePart(const std::string& id);
    QString removeParts(const std::vector<std::string>& ids);
    QString importParts(const std::vector<Part>& parts);

    /// A valid new part of `kind` with an unused id, for the user to edit.
    [[nodiscard]] Part newPartTemplate(PartKind kind) const;
    /// `base`, or `base-2`, `base-3`… whichever is not yet used.
    [[nodiscard]] std::string unusedId(const std::string& base) const;

    /// Re-reads the store (after an undo command ran, or another process wrote).
    void reload();

signals:
    void partsChanged();
    /// A command could not be applied to the database (e.g. it is busy).
    void errorOccurred(const QString& message);

private:
    friend class CatalogCommand;
    /// Runs a store operation for an undo command; reports failure.
    bool apply(const std::function<void(catalog::CatalogStore&)>& operation);

    catalog::CatalogStore& mStore;
    QUndoStack* mUndoStack = nullptr;
    std::vector<Part> mParts;
};

} // namespace infrafit::ui
