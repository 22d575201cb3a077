// SPDX-License-Identifier: Apache-2.0
// NetBox interchange (core/netbox/): device-type YAML against the
// devicetype-library schema, the import back into parts, the layout CSVs.
#include "core/netbox/json_schema_check.h"

#include "core/io/catalog_json.h"
#include "core/io/project_json.h"
#include "core/layout/layout_parts.h"
#include "core/netbox/netbox_device_type.h"
#include "core/netbox/netbox_export.h"
#include "core/netbox/netbox_import.h"
#include "core/netbox/netbox_names.h"
#include "core/output/untrusted_input.h"
#include "core/parts/field_spec.h"
#include "support/fixtures.h"

#include <catch2/catch.hpp>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cmath>
#include <regex>
#include <sstream>

using namespace infrafit;

namespace {

/// A YAML document as JSON for the schema checker: plain scalars typed as
/// YAML 1.2's core schema types them (true/false, integers, floats), quoted
/// ones kept as text.
nlohmann::json netboxTestJson(const YAML::Node& node)
{
    if (node.IsMap()) {
        nlohmann::json object = nlohmann::json::object();
        for (const auto& item : node)
            object[item.first.Scalar()] = netboxTestJson(item.second);
        return object;
    }
    if (node.IsSequence()) {
        nlohmann::json array = nlohmann::json::array();
        for (const auto& item : node)
            array.push_back(netboxTestJson(item));
        return array;
    }
    if (node.IsNull())
        return nullptr;
    const std::string& text = node.Scalar();
    if (node.Tag() == "!")
        return text;
    if (text == "true" || text == "false")
        return text == "true";
    if (std::regex_match(text, std::regex("-?[0-9]+")))
        return std::stoll(text);
    if (std::regex_match(text, std::regex("-?[0-9]*\\.[0-9]+([eE][-+]?[0-9]+)?")))
        return std::stod(text);
    return text;
}

test::JsonSchemaCheck netboxTestSchema()
{
    test::JsonSchemaCheck schema;
    for (const char* file : {"devicetype.json", "components.json", "generated_schema.json"})
        schema.add(nlohmann::json::parse(
            test::readBytes(test::fixturePath(std::string("netbox/schema/") + file))));
    // reusable.json has no $id in the copied version; devicetype.json refers
    // to it as urn:devicetype-library:reusable.
    schema.add(nlohmann::json::parse(test::readBytes(test::fixturePath("netbox/schema/reusable.json"))),
               "urn:devicetype-library:reusable");
    return schema;
}

constexpr const char* netboxTestRoot = "urn:devicetype-library:device-type";

/// The GPT-3 example's layout with the shipped catalog.
ProjectLayout netboxTestLayout()
{
    static const auto catalog
        = readCatalogFile(std::string(INFRAFIT_SOURCE_DIR) + "/catalog/data/default-catalog.json");
    const PartLookup lookup = lookupIn(catalog.parts);
    const Project project = readProjectFile(
        std::string(INFRAFIT_SOURCE_DIR) + "/examples/gpt3-175b-pretrain.infrafit.json");
    return planProjectLayoutWithParts(project, lookup, project.configurations.at(0).name, "");
}

const NetboxExportFile* netboxTestFile(const std::vector<NetboxExportFile>& files,
                                       const std::string& path)
{
    for (const auto& f : files)
        if (f.path == path)
            return &f;
    return nullptr;
}

std::size_t netboxTestRows(const std::string& csv)
{
    return static_cast<std::size_t>(std::count(csv.begin(), csv.end(), '\n')) - 1; // header
}

} // namespace

