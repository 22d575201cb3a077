// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/base/input_error.h"
#include "core/model/model_spec.h"

#include <string>
#include <vector>

namespace infrafit {

/// Appends one Problem per violated rule (pointer = `pointer` + "/field"):
/// positive sizes, kv_heads <= attention_heads and dividing it, hidden
/// divisible by heads unless head_dim is given, 1 <= experts_per_token <=
/// experts, first_dense_layers < layers, MLA dims complete. A spec that passes
/// never makes the analysis divide by zero.
void validateModel(const ModelSpec& model, const std::string& pointer,
                   std::vector<Problem>& problems);

} // namespace infrafit
