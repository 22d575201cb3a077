// SPDX-License-Identifier: Apache-2.0
// Workload and configuration editing through the forms: valid edits become
// undoable project changes; invalid ones are refused with core's reason.
#include "core/project/configuration_fields.h"
#include "core/project/workload_fields.h"
#include "ui/analysis/findings_model.h"
#include "ui/analysis/live_analysis.h"
#include "ui/catalog/catalog_editor.h"
#include "ui/project/configuration_form.h"
#include "ui/project/configurations_page.h"
#include "ui/project/named_list_panel.h"
#include "ui/project/project_document.h"
#include "ui/project/workload_form.h"
#include "ui/project/workloads_page.h"

#include "ui_fixture.h"

#include <catch2/catch.hpp>

#include <QAbstractItemModelTester>
#include <QCheckBox>
#include <QComboBox>
#include <QCompleter>
#include <QCoreApplication>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QLineEdit>
#include <QSpinBox>
#include <QTest>
#include <QUndoStack>

#include <cmath>
#include <span>

using namespace infrafit;
using namespace infrafit::ui;

TEST_CASE("a valid workload edit is applied and undoable", "[ui][workloads]")
{
    test::WindowFixture f;
    auto* form = f.window->workloadsPage()->form();
    auto* sequence = form->findChild<QSpinBox*>(QStringLiteral("sequenceLengthSpinBox"));
    REQUIRE(sequence);
    CHECK(sequence->value() == 4096);
    sequence->setValue(8192);
    const auto& project = f.window->document()->project();
    CHECK(project.workloads[0].sequenceLength == 8192);
    CHECK(f.window->document()->isModified());
    f.window->document()->undoStack()->undo();
    CHECK(f.window->document()->project().workloads[0].sequenceLength == 4096);
    CHECK(sequence->value() == 4096);
}

TEST_CASE("the overlap choices set and clear pp_comm_overlap, undoably", "[ui][workloads]")
{
    test::WindowFixture f;
    auto* form = f.window->workloadsPage()->form();
    auto* pp = form->findChild<QComboBox*>(QStringLiteral("ppCommOverlapComboBox"));
    REQUIRE(pp);
    CHECK(pp->currentIndex() == 0); // absent: the schedule's default
    pp->setCurrentIndex(2);
    const auto overlap = [&] { return f.window->document()->project().workloads[0].ppCommOverlap; };
    CHECK(overlap() == std::optional<bool>(false));
    f.window->document()->undoStack()->undo();
    CHECK_FALSE(overlap().has_value());
    CHECK(pp->currentIndex() == 0);
    f.window->document()->undoStack()->redo();
    CHECK(overlap() == std::optional<bool>(false));
    CHECK(pp->currentIndex() == 2);
    pp->setCurrentIndex(1);
    CHECK(overlap() == std::optional<bool>(true));
}

TEST_CASE("an optional flag of the registry is a default/on/off choice, undoably",
          "[ui][workloads][fields]")
{
    // fp32_grad_buffer: absent = the precision's default (core's
    // fp32GradBufferOn), so the row must offer "absent" besides on and off.
    test::WindowFixture f;
    auto* form = f.window->workloadsPage()->form();
    auto* buffer = form->findChild<QComboBox*>(QStringLiteral("fp32GradBufferComboBox"));
    REQUIRE(buffer);
    REQUIRE(buffer->count() == 3);
    CHECK(buffer->itemText(0).toStdString() == findWorkloadField("fp32_grad_buffer")->absent);
    const auto flag = [&] { return f.window->document()->project().workloads[0].fp32GradBuffer; };
    REQUIRE_FALSE(flag().has_value());
    CHECK(buffer->currentIndex() == 0);
    buffer->setCurrentIndex(2);
    CHECK(flag() == std::optional<bool>(false));
    f.window->document()->undoStack()->undo();
    CHECK_FALSE(flag().has_value());
    CHECK(buffer->currentIndex() == 0);
    f.window->document()->undoStack()->redo();
    CHECK(flag() == std::optional<bool>(false));
    CHECK(buffer->currentIndex() == 2);
    buffer->setCurrentIndex(1);
    CHECK(flag() == std::optional<bool>(true));
}

