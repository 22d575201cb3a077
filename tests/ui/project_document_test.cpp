// SPDX-License-Identifier: Apache-2.0
// The open project: undoable edits, the modified flag, atomic save and reopen.
#include "core/base/input_error.h"
#include "core/io/project_json.h"
#include "core/io/text_file.h"
#include "ui/dialogs/dialogs.h"
#include "ui/project/project_document.h"

#include "support/fixtures.h"
#include "ui_fixture.h"

#include <catch2/catch.hpp>

#include <QSignalSpy>
#include <QUndoStack>

using namespace infrafit;
using namespace infrafit::ui;

TEST_CASE("project edits are undoable and follow the clean state", "[ui][project][undo]")
{
    ProjectDocument document;
    document.reset(readProjectFile(test::fixturePath("projects/llama-h100.infrafit.json")));
    CHECK_FALSE(document.isModified());
    QSignalSpy modified(&document, &ProjectDocument::modifiedChanged);

    Project edited = document.project();
    edited.configurations[0].nodes = 4;
    document.apply(edited, QStringLiteral("Edit nodes"), QStringLiteral("configuration/0/nodes"));
    edited.configurations[0].nodes = 8;
    document.apply(edited, QStringLiteral("Edit nodes"), QStringLiteral("configuration/0/nodes")); // merges with the previous step
    CHECK(document.isModified());
    CHECK(document.undoStack()->count() == 1);
    CHECK(document.project().configurations[0].nodes == 8);
    REQUIRE(modified.count() >= 1);

    document.undoStack()->undo();
    CHECK(document.project().configurations[0].nodes == 2);
    CHECK_FALSE(document.isModified());
    document.undoStack()->redo();
    CHECK(document.project().configurations[0].nodes == 8);
}

TEST_CASE("save, reopen: the same project, and the document is clean", "[ui][project]")
{
    test::TempDir dir;
    ProjectDocument document;
    document.reset(readProjectFile(test::fixturePath("projects/llama-h100.infrafit.json")));
    Project edited = document.project();
    edited.workloads[0].sequenceLength = 4096;
    document.apply(edited, QStringLiteral("Edit sequence length"));
    const QString path = QString::fromStdString(dir.file("saved.infrafit.json"));
    document.saveAs(path);
    CHECK_FALSE(document.isModified());
    CHECK(document.filePath() == path);

    ProjectDocument reopened;
    CHECK(reopened.open(path).empty()); // every member saved is read back
    CHECK(projectToJson(reopened.project()) == projectToJson(document.project()));
    CHECK(reopened.project().workloads[0].sequenceLength == 4096);
}

TEST_CASE("opening a broken project throws with the pointer and keeps the old one",
          "[ui][project]")
{
    ProjectDocument document;
    document.reset(readProjectFile(test::fixturePath("projects/llama-h100.infrafit.json")));
    CHECK_THROWS_AS(document.open(QString::fromStdString(
                        test::fixturePath("projects/bad-rules.infrafit.json"))),
                    InputError);
    CHECK(document.project().name == "Llama on H100");
}

// CLI probe U1 in the GUI: a misspelled key opened silently, and a save then
// dropped it. The project opens, and a warning names each ignored member.
TEST_CASE("opening a project with unknown fields opens it and names them", "[ui][project]")
{
    test::WindowFixture f;
    auto json = nlohmann::json::parse(
        readTextFile(test::fixturePath("projects/llama-h100.infrafit.json")));
    json["workloads"][0]["promt_tokens"] = 100000;
    const QString path = QString::fromStdString(f.dir.file("typo.infrafit.json"));
    test::writeBytes(path.toStdString(), json.dump(2));
    Dialogs::setSuppressWarnings(true);
    REQUIRE(f.window->openProject(path));
    Dialogs::setSuppressWarnings(false);
    CHECK(f.window->document()->project().name == "Llama on H100");
    CHECK(Dialogs::lastWarning().contains(QStringLiteral("/workloads/0/promt_tokens")));
    CHECK(Dialogs::lastWarning().contains(QStringLiteral("Saving the project drops them")));
}
