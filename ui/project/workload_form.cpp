// SPDX-License-Identifier: Apache-2.0
#include "ui/project/workload_form.h"

#include "core/model/model_presets.h"
#include "core/model/parameter_count.h"
#include "ui/format.h"
#include "ui/project/form_fields.h"
#include "ui/project/project_field_rows.h"

#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QScrollArea>
#include <QSignalBlocker>
#include <QVBoxLayout>

namespace infrafit::ui {

using namespace form;

namespace {

/// Architecture equality, to show which preset a workload's model is.
bool sameArchitecture(const ModelSpec& a, const ModelSpec& b)
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

WorkloadForm::WorkloadForm(QWidget* parent) : QWidget(parent)
{
    auto* content = new QWidget;
    auto* columns = new QHBoxLayout(content);

    // General and model
    auto* general = new QGroupBox(tr("Workload"), content);
    auto* generalForm = new QFormLayout(general);
    mName = new QLineEdit(general);
    mName->setObjectName(QStringLiteral("workloadNameLineEdit"));
    mKind = enumCombo<WorkloadKind>(general, QStringLiteral("workloadKind"));
    mPreset = new QComboBox(general);
    mPreset->setObjectName(QStringLiteral("modelPresetComboBox"));
    mPreset->addItem(tr("Custom architecture"));
    for (const auto& preset : modelPresets())
        mPreset->addItem(toQString(preset.model.name), toQString(preset.key));
    mPrecision = enumCombo<Precision>(general, QStringLiteral("precision"));
    mParameters = new QLabel(general);
    mParameters->setObjectName(QStringLiteral("parameterCountLabel"));
    generalForm->addRow(tr("&Name:"), mName);
    generalForm->addRow(tr("&Kind:"), mKind);
    generalForm->addRow(tr("&Model:"), mPreset);
    generalForm->addRow(tr("P&recision:"), mPrecision);
    generalForm->addRow(tr("Parameters:"), mParameters);
    mOverrideEfficiency = checkBox(general, QStringLiteral("overrideEfficiency"),
                                   tr("Set compute efficiency"));
    mOverrideEfficiency->setToolTip(tr("Fraction of dense peak FLOP/s achieved while computing. "
                                       "Unchecked: InfraFit's default for the GPU family."));
    mEfficiency = numberBox(general, QStringLiteral("efficiency"), 0.05, 1.0, 2);
    mEfficiency->setSingleStep(0.05);
    generalForm->addRow(mOverrideEfficiency, mEfficiency);

    mArchitecture = new QGroupBox(tr("Architecture"), content);
    auto* arch = new QFormLayout(mArchitecture);
    mLayers = intBox(mArchitecture, QStringLiteral("layers"), 1, 1000);
    mHidden = intBox(mArchitecture, QStringLiteral("hiddenSize"), 1, 1 << 20);
    mHeads = intBox(mArchitecture, QStringLiteral("attentionHeads"), 1, 4096);
    mKvHeads = intBox(mArchitecture, QStringLiteral("kvHeads"), 1, 4096);
    mFfn = intBox(mArchitecture, QStringLiteral("ffnHiddenSize"), 1, 1 << 22);
    mVocab = intBox(mArchitecture, QStringLiteral("vocabSize"), 1, 1 << 24);
    mExperts = intBox(mArchitecture, QStringLiteral("experts"), 1, 4096);
    mExpertsPerToken = intBox(mArchitecture, QStringLiteral("expertsPerToken"), 1, 4096);
    mGated = checkBox(mArchitecture, QStringLiteral("gatedMlp"), tr("Gated MLP (SwiGLU)"));
    mTied = checkBox(mArchitecture, QStringLiteral("tiedEmbeddings"), tr("Tied embeddings"));
    mBias = checkBox(mArchitecture, QStringLiteral("bias"), tr("Biases"));
    mNorm = enumCombo<NormKind>(mArchitecture, QStringLiteral("norm"));
    mPosition = enumCombo<PositionEmbedding>(mArchitecture, QStringLiteral("positionEmbedding"));
    arch->addRow(tr("Layers:"), mLayers);
    arch->addRow(tr("Hidden size:"), mHidden);
    arch->addRow(tr("Attention heads:"), mHeads);
    arch->addRow(tr("KV heads:"), mKvHeads);
    arch->addRow(tr("FFN hidden size:"), mFfn);
    arch->addRow(tr("Vocabulary:"), mVocab);
    mExperts->setToolTip(tr("Experts per MoE layer; 1 for a dense model."));
    mExpertsPerToken->setToolTip(tr("Experts each token is routed to (top-k)."));
    arch->addRow(tr("Experts:"), mExperts);
    arch->addRow(tr("Experts per token (top-k):"), mExpertsPerToken);
    arch->addRow(tr("Norm:"), mNorm);
    arch->addRow(tr("Positions:"), mPosition);
    arch->addRow(mGated);
    arch->addRow(mTied);
    arch->addRow(mBias);

    auto* left = new QVBoxLayout;
    left->addWidget(general);
    left->addWidget(mArchitecture);
    left->addStretch(1);

    // Training
    mTraining = new QGroupBox(tr("Training"), content);
    auto* train = new QFormLayout(mTraining);
    mSequence = intBox(mTraining, QStringLiteral("sequenceLength"), 1, 1 << 22, tr(" tokens"),
                       tr(" token"));
    mGlobalBatch = intBox(mTraining, QStringLiteral("globalBatch"), 1, 1 << 24, tr(" sequences"),
                          tr(" sequence"));
    mMicroBatch = intBox(mTraining, QStringLiteral("microBatch"), 1, 1 << 16, tr(" sequences"),
                         tr(" sequence"));
    mOptimizer = enumCombo<Optimizer>(mTraining, QStringLiteral("optimizer"));
    mFineTune = enumCombo<FineTune>(mTraining, QStringLiteral("fineTune"));
    mLoraRank = intBox(mTraining, QStringLiteral("loraRank"), 1, 4096);
    mTrainingTokens = numberBox(mTraining, QStringLiteral("trainingTokens"), 0, 1e9, 3,
                                tr(" B tokens"));
    mFlash = checkBox(mTraining, QStringLiteral("flashAttention"), tr("FlashAttention"));
    train->addRow(tr("Sequence length:"), mSequence);
    train->addRow(tr("Global batch:"), mGlobalBatch);
    train->addRow(tr("Micro-batch:"), mMicroBatch);
    train->addRow(tr("Optimizer:"), mOptimizer);
    train->addRow(tr("Fine-tuning:"), mFineTune);
    train->addRow(tr("LoRA rank:"), mLoraRank);
    // Speed-model inputs (issue 16, training): LoRA targets, TP overlap.
    mLoraTargets = new QComboBox(mTraining);
    mLoraTargets->setObjectName(QStringLiteral("loraTargetsComboBox"));
    mLoraTargets->addItem(tr("all linear layers"), loraTargetsAll);
    mLoraTargets->addItem(tr("attention q, k, v, o"), 1u | 2u | 4u | 8u);
    mLoraTargets->addItem(tr("q and v (LoRA paper)"), 1u | 4u);
    mLoraTargets->addItem(tr("MLP gate, up, down"), 16u | 32u | 64u);
    mLoraTargets->setToolTip(tr("Which linear layers get LoRA adapters (lora_targets)."));
    mTpCommOverlap = new QComboBox(mTraining);
    mTpCommOverlap->setObjectName(QStringLiteral("tpCommOverlapComboBox"));
    mTpCommOverlap->addItem(tr("GPU default (on from Hopper)"));
    mTpCommOverlap->addItem(tr("on"));
    mTpCommOverlap->addItem(tr("off"));
    mTpCommOverlap->setToolTip(tr("Tensor-parallel communication overlapped with GEMMs "
                                  "(tp_comm_overlap, NeMo/Megatron userbuffers)."));
    train->addRow(tr("LoRA targets:"), mLoraTargets);
    train->addRow(tr("TP comm overlap:"), mTpCommOverlap);
    train->addRow(tr("Training tokens:"), mTrainingTokens);
    train->addRow(mFlash);
    mRowForms.push_back(std::make_unique<FieldRowForm<Workload>>(train, mTraining,
                                                                 trainingExtraRows()));
    mTrainingStorage = new QGroupBox(tr("Checkpoints and training data"), content);
    mRowForms.push_back(std::make_unique<FieldRowForm<Workload>>(
        new QFormLayout(mTrainingStorage), mTrainingStorage, trainingStorageRows()));

    // Serving
    mServing = new QGroupBox(tr("Serving"), content);
    auto* serve = new QFormLayout(mServing);
    mPrompt = intBox(mServing, QStringLiteral("promptTokens"), 1, 1 << 22, tr(" tokens"),
                     tr(" token"));
    mOutput = intBox(mServing, QStringLiteral("outputTokens"), 1, 1 << 22, tr(" tokens"),
                     tr(" token"));
    mConcurrent = intBox(mServing, QStringLiteral("concurrentRequests"), 1, 1 << 24);
    mKvPrecision = enumCombo<Precision>(mServing, QStringLiteral("kvPrecision"));
    mMemoryUtilization = numberBox(mServing, QStringLiteral("memoryUtilization"), 0.1, 1.0, 2);
    mMemoryUtilization->setSingleStep(0.01);
    mMemoryUtilization->setToolTip(tr("Fraction of GPU memory the serving engine may use "
                                      "(vLLM gpu_memory_utilization)."));
    mMaxBatch = intBox(mServing, QStringLiteral("maxBatch"), 1, 1 << 24, tr(" sequences"),
                       tr(" sequence"));
    mMaxBatch->setToolTip(tr("Sequences one engine replica runs at once (vLLM max_num_seqs, "
                             "default 256; TensorRT-LLM max_batch_size)."));
    mBatching = enumCombo<Batching>(mServing, QStringLiteral("batching"));
    mBatching->setToolTip(tr("continuous: every step decodes the running batch and prefills new "
                             "prompts (vLLM, SGLang, TensorRT-LLM); static: a batch is prefilled, "
                             "then decoded to the end."));
    serve->addRow(tr("Prompt:"), mPrompt);
    serve->addRow(tr("Output:"), mOutput);
    serve->addRow(tr("Concurrent requests:"), mConcurrent);
    serve->addRow(tr("KV cache precision:"), mKvPrecision);
    serve->addRow(tr("Engine memory fraction:"), mMemoryUtilization);
    serve->addRow(tr("Engine max batch:"), mMaxBatch);
    serve->addRow(tr("Batching:"), mBatching);
    mRowForms.push_back(std::make_unique<FieldRowForm<Workload>>(serve, mServing,
                                                                 servingExtraRows()));
    mServingDemand = new QGroupBox(tr("Serving demand and SLA"), content);
    mRowForms.push_back(std::make_unique<FieldRowForm<Workload>>(
        new QFormLayout(mServingDemand), mServingDemand, servingDemandRows()));
    auto* host = new QGroupBox(tr("Host needs"), content);
    mRowForms.push_back(
        std::make_unique<FieldRowForm<Workload>>(new QFormLayout(host), host, hostNeedRows()));

    // Parallel plan
    mPlan = new QGroupBox(tr("Parallel plan"), content);
    auto* plan = new QFormLayout(mPlan);
    mAutoPlan = checkBox(mPlan, QStringLiteral("autoPlan"), tr("Let InfraFit choose"));
    mTensor = intBox(mPlan, QStringLiteral("tensorParallel"), 1, 1024);
    mPipeline = intBox(mPlan, QStringLiteral("pipelineParallel"), 1, 1024);
    mData = intBox(mPlan, QStringLiteral("dataParallel"), 0, 1 << 20);
    mData->setSpecialValueText(tr("rest of the GPUs"));
    mExpertParallel = intBox(mPlan, QStringLiteral("expertParallel"), 1, 4096);
    mZero = intBox(mPlan, QStringLiteral("zeroStage"), 0, 3);
    mSequenceParallel = checkBox(mPlan, QStringLiteral("sequenceParallel"), tr("Sequence parallel"));
    mRecompute = enumCombo<Recompute>(mPlan, QStringLiteral("recompute"));
    mVirtualStages = intBox(mPlan, QStringLiteral("virtualStages"), 1, 64);
    plan->addRow(mAutoPlan);
    plan->addRow(tr("Tensor:"), mTensor);
    plan->addRow(tr("Pipeline:"), mPipeline);
    plan->addRow(tr("Virtual stages:"), mVirtualStages);
    mContextParallel = intBox(mPlan, QStringLiteral("contextParallel"), 1, 1024);
    mContextParallel->setToolTip(tr("Context parallelism: each sequence split over this many "
                                    "GPUs (ring attention)."));
    plan->addRow(tr("Context:"), mContextParallel);
    plan->addRow(tr("Data:"), mData);
    plan->addRow(tr("Expert:"), mExpertParallel);
    plan->addRow(tr("ZeRO stage:"), mZero);
    plan->addRow(tr("Recompute:"), mRecompute);
    plan->addRow(mSequenceParallel);

    auto* right = new QVBoxLayout;
    right->addWidget(mTraining);
    right->addWidget(mTrainingStorage);
    right->addWidget(mServing);
    right->addWidget(mServingDemand);
    right->addWidget(mPlan);
    left->insertWidget(left->count() - 1, host);
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

void WorkloadForm::connectEdits()
{
    int id = 0;
    auto notify = [this](const QString& field, int fieldId) {
        updateVisibility();
        emit edited(field, fieldId);
    };
    auto watchInt = [&](QSpinBox* box, const QString& field) {
        connect(box, &QSpinBox::valueChanged, this, [=] { notify(field, id); });
        ++id;
    };
    auto watchDouble = [&](QDoubleSpinBox* box, const QString& field) {
        connect(box, &QDoubleSpinBox::valueChanged, this, [=] { notify(field, id); });
        ++id;
    };
    auto watchCheck = [&](QCheckBox* box, const QString& field) {
        connect(box, &QCheckBox::toggled, this, [=] { notify(field, id); });
        ++id;
    };
    auto watchCombo = [&](QComboBox* box, const QString& field) {
        connect(box, &QComboBox::currentIndexChanged, this, [=] { notify(field, id); });
        ++id;
    };
    connect(mName, &QLineEdit::editingFinished, this, [=] { notify(tr("name"), 1000); });
    connect(mPreset, &QComboBox::activated, this, &WorkloadForm::applyPreset);
    watchCombo(mKind, tr("kind"));
    watchCombo(mPrecision, tr("precision"));
    watchCheck(mOverrideEfficiency, tr("efficiency"));
    watchDouble(mEfficiency, tr("efficiency"));
    watchInt(mLayers, tr("layers"));
    watchInt(mHidden, tr("hidden size"));
    watchInt(mHeads, tr("attention heads"));
    watchInt(mKvHeads, tr("KV heads"));
    watchInt(mFfn, tr("FFN size"));
    watchInt(mVocab, tr("vocabulary"));
    watchInt(mExperts, tr("experts"));
    watchInt(mExpertsPerToken, tr("experts per token"));
    watchCheck(mGated, tr("gated MLP"));
    watchCheck(mTied, tr("tied embeddings"));
    watchCheck(mBias, tr("biases"));
    watchCombo(mNorm, tr("norm"));
    watchCombo(mPosition, tr("positions"));
    watchInt(mSequence, tr("sequence length"));
    watchInt(mGlobalBatch, tr("global batch"));
    watchInt(mMicroBatch, tr("micro-batch"));
    watchCombo(mOptimizer, tr("optimizer"));
    watchCombo(mFineTune, tr("fine-tuning"));
    watchInt(mLoraRank, tr("LoRA rank"));
    watchDouble(mTrainingTokens, tr("training tokens"));
    watchCheck(mFlash, tr("FlashAttention"));
    watchInt(mPrompt, tr("prompt tokens"));
    watchInt(mOutput, tr("output tokens"));
    watchInt(mConcurrent, tr("concurrent requests"));
    watchCombo(mKvPrecision, tr("KV cache precision"));
    watchDouble(mMemoryUtilization, tr("engine memory fraction"));
    watchInt(mMaxBatch, tr("engine max batch"));
    watchCombo(mBatching, tr("batching"));
    watchCheck(mAutoPlan, tr("parallel plan"));
    watchInt(mTensor, tr("tensor parallelism"));
    watchInt(mPipeline, tr("pipeline parallelism"));
    watchInt(mData, tr("data parallelism"));
    watchInt(mExpertParallel, tr("expert parallelism"));
    watchInt(mZero, tr("ZeRO stage"));
    watchCheck(mSequenceParallel, tr("sequence parallelism"));
    watchCombo(mRecompute, tr("recompute"));
    watchInt(mVirtualStages, tr("virtual stages"));
    watchCombo(mLoraTargets, tr("LoRA targets"));
    watchCombo(mTpCommOverlap, tr("TP comm overlap"));
    watchInt(mContextParallel, tr("context parallelism"));
    // Listed rows: ids from 100, 100 per list, clear of the ids above.
    int firstId = 100;
    for (const auto& rows : mRowForms) {
        rows->watch(this, firstId, notify);
        firstId += 100;
    }
}

WorkloadForm::~WorkloadForm() = default;

void WorkloadForm::applyPreset(int index)
{
    if (index <= 0)
        return; // "Custom": keep the architecture as it is
    const auto preset = findModelPreset(toStdString(mPreset->itemData(index).toString()));
    if (!preset)
        return;
    Workload withPreset = workload();
    withPreset.model = *preset;
    setWorkload(withPreset);
    emit edited(tr("model"), 2000);
}

void WorkloadForm::setWorkload(const Workload& w)
{
    mBase = w;
    const QList<QWidget*> editors = findChildren<QWidget*>();
    std::vector<std::unique_ptr<QSignalBlocker>> blockers;
    for (auto* editor : editors)
        blockers.push_back(std::make_unique<QSignalBlocker>(editor));

    mName->setText(toQString(w.name));
    setEnum(mKind, w.kind);
    setEnum(mPrecision, w.precision);
    mOverrideEfficiency->setChecked(w.efficiency.has_value());
    // 0.45 repeats core's Hopper default Efficiency::trainCompute
    // (core/analysis/hardware_rates.cpp: Llama Team 2024, "The Llama 3 Herd
    // of Models", Table 4, 38-43 % MFU on H100) as the value shown while the
    // override is off; the analysis then uses the GPU family's default.
    mEfficiency->setValue(w.efficiency.value_or(0.45));
    const auto& m = w.model;
    int presetIndex = 0;
    const auto& presets = modelPresets();
    for (std::size_t i = 0; i < presets.size(); ++i) {
        if (sameArchitecture(presets[i].model, m))
            presetIndex = static_cast<int>(i) + 1;
    }
    mPreset->setCurrentIndex(presetIndex);
    mLayers->setValue(m.layers);
    mHidden->setValue(m.hiddenSize);
    mHeads->setValue(m.attentionHeads);
    mKvHeads->setValue(m.kvHeads);
    mFfn->setValue(m.ffnHiddenSize);
    mVocab->setValue(m.vocabSize);
    mExperts->setValue(m.experts);
    mExpertsPerToken->setValue(m.expertsPerToken);
    mGated->setChecked(m.gatedMlp);
    mTied->setChecked(m.tiedEmbeddings);
    mBias->setChecked(m.bias);
    setEnum(mNorm, m.norm);
    setEnum(mPosition, m.positionEmbedding);
    mSequence->setValue(w.sequenceLength);
    mGlobalBatch->setValue(static_cast<int>(std::min<long long>(w.globalBatchSize, 1 << 24)));
    mMicroBatch->setValue(w.microBatchSize);
    setEnum(mOptimizer, w.optimizer);
    setEnum(mFineTune, w.fineTune);
    mLoraRank->setValue(w.loraRank);
    int targetIndex = mLoraTargets->findData(w.loraTargets);
    if (targetIndex < 0) {
        // A set from the project file that no preset matches: keep it.
        mLoraTargets->addItem(tr("custom (from the project file)"), w.loraTargets);
        targetIndex = mLoraTargets->count() - 1;
    }
    mLoraTargets->setCurrentIndex(targetIndex);
    mTpCommOverlap->setCurrentIndex(!w.tpCommOverlap ? 0 : (*w.tpCommOverlap ? 1 : 2));
    mTrainingTokens->setValue(w.trainingTokens / 1e9);
    mFlash->setChecked(w.flashAttention);
    mPrompt->setValue(w.promptTokens);
    mOutput->setValue(w.outputTokens);
    mConcurrent->setValue(w.concurrentRequests);
    setEnum(mKvPrecision, w.kvCachePrecision);
    mMemoryUtilization->setValue(w.gpuMemoryUtilization);
    mMaxBatch->setValue(w.maxBatch);
    setEnum(mBatching, w.batching);
    const Parallelism p = w.parallelism.value_or(Parallelism{});
    mAutoPlan->setChecked(!w.parallelism.has_value());
    mTensor->setValue(p.tensor);
    mPipeline->setValue(p.pipeline);
    mData->setValue(p.data);
    mExpertParallel->setValue(p.expert);
    mZero->setValue(p.zeroStage);
    mSequenceParallel->setChecked(p.sequenceParallel);
    setEnum(mRecompute, p.recompute);
    mVirtualStages->setValue(p.virtualStages);
    mContextParallel->setValue(p.context);
    for (const auto& rows : mRowForms)
        rows->load(w);
    blockers.clear();
    syncCountSuffixes(this);
    updateVisibility();
}

Workload WorkloadForm::workload() const
{
    Workload w = mBase;
    w.name = toStdString(mName->text().trimmed());
    w.kind = enumValue<WorkloadKind>(mKind);
    w.precision = enumValue<Precision>(mPrecision);
    w.efficiency = mOverrideEfficiency->isChecked() ? std::optional<double>(mEfficiency->value())
                                                    : std::nullopt;
    auto& m = w.model;
    m.layers = mLayers->value();
    m.hiddenSize = mHidden->value();
    m.attentionHeads = mHeads->value();
    m.kvHeads = mKvHeads->value();
    m.ffnHiddenSize = mFfn->value();
    m.vocabSize = mVocab->value();
    m.experts = mExperts->value();
    m.expertsPerToken = mExpertsPerToken->value();
    m.gatedMlp = mGated->isChecked();
    m.tiedEmbeddings = mTied->isChecked();
    m.bias = mBias->isChecked();
    m.norm = enumValue<NormKind>(mNorm);
    m.positionEmbedding = enumValue<PositionEmbedding>(mPosition);
    w.sequenceLength = mSequence->value();
    w.globalBatchSize = mGlobalBatch->value();
    w.microBatchSize = mMicroBatch->value();
    w.optimizer = enumValue<Optimizer>(mOptimizer);
    w.fineTune = enumValue<FineTune>(mFineTune);
    w.loraRank = mLoraRank->value();
    w.loraTargets = mLoraTargets->currentData().toUInt();
    const int overlap = mTpCommOverlap->currentIndex();
    w.tpCommOverlap = overlap == 0 ? std::nullopt : std::optional<bool>(overlap == 1);
    w.trainingTokens = mTrainingTokens->value() * 1e9;
    w.flashAttention = mFlash->isChecked();
    w.promptTokens = mPrompt->value();
    w.outputTokens = mOutput->value();
    w.concurrentRequests = mConcurrent->value();
    w.kvCachePrecision = enumValue<Precision>(mKvPrecision);
    w.gpuMemoryUtilization = mMemoryUtilization->value();
    w.maxBatch = mMaxBatch->value();
    w.batching = enumValue<Batching>(mBatching);
    if (mAutoPlan->isChecked()) {
        w.parallelism.reset();
    } else {
        Parallelism p;
        p.tensor = mTensor->value();
        p.pipeline = mPipeline->value();
        p.data = mData->value();
        p.expert = mExpertParallel->value();
        p.zeroStage = mZero->value();
        p.sequenceParallel = mSequenceParallel->isChecked();
        p.recompute = enumValue<Recompute>(mRecompute);
        p.virtualStages = mVirtualStages->value();
        p.context = mContextParallel->value();
        w.parallelism = p;
    }
    for (const auto& rows : mRowForms)
        rows->store(w);
    return w;
}

void WorkloadForm::setProblems(const QString& text)
{
    mProblems->setText(text);
    mProblems->setVisible(!text.isEmpty());
}

void WorkloadForm::updateVisibility()
{
    const bool training = enumValue<WorkloadKind>(mKind) == WorkloadKind::Training;
    mTraining->setVisible(training);
    mServing->setVisible(!training);
    mTrainingStorage->setVisible(training);
    mServingDemand->setVisible(!training);
    const bool explicitPlan = !mAutoPlan->isChecked();
    for (QWidget* w : {static_cast<QWidget*>(mTensor), static_cast<QWidget*>(mPipeline),
                       static_cast<QWidget*>(mData), static_cast<QWidget*>(mExpertParallel),
                       static_cast<QWidget*>(mZero), static_cast<QWidget*>(mSequenceParallel),
                       static_cast<QWidget*>(mRecompute), static_cast<QWidget*>(mVirtualStages),
                       static_cast<QWidget*>(mContextParallel)})
        w->setEnabled(explicitPlan);
    mLoraRank->setEnabled(enumValue<FineTune>(mFineTune) != FineTune::Full);
    mLoraTargets->setEnabled(enumValue<FineTune>(mFineTune) != FineTune::Full);
    mEfficiency->setEnabled(mOverrideEfficiency->isChecked());
    const auto count = countParameters(workload().model);
    mParameters->setText(tr("%1 B (%2 B active)")
                             .arg(formatNumber(count.total / 1e9, 2), formatNumber(count.active / 1e9, 2)));
}

} // namespace infrafit::ui
