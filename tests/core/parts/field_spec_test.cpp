// SPDX-License-Identifier: Apache-2.0
#include "core/parts/field_spec.h"
#include "core/parts/part_validation.h"

#include <catch2/catch.hpp>

#include <map>
#include <set>

using namespace infrafit;

TEST_CASE("every kind lists the contract fields of DESIGN.md", "[parts]")
{
    // docs/user-guide.md "Catalog file": the fields each kind has at least.
    const std::map<PartKind, std::vector<std::string_view>> contract{
        {PartKind::Gpu,
         {"memory_gb", "memory_bandwidth_gbs", "bf16_tflops", "fp8_tflops", "fp32_tflops", "tdp_w",
          "form_factor", "gpu_link_gbs", "pcie_gen", "pcie_lanes", "precisions"}},
        {PartKind::Chassis,
         {"rack_units", "max_gpus", "gpu_form_factor", "max_gpu_tdp_w", "cpu_sockets",
          "nvme_bays", "pcie_slots", "psu_slots", "base_power_w", "cooling", "gpu_fabric"}},
        {PartKind::Cpu, {"cores", "tdp_w", "pcie_lanes", "pcie_gen", "memory_bandwidth_gbs"}},
        {PartKind::Nvme, {"capacity_tb", "read_mbs", "write_mbs", "pcie_gen", "power_w"}},
        {PartKind::Nic,
         {"ports", "port_speed_gbps", "protocol", "pcie_gen", "pcie_lanes", "power_w"}},
        {PartKind::Psu, {"watts", "efficiency"}},
        {PartKind::Cooling, {"type", "max_heat_kw_per_rack"}},
        // Issue 18: switches (ports, port speed, rack units, power, price) and
        // PDUs (outlets by type, phases, voltage, breaker, metered/switched, 0U).
        {PartKind::Switch,
         {"ports", "port_speed_gbps", "protocol", "rack_units", "max_power_w", "typical_power_w",
          "power_supplies", "weight_kg", "airflow", "full_depth", "part_number"}},
        {PartKind::Pdu,
         {"outlets_c13", "outlets_c19", "phases", "voltage_v", "breaker_a", "rack_units",
          "metered", "switched", "weight_kg"}},
    };
    for (const auto& [kind, keys] : contract) {
        for (const auto key : {"id", "vendor", "model", "price_usd", "source", "confidence"})
            CHECK(findField(kind, key) != nullptr);
        for (const auto key : keys) {
            INFO(enumName(kind) << "." << key);
            CHECK(findField(kind, key) != nullptr);
        }
    }
}

TEST_CASE("field keys are unique within a kind and accessors round-trip", "[parts]")
{
    for (const auto kind : allPartKinds) {
        std::set<std::string_view> keys;
        for (const auto& spec : fieldsOf(kind)) {
            INFO(enumName(kind) << "." << spec.key);
            CHECK(keys.insert(spec.key).second);
            REQUIRE(spec.get != nullptr);
            REQUIRE(spec.set != nullptr);
            Part part = makePart(kind);
            FieldValue value;
            switch (spec.type) {
            case FieldType::Number: value = spec.positive ? 3.5 : spec.minimum + 0.25; break;
            case FieldType::Integer: value = spec.minimum + 1; break;
            case FieldType::Text: value = std::string("text"); break;
            case FieldType::Choice: value = std::string(spec.choices.back()); break;
            case FieldType::TextList:
                value = std::vector<std::string>{spec.choices.empty() ? std::string("tdp_w")
                                                                      : std::string(spec.choices[0])};
                break;
            case FieldType::Flag: value = true; break;
            }
            spec.set(part, value);
            CHECK(spec.get(part) == value);
        }
    }
}

