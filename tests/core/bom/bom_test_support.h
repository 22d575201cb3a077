// SPDX-License-Identifier: Apache-2.0
#pragma once
// The example project of the BOM tests and golden files
// (tests/fixtures/projects/bom-example.infrafit.json: inline parts only, so
// no catalog is needed), with a fixed date and version.

#include "core/bom/build_bom.h"
#include "core/io/project_json.h"
#include "support/fixtures.h"

namespace infrafit::test {

inline Project bomExampleProject()
{
    return readProjectFile(fixturePath("projects/bom-example.infrafit.json"));
}

inline BomContext goldenContext()
{
    BomContext context;
    context.date = "2026-12-02";
    context.infrafitVersion = "0.0.0-golden"; // version bumps must not touch goldens
    return context;
}

inline BillOfMaterials bomExample(const std::string& configuration = "4x HGX H100",
    const std::string& workload = "llama-8b-pretrain")
{
    return buildProjectBom(
        bomExampleProject(), PartLookup {}, configuration, workload, goldenContext());
}

} // namespace infrafit::test
