// SPDX-License-Identifier: Apache-2.0
#include "catalog/default_catalog.h"

#include "core/io/catalog_json.h"

#include "embedded_default_catalog_json.h"

namespace infrafit::catalog {

std::string_view defaultCatalogJson()
{
    return {reinterpret_cast<const char*>(embedded_default_catalog_json),
            embedded_default_catalog_json_size};
}

std::vector<Part> defaultCatalogParts()
{
    return parseCatalog(defaultCatalogJson(), "<built-in default catalog>").parts;
}

} // namespace infrafit::catalog
