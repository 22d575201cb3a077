// SPDX-License-Identifier: Apache-2.0
#include "ui/main_window.h"

#include "core/base/input_error.h"
#include "core/io/project_json.h"
#include "core/io/text_file.h"
#include "core/project/part_references.h"
#include "catalog/default_catalog.h"
#include "ui/analysis/analysis_page.h"
#include "ui/analysis/findings_model.h"
#include "ui/analysis/live_analysis.h"
#include "ui/catalog/catalog_editor.h"
#include "ui/bom/bom_exporter.h"
#include "ui/catalog/catalog_page.h"
#include "ui/compare/compare_page.h"
#include "ui/layout/layout_page.h"
#include "ui/measurements/measurements_page.h"
#include "ui/dialogs/dialogs.h"
#include "ui/project/autosave.h"
#include "ui/project/configurations_page.h"
#include "ui/project/form_undo_keys.h"
#include "ui/project/project_document.h"
#include "ui/project/workloads_page.h"
#include "ui/qt_text.h"
#include "ui/portfolio/portfolio_page.h"
#include "ui/recommend/recommend_page.h"

#include <QApplication>
#include <QCloseEvent>
#include <QLocale>
#include <QDockWidget>
#include <QFile>
#include <QHeaderView>
#include <QListWidget>
#include <QScreen>
#include <QSettings>
#include <QHBoxLayout>
#include <QStackedWidget>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTimer>
#include <QTableView>
#include <QUndoGroup>
#include <QUndoStack>

#include <algorithm>

// The example projects are compiled into this static library; register them
// (Q_INIT_RESOURCE must be called outside any namespace).
static void initExampleResources()
{
    Q_INIT_RESOURCE(examples);
}

namespace infrafit::ui {

MainWindow::MainWindow(catalog::CatalogStore store, const QString& autosaveDirectory,
                       QWidget* parent)
    : QMainWindow(parent), mStore(std::move(store))
{
    setObjectName(QStringLiteral("mainWindow"));
    initExampleResources();
    mCatalogEditor = new CatalogEditor(mStore, this);
    mDocument = new ProjectDocument(this);
    mAnalysis = new LiveAnalysis(mDocument, mCatalogEditor, this);
    // A saved project opens anywhere: it carries every part it uses that the
    // built-in catalog does not have as it is here (added or changed parts).
    mDocument->setSavePreparer([this](const Project& project) {
        static const std::vector<Part> builtIn = catalog::defaultCatalogParts();
        const PartLookup lookup = [this](std::string_view id) -> std::optional<Part> {
            if (const Part* part = mCatalogEditor->findPart(id))
                return *part;
            return std::nullopt;
        };
        return withEmbeddedParts(project, lookup, builtIn);
    });
    mAutosave = new Autosave(mDocument,
                             autosaveDirectory.isEmpty()
                                 ? QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)
                                 : autosaveDirectory,
                             30000, this);
    mUndoGroup = new QUndoGroup(this);
    mUndoGroup->addStack(mCatalogEditor->undoStack());
    mUndoGroup->addStack(mDocument->undoStack());
    mUndoGroup->setActiveStack(mDocument->undoStack());

    createPages();
    createFindingsDock();
    connect(mCatalogEditor, &CatalogEditor::partRenamed, this, &MainWindow::offerPartRename);
    createActions();
    // Ctrl+Z in a project form field undoes the project edit, not the text.
    qApp->installEventFilter(new FormUndoKeys({mWorkloadsPage, mConfigurationsPage}, this));
    connect(mDocument, &ProjectDocument::modifiedChanged, this, &MainWindow::updateTitle);
    connect(mDocument, &ProjectDocument::filePathChanged, this, &MainWindow::updateTitle);
    connect(mCatalogEditor, &CatalogEditor::partsChanged, this, &MainWindow::updateStatus);
    connect(mAnalysis, &LiveAnalysis::resultChanged, this, &MainWindow::updateStatus);
    updateTitle();
    updateStatus();
    restoreWindowState();
}

