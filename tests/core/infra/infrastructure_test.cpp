// SPDX-License-Identifier: Apache-2.0
#include "core/infra/infrastructure.h"
#include "core/output/infra_json.h"

#include "infra_fixtures.h"

#include <catch2/catch.hpp>

#include <cmath>
#include <limits>

using namespace infrafit;
using infrafit::test::hasCode;

namespace {

/// True when every number anywhere in `j` is finite.
bool allFinite(const nlohmann::json& j)
{
    if (j.is_number_float())
        return std::isfinite(j.get<double>());
    if (j.is_structured()) {
        for (const auto& item : j) {
            if (!allFinite(item))
                return false;
        }
    }
    return true;
}

nlohmann::json toJson(const InfrastructureReport& r)
{
    nlohmann::json j = nlohmann::json::object();
    addInfrastructureJson(j, r);
    return j;
}

bool hasError(const Findings& findings, std::string_view code)
{
    return std::any_of(findings.begin(), findings.end(), [&](const Finding& f) {
        return f.code == code && f.severity == Severity::Error;
    });
}

ResolvedConfiguration superPodSlice()
{
    auto rc = test::dgxH100(128);
    rc.nic = test::connectX7();
    rc.config.nicsPerNode = 8;
    return rc;
}

} // namespace

TEST_CASE("Whole infrastructure check of 128 DGX H100", "[infra]")
{
    InfrastructureInputs in;
    in.precision = "bf16";
    in.tokensPerSecond = 2.0e6;
    const auto r = checkInfrastructure(superPodSlice(), in);
    for (const auto& f : r.findings)
        INFO(f.code << ": " << f.message);
    CHECK(r.ok);
    CHECK(r.power.nodeW == Approx(10200));
    CHECK(r.power.nodesPerRack == 3);
    CHECK(r.power.racks == 43);
    CHECK(r.fabric.tree.totalSwitches == 48);
    // 48 back-end QM9700 with all 64 × 400G ports lit (900 W chassis +
    // 64 × 8.5 W) and one front-end switch with 256 × 200G lit (900 W +
    // 256 × 4.25 W; core/infra/switch_power.h).
    CHECK(r.fabric.frontEnd.tree.totalSwitches == 1);
    CHECK(r.power.clusterW == Approx(128 * 10200 + 48 * (900 + 64 * 8.5) + 900 + 256 * 4.25));
    CHECK(r.thermal.nodeHeatBtuPerH == Approx(34800).epsilon(0.001));
    CHECK(r.cost.usdPerMillionTokens);
    CHECK_FALSE(r.assumptions.empty());
    for (const auto& a : r.assumptions)
        CHECK_FALSE(a.source.empty());
}

TEST_CASE("Infrastructure JSON keeps the DESIGN.md contract names", "[infra][json]")
{
    const auto r = checkInfrastructure(superPodSlice(), InfrastructureInputs{});
    const auto j = toJson(r);
    for (const char* key : {"node_w", "node_wall_w", "psu_capacity_w", "psu_ok", "nodes_per_rack",
                            "racks", "cluster_w"})
        CHECK(j["power"].contains(key));
    for (const char* key : {"node_heat_btu_per_h", "node_airflow_cfm", "ok"})
        CHECK(j["thermal"].contains(key));
    CHECK(j["cost"].contains("capex_usd"));
    CHECK(j["power"]["node_w"].get<double>() == Approx(10200));
    CHECK(j["power"]["psu_ok"].get<bool>());
    CHECK(j["power"]["nodes_per_rack"].get<int>() == 3);
    CHECK(j["power"]["feed_loss"] == "marginal");
    CHECK(j["thermal"]["node_airflow_cfm"].get<double>() == Approx(1612).epsilon(0.001));
    CHECK(j["fabric"]["leaf_switches"] == 32);
    CHECK(j["fabric"]["spine_switches"] == 16);
    CHECK(j["infrastructure_assumptions"].is_array());
    CHECK(allFinite(j));
}

