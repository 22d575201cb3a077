// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/io/catalog_json.h"
#include "core/parts/part.h"
#include "core/project/project.h"
#include "core/project/resolve_configuration.h"

#include <nlohmann/json.hpp>

#include <string>
#include <string_view>
#include <vector>

namespace infrafit {

// The whole path one untrusted file takes through InfraFit, from its bytes to
// what is shown or written, as one call each. The libFuzzer targets in fuzz/
// and tests/core/io/fuzz_regression_test.cpp call exactly these functions.
//
// Contract: each returns normally or throws InputError naming `file`. Any
// other exception is a bug: InvariantBroken below is thrown when the output
// breaks a promise of docs/architecture.md/CONTRIBUTING.md (a written file that does not
// read back, a NaN or infinity in a report).

/// An output promise was broken (not an input problem: a bug).
class InvariantBroken : public std::logic_error {
public:
    using std::logic_error::logic_error;
};

/// parseCatalog(text, file), then writes the parts with catalogToJson and
/// reads that text back: it must parse to the same text again.
CatalogDocument readUntrustedCatalog(std::string_view text, const std::string& file);

/// parseJsonDocument + projectFromJson, then projectToJson must read back
/// with projectFromJson and write the same document again.
Project readUntrustedProject(std::string_view text, const std::string& file);

/// readUntrustedProject, analyzeProject against `catalog`, then both report
/// forms (analysisResultsToJson, analysisResultsToText). Returns the JSON
/// report text; throws InvariantBroken when it holds a NaN or infinity.
std::string analyzeUntrustedProject(std::string_view text, const std::string& file,
                                    const PartLookup& catalog);

/// A PartLookup over `parts` (by id; the first part with an id wins). The
/// lookup refers to `parts`, which must outlive it.
PartLookup lookupIn(const std::vector<Part>& parts);

/// Throws InvariantBroken naming the JSON pointer of the first number in
/// `document` that is NaN or infinite.
void requireFiniteNumbers(const nlohmann::json& document);

} // namespace infrafit
