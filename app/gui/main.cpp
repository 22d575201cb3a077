// SPDX-License-Identifier: Apache-2.0
// infrafit: the desktop application. Opens the user's catalog (created from
// the built-in default catalog on first start) and a project, and shows the
// main window.
#include "catalog/catalog_store.h"
#include "catalog/memory_tuning.h"
#include "ui/catalog/catalog_page.h"
#include "ui/catalog/open_catalog.h"
#include "ui/main_window.h"
#include "ui/qt_text.h"
#include "ui/recommend/recommend_page.h"
#include "ui/startup_probe.h"
#include "ui/theme.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QFileInfo>
#include <QIcon>
#include <QMap>
#include <QMessageBox>
#include <QSettings>

#include <cstdio>

int main(int argc, char** argv)
{
    infrafit::catalog::keepFreedMemoryForReuse();
    QApplication app(argc, argv);
    // Settings in ~/.config/infrafit/infrafit.conf (not "Unknown Organization").
    QApplication::setOrganizationName(QStringLiteral("infrafit"));
    QApplication::setApplicationName(QStringLiteral("infrafit"));
    QApplication::setApplicationDisplayName(QStringLiteral("InfraFit"));
    QApplication::setApplicationVersion(QStringLiteral(INFRAFIT_VERSION));
    QApplication::setDesktopFileName(QStringLiteral("infrafit"));
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/infrafit.svg")));

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Plan AI training and inference hardware"));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption dbOption(QStringLiteral("db"),
                                      QStringLiteral("Use the catalog database FILE."),
                                      QStringLiteral("FILE"));
    parser.addOption(dbOption);
    const QCommandLineOption pageOption(
        QStringLiteral("page"),
        QStringLiteral("Show PAGE first: catalog, software (the catalog's software "
                       "compatibility rows), workloads, configurations, analysis, recommend, "
                       "compare, measurements, portfolio or layout."),
        QStringLiteral("PAGE"));
    parser.addOption(pageOption);
    const QCommandLineOption themeOption(
        QStringLiteral("theme"),
        QStringLiteral("Use THEME (system, light or dark) and remember it, as View > Theme does."),
        QStringLiteral("THEME"));
    parser.addOption(themeOption);
    const QCommandLineOption searchOption(
        QStringLiteral("search"),
        QStringLiteral("Start a recommendation search for the first workload at once."));
    parser.addOption(searchOption);
    parser.addPositionalArgument(QStringLiteral("project"),
                                 QStringLiteral("An InfraFit project (*.infrafit.json) to open."));
    parser.process(app);
    const QMap<QString, infrafit::ui::MainWindow::Page> pages{
        {QStringLiteral("catalog"), infrafit::ui::MainWindow::CatalogPageIndex},
        {QStringLiteral("software"), infrafit::ui::MainWindow::CatalogPageIndex},
        {QStringLiteral("workloads"), infrafit::ui::MainWindow::WorkloadsPageIndex},
        {QStringLiteral("configurations"), infrafit::ui::MainWindow::ConfigurationsPageIndex},
        {QStringLiteral("analysis"), infrafit::ui::MainWindow::AnalysisPageIndex},
        {QStringLiteral("recommend"), infrafit::ui::MainWindow::RecommendPageIndex},
        {QStringLiteral("compare"), infrafit::ui::MainWindow::ComparePageIndex},
        {QStringLiteral("measurements"), infrafit::ui::MainWindow::MeasurementsPageIndex},
        {QStringLiteral("portfolio"), infrafit::ui::MainWindow::PortfolioPageIndex},
        {QStringLiteral("layout"), infrafit::ui::MainWindow::LayoutPageIndex}};
    const QString page = parser.value(pageOption);
    if (parser.isSet(pageOption) && !pages.contains(page)) {
        std::fprintf(stderr, "infrafit: --page must be one of %s\n",
                     qPrintable(QStringList(pages.keys()).join(QStringLiteral(", "))));
        return 2;
    }
    const QMap<QString, infrafit::ui::Theme> themes{
        {QStringLiteral("system"), infrafit::ui::Theme::System},
        {QStringLiteral("light"), infrafit::ui::Theme::Light},
        {QStringLiteral("dark"), infrafit::ui::Theme::Dark}};
    const QString theme = parser.value(themeOption);
    if (parser.isSet(themeOption) && !themes.contains(theme)) {
        std::fprintf(stderr, "infrafit: --theme must be one of %s\n",
                     qPrintable(QStringList(themes.keys()).join(QStringLiteral(", "))));
        return 2;
    }

    const std::string dbPath = parser.isSet(dbOption)
                                   ? infrafit::ui::toStdString(parser.value(dbOption))
                                   : infrafit::catalog::defaultDatabasePath();
    try {
        // A corrupt or newer catalog: back it up and start fresh, or quit.
        auto opened = infrafit::ui::openCatalog(dbPath);
        if (!opened)
            return 1;
        auto store = std::move(*opened);
        infrafit::ui::applyTheme(parser.isSet(themeOption) ? themes.value(theme)
                                                           : infrafit::ui::savedTheme());
        infrafit::ui::MainWindow window(std::move(store));
        window.show();
        infrafit::ui::measureStartupIfAsked(&window); // INFRAFIT_MEASURE_STARTUP=1
        // What to show first: the project asked for, else unsaved work from
        // a session that crashed, else the last project, else an example,
        // so the first screen is always a real analysis.
        const QStringList projects = parser.positionalArguments();
        const QStringList recent =
            QSettings().value(QStringLiteral("project/recent")).toStringList();
        if (!projects.isEmpty())
            window.openProject(projects.front());
        else if (window.offerRecovery())
            ;
        else if (!recent.isEmpty() && QFileInfo::exists(recent.front()))
            window.openProject(recent.front());
        else
            window.openExample(QStringLiteral("llama3-70b-finetune.infrafit.json"));
        if (parser.isSet(pageOption))
            window.showPage(pages.value(page));
        if (page == QStringLiteral("software"))
            window.catalogPage()->showSoftware();
        if (parser.isSet(searchOption))
            window.recommendPage()->search();
        return QApplication::exec();
    } catch (const std::exception& error) {
        QMessageBox::critical(nullptr, QStringLiteral("InfraFit"),
                              QStringLiteral("Cannot open the catalog:\n\n")
                                  + QString::fromUtf8(error.what()));
        return 1;
    }
}
