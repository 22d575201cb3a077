// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/workload/workload.h"
#include "ui/project/field_rows.h"

#include <memory>

#include <QWidget>

#include <array>

class QCheckBox;
class QComboBox;
class QGroupBox;
class QLabel;
class QLineEdit;

namespace infrafit::ui {

/// One edit of the workload form: the field's label and key and the change
/// of that field alone (issue 21 item 4).
using WorkloadEdit = form::FieldRowEdit<Workload>;

/// Edits one workload: model (preset or custom architecture), training and
/// serving fields, and the parallel plan (automatic or explicit). The rows
/// come from core's field registry (ui/project/project_field_rows.h),
/// grouped by its sections; the name, the preset, the LoRA targets, the
/// TP overlap and "Let InfraFit choose" are made by hand. Shows the
/// workload it is given and reports each edit as the change of one field;
/// it validates nothing itself (the page asks core). GUI thread.
class WorkloadForm : public QWidget {
    Q_OBJECT

public:
    explicit WorkloadForm(QWidget* parent = nullptr);
    ~WorkloadForm() override;

    /// Shows `workload` in every widget.
    void setWorkload(const Workload& workload);
    /// Takes `workload` as the one shown after one of its own edits was
    /// applied: the widgets already show it, so none is written again.
    void acceptWorkload(const Workload& workload);
    /// The workload the form shows (the last one set or accepted).
    [[nodiscard]] const Workload& workload() const { return mCurrent; }
    /// Shows the problems core found with the edited values (empty: none).
    void setProblems(const QString& text);

signals:
    /// A field changed: `edit.apply` sets it (and only it) on a workload.
    void edited(const infrafit::ui::WorkloadEdit& edit);

private:
    void addRows(QWidget* group, QFormLayout* layout, std::string_view section);
    void connectEdits();
    void applyPreset(int index);
    void updateVisibility(bool countParametersAgain);
    void emitEdit(const QString& label, const QString& key, std::function<void(Workload&)> apply);
    /// Edits `field` from a default / on / off combo (optionalFlagCombo).
    void connectOptionalFlag(QComboBox* combo, const QString& label, const QString& key,
                             std::optional<bool> Workload::*field);

    Workload mCurrent;
    QLineEdit* mName = nullptr;
    QComboBox* mPreset = nullptr;
    QLabel* mParameters = nullptr;
    QGroupBox* mTraining = nullptr;
    QGroupBox* mTrainingStorage = nullptr;
    QGroupBox* mServing = nullptr;
    QGroupBox* mServingDemand = nullptr;
    QGroupBox* mPlan = nullptr;
    QCheckBox* mAutoPlan = nullptr;
    // Speed-model inputs (issue 16, training).
    QComboBox* mLoraTargets = nullptr;   ///< preset target sets; "custom" keeps a file's set
    QComboBox* mTpCommOverlap = nullptr; ///< GPU default / on / off
    QComboBox* mPpCommOverlap = nullptr; ///< schedule default / on / off
    QLabel* mProblems = nullptr;
    /// The software stack's version texts (framework, serving engine,
    /// driver branch, CUDA/ROCm release); its choices are registry rows.
    std::array<QLineEdit*, 4> mSoftwareVersions{};
    /// Rows built from core's registry, one form per section.
    std::vector<std::unique_ptr<form::FieldRowForm<Workload>>> mRowForms;
    form::FieldRowForm<Workload>* mPlanRows = nullptr;
};

} // namespace infrafit::ui