TEST_CASE("Bad input gives findings naming the field, never NaN", "[infra]")
{
    SECTION("zero nodes")
    {
        auto rc = superPodSlice();
        rc.config.nodes = 0;
        const auto r = checkInfrastructure(rc, InfrastructureInputs{});
        CHECK(hasError(r.findings, "config.nodes"));
        CHECK(r.power.racks == 0);
        CHECK(r.power.clusterW == 0);
        CHECK_FALSE(r.ok);
        CHECK(allFinite(toJson(r)));
    }
    SECTION("more GPUs than the chassis holds")
    {
        auto rc = test::dgxH100();
        rc.config.gpusPerNode = 16;
        const auto r = checkInfrastructure(rc, InfrastructureInputs{});
        CHECK(hasError(r.findings, "compat.gpu_count"));
        CHECK(allFinite(toJson(r)));
    }
    SECTION("a PSU smaller than any plausible node")
    {
        auto rc = test::dgxH100();
        rc.psu->watts = 50;
        const auto r = checkInfrastructure(rc, InfrastructureInputs{});
        CHECK(hasError(r.findings, "power.psu_insufficient"));
        CHECK_FALSE(r.power.psuOk);
        rc.psu->watts = 0;
        const auto z = checkInfrastructure(rc, InfrastructureInputs{});
        CHECK(hasError(z.findings, "psu.watts"));
        CHECK(allFinite(toJson(z)));
    }
    SECTION("a rack limit of 0 kW")
    {
        auto rc = test::dgxH100(4);
        rc.config.rack.powerLimitKw = 0;
        const auto r = checkInfrastructure(rc, InfrastructureInputs{});
        CHECK(hasError(r.findings, "rack.power_limit_kw"));
        CHECK(r.power.nodesPerRack == 0);
        CHECK(r.power.racks == 0);
        CHECK(allFinite(toJson(r)));
    }
    SECTION("an unknown cooling type and a cooling that removes nothing")
    {
        auto rc = test::dgxH100();
        Cooling odd;
        odd.type = static_cast<CoolingType>(17);
        odd.maxHeatKwPerRack = 0;
        rc.cooling = odd;
        const auto r = checkInfrastructure(rc, InfrastructureInputs{});
        CHECK(hasError(r.findings, "cooling.type"));
        CHECK(hasError(r.findings, "cooling.max_heat_kw_per_rack"));
        CHECK(allFinite(toJson(r)));
    }
    SECTION("zero and negative counts")
    {
        auto rc = test::pcieServer();
        rc.config.gpusPerNode = 0;
        rc.config.nvmePerNode = -2;
        rc.config.psusPerNode = 0;
        rc.chassis.rackUnits = 0;
        rc.config.rack.units = -1;
        const auto r = checkInfrastructure(rc, InfrastructureInputs{});
        for (const char* code : {"config.gpus_per_node", "config.nvme_per_node",
                                 "config.psus_per_node", "chassis.rack_units", "rack.units"})
            CHECK(hasError(r.findings, code));
        CHECK(allFinite(toJson(r)));
    }
    SECTION("NaN, infinite and out-of-range inputs fall back to defaults")
    {
        InfrastructureInputs in;
        const double nan = std::numeric_limits<double>::quiet_NaN();
        in.utilisation = 1.7;
        in.feedVoltageV = nan;
        in.feedPhases = 2;
        in.powerFactor = 0;
        in.airDeltaTF = -3;
        in.years = std::numeric_limits<double>::infinity();
        in.pue = 0.5;
        in.switchRadix = 0;
        in.tokensPerSecond = -1;
        in.electricityUsdPerKwh = nan;
        const auto r = checkInfrastructure(superPodSlice(), in);
        for (const char* code :
             {"inputs.utilisation", "inputs.feed_voltage_v", "inputs.feed_phases",
              "inputs.power_factor", "inputs.air_delta_t_f", "inputs.years", "inputs.pue",
              "inputs.switch_radix", "inputs.tokens_per_s", "inputs.electricity_usd_per_kwh"})
            CHECK(hasError(r.findings, code));
        CHECK(r.thermal.nodeAirflowCfm == Approx(1612).epsilon(0.001)); // default ΔT
        CHECK(r.power.nodesPerRack == 3);                                 // default feed
        CHECK(allFinite(toJson(r)));
        for (const auto& f : r.findings)
            CHECK(f.message.find("nan") == std::string::npos);
    }
    SECTION("GPU with NaN TDP")
    {
        auto rc = test::dgxH100();
        rc.gpu.tdpW = std::numeric_limits<double>::quiet_NaN();
        const auto r = checkInfrastructure(rc, InfrastructureInputs{});
        CHECK(hasError(r.findings, "gpu.tdp_w"));
        CHECK(allFinite(toJson(r)));
    }
}
