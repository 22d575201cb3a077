// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "ui/qt_text.h"

#include "core/base/enum_names.h"

#include <QCheckBox>
#include <QCoreApplication>
#include <QLocale>
#include <QToolTip>
#include <QValidator>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QSpinBox>

#include <optional>

namespace infrafit::ui::form {

/// A spin box that does not clamp silently (issue 23 item 9): a typed number
/// outside the range is accepted while typing, then refused with a message
/// naming the range (tooltip at the box and the `rangeNotice` property),
/// and the box keeps its previous value rather than the nearest limit.
template <class Base>
class RangeNoticeBox : public Base {
public:
    explicit RangeNoticeBox(QWidget* parent = nullptr) : Base(parent)
    {
        // A new value accepted: the notice about a refused one is stale.
        QObject::connect(this, &Base::valueChanged, this,
                         [this] { this->setProperty("rangeNotice", QString()); });
    }

    QValidator::State validate(QString& text, int& pos) const override
    {
        const QValidator::State state = Base::validate(text, pos);
        auto* self = const_cast<RangeNoticeBox*>(this);
        if (state != QValidator::Invalid)
            return state;
        QString number = text;
        if (!this->prefix().isEmpty() && number.startsWith(this->prefix()))
            number.remove(0, this->prefix().size());
        if (!this->suffix().isEmpty() && number.endsWith(this->suffix()))
            number.chop(this->suffix().size());
        number.remove(this->locale().groupSeparator());
        bool ok = false;
        (void)this->locale().toDouble(number.trimmed(), &ok);
        if (!ok)
            return state;
        const QString message =
            QCoreApplication::translate("RangeNoticeBox", "%1 is outside the allowed range, %2; "
                                                          "the value stays as it was.")
                .arg(number.trimmed(), rangeText());
        self->setProperty("rangeNotice", message);
        if (self->isVisible())
            QToolTip::showText(self->mapToGlobal(QPoint(0, self->height())), message, self);
        return QValidator::Intermediate;
    }

    /// "1 to 1,024 nodes" (with ", or <special>" for a special value text).
    [[nodiscard]] QString rangeText() const
    {
        const bool special = !this->specialValueText().isEmpty();
        double low = static_cast<double>(this->minimum());
        if (special)
            low += static_cast<double>(this->singleStep());
        const int decimals = decimalsOf(this);
        QString text = QCoreApplication::translate("RangeNoticeBox", "%1 to %2%3")
                           .arg(this->locale().toString(low, 'f', decimals),
                                this->locale().toString(static_cast<double>(this->maximum()), 'f',
                                                        decimals),
                                this->suffix());
        if (special)
            text += QCoreApplication::translate("RangeNoticeBox", ", or %1")
                        .arg(this->specialValueText());
        return text;
    }

private:
    static int decimalsOf(const QSpinBox*) { return 0; }
    static int decimalsOf(const QDoubleSpinBox* box) { return box->decimals(); }
};

/// Appends "Allowed: <range>" to the tooltip of every spin box in `form`
/// (call once its boxes have their ranges and tooltips).
inline void describeRanges(QWidget* form)
{
    const auto describe = [](QWidget* box, const QString& range) {
        const QString tip = box->toolTip();
        const QString allowed =
            QCoreApplication::translate("RangeNoticeBox", "Allowed: %1.").arg(range);
        box->setToolTip(tip.isEmpty() ? allowed : QString(tip + QStringLiteral("\n") + allowed));
    };
    for (auto* box : form->findChildren<QSpinBox*>())
        if (auto* checked = dynamic_cast<RangeNoticeBox<QSpinBox>*>(box))
            describe(box, checked->rangeText());
    for (auto* box : form->findChildren<QDoubleSpinBox*>())
        if (auto* checked = dynamic_cast<RangeNoticeBox<QDoubleSpinBox>*>(box))
            describe(box, checked->rangeText());
}

/// Small factories for the project forms: every editor gets an object name
/// (for tests), a unit suffix and a range, so nothing is left unlabelled.
/// `singular`, when given, is the suffix shown at 1 ("1 node", "8 nodes").
inline QSpinBox* intBox(QWidget* parent, const QString& name, int minimum, int maximum,
                        const QString& suffix = {}, const QString& singular = {})
{
    auto* box = new RangeNoticeBox<QSpinBox>(parent);
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
    auto* box = new RangeNoticeBox<QDoubleSpinBox>(parent);
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

/// A default / on / off choice for an optional flag (index 0 = absent).
inline QComboBox* optionalFlagCombo(QWidget* parent, const QString& objectName,
                                    const QString& defaultText, const QString& toolTip)
{
    auto* combo = new QComboBox(parent);
    combo->setObjectName(objectName);
    combo->addItem(defaultText);
    combo->addItem(QObject::tr("on"));
    combo->addItem(QObject::tr("off"));
    combo->setToolTip(toolTip);
    return combo;
}

/// The optionalFlagCombo index that shows `flag`: 0 absent, 1 on, 2 off.
inline int optionalFlagIndex(std::optional<bool> flag)
{
    return !flag ? 0 : (*flag ? 1 : 2);
}

/// The flag an optionalFlagCombo index stands for.
inline std::optional<bool> optionalFlagOfIndex(int index)
{
    return index <= 0 ? std::nullopt : std::optional<bool>(index == 1);
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
