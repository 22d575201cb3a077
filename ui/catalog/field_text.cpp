// SPDX-License-Identifier: Apache-2.0
#include "ui/catalog/field_text.h"

#include "ui/qt_text.h"

#include <QCoreApplication>

#include <cmath>

namespace infrafit::ui {
namespace {

QString tr(const char* text)
{
    return QCoreApplication::translate("FieldText", text);
}

} // namespace

std::optional<FieldValue> parseFieldText(const FieldSpec& field, const QString& input,
                                         QString* error)
{
    const QString text = input.trimmed();
    switch (field.type) {
    case FieldType::Number:
    case FieldType::Integer: {
        if (text.isEmpty()) {
            if (field.required) {
                *error = tr("%1 is required.").arg(toQString(field.label));
                return std::nullopt;
            }
            return FieldValue{};
        }
        QString number = text;
        const QString unit = toQString(field.unit);
        if (!unit.isEmpty() && number.endsWith(unit, Qt::CaseInsensitive))
            number.chop(unit.size());
        bool ok = false;
        const double value = number.trimmed().toDouble(&ok);
        if (!ok || !std::isfinite(value)) {
            *error = tr("%1 must be a number%2, not \"%3\".")
                         .arg(toQString(field.label),
                              unit.isEmpty() ? QString() : tr(" (in %1)").arg(unit), text);
            return std::nullopt;
        }
        return FieldValue{value};
    }
    case FieldType::Text:
        return FieldValue{toStdString(text)};
    case FieldType::Choice: {
        for (const auto choice : field.choices) {
            if (toQString(choice) == text)
                return FieldValue{std::string(choice)};
        }
        QStringList names;
        for (const auto choice : field.choices)
            names << toQString(choice);
        *error = tr("%1 must be one of %2.").arg(toQString(field.label), names.join(QStringLiteral(", ")));
        return std::nullopt;
    }
    case FieldType::TextList: {
        std::vector<std::string> items;
        for (const auto& item : text.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
            const QString trimmed = item.trimmed();
            if (!trimmed.isEmpty())
                items.push_back(toStdString(trimmed));
        }
        return FieldValue{std::move(items)};
    }
    case FieldType::Flag: {
        const QString lower = text.toLower();
        if (lower == QStringLiteral("yes") || lower == QStringLiteral("true") || lower == QStringLiteral("1"))
            return FieldValue{true};
        if (lower == QStringLiteral("no") || lower == QStringLiteral("false") || lower == QStringLiteral("0")
            || lower.isEmpty())
            return FieldValue{false};
        *error = tr("%1 must be yes or no.").arg(toQString(field.label));
        return std::nullopt;
    }
    }
    return std::nullopt;
}

QString fieldEditText(const FieldValue& value)
{
    return toQString(formatFieldValue(value));
}

QString fieldHint(const FieldSpec& field)
{
    QString hint = toQString(field.unit);
    if (field.type == FieldType::Number || field.type == FieldType::Integer) {
        const QString range = field.positive
                                  ? tr("greater than 0")
                                  : tr("%1 to %2").arg(toQString(formatFieldValue(field.minimum)),
                                                      toQString(formatFieldValue(field.maximum)));
        hint = hint.isEmpty() ? range : hint + QStringLiteral(", ") + range;
        if (!field.required)
            hint += tr(", or empty");
    } else if (field.type == FieldType::TextList) {
        hint = tr("comma-separated");
    }
    return hint;
}

} // namespace infrafit::ui
