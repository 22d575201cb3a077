// SPDX-License-Identifier: Apache-2.0
// Golden files for every BOM format, from tests/fixtures/projects/
// bom-example.infrafit.json with the date fixed (2026-12-02) and version
// "0.0.0-golden". Regenerate after an intended change with
//   INFRAFIT_UPDATE_GOLDEN=1 build/tests/infrafit_tests_core "[golden]"
// and review the diff of tests/fixtures/golden/bom/. XLSX is compared as its
// cells and formulas read back (tests/support/xlsx_cells.py), not as bytes.
#include "core/bom/bom_test_support.h"

#include "core/output/bom_export.h"
#include "support/report_readers.h"

#include <catch2/catch.hpp>

using namespace infrafit;
using namespace infrafit::test;

namespace {

void checkGolden(BomFormat format)
{
    const auto bom = bomExample();
    const std::string name = "bom/bom-example." + std::string(enumName(format));
    const std::string bytes = renderBom(bom, format);
    INFO("golden file " << name << " (INFRAFIT_UPDATE_GOLDEN=1 rewrites it)");
    CHECK(matchesGolden(name, bytes));
    CHECK(renderBom(bom, format) == bytes); // deterministic
}

} // namespace

TEST_CASE("BOM CSV matches its golden file", "[bom][golden]")
{
    checkGolden(BomFormat::Csv);
}
TEST_CASE("BOM JSON matches its golden file", "[bom][golden]")
{
    checkGolden(BomFormat::Json);
}
TEST_CASE("BOM HTML matches its golden file", "[bom][golden]")
{
    checkGolden(BomFormat::Html);
}
TEST_CASE("BOM PDF matches its golden file", "[bom][golden]")
{
    checkGolden(BomFormat::Pdf);
}

TEST_CASE("BOM XLSX cells match their golden dump", "[bom][golden][xlsx]")
{
    TempDir dir;
    const auto path = dir.file("bom.xlsx");
    exportBom(bomExample(), BomFormat::Xlsx, path);
    const auto dump = xlsxCellDump(path, dir);
    REQUIRE(dump.has_value());
    INFO("golden file bom/bom-example.xlsx-cells.tsv (INFRAFIT_UPDATE_GOLDEN=1 rewrites it)");
    CHECK(matchesGolden("bom/bom-example.xlsx-cells.tsv", *dump));
}
