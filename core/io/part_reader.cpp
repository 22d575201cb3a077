// SPDX-License-Identifier: Apache-2.0
#include "core/io/part_reader.h"

#include "core/base/message_text.h"
#include "core/parts/field_spec.h"
#include "core/parts/part_validation.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <unordered_map>

namespace infrafit {
namespace {

/// Every key any kind has, plus "kind" (slot 0), each with a slot number, and
/// for each kind the slot of each of its fields. Built once.
struct KeyTable {
    std::vector<std::string_view> names;
    std::unordered_map<std::string_view, std::size_t> slots;
    std::array<std::vector<std::size_t>, partKindCount> fieldSlots; ///< [kind][field index] -> slot
    std::array<std::vector<char>, partKindCount> kindHas;           ///< [kind][slot] -> field of kind
};

const KeyTable& keyTable()
{
    static const KeyTable table = [] {
        KeyTable t;
        const auto slotOf = [&t](std::string_view key) {
            const auto [it, inserted] = t.slots.emplace(key, t.names.size());
            if (inserted)
                t.names.push_back(key);
            return it->second;
        };
        slotOf("kind");
        for (const auto kind : allPartKinds) {
            for (const auto& spec : fieldsOf(kind))
                t.fieldSlots[static_cast<std::size_t>(kind)].push_back(slotOf(spec.key));
        }
        for (const auto kind : allPartKinds) {
            auto& has = t.kindHas[static_cast<std::size_t>(kind)];
            has.assign(t.names.size(), 0);
            for (const auto slot : t.fieldSlots[static_cast<std::size_t>(kind)])
                has[slot] = 1;
        }
        return t;
    }();
    return table;
}

constexpr std::size_t kindSlot = 0;

std::string typeName(JsonType type) { return std::string(jsonTypeName(type)); }

bool isNumber(JsonType type)
{
    return type == JsonType::Integer || type == JsonType::Unsigned || type == JsonType::Float;
}

double numberOf(const RawMember& value)
{
    switch (value.type) {
    case JsonType::Integer: return static_cast<double>(value.integer);
    case JsonType::Unsigned: return static_cast<double>(value.unsignedInteger);
    default: return value.number;
    }
}

/// "/parts/3" + "/" + "tdp_w": built only when a problem is reported, so
/// reading a large valid catalog allocates no pointer strings.
std::string fieldPointer(const std::string& prefix, const FieldSpec& spec)
{
    std::string pointer = prefix;
    pointer += '/';
    pointer += spec.key;
    return pointer;
}

/// Converts a member to the field's value type (taking its text), or
/// explains why not.
std::optional<FieldValue> readValue(const FieldSpec& spec, RawMember& value,
                                    const std::string& prefix, std::vector<Problem>& problems,
                                    std::size_t& dropped)
{
    const auto pointer = [&] { return fieldPointer(prefix, spec); };
    switch (spec.type) {
    case FieldType::Number:
    case FieldType::Integer:
        if (!isNumber(value.type)) {
            problems.push_back({pointer(), "must be a number, not " + typeName(value.type)});
            return std::nullopt;
        }
        if (spec.type == FieldType::Integer) {
            // Whole and in range before it is stored: 3e9 rack units must not
            // be stored as a wrapped int.
            const std::size_t before = problems.size();
            checkFieldNumber(spec, numberOf(value), prefix, problems);
            if (problems.size() != before)
                return std::nullopt;
        }
        return FieldValue{numberOf(value)};
    case FieldType::Text:
        if (value.type != JsonType::String) {
            problems.push_back({pointer(), "must be a string, not " + typeName(value.type)});
            return std::nullopt;
        }
        return FieldValue{std::move(value.text)};
    case FieldType::Choice: {
        if (value.type != JsonType::String) {
            problems.push_back({pointer(), "must be a string, not " + typeName(value.type)});
            return std::nullopt;
        }
        if (std::find(spec.choices.begin(), spec.choices.end(), value.text) == spec.choices.end()) {
            std::string choices;
            for (const auto& c : spec.choices)
                choices += (choices.empty() ? "" : ", ") + std::string(c);
            problems.push_back(
                {pointer(), "must be one of " + choices + " (got \"" + shortenedValue(value.text) + "\")"});
            return std::nullopt;
        }
        return FieldValue{std::move(value.text)};
    }
    case FieldType::TextList: {
        if (value.type != JsonType::Array) {
            problems.push_back(
                {pointer(), "must be an array of strings, not " + typeName(value.type)});
            return std::nullopt;
        }
        for (const auto& [index, type] : value.otherItems) {
            if (problems.size() >= maxListedProblems) {
                ++dropped;
                continue;
            }
            problems.push_back({pointer() + "/" + std::to_string(index),
                                "must be a string, not " + typeName(type)});
        }
        dropped += value.otherItemCount - value.otherItems.size();
        if (value.otherItemCount > 0)
            return std::nullopt;
        return FieldValue{std::move(value.strings)};
    }
    case FieldType::Flag:
        if (value.type != JsonType::Boolean) {
            problems.push_back({pointer(), "must be true or false, not " + typeName(value.type)});
            return std::nullopt;
        }
        return FieldValue{value.flag};
    }
    return std::nullopt;
}

} // namespace

std::string_view jsonTypeName(JsonType type)
{
    switch (type) {
    case JsonType::Integer:
    case JsonType::Unsigned:
    case JsonType::Float: return "a number";
    case JsonType::String: return "a string";
    case JsonType::Boolean: return "a boolean";
    case JsonType::Array: return "an array";
    case JsonType::Object: return "an object";
    case JsonType::Null: break;
    }
    return "null";
}

void capProblems(std::vector<Problem>& problems, std::size_t dropped, std::string_view what)
{
    if (problems.size() > maxListedProblems) {
        dropped += problems.size() - maxListedProblems;
        problems.resize(maxListedProblems);
    }
    if (dropped > 0)
        problems.push_back({"/", "... and " + std::to_string(dropped) + " more " + std::string(what)
                                     + " not listed"});
}

void RawMember::clear()
{
    type = JsonType::Null;
    text.clear();
    strings.clear();
    otherItems.clear();
    otherItemCount = 0;
    itemCount = 0;
}

void RawMember::addItem(JsonType itemType, const std::string* itemText)
{
    const std::size_t index = itemCount++;
    if (itemType == JsonType::String && itemText) {
        // Once an item is not a string the list is refused: keep no more text.
        if (otherItemCount == 0)
            strings.push_back(*itemText); // copied: the caller's buffer keeps its capacity
        return;
    }
    strings.clear();
    ++otherItemCount;
    if (otherItems.size() < maxListedProblems) // bounded: the rest are only counted
        otherItems.emplace_back(index, itemType);
}

PartReader::PartReader()
    : mSlots(keyTable().names.size()), mPresent(keyTable().names.size(), 0)
{
}

void PartReader::clear()
{
    for (const auto slot : mTouched)
        mPresent[slot] = 0;
    mTouched.clear();
    mUnknownKeys.clear();
}

RawMember& PartReader::member(std::string_view key)
{
    const auto& slots = keyTable().slots;
    const auto it = slots.find(key);
    if (it == slots.end()) {
        mUnknownKeys.emplace_back(key);
        mIgnored.clear();
        return mIgnored;
    }
    const std::size_t slot = it->second;
    if (!mPresent[slot]) {
        mPresent[slot] = 1;
        mTouched.push_back(slot);
    }
    mSlots[slot].clear();
    return mSlots[slot];
}

std::optional<Part> PartReader::finish(const std::string& pointer, std::vector<Problem>& problems,
                                       std::vector<Problem>* warnings)
{
    const auto& keys = keyTable();
    if (!mPresent[kindSlot]) {
        problems.push_back({pointer + "/kind", "is required (one of gpu, chassis, cpu, nvme, nic, "
                                               "psu, cooling, switch, pdu)"});
        return std::nullopt;
    }
    const RawMember& kindMember = mSlots[kindSlot];
    if (kindMember.type != JsonType::String) {
        problems.push_back({pointer + "/kind", "must be a string, not " + typeName(kindMember.type)});
        return std::nullopt;
    }
    const auto kind = enumFromName<PartKind>(kindMember.text);
    if (!kind) {
        problems.push_back({pointer + "/kind", "unknown kind \"" + shortenedValue(kindMember.text)
                                                   + "\" (expected gpu, chassis, cpu, nvme, nic, "
                                                     "psu, cooling, switch or pdu)"});
        return std::nullopt;
    }
    const auto kindIndex = static_cast<std::size_t>(*kind);

    Part part = makePart(*kind);
    const std::size_t problemsBefore = problems.size();
    const std::size_t droppedBefore = mDroppedProblems;
    const auto fields = fieldsOf(*kind);
    const auto& fieldSlots = keys.fieldSlots[kindIndex];
    for (std::size_t i = 0; i < fields.size(); ++i) {
        const auto& spec = fields[i];
        const std::size_t slot = fieldSlots[i];
        if (!mPresent[slot] || mSlots[slot].type == JsonType::Null) {
            if (spec.required)
                problems.push_back({fieldPointer(pointer, spec),
                                    "is required for a " + std::string(enumName(*kind))});
            spec.set(part, FieldValue{});
            continue;
        }
        if (auto value = readValue(spec, mSlots[slot], pointer, problems, mDroppedProblems))
            spec.take(part, std::move(*value));
    }
    if (warnings) {
        // Reported in key order (the order of a parsed JSON object), once per key.
        std::vector<std::string_view> unknown;
        for (const auto slot : mTouched) {
            if (slot != kindSlot && !keys.kindHas[kindIndex][slot])
                unknown.push_back(keys.names[slot]);
        }
        for (const auto& key : mUnknownKeys)
            unknown.emplace_back(key);
        std::sort(unknown.begin(), unknown.end());
        unknown.erase(std::unique(unknown.begin(), unknown.end()), unknown.end());
        for (const auto key : unknown) {
            if (warnings->size() >= maxListedProblems) {
                ++mDroppedWarnings;
                continue;
            }
            std::string at = pointer;
            at += '/';
            at += key;
            warnings->push_back({std::move(at), "unknown field, ignored"});
        }
    }
    // Range and rule checks on what was read; a field that already failed to
    // read is not reported twice.
    const std::size_t readProblems = problems.size();
    for (auto& problem : validatePart(part, pointer)) {
        const bool alreadyReported =
            std::any_of(problems.begin() + static_cast<std::ptrdiff_t>(problemsBefore),
                        problems.begin() + static_cast<std::ptrdiff_t>(readProblems),
                        [&](const Problem& p) { return p.pointer == problem.pointer; });
        if (alreadyReported)
            continue;
        if (problems.size() >= maxListedProblems)
            ++mDroppedProblems;
        else
            problems.push_back(std::move(problem));
    }
    if (problems.size() != problemsBefore || mDroppedProblems != droppedBefore)
        return std::nullopt;
    return part;
}

} // namespace infrafit
