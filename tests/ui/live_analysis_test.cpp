// SPDX-License-Identifier: Apache-2.0
// The live analysis runs off the GUI thread (issue 21 item 4): a keystroke
// in a workload field hands a snapshot to a worker and returns to the event
// loop; with automatic parallelism the plan search runs there, never on
// the GUI thread. These tests check the mechanism, not a timing.
#include "ui/analysis/live_analysis.h"
#include "ui/project/project_document.h"
#include "ui/project/workload_form.h"
#include "ui/project/workloads_page.h"

#include "ui_fixture.h"

#include <catch2/catch.hpp>

#include <QLineEdit>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTest>

using namespace infrafit;
using namespace infrafit::ui;

TEST_CASE("a keystroke with automatic parallelism returns before the plan search",
          "[ui][analysis][async]")
{
    test::WindowFixture f;
    auto* analysis = f.window->liveAnalysis();
    analysis->waitForResult();
    REQUIRE_FALSE(f.window->document()->project().workloads[0].parallelism.has_value());
    REQUIRE(analysis->result());
    CHECK(analysis->result()->parallelismChosen); // the plan came from the search
    QSignalSpy announced(analysis, &LiveAnalysis::resultChanged);
    const int waitsBefore = analysis->blockingWaits();
    auto* sequence = f.window->workloadsPage()->form()->findChild<QSpinBox*>(
        QStringLiteral("sequenceLengthSpinBox"));
    REQUIRE(sequence);
    sequence->setValue(sequence->value() + 8);
    // Back in the event loop's hands: the edit is applied, the analysis of
    // it was handed off and not announced from inside the keystroke.
    CHECK(f.window->document()->project().workloads[0].sequenceLength == sequence->value());
    CHECK(announced.count() == 0);
    // Nothing the keystroke ran (the form, the pages, the status bar) made
    // the GUI thread wait for the evaluation.
    CHECK(analysis->blockingWaits() == waitsBefore);
    REQUIRE(announced.wait(60000));
    CHECK(announced.count() == 1);
    CHECK(analysis->lastRanOnWorker());
    REQUIRE(analysis->result());
    CHECK(analysis->result()->parallelismChosen);
}

TEST_CASE("a result overtaken by a newer edit is dropped", "[ui][analysis][async]")
{
    test::WindowFixture f;
    auto* analysis = f.window->liveAnalysis();
    analysis->waitForResult();
    QSignalSpy announced(analysis, &LiveAnalysis::resultChanged);
    auto* name = f.window->workloadsPage()->form()->findChild<QLineEdit*>(
        QStringLiteral("workloadNameLineEdit"));
    REQUIRE(name);
    name->setText(QStringLiteral("first"));
    emit name->editingFinished();
    name->setText(QStringLiteral("second"));
    emit name->editingFinished();
    REQUIRE(announced.wait(60000));
    // Let the first snapshot's worker finish too: it is never announced.
    QTest::qWait(200);
    analysis->waitForResult();
    CHECK(announced.count() == 1);
    REQUIRE(analysis->result());
    CHECK(analysis->result()->workloadName == "second");
}

TEST_CASE("readers of the analysis never see the figures of an older edit",
          "[ui][analysis][async]")
{
    test::WindowFixture f;
    auto* analysis = f.window->liveAnalysis();
    auto* name = f.window->workloadsPage()->form()->findChild<QLineEdit*>(
        QStringLiteral("workloadNameLineEdit"));
    REQUIRE(name);
    name->setText(QStringLiteral("renamed"));
    emit name->editingFinished();
    // No waiting by the caller: result() waits for the newest snapshot.
    REQUIRE(analysis->result());
    CHECK(analysis->result()->workloadName == "renamed");
}
