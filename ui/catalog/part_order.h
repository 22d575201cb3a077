// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/parts/field_spec.h"

#include <span>
#include <vector>

namespace infrafit::ui {

/// Whether `a` sorts before `b` in a catalog table sorted by `field`:
/// absent values last, numbers by value, text and lists without case
/// (ASCII case folded, other text as QString compares it without case),
/// flags false first; ties by id (byte order), so the order is total.
bool partBefore(const FieldSpec& field, const Part& a, const Part& b);

/// Each part's place (0 = first) in the order partBefore gives, computed
/// with one sort over compact copies of the keys: comparing the parts
/// themselves jumps across tens of megabytes for 100,000 parts and spends
/// most of its time waiting for memory. `ranks[i] < ranks[j]` exactly when
/// partBefore(field, parts[i], parts[j]).
std::vector<int> rankParts(std::span<const Part> parts, const FieldSpec& field);

} // namespace infrafit::ui