TEST_CASE("netbox: the schema checker rejects a bad device type, naming each problem", "[netbox]")
{
    const auto schema = netboxTestSchema();
    const auto bad = netboxTestJson(
        YAML::Load(test::readBytes(test::fixturePath("netbox/bad-device-type.yaml"))));
    const auto errors = schema.validate(bad, netboxTestRoot);
    const auto has = [&errors](const std::string& text) {
        return std::any_of(errors.begin(), errors.end(),
                           [&](const std::string& e) { return e.find(text) != std::string::npos; });
    };
    CHECK(has("/slug: \"Bad Switch\" does not match"));
    CHECK(has("/u_height: below the minimum"));
    CHECK(has("/u_height: not a multiple of 0.5"));
    CHECK(has("\"weight_unit\" is required"));
    CHECK(has("/colour: is not allowed here"));
    CHECK(has("/interfaces/0/type: \"400gbase-x-osfp-typo\" is not one of the enum"));
    CHECK(errors.size() == 6);

    // And accepts the same type once fixed.
    auto good = bad;
    good["slug"] = "bad-switch";
    good["u_height"] = 1;
    good["weight_unit"] = "kg";
    good.erase("colour");
    good["interfaces"][0]["type"] = "400gbase-x-osfp";
    CHECK(schema.validate(good, netboxTestRoot).empty());
}

TEST_CASE("netbox: every exported device type passes the devicetype-library schema", "[netbox]")
{
    const auto schema = netboxTestSchema();
    const ProjectLayout pl = netboxTestLayout();
    const auto files = netboxExport(pl, "GPT-3 site");
    std::size_t types = 0;
    for (const auto& f : files) {
        if (f.path.rfind("device-types/", 0) != 0)
            continue;
        ++types;
        INFO(f.path << "\n" << f.contents.substr(0, 600));
        const auto errors = schema.validate(netboxTestJson(YAML::Load(f.contents)), netboxTestRoot);
        for (const auto& e : errors)
            UNSCOPED_INFO(e);
        CHECK(errors.empty());
    }
    // DGX H100 nodes, the QM9700 leaves and spines, the front-end switch,
    // the SN2201 management switch and the AP8886 PDU.
    CHECK(types == 5);
    const auto* qm9700 = netboxTestFile(files, "device-types/nvidia-qm9700.yaml");
    REQUIRE(qm9700);
    const YAML::Node qm = YAML::Load(qm9700->contents);
    CHECK(qm["manufacturer"].Scalar() == "NVIDIA");
    CHECK(qm["u_height"].as<double>() == 1);
    CHECK(qm["airflow"].Scalar() == "rear-to-front");
    CHECK(qm["weight"].as<double>() == Approx(14.8));
    CHECK(qm["weight_unit"].Scalar() == "kg");
    CHECK(qm["part_number"].Scalar() == "MQM9700-NS2F");
    // 64 NDR ports and the management port; two PSUs, each able to carry
    // the switch's 1,444 W alone (1+1), 690 W of the 1,380 W typical each.
    CHECK(qm["interfaces"].size() == 65);
    CHECK(qm["interfaces"][0]["type"].Scalar() == "infiniband-ndr");
    REQUIRE(qm["power-ports"].size() == 2);
    CHECK(qm["power-ports"][0]["maximum_draw"].as<int>() == 1444);
    CHECK(qm["power-ports"][0]["allocated_draw"].as<int>() == 690);
    const auto* pdu = netboxTestFile(files, "device-types/apc-ap8886.yaml");
    REQUIRE(pdu);
    const YAML::Node outlets = YAML::Load(pdu->contents)["power-outlets"];
    CHECK(outlets.size() == 42);
    CHECK(outlets[0]["type"].Scalar() == "iec-60320-c13");
    CHECK(outlets[41]["type"].Scalar() == "iec-60320-c19");
    CHECK(outlets[41]["feed_leg"].Scalar() == "C");
}

