// SPDX-License-Identifier: Apache-2.0
#include "ui/project/field_rows.h"

#include "ui/project/form_fields.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>

#include <algorithm>
#include <climits>
#include <cmath>

namespace infrafit::ui::form {

namespace {

/// One step of a row's box: 1 for whole numbers, else its last decimal.
double fieldRowStep(int decimals)
{
    return decimals <= 0 ? 1.0 : std::pow(10.0, -decimals);
}

/// An optional flag's row is a choice of its absence text, on and off
/// (optionalFlagCombo), as the form's hand-made overlap rows are.
bool optionalFlag(const FieldRowWidgets::Spec& spec)
{
    return spec.check && !spec.absentText.isEmpty();
}

} // namespace

void FieldRowWidgets::build(QFormLayout* layout, QWidget* parent, const std::vector<Spec>& specs)
{
    for (const auto& spec : specs) {
        QWidget* widget = nullptr;
        if (!spec.choices.empty()) {
            auto* combo = new QComboBox(parent);
            for (const auto choice : spec.choices)
                combo->addItem(toQString(choice));
            widget = combo;
        } else if (optionalFlag(spec)) {
            widget = optionalFlagCombo(parent, spec.objectName, spec.absentText, spec.help);
        } else if (spec.check) {
            widget = new QCheckBox(spec.label, parent);
        } else if (spec.decimals <= 0 && spec.maximum <= INT_MAX) {
            // Whole numbers in a QSpinBox (typed as integers, no decimal point).
            const int lowest = static_cast<int>(spec.minimum) - (spec.absentText.isEmpty() ? 0 : 1);
            // A count's unit in the singular at 1 ("1 sequence", "2 sequences").
            const bool plural = spec.unit.endsWith(QLatin1Char('s')) && !spec.unit.contains(QLatin1Char('/'));
            auto* box = intBox(parent, QString(), lowest, static_cast<int>(spec.maximum),
                               spec.unit, plural ? spec.unit.chopped(1) : QString());
            if (!spec.absentText.isEmpty())
                box->setSpecialValueText(spec.absentText);
            widget = box;
        } else {
            const double step = fieldRowStep(spec.decimals);
            const double lowest = spec.absentText.isEmpty() ? spec.minimum : spec.minimum - step;
            auto* box = numberBox(
                parent, QString(), lowest, spec.maximum, std::max(0, spec.decimals), spec.unit);
            box->setSingleStep(step);
            box->setGroupSeparatorShown(spec.maximum >= 1e6); // "10,000,000,000 tokens"
            if (!spec.absentText.isEmpty())
                box->setSpecialValueText(spec.absentText);
            widget = box;
        }
        widget->setObjectName(spec.objectName);
        widget->setToolTip(spec.help);
        if (spec.check && !optionalFlag(spec))
            layout->addRow(widget);
        else
            layout->addRow(spec.label + QStringLiteral(":"), widget);
        mWidgets.push_back(widget);
        mSpecs.push_back(spec);
    }
}

void FieldRowWidgets::setValue(std::size_t row, std::optional<double> value)
{
    QWidget* widget = mWidgets.at(row);
    if (optionalFlag(mSpecs.at(row))) {
        static_cast<QComboBox*>(widget)->setCurrentIndex(
            optionalFlagIndex(value ? std::optional<bool>(*value != 0) : std::nullopt));
    } else if (auto* combo = qobject_cast<QComboBox*>(widget)) {
        combo->setCurrentIndex(static_cast<int>(value.value_or(0)));
    } else if (auto* check = qobject_cast<QCheckBox*>(widget)) {
        check->setChecked(value.value_or(0) != 0);
    } else if (auto* box = qobject_cast<QDoubleSpinBox*>(widget)) {
        box->setValue(value ? *value : box->minimum());
    } else if (auto* intBox = qobject_cast<QSpinBox*>(widget)) {
        intBox->setValue(value ? static_cast<int>(std::llround(*value)) : intBox->minimum());
    }
}

std::optional<double> FieldRowWidgets::value(std::size_t row) const
{
    const QWidget* widget = mWidgets.at(row);
    const Spec& spec = mSpecs.at(row);
    if (optionalFlag(spec)) {
        const auto flag
            = optionalFlagOfIndex(static_cast<const QComboBox*>(widget)->currentIndex());
        return flag ? std::optional<double>(*flag ? 1.0 : 0.0) : std::nullopt;
    }
    if (const auto* combo = qobject_cast<const QComboBox*>(widget))
        return std::max(0, combo->currentIndex());
    if (const auto* check = qobject_cast<const QCheckBox*>(widget))
        return check->isChecked() ? 1.0 : 0.0;
    if (const auto* intBox = qobject_cast<const QSpinBox*>(widget)) {
        if (!spec.absentText.isEmpty() && intBox->value() < spec.minimum)
            return std::nullopt;
        return intBox->value();
    }
    const auto* box = qobject_cast<const QDoubleSpinBox*>(widget);
    if (!spec.absentText.isEmpty() && box->value() < spec.minimum)
        return std::nullopt;
    return spec.decimals <= 0 ? std::round(box->value()) : box->value();
}

void FieldRowWidgets::watch(QObject* context, const std::function<void(std::size_t)>& onEdit) const
{
    for (std::size_t i = 0; i < mWidgets.size(); ++i) {
        auto notify = [onEdit, i] { onEdit(i); };
        QWidget* widget = mWidgets[i];
        if (auto* combo = qobject_cast<QComboBox*>(widget))
            QObject::connect(combo, &QComboBox::currentIndexChanged, context, notify);
        else if (auto* check = qobject_cast<QCheckBox*>(widget))
            QObject::connect(check, &QCheckBox::toggled, context, notify);
        else if (auto* box = qobject_cast<QDoubleSpinBox*>(widget))
            QObject::connect(box, &QDoubleSpinBox::valueChanged, context, notify);
        else if (auto* intBox = qobject_cast<QSpinBox*>(widget))
            QObject::connect(intBox, &QSpinBox::valueChanged, context, notify);
    }
}

} // namespace infrafit::ui::form