TEST_CASE("the fp8 recipe is editable for fp8 only, and its choice is undoable", "[ui][workloads]")
{
    test::WindowFixture f;
    auto* form = f.window->workloadsPage()->form();
    auto* recipe = form->findChild<QComboBox*>(QStringLiteral("fp8RecipeComboBox"));
    auto* precision = form->findChild<QComboBox*>(QStringLiteral("precisionComboBox"));
    REQUIRE(recipe);
    REQUIRE(precision);
    const auto workload = [&] { return f.window->document()->project().workloads[0]; };
    REQUIRE(workload().precision != Precision::Fp8);
    CHECK_FALSE(recipe->isEnabled());
    precision->setCurrentIndex(precision->findText(QStringLiteral("fp8")));
    REQUIRE(workload().precision == Precision::Fp8);
    CHECK(recipe->isEnabled());
    recipe->setCurrentIndex(recipe->findText(QStringLiteral("mxfp8")));
    CHECK(workload().fp8Recipe == Fp8Recipe::Mxfp8);
    f.window->document()->undoStack()->undo();
    CHECK(workload().fp8Recipe == Fp8Recipe::Current);
    CHECK(recipe->currentText() == QStringLiteral("current"));
}

TEST_CASE("activation offload is a spin box whose edits are undoable and whose plan rule "
          "refuses a pipeline", "[ui][workloads][validation]")
{
    test::WindowFixture f;
    auto* form = f.window->workloadsPage()->form();
    auto* offload = form->findChild<QSpinBox*>(QStringLiteral("activationOffloadLayersSpinBox"));
    auto* autoPlan = form->findChild<QCheckBox*>(QStringLiteral("autoPlanCheckBox"));
    auto* pipeline = form->findChild<QSpinBox*>(QStringLiteral("parallelismPipelineSpinBox"));
    REQUIRE(offload);
    REQUIRE(autoPlan);
    REQUIRE(pipeline);
    const auto workload = [&] { return f.window->document()->project().workloads[0]; };
    REQUIRE(workload().kind == WorkloadKind::Training);
    CHECK(offload->value() == 0);
    offload->setValue(8);
    CHECK(workload().activationOffloadLayers == 8);
    autoPlan->setChecked(false); // explicit plan: pipeline 1, no recompute
    REQUIRE(workload().parallelism.has_value());
    const int steps = f.window->document()->undoStack()->count();
    pipeline->setValue(2); // Megatron-Core offloads only without a pipeline
    CHECK(workload().parallelism->pipeline == 1);
    CHECK(f.window->document()->undoStack()->count() == steps);
    auto* problems = form->findChild<QLabel*>(QStringLiteral("workloadProblemsLabel"));
    REQUIRE(problems);
    CHECK(problems->text().contains(QStringLiteral("activation_offload_layers")));
    // Undo the plan choice and the offload: back to the file's values.
    f.window->document()->undoStack()->undo();
    f.window->document()->undoStack()->undo();
    CHECK(workload().activationOffloadLayers == 0);
    CHECK(offload->value() == 0);
}

TEST_CASE("an invalid plan is refused with core's reason", "[ui][workloads][validation]")
{
    test::WindowFixture f;
    auto* form = f.window->workloadsPage()->form();
    auto* autoPlan = form->findChild<QCheckBox*>(QStringLiteral("autoPlanCheckBox"));
    auto* tensor = form->findChild<QSpinBox*>(QStringLiteral("parallelismTensorSpinBox"));
    REQUIRE(autoPlan);
    REQUIRE(tensor);
    autoPlan->setChecked(false); // explicit plan, tensor 1: valid
    REQUIRE(f.window->document()->project().workloads[0].parallelism.has_value());
    const int steps = f.window->document()->undoStack()->count();
    tensor->setValue(7); // 64 heads are not divisible by 7
    CHECK(f.window->document()->project().workloads[0].parallelism->tensor == 1);
    CHECK(f.window->document()->undoStack()->count() == steps);
    auto* problems = form->findChild<QLabel*>(QStringLiteral("workloadProblemsLabel"));
    REQUIRE(problems);
    CHECK(problems->text().contains(QStringLiteral("tensor")));
}