TEST_CASE("netbox: exported device types import back into the same parts", "[netbox]")
{
    const ProjectLayout pl = netboxTestLayout();
    test::TempDir dir;
    for (const auto& f : netboxExport(pl, "site"))
        if (f.path.rfind("device-types/", 0) == 0)
            test::writeBytes((dir.path() / f.path.substr(13)).string(), f.contents);
    const NetboxImportBatch batch = importNetboxDeviceTypes({dir.path().string()});
    for (const auto& e : batch.errors)
        UNSCOPED_INFO(e.what());
    REQUIRE(batch.errors.empty());
    REQUIRE(batch.imports.size() == 5);

    const std::vector<Part> exported = layoutParts(pl.rc, pl.inputs);
    std::size_t compared = 0;
    for (const auto& imported : batch.imports) {
        const auto& id = infoOf(imported.part).id;
        const auto original = std::find_if(exported.begin(), exported.end(),
                                           [&](const Part& p) { return infoOf(p).id == id; });
        REQUIRE(original != exported.end());
        REQUIRE(kindOf(*original) == kindOf(imported.part));
        // Every field NetBox has a key for, and the rest through the
        // comments' infrafit line: the whole part comes back. Draws are
        // whole watts in NetBox: power within 1 W per PSU.
        for (const auto& spec : fieldsOf(kindOf(*original))) {
            INFO(id << " " << spec.key);
            const FieldValue before = spec.get(*original);
            const FieldValue after = spec.get(imported.part);
            if (spec.key == "max_power_w" || spec.key == "typical_power_w") {
                REQUIRE(std::holds_alternative<double>(after));
                CHECK(std::get<double>(after) == Approx(std::get<double>(before)).margin(2));
            } else if (spec.key == "connector") {
                // NetBox knows the cage, not the text: "OSFP (32 twin-port cages)" → "OSFP".
                CHECK_FALSE(std::holds_alternative<std::monostate>(after));
            } else {
                CHECK(before == after);
            }
        }
        ++compared;
    }
    CHECK(compared == 5);
}

TEST_CASE("netbox: the layout CSVs carry every device, rack and cable", "[netbox]")
{
    const ProjectLayout pl = netboxTestLayout();
    const auto files = netboxExport(pl, "GPT-3 site");
    std::size_t devices = 0;
    std::size_t pdus = 0;
    for (const auto& rack : pl.layout.racks) {
        devices += rack.devices.size();
        pdus += rack.pdus.size();
    }
    REQUIRE(devices > 128);
    const auto* devicesCsv = netboxTestFile(files, "devices.csv");
    REQUIRE(devicesCsv);
    CHECK(netboxTestRows(devicesCsv->contents) == devices);
    CHECK(devicesCsv->contents.rfind("name,role,manufacturer,device_type,status,site,rack,position,face\n", 0) == 0);
    CHECK(netboxTestRows(netboxTestFile(files, "racks.csv")->contents) == pl.layout.racks.size());
    CHECK(netboxTestRows(netboxTestFile(files, "cables.csv")->contents) == pl.layout.cables.size());
    CHECK(netboxTestRows(netboxTestFile(files, "power-feeds.csv")->contents) == pdus);
    CHECK(netboxTestRows(netboxTestFile(files, "power-feed-cables.csv")->contents) == pdus);
    // Every GPU node row names its rack, a unit and the front face.
    std::istringstream rows(devicesCsv->contents);
    std::string line;
    std::getline(rows, line);
    std::size_t nodes = 0;
    while (std::getline(rows, line)) {
        if (line.rfind("node-", 0) != 0)
            continue;
        ++nodes;
        CHECK(std::regex_search(line, std::regex(",[0-9]+,front$")));
    }
    CHECK(nodes == 128);
}

