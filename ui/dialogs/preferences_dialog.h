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
/// (code and rate per US dollar). The electricity price is entered in the
/// display currency and stored in US dollars, as all money is.
class PreferencesDialog : public QDialog {
    Q_OBJECT

public:
    explicit PreferencesDialog(const Preferences& preferences, QWidget* parent = nullptr);
    [[nodiscard]] Preferences preferences() const;

private:
    /// Shows the electricity price in the chosen currency (its value and
    /// maximum follow the currency and rate; the price itself stays put).
    void showElectricityIn(const QString& code, double perUsd);
    [[nodiscard]] double ratePerUsd() const;

    QComboBox* mUnits = nullptr;
    /// The electricity price in US dollars per kWh: changed only by the
    /// user's edits, so re-showing it in another currency never rounds it.
    double mElectricityUsd = 0;
    QDoubleSpinBox* mElectricity = nullptr;
    QDoubleSpinBox* mUtilisation = nullptr;
    QCheckBox* mPueAuto = nullptr;
    QDoubleSpinBox* mPue = nullptr;
    QDoubleSpinBox* mGridCo2 = nullptr;
    QDoubleSpinBox* mYears = nullptr;
    QCheckBox* mEfficiencyAuto = nullptr;
    QDoubleSpinBox* mEfficiency = nullptr;
    QComboBox* mCurrency = nullptr;
    QDoubleSpinBox* mCurrencyRate = nullptr;
};

} // namespace infrafit::ui