TEST_CASE("choosing a preset replaces the architecture", "[ui][workloads]")
{
    test::WindowFixture f;
    auto* form = f.window->workloadsPage()->form();
    auto* preset = form->findChild<QComboBox*>(QStringLiteral("modelPresetComboBox"));
    REQUIRE(preset);
    CHECK(preset->currentText() == QStringLiteral("Llama 3.1 70B"));
    const int index = preset->findText(QStringLiteral("Llama 3.1 8B"));
    REQUIRE(index > 0);
    preset->setCurrentIndex(index);
    emit preset->activated(index);
    CHECK(f.window->document()->project().workloads[0].model.layers == 32);
    CHECK(f.window->liveAnalysis()->result()->parameters.total < 9e9);
}

TEST_CASE("workloads can be added, duplicated and deleted", "[ui][workloads]")
{
    test::WindowFixture f;
    auto* list = f.window->workloadsPage()->listPanel();
    emit list->addRequested();
    CHECK(f.window->document()->project().workloads.size() == 2);
    emit list->duplicateRequested(0);
    CHECK(f.window->document()->project().workloads.size() == 3);
    CHECK(f.window->document()->project().workloads[2].name
          == "Llama 3.1 70B full fine-tune copy");
    emit list->deleteRequested(1);
    CHECK(f.window->document()->project().workloads.size() == 2);
}

TEST_CASE("configuration edits apply and the findings follow live", "[ui][configurations]")
{
    test::WindowFixture f;
    auto* page = f.window->configurationsPage();
    QAbstractItemModelTester tester(page->findingsModel(),
                                    QAbstractItemModelTester::FailureReportingMode::Fatal);
    auto* form = page->form();
    auto* nodes = form->findChild<QSpinBox*>(QStringLiteral("nodesSpinBox"));
    REQUIRE(nodes);
    nodes->setValue(16);
    CHECK(f.window->document()->project().configurations[0].nodes == 16);
    CHECK(f.window->liveAnalysis()->result()->infrastructure->power.racks >= 5);

    // 700 W-class GPUs in a chassis rated for less: an error finding appears.
    auto* gpu = form->partCombo(PartKind::Gpu);
    const int b200 = gpu->findData(QStringLiteral("nvidia-b200-sxm-180gb"));
    REQUIRE(b200 >= 0);
    gpu->setCurrentIndex(b200);
    emit gpu->activated(b200);
    CHECK(f.window->document()->project().configurations[0].gpuId == "nvidia-b200-sxm-180gb");
    f.settle();
    bool tdpFinding = false;
    for (const auto& finding : page->findingsModel()->findings())
        tdpFinding = tdpFinding || finding.code == "thermal.gpu_tdp_exceeded";
    CHECK(tdpFinding);
}

TEST_CASE("counts read in the singular at one", "[ui][workloads]")
{
    test::WindowFixture f;
    auto* form = f.window->workloadsPage()->form();
    auto* micro = form->findChild<QSpinBox*>(QStringLiteral("microBatchSizeSpinBox"));
    REQUIRE(micro);
    micro->setValue(1);
    CHECK(micro->text() == QStringLiteral("1 sequence"));
    micro->setValue(2);
    CHECK(micro->text() == QStringLiteral("2 sequences"));
    auto* nodes = f.window->configurationsPage()->form()->findChild<QSpinBox*>(
        QStringLiteral("nodesSpinBox"));
    REQUIRE(nodes);
    // Filled from the project with signals blocked: still the plural at 4.
    CHECK(nodes->text() == QStringLiteral("4 nodes"));
    nodes->setValue(1);
    CHECK(nodes->text() == QStringLiteral("1 node"));
    f.window->document()->undoStack()->undo();
    CHECK(nodes->value() == 4);
    CHECK(nodes->text() == QStringLiteral("4 nodes"));
}

