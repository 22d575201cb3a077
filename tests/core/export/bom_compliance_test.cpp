// SPDX-License-Identifier: Apache-2.0
// The BOM's software stack and compliance table (issue 20) in all five
// formats, read back: CSV parsed, JSON parsed, HTML text, PDF through
// pdftotext, XLSX through tests/support/xlsx_cells.py.
#include "core/bom/bom_test_support.h"

#include "core/output/bom_csv.h"
#include "core/output/bom_export.h"
#include "core/output/bom_html.h"
#include "core/output/bom_json.h"
#include "core/io/text_file.h"
#include "support/report_readers.h"

#include <catch2/catch.hpp>

#include <algorithm>

using namespace infrafit;
using namespace infrafit::test;

namespace {

/// The example with requirements: its chassis states Redfish 1.8 (met),
/// no secure boot (unmet) and nothing about a TPM (unknown).
BillOfMaterials bomWithRequirements()
{
    Project project = bomExampleProject();
    for (auto& part : project.parts)
        if (auto* chassis = std::get_if<Chassis>(&part)) {
            chassis->redfishVersion = "1.8";
            chassis->secureBoot = false;
        }
    project.requirements.redfishMin = "1.8";
    project.requirements.secureBoot = true;
    project.requirements.tpm = true;
    return buildProjectBom(project, PartLookup{}, "4x HGX H100", "llama-8b-pretrain",
                           goldenContext());
}

} // namespace

TEST_CASE("the BOM lists the compliance table and its findings", "[bom][requirements]")
{
    const auto bom = bomWithRequirements();
    REQUIRE(bom.summary.compliance.size() == 3);
    CHECK(bom.summary.compliance[0].status == ComplianceStatus::Met);
    CHECK(bom.summary.compliance[1].status == ComplianceStatus::Unmet);
    CHECK(bom.summary.compliance[2].status == ComplianceStatus::Unknown);
    CHECK(std::any_of(bom.summary.findings.begin(), bom.summary.findings.end(),
                      [](const Finding& f) { return f.code == "requirement.unmet"; }));
    // Without requirements there is no table.
    CHECK(bomExample().summary.compliance.empty());
}

TEST_CASE("the compliance table and software stack appear in all five formats",
          "[bom][requirements][software]")
{
    const auto bom = bomWithRequirements();
    REQUIRE(bom.summary.software);
    CHECK(bom.summary.software->architecture == "Hopper");

    const auto csv = parseCsv(bomToCsv(bom));
    const auto csvRow = [&](const std::string& type, const std::string& key) {
        return std::find_if(csv.begin(), csv.end(), [&](const std::vector<std::string>& r) {
            return r.size() > 11 && r[0] == type && r[1] == key;
        });
    };
    REQUIRE(csvRow("compliance", "secure_boot") != csv.end());
    CHECK((*csvRow("compliance", "secure_boot"))[11] == "unmet");
    CHECK((*csvRow("compliance", "tpm"))[11] == "unknown");
    REQUIRE(csvRow("software", "recommended_driver") != csv.end());

    const auto json = nlohmann::json::parse(bomToJson(bom).dump());
    REQUIRE(json.at("compliance").size() == 3);
    CHECK(json.at("compliance")[0].at("status") == "met");
    CHECK(json.at("software").at("minimum_toolkit_version") == "11.8");

    const std::string html = bomToHtml(bom);
    CHECK_THAT(html, Catch::Contains("<h2>Compliance</h2>"));
    CHECK_THAT(html, Catch::Contains("<h2>Software stack</h2>"));
    CHECK_THAT(html, Catch::Contains("class=\"unmet\""));

    TempDir dir;
    const auto pdf = dir.file("bom.pdf");
    exportBom(bom, BomFormat::Pdf, pdf);
    const auto text = pdfText(pdf, dir);
    REQUIRE(text.has_value());
    CHECK_THAT(*text, Catch::Contains("Compliance"));
    CHECK_THAT(*text, Catch::Contains("[unmet] Secure boot"));
    CHECK_THAT(*text, Catch::Contains("Software stack"));

    const auto xlsx = dir.file("bom.xlsx");
    exportBom(bom, BomFormat::Xlsx, xlsx);
    const auto dump = xlsxCellDump(xlsx, dir);
    REQUIRE(dump.has_value());
    const auto cells = parseXlsxDump(*dump);
    const auto has = [&](const std::string& value) {
        return std::any_of(cells.begin(), cells.end(),
                           [&](const auto& c) { return c.second.value == value; });
    };
    CHECK(has("Compliance"));
    CHECK(has("unknown"));
    CHECK(has("Software stack"));
}
