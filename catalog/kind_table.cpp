// SPDX-License-Identifier: Apache-2.0
#include "catalog/kind_table.h"

#include "catalog/sqlite/statement.h"

#include "catalog/text_list_codec.h"

#include <cmath>

namespace infrafit::catalog {
namespace {

/// Buffers reused between rows so reading and writing do not allocate per field.
struct Scratch {
    std::string json;
    FieldValue text = std::string();
    FieldValue list = std::vector<std::string>();
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
    if (const auto* number = std::get_if<double>(&value)) {
        if (spec.type == FieldType::Integer)
            statement.bind(index, static_cast<std::int64_t>(std::llround(*number)));
        else
            statement.bind(index, *number);
    } else if (const auto* text = std::get_if<std::string>(&value)) {
        if (text->empty())
            statement.bindNull(index);
        else
            statement.bind(index, std::string_view(*text));
    } else if (const auto* items = std::get_if<std::vector<std::string>>(&value)) {
        if (items->empty())
            statement.bindNull(index);
        else {
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

FieldValue KindTable::readValue(const sqlite::Statement& statement, int column,
                                const FieldSpec& spec)
{
    if (statement.isNull(column))
        return std::monostate{};
    switch (spec.type) {
    case FieldType::Number: return statement.columnDouble(column);
    case FieldType::Integer: return static_cast<double>(statement.columnInt64(column));
    case FieldType::Text:
    case FieldType::Choice: return std::string(statement.columnText(column));
    case FieldType::TextList: {
        std::vector<std::string> items;
        if (!TextListCodec::decode(statement.columnText(column), items))
            items.clear();
        return items;
    }
    case FieldType::Flag: return statement.columnInt64(column) != 0;
    }
    return std::monostate{};
}

void KindTable::bindPart(sqlite::Statement& statement, const Part& part)
{
    int index = 1;
    for (const auto& spec : fieldsOf(kindOf(part)))
        bindValue(statement, index++, spec, spec.get(part));
}

Part KindTable::readPart(const sqlite::Statement& statement, PartKind kind)
{
    Part part = makePart(kind);
    readInto(statement, part);
    return part;
}

void KindTable::readInto(const sqlite::Statement& statement, Part& part)
{
    auto& buffers = scratch();
    int column = 0;
    for (const auto& spec : fieldsOf(kindOf(part))) {
        const int index = column++;
        if (statement.isNull(index)) {
            spec.set(part, FieldValue{});
            continue;
        }
        switch (spec.type) {
        case FieldType::Text:
        case FieldType::Choice:
            std::get<std::string>(buffers.text).assign(statement.columnText(index));
            spec.set(part, buffers.text);
            break;
        case FieldType::TextList: {
            auto& items = std::get<std::vector<std::string>>(buffers.list);
            items.clear();
            if (!TextListCodec::decode(statement.columnText(index), items))
                items.clear();
            spec.set(part, buffers.list);
            break;
        }
        default: spec.set(part, readValue(statement, index, spec)); break;
        }
    }
}

} // namespace infrafit::catalog
