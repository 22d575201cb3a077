// SPDX-License-Identifier: Apache-2.0
// The Analysis page's selectors name the configuration whose figures it
// shows, however it was chosen, and Export BOM proposes that one's name.
#include "ui/analysis/analysis_page.h"
#include "ui/analysis/live_analysis.h"
#include "ui/bom/bom_exporter.h"
#include "ui/dialogs/dialogs.h"
#include "ui/project/configurations_page.h"
#include "ui/project/named_list_panel.h"
#include "ui/project/project_document.h"
#include "ui/recommend/recommend_page.h"
#include "ui/recommend/recommend_runner.h"

#include "ui_fixture.h"

#include <catch2/catch.hpp>

#include <QComboBox>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>

using namespace infrafit;
using namespace infrafit::ui;

namespace {

QComboBox* configurationCombo(const test::WindowFixture& f)
{
    return f.window->analysisPage()->findChild<QComboBox*>(
        QStringLiteral("analysisConfigurationComboBox"));
}

/// The file name Export BOM proposes, answered with an empty name (cancel).
QString proposedBomName(const test::WindowFixture& f)
{
    Dialogs::setNextFileName(QString());
    f.window->bomExporter()->exportWithDialog(f.window.get());
    return Dialogs::lastSuggestedFileName();
}

} // namespace

TEST_CASE("clicking a configuration makes the analysis selector name it",
          "[ui][analysis][selection]")
{
    test::WindowFixture f;
    const auto& configurations = f.window->document()->project().configurations;
    REQUIRE(configurations.size() >= 2);
    auto* combo = configurationCombo(f);
    REQUIRE(combo);
    CHECK(combo->currentText() == QString::fromStdString(configurations[0].name));
    const QString capexBefore = f.window->analysisPage()->figureText(QStringLiteral("capex"));

    f.window->configurationsPage()->listPanel()->setCurrentRow(1);
    REQUIRE(f.window->liveAnalysis()->configurationIndex() == 1);
    f.settle(); // the analysis runs on a worker
    const QString second = QString::fromStdString(configurations[1].name);
    CHECK(combo->currentText() == second);
    // The figures changed with it (the two example configurations differ in GPU).
    CHECK(f.window->analysisPage()->figureText(QStringLiteral("capex")) != capexBefore);
    CHECK(proposedBomName(f) == second + QStringLiteral("-bom.pdf"));

    // And back through the combo itself.
    combo->setCurrentIndex(0);
    CHECK(f.window->liveAnalysis()->configurationIndex() == 0);
    f.settle();
    CHECK(proposedBomName(f)
          == QString::fromStdString(configurations[0].name) + QStringLiteral("-bom.pdf"));
}

TEST_CASE("'Use This Configuration' makes the analysis selector name the new configuration",
          "[ui][analysis][selection][recommend]")
{
    test::WindowFixture f;
    f.window->openExample(QStringLiteral("llama-serving.infrafit.json"));
    auto* page = f.window->recommendPage();
    page->findChild<QSpinBox*>(QStringLiteral("recommendMaxNodesSpinBox"))->setValue(2);
    QSignalSpy finished(page->runner(), &RecommendRunner::finished);
    page->findChild<QPushButton*>(QStringLiteral("recommendSearchButton"))->click();
    REQUIRE((page->runner()->isRunning() && finished.wait(120000)));
    REQUIRE(page->useSelected());
    const auto& configurations = f.window->document()->project().configurations;
    const int added = static_cast<int>(configurations.size()) - 1;
    CHECK(f.window->liveAnalysis()->configurationIndex() == added);
    f.settle();
    const QString name = QString::fromStdString(configurations.back().name);
    CHECK(configurationCombo(f)->currentText() == name);
    CHECK(proposedBomName(f) == name + QStringLiteral("-bom.pdf"));
}
