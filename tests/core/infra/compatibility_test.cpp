// SPDX-License-Identifier: Apache-2.0
#include "core/infra/compatibility.h"

#include "infra_fixtures.h"

#include <catch2/catch.hpp>

using namespace infrafit;
using infrafit::test::hasCode;

TEST_CASE("A consistent configuration is compatible", "[infra][compat]")
{
    InfrastructureInputs in;
    in.precision = "FP8";
    Findings findings;
    CHECK(checkCompatibility(test::dgxH100(), in, findings).ok);
    CHECK(checkCompatibility(test::pcieServer(), in, findings).ok);
    CHECK(findings.empty());
}

TEST_CASE("Form factor, counts, bays, slots, sockets", "[infra][compat]")
{
    auto rc = test::pcieServer();
    rc.gpu.formFactor = GpuFormFactor::Sxm;
    rc.config.gpusPerNode = 10;
    rc.config.nvmePerNode = 8;
    rc.config.nicsPerNode = 4;
    rc.config.cpusPerNode = 4;
    rc.config.psusPerNode = 6;
    Findings findings;
    const auto c = checkCompatibility(rc, InfrastructureInputs{}, findings);
    CHECK_FALSE(c.ok);
    CHECK_FALSE(c.gpuFormFactorOk);
    CHECK_FALSE(c.gpuCountOk);
    CHECK_FALSE(c.nvmeBaysOk);
    CHECK_FALSE(c.pcieSlotsOk);
    CHECK_FALSE(c.cpuSocketsOk);
    CHECK_FALSE(c.psuSlotsOk);
    for (const char* code : {"compat.gpu_form_factor", "compat.gpu_count", "compat.nvme_bays",
                             "compat.pcie_slots", "compat.cpu_sockets", "compat.psu_slots"})
        CHECK(hasCode(findings, code));
    const auto* f = test::findCode(findings, "compat.gpu_count");
    REQUIRE(f);
    CHECK(f->message.find("10 GPUs") != std::string::npos);
    CHECK(f->message.find("(Max GPUs)") != std::string::npos); // the catalog label

    // A second form factor listed by the chassis is accepted.
    rc.chassis.otherGpuFormFactors = {"sxm"};
    findings.clear();
    CHECK(checkCompatibility(rc, InfrastructureInputs{}, findings).gpuFormFactorOk);
}

TEST_CASE("A CPU fits only its chassis' socket; unknown sockets are not checked",
          "[infra][compat]")
{
    auto rc = test::pcieServer();
    REQUIRE(rc.cpu);
    rc.chassis.cpuSocket = "LGA4677";
    rc.cpu->model = "Grace";
    rc.cpu->socket = "Grace module";
    Findings findings;
    CHECK_FALSE(checkCompatibility(rc, InfrastructureInputs{}, findings).cpuSocketsOk);
    const auto* f = test::findCode(findings, "compat.cpu_socket");
    REQUIRE(f);
    CHECK(f->message.find("Grace module") != std::string::npos);
    CHECK(f->message.find("LGA4677") != std::string::npos);

    rc.cpu->socket = "lga4677"; // names compare without case
    findings.clear();
    CHECK(checkCompatibility(rc, InfrastructureInputs{}, findings).ok);
    rc.cpu->socket.clear(); // not known: accepted
    findings.clear();
    CHECK(checkCompatibility(rc, InfrastructureInputs{}, findings).ok);
    CHECK_FALSE(hasCode(findings, "compat.cpu_socket"));
}

// Source: the datasheets' GPU models (docs/reference/hardware.md, chassis
// "gpu_models"): the GB200 NVL72 compute tray holds GB200 superchips only, and
// HGX H100/H200 servers (SYS-821GE-TNHR) take H100 or H200 modules, not B300.
TEST_CASE("A module GPU fits only a baseboard its chassis is built for", "[infra][compat]")
{
    auto rc = test::pcieServer();
    rc.chassis.model = "GB200 NVL72 compute tray";
    rc.chassis.gpuBaseboards = {"GB200 NVL72"};
    rc.gpu.model = "H200 SXM";
    rc.gpu.baseboard = "HGX H200";
    Findings findings;
    const auto report = checkCompatibility(rc, InfrastructureInputs{}, findings);
    CHECK_FALSE(report.gpuBaseboardOk);
    CHECK_FALSE(report.ok);
    CHECK(report.gpuFormFactorOk);
    const auto* f = test::findCode(findings, "compat.gpu_baseboard");
    REQUIRE(f);
    CHECK(f->severity == Severity::Error);
    CHECK(f->message.find("HGX H200") != std::string::npos);
    CHECK(f->message.find("GB200 NVL72") != std::string::npos);

    rc.chassis.gpuBaseboards = {"HGX H100", "hgx h200"}; // listed, names compare without case
    findings.clear();
    CHECK(checkCompatibility(rc, InfrastructureInputs{}, findings).ok);
    rc.gpu.baseboard = "HGX B300";
    findings.clear();
    CHECK_FALSE(checkCompatibility(rc, InfrastructureInputs{}, findings).gpuBaseboardOk);
    rc.gpu.baseboard.clear(); // not known: accepted
    findings.clear();
    CHECK(checkCompatibility(rc, InfrastructureInputs{}, findings).ok);
    rc.gpu.baseboard = "HGX B300";
    rc.chassis.gpuBaseboards.clear(); // the chassis does not say: accepted
    findings.clear();
    CHECK(checkCompatibility(rc, InfrastructureInputs{}, findings).ok);
    CHECK_FALSE(hasCode(findings, "compat.gpu_baseboard"));
}

