// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/parts/field_spec.h"

#include <cstddef>
#include <string>
#include <string_view>

namespace infrafit::catalog {

namespace sqlite {
class Statement;
}

/// Maps a part kind to its table and a field to its column, generically
/// through the field registry: the store has no per-kind code besides the
/// table name. Column i of a kind's table is fieldsOf(kind)[i].
class KindTable {
public:
    /// The table holding parts of `kind` (the kind's stable name, e.g. "gpu").
    static std::string_view tableName(PartKind kind);
    /// "id, vendor, model, ..." in field order.
    static std::string columnList(PartKind kind);
    /// "?1, ?2, ..." with one placeholder per column.
    static std::string placeholderList(PartKind kind);

    /// Binds `value` as parameter `index` in the column's storage type.
    static void bindValue(
        sqlite::Statement& statement, int index, const FieldSpec& spec, const FieldValue& value);
    /// The same for a borrowed value: text is bound without a copy, so the
    /// part must outlive the statement's next step.
    static void bindView(
        sqlite::Statement& statement, int index, const FieldSpec& spec, const FieldView& value);

    /// Binds every field of `part` to parameters 1..n, text without copies:
    /// `part` must stay unchanged until the statement has been stepped.
    static void bindPart(sqlite::Statement& statement, const Part& part);
    /// Builds a part of `kind` from columns 0..n-1 of the current row.
    static Part readPart(const sqlite::Statement& statement, PartKind kind);
    /// Fills `part` (already of the row's kind) from the current row, in place.
    static void readInto(const sqlite::Statement& statement, Part& part);

    /// The kind's position in per-kind arrays (kinds are numbered from 0).
    static std::size_t index(PartKind kind) { return static_cast<std::size_t>(kind); }
};

} // namespace infrafit::catalog
