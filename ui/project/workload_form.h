// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/workload/workload.h"
#include "ui/project/field_rows.h"

#include <memory>

#include <QWidget>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QGroupBox;
class QLabel;
class QLineEdit;
class QSpinBox;

namespace infrafit::ui {

/// Edits one workload: model (preset or custom architecture), training and
/// serving fields, and the parallel plan (automatic or explicit). Shows the
/// workload it is given and reports each edit; it validates nothing itself
/// (the page asks core). GUI thread.
class WorkloadForm : public QWidget {
    Q_OBJECT

public:
    explicit WorkloadForm(QWidget* parent = nullptr);
    ~WorkloadForm() override;

    void setWorkload(const Workload& workload);
    /// The workload as the form shows it now.
    [[nodiscard]] Workload workload() const;
    /// Shows the problems core found with the edited values (empty: none).
    void setProblems(const QString& text);

signals:
    /// A field changed; `field` names it for the undo history and `fieldId`
    /// groups consecutive edits of one field into one undo step.
    void edited(const QString& field, int fieldId);

private:
    void connectEdits();
    void applyPreset(int index);
    void updateVisibility();

    Workload mBase;
    QLineEdit* mName = nullptr;
    QComboBox* mKind = nullptr;
    QComboBox* mPreset = nullptr;
    QGroupBox* mArchitecture = nullptr;
    QSpinBox* mLayers = nullptr;
    QSpinBox* mHidden = nullptr;
    QSpinBox* mHeads = nullptr;
    QSpinBox* mKvHeads = nullptr;
    QSpinBox* mFfn = nullptr;
    QSpinBox* mVocab = nullptr;
    QSpinBox* mExperts = nullptr;
    QSpinBox* mExpertsPerToken = nullptr;
    QCheckBox* mGated = nullptr;
    QCheckBox* mTied = nullptr;
    QCheckBox* mBias = nullptr;
    QComboBox* mNorm = nullptr;
    QComboBox* mPosition = nullptr;
    QLabel* mParameters = nullptr;
    QComboBox* mPrecision = nullptr;
    QGroupBox* mTraining = nullptr;
    QSpinBox* mSequence = nullptr;
    QSpinBox* mGlobalBatch = nullptr;
    QSpinBox* mMicroBatch = nullptr;
    QComboBox* mOptimizer = nullptr;
    QComboBox* mFineTune = nullptr;
    QSpinBox* mLoraRank = nullptr;
    QDoubleSpinBox* mTrainingTokens = nullptr;
    QCheckBox* mFlash = nullptr;
    QGroupBox* mPlan = nullptr;
    QCheckBox* mAutoPlan = nullptr;
    QSpinBox* mTensor = nullptr;
    QSpinBox* mPipeline = nullptr;
    QSpinBox* mData = nullptr;
    QSpinBox* mExpertParallel = nullptr;
    QSpinBox* mZero = nullptr;
    QCheckBox* mSequenceParallel = nullptr;
    QComboBox* mRecompute = nullptr;
    QSpinBox* mVirtualStages = nullptr;
    QGroupBox* mServing = nullptr;
    QSpinBox* mPrompt = nullptr;
    QSpinBox* mOutput = nullptr;
    QSpinBox* mConcurrent = nullptr;
    QComboBox* mKvPrecision = nullptr;
    QDoubleSpinBox* mMemoryUtilization = nullptr;
    // Speed-model inputs (issue 16, training).
    QComboBox* mLoraTargets = nullptr;   ///< preset target sets; "custom" keeps a file's set
    QComboBox* mTpCommOverlap = nullptr; ///< GPU default / on / off
    QSpinBox* mContextParallel = nullptr;
    QSpinBox* mMaxBatch = nullptr;
    QComboBox* mBatching = nullptr;
    QCheckBox* mOverrideEfficiency = nullptr;
    QDoubleSpinBox* mEfficiency = nullptr;
    QLabel* mProblems = nullptr;
    /// Rows built from the lists in ui/project/project_field_rows.h.
    std::vector<std::unique_ptr<form::FieldRowForm<Workload>>> mRowForms;
    QGroupBox* mTrainingStorage = nullptr;
    QGroupBox* mServingDemand = nullptr;
};

} // namespace infrafit::ui
