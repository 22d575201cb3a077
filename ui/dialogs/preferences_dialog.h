// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "ui/project/preferences.h"

#include <QDialog>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;

namespace infrafit::ui {

/// Edits Preferences: memory units, electricity price, typical load, PUE,
/// TCO horizon, the default compute efficiency and the display currency
/// (code and rate per US dollar).
class PreferencesDialog : public QDialog {
    Q_OBJECT

public:
    explicit PreferencesDialog(const Preferences& preferences, QWidget* parent = nullptr);
    [[nodiscard]] Preferences preferences() const;

private:
    QComboBox* mUnits = nullptr;
    QDoubleSpinBox* mElectricity = nullptr;
    QDoubleSpinBox* mUtilisation = nullptr;
    QCheckBox* mPueAuto = nullptr;
    QDoubleSpinBox* mPue = nullptr;
    QDoubleSpinBox* mYears = nullptr;
    QCheckBox* mEfficiencyAuto = nullptr;
    QDoubleSpinBox* mEfficiency = nullptr;
    QComboBox* mCurrency = nullptr;
    QDoubleSpinBox* mCurrencyRate = nullptr;
};

} // namespace infrafit::ui