TEST_CASE("the part pickers follow catalog removals, renames and undo", "[ui][configurations]")
{
    test::WindowFixture f;
    auto* editor = f.window->catalogEditor();
    auto* gpu = f.window->configurationsPage()->form()->partCombo(PartKind::Gpu);
    const std::string chosen = f.window->document()->project().configurations[0].gpuId;
    const int count = gpu->count();
    REQUIRE(count > 3);
    // Remove a GPU near the top of the picker that the configuration does not use.
    const int removedRow = gpu->itemData(0).toString().toStdString() == chosen ? 1 : 0;
    const std::string removed = gpu->itemData(removedRow).toString().toStdString();
    REQUIRE(editor->removeParts({removed}).isEmpty());
    CHECK(gpu->count() == count - 1);
    CHECK(gpu->findData(QString::fromStdString(removed)) < 0);

    // Rename the last GPU: its row stays, under the new id.
    const int row = gpu->count() - 1;
    const std::string last = gpu->itemData(row).toString().toStdString();
    REQUIRE(last != chosen);
    const FieldSpec* idField = findField(PartKind::Gpu, "id");
    REQUIRE(idField);
    REQUIRE(editor->setField(last, *idField, FieldValue(std::string("renamed-gpu"))).isEmpty());
    CHECK(gpu->itemData(row).toString() == QStringLiteral("renamed-gpu"));

    // Choosing it goes through the project and back into the form, which
    // finds the row by id: the same row stays selected.
    gpu->setCurrentIndex(row);
    emit gpu->activated(row);
    CHECK(f.window->document()->project().configurations[0].gpuId == "renamed-gpu");
    CHECK(gpu->currentIndex() == row);
    CHECK(gpu->currentData().toString() == QStringLiteral("renamed-gpu"));

    // Undoing the rename and the removal brings both ids back; the
    // configuration still names "renamed-gpu", now shown as missing.
    editor->undoStack()->undo();
    editor->undoStack()->undo();
    CHECK(gpu->count() == count + 1);
    CHECK(gpu->findData(QString::fromStdString(removed)) >= 0);
    CHECK(gpu->findData(QString::fromStdString(last)) >= 0);
    CHECK(gpu->currentData().toString() == QStringLiteral("renamed-gpu"));
    CHECK(gpu->currentText().contains(QStringLiteral("not in the catalog")));
}

TEST_CASE("typing in a part picker searches the catalog by any part of the name",
          "[ui][configurations]")
{
    test::WindowFixture f;
    auto* gpu = f.window->configurationsPage()->form()->partCombo(PartKind::Gpu);
    // No completer while nobody types (it would re-match all parts on every change).
    CHECK(gpu->completer() == nullptr);
    gpu->lineEdit()->selectAll();
    QTest::keyClicks(gpu->lineEdit(), QStringLiteral("h200"));
    QCompleter* completer = gpu->completer();
    REQUIRE(completer);
    CHECK(completer->completionPrefix() == QStringLiteral("h200"));
    REQUIRE(completer->completionCount() >= 1);
    for (int row = 0; row < completer->completionCount(); ++row) {
        completer->setCurrentRow(row);
        CHECK(completer->currentCompletion().contains(QStringLiteral("H200"), Qt::CaseInsensitive));
    }
    // Leaving the picker detaches it again.
    emit gpu->lineEdit()->editingFinished();
    QCoreApplication::processEvents();
    CHECK(gpu->completer() == nullptr);
}

