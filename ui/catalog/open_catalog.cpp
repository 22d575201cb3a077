// SPDX-License-Identifier: Apache-2.0
#include "ui/catalog/open_catalog.h"

#include "catalog/catalog_lock.h"
#include "catalog/database_backup.h"
#include "ui/dialogs/dialogs.h"
#include "ui/qt_text.h"

#include <QCoreApplication>

namespace infrafit::ui {
namespace {

QString tr(const char* text)
{
    return QCoreApplication::translate("OpenCatalog", text);
}

} // namespace

std::optional<catalog::CatalogStore> openCatalog(const std::string& path, QWidget* parent)
{
    catalog::OpenOptions options;
    options.allowReadOnly = true; // edits then fail with a message saying why
    try {
        return catalog::CatalogStore::open(path, options);
    } catch (const catalog::StoreError& error) {
        using Kind = catalog::StoreErrorKind;
        if (error.kind() != Kind::NotADatabase && error.kind() != Kind::NewerSchema)
            throw;
        const QString why = error.kind() == Kind::NewerSchema
            ? tr("The catalog was written by a newer version of InfraFit, which this version "
                 "cannot read.")
            : tr("The catalog file is damaged or is not an InfraFit catalog.");
        // Another InfraFit process using it (an import, another window) may
        // be writing what this one cannot read: never offer to move it then.
        if (catalog::CatalogLock::inUse(path)) {
            Dialogs::warning(parent, tr("Catalog cannot be opened"),
                             tr("%1\n\n%2\n\nAnother InfraFit window or command has this "
                                "catalog open, so it was left unchanged. Close the other "
                                "InfraFit and start this one again.")
                                 .arg(why, QString::fromUtf8(error.what())));
            return std::nullopt;
        }
        // Quit is the default: moving the catalog aside is the user's call.
        const int choice = Dialogs::choose(
            parent, tr("Catalog cannot be opened"),
            tr("%1\n\n%2\n\nThe file was left unchanged. InfraFit can move it aside (nothing "
               "is deleted) and start a fresh catalog with the built-in parts, or quit so you "
               "can deal with it yourself.")
                .arg(why, QString::fromUtf8(error.what())),
            {tr("Quit"), tr("Back up and start a fresh catalog")});
        if (choice != 1)
            return std::nullopt;
        std::string backup;
        try {
            const catalog::CatalogLock lock = catalog::CatalogLock::exclusive(path);
            backup = catalog::backUpDatabase(path);
        } catch (const std::exception& backupError) {
            Dialogs::warning(parent, tr("Catalog cannot be opened"),
                             tr("The catalog could not be backed up, so it was left as it "
                                "is:\n\n%1")
                                 .arg(QString::fromUtf8(backupError.what())));
            return std::nullopt;
        }
        auto store = catalog::CatalogStore::open(path, options);
        Dialogs::information(parent, tr("Fresh catalog"),
                             tr("The old catalog was moved to:\n%1\n\nA fresh catalog with the "
                                "built-in parts is now at:\n%2")
                                 .arg(toQString(backup), toQString(path)));
        return store;
    }
}

} // namespace infrafit::ui
