// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "catalog/catalog_store.h"

#include <QMainWindow>

class QListWidget;
class QMenu;
class QRect;
class QStackedWidget;
class QUndoGroup;

namespace infrafit::ui {

class AnalysisPage;
class Autosave;
class BomExporter;
class CatalogEditor;
class CatalogPage;
class ComparePage;
class ConfigurationsPage;
class LayoutPage;
class MeasurementsPage;
class PortfolioPage;
class FindingsModel;
class LiveAnalysis;
class ProjectDocument;
class RecommendPage;
class WorkloadsPage;

/// The application window: navigation between the Catalog, Workloads,
/// Configurations, Analysis, Recommend, Compare, Measurements, Portfolio
/// and Layout pages, a findings panel, menus and toolbar.
/// Owns the catalog store and editor (catalog undo stack) and the open
/// project (project undo stack); Edit > Undo acts on the stack of the page
/// shown. The title's `*` follows the project's clean state; unsaved work
/// is autosaved for recovery; window geometry and state persist. GUI thread.
class MainWindow : public QMainWindow {
    Q_OBJECT

public:
    enum Page {
        CatalogPageIndex,
        WorkloadsPageIndex,
        ConfigurationsPageIndex,
        AnalysisPageIndex,
        RecommendPageIndex,
        ComparePageIndex,
        MeasurementsPageIndex,
        PortfolioPageIndex,
        LayoutPageIndex
    };

    /// `autosaveDirectory` empty: the user's data directory.
    explicit MainWindow(catalog::CatalogStore store, const QString& autosaveDirectory = {},
                        QWidget* parent = nullptr);
    ~MainWindow() override;

    [[nodiscard]] CatalogPage* catalogPage() const { return mCatalogPage; }
    [[nodiscard]] CatalogEditor* catalogEditor() const { return mCatalogEditor; }
    [[nodiscard]] ProjectDocument* document() const { return mDocument; }
    [[nodiscard]] LiveAnalysis* liveAnalysis() const { return mAnalysis; }
    [[nodiscard]] WorkloadsPage* workloadsPage() const { return mWorkloadsPage; }
    [[nodiscard]] ConfigurationsPage* configurationsPage() const { return mConfigurationsPage; }
    [[nodiscard]] AnalysisPage* analysisPage() const { return mAnalysisPage; }
    [[nodiscard]] RecommendPage* recommendPage() const { return mRecommendPage; }
    [[nodiscard]] ComparePage* comparePage() const { return mComparePage; }
    [[nodiscard]] MeasurementsPage* measurementsPage() const { return mMeasurementsPage; }
    [[nodiscard]] PortfolioPage* portfolioPage() const { return mPortfolioPage; }
    [[nodiscard]] LayoutPage* layoutPage() const { return mLayoutPage; }
    [[nodiscard]] BomExporter* bomExporter() const { return mBomExporter; }
    [[nodiscard]] Autosave* autosave() const { return mAutosave; }
    void showPage(Page page);
    /// The user guide on this machine (installed or in the source tree
    /// next to the build), or empty.
    [[nodiscard]] static QString userGuidePath();

    /// Opens a project file; on failure shows why and keeps the current one.
    bool openProject(const QString& path);
    /// Opens a built-in example (":/examples/NAME") as an unsaved project.
    bool openExample(const QString& name);
    /// Offers recovery when the last session left unsaved changes; returns
    /// true when a project was recovered.
    bool offerRecovery();
    /// Asks to save unsaved changes; false when the user cancels.
    bool maybeSave();
    bool save();
    bool saveAs();
    void newProject();
    /// File > Rename Project…: a new project name (undoable).
    void renameProject();
    /// Shrinks and moves the window so all of it (frame included) lies in
    /// `room`; `centre` also centres it there.
    void fitIntoScreen(const QRect& room, bool centre);
    /// File > Export BOM…: the selected configuration's bill of materials.
    void exportBom();

protected:
    void closeEvent(QCloseEvent* event) override;

    /// After a catalog part's id changed: asks (Dialogs::question) whether
    /// the configurations using the old id should use the new one.
    void offerPartRename(const QString& oldId, const QString& newId);

private:
    void createPages();
    void createActions();
    void createFindingsDock();
    void updateTitle();
    void updateStatus();
    void updateRecentMenu();
    void addRecentFile(const QString& path);
    void openWithDialog();
    void editPreferences();
    void restoreWindowState();

    catalog::CatalogStore mStore;
    CatalogEditor* mCatalogEditor = nullptr;
    ProjectDocument* mDocument = nullptr;
    LiveAnalysis* mAnalysis = nullptr;
    Autosave* mAutosave = nullptr;
    QUndoGroup* mUndoGroup = nullptr;
    QListWidget* mNavigation = nullptr;
    QStackedWidget* mPages = nullptr;
    CatalogPage* mCatalogPage = nullptr;
    WorkloadsPage* mWorkloadsPage = nullptr;
    ConfigurationsPage* mConfigurationsPage = nullptr;
    AnalysisPage* mAnalysisPage = nullptr;
    RecommendPage* mRecommendPage = nullptr;
    ComparePage* mComparePage = nullptr;
    MeasurementsPage* mMeasurementsPage = nullptr;
    PortfolioPage* mPortfolioPage = nullptr;
    LayoutPage* mLayoutPage = nullptr;
    BomExporter* mBomExporter = nullptr;
    FindingsModel* mFindings = nullptr;
    QMenu* mRecentMenu = nullptr;
};

} // namespace infrafit::ui