TEST_CASE("edits of unrelated rows and fields never merge into one undo step",
          "[ui][undo][regression]")
{
    // Regression: merge ids were integers, workloads row*10000+field and
    // configurations 50000+row*1000+field, so workload row 5's first field
    // and configuration row 0's first field shared 50000 and the second
    // edit was folded into the first.
    test::WindowFixture f;
    auto* list = f.window->workloadsPage()->listPanel();
    for (int i = 0; i < 5; ++i)
        emit list->addRequested();
    REQUIRE(f.window->document()->project().workloads.size() == 6);
    list->setCurrentRow(5);
    auto* kind = f.window->workloadsPage()->form()->findChild<QComboBox*>(
        QStringLiteral("kindComboBox"));
    REQUIRE(kind);
    auto* stack = f.window->document()->undoStack();
    const int before = stack->count();
    const auto kindBefore = f.window->document()->project().workloads[5].kind;
    kind->setCurrentIndex(kind->currentIndex() == 0 ? 1 : 0);
    const auto kindAfter = f.window->document()->project().workloads[5].kind;
    REQUIRE(kindAfter != kindBefore);

    auto* gpu = f.window->configurationsPage()->form()->partCombo(PartKind::Gpu);
    const int b200 = gpu->findData(QStringLiteral("nvidia-b200-sxm-180gb"));
    REQUIRE(b200 >= 0);
    gpu->setCurrentIndex(b200);
    emit gpu->activated(b200);
    REQUIRE(f.window->document()->project().configurations[0].gpuId == "nvidia-b200-sxm-180gb");

    CHECK(stack->count() == before + 2);
    stack->undo(); // only the GPU choice goes back
    CHECK(f.window->document()->project().configurations[0].gpuId != "nvidia-b200-sxm-180gb");
    CHECK(f.window->document()->project().workloads[5].kind == kindAfter);

    // Typing in one field of one row still merges into one step.
    auto* sequence = f.window->workloadsPage()->form()->findChild<QSpinBox*>(
        QStringLiteral("sequenceLengthSpinBox"));
    REQUIRE(sequence);
    const int steps = stack->index(); // after the undo above, count() still holds the undone step
    sequence->setValue(sequence->value() + 1);
    sequence->setValue(sequence->value() + 1);
    CHECK(stack->index() == steps + 1);
    CHECK(stack->count() == stack->index());
}

TEST_CASE("the GPU power limit is edited, checked by core and undone", "[ui][configurations][power]")
{
    test::WindowFixture f;
    auto* page = f.window->configurationsPage();
    auto* limit = page->form()->findChild<QDoubleSpinBox*>(QStringLiteral("gpuPowerLimitSpinBox"));
    REQUIRE(limit);
    CHECK(limit->value() == 0); // shown as "rated power"
    CHECK(limit->specialValueText() == QStringLiteral("rated power"));
    CHECK_FALSE(f.window->document()->project().configurations[0].gpuPowerLimitW);
    const double maxBefore = f.window->liveAnalysis()->result()->infrastructure->power.nodeW;

    limit->setValue(500);
    const auto& edited = f.window->document()->project().configurations[0];
    REQUIRE(edited.gpuPowerLimitW);
    CHECK(*edited.gpuPowerLimitW == 500);
    const auto& power = f.window->liveAnalysis()->result()->infrastructure->power;
    CHECK(power.node.gpuPowerCapped);
    CHECK(power.nodeW < maxBefore); // sizing follows the limit

    // Below the GPU's minimum: core reports it, the edit is kept for the user to fix.
    limit->setValue(10);
    f.settle();
    bool finding = false;
    for (const auto& f2 : page->findingsModel()->findings())
        finding = finding || f2.code == "config.gpu_power_limit_w";
    CHECK(finding);

    f.window->document()->undoStack()->undo();
    f.window->document()->undoStack()->undo();
    CHECK_FALSE(f.window->document()->project().configurations[0].gpuPowerLimitW);
    CHECK(limit->value() == 0);
}

