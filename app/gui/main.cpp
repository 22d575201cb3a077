// SPDX-License-Identifier: Apache-2.0
// infrafit: the desktop application. Opens the user's catalog (created from
// the built-in default catalog on first start) and shows the main window.
#include "catalog/catalog_store.h"
#include "ui/main_window.h"
#include "ui/qt_text.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QMessageBox>

int main(int argc, char** argv)
{
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("infrafit"));
    QApplication::setApplicationDisplayName(QStringLiteral("InfraFit"));
    QApplication::setApplicationVersion(QStringLiteral(INFRAFIT_VERSION));
    QApplication::setDesktopFileName(QStringLiteral("infrafit"));

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Plan AI training and inference hardware"));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption dbOption(QStringLiteral("db"),
                                      QStringLiteral("Use the catalog database FILE."),
                                      QStringLiteral("FILE"));
    parser.addOption(dbOption);
    parser.addPositionalArgument(QStringLiteral("project"),
                                 QStringLiteral("An InfraFit project (*.infrafit.json) to open."));
    parser.process(app);

    const std::string dbPath = parser.isSet(dbOption)
                                   ? infrafit::ui::toStdString(parser.value(dbOption))
                                   : infrafit::catalog::defaultDatabasePath();
    try {
        auto store = infrafit::catalog::CatalogStore::open(dbPath);
        infrafit::ui::MainWindow window(std::move(store));
        window.show();
        return QApplication::exec();
    } catch (const std::exception& error) {
        QMessageBox::critical(nullptr, QStringLiteral("InfraFit"),
                              QStringLiteral("Cannot open the catalog:\n\n")
                                  + QString::fromUtf8(error.what()));
        return 1;
    }
}
