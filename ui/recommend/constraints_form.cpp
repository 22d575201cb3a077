// SPDX-License-Identifier: Apache-2.0
#include "ui/recommend/constraints_form.h"

#include "ui/format.h"

#include "ui/qt_text.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QSpinBox>

#include <cmath>

namespace infrafit::ui {
namespace {

QDoubleSpinBox* limitSpin(QWidget* parent, const QString& name, const QString& suffix,
    double maximum, int decimals, const QString& tip)
{
    auto* spin = new QDoubleSpinBox(parent);
    spin->setObjectName(name);
    spin->setRange(0, maximum);
    spin->setDecimals(decimals);
    spin->setSuffix(suffix);
    spin->setSpecialValueText(QObject::tr("No limit"));
    spin->setToolTip(tip);
    spin->setAccelerated(true);
    return spin;
}

std::optional<double> limitOf(const QDoubleSpinBox* spin, double scale = 1)
{
    return spin->value() > 0 ? std::optional<double>(spin->value() * scale) : std::nullopt;
}

} // namespace

QString ConstraintsForm::budgetTip()
{
    return QString(tr("Most the cluster may cost; 0 = no limit.") + QLatin1Char(' ')
                   + currencyRateNote())
        .trimmed();
}

void ConstraintsForm::followDisplayCurrency()
{
    const DisplayCurrency now = displayCurrency();
    if (now.code == mBudgetCurrency.code && now.perUsd == mBudgetCurrency.perUsd)
        return;
    // The same budget in the new currency: 1,000,000 USD reads 920,000 EUR.
    const double usd = mBudget->value() / mBudgetCurrency.perUsd;
    mBudgetCurrency = now;
    mBudget->setSuffix(QLatin1Char(' ') + now.code);
    mBudget->setToolTip(budgetTip());
    mBudget->setValue(std::round(usd * now.perUsd));
}

ConstraintsForm::ConstraintsForm(QWidget* parent) : QWidget(parent)
{
    mLayout = new QFormLayout(this);
    mLayout->setFieldGrowthPolicy(QFormLayout::ExpandingFieldsGrow);
    const auto addRow = [this](const QString& label, QWidget* field) {
        auto* text = new QLabel(label, this);
        text->setBuddy(field);
        text->setToolTip(field->toolTip());
        mLayout->addRow(text, field);
    };

    mWorkload = new QComboBox(this);
    mWorkload->setObjectName(QStringLiteral("recommendWorkloadComboBox"));
    mWorkload->setToolTip(tr("The project workload to find hardware for."));
    mWorkload->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    mWorkload->setMinimumContentsLength(20);
    mWorkload->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    addRow(tr("&Workload:"), mWorkload);
    connect(mWorkload, &QComboBox::currentIndexChanged, this, [this](int index) {
        updateKindRows();
        emit workloadChanged(index);
    });

    // The budget is typed in the display currency and converted back to USD.
    mBudgetCurrency = displayCurrency();
    mBudget = limitSpin(this, QStringLiteral("recommendBudgetDoubleSpinBox"),
        QLatin1Char(' ') + mBudgetCurrency.code, 1e10, 0, budgetTip());
    mBudget->setSingleStep(100000);
    mBudgetBasis = new QComboBox(this);
    mBudgetBasis->setObjectName(QStringLiteral("recommendBudgetBasisComboBox"));
    mBudgetBasis->addItem(tr("Capex"));
    mBudgetBasis->addItem(tr("TCO"));
    mBudgetBasis->setToolTip(tr("What the budget limits: the purchase (capex) or capex plus "
                                "facility energy over the cost horizon (TCO)."));
    auto* budgetRow = new QWidget(this);
    auto* budgetLayout = new QHBoxLayout(budgetRow);
    budgetLayout->setContentsMargins(0, 0, 0, 0);
    budgetLayout->addWidget(mBudget, 1);
    budgetLayout->addWidget(mBudgetBasis);
    budgetRow->setToolTip(mBudget->toolTip());
    auto* budgetLabel = new QLabel(tr("&Budget:"), this);
    budgetLabel->setBuddy(mBudget);
    mLayout->addRow(budgetLabel, budgetRow);

    mRackKw = limitSpin(this, QStringLiteral("recommendRackPowerDoubleSpinBox"), tr(" kW"), 1000, 1,
        tr("Usable power per rack (feed and cooling); nodes are packed into "
           "racks within it."));
    mRackKw->setMinimum(1);
    mRackKw->setSpecialValueText({});
    mRackKw->setValue(40);
    addRow(tr("&Rack power:"), mRackKw);

    mSiteKw = limitSpin(this, QStringLiteral("recommendSitePowerDoubleSpinBox"), tr(" kW"), 1e6, 0,
        tr("Power the site gives the whole cluster at its rated maximum (site_power_kw); "
           "GPUs capped at 85 % and 70 % of their rating are tried too. 0 = no limit."));
    addRow(tr("&Site power:"), mSiteKw);

    mMaxNodes = new QSpinBox(this);
    mMaxNodes->setObjectName(QStringLiteral("recommendMaxNodesSpinBox"));
    mMaxNodes->setRange(1, 4096);
    mMaxNodes->setValue(16);
    mMaxNodes->setSuffix(tr(" nodes"));
    mMaxNodes->setToolTip(tr("Largest cluster to consider; tried: 1, 2, 3, 4, 6, 8, 12, … up to "
                             "this. Larger values search longer."));
    addRow(tr("Max &nodes:"), mMaxNodes);

    mDeadlineDays
        = limitSpin(this, QStringLiteral("recommendDeadlineDoubleSpinBox"), tr(" days"), 10000, 1,
            tr("Training must finish within this many days (needs "
               "the workload's training tokens); 0 = no deadline."));
    addRow(tr("&Deadline:"), mDeadlineDays);
    mMinTokens = limitSpin(this, QStringLiteral("recommendMinTokensDoubleSpinBox"), tr(" tokens/s"),
        1e12, 0,
        tr("Least training throughput of the whole cluster; 0 = "
           "none."));
    mMinTokens->setSingleStep(1000);
    addRow(tr("Min &throughput:"), mMinTokens);

    mTtftMs = limitSpin(this, QStringLiteral("recommendTtftDoubleSpinBox"), tr(" ms"), 1e6, 0,
        tr("Longest acceptable time to first token; 0 = none."));
    mTtftMs->setSingleStep(50);
    addRow(tr("TT&FT target:"), mTtftMs);
    mTpotMs = limitSpin(this, QStringLiteral("recommendTpotDoubleSpinBox"), tr(" ms"), 1e5, 1,
        tr("Longest acceptable time per output token; 0 = none."));
    addRow(tr("TP&OT target:"), mTpotMs);
    mRequestRate
        = limitSpin(this, QStringLiteral("recommendRequestRateDoubleSpinBox"), tr(" requests/s"),
            1e7, 1, tr("Requests per second the deployment must sustain; 0 = none."));
    addRow(tr("Re&quest rate:"), mRequestRate);

    mRedundancy = new QComboBox(this);
    mRedundancy->setObjectName(QStringLiteral("recommendRedundancyComboBox"));
    mRedundancy->addItem(tr("None"));
    mRedundancy->addItem(tr("N+1"));
    mRedundancy->addItem(tr("N+N"));
    mRedundancy->setCurrentIndex(1);
    mRedundancy->setToolTip(tr("PSU redundancy: the node must run with one (N+1) or half (N+N) "
                               "of its power supplies failed."));
    addRow(tr("PSU red&undancy:"), mRedundancy);

    auto* coolingRow = new QWidget(this);
    auto* coolingLayout = new QHBoxLayout(coolingRow);
    coolingLayout->setContentsMargins(0, 0, 0, 0);
    const std::pair<QString, const char*> coolings[]
        = {{tr("&Air"), "Air"}, {tr("Rear &door"), "RearDoor"},
            {tr("Direct &liquid"), "DirectLiquid"}, {tr("I&mmersion"), "Immersion"}};
    for (std::size_t i = 0; i < mCooling.size(); ++i) {
        mCooling[i] = new QCheckBox(coolings[i].first, coolingRow);
        mCooling[i]->setObjectName(QStringLiteral("recommendCooling")
            + QString::fromLatin1(coolings[i].second) + QStringLiteral("CheckBox"));
        mCooling[i]->setChecked(true);
        mCooling[i]->setToolTip(tr("Cooling the site can provide; unchecked types are not "
                                   "considered."));
        coolingLayout->addWidget(mCooling[i]);
    }
    coolingLayout->addStretch(1);
    mLayout->addRow(new QLabel(tr("Cooling available:"), this), coolingRow);

    mTop = new QSpinBox(this);
    mTop->setObjectName(QStringLiteral("recommendTopSpinBox"));
    mTop->setRange(1, 200);
    mTop->setValue(20);
    mTop->setSuffix(tr(" candidates"));
    mTop->setToolTip(tr("How many of the best candidates to list and plot."));
    addRow(tr("&List:"), mTop);
    updateKindRows();
}

void ConstraintsForm::setWorkloads(const Project& project)
{
    const QString current = mWorkload->currentText();
    {
        const QSignalBlocker block(mWorkload);
        mWorkload->clear();
        mKinds.clear();
        for (const auto& w : project.workloads) {
            mWorkload->addItem(toQString(w.name));
            mKinds.push_back(w.kind);
        }
        const int keep = mWorkload->findText(current);
        mWorkload->setCurrentIndex(keep >= 0 ? keep : (mWorkload->count() > 0 ? 0 : -1));
    }
    updateKindRows();
}

int ConstraintsForm::workloadIndex() const
{
    return mWorkload->currentIndex();
}

void ConstraintsForm::setWorkloadIndex(int index)
{
    mWorkload->setCurrentIndex(index);
}

void ConstraintsForm::updateKindRows()
{
    const int index = mWorkload->currentIndex();
    mKind = index >= 0 && index < static_cast<int>(mKinds.size())
        ? mKinds[static_cast<std::size_t>(index)]
        : WorkloadKind::Training;
    const bool training = mKind == WorkloadKind::Training;
    for (QWidget* field : {static_cast<QWidget*>(mDeadlineDays), static_cast<QWidget*>(mMinTokens)})
        mLayout->setRowVisible(field, training);
    for (QWidget* field : {mTtftMs, mTpotMs, mRequestRate})
        mLayout->setRowVisible(field, !training);
}

SearchConstraints ConstraintsForm::constraints() const
{
    SearchConstraints c;
    c.budgetUsd = limitOf(mBudget, 1.0 / mBudgetCurrency.perUsd);
    c.budgetBasis = mBudgetBasis->currentIndex() == 1 ? BudgetBasis::Tco : BudgetBasis::Capex;
    c.rackPowerKw = mRackKw->value();
    c.sitePowerKw = limitOf(mSiteKw);
    c.maxNodes = mMaxNodes->value();
    c.psuRedundancy = static_cast<PsuRedundancy>(mRedundancy->currentIndex());
    const CoolingType types[] = {
        CoolingType::Air, CoolingType::RearDoor, CoolingType::DirectLiquid, CoolingType::Immersion};
    bool all = true;
    for (std::size_t i = 0; i < mCooling.size(); ++i) {
        if (mCooling[i]->isChecked())
            c.coolingTypes.push_back(types[i]);
        else
            all = false;
    }
    if (all)
        c.coolingTypes.clear(); // every type: no restriction
    if (mKind == WorkloadKind::Training) {
        c.deadlineDays = limitOf(mDeadlineDays);
        c.minTokensPerS = limitOf(mMinTokens);
    } else {
        c.ttftTargetS = limitOf(mTtftMs, 1e-3);
        c.tpotTargetS = limitOf(mTpotMs, 1e-3);
        c.requestRatePerS = limitOf(mRequestRate);
    }
    return c;
}

QString ConstraintsForm::problem() const
{
    for (const auto* box : mCooling) {
        if (box->isChecked())
            return {};
    }
    return tr("Choose at least one cooling type the site can provide.");
}

int ConstraintsForm::top() const
{
    return mTop->value();
}

} // namespace infrafit::ui
