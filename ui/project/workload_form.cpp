// SPDX-License-Identifier: Apache-2.0
#include "ui/project/workload_form.h"

#include "core/io/model_presets.h"
#include "core/model/parameter_count.h"
#include "ui/format.h"
#include "ui/project/form_fields.h"
#include "ui/project/project_field_rows.h"

#include <QFormLayout>
#include <QGroupBox>
#include <QRegularExpression>
#include <QRegularExpressionValidator>
#include <QLabel>
#include <QLineEdit>
#include <QScrollArea>
#include <QSignalBlocker>
#include <QVBoxLayout>

namespace infrafit::ui {

using namespace form;

namespace {

/// Architecture equality, to show which preset a workload's model is.
bool workloadFormSameArchitecture(const ModelSpec& a, const ModelSpec& b)
{
    return a.layers == b.layers && a.hiddenSize == b.hiddenSize
           && a.attentionHeads == b.attentionHeads && a.kvHeads == b.kvHeads
           && a.ffnHiddenSize == b.ffnHiddenSize && a.vocabSize == b.vocabSize
           && a.gatedMlp == b.gatedMlp && a.tiedEmbeddings == b.tiedEmbeddings
           && a.experts == b.experts && a.expertsPerToken == b.expertsPerToken
           && a.norm == b.norm && a.bias == b.bias && a.positionEmbedding == b.positionEmbedding
           && a.kvLoraRank == b.kvLoraRank && a.moeFfnHiddenSize == b.moeFfnHiddenSize;
}

} // namespace

void WorkloadForm::connectOptionalFlag(QComboBox* combo, const QString& label,
                                       const QString& key, std::optional<bool> Workload::*field)
{
    connect(combo, &QComboBox::currentIndexChanged, this, [this, label, key, field](int index) {
        emitEdit(label, key, [index, field](Workload& w) {
            w.*field = optionalFlagOfIndex(index);
        });
    });
}

void WorkloadForm::addRows(QWidget* group, QFormLayout* layout, std::string_view section)
{
    mRowForms.push_back(std::make_unique<FieldRowForm<Workload>>(layout, group,
                                                                 workloadRows(section)));
}

WorkloadForm::WorkloadForm(QWidget* parent) : QWidget(parent)
{
    auto* content = new QWidget;
    auto* columns = new QHBoxLayout(content);

    // General and model
    auto* general = new QGroupBox(tr("Workload"), content);
    auto* generalForm = new QFormLayout(general);
    mName = new QLineEdit(general);
    mName->setObjectName(QStringLiteral("workloadNameLineEdit"));
    mPreset = new QComboBox(general);
    mPreset->setObjectName(QStringLiteral("modelPresetComboBox"));
    mPreset->addItem(tr("Custom architecture"));
    for (const auto& preset : modelPresets())
        mPreset->addItem(toQString(preset.model.name), toQString(preset.key));
    mParameters = new QLabel(general);
    mParameters->setObjectName(QStringLiteral("parameterCountLabel"));
    generalForm->addRow(tr("&Name:"), mName);
    generalForm->addRow(tr("&Model:"), mPreset);
    // Kind, precision and compute efficiency (absent: the GPU family's
    // default, which core applies; the form shows no number of its own).
    addRows(general, generalForm, "Workload");
    generalForm->addRow(tr("Parameters:"), mParameters);

    auto* architecture = new QGroupBox(tr("Architecture"), content);
    addRows(architecture, new QFormLayout(architecture), "Architecture");
    auto* details = new QGroupBox(tr("Architecture details"), content);
    details->setCheckable(false);
    addRows(details, new QFormLayout(details), "Architecture details");
    auto* host = new QGroupBox(tr("Host needs"), content);
    addRows(host, new QFormLayout(host), "Host needs");
    // How it shares a cluster in the project's portfolio (docs/user-guide.md "Portfolio").
    auto* sharing = new QGroupBox(tr("Sharing (portfolio)"), content);
    addRows(sharing, new QFormLayout(sharing), "Sharing (portfolio)");

    // Software stack (issue 20): framework and serving engine from the
    // registry, their versions, driver branch and CUDA/ROCm release as text
    // checked against the GPU's software compatibility row by core.
    auto* software = new QGroupBox(tr("Software stack"), content);
    auto* softwareForm = new QFormLayout(software);
    addRows(software, softwareForm, "Software stack");
    const std::array<std::pair<const char*, QString>, 4> versionRows{{
        {"frameworkVersion", tr("Framework version:")},
        {"servingEngineVersion", tr("Serving engine version:")},
        {"driverBranch", tr("Driver branch:")},
        {"toolkitVersion", tr("CUDA / ROCm version:")},
    }};
    // A dotted version ("2.7.0", "12.8", "R570"); empty: not stated.
    const QRegularExpression versionPattern(
        QStringLiteral("([RrVv]?[0-9]+(\\.[0-9xX]+)*[A-Za-z0-9+._-]*)?"));
    for (std::size_t i = 0; i < versionRows.size(); ++i) {
        auto* edit = new QLineEdit(software);
        edit->setObjectName(QLatin1String(versionRows[i].first) + QStringLiteral("LineEdit"));
        edit->setValidator(new QRegularExpressionValidator(versionPattern, edit));
        edit->setPlaceholderText(tr("not stated"));
        softwareForm->addRow(versionRows[i].second, edit);
        mSoftwareVersions[i] = edit;
    }
    mSoftwareVersions[2]->setToolTip(tr("NVIDIA driver branch, e.g. R570."));
    mSoftwareVersions[3]->setToolTip(
        tr("CUDA, ROCm or Intel Gaudi software release of the GPU's vendor."));

    auto* left = new QVBoxLayout;
    left->addWidget(general);
    left->addWidget(architecture);
    left->addWidget(details);
    left->addWidget(host);
    left->addWidget(software);
    left->addWidget(sharing);
    left->addStretch(1);

    // Training
    mTraining = new QGroupBox(tr("Training"), content);
    auto* train = new QFormLayout(mTraining);
    addRows(mTraining, train, "Training");
    // Speed-model inputs (issue 16, training): LoRA targets, TP and PP overlap.
    mLoraTargets = new QComboBox(mTraining);
    mLoraTargets->setObjectName(QStringLiteral("loraTargetsComboBox"));
    mLoraTargets->addItem(tr("all linear layers"), loraTargetsAll);
    mLoraTargets->addItem(tr("attention q, k, v, o"), 1u | 2u | 4u | 8u);
    mLoraTargets->addItem(tr("q and v (LoRA paper)"), 1u | 4u);
    mLoraTargets->addItem(tr("MLP gate, up, down"), 16u | 32u | 64u);
    mLoraTargets->setToolTip(tr("Which linear layers get LoRA adapters (lora_targets)."));
    mTpCommOverlap = optionalFlagCombo(mTraining, QStringLiteral("tpCommOverlapComboBox"),
                                       tr("GPU default (on from Hopper)"),
                                       tr("Tensor-parallel communication overlapped with GEMMs "
                                          "(tp_comm_overlap, NeMo/Megatron userbuffers)."));
    mPpCommOverlap = optionalFlagCombo(mTraining, QStringLiteral("ppCommOverlapComboBox"),
                                       tr("default (on when interleaved)"),
                                       tr("Pipeline sends and receives overlapped with compute "
                                          "(pp_comm_overlap, Megatron overlap_p2p_comm)."));
    train->addRow(tr("LoRA targets:"), mLoraTargets);
    train->addRow(tr("TP comm overlap:"), mTpCommOverlap);
    train->addRow(tr("PP comm overlap:"), mPpCommOverlap);
    mTrainingStorage = new QGroupBox(tr("Checkpoints and training data"), content);
    addRows(mTrainingStorage, new QFormLayout(mTrainingStorage), "Checkpoints and training data");

    // Serving
    mServing = new QGroupBox(tr("Serving"), content);
    addRows(mServing, new QFormLayout(mServing), "Serving");
    mServingDemand = new QGroupBox(tr("Serving demand and SLA"), content);
    addRows(mServingDemand, new QFormLayout(mServingDemand), "Serving demand and SLA");

    // Parallel plan
    mPlan = new QGroupBox(tr("Parallel plan"), content);
    auto* plan = new QFormLayout(mPlan);
    mAutoPlan = checkBox(mPlan, QStringLiteral("autoPlan"), tr("Let InfraFit choose"));
    plan->addRow(mAutoPlan);
    addRows(mPlan, plan, "Parallel plan");
    mPlanRows = mRowForms.back().get();

    auto* right = new QVBoxLayout;
    right->addWidget(mTraining);
    right->addWidget(mTrainingStorage);
    right->addWidget(mServing);
    right->addWidget(mServingDemand);
    right->addWidget(mPlan);
    right->addStretch(1);
    columns->addLayout(left, 1);
    columns->addLayout(right, 1);

    mProblems = new QLabel(this);
    mProblems->setObjectName(QStringLiteral("workloadProblemsLabel"));
    mProblems->setWordWrap(true);
    mProblems->setStyleSheet(QStringLiteral("color: #d9534f;"));
    mProblems->setVisible(false);

    auto* scroll = new QScrollArea(this);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setWidget(content);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(mProblems);
    layout->addWidget(scroll, 1);

    connectEdits();
    describeRanges(this);
}

WorkloadForm::~WorkloadForm() = default;

void WorkloadForm::emitEdit(const QString& label, const QString& key,
                            std::function<void(Workload&)> apply)
{
    emit edited(WorkloadEdit{label, key, std::move(apply)});
}

void WorkloadForm::connectEdits()
{
    for (const auto& rows : mRowForms)
        rows->watch(this, [this](const WorkloadEdit& edit) { emit edited(edit); });
    connect(mName, &QLineEdit::editingFinished, this, [this] {
        emitEdit(tr("name"), QStringLiteral("name"),
                 [name = toStdString(mName->text().trimmed())](Workload& w) { w.name = name; });
    });
    connect(mPreset, &QComboBox::activated, this, &WorkloadForm::applyPreset);
    const std::array<std::pair<QString, QString>, 4> versionKeys{{
        {tr("framework version"), QStringLiteral("software.framework_version")},
        {tr("serving engine version"), QStringLiteral("software.serving_engine_version")},
        {tr("driver branch"), QStringLiteral("software.driver_branch")},
        {tr("CUDA / ROCm version"), QStringLiteral("software.toolkit_version")},
    }};
    for (std::size_t i = 0; i < mSoftwareVersions.size(); ++i) {
        connect(mSoftwareVersions[i], &QLineEdit::editingFinished, this, [this, i, versionKeys] {
            emitEdit(versionKeys[i].first, versionKeys[i].second,
                     [i, text = toStdString(mSoftwareVersions[i]->text().trimmed())](Workload& w) {
                         std::string* fields[] = {&w.software.frameworkVersion,
                                                  &w.software.servingEngineVersion,
                                                  &w.software.driverBranch,
                                                  &w.software.toolkitVersion};
                         *fields[i] = text;
                     });
        });
    }
    connect(mLoraTargets, &QComboBox::currentIndexChanged, this, [this] {
        emitEdit(tr("LoRA targets"), QStringLiteral("lora_targets"),
                 [targets = mLoraTargets->currentData().toUInt()](Workload& w) {
                     w.loraTargets = targets;
                 });
    });
    connectOptionalFlag(mTpCommOverlap, tr("TP comm overlap"), QStringLiteral("tp_comm_overlap"),
                        &Workload::tpCommOverlap);
    connectOptionalFlag(mPpCommOverlap, tr("PP comm overlap"), QStringLiteral("pp_comm_overlap"),
                        &Workload::ppCommOverlap);
    connect(mAutoPlan, &QCheckBox::toggled, this, [this](bool automatic) {
        // An explicit plan starts from what the plan rows show.
        Workload shown;
        shown.parallelism = Parallelism{};
        for (std::size_t i = 0; i < mPlanRows->rows().size(); ++i)
            mPlanRows->rows()[i].set(shown, mPlanRows->widgets().value(i));
        emitEdit(tr("parallel plan"), QStringLiteral("parallelism"),
                 [automatic, plan = *shown.parallelism](Workload& w) {
                     if (automatic)
                         w.parallelism.reset();
                     else
                         w.parallelism = plan;
                 });
    });
}

void WorkloadForm::applyPreset(int index)
{
    if (index <= 0)
        return; // "Custom": keep the architecture as it is
    const auto preset = findModelPreset(toStdString(mPreset->itemData(index).toString()));
    if (!preset)
        return;
    emitEdit(tr("model"), QStringLiteral("model"), [model = *preset](Workload& w) {
        w.model = model;
    });
}

void WorkloadForm::setWorkload(const Workload& w)
{
    mCurrent = w;
    const QList<QWidget*> editors = findChildren<QWidget*>();
    std::vector<std::unique_ptr<QSignalBlocker>> blockers;
    for (auto* editor : editors)
        blockers.push_back(std::make_unique<QSignalBlocker>(editor));

    mName->setText(toQString(w.name));
    int presetIndex = 0;
    const auto& presets = modelPresets();
    for (std::size_t i = 0; i < presets.size(); ++i) {
        if (workloadFormSameArchitecture(presets[i].model, w.model))
            presetIndex = static_cast<int>(i) + 1;
    }
    mPreset->setCurrentIndex(presetIndex);
    int targetIndex = mLoraTargets->findData(w.loraTargets);
    if (targetIndex < 0) {
        // A set from the project file that no preset matches: keep it.
        mLoraTargets->addItem(tr("custom (from the project file)"), w.loraTargets);
        targetIndex = mLoraTargets->count() - 1;
    }
    mLoraTargets->setCurrentIndex(targetIndex);
    mTpCommOverlap->setCurrentIndex(optionalFlagIndex(w.tpCommOverlap));
    mPpCommOverlap->setCurrentIndex(optionalFlagIndex(w.ppCommOverlap));
    mAutoPlan->setChecked(!w.parallelism.has_value());
    mSoftwareVersions[0]->setText(toQString(w.software.frameworkVersion));
    mSoftwareVersions[1]->setText(toQString(w.software.servingEngineVersion));
    mSoftwareVersions[2]->setText(toQString(w.software.driverBranch));
    mSoftwareVersions[3]->setText(toQString(w.software.toolkitVersion));
    for (const auto& rows : mRowForms)
        rows->load(w);
    blockers.clear();
    syncCountSuffixes(this);
    updateVisibility(true);
}

void WorkloadForm::acceptWorkload(const Workload& workload)
{
    const bool modelChanged = !workloadFormSameArchitecture(workload.model, mCurrent.model)
                              || workload.model.name != mCurrent.model.name;
    const bool planChanged = workload.parallelism.has_value() != mCurrent.parallelism.has_value();
    mCurrent = workload;
    if (modelChanged || planChanged) {
        // A preset or the plan switch changes other rows: show them all.
        setWorkload(workload);
        return;
    }
    updateVisibility(false); // same model: the parameter count stands
}

void WorkloadForm::setProblems(const QString& text)
{
    mProblems->setText(text);
    mProblems->setVisible(!text.isEmpty());
}

void WorkloadForm::updateVisibility(bool countParametersAgain)
{
    const bool training = mCurrent.kind == WorkloadKind::Training;
    mTraining->setVisible(training);
    mServing->setVisible(!training);
    mTrainingStorage->setVisible(training);
    mServingDemand->setVisible(!training);
    const bool explicitPlan = mCurrent.parallelism.has_value();
    for (std::size_t i = 0; i < mPlanRows->widgets().size(); ++i)
        mPlanRows->widgets().widget(i)->setEnabled(explicitPlan);
    const bool adapters = mCurrent.fineTune != FineTune::Full;
    if (auto* rank = findChild<QWidget*>(QStringLiteral("loraRankSpinBox")))
        rank->setEnabled(adapters);
    mLoraTargets->setEnabled(adapters);
    // The fp8 recipe means something only when the math is fp8.
    if (auto* recipe = findChild<QWidget*>(QStringLiteral("fp8RecipeComboBox")))
        recipe->setEnabled(mCurrent.precision == Precision::Fp8);
    if (!countParametersAgain)
        return;
    const auto count = countParameters(mCurrent.model);
    mParameters->setText(tr("%1 B (%2 B active)")
                             .arg(formatNumber(count.total / 1e9, 2),
                                  formatNumber(count.active / 1e9, 2)));
}

} // namespace infrafit::ui
