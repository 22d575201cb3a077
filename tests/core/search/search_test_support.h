// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/io/catalog_json.h"
#include "core/io/model_presets.h"
#include "core/search/recommend.h"

#include <string>

namespace infrafit::testing {

inline PartsSnapshot defaultCatalogSnapshot()
{
    const auto doc = readCatalogFile(std::string(INFRAFIT_SOURCE_DIR)
                                     + "/catalog/data/default-catalog.json");
    return snapshotOf(doc.parts);
}

/// A 70B fine-tune (Llama-2-70B, bf16, seq 4096, global batch 256).
inline Workload fineTune70b()
{
    Workload w;
    w.name = "ft70b";
    w.kind = WorkloadKind::Training;
    w.model = *findModelPreset("llama-2-70b");
    w.sequenceLength = 4096;
    w.globalBatchSize = 256;
    w.trainingTokens = 2e9;
    return w;
}

/// Restricts a snapshot to a few parts so the brute-force reference stays small.
inline PartsSnapshot smallSnapshot()
{
    PartsSnapshot all = defaultCatalogSnapshot();
    PartsSnapshot s;
    auto keep = [](const auto& from, auto& to, std::initializer_list<const char*> ids) {
        for (const auto& p : from)
            for (const char* id : ids)
                if (p.id == id)
                    to.push_back(p);
    };
    // The A100 SXM4 fits neither kept chassis (the Supermicro board is HGX
    // H100/H200): searches over this snapshot must leave it out.
    keep(all.gpus, s.gpus, {"nvidia-h100-sxm5-80gb", "nvidia-a100-sxm4-80gb", "nvidia-l40s-48gb"});
    keep(all.chassis, s.chassis, {"supermicro-sys-821ge-tnhr", "asus-esc8000a-e13"});
    // One CPU per socket of the kept chassis (LGA4677, SP5) and a second SP5.
    keep(all.cpus, s.cpus, {"amd-epyc-9554", "amd-epyc-9654", "intel-xeon-platinum-8480plus"});
    keep(all.nics, s.nics, {"nvidia-connectx-7-ndr-osfp"});
    keep(all.psus, s.psus, {"psu-3000w-titanium"});
    keep(all.coolings, s.coolings, {"cool-air-standard"});
    keep(all.nvmes, s.nvmes, {});
    // Test prices for the kept parts the default catalog leaves unpriced, so
    // budgets can be checked (an unpriced candidate never meets a budget).
    for (auto& c : s.chassis)
        c.priceUsd = c.priceUsd.value_or(20000);
    for (auto& n : s.nics)
        n.priceUsd = n.priceUsd.value_or(2500);
    for (auto& p : s.psus)
        p.priceUsd = p.priceUsd.value_or(600);
    return s;
}

/// The 70B fine-tune on two nodes of the small snapshot, top 50: the
/// request the calibration tests run with and without a profile.
inline RecommendRequest twoNodeFineTuneRequest()
{
    RecommendRequest r;
    r.workload = fineTune70b();
    r.parts = smallSnapshot();
    r.constraints.nodeCounts = {2};
    r.constraints.maxNodes = 2;
    r.top = 50;
    return r;
}

} // namespace infrafit::testing
