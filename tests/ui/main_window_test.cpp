// SPDX-License-Identifier: Apache-2.0
// The main window: first screen shows a real analysis, the title's '*'
// follows unsaved changes, save through the dialog seam, prompts before
// losing work, autosave and recovery after a crash.
#include "ui/analysis/analysis_page.h"
#include "ui/analysis/live_analysis.h"
#include "ui/dialogs/dialogs.h"
#include "ui/project/autosave.h"
#include "ui/project/project_document.h"

#include "ui_fixture.h"

#include <catch2/catch.hpp>

#include <QUndoStack>

using namespace infrafit;
using namespace infrafit::ui;

TEST_CASE("the first screen is a real analysis of the example", "[ui][window]")
{
    test::WindowFixture f;
    auto* analysis = f.window->liveAnalysis();
    REQUIRE(analysis->result());
    CHECK(analysis->result()->analyzed);
    CHECK(analysis->result()->infrastructure.has_value());
    CHECK_FALSE(f.window->analysisPage()->figureText(QStringLiteral("fits")).isEmpty());
    CHECK(f.window->windowTitle() == QStringLiteral("Untitled[*] — InfraFit"));
    CHECK_FALSE(f.window->isWindowModified());
}

TEST_CASE("the title's star follows edits and saves", "[ui][window]")
{
    test::WindowFixture f;
    auto* document = f.window->document();
    Project edited = document->project();
    edited.configurations[0].nodes = 8;
    document->apply(edited, QStringLiteral("Edit nodes"));
    CHECK(f.window->isWindowModified());

    Dialogs::setNextFileName(QString::fromStdString(f.dir.file("mine")));
    REQUIRE(f.window->save());
    CHECK_FALSE(f.window->isWindowModified());
    CHECK(document->filePath().endsWith(QStringLiteral("mine.infrafit.json")));
    CHECK(f.window->windowTitle() == QStringLiteral("mine.infrafit.json[*] — InfraFit"));
}

TEST_CASE("unsaved changes prompt before they are lost", "[ui][window]")
{
    test::WindowFixture f;
    auto* document = f.window->document();
    Project edited = document->project();
    edited.configurations[0].nodes = 8;
    document->apply(edited, QStringLiteral("Edit nodes"));

    Dialogs::setNextAnswer(QMessageBox::Cancel);
    CHECK_FALSE(f.window->maybeSave());
    CHECK(document->isModified());
    Dialogs::setNextAnswer(QMessageBox::Discard);
    CHECK(f.window->maybeSave());
}

TEST_CASE("autosave keeps unsaved work and the next start recovers it", "[ui][window][autosave]")
{
    test::TempDir dir;
    const QString autosaveDir = QString::fromStdString(dir.file("autosave"));
    {
        auto store = catalog::CatalogStore::open(dir.file("catalog.sqlite"));
        MainWindow window(std::move(store), autosaveDir);
        window.openExample(QStringLiteral("llama-serving.infrafit.json"));
        Project edited = window.document()->project();
        edited.workloads[0].concurrentRequests = 77;
        window.document()->apply(edited, QStringLiteral("Edit concurrency"));
        window.autosave()->saveNow();
        REQUIRE(window.autosave()->hasRecovery());
        // The window is destroyed without closing: as after a crash.
    }
    auto store = catalog::CatalogStore::open(dir.file("catalog.sqlite"));
    MainWindow window(std::move(store), autosaveDir);
    Dialogs::setNextAnswer(QMessageBox::Yes);
    REQUIRE(window.offerRecovery());
    CHECK(window.document()->project().workloads[0].concurrentRequests == 77);
    CHECK(window.document()->isModified());

    // Saving the recovered work removes the recovery file.
    Dialogs::setNextFileName(QString::fromStdString(dir.file("recovered.infrafit.json")));
    REQUIRE(window.save());
    CHECK_FALSE(window.autosave()->hasRecovery());
}
