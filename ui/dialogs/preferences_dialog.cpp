// SPDX-License-Identifier: Apache-2.0
#include "ui/dialogs/preferences_dialog.h"

#include "core/analysis/hardware_rates.h"
#include "ui/project/form_fields.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QRegularExpression>
#include <QRegularExpressionValidator>
#include <QSignalBlocker>
#include <QVBoxLayout>

namespace infrafit::ui {

using namespace form;

PreferencesDialog::PreferencesDialog(const Preferences& p, QWidget* parent) : QDialog(parent)
{
    setObjectName(QStringLiteral("preferencesDialog"));
    setWindowTitle(tr("Preferences"));
    mUnits = new QComboBox(this);
    mUnits->setObjectName(QStringLiteral("unitsComboBox"));
    mUnits->addItem(tr("GiB (2³⁰ bytes)"));
    mUnits->addItem(tr("GB (10⁹ bytes)"));
    mUnits->setCurrentIndex(p.binaryUnits ? 0 : 1);
    mElectricity = numberBox(this, QStringLiteral("electricity"), 0, 10, 3, tr(" USD/kWh"));
    mElectricityUsd = p.electricityUsdPerKwh;
    mUtilisation = numberBox(this, QStringLiteral("utilisation"), 0, 1, 2);
    mUtilisation->setSingleStep(0.05);
    mUtilisation->setValue(p.utilisation);
    mUtilisation->setToolTip(tr("Share of compute-bound time (0..1) used for average power and "
                                "energy only when there is no workload to take the time split "
                                "from (docs/power-model.md §3)."));
    mPueAuto = checkBox(this, QStringLiteral("pueAuto"), tr("From the cooling option"));
    mPueAuto->setChecked(!p.pue);
    mPue = numberBox(this, QStringLiteral("pue"), 1, 5, 2);
    // 1.4 repeats core's PUE fallback (core/infra/cost.cpp defaultPue;
    // docs/reference/hardware.md §1.7: air 1.4-1.6, Uptime Institute 2023).
    mPue->setValue(p.pue.value_or(1.4));
    mGridCo2 = numberBox(this, QStringLiteral("gridCo2"), 0, 2000, 0, tr(" g CO2e/kWh"));
    mGridCo2->setValue(p.gridCo2GPerKwh);
    mGridCo2->setToolTip(tr("Carbon intensity of the site's electricity, for the CO2 of energy "
                            "figures (default: world average 2023, Ember)."));
    mYears = numberBox(this, QStringLiteral("years"), 1, 20, 1, tr(" years"));
    mYears->setValue(p.tcoYears);
    mEfficiencyAuto = checkBox(this, QStringLiteral("efficiencyAuto"), tr("Per GPU family"));
    mEfficiencyAuto->setChecked(!p.defaultEfficiency);
    mEfficiency = numberBox(this, QStringLiteral("defaultEfficiency"), 0.05, 1, 2);
    // While "Per GPU family" is checked the box shows core's reference
    // figure (the Hopper GEMM plateau), the value an override starts from.
    mEfficiency->setValue(p.defaultEfficiency.value_or(referenceTrainComputeEfficiency()));
    mCurrency = new QComboBox(this);
    mCurrency->setObjectName(QStringLiteral("currencyComboBox"));
    mCurrency->setEditable(true);
    mCurrency->addItems({QStringLiteral("USD"), QStringLiteral("EUR"), QStringLiteral("GBP"),
                         QStringLiteral("JPY"), QStringLiteral("CHF"), QStringLiteral("CNY"),
                         QStringLiteral("INR"), QStringLiteral("KRW"), QStringLiteral("SEK")});
    mCurrency->setValidator(new QRegularExpressionValidator(
        QRegularExpression(QStringLiteral("[A-Za-z]{3}")), mCurrency));
    mCurrency->setCurrentText(p.currencyCode);
    mCurrency->setToolTip(tr("ISO 4217 code of the currency money is shown in. Catalog prices "
                             "and results stay in US dollars."));
    mCurrencyRate = numberBox(this, QStringLiteral("currencyRate"), 0.000001, 1000000, 6);
    mCurrencyRate->setValue(p.currencyPerUsd);
    mCurrencyRate->setToolTip(tr("How many units of the currency one US dollar buys."));
    const auto syncRate = [this](const QString& code) {
        // USD is shown as is; any other currency needs its rate.
        const bool usd = code.compare(QStringLiteral("USD"), Qt::CaseInsensitive) == 0;
        if (usd)
            mCurrencyRate->setValue(1);
        mCurrencyRate->setDisabled(usd);
        mCurrencyRate->setSuffix(tr(" %1 per USD").arg(code.toUpper()));
        showElectricityIn(code, ratePerUsd());
    };
    connect(mCurrency, &QComboBox::currentTextChanged, this, syncRate);
    connect(mCurrencyRate, &QDoubleSpinBox::valueChanged, this,
            [this] { showElectricityIn(mCurrency->currentText(), ratePerUsd()); });
    connect(mElectricity, &QDoubleSpinBox::valueChanged, this,
            [this](double shown) { mElectricityUsd = shown / ratePerUsd(); });
    syncRate(mCurrency->currentText());
    connect(mPueAuto, &QCheckBox::toggled, mPue, &QWidget::setDisabled);
    connect(mEfficiencyAuto, &QCheckBox::toggled, mEfficiency, &QWidget::setDisabled);
    mPue->setDisabled(mPueAuto->isChecked());
    mEfficiency->setDisabled(mEfficiencyAuto->isChecked());

    auto* form = new QFormLayout;
    form->addRow(tr("Memory &units:"), mUnits);
    form->addRow(tr("&Electricity price:"), mElectricity);
    form->addRow(tr("Typical &load:"), mUtilisation);
    form->addRow(tr("&PUE:"), mPueAuto);
    form->addRow(QString(), mPue);
    form->addRow(tr("&Grid carbon intensity:"), mGridCo2);
    form->addRow(tr("&TCO horizon:"), mYears);
    form->addRow(tr("Compute e&fficiency:"), mEfficiencyAuto);
    form->addRow(QString(), mEfficiency);
    form->addRow(tr("&Currency:"), mCurrency);
    form->addRow(tr("Exchange &rate:"), mCurrencyRate);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(buttons);
}

double PreferencesDialog::ratePerUsd() const
{
    const QString code = mCurrency->currentText().trimmed();
    const bool usd = code.size() != 3 || code.compare(QStringLiteral("USD"), Qt::CaseInsensitive) == 0;
    return usd || mCurrencyRate->value() <= 0 ? 1.0 : mCurrencyRate->value();
}

void PreferencesDialog::showElectricityIn(const QString& code, double perUsd)
{
    const QSignalBlocker blocker(mElectricity); // re-shown, not edited
    const QString trimmed = code.trimmed().toUpper();
    const QString shownCode = trimmed.size() == 3 ? trimmed : QStringLiteral("USD");
    mElectricity->setSuffix(tr(" %1/kWh").arg(shownCode));
    mElectricity->setMaximum(10 * perUsd);
    mElectricity->setValue(mElectricityUsd * perUsd);
}

Preferences PreferencesDialog::preferences() const
{
    Preferences p;
    p.binaryUnits = mUnits->currentIndex() == 0;
    p.electricityUsdPerKwh = mElectricityUsd;
    p.utilisation = mUtilisation->value();
    p.pue = mPueAuto->isChecked() ? std::nullopt : std::optional<double>(mPue->value());
    p.tcoYears = mYears->value();
    p.gridCo2GPerKwh = mGridCo2->value();
    p.defaultEfficiency = mEfficiencyAuto->isChecked() ? std::nullopt
                                                       : std::optional<double>(mEfficiency->value());
    const QString code = mCurrency->currentText().trimmed().toUpper();
    if (code.size() == 3 && code != QStringLiteral("USD")) {
        p.currencyCode = code;
        p.currencyPerUsd = mCurrencyRate->value();
    }
    return p;
}

} // namespace infrafit::ui
