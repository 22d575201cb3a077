// SPDX-License-Identifier: Apache-2.0
// Which parts a project uses, which of them a saved file must carry, and
// following a renamed part.
#include "core/bom/bom_test_support.h"
#include "core/project/part_references.h"

#include <catch2/catch.hpp>

#include <algorithm>

using namespace infrafit;
using namespace infrafit::test;

namespace {

bool hasPart(const Project& project, const std::string& id)
{
    return std::any_of(project.parts.begin(), project.parts.end(),
                       [&](const Part& p) { return infoOf(p).id == id; });
}

/// The BOM example with its inline parts moved into a "user catalog".
struct Moved {
    Project project;
    std::vector<Part> userCatalog;
    PartLookup lookup;
};

Moved movedExample()
{
    Moved m;
    m.project = bomExampleProject();
    m.userCatalog = m.project.parts;
    m.project.parts.clear();
    m.lookup = [catalog = m.userCatalog](std::string_view id) -> std::optional<Part> {
        for (const auto& p : catalog)
            if (infoOf(p).id == id)
                return p;
        return std::nullopt;
    };
    return m;
}

} // namespace

TEST_CASE("used part ids are listed once each", "[project][portable]")
{
    const auto ids = usedPartIds(bomExampleProject());
    // Both configurations use the same seven parts.
    CHECK(ids == std::vector<std::string>{"ex-hgx-chassis", "ex-h100-sxm", "ex-epyc", "ex-nvme",
                                          "ex-cx7", "ex-psu", "ex-air"});
    CHECK(configurationsUsing(bomExampleProject(), "ex-cx7") == 2);
    CHECK(configurationsUsing(bomExampleProject(), "nothing") == 0);
}

TEST_CASE("save embeds parts the built-in catalog lacks or holds differently",
          "[project][portable]")
{
    auto m = movedExample();
    // Built in: the GPU exactly as the user has it, the NIC with another price.
    std::vector<Part> builtIn;
    builtIn.push_back(*m.lookup("ex-h100-sxm"));
    Part otherNic = *m.lookup("ex-cx7");
    infoOf(otherNic).priceUsd = 1;
    builtIn.push_back(otherNic);

    const auto saved = withEmbeddedParts(m.project, m.lookup, builtIn);
    CHECK_FALSE(hasPart(saved, "ex-h100-sxm")); // same as built in
    CHECK(hasPart(saved, "ex-cx7"));            // changed here
    CHECK(hasPart(saved, "ex-hgx-chassis"));    // not built in at all
    CHECK(saved.parts.size() == 6);
    // The saved project resolves without the user's catalog.
    const PartLookup builtInOnly = [&](std::string_view id) -> std::optional<Part> {
        for (const auto& p : builtIn)
            if (infoOf(p).id == id)
                return p;
        return std::nullopt;
    };
    CHECK_NOTHROW(resolveConfiguration(saved, 0, builtInOnly));
    CHECK_THROWS(resolveConfiguration(m.project, 0, builtInOnly));
    // Inline parts stay as they are; unknown ids are left for the analysis.
    auto withUnknown = bomExampleProject();
    withUnknown.configurations[0].gpuId = "nowhere";
    const auto kept = withEmbeddedParts(withUnknown, m.lookup, builtIn);
    CHECK(kept.parts.size() == withUnknown.parts.size());
}

TEST_CASE("a renamed part is followed by every configuration", "[project][portable]")
{
    const auto renamed = withPartRenamed(bomExampleProject(), "ex-cx7", "team-cx7");
    for (const auto& c : renamed.configurations)
        CHECK(c.nicId == "team-cx7");
    CHECK(hasPart(renamed, "team-cx7"));
    CHECK_FALSE(hasPart(renamed, "ex-cx7"));
    CHECK_NOTHROW(resolveConfiguration(renamed, 1, PartLookup{}));
    CHECK(configurationsUsing(renamed, "ex-cx7") == 0);
}