TEST_CASE("netbox: bad device-type YAML is refused naming the file and the field", "[netbox]")
{
    const auto refused = [](const std::string& yaml) -> std::string {
        try {
            importNetboxDeviceType(yaml, "bad.yaml");
        } catch (const InputError& error) {
            return error.what();
        }
        return "accepted";
    };
    CHECK_THAT(refused("manufacturer: [unclosed\n"),
               Catch::Contains("bad.yaml: /: is not valid YAML: line 2"));
    CHECK_THAT(refused("just text\n"), Catch::Contains("must be a device-type map"));
    const std::string ports = [] {
        std::string s = "interfaces:\n";
        for (int i = 1; i <= 8; ++i)
            s += "  - name: p" + std::to_string(i) + "\n    type: 100gbase-x-qsfp28\n";
        return s;
    }();
    const std::string head = "manufacturer: Acme\nmodel: S1\nslug: acme-s1\nis_full_depth: true\n";
    CHECK_THAT(refused(head + "u_height: one\n" + ports),
               Catch::Contains("bad.yaml: /u_height: must be a number (got \"one\")"));
    CHECK_THAT(refused(head + "u_height: 1.5\n" + ports),
               Catch::Contains("/u_height: must be a whole number of rack units"));
    // A height the part's range refuses is named by its NetBox key and the
    // number as written (CLI probe U8: "/rack_units … got -1294967296").
    CHECK_THAT(refused(head + "u_height: 3000000000\n" + ports),
               Catch::Contains("bad.yaml: /u_height: must be between 1 and 60 U (got 3000000000 U)"
                               " (InfraFit's rack_units)"));
    CHECK_THAT(refused(head + "u_height: 1\nweight: 3\n" + ports),
               Catch::Contains("/weight_unit: is required with weight"));
    // A switch with no power figures: max_power_w is required.
    CHECK_THAT(refused(head + "u_height: 1\n" + ports),
               Catch::Contains("bad.yaml: /max_power_w: is required for a switch"));
    CHECK_THAT(refused(head + "u_height: 1\n"), Catch::Contains("cannot tell the part kind"));
    // With power-ports it imports, and says what it left blank.
    const auto ok = importNetboxDeviceType(
        head + "u_height: 1\npower-ports:\n  - name: psu1\n    type: iec-60320-c14\n"
               "    maximum_draw: 300\n  - name: psu2\n    type: iec-60320-c14\n"
               "    maximum_draw: 300\n    allocated_draw: 90\nconsole-ports:\n  - name: con\n"
               "    type: rj-45\n" + ports,
        "ok.yaml");
    const auto& sw = std::get<NetworkSwitch>(ok.part);
    CHECK(sw.id == "acme-s1");
    CHECK(sw.ports == 8);
    CHECK(sw.portSpeedGbps == 100);
    CHECK(sw.maxPowerW == 300);
    CHECK(sw.typicalPowerW == std::optional<double>(90));
    CHECK(sw.powerSupplies == 2);
    CHECK(std::find(ok.blank.begin(), ok.blank.end(), "price_usd") != ok.blank.end());
    CHECK(std::find(ok.ignored.begin(), ok.ignored.end(), "console-ports") != ok.ignored.end());
}

TEST_CASE("netbox: names map to NetBox's interface types and slugs", "[netbox]")
{
    CHECK(netboxSlug("nvidia-h100-sxm5-80gb") == "nvidia-h100-sxm5-80gb");
    CHECK(netboxSlug("Vendor X.Y+Z") == "vendor-x-y-z");
    CHECK(netboxInterfaceType(NicProtocol::Infiniband, 400, "OSFP") == "infiniband-ndr");
    CHECK(netboxInterfaceType(NicProtocol::Ethernet, 400, "QSFP112") == "400gbase-x-qsfp112");
    CHECK(netboxInterfaceType(NicProtocol::Ethernet, 800, "OSFP") == "800gbase-x-osfp");
    CHECK(netboxInterfaceType(NicProtocol::Ethernet, 1, "RJ45") == "1000base-t");
    CHECK(netboxInterfaceType(NicProtocol::Ethernet, 3.5, "") == "other");
    const auto ndr = netboxPortKind("infiniband-ndr");
    REQUIRE(ndr);
    CHECK(ndr->speedGbps == 400);
    CHECK_FALSE(netboxPortKind("ieee802.11ax"));
    CHECK(netboxCsvField("a,b") == "\"a,b\"");
    CHECK(netboxCsvField("say \"hi\"") == "\"say \"\"hi\"\"\"");
}
