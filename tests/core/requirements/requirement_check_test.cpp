// SPDX-License-Identifier: Apache-2.0
// Manageability and security requirements (issue 20): a part meets one
// only when its catalog value says so; unknown is never met. The DGX H100
// figures are the default catalog's, from the DGX H100/H200 user guide,
// "Redfish APIs Support" (Redfish DSP0266 1.7.0, UEFI secure boot).
#include "core/infra/requirement_check.h"
#include "core/io/project_json.h"
#include "core/search/recommend.h"

#include "../search/search_test_support.h"

#include <catch2/catch.hpp>

#include <algorithm>

using namespace infrafit;

namespace {

ResolvedConfiguration requirementTestConfig()
{
    ResolvedConfiguration rc;
    rc.chassis.id = "box";
    rc.chassis.vendor = "V";
    rc.chassis.model = "Box";
    rc.chassis.redfishVersion = "1.7.0";
    rc.chassis.secureBoot = true;
    rc.chassis.hotSwapFans = false;
    rc.chassis.source = "datasheet";
    Nic nic;
    nic.id = "nic";
    nic.dpu = true;
    rc.nic = nic;
    return rc;
}

ComplianceStatus requirementTestStatus(const std::vector<ComplianceRow>& rows,
                                       std::string_view key)
{
    const auto it = std::find_if(rows.begin(), rows.end(),
                                 [&](const ComplianceRow& r) { return r.requirement == key; });
    REQUIRE(it != rows.end());
    return it->status;
}

} // namespace

TEST_CASE("requirements are met, unmet or unknown from the catalog values", "[requirements]")
{
    ProjectRequirements req;
    req.redfishMin = "1.6";
    req.secureBoot = true;
    req.tpm = true;         // not stated: unknown
    req.hotSwapFans = true; // stated false: unmet
    req.dpu = true;
    auto rows = checkRequirements(req, requirementTestConfig());
    CHECK(rows.size() == 5);
    CHECK(requirementTestStatus(rows, "redfish_min") == ComplianceStatus::Met);
    CHECK(requirementTestStatus(rows, "secure_boot") == ComplianceStatus::Met);
    CHECK(requirementTestStatus(rows, "tpm") == ComplianceStatus::Unknown);
    CHECK(requirementTestStatus(rows, "hot_swap_fans") == ComplianceStatus::Unmet);
    CHECK(requirementTestStatus(rows, "dpu") == ComplianceStatus::Met);
    req.redfishMin = "1.8"; // above the box's 1.7.0
    rows = checkRequirements(req, requirementTestConfig());
    CHECK(requirementTestStatus(rows, "redfish_min") == ComplianceStatus::Unmet);

    const auto findings = requirementFindings(rows);
    const auto count = [&](std::string_view code) {
        return std::count_if(findings.begin(), findings.end(),
                             [&](const Finding& f) { return f.code == code; });
    };
    CHECK(count("requirement.unmet") == 2);
    CHECK(count("requirement.unknown") == 1);
}

TEST_CASE("a NIC requirement without a NIC is unmet", "[requirements]")
{
    ProjectRequirements req;
    req.isolationOffload = true;
    auto rc = requirementTestConfig();
    rc.nic.reset();
    const auto rows = checkRequirements(req, rc);
    REQUIRE(rows.size() == 1);
    CHECK(rows[0].status == ComplianceStatus::Unmet);
}

