// SPDX-License-Identifier: Apache-2.0
// The project's requirements on the Configurations page (issue 20): check
// boxes and the minimum Redfish version edit the project (undoably), the
// status table shows core's compliance rows for the selected
// configuration, and unmet requirements are findings; the workload form
// edits the software stack.
#include "ui/analysis/live_analysis.h"
#include "ui/project/configurations_page.h"
#include "ui/project/project_document.h"
#include "ui/project/workload_form.h"
#include "ui/project/workloads_page.h"

#include "ui_fixture.h"

#include <catch2/catch.hpp>

#include <QCheckBox>
#include <QCoreApplication>
#include <QScrollArea>
#include <QTabWidget>
#include <QTableView>
#include <QLineEdit>
#include <QTableWidget>
#include <QUndoStack>

#include <algorithm>

using namespace infrafit;
using namespace infrafit::ui;

TEST_CASE("requirements are edited and their status shown", "[ui][requirements]")
{
    test::WindowFixture f;
    auto* page = f.window->configurationsPage();
    auto* tpm = page->findChild<QCheckBox*>(QStringLiteral("requirementsTpmCheckBox"));
    REQUIRE(tpm);
    auto* redfish = page->findChild<QLineEdit*>(QStringLiteral("requirementsRedfishMinLineEdit"));
    REQUIRE(redfish);
    auto* table = page->findChild<QTableWidget*>(QStringLiteral("complianceTableWidget"));
    REQUIRE(table);
    CHECK(table->rowCount() == 0);

    tpm->setChecked(true);
    CHECK(f.window->document()->project().requirements.tpm);
    redfish->setText(QStringLiteral("1.8"));
    emit redfish->editingFinished();
    CHECK(f.window->document()->project().requirements.redfishMin == "1.8");
    f.settle();
    // One row per requirement against the chassis; the findings say so too.
    CHECK(table->rowCount() == 2);
    const auto& findings = f.window->liveAnalysis()->findings();
    CHECK(std::any_of(findings.begin(), findings.end(), [](const Finding& x) {
        return x.code.rfind("requirement.", 0) == 0;
    }));

    f.window->document()->undoStack()->undo();
    f.window->document()->undoStack()->undo();
    CHECK_FALSE(f.window->document()->project().requirements.any());
    CHECK_FALSE(tpm->isChecked());
}

TEST_CASE("at 1280 x 800 the configuration form keeps the larger share of the page",
    "[ui][requirements][layout]")
{
    // Checks and requirements share one tabbed panel below the form; three
    // stacked panels used to leave the form seven rows, its fabric switch
    // and PDU pickers out of sight.
    test::WindowFixture f;
    f.window->showPage(MainWindow::ConfigurationsPageIndex);
    f.window->resize(1280, 800);
    f.window->show();
    QCoreApplication::processEvents();
    auto* page = f.window->configurationsPage();
    auto* tabs = page->findChild<QTabWidget*>(QStringLiteral("configurationBelowTabWidget"));
    REQUIRE(tabs);
    CHECK(tabs->count() == 2);
    CHECK(tabs->indexOf(page->findChild<QTableView*>(
              QStringLiteral("configurationFindingsTableView"))->parentWidget())
          == 0);
    auto* form = page->findChild<QScrollArea*>(QStringLiteral("configurationFormScrollArea"));
    REQUIRE(form);
    INFO("form " << form->height() << " px, checks and requirements " << tabs->height() << " px");
    CHECK(form->height() > tabs->height());
    f.window->hide();
}

TEST_CASE("the workload form edits the software stack", "[ui][software]")
{
    test::WindowFixture f;
    auto* form = f.window->workloadsPage()->form();
    auto* driver = form->findChild<QLineEdit*>(QStringLiteral("driverBranchLineEdit"));
    REQUIRE(driver);
    driver->setText(QStringLiteral("R450"));
    emit driver->editingFinished();
    CHECK(f.window->document()->project().workloads[0].software.driverBranch == "R450");
    f.settle();
    // The example's GPU needs a newer branch than R450 unless it is an Ampere part.
    const auto& findings = f.window->liveAnalysis()->findings();
    const bool software = std::any_of(findings.begin(), findings.end(), [](const Finding& x) {
        return x.code.rfind("software.", 0) == 0;
    });
    const auto& config = f.window->document()->project().configurations[0];
    INFO(config.gpuId);
    CHECK((software || config.gpuId.find("a100") != std::string::npos));
}