MainWindow::~MainWindow() = default;

void MainWindow::createPages()
{
    mCatalogPage = new CatalogPage(mCatalogEditor, this);
    mWorkloadsPage = new WorkloadsPage(mDocument, this);
    mConfigurationsPage = new ConfigurationsPage(mDocument, mCatalogEditor, mAnalysis, this);
    mAnalysisPage = new AnalysisPage(mDocument, mAnalysis, this);
    mRecommendPage = new RecommendPage(mDocument, mCatalogEditor, mAnalysis, this);
    mComparePage = new ComparePage(mDocument, mCatalogEditor, mAnalysis, this);
    mMeasurementsPage = new MeasurementsPage(mDocument, mCatalogEditor, this);
    mPortfolioPage = new PortfolioPage(mDocument, mAnalysis, this);
    mLayoutPage = new LayoutPage(mDocument, mAnalysis, this);
    mBomExporter = new BomExporter(mDocument, mCatalogEditor, mAnalysis, this);
    connect(mBomExporter, &BomExporter::exported, this, [this](const QString& path) {
        statusBar()->showMessage(tr("Bill of materials exported to %1").arg(path), 15000);
        QTimer::singleShot(15000, this, [this] {
            if (statusBar()->currentMessage().isEmpty())
                updateStatus();
        });
    });
    connect(mAnalysisPage, &AnalysisPage::exportBomRequested, this, &MainWindow::exportBom);
    connect(mWorkloadsPage, &WorkloadsPage::currentWorkloadChanged, this, [this](int row) {
        if (row >= 0)
            mAnalysis->setSelection(row, mAnalysis->configurationIndex());
    });
    connect(mConfigurationsPage, &ConfigurationsPage::currentConfigurationChanged, this,
            [this](int row) {
                if (row >= 0)
                    mAnalysis->setSelection(mAnalysis->workloadIndex(), row);
            });

    mPages = new QStackedWidget(this);
    mPages->setObjectName(QStringLiteral("pagesStackedWidget"));
    mNavigation = new QListWidget(this);
    mNavigation->setObjectName(QStringLiteral("navigationListWidget"));
    const std::pair<QString, QWidget*> pages[] = {{tr("Catalog"), mCatalogPage},
                                                  {tr("Workloads"), mWorkloadsPage},
                                                  {tr("Configurations"), mConfigurationsPage},
                                                  {tr("Analysis"), mAnalysisPage},
                                                  {tr("Recommend"), mRecommendPage},
                                                  {tr("Compare"), mComparePage},
                                                  {tr("Measurements"), mMeasurementsPage},
                                                  {tr("Portfolio"), mPortfolioPage},
                                                  {tr("Layout"), mLayoutPage}};
    for (const auto& [title, page] : pages) {
        mNavigation->addItem(title);
        mPages->addWidget(page);
    }
    mNavigation->setFrameShape(QFrame::NoFrame);
    mNavigation->setSpacing(2);
    QFont navigationFont = mNavigation->font();
    navigationFont.setPointSizeF(navigationFont.pointSizeF() * 1.1);
    mNavigation->setFont(navigationFont);
    mNavigation->setFixedWidth(mNavigation->sizeHintForColumn(0) + 40);
    connect(mNavigation, &QListWidget::currentRowChanged, this, [this](int row) {
        mPages->setCurrentIndex(row);
        mUndoGroup->setActiveStack(row == CatalogPageIndex ? mCatalogEditor->undoStack()
                                                           : mDocument->undoStack());
    });
    auto* central = new QWidget(this);
    auto* layout = new QHBoxLayout(central);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(mNavigation);
    layout->addWidget(mPages, 1);
    setCentralWidget(central);
    mNavigation->setCurrentRow(AnalysisPageIndex);
}

