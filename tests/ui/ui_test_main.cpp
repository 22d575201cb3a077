// SPDX-License-Identifier: Apache-2.0
// Runner for the GUI tests: a QApplication on the offscreen platform, with
// QStandardPaths in test mode so settings and data go to throwaway places.
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>

#include <QApplication>
#include <QStandardPaths>

#include "support/private_data_home.h"

int main(int argc, char** argv)
{
    const infrafit::test::PrivateDataHome dataHome;
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QStandardPaths::setTestModeEnabled(true);
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("infrafit-tests"));
    return Catch::Session().run(argc, argv);
}
