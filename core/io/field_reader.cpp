// SPDX-License-Identifier: Apache-2.0
#include "core/io/field_reader.h"

#include "core/base/message_text.h"
#include "core/io/key_use.h"

#include <cmath>
#include <cstdint>

namespace infrafit {

FieldReader::FieldReader(const nlohmann::json& object, std::string pointer,
                         std::vector<Problem>& problems)
    : mObject(object), mPointer(std::move(pointer)), mProblems(problems)
{
    if (mObject.is_object())
        return;
    Problem problem{mPointer.empty() ? "/" : mPointer, "must be an object"};
    // Several fields of one member object ("rack.units", "rack.power_limit_kw")
    // each open a reader of it: say it once.
    if (mProblems.empty() || mProblems.back().pointer != problem.pointer
        || mProblems.back().message != problem.message)
        mProblems.push_back(std::move(problem));
}

bool FieldReader::has(const char* key) const
{
    if (!mObject.is_object())
        return false;
    const auto it = mObject.find(key);
    if (it == mObject.end())
        return false;
    noteKeyRead(*it);
    return !it->is_null();
}

void FieldReader::problem(const char* key, std::string message)
{
    mProblems.push_back({pointerTo(key), std::move(message)});
}

const nlohmann::json* FieldReader::member(const char* key, bool required)
{
    if (!mObject.is_object())
        return nullptr;
    auto it = mObject.find(key);
    if (it != mObject.end())
        noteKeyRead(*it);
    if (it == mObject.end() || it->is_null()) {
        if (required)
            problem(key, "is required");
        return nullptr;
    }
    return &*it;
}

bool FieldReader::readInt64(const char* key, long long& target, bool required, long long minimum,
                            long long maximum)
{
    const auto* value = member(key, required);
    if (!value)
        return !required;
    long long parsed = 0;
    if (value->is_number_unsigned()
        && value->get<std::uint64_t>() > static_cast<std::uint64_t>(INT64_MAX)) {
        // 2^63 and above: no InfraFit count comes near; say so with the
        // number as written, never wrapped to a negative one.
        problem(key, "must be at most " + std::to_string(maximum) + " (got "
                         + std::to_string(value->get<std::uint64_t>()) + ")");
        return false;
    }
    if (value->is_number_integer()) {
        parsed = value->get<long long>();
    } else if (value->is_number_float()) {
        const double d = value->get<double>();
        if (!std::isfinite(d) || d != std::floor(d) || std::fabs(d) > 9.0e15) {
            problem(key, "must be a whole number");
            return false;
        }
        parsed = static_cast<long long>(d);
    } else {
        problem(key, "must be a whole number");
        return false;
    }
    if (parsed < minimum) {
        problem(key, "must be at least " + std::to_string(minimum) + " (got "
                         + std::to_string(parsed) + ")");
        return false;
    }
    if (parsed > maximum) {
        problem(key, "must be at most " + std::to_string(maximum) + " (got "
                         + std::to_string(parsed) + ")");
        return false;
    }
    target = parsed;
    return true;
}

bool FieldReader::readInt(const char* key, int& target, bool required, long long minimum,
                          long long maximum)
{
    long long value = target;
    if (!readInt64(key, value, required, minimum, maximum))
        return false;
    if (value > maximum) {
        problem(key, "must be at most " + std::to_string(maximum) + " (got "
                         + std::to_string(value) + ")");
        return false;
    }
    target = static_cast<int>(value);
    return true;
}

bool FieldReader::readDouble(const char* key, double& target, bool required, double minimum,
                             bool exclusive, double maximum)
{
    const auto* value = member(key, required);
    if (!value)
        return !required;
    if (!value->is_number()) {
        problem(key, "must be a number");
        return false;
    }
    const double d = value->get<double>();
    if (!std::isfinite(d)) {
        problem(key, "must be a finite number");
        return false;
    }
    if (exclusive ? d <= minimum : d < minimum) {
        std::string bound = exclusive ? "greater than " : "at least ";
        problem(key, "must be " + bound + nlohmann::json(minimum).dump() + " (got "
                         + nlohmann::json(d).dump() + ")");
        return false;
    }
    if (d > maximum) {
        problem(key, "must be at most " + nlohmann::json(maximum).dump() + " (got "
                         + nlohmann::json(d).dump() + ")");
        return false;
    }
    target = d;
    return true;
}

bool FieldReader::readChoice(const char* key, std::span<const std::string_view> choices,
                             int& index, bool required)
{
    std::string text;
    if (!readString(key, text, required) || !has(key))
        return false;
    for (std::size_t i = 0; i < choices.size(); ++i) {
        if (choices[i] == text) {
            index = static_cast<int>(i);
            return true;
        }
    }
    std::string allowed;
    for (auto name : choices) {
        if (!allowed.empty())
            allowed += ", ";
        allowed += name;
    }
    problem(key, "unknown value \"" + shortenedValue(text) + "\" (allowed: " + allowed + ")");
    return false;
}

FieldReader FieldReader::child(const char* key) const
{
    const nlohmann::json& member = mObject.at(key);
    noteKeyRead(member);
    return FieldReader(member, pointerTo(key), mProblems);
}

bool FieldReader::numberIs(const char* key, double value) const
{
    if (!has(key))
        return false;
    const nlohmann::json& member = mObject.at(key);
    return member.is_number() && member.get<double>() == value;
}

bool FieldReader::readBool(const char* key, bool& target, bool required)
{
    const auto* value = member(key, required);
    if (!value)
        return !required;
    if (!value->is_boolean()) {
        problem(key, "must be true or false");
        return false;
    }
    target = value->get<bool>();
    return true;
}

bool FieldReader::readString(const char* key, std::string& target, bool required)
{
    const auto* value = member(key, required);
    if (!value)
        return !required;
    if (!value->is_string()) {
        problem(key, "must be a string");
        return false;
    }
    const auto& text = value->get_ref<const std::string&>();
    // A NUL ends the text wherever it is printed as a C string (a report's
    // header showed "nul" for "nul\u0000after", CLI probe C1).
    if (text.find('\0') != std::string::npos) {
        problem(key, "must not contain a NUL character (\\u0000)");
        return false;
    }
    target = text;
    return true;
}

} // namespace infrafit