void MainWindow::createFindingsDock()
{
    mFindings = new FindingsModel(this);
    auto* view = new QTableView(this);
    view->setObjectName(QStringLiteral("findingsTableView"));
    view->setModel(mFindings);
    view->verticalHeader()->setVisible(false);
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->setWordWrap(true);
    view->horizontalHeader()->setSectionResizeMode(FindingsModel::MessageColumn,
                                                   QHeaderView::Stretch);
    view->horizontalHeader()->setSectionResizeMode(FindingsModel::SuggestionColumn,
                                                   QHeaderView::Interactive);
    view->setColumnWidth(FindingsModel::SuggestionColumn, 320);
    // Codes are identifiers to search for ("thermal.cooling_limits_rack"):
    // shown whole, the finding's text takes what is left.
    view->horizontalHeader()->setSectionResizeMode(FindingsModel::CodeColumn,
                                                   QHeaderView::ResizeToContents);
    // Wrapped rows follow the column widths, not the width at first layout.
    connect(view->horizontalHeader(), &QHeaderView::sectionResized, view,
            &QTableView::resizeRowsToContents);
    auto* dock = new QDockWidget(tr("Findings"), this);
    dock->setObjectName(QStringLiteral("findingsDock"));
    dock->setWidget(view);
    addDockWidget(Qt::BottomDockWidgetArea, dock);
    connect(mAnalysis, &LiveAnalysis::resultChanged, this, [this, view, dock] {
        mFindings->setFindings(mAnalysis->findings());
        view->resizeRowsToContents();
        dock->setWindowTitle(tr("Findings — %1 errors, %2 warnings, %3 notes")
                                 .arg(mFindings->count(Severity::Error))
                                 .arg(mFindings->count(Severity::Warning))
                                 .arg(mFindings->count(Severity::Info)));
    });
}

void MainWindow::offerPartRename(const QString& oldId, const QString& newId)
{
    const Project& project = mDocument->project();
    const int uses = configurationsUsing(project, toStdString(oldId));
    if (uses == 0)
        return;
    const auto answer = Dialogs::question(
        this, tr("Part Renamed"),
        uses == 1 ? tr("1 configuration of this project uses part %1. Update it to use %2?")
                        .arg(oldId, newId)
                  : tr("%1 configurations of this project use part %2. Update them to use %3?")
                        .arg(QString::number(uses), oldId, newId),
        QMessageBox::Yes | QMessageBox::No);
    if (answer != QMessageBox::Yes)
        return; // the analysis then reports the unknown id as an error finding
    mDocument->apply(withPartRenamed(project, toStdString(oldId), toStdString(newId)),
                     tr("Use renamed part %1").arg(newId));
}

void MainWindow::showPage(Page page)
{
    mNavigation->setCurrentRow(page);
}

void MainWindow::renameProject()
{
    const QString current = toQString(mDocument->project().name);
    const QString name = Dialogs::textInput(this, tr("Rename Project"),
                                            tr("Project name (shown on reports and BOMs):"),
                                            current)
                             .trimmed();
    if (name.isEmpty() || name == current)
        return;
    Project project = mDocument->project();
    project.name = toStdString(name);
    mDocument->apply(std::move(project), tr("Rename project to %1").arg(name));
}

void MainWindow::exportBom()
{
    mBomExporter->exportWithDialog(this);
}

void MainWindow::updateTitle()
{
    setWindowTitle(mDocument->displayName() + QStringLiteral("[*] — InfraFit"));
    setWindowModified(mDocument->isModified());
}

void MainWindow::updateStatus()
{
    const auto parts = mCatalogEditor->parts().size();
    QString text = (parts == 1 ? tr("1 part in %1") : tr("%1 parts in %2").arg(parts))
                       .arg(toQString(mStore.path()));
    if (const auto& r = mAnalysis->result())
        text += tr("  ·  %1 on %2: %3")
                    .arg(toQString(r->workloadName), toQString(r->configurationName),
                         r->fits ? tr("fits") : tr("does not fit"));
    statusBar()->showMessage(text);
}

