// SPDX-License-Identifier: Apache-2.0
#include "catalog/kind_table.h"

#include "catalog/sqlite/statement.h"

#include "catalog/text_list_codec.h"

#include <cmath>

namespace infrafit::catalog {
namespace {

/// A buffer reused between rows so writing lists does not allocate per field.
struct Scratch {
    std::string json;
};

Scratch& scratch()
{
    thread_local Scratch buffers;
    return buffers;
}

} // namespace

std::string_view KindTable::tableName(PartKind kind) { return enumName(kind); }

std::string KindTable::columnList(PartKind kind)
{
    std::string columns;
    for (const auto& spec : fieldsOf(kind)) {
        if (!columns.empty())
            columns += ", ";
        columns += '"';
        columns += spec.key;
        columns += '"';
    }
    return columns;
}

std::string KindTable::placeholderList(PartKind kind)
{
    std::string placeholders;
    const auto count = fieldsOf(kind).size();
    for (std::size_t i = 1; i <= count; ++i) {
        if (!placeholders.empty())
            placeholders += ", ";
        placeholders += '?';
        placeholders += std::to_string(i);
    }
    return placeholders;
}

void KindTable::bindValue(sqlite::Statement& statement, int index, const FieldSpec& spec,
                          const FieldValue& value)
{
    // Copied by SQLite (bindView's text is only borrowed and `value` may be a temporary).
    if (const auto* text = std::get_if<std::string>(&value); text && !text->empty()) {
        statement.bind(index, std::string_view(*text));
        return;
    }
    std::visit(
        [&](const auto& v) {
            using T = std::decay_t<decltype(v)>;
            if constexpr (std::is_same_v<T, std::string>)
                statement.bindNull(index);
            else if constexpr (std::is_same_v<T, std::vector<std::string>>)
                bindView(statement, index, spec, std::span<const std::string>(v));
            else
                bindView(statement, index, spec, FieldView(v));
        },
        value);
}

void KindTable::bindView(sqlite::Statement& statement, int index, const FieldSpec& spec,
                         const FieldView& value)
{
    if (const auto* number = std::get_if<double>(&value)) {
        if (spec.type == FieldType::Integer)
            statement.bind(index, static_cast<std::int64_t>(std::llround(*number)));
        else
            statement.bind(index, *number);
    } else if (const auto* text = std::get_if<std::string_view>(&value)) {
        if (text->empty())
            statement.bindNull(index);
        else
            statement.bindView(index, *text);
    } else if (const auto* items = std::get_if<std::span<const std::string>>(&value)) {
        if (items->empty())
            statement.bindNull(index);
        else {
            // One scratch buffer serves every list field: SQLite copies it.
            auto& json = scratch().json;
            TextListCodec::encode(*items, json);
            statement.bind(index, std::string_view(json));
        }
    } else if (const auto* flag = std::get_if<bool>(&value)) {
        statement.bind(index, static_cast<std::int64_t>(*flag ? 1 : 0));
    } else {
        statement.bindNull(index);
    }
}

void KindTable::bindPart(sqlite::Statement& statement, const Part& part)
{
    int index = 1;
    for (const auto& spec : fieldsOf(kindOf(part)))
        bindView(statement, index++, spec, spec.view(part));
}

Part KindTable::readPart(const sqlite::Statement& statement, PartKind kind)
{
    Part part = makePart(kind);
    readInto(statement, part);
    return part;
}

void KindTable::readInto(const sqlite::Statement& statement, Part& part)
{
    // One column lookup per field (a NULL is an absent value): this runs
    // for every row of every listing, 100,000 rows for a full export.
    int column = 0;
    for (const auto& spec : fieldsOf(kindOf(part))) {
        const int index = column++;
        switch (spec.type) {
        case FieldType::Text:
        case FieldType::Choice: {
            const auto text = statement.columnTextOrNull(index);
            if (!text) {
                spec.set(part, FieldValue{});
                break;
            }
            // Built in place and moved into the part: one copy of the column's text.
            spec.take(part, FieldValue(std::in_place_type<std::string>, *text));
            break;
        }
        case FieldType::TextList: {
            const auto text = statement.columnTextOrNull(index);
            FieldValue list(std::in_place_type<std::vector<std::string>>);
            auto& items = std::get<std::vector<std::string>>(list);
            if (text && !TextListCodec::decode(*text, items))
                items.clear();
            spec.take(part, text ? std::move(list) : FieldValue{});
            break;
        }
        case FieldType::Number:
        case FieldType::Integer:
        case FieldType::Flag: {
            const auto number = statement.columnDoubleOrNull(index);
            if (!number)
                spec.set(part, FieldValue{});
            else if (spec.type == FieldType::Flag)
                spec.set(part, FieldValue{*number != 0});
            else
                spec.set(part, FieldValue{*number});
            break;
        }
        }
    }
}

} // namespace infrafit::catalog
