// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QCoreApplication>
#include <QString>

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

class QFormLayout;
class QWidget;

namespace infrafit::ui::form {

/// One project field as a form row, made from its core registry entry
/// (core/project/project_field.h; ui/project/project_field_rows.cpp):
/// the widget, its object name, range, tooltip, loading, storing and the
/// edit it reports all follow from it. Values travel as doubles: counts
/// are rounded, a choice is its index, a check box is 0 or 1. A field with
/// `absentText` is optional: the widget's lowest value (one step below
/// `minimum`) shows that text and stores "not set"; an optional flag is a
/// choice of that text, on and off. The range is the registry's, so writing
/// a row never changes a value read from a file.
struct FieldRowSpec {
    std::string key;   ///< project file key (docs/user-guide.md), prefixed by its object
    std::string label; ///< row label, translated in context "FieldRow"
    std::string unit;  ///< unit shown after the number, e.g. "GB"
    double minimum = 0;
    double maximum = 0;
    int decimals = 0; ///< 0 = a whole number
    std::string absentText;
    std::vector<std::string_view> choices; ///< non-empty: a choice of these names
    bool check = false;                    ///< a yes/no field
    std::string help;                      ///< tooltip text
};

/// A FieldRowSpec with how to read and write it on a T.
template <class T>
struct FieldRow {
    FieldRowSpec spec;
    std::function<std::optional<double>(const T&)> get;
    std::function<void(T&, std::optional<double>)> set;
};

/// The widgets built for a list of rows: loads an object into them, reads
/// them and reports edits. Non-owning (the widgets belong to `parent`).
class FieldRowWidgets {
public:
    struct Spec {
        QString objectName; ///< camelCase of the key plus the widget class
        QString label;
        QString unit;
        double minimum = 0;
        double maximum = 0;
        int decimals = 0;
        QString absentText;
        std::vector<std::string_view> choices;
        bool check = false;
        QString help;
    };

    /// Adds one row per spec to `layout`.
    void build(QFormLayout* layout, QWidget* parent, const std::vector<Spec>& specs);
    void setValue(std::size_t row, std::optional<double> value);
    [[nodiscard]] std::optional<double> value(std::size_t row) const;
    /// Calls `onEdit(row)` when the user changes a row.
    void watch(QObject* context, const std::function<void(std::size_t)>& onEdit) const;
    [[nodiscard]] QWidget* widget(std::size_t row) const { return mWidgets.at(row); }
    [[nodiscard]] std::size_t size() const { return mWidgets.size(); }

private:
    std::vector<QWidget*> mWidgets;
    std::vector<Spec> mSpecs;
};

/// One row's edit: its label (for the undo history), its key and the change
/// to apply, which sets that field only.
template <class T>
struct FieldRowEdit {
    QString label;
    QString key;
    std::function<void(T&)> apply;
};

/// `FieldRowWidgets` bound to the rows of one object type.
template <class T>
class FieldRowForm {
public:
    FieldRowForm(QFormLayout* layout, QWidget* parent, std::vector<FieldRow<T>> rows)
        : mRows(std::move(rows))
    {
        std::vector<FieldRowWidgets::Spec> specs;
        for (const auto& row : mRows) {
            const FieldRowSpec& r = row.spec;
            const QString unit = QCoreApplication::translate("FieldRow", r.unit.c_str());
            specs.push_back({objectNameOf(r),
                             QCoreApplication::translate("FieldRow", r.label.c_str()),
                             unit.isEmpty() ? QString() : QStringLiteral(" ") + unit, r.minimum,
                             r.maximum, r.decimals,
                             r.absentText.empty()
                                 ? QString()
                                 : QCoreApplication::translate("FieldRow", r.absentText.c_str()),
                             r.choices, r.check,
                             QCoreApplication::translate("FieldRow", r.help.c_str())});
        }
        mWidgets.build(layout, parent, specs);
    }
    void load(const T& object)
    {
        for (std::size_t i = 0; i < mRows.size(); ++i)
            mWidgets.setValue(i, mRows[i].get(object));
    }
    /// Writes every row's value into `object`.
    void store(T& object) const
    {
        for (std::size_t i = 0; i < mRows.size(); ++i)
            mRows[i].set(object, mWidgets.value(i));
    }
    /// Reports each edit as the change of its one field.
    void watch(QObject* context, const std::function<void(const FieldRowEdit<T>&)>& onEdit) const
    {
        mWidgets.watch(context, [this, onEdit](std::size_t row) {
            const auto set = mRows[row].set;
            const auto value = mWidgets.value(row);
            onEdit({QCoreApplication::translate("FieldRow", mRows[row].spec.label.c_str())
                        .toLower(),
                    QString::fromStdString(mRows[row].spec.key),
                    [set, value](T& object) { set(object, value); }});
        });
    }
    [[nodiscard]] const FieldRowWidgets& widgets() const { return mWidgets; }
    [[nodiscard]] const std::vector<FieldRow<T>>& rows() const { return mRows; }

private:
    static QString objectNameOf(const FieldRowSpec& r)
    {
        QString name;
        bool upper = false;
        for (const char c : r.key) {
            if (c == '_' || c == '.') {
                upper = true;
                continue;
            }
            name += upper ? QChar(QLatin1Char(c)).toUpper() : QChar(QLatin1Char(c));
            upper = false;
        }
        const bool combo = !r.choices.empty() || (r.check && !r.absentText.empty());
        return name
               + (combo     ? QStringLiteral("ComboBox")
                  : r.check ? QStringLiteral("CheckBox")
                            : QStringLiteral("SpinBox"));
    }

    std::vector<FieldRow<T>> mRows;
    FieldRowWidgets mWidgets;
};

} // namespace infrafit::ui::form
