// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/parts/field_spec.h"

#include <QString>

#include <optional>

namespace infrafit::ui {

/// Reads what the user typed into a field's value: numbers may carry the
/// field's unit ("80 GB"), lists are comma-separated, flags are yes/no.
/// Returns nullopt and sets `error` when the text is not of the field's
/// type; range checks are left to core validation.
std::optional<FieldValue> parseFieldText(const FieldSpec& field, const QString& text,
                                         QString* error);

/// The text an editor starts with for a value (no estimate marks).
QString fieldEditText(const FieldValue& value);

/// "GB, greater than 0" / "W, 0 to 20000" — a hint shown in empty editors.
QString fieldHint(const FieldSpec& field);

} // namespace infrafit::ui