bool MainWindow::openProject(const QString& path)
{
    try {
        const auto ignored = mDocument->open(path);
        addRecentFile(path);
        mAutosave->clear();
        if (!ignored.empty()) {
            // Opened, but not all of it was read: say which members, since
            // the user may believe a misspelled one is in effect, and saving
            // drops them.
            constexpr std::size_t listed = 20;
            QStringList lines;
            for (std::size_t i = 0; i < ignored.size() && i < listed; ++i)
                lines << toQString(ignored[i].pointer);
            if (ignored.size() > listed)
                lines << tr("… and %1 more").arg(ignored.size() - listed);
            Dialogs::warning(this, tr("Open Project"),
                             tr("%1 was opened, but InfraFit does not know these fields and "
                                "ignored them (a misspelled name?). Saving the project drops "
                                "them.\n\n%2")
                                 .arg(path, lines.join(QLatin1Char('\n'))));
        }
        return true;
    } catch (const InputError& error) {
        QStringList lines;
        for (const auto& line : error.lines())
            lines << toQString(line);
        Dialogs::warning(this, tr("Open Project"),
                         tr("Cannot open %1:\n\n%2").arg(path, lines.join(QLatin1Char('\n'))));
    }
    return false;
}

bool MainWindow::openExample(const QString& name)
{
    QFile file(QStringLiteral(":/examples/") + name);
    if (!file.open(QIODevice::ReadOnly)) {
        Dialogs::warning(this, tr("Open Example"), tr("No built-in example named %1.").arg(name));
        return false;
    }
    const QByteArray bytes = file.readAll();
    try {
        const auto json = nlohmann::json::parse(bytes.constBegin(), bytes.constEnd());
        mDocument->reset(projectFromJson(json, toStdString(name)));
        return true;
    } catch (const std::exception& error) {
        Dialogs::warning(this, tr("Open Example"), QString::fromUtf8(error.what()));
    }
    return false;
}

bool MainWindow::offerRecovery()
{
    if (!mAutosave->hasRecovery())
        return false;
    const auto answer = Dialogs::question(
        this, tr("Recover Unsaved Changes"),
        tr("InfraFit was closed with unsaved changes (autosaved %1). Recover them?")
            .arg(QLocale().toString(mAutosave->recoveryTime(), QLocale::ShortFormat)),
        QMessageBox::Yes | QMessageBox::Discard);
    if (answer != QMessageBox::Yes) {
        mAutosave->clear();
        return false;
    }
    try {
        Project recovered = readProjectFile(toStdString(mAutosave->recoveryPath()));
        const QString original = mAutosave->recoveryOriginalPath();
        mDocument->reset(Project{});
        // Recovered work is unsaved: apply it as an edit so the title shows '*'.
        mDocument->apply(std::move(recovered), tr("Recover unsaved changes"));
        if (!original.isEmpty())
            statusBar()->showMessage(tr("Recovered unsaved changes to %1; save to keep them.")
                                         .arg(original));
        return true;
    } catch (const std::exception& error) {
        Dialogs::warning(this, tr("Recover Unsaved Changes"), QString::fromUtf8(error.what()));
        mAutosave->clear();
        return false;
    }
}

bool MainWindow::maybeSave()
{
    if (!mDocument->isModified())
        return true;
    const auto answer = Dialogs::question(
        this, tr("Unsaved Changes"),
        tr("%1 has unsaved changes. Save them?").arg(mDocument->displayName()),
        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel);
    if (answer == QMessageBox::Save)
        return save();
    return answer == QMessageBox::Discard;
}

bool MainWindow::save()
{
    if (mDocument->filePath().isEmpty())
        return saveAs();
    try {
        mDocument->save();
        return true;
    } catch (const std::exception& error) {
        Dialogs::warning(this, tr("Save Project"), QString::fromUtf8(error.what()));
        return false;
    }
}

