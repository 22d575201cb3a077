// SPDX-License-Identifier: Apache-2.0
// MainWindow's menus, toolbar and the dialogs they open.
#include "ui/main_window.h"

#include "ui/analysis/live_analysis.h"
#include "ui/catalog/catalog_editor.h"
#include "ui/catalog/catalog_page.h"
#include "ui/dialogs/dialogs.h"
#include "ui/dialogs/preferences_dialog.h"
#include "ui/theme.h"

#include <QAction>
#include <QActionGroup>
#include <QDockWidget>
#include <QCoreApplication>
#include <QDesktopServices>
#include <QDir>
#include <QFileInfo>
#include <QMenuBar>
#include <QMessageBox>
#include <QSettings>
#include <QStyle>
#include <QToolBar>
#include <QUndoGroup>
#include <QUrl>

namespace infrafit::ui {

void MainWindow::createActions()
{
    auto* toolbar = addToolBar(tr("Main"));
    toolbar->setObjectName(QStringLiteral("mainToolBar"));
    toolbar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    const auto icon = [this](QStyle::StandardPixmap pixmap) { return style()->standardIcon(pixmap); };

    auto* fileMenu = menuBar()->addMenu(tr("&File"));
    auto* newAction = fileMenu->addAction(icon(QStyle::SP_FileIcon), tr("&New Project"), this,
                                          &MainWindow::newProject);
    newAction->setShortcut(QKeySequence::New);
    auto* openAction = fileMenu->addAction(icon(QStyle::SP_DialogOpenButton), tr("&Open…"), this,
                                           &MainWindow::openWithDialog);
    openAction->setShortcut(QKeySequence::Open);
    mRecentMenu = fileMenu->addMenu(tr("Open &Recent"));
    auto* examples = fileMenu->addMenu(tr("Open E&xample"));
    const std::pair<QString, QString> exampleFiles[] = {
        {tr("Llama 3.1 70B fine-tune"), QStringLiteral("llama3-70b-finetune.infrafit.json")},
        {tr("GPT-3 175B pre-training"), QStringLiteral("gpt3-175b-pretrain.infrafit.json")},
        {tr("Llama 3.1 serving"), QStringLiteral("llama-serving.infrafit.json")},
        {tr("Mixture-of-experts models"), QStringLiteral("moe-models.infrafit.json")},
        {tr("Shared cluster portfolio"), QStringLiteral("shared-cluster-portfolio.infrafit.json")}};
    for (const auto& [title, file] : exampleFiles) {
        examples->addAction(title, this, [this, file = file] {
            if (maybeSave())
                openExample(file);
        });
    }
    auto* saveAction = fileMenu->addAction(icon(QStyle::SP_DialogSaveButton), tr("&Save"), this,
                                           &MainWindow::save);
    saveAction->setShortcut(QKeySequence::Save);
    auto* saveAsAction = fileMenu->addAction(tr("Save &As…"), this, &MainWindow::saveAs);
    saveAsAction->setObjectName(QStringLiteral("saveAsAction"));
    // Ctrl+Shift+S everywhere, plus the platform's own key if it has another.
    QList<QKeySequence> saveAsKeys{QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S)};
    for (const auto& platform : QKeySequence::keyBindings(QKeySequence::SaveAs))
        if (!saveAsKeys.contains(platform))
            saveAsKeys << platform;
    saveAsAction->setShortcuts(saveAsKeys);
    auto* renameAction = fileMenu->addAction(tr("Re&name Project…"), this,
                                             &MainWindow::renameProject);
    renameAction->setObjectName(QStringLiteral("renameProjectAction"));
    fileMenu->addSeparator();
    auto* exportBomAction = fileMenu->addAction(tr("Export &BOM…"), this, &MainWindow::exportBom);
    exportBomAction->setObjectName(QStringLiteral("exportBomAction"));
    exportBomAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    exportBomAction->setToolTip(tr("Save the selected configuration's bill of materials (with the "
                                   "selected workload's analysis) as PDF, XLSX, CSV, HTML or JSON"));
    fileMenu->addSeparator();
    fileMenu->addAction(tr("&Import Catalog…"), mCatalogPage, &CatalogPage::importFile);
    fileMenu->addAction(tr("&Export Catalog…"), mCatalogPage, &CatalogPage::exportFile);
    fileMenu->addSeparator();
    auto* preferencesAction = fileMenu->addAction(tr("&Preferences…"), this,
                                                  &MainWindow::editPreferences);
    preferencesAction->setShortcut(QKeySequence::Preferences);
    preferencesAction->setMenuRole(QAction::PreferencesRole);
    fileMenu->addSeparator();
    auto* quitAction = fileMenu->addAction(tr("&Quit"), this, &QWidget::close);
    quitAction->setShortcut(QKeySequence::Quit);
    updateRecentMenu();