TEST_CASE("a project's requirements read and write back", "[requirements]")
{
    const auto document = nlohmann::json::parse(R"({"format": "infrafit-project", "version": 1,
        "name": "r", "workloads": [], "configurations": [],
        "requirements": {"redfish_min": "1.8", "tpm": true, "secure_boot": true}})");
    const Project project = projectFromJson(document, "r.json");
    CHECK(project.requirements.redfishMin == "1.8");
    CHECK(project.requirements.tpm);
    CHECK(project.requirements.secureBoot);
    CHECK_FALSE(project.requirements.dpu);
    const auto written = projectToJson(project).at("requirements");
    CHECK(written == nlohmann::json::parse(R"({"redfish_min": "1.8", "tpm": true,
                                                "secure_boot": true})"));
    auto bad = document;
    bad["requirements"]["redfish_min"] = "newest";
    bad["requirements"]["tpm"] = "yes";
    try {
        projectFromJson(bad, "r.json");
        FAIL("bad requirements were accepted");
    } catch (const InputError& error) {
        const std::string what = error.what();
        CHECK(what.find("/requirements/redfish_min") != std::string::npos);
        CHECK(what.find("/requirements/tpm") != std::string::npos);
    }
}

TEST_CASE("requirements filter the recommendation, and the dropped parts are listed",
          "[requirements][search]")
{
    RecommendRequest r;
    r.workload = testing::fineTune70b();
    r.parts = testing::smallSnapshot();
    r.constraints.nodeCounts = {1, 2};
    r.constraints.maxNodes = 2;
    r.top = 1000;
    const std::string hgx = "supermicro-sys-821ge-tnhr";
    const auto chassisIndex = [&](const std::string& id) {
        for (std::size_t i = 0; i < r.parts.chassis.size(); ++i)
            if (r.parts.chassis[i].id == id)
                return i;
        FAIL("no chassis " << id);
        return std::size_t(0);
    };
    const auto uses = [](const Recommendation& rec, const std::string& chassis) {
        return std::any_of(rec.candidates.begin(), rec.candidates.end(),
                           [&](const RecommendedCandidate& c) {
                               return c.config.chassis.id == chassis;
                           });
    };
    const auto rejects = [](const Recommendation& rec, const std::string& hardware) {
        return std::find_if(rec.rejected.begin(), rec.rejected.end(),
                            [&](const RejectedCandidate& c) { return c.hardware == hardware; });
    };
    // Without requirements the HGX chassis carries candidates; nothing is rejected.
    const auto free = recommend(r);
    REQUIRE(uses(free, hgx));
    CHECK(free.rejected.empty());

    // Secure boot required, stated by the HGX chassis only: it stays.
    r.constraints.requirements.secureBoot = true;
    r.parts.chassis[chassisIndex(hgx)].secureBoot = true;
    const auto kept = recommend(r);
    CHECK(uses(kept, hgx));
    for (const auto& c : kept.candidates)
        CHECK(c.config.chassis.id == hgx);
    const auto other = std::find_if(r.parts.chassis.begin(), r.parts.chassis.end(),
                                    [&](const Chassis& c) { return c.id != hgx; });
    REQUIRE(other != r.parts.chassis.end());
    const auto listed = rejects(kept, "chassis " + other->id);
    REQUIRE(listed != kept.rejected.end());
    CHECK(listed->reason.find("Secure boot") != std::string::npos);
    CHECK(listed->reason.find("unknown") != std::string::npos);
    CHECK(std::any_of(kept.findings.begin(), kept.findings.end(),
                      [](const Finding& f) { return f.code == "requirement.filtered"; }));

    // The other way: the HGX chassis states no secure boot; it is left out
    // and listed as unmet.
    r.parts.chassis[chassisIndex(hgx)].secureBoot = false;
    const auto dropped = recommend(r);
    CHECK_FALSE(uses(dropped, hgx));
    const auto unmet = rejects(dropped, "chassis " + hgx);
    REQUIRE(unmet != dropped.rejected.end());
    CHECK(unmet->reason.find("Secure boot: no") != std::string::npos);

    // A DPU requirement leaves out the ConnectX-7 (not stated) and with it
    // every build: each needs a NIC that is a DPU.
    r.constraints.requirements = {};
    r.constraints.requirements.dpu = true;
    const auto dpu = recommend(r);
    CHECK(dpu.candidates.empty());
    CHECK(rejects(dpu, "nic nvidia-connectx-7-ndr-osfp") != dpu.rejected.end());
}
