// SPDX-License-Identifier: Apache-2.0
// libFuzzer target: one catalog file (parseCatalog, then written back and
// re-read). InputError is the expected answer to bad input; anything else
// escaping, or a sanitizer report, is a finding.
#include "core/output/untrusted_input.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    try {
        (void)infrafit::readUntrustedCatalog(text, "fuzz.json");
    } catch (const infrafit::InputError&) {
    }
    return 0;
}
