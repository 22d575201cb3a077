// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "catalog/catalog_store.h"

#include <QMainWindow>

#include <memory>

namespace infrafit::ui {

class CatalogPage;

/// The application window. Owns the open catalog store; shows the catalog
/// per part kind. Window geometry and state persist in QSettings. GUI thread.
class MainWindow : public QMainWindow {
    Q_OBJECT

public:
    explicit MainWindow(catalog::CatalogStore store, QWidget* parent = nullptr);
    ~MainWindow() override;

    [[nodiscard]] CatalogPage* catalogPage() const { return mCatalogPage; }
    /// Re-reads the catalog from the store.
    void reloadCatalog();

protected:
    void closeEvent(QCloseEvent* event) override;

private:
    void createActions();
    void restoreWindowState();

    catalog::CatalogStore mStore;
    CatalogPage* mCatalogPage = nullptr;
};

} // namespace infrafit::ui