TEST_CASE("every project field a finding asks for has a form row", "[ui][fields]")
{
    // Issue 23 item 6. The keys the findings' suggestions name (grep the
    // messages in core/analysis, core/infra, core/storage for "set ...").
    test::WindowFixture f;
    auto* configurationForm = f.window->configurationsPage()->form();
    auto* workloadForm = f.window->workloadsPage()->form();
    const char* configurationWidgets[] = {"dimmsPerNodeSpinBox", "dimmSizeGbSpinBox",
                                          "dimmPriceUsdSpinBox", "sharedStorageGbsSpinBox",
                                          "sharedStoragePriceUsdSpinBox", "gpusPerNodeSpinBox",
                                          "cpusPerNodeSpinBox", "psusPerNodeSpinBox",
                                          "rackPowerLimitSpinBox"};
    for (const char* name : configurationWidgets) {
        INFO(name);
        CHECK(configurationForm->findChild<QAbstractSpinBox*>(QString::fromLatin1(name)));
    }
    const char* workloadWidgets[] = {
        "checkpointIntervalHoursSpinBox", "checkpointsKeptSpinBox", "checkpointTargetComboBox",
        "dataSourceComboBox", "offloadComboBox", "modelLoadSourceComboBox",
        "cpuCoresPerGpuNeededSpinBox", "hostMemoryPerGpuGbNeededSpinBox", "parallelismZeroStageSpinBox",
        "concurrentRequestsSpinBox", "servingRequestRatePerSSpinBox", "servingSlaTtftMsSpinBox",
        "kvBlockSizeSpinBox", "dropoutSpinBox", "fp32GradBufferComboBox"};
    for (const char* name : workloadWidgets) {
        INFO(name);
        CHECK(workloadForm->findChild<QWidget*>(QString::fromLatin1(name)));
    }
}

TEST_CASE("host memory and shared storage are edited in the configuration form",
          "[ui][fields][configurations]")
{
    test::WindowFixture f;
    auto* form = f.window->configurationsPage()->form();
    auto* dimms = form->findChild<QSpinBox*>(QStringLiteral("dimmsPerNodeSpinBox"));
    auto* size = form->findChild<QDoubleSpinBox*>(QStringLiteral("dimmSizeGbSpinBox"));
    auto* shared = form->findChild<QDoubleSpinBox*>(QStringLiteral("sharedStorageGbsSpinBox"));
    REQUIRE(dimms);
    REQUIRE(size);
    REQUIRE(shared);
    const auto& project = [&]() -> const Project& { return f.window->document()->project(); };
    dimms->setValue(16);
    CHECK(project().configurations[0].dimmsPerNode == 16);
    size->setValue(96);
    CHECK(project().configurations[0].dimmSizeGb == Approx(96));
    shared->setValue(25);
    CHECK(project().configurations[0].sharedStorageGbs == Approx(25));
    // The lowest value is "not stated": the optional field is absent again.
    dimms->setValue(dimms->minimum());
    CHECK(dimms->text() == QStringLiteral("not stated"));
    CHECK_FALSE(project().configurations[0].dimmsPerNode.has_value());
    // Each edit is one undo step, and undo refills the form.
    f.window->document()->undoStack()->undo();
    CHECK(project().configurations[0].dimmsPerNode == 16);
    CHECK(dimms->value() == 16);
    f.window->document()->undoStack()->undo();
    CHECK(project().configurations[0].sharedStorageGbs == Approx(0));
    CHECK(shared->value() == 0);
}

