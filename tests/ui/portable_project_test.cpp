// SPDX-License-Identifier: Apache-2.0
// Projects are portable: save embeds the parts the built-in catalog does not
// have as they are here; an unknown part id is an error finding in the
// Findings panel; renaming a part offers to update the configurations.
#include "core/io/project_json.h"
#include "core/parts/field_spec.h"
#include "ui/analysis/live_analysis.h"
#include "ui/catalog/catalog_editor.h"
#include "ui/dialogs/dialogs.h"
#include "ui/project/project_document.h"

#include "ui_fixture.h"

#include <catch2/catch.hpp>

#include <QDockWidget>
#include <QUndoStack>

#include <algorithm>

using namespace infrafit;
using namespace infrafit::ui;

namespace {

bool hasPart(const Project& project, const std::string& id)
{
    return std::any_of(project.parts.begin(), project.parts.end(),
                       [&](const Part& p) { return infoOf(p).id == id; });
}

bool hasFinding(const Findings& findings, const std::string& code)
{
    return std::any_of(findings.begin(), findings.end(), [&](const Finding& f) {
        return f.code == code && f.severity == Severity::Error;
    });
}

} // namespace

TEST_CASE("a saved project carries the parts it uses that the built-in catalog lacks",
          "[ui][project][portable]")
{
    test::WindowFixture f;
    const Project& project = f.window->document()->project();
    REQUIRE_FALSE(project.configurations.empty());
    const std::string gpuId = project.configurations[0].gpuId;
    const std::string chassisId = project.configurations[0].chassisId;
    REQUIRE_FALSE(hasPart(project, gpuId));

    // Unchanged built-in parts are not embedded.
    const QString first = QString::fromStdString(f.dir.file("first"));
    Dialogs::setNextFileName(first);
    REQUIRE(f.window->saveAs());
    const auto saved = readProjectFile(f.window->document()->filePath().toStdString());
    CHECK_FALSE(hasPart(saved, gpuId));
    CHECK_FALSE(hasPart(saved, chassisId));

    // A part changed here is embedded with its changed field.
    const FieldSpec* price = findField(PartKind::Gpu, "price_usd");
    REQUIRE(price);
    REQUIRE(f.window->catalogEditor()->setField(gpuId, *price, FieldValue{12345.0}).isEmpty());
    const QString second = QString::fromStdString(f.dir.file("second"));
    Dialogs::setNextFileName(second);
    REQUIRE(f.window->saveAs());
    const auto portable = readProjectFile(f.window->document()->filePath().toStdString());
    REQUIRE(hasPart(portable, gpuId));
    const auto embedded = std::find_if(portable.parts.begin(), portable.parts.end(),
                                       [&](const Part& p) { return infoOf(p).id == gpuId; });
    CHECK(infoOf(*embedded).priceUsd == 12345.0);
    CHECK_FALSE(hasPart(portable, chassisId));
    // The open document itself is unchanged (nothing to undo, not modified).
    CHECK_FALSE(hasPart(f.window->document()->project(), gpuId));
    CHECK_FALSE(f.window->document()->isModified());
}

TEST_CASE("an unknown part id is an error finding in the Findings panel",
          "[ui][project][portable]")
{
    test::WindowFixture f;
    Project broken = f.window->document()->project();
    broken.configurations[0].gpuId = "gpu-on-a-colleagues-machine";
    f.window->document()->apply(broken, QStringLiteral("Break"));
    f.window->liveAnalysis()->setSelection(0, 0);
    auto* analysis = f.window->liveAnalysis();
    CHECK_FALSE(analysis->result());
    CHECK(hasFinding(analysis->findings(), "config.unresolved_part"));
    const auto* dock = f.window->findChild<QDockWidget*>(QStringLiteral("findingsDock"));
    REQUIRE(dock);
    CHECK(dock->windowTitle().contains(QStringLiteral("1 errors")));
    CHECK_FALSE(dock->windowTitle().contains(QStringLiteral("0 errors")));
}

TEST_CASE("renaming a part offers to update the configurations that use it",
          "[ui][project][portable]")
{
    test::WindowFixture f;
    const std::string gpuId = f.window->document()->project().configurations[0].gpuId;
    const FieldSpec* id = findField(PartKind::Gpu, "id");
    REQUIRE(id);

    SECTION("accepted: the configurations follow the new id")
    {
        Dialogs::setNextAnswer(QMessageBox::Yes);
        REQUIRE(f.window->catalogEditor()
                    ->setField(gpuId, *id, FieldValue{std::string("my-gpu")})
                    .isEmpty());
        const auto& configurations = f.window->document()->project().configurations;
        CHECK(std::none_of(configurations.begin(), configurations.end(),
                           [&](const Configuration& c) { return c.gpuId == gpuId; }));
        CHECK(configurations[0].gpuId == "my-gpu");
        CHECK(f.window->liveAnalysis()->result());
        // One undoable project step.
        f.window->document()->undoStack()->undo();
        CHECK(f.window->document()->project().configurations[0].gpuId == gpuId);
    }
    SECTION("declined: the broken reference is an error finding, not silence")
    {
        Dialogs::setNextAnswer(QMessageBox::No);
        REQUIRE(f.window->catalogEditor()
                    ->setField(gpuId, *id, FieldValue{std::string("my-gpu")})
                    .isEmpty());
        CHECK(f.window->document()->project().configurations[0].gpuId == gpuId);
        f.window->liveAnalysis()->refresh();
        CHECK(hasFinding(f.window->liveAnalysis()->findings(), "config.unresolved_part"));
    }
}
