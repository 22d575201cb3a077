// SPDX-License-Identifier: Apache-2.0
#include "json_schema_check.h"

#include <cmath>
#include <regex>
#include <set>

namespace infrafit::test {

namespace {

bool schemaTypeMatches(const std::string& type, const nlohmann::json& value)
{
    if (type == "object")
        return value.is_object();
    if (type == "array")
        return value.is_array();
    if (type == "string")
        return value.is_string();
    if (type == "boolean")
        return value.is_boolean();
    if (type == "integer")
        return value.is_number_integer()
            || (value.is_number_float() && std::floor(value.get<double>()) == value.get<double>());
    if (type == "number")
        return value.is_number();
    if (type == "null")
        return value.is_null();
    return false;
}

} // namespace

void JsonSchemaCheck::add(const nlohmann::json& schema, const std::string& id)
{
    const std::string key
        = !id.empty() ? id : schema.value("$id", std::string("schema-") + std::to_string(mSchemas.size()));
    mSchemas[key] = schema;
}

const nlohmann::json* JsonSchemaCheck::resolve(const std::string& ref) const
{
    const auto hash = ref.find('#');
    const auto file = mSchemas.find(ref.substr(0, hash));
    if (file == mSchemas.end())
        return nullptr;
    if (hash == std::string::npos || hash + 1 == ref.size())
        return &file->second;
    try {
        const nlohmann::json::json_pointer pointer(ref.substr(hash + 1));
        if (!file->second.contains(pointer))
            return nullptr;
        return &file->second.at(pointer);
    } catch (const nlohmann::json::exception&) {
        return nullptr;
    }
}

std::vector<std::string> JsonSchemaCheck::validate(const nlohmann::json& document,
                                                   const std::string& rootId) const
{
    std::vector<std::string> errors;
    const auto* root = resolve(rootId);
    if (!root)
        return {"schema " + rootId + " was not added"};
    check(*root, document, "", errors);
    return errors;
}

void JsonSchemaCheck::check(const nlohmann::json& schema, const nlohmann::json& value,
                            const std::string& at, std::vector<std::string>& errors) const
{
    const std::string where = at.empty() ? "/" : at;
    if (!schema.is_object()) {
        errors.push_back(where + ": schema is not an object");
        return;
    }
    static const std::set<std::string> annotations{"$id", "$schema", "definitions", "then",
                                                   "description", "title"};
    for (const auto& [keyword, argument] : schema.items()) {
        if (annotations.count(keyword))
            continue;
        if (keyword == "$ref") {
            const auto* target = resolve(argument.get<std::string>());
            if (!target)
                errors.push_back(where + ": unresolved $ref " + argument.get<std::string>());
            else
                check(*target, value, at, errors);
        } else if (keyword == "type") {
            if (!schemaTypeMatches(argument.get<std::string>(), value))
                errors.push_back(where + ": must be of type " + argument.get<std::string>()
                                 + " (got " + value.dump() + ")");
        } else if (keyword == "properties") {
            if (value.is_object())
                for (const auto& [name, sub] : argument.items())
                    if (value.contains(name))
                        check(sub, value.at(name), at + "/" + name, errors);
        } else if (keyword == "additionalProperties") {
            if (argument.is_boolean() && !argument.get<bool>() && value.is_object()) {
                const auto& known = schema.value("properties", nlohmann::json::object());
                for (const auto& [name, sub] : value.items())
                    if (!known.contains(name))
                        errors.push_back(at + "/" + name + ": is not allowed here");
            } else if (!argument.is_boolean()) {
                errors.push_back(where + ": additionalProperties other than false is not supported");
            }
        } else if (keyword == "required") {
            if (value.is_object())
                for (const auto& name : argument)
                    if (!value.contains(name.get<std::string>()))
                        errors.push_back(where + ": \"" + name.get<std::string>()
                                         + "\" is required");
        } else if (keyword == "dependentRequired") {
            if (value.is_object())
                for (const auto& [name, needs] : argument.items())
                    if (value.contains(name))
                        for (const auto& need : needs)
                            if (!value.contains(need.get<std::string>()))
                                errors.push_back(where + ": \"" + need.get<std::string>()
                                                 + "\" is required with \"" + name + "\"");
        } else if (keyword == "enum") {
            if (std::find(argument.begin(), argument.end(), value) == argument.end())
                errors.push_back(where + ": " + value.dump() + " is not one of the enum");
        } else if (keyword == "const") {
            if (value != argument)
                errors.push_back(where + ": must be " + argument.dump());
        } else if (keyword == "maxLength") {
            // Length in characters (UTF-8 code points), as JSON Schema counts.
            if (value.is_string()) {
                std::size_t chars = 0;
                for (const unsigned char c : value.get<std::string>())
                    chars += (c & 0xC0) != 0x80;
                if (chars > argument.get<std::size_t>())
                    errors.push_back(where + ": longer than " + argument.dump() + " characters");
            }
        } else if (keyword == "pattern") {
            if (value.is_string()
                && !std::regex_search(value.get<std::string>(),
                                      std::regex(argument.get<std::string>(), std::regex::ECMAScript)))
                errors.push_back(where + ": " + value.dump() + " does not match "
                                 + argument.get<std::string>());
        } else if (keyword == "minimum") {
            if (value.is_number() && value.get<double>() < argument.get<double>())
                errors.push_back(where + ": below the minimum " + argument.dump());
        } else if (keyword == "multipleOf") {
            if (value.is_number()) {
                const double ratio = value.get<double>() / argument.get<double>();
                if (std::fabs(ratio - std::round(ratio)) > 1e-9)
                    errors.push_back(where + ": not a multiple of " + argument.dump());
            }
        } else if (keyword == "items") {
            if (value.is_array())
                for (std::size_t i = 0; i < value.size(); ++i)
                    check(argument, value[i], at + "/" + std::to_string(i), errors);
        } else if (keyword == "allOf") {
            for (const auto& sub : argument)
                check(sub, value, at, errors);
        } else if (keyword == "if") {
            std::vector<std::string> condition;
            check(argument, value, at, condition);
            if (condition.empty() && schema.contains("then"))
                check(schema.at("then"), value, at, errors);
        } else {
            errors.push_back(where + ": schema keyword \"" + keyword + "\" is not supported");
        }
    }
}

} // namespace infrafit::test
