// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/parts/part.h"

#include <limits>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace infrafit {

/// The shape of a part field's value in files, the database and editors.
enum class FieldType {
    Number,   ///< finite double
    Integer,  ///< whole number (stored as int)
    Text,     ///< free text
    Choice,   ///< one of `choices`
    TextList, ///< list of strings; items must be in `choices` when it is not empty
    Flag      ///< true / false
};

/// A field's value, detached from the part: absent, number, text, list or flag.
using FieldValue = std::variant<std::monostate, double, std::string, std::vector<std::string>, bool>;

/// A field's value borrowed from the part, without copying text: a view of
/// the text member (or the static name of a choice), a span of the list.
/// Valid while the part lives unchanged.
using FieldView =
    std::variant<std::monostate, double, std::string_view, std::span<const std::string>, bool>;

/// Describes one field of a part kind: its file key, label, unit, type,
/// whether it must be present and its physical range. The table of specs is
/// the single source of truth for the catalog JSON, validation, the SQLite
/// columns and the editor's columns. `get`/`set` read and write the typed
/// member; `set` expects a value of the right type (checked by the caller).
/// `view` and `take` are their copy-free forms, for bulk reading and writing.
struct FieldSpec {
    std::string_view key;
    std::string_view label;
    std::string_view unit;
    FieldType type = FieldType::Number;
    bool required = false;
    bool positive = false; ///< numbers: must be greater than zero
    double minimum = 0;
    double maximum = std::numeric_limits<double>::max();
    std::span<const std::string_view> choices;
    std::string_view help;
    FieldValue (*get)(const Part&) = nullptr;
    void (*set)(Part&, const FieldValue&) = nullptr;
    FieldView (*view)(const Part&) = nullptr;
    void (*take)(Part&, FieldValue&&) = nullptr; ///< as `set`, moving text and lists in
};

/// Fields shared by every kind (id, vendor, model, price, source...),
/// followed by the kind's own fields, in file order.
std::span<const FieldSpec> fieldsOf(PartKind kind);

/// The spec with `key` for `kind`, or nullptr.
const FieldSpec* findField(PartKind kind, std::string_view key);

/// Renders a value for tables and messages ("700", "0.96", "fp8, bf16"); empty when absent.
std::string formatFieldValue(const FieldValue& value);

/// A list as formatFieldValue renders it: items joined by ", ".
std::string formatList(std::span<const std::string> items);
/// The same for names such as a field's `choices` ("sxm, oam, pcie").
std::string formatList(std::span<const std::string_view> items);

/// Whether two borrowed values are equal (same alternative, same contents),
/// without copying text: what `get(a) == get(b)` answers, for hot paths.
bool sameValue(const FieldView& a, const FieldView& b);

} // namespace infrafit
