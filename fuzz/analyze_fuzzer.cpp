// SPDX-License-Identifier: Apache-2.0
// libFuzzer target: one project file analysed as `infrafit-cli analyze` does,
// against the built-in default catalog (parsed once, compiled in), with both
// report forms rendered. A NaN or infinity in the JSON report throws
// InvariantBroken, which is not caught here, so libFuzzer reports it.
#include "core/output/untrusted_input.h"

#include "embedded_default_catalog_json.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace {

const infrafit::PartLookup& defaultCatalog()
{
    static const auto parts =
        infrafit::parseCatalog(std::string_view(reinterpret_cast<const char*>(embedded_default_catalog_json),
                                                embedded_default_catalog_json_size),
                               "default-catalog.json")
            .parts;
    static const auto lookup = infrafit::lookupIn(parts);
    return lookup;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const auto& catalog = defaultCatalog();
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    try {
        (void)infrafit::analyzeUntrustedProject(text, "fuzz.infrafit.json", catalog);
    } catch (const infrafit::InputError&) {
    }
    return 0;
}