bool MainWindow::saveAs()
{
    QString path = Dialogs::saveFileName(this, tr("Save Project As"),
                                         tr("InfraFit projects (*.infrafit.json)"),
                                         mDocument->displayName());
    if (path.isEmpty())
        return false;
    if (!path.endsWith(QStringLiteral(".json")))
        path += QStringLiteral(".infrafit.json");
    try {
        // Saving over the open catalog database would destroy it (issue 22).
        checkOutputIsNotInput(toStdString(path), databaseFiles(mCatalogEditor->store().path()));
        mDocument->saveAs(path);
        addRecentFile(path);
        return true;
    } catch (const std::exception& error) {
        Dialogs::warning(this, tr("Save Project"), QString::fromUtf8(error.what()));
        return false;
    }
}

void MainWindow::newProject()
{
    if (!maybeSave())
        return;
    Project project;
    project.name = toStdString(tr("Untitled"));
    mDocument->reset(std::move(project));
    showPage(WorkloadsPageIndex);
}

void MainWindow::openWithDialog()
{
    if (!maybeSave())
        return;
    const QString path = Dialogs::openFileName(this, tr("Open Project"),
                                               tr("InfraFit projects (*.infrafit.json *.json)"));
    if (!path.isEmpty())
        openProject(path);
}

void MainWindow::addRecentFile(const QString& path)
{
    QSettings settings;
    QStringList recent = settings.value(QStringLiteral("project/recent")).toStringList();
    recent.removeAll(path);
    recent.prepend(path);
    while (recent.size() > 8)
        recent.removeLast();
    settings.setValue(QStringLiteral("project/recent"), recent);
    updateRecentMenu();
}

void MainWindow::restoreWindowState()
{
    QSettings settings;
    const bool restored =
        restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray());
    const QScreen* shown = screen();
    if (!restored) {
        // First start: 1280 × 800, or most of a larger screen (a 1920 × 1080
        // screen shows every figure column of the catalog without scrolling).
        QSize size(1280, 800);
        if (shown) {
            const QRect room = shown->availableGeometry();
            if (room.width() >= 1600 && room.height() >= 1000)
                size = QSize(room.width() * 9 / 10, room.height() * 9 / 10);
        }
        resize(size);
    }
    if (shown)
        fitIntoScreen(shown->availableGeometry(), !restored);
    if (!restoreState(settings.value(QStringLiteral("window/state")).toByteArray())) {
        // First start: the findings panel takes a fifth of the window (about
        // five findings), leaving the page the room it needs at 800 px high.
        // Applied once the window is laid out: before show() it is ignored.
        QTimer::singleShot(0, this, [this] {
            if (auto* dock = findChild<QDockWidget*>(QStringLiteral("findingsDock")))
                resizeDocks({dock}, {std::max(110, height() / 6)}, Qt::Vertical);
        });
    }
}

void MainWindow::fitIntoScreen(const QRect& room, bool centre)
{
    // Never larger than the room (a 1280 × 720 screen once got a 1280 × 800
    // window at y = −40, menu and status bar off-screen): the window frame
    // counts, the pages scroll instead.
    const QSize frame = frameGeometry().size() - geometry().size();
    const QSize most = (room.size() - frame).expandedTo(QSize(320, 240));
    setMinimumSize(minimumSize().boundedTo(most));
    if (width() > most.width() || height() > most.height())
        resize(size().boundedTo(most));
    QRect outer = frameGeometry();
    if (centre)
        outer.moveCenter(room.center());
    outer.moveLeft(std::clamp(outer.left(), room.left(), std::max(room.left(), room.right() - outer.width() + 1)));
    outer.moveTop(std::clamp(outer.top(), room.top(), std::max(room.top(), room.bottom() - outer.height() + 1)));
    move(outer.topLeft());
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    if (!maybeSave()) {
        event->ignore();
        return;
    }
    mAutosave->clear();
    QSettings settings;
    settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("window/state"), saveState());
    event->accept();
}

} // namespace infrafit::ui
