// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <nlohmann/json.hpp>

#include <map>
#include <string>
#include <vector>

namespace infrafit::test {

/// A small JSON Schema checker for the subset the NetBox devicetype-library
/// schema uses (tests/fixtures/netbox/schema): type, properties,
/// additionalProperties: false, required, dependentRequired, enum, const,
/// maxLength, pattern, minimum, multipleOf, items, allOf, if/then and $ref
/// to "urn:…#/json/pointer" between the files added. A keyword outside the
/// subset is an error, so a newer schema cannot pass by being half read.
/// Test code only: no network, no remote $ref.
class JsonSchemaCheck {
public:
    /// Adds a schema file under its "$id" (a file without one cannot be
    /// referred to except as `id`).
    void add(const nlohmann::json& schema, const std::string& id = {});

    /// Every violation of `document` against the schema with `rootId`, each
    /// "POINTER: what is wrong" ("/interfaces/0/type: … not one of the enum").
    [[nodiscard]] std::vector<std::string> validate(const nlohmann::json& document,
                                                    const std::string& rootId) const;

private:
    void check(const nlohmann::json& schema, const nlohmann::json& value, const std::string& at,
               std::vector<std::string>& errors) const;
    const nlohmann::json* resolve(const std::string& ref) const;

    std::map<std::string, nlohmann::json> mSchemas;
};

} // namespace infrafit::test