TEST_CASE("storage and host needs of a workload are edited in the workload form",
          "[ui][fields][workloads]")
{
    test::WindowFixture f;
    auto* form = f.window->workloadsPage()->form();
    auto* target = form->findChild<QComboBox*>(QStringLiteral("checkpointTargetComboBox"));
    auto* cores = form->findChild<QDoubleSpinBox*>(QStringLiteral("cpuCoresPerGpuNeededSpinBox"));
    REQUIRE(target);
    REQUIRE(cores);
    CHECK(cores->text() == QStringLiteral("default"));
    target->setCurrentIndex(target->findText(QStringLiteral("shared")));
    CHECK(f.window->document()->project().workloads[0].checkpointTarget == StorageTarget::Shared);
    cores->setValue(4);
    REQUIRE(f.window->document()->project().workloads[0].cpuCoresPerGpuNeeded.has_value());
    CHECK(*f.window->document()->project().workloads[0].cpuCoresPerGpuNeeded == Approx(4));
    // Its range is shown, not enforced silently.
    CHECK(cores->toolTip().contains(QStringLiteral("Allowed:")));
    CHECK(cores->toolTip().contains(QStringLiteral("or default")));
}

TEST_CASE("a number outside a spin box's range is refused with the range, not clamped",
          "[ui][fields][keyboard]")
{
    test::WindowFixture f;
    auto* units = f.window->configurationsPage()->form()->findChild<QSpinBox*>(
        QStringLiteral("rackUnitsSpinBox"));
    REQUIRE(units);
    const int before = units->value();
    units->selectAll();
    QTest::keyClicks(units, QStringLiteral("99999"));
    QTest::keyClick(units, Qt::Key_Return);
    const QString notice = units->property("rangeNotice").toString();
    CHECK(notice.contains(QStringLiteral("99999")));
    CHECK(notice.contains(QStringLiteral("1 to 100 U")));
    CHECK(units->value() == before);
    CHECK(units->toolTip().contains(QStringLiteral("Allowed: 1 to 100 U")));
}

namespace {

/// The object name a registry row's widget gets (ui/project/field_rows.h).
QString pagesTestObjectName(const std::string& key, const char* widget)
{
    QString name;
    bool upper = false;
    for (const char c : key) {
        if (c == '_' || c == '.') {
            upper = true;
            continue;
        }
        name += upper ? QChar(QLatin1Char(c)).toUpper() : QChar(QLatin1Char(c));
        upper = false;
    }
    return name + QLatin1String(widget);
}

/// The range of a number row equals its registry field's (issue 21: no
/// limit differs between file, validation and form).
template <class T>
void pagesTestCheckRowRanges(QWidget* form, std::span<const ProjectField<T>> fields, const char* prefix)
{
    for (const auto& field : fields) {
        if (field.type != FieldType::Integer && field.type != FieldType::Number)
            continue;
        const QString name = pagesTestObjectName(prefix + std::string(field.key), "SpinBox");
        INFO(name.toStdString());
        auto* box = form->findChild<QAbstractSpinBox*>(name);
        REQUIRE(box);
        double minimum = 0;
        double maximum = 0;
        double step = 1;
        if (auto* whole = qobject_cast<QSpinBox*>(box)) {
            minimum = whole->minimum();
            maximum = whole->maximum();
        } else {
            auto* number = qobject_cast<QDoubleSpinBox*>(box);
            REQUIRE(number);
            minimum = number->minimum();
            maximum = number->maximum();
            step = std::pow(10.0, -number->decimals());
        }
        CHECK(maximum == field.maximum);
        // The lowest value is the field's minimum (one step above an
        // exclusive one), or one step below it for "absent".
        double lowest = field.exclusiveMinimum ? field.minimum + step : field.minimum;
        if (field.optional())
            lowest -= step;
        CHECK(minimum == Approx(lowest));
    }
}

} // namespace