TEST_CASE("validation reports every problem at once with its field", "[parts][validation]")
{
    Gpu gpu;
    gpu.id = "bad id with spaces";
    gpu.vendor = "V";
    gpu.model = "M";
    gpu.memoryGb = 0;                // no zero memory
    gpu.memoryBandwidthGbs = -1;     // no negative bandwidth
    gpu.tdpW = std::nan("");         // not finite
    gpu.precisions = {"bf16", "fp7"}; // unknown precision
    const auto problems = validatePart(gpu, "/parts/3");
    std::set<std::string> pointers;
    for (const auto& p : problems)
        pointers.insert(p.pointer);
    CHECK(pointers.count("/parts/3/id"));
    CHECK(pointers.count("/parts/3/memory_gb"));
    CHECK(pointers.count("/parts/3/memory_bandwidth_gbs"));
    CHECK(pointers.count("/parts/3/tdp_w"));
    CHECK(pointers.count("/parts/3/precisions/1"));
    CHECK(problems.size() == 5);
}

TEST_CASE("a valid part passes and duplicate ids are caught across kinds", "[parts][validation]")
{
    Psu psu;
    psu.id = "psu-1";
    psu.vendor = "generic";
    psu.model = "3 kW";
    psu.watts = 3000;
    psu.efficiency = 0.96;
    CHECK(validatePart(psu).empty());

    Cooling cooling;
    cooling.id = "psu-1";
    cooling.vendor = "generic";
    cooling.model = "air";
    cooling.maxHeatKwPerRack = 15;
    const std::vector<Part> parts{psu, cooling};
    const auto problems = validateParts(parts, "/parts");
    REQUIRE(problems.size() == 1);
    CHECK(problems[0].pointer == "/parts/1/id");
    CHECK_THAT(problems[0].message, Catch::Contains("duplicate id \"psu-1\""));
}

TEST_CASE("estimated_fields must name fields of the part's kind", "[parts][validation]")
{
    Psu psu;
    psu.id = "psu-1";
    psu.vendor = "generic";
    psu.model = "3 kW";
    psu.watts = 3000;
    psu.estimatedFields = {"watts", "memory_gb"};
    const auto problems = validatePart(psu, "");
    REQUIRE(problems.size() == 1);
    CHECK(problems[0].pointer == "/estimated_fields/1");
}

TEST_CASE("formatFieldValue renders numbers without noise", "[parts]")
{
    CHECK(formatFieldValue(700.0) == "700");
    CHECK(formatFieldValue(0.96) == "0.96");
    CHECK(formatFieldValue(460.8) == "460.8");
    CHECK(formatFieldValue(std::vector<std::string>{"bf16", "fp8"}) == "bf16, fp8");
    CHECK(formatFieldValue(FieldValue{}).empty());
}

TEST_CASE("formatList joins as formatFieldValue shows lists", "[parts]")
{
    const std::vector<std::string> items{"bf16", "fp8"};
    CHECK(formatList(items) == formatFieldValue(items));
    CHECK(formatList(std::span<const std::string>{}).empty());
    // An empty item keeps its place rather than vanishing.
    CHECK(formatList(std::vector<std::string>{"", "fp8"}) == ", fp8");
    // Names (a field's choices) join the same way.
    const FieldSpec* formFactor = findField(PartKind::Gpu, "form_factor");
    REQUIRE(formFactor);
    CHECK(formatList(formFactor->choices) == "sxm, oam, pcie");
}

TEST_CASE("sameValue on borrowed values agrees with comparing copies", "[parts]")
{
    // Every field of two GPUs that differ in a number, a text and a list.
    Part a = makePart(PartKind::Gpu);
    infoOf(a).id = "a";
    std::get<Gpu>(a).memoryGb = 80;
    std::get<Gpu>(a).precisions = {"bf16", "fp8"};
    Part b = a;
    std::get<Gpu>(b).memoryGb = 96;
    infoOf(b).vendor = "Other";
    std::get<Gpu>(b).precisions = {"bf16"};
    int differing = 0;
    for (const auto& spec : fieldsOf(PartKind::Gpu)) {
        const bool copies = spec.get(a) == spec.get(b);
        CHECK(sameValue(spec.view(a), spec.view(b)) == copies);
        CHECK(sameValue(spec.view(a), spec.view(a)));
        differing += copies ? 0 : 1;
    }
    CHECK(differing == 3);
    // Absent against present is a difference, not equality.
    CHECK_FALSE(sameValue(FieldView{}, FieldView{0.0}));
}
