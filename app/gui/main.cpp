// SPDX-License-Identifier: Apache-2.0
// infrafit: the desktop application. Opens the user's catalog (created from
// the built-in default catalog on first start) and a project, and shows the
// main window.
#include "catalog/catalog_store.h"
#include "ui/main_window.h"
#include "ui/qt_text.h"
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
    QApplication app(argc, argv);
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
        QStringLiteral("Show PAGE first: catalog, workloads, configurations or analysis."),
        QStringLiteral("PAGE"));
    parser.addOption(pageOption);
    parser.addPositionalArgument(QStringLiteral("project"),
                                 QStringLiteral("An InfraFit project (*.infrafit.json) to open."));
    parser.process(app);
    const QMap<QString, infrafit::ui::MainWindow::Page> pages{
        {QStringLiteral("catalog"), infrafit::ui::MainWindow::CatalogPageIndex},
        {QStringLiteral("workloads"), infrafit::ui::MainWindow::WorkloadsPageIndex},
        {QStringLiteral("configurations"), infrafit::ui::MainWindow::ConfigurationsPageIndex},
        {QStringLiteral("analysis"), infrafit::ui::MainWindow::AnalysisPageIndex}};
    const QString page = parser.value(pageOption);
    if (parser.isSet(pageOption) && !pages.contains(page)) {
        std::fprintf(stderr, "infrafit: --page must be one of %s\n",
                     qPrintable(QStringList(pages.keys()).join(QStringLiteral(", "))));
        return 2;
    }

    const std::string dbPath = parser.isSet(dbOption)
                                   ? infrafit::ui::toStdString(parser.value(dbOption))
                                   : infrafit::catalog::defaultDatabasePath();
    try {
        auto store = infrafit::catalog::CatalogStore::open(dbPath);
        infrafit::ui::applyTheme(infrafit::ui::savedTheme());
        infrafit::ui::MainWindow window(std::move(store));
        window.show();
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
        return QApplication::exec();
    } catch (const std::exception& error) {
        QMessageBox::critical(nullptr, QStringLiteral("InfraFit"),
                              QStringLiteral("Cannot open the catalog:\n\n")
                                  + QString::fromUtf8(error.what()));
        return 1;
    }
}