TEST_CASE("every registry row of the forms has its field's range", "[ui][fields]")
{
    test::WindowFixture f;
    auto* workloadForm = f.window->workloadsPage()->form();
    pagesTestCheckRowRanges(workloadForm, workloadFields(), "");
    pagesTestCheckRowRanges(workloadForm, modelFields(), "");
    pagesTestCheckRowRanges(workloadForm, parallelismFields(), "parallelism.");
    pagesTestCheckRowRanges(workloadForm, servingDemandFields(), "serving.");
    // The configuration's registry rows (the counts are made by hand with
    // the registry's ranges and other object names).
    auto* configurationForm = f.window->configurationsPage()->form();
    std::vector<ProjectField<Configuration>> hostRows;
    for (const auto& field : configurationFields())
        if (field.section == "Host memory and shared storage" || field.section == "Rack layout")
            hostRows.push_back(field);
    pagesTestCheckRowRanges(configurationForm, std::span<const ProjectField<Configuration>>(hostRows), "");
    auto* units = configurationForm->findChild<QSpinBox*>(QStringLiteral("rackUnitsSpinBox"));
    REQUIRE(units);
    CHECK(units->maximum() == findConfigurationField("rack.units")->maximum);
    auto* nics = configurationForm->findChild<QSpinBox*>(QStringLiteral("nicsPerNodeSpinBox"));
    REQUIRE(nics);
    CHECK(nics->maximum() == findConfigurationField("nics_per_node")->maximum);
}

TEST_CASE("a form edit changes its field only", "[ui][workloads][fields]")
{
    // Issue 21 item 4: the form used to rebuild the whole workload from its
    // widgets, so editing any field rewrote values a widget could not hold.
    test::WindowFixture f;
    Project project = f.window->document()->project();
    Workload& w = project.workloads[0];
    w.model.hiddenSize = 3 << 20; // above the old form's 2^20
    w.loraTargets = 1u | 2u;      // q and k: no preset of the form
    w.model.slidingWindow = 4096;
    f.window->document()->apply(project, QStringLiteral("setup"));
    auto* form = f.window->workloadsPage()->form();
    auto* sequence = form->findChild<QSpinBox*>(QStringLiteral("sequenceLengthSpinBox"));
    auto* hidden = form->findChild<QSpinBox*>(QStringLiteral("hiddenSizeSpinBox"));
    REQUIRE(sequence);
    REQUIRE(hidden);
    CHECK(hidden->value() == 3 << 20); // shown as it is, not clamped
    const int steps = f.window->document()->undoStack()->count();
    sequence->setValue(sequence->value() + 8);
    const Workload& after = f.window->document()->project().workloads[0];
    CHECK(after.sequenceLength == w.sequenceLength + 8);
    CHECK(after.model.hiddenSize == 3 << 20);
    CHECK(after.loraTargets == (1u | 2u));
    CHECK(after.model.slidingWindow == 4096);
    CHECK(f.window->document()->undoStack()->count() == steps + 1);
    f.window->document()->undoStack()->undo();
    CHECK(f.window->document()->project().workloads[0].sequenceLength == w.sequenceLength);
    CHECK(sequence->value() == w.sequenceLength);
}

TEST_CASE("the fabric switch and PDU pickers start at (default) and choose catalog parts",
    "[ui][configurations][layout]")
{
    // Issue 18: a configuration names its fabric switch and rack PDU; left
    // at "(default)" the layout takes the catalog's defaults. A choice goes
    // into the project and is undone with Ctrl+Z like any other edit.
    test::WindowFixture f;
    auto* form = f.window->configurationsPage()->form();
    for (const PartKind kind : {PartKind::Switch, PartKind::Pdu}) {
        auto* combo = form->partCombo(kind);
        REQUIRE(combo != nullptr);
        REQUIRE(combo->count() >= 2);
        CHECK(combo->itemText(0) == QStringLiteral("(default)"));
        CHECK(combo->itemData(0).toString().isEmpty());
    }
    auto* pdu = form->partCombo(PartKind::Pdu);
    const int row = pdu->findData(QStringLiteral("apc-ap8886"));
    REQUIRE(row > 0);
    REQUIRE(f.window->document()->project().configurations[0].pduId.empty());
    pdu->setCurrentIndex(row);
    emit pdu->activated(row);
    CHECK(f.window->document()->project().configurations[0].pduId == "apc-ap8886");
    f.window->document()->undoStack()->undo();
    CHECK(f.window->document()->project().configurations[0].pduId.empty());
    CHECK(pdu->currentIndex() == 0);
}
