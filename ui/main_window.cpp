// SPDX-License-Identifier: Apache-2.0
#include "ui/main_window.h"

#include "ui/catalog/catalog_page.h"
#include "ui/qt_text.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QMenuBar>
#include <QMessageBox>
#include <QSettings>
#include <QStatusBar>

namespace infrafit::ui {

MainWindow::MainWindow(catalog::CatalogStore store, QWidget* parent)
    : QMainWindow(parent), mStore(std::move(store))
{
    setObjectName(QStringLiteral("mainWindow"));
    setWindowTitle(tr("InfraFit"));
    mCatalogPage = new CatalogPage(this);
    setCentralWidget(mCatalogPage);
    createActions();
    reloadCatalog();
    restoreWindowState();
}

MainWindow::~MainWindow() = default;

void MainWindow::reloadCatalog()
{
    const auto parts = mStore.list();
    mCatalogPage->setParts(parts);
    statusBar()->showMessage(tr("%n parts in catalog %1", nullptr, static_cast<int>(parts.size()))
                                 .arg(toQString(mStore.path())));
}

void MainWindow::createActions()
{
    auto* fileMenu = menuBar()->addMenu(tr("&File"));
    auto* quitAction = fileMenu->addAction(tr("&Quit"), this, &QWidget::close);
    quitAction->setShortcut(QKeySequence::Quit);
    quitAction->setObjectName(QStringLiteral("quitAction"));

    auto* viewMenu = menuBar()->addMenu(tr("&View"));
    auto* reloadAction = viewMenu->addAction(tr("&Reload Catalog"), this, &MainWindow::reloadCatalog);
    reloadAction->setShortcut(QKeySequence::Refresh);

    auto* helpMenu = menuBar()->addMenu(tr("&Help"));
    helpMenu->addAction(tr("&About InfraFit"), this, [this] {
        QMessageBox::about(this, tr("About InfraFit"),
                           tr("<b>InfraFit %1</b><p>Plan AI training and inference hardware: "
                              "memory fit, speed, power, cooling and cost, with every number "
                              "explained.</p><p>Licensed under the Apache License 2.0.</p>")
                               .arg(QStringLiteral(INFRAFIT_VERSION)));
    });
}

void MainWindow::restoreWindowState()
{
    QSettings settings;
    if (!restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray()))
        resize(1280, 800);
    restoreState(settings.value(QStringLiteral("window/state")).toByteArray());
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    QSettings settings;
    settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("window/state"), saveState());
    event->accept();
}

} // namespace infrafit::ui