// Source: NVIDIA DGX GB200 user guide (docs/reference/hardware.md racks[]
// "rack-gb200-nvl72"): an NVL72 rack holds 18 compute trays and is sold whole.
TEST_CASE("A chassis sold in multiples takes only whole multiples of nodes", "[infra][compat]")
{
    auto rc = test::pcieServer();
    rc.chassis.model = "GB200 NVL72 compute tray";
    rc.chassis.nodeMultiple = 18;
    rc.config.nodes = 4;
    Findings findings;
    const auto report = checkCompatibility(rc, InfrastructureInputs{}, findings);
    CHECK_FALSE(report.nodeMultipleOk);
    CHECK_FALSE(report.ok);
    const auto* f = test::findCode(findings, "compat.node_multiple");
    REQUIRE(f);
    CHECK(f->severity == Severity::Error);
    CHECK(f->message.find("multiples of 18 nodes") != std::string::npos);
    CHECK(f->suggestion.find("Use 18 nodes") != std::string::npos);
    for (int nodes : {18, 36}) {
        rc.config.nodes = nodes;
        findings.clear();
        CHECK(checkCompatibility(rc, InfrastructureInputs{}, findings).nodeMultipleOk);
    }
    rc.config.nodes = 4;
    rc.chassis.nodeMultiple.reset(); // not stated: any count
    findings.clear();
    CHECK(checkCompatibility(rc, InfrastructureInputs{}, findings).nodeMultipleOk);
}

// Source: MLPerf Inference v6.1, Crusoe GB200-NVL72 system description (4 x
// BlueField-3 [ConnectX-7] per 4-GPU compute tray); the tray has no slot for
// another card (catalog nic_options).
TEST_CASE("A chassis built with its own NICs takes only those, at their count", "[infra][compat]")
{
    auto rc = test::pcieServer();
    rc.chassis.model = "GB200 NVL72 compute tray";
    rc.chassis.nicOptions = {"nvidia-connectx-7-ndr-osfp:4", "nvidia-bluefield-3-b3140h-supernic:4"};
    rc.config.nicId = "intel-e810-cqda2";
    rc.config.nicsPerNode = 2;
    Findings findings;
    const auto report = checkCompatibility(rc, InfrastructureInputs{}, findings);
    CHECK_FALSE(report.nicOfferedOk);
    CHECK_FALSE(report.ok);
    const auto* f = test::findCode(findings, "compat.nic_not_offered");
    REQUIRE(f);
    CHECK(f->severity == Severity::Error);
    CHECK(f->message.find("2 x intel-e810-cqda2") != std::string::npos);
    CHECK(f->message.find("nvidia-connectx-7-ndr-osfp:4") != std::string::npos);
    rc.config.nicId = "nvidia-connectx-7-ndr-osfp"; // its own adapter, but half the count
    findings.clear();
    CHECK_FALSE(checkCompatibility(rc, InfrastructureInputs{}, findings).nicOfferedOk);
    rc.config.nicsPerNode = 4;
    findings.clear();
    CHECK(checkCompatibility(rc, InfrastructureInputs{}, findings).nicOfferedOk);
    CHECK_FALSE(test::findCode(findings, "compat.nic_not_offered"));
    rc.config.nicId.clear(); // no NIC (one node): nothing to check
    rc.config.nicsPerNode = 0;
    findings.clear();
    CHECK(checkCompatibility(rc, InfrastructureInputs{}, findings).nicOfferedOk);
    rc.config.nicId = "intel-e810-cqda2";
    rc.config.nicsPerNode = 2;
    rc.chassis.nicOptions.clear(); // not stated: any NIC
    findings.clear();
    CHECK(checkCompatibility(rc, InfrastructureInputs{}, findings).nicOfferedOk);
}

// Source: docs/reference/hardware.md §1.1 "Precision support": MI250X has no FP8.
TEST_CASE("FP8 on a GPU that lacks it", "[infra][compat]")
{
    auto rc = test::pcieServer();
    rc.gpu.model = "MI250X";
    rc.gpu.precisions = {"fp64", "fp32", "bf16", "fp16", "int8"};
    InfrastructureInputs in;
    in.precision = "fp8";
    Findings findings;
    CHECK_FALSE(checkCompatibility(rc, in, findings).precisionOk);
    const auto* f = test::findCode(findings, "compat.precision");
    REQUIRE(f);
    CHECK(f->message.find("fp8") != std::string::npos);

    rc.gpu.precisions.clear();
    findings.clear();
    CHECK(checkCompatibility(rc, in, findings).precisionOk);
    CHECK(hasCode(findings, "compat.precision_unknown"));
}

TEST_CASE("Liquid-only GPU in an air-cooled chassis and room", "[infra][compat]")
{
    auto rc = test::dgxH100();
    rc.gpu.model = "MI355X";
    rc.gpu.requiresLiquidCooling = true;
    Cooling air;
    air.type = CoolingType::Air;
    air.maxHeatKwPerRack = 30;
    rc.cooling = air;
    Findings findings;
    const auto c = checkCompatibility(rc, InfrastructureInputs{}, findings);
    CHECK_FALSE(c.coolingOk);
    CHECK(std::count_if(findings.begin(), findings.end(), [](const Finding& f) {
              return f.code == "compat.liquid_required";
          }) == 2);

    rc.chassis.cooling = ChassisCooling::Liquid;
    rc.cooling->type = CoolingType::DirectLiquid;
    findings.clear();
    CHECK(checkCompatibility(rc, InfrastructureInputs{}, findings).ok);

    rc.gpu.requiresLiquidCooling = false;
    rc.cooling->type = CoolingType::RearDoor;
    findings.clear();
    CHECK_FALSE(checkCompatibility(rc, InfrastructureInputs{}, findings).ok);
    CHECK(hasCode(findings, "compat.cooling_mismatch"));
}