    auto* editMenu = menuBar()->addMenu(tr("&Edit"));
    auto* undoAction = mUndoGroup->createUndoAction(this, tr("&Undo"));
    undoAction->setShortcut(QKeySequence::Undo);
    undoAction->setIcon(icon(QStyle::SP_ArrowBack));
    undoAction->setObjectName(QStringLiteral("undoAction"));
    auto* redoAction = mUndoGroup->createRedoAction(this, tr("&Redo"));
    redoAction->setShortcut(QKeySequence::Redo);
    redoAction->setIcon(icon(QStyle::SP_ArrowForward));
    redoAction->setObjectName(QStringLiteral("redoAction"));
    editMenu->addAction(undoAction);
    editMenu->addAction(redoAction);
    editMenu->addSeparator();
    auto* find = editMenu->addAction(tr("&Find in Catalog"), this, [this] {
        showPage(CatalogPageIndex);
        mCatalogPage->focusFilter();
    });
    find->setObjectName(QStringLiteral("findInCatalogAction"));
    find->setShortcut(QKeySequence::Find);
    editMenu->addSeparator();
    auto* addPart = editMenu->addAction(tr("&Add Part"), mCatalogPage, &CatalogPage::addPart);
    addPart->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_N));
    auto* duplicatePart = editMenu->addAction(tr("D&uplicate Part"), mCatalogPage,
                                              &CatalogPage::duplicateSelected);
    duplicatePart->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_D));
    auto* deleteParts = new QAction(tr("&Delete Parts"), mCatalogPage);
    deleteParts->setShortcut(QKeySequence::Delete);
    deleteParts->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    connect(deleteParts, &QAction::triggered, mCatalogPage, &CatalogPage::deleteSelected);
    mCatalogPage->addAction(deleteParts);
    editMenu->addAction(deleteParts);

    auto* viewMenu = menuBar()->addMenu(tr("&View"));
    const std::pair<QString, Page> pages[] = {{tr("&Catalog"), CatalogPageIndex},
                                              {tr("&Workloads"), WorkloadsPageIndex},
                                              {tr("C&onfigurations"), ConfigurationsPageIndex},
                                              {tr("&Analysis"), AnalysisPageIndex},
                                              {tr("&Recommend"), RecommendPageIndex},
                                              {tr("Com&pare"), ComparePageIndex},
                                              {tr("&Measurements"), MeasurementsPageIndex},
                                              {tr("Port&folio"), PortfolioPageIndex},
                                              {tr("&Layout"), LayoutPageIndex}};
    int key = Qt::Key_1;
    for (const auto& [title, page] : pages) {
        auto* action = viewMenu->addAction(title, this, [this, page = page] { showPage(page); });
        action->setShortcut(QKeySequence(Qt::CTRL | key++));
    }
    viewMenu->addSeparator();
    if (auto* dock = findChild<QDockWidget*>(QStringLiteral("findingsDock")))
        viewMenu->addAction(dock->toggleViewAction());
    auto* reload = viewMenu->addAction(tr("&Reload Catalog"), mCatalogEditor, &CatalogEditor::reload);
    reload->setShortcut(QKeySequence::Refresh);
    auto* themeMenu = viewMenu->addMenu(tr("&Theme"));
    auto* themes = new QActionGroup(this);
    const std::pair<QString, Theme> themeChoices[] = {
        {tr("&System"), Theme::System}, {tr("&Light"), Theme::Light}, {tr("&Dark"), Theme::Dark}};
    for (const auto& [title, theme] : themeChoices) {
        auto* action = themeMenu->addAction(title, this, [theme = theme] { applyTheme(theme); });
        action->setCheckable(true);
        action->setChecked(savedTheme() == theme);
        themes->addAction(action);
    }

    auto* helpMenu = menuBar()->addMenu(tr("&Help"));
    auto* guide = helpMenu->addAction(tr("&User Guide"), this, [this] {
        const QString path = userGuidePath();
        if (path.isEmpty() || !QDesktopServices::openUrl(QUrl::fromLocalFile(path)))
            Dialogs::warning(this, tr("User Guide"),
                             tr("The user guide (user-guide.md) was not found next to InfraFit. "
                                "It is installed in share/doc/infrafit/ and is docs/user-guide.md "
                                "in the source tree."));
    });
    guide->setObjectName(QStringLiteral("userGuideAction"));
    guide->setShortcut(QKeySequence::HelpContents);
    helpMenu->addSeparator();
    helpMenu->addAction(tr("&About InfraFit"), this, [this] {
        QMessageBox::about(this, tr("About InfraFit"),
                           tr("<b>InfraFit %1</b><p>Plan AI training and inference hardware: "
                              "memory fit, speed, power, cooling and cost, with every number "
                              "explained.</p><p>Licensed under the Apache License 2.0.</p>")
                               .arg(QStringLiteral(INFRAFIT_VERSION)));
    });

    toolbar->addAction(newAction);
    toolbar->addAction(openAction);
    toolbar->addAction(saveAction);
    toolbar->addSeparator();
    toolbar->addAction(undoAction);
    toolbar->addAction(redoAction);
}

QString MainWindow::userGuidePath()
{
    // Installed: <prefix>/bin/infrafit and <prefix>/share/doc/infrafit/;
    // from a build tree: <source>/build/app/gui/infrafit and <source>/docs/.
    const QDir bin(QCoreApplication::applicationDirPath());
    for (const QString& relative :
         {QStringLiteral("../share/doc/infrafit/user-guide.md"),
          QStringLiteral("../../../docs/user-guide.md"), QStringLiteral("../../docs/user-guide.md"),
          QStringLiteral("../docs/user-guide.md")}) {
        const QFileInfo file(bin.filePath(relative));
        if (file.isFile())
            return file.canonicalFilePath();
    }
    return {};
}

void MainWindow::updateRecentMenu()
{
    mRecentMenu->clear();
    const QStringList recent = QSettings().value(QStringLiteral("project/recent")).toStringList();
    for (const auto& path : recent) {
        mRecentMenu->addAction(QFileInfo(path).fileName(), this, [this, path] {
            if (maybeSave())
                openProject(path);
        })->setToolTip(path);
    }
    mRecentMenu->setEnabled(!recent.isEmpty());
}

void MainWindow::editPreferences()
{
    PreferencesDialog dialog(mAnalysis->preferences(), this);
    if (dialog.exec() != QDialog::Accepted)
        return;
    const Preferences preferences = dialog.preferences();
    preferences.save();
    mAnalysis->setPreferences(preferences);
}

} // namespace infrafit::ui
