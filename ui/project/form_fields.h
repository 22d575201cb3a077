// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "ui/qt_text.h"

#include "core/parts/enum_names.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QSpinBox>

namespace infrafit::ui::form {

/// Small factories for the project forms: every editor gets an object name
/// (for tests), a unit suffix and a range, so nothing is left unlabelled.
/// `singular`, when given, is the suffix shown at 1 ("1 node", "8 nodes").
inline QSpinBox* intBox(QWidget* parent, const QString& name, int minimum, int maximum,
                        const QString& suffix = {}, const QString& singular = {})
{
    auto* box = new QSpinBox(parent);
    box->setObjectName(name + QStringLiteral("SpinBox"));
    box->setRange(minimum, maximum);
    box->setSuffix(suffix);
    box->setAccelerated(true);
    box->setKeyboardTracking(false);
    if (!singular.isEmpty()) {
        box->setProperty("pluralSuffix", suffix);
        box->setProperty("singularSuffix", singular);
        const auto follow = [box, suffix, singular](int value) {
            box->setSuffix(value == 1 ? singular : suffix);
        };
        QObject::connect(box, &QSpinBox::valueChanged, box, follow);
        follow(box->value());
    }
    return box;
}

/// Puts each count box of `form` in the singular or plural for its value:
/// a form filled with its signals blocked gets no valueChanged to do it.
inline void syncCountSuffixes(QWidget* form)
{
    for (auto* box : form->findChildren<QSpinBox*>()) {
        const QVariant singular = box->property("singularSuffix");
        if (singular.isValid())
            box->setSuffix(box->value() == 1 ? singular.toString()
                                             : box->property("pluralSuffix").toString());
    }
}

inline QDoubleSpinBox* numberBox(QWidget* parent, const QString& name, double minimum,
                                 double maximum, int decimals, const QString& suffix = {})
{
    auto* box = new QDoubleSpinBox(parent);
    box->setObjectName(name + QStringLiteral("SpinBox"));
    box->setRange(minimum, maximum);
    box->setDecimals(decimals);
    box->setSuffix(suffix);
    box->setAccelerated(true);
    box->setKeyboardTracking(false);
    return box;
}

inline QCheckBox* checkBox(QWidget* parent, const QString& name, const QString& text)
{
    auto* box = new QCheckBox(text, parent);
    box->setObjectName(name + QStringLiteral("CheckBox"));
    return box;
}

/// A combo box listing an enum's file names.
template <class E>
QComboBox* enumCombo(QWidget* parent, const QString& name)
{
    auto* combo = new QComboBox(parent);
    combo->setObjectName(name + QStringLiteral("ComboBox"));
    for (const auto choice : EnumNames<E>::names)
        combo->addItem(toQString(choice));
    return combo;
}

template <class E>
void setEnum(QComboBox* combo, E value)
{
    combo->setCurrentIndex(static_cast<int>(value));
}

template <class E>
E enumValue(const QComboBox* combo)
{
    return static_cast<E>(std::max(0, combo->currentIndex()));
}

} // namespace infrafit::ui::form
