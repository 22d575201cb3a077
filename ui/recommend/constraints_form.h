// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/project/project.h"
#include "core/search/search_constraints.h"
#include "ui/format.h"

#include <QWidget>

#include <array>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QFormLayout;
class QLabel;
class QSpinBox;

namespace infrafit::ui {

/// The recommendation's inputs: the workload (from the project) and the
/// limits a candidate must respect, each with its unit and a default. A
/// zero in an optional limit means "no limit" (shown as such). Training
/// and inference targets are shown for the chosen workload's kind only.
class ConstraintsForm : public QWidget {
    Q_OBJECT

public:
    explicit ConstraintsForm(QWidget* parent = nullptr);

    /// Refills the workload picker, keeping the chosen name when it exists.
    void setWorkloads(const Project& project);
    /// Index into the project's workloads, or -1 when there is none.
    [[nodiscard]] int workloadIndex() const;
    void setWorkloadIndex(int index);
    [[nodiscard]] WorkloadKind kind() const { return mKind; }
    /// The constraints as entered (copied for the worker).
    [[nodiscard]] SearchConstraints constraints() const;
    /// Why the inputs cannot be searched (no cooling type chosen), or empty.
    [[nodiscard]] QString problem() const;
    /// Candidates to list (best first).
    [[nodiscard]] int top() const;
    /// Shows the budget in the display currency after a preference change,
    /// converting the amount typed so the limit stays the same.
    void followDisplayCurrency();

signals:
    void workloadChanged(int index);

private:
    void updateKindRows();
    static QString budgetTip();

    QFormLayout* mLayout = nullptr;
    QComboBox* mWorkload = nullptr;
    std::vector<WorkloadKind> mKinds;
    WorkloadKind mKind = WorkloadKind::Training;
    QDoubleSpinBox* mBudget = nullptr;
    /// The currency the budget is typed in (the display currency at start).
    DisplayCurrency mBudgetCurrency;
    QComboBox* mBudgetBasis = nullptr;
    QDoubleSpinBox* mRackKw = nullptr;
    QDoubleSpinBox* mSiteKw = nullptr;
    QSpinBox* mMaxNodes = nullptr;
    QDoubleSpinBox* mDeadlineDays = nullptr;
    QDoubleSpinBox* mMinTokens = nullptr;
    QDoubleSpinBox* mTtftMs = nullptr;
    QDoubleSpinBox* mTpotMs = nullptr;
    QDoubleSpinBox* mRequestRate = nullptr;
    QComboBox* mRedundancy = nullptr;
    std::array<QCheckBox*, 4> mCooling {};
    QSpinBox* mTop = nullptr;
};

} // namespace infrafit::ui
