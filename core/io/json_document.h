// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <nlohmann/json.hpp>

#include <string>
#include <string_view>

namespace infrafit {

/// Parses JSON text from `file` (used in messages only). Refuses text nested
/// deeper than `maxJsonDepth` before parsing, and reports malformed or
/// truncated JSON as InputError with the line and column of the fault.
nlohmann::json parseJsonDocument(std::string_view text, const std::string& file);

/// Checks the `format` and `version` members of a top-level document;
/// throws InputError naming the pointer when the document is another kind of
/// file or from a newer InfraFit.
void checkDocumentHeader(const nlohmann::json& document, std::string_view format,
                         int supportedVersion, const std::string& file);

} // namespace infrafit
