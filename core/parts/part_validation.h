// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/base/input_error.h"
#include "core/parts/field_spec.h"
#include "core/parts/part.h"

#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace infrafit {

/// Checks one part against its kind's field specs: required fields present,
/// numbers finite and inside their physical range, whole numbers whole, list
/// items known, a well-formed id. Returns every problem; pointers are
/// `prefix` + "/" + field key (e.g. "/parts/17/tdp_w").
std::vector<Problem> validatePart(const Part& part, const std::string& prefix = {});

/// The checks validatePart applies to one number of `spec` (finite, whole
/// for integers, sign, range), on the value as read: a reader calls it
/// before an integer field is stored, so a value beyond the member's range
/// is reported as written, not as it would wrap.
void checkFieldNumber(const FieldSpec& spec, double value, const std::string& prefix,
                      std::vector<Problem>& problems);

/// Validates each part and checks ids are unique across the list. Pointers
/// are `prefix` + "/" + index + "/" + key.
std::vector<Problem> validateParts(std::span<const Part> parts, const std::string& prefix);

/// Only the id-uniqueness part of validateParts, for parts already validated.
std::vector<Problem> duplicateIdProblems(std::span<const Part> parts, const std::string& prefix);
/// The same check on ids alone (ids[i] is the id of the part at index i),
/// for parts already handed on.
std::vector<Problem> duplicateIdProblems(std::span<const std::string_view> ids,
                                         const std::string& prefix);

/// True when `id` is non-empty, at most 128 characters, and made of letters,
/// digits and . _ - + only.
bool isValidPartId(std::string_view id);

} // namespace infrafit
