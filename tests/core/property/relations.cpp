// SPDX-License-Identifier: Apache-2.0
#include "relations.h"

#include "core/pipeline/analyze.h"
#include "core/pipeline/evaluate.h"
#include "core/infra/infrastructure.h"
#include "core/io/project_json.h"
#include "core/io/workload_json.h"
#include "core/workload/workload_validation.h"
#include "invariants.h"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace infrafit::property {
namespace {

std::string relationNum(double v)
{
    std::ostringstream out;
    out.precision(17);
    out << v;
    return out.str();
}

/// `after` <= `before` up to round-off.
bool notAbove(double after, double before)
{
    return after <= before + 1e-12 * std::max(std::abs(before), 1e-300);
}

void expectNotBelow(std::string& failures, const std::string& what, double after, double before)
{
    if (!notAbove(before, after))
        fail(failures, what + " fell", relationNum(before) + " -> " + relationNum(after));
}

} // namespace

RelationOutcome zero3MoreNodes(Rng& rng, const Workload& base, const ResolvedConfiguration& rc)
{
    RelationOutcome out;
    if (base.kind != WorkloadKind::Training || !base.parallelism)
        return out;
    // The same model, tensor, pipeline and expert sizes under ZeRO-3 with d1
    // replicas, then with k·d1 replicas on k× the nodes (nodes sized to
    // the plan, so no GPU idles). d1 >= 2: from d = 1 to 2 the GPU gains a
    // data-parallel NCCL communicator and the ZeRO-3 gather buffers
    // (training_memory.cpp), which a small model's halved states need not
    // repay — real memory that appears with the first replica, not a fault.
    Workload w = base;
    Parallelism p = *base.parallelism;
    p.zeroStage = 3;
    const int d1 = p.expert * rng.intBetween(p.expert >= 2 ? 1 : 2, 8);
    const int k = rng.intBetween(2, 4);
    const int d2 = k * d1;
    w.globalBatchSize = static_cast<long long>(w.microBatchSize) * d2 * rng.logInt(1, 64);
    const int gpn = rc.config.gpusPerNode;
    auto nodesFor = [&](int data) {
        const long long gpus = static_cast<long long>(p.tensor) * p.pipeline * data;
        return static_cast<int>((gpus + gpn - 1) / gpn);
    };
    Parallelism p1 = p;
    p1.data = d1;
    Parallelism p2 = p;
    p2.data = d2;
    ResolvedConfiguration rc1 = rc;
    rc1.config.nodes = nodesFor(d1);
    ResolvedConfiguration rc2 = rc;
    rc2.config.nodes = nodesFor(d2);
    Workload w1 = w;
    w1.parallelism = p1;
    Workload w2 = w;
    w2.parallelism = p2;
    out.variant = {{"workload_a", workloadToJson(w1)}, {"nodes_a", rc1.config.nodes},
        {"workload_b", workloadToJson(w2)}, {"nodes_b", rc2.config.nodes}};
    if (auto rule = planRuleViolation(w2, p2); !rule.empty()) {
        fail(out.failures, "generator: ZeRO-3 variant breaks a plan rule", rule);
        out.checked = true;
        return out;
    }
    const AnalysisResult r1 = analyze(w1, rc1);
    const AnalysisResult r2 = analyze(w2, rc2);
    // Compared only when both analyses produced figures (a variant spread
    // over nodes without a NIC is an error finding, not a memory figure).
    if (!r1.analyzed || !r2.analyzed)
        return out;
    out.checked = true;
    if (!notAbove(r2.memory.totalBytes(), r1.memory.totalBytes()))
        fail(out.failures, "ZeRO-3: more data parallelism raised memory per GPU",
            relationNum(r1.memory.totalBytes()) + " -> " + relationNum(r2.memory.totalBytes()));
    return out;
}

RelationOutcome fasterNic(Rng& rng, const Workload& w, const ResolvedConfiguration& rc,
    const AnalysisResult& result, const PartPool& pool)
{
    RelationOutcome out;
    // Fixed plan only: with "auto" the plan search may pick another plan on
    // the faster network (fastest step, not least communication), which
    // may well communicate more — a different plan, not a slower network.
    if (!rc.nic || rc.config.nicsPerNode <= 0 || !w.parallelism || !result.analyzed)
        return out;
    ResolvedConfiguration faster = rc;
    if (rng.chance(0.5)) {
        faster.nic->portSpeedGbps *= rng.real(1.0, 4.0);
        out.variant = {{"nic_port_speed_gbps", faster.nic->portSpeedGbps}};
    } else {
        std::vector<const Nic*> candidates;
        for (const auto& nic : pool.nics) {
            if (nic.totalGbps() >= rc.nic->totalGbps())
                candidates.push_back(&nic);
        }
        faster.nic = *rng.pick(candidates);
        faster.config.nicId = faster.nic->id;
        out.variant = {{"nic", faster.nic->id}};
    }
    const AnalysisResult r2 = analyze(w, faster);
    if (!r2.analyzed)
        return out;
    out.checked = true;
    if (!notAbove(r2.interconnect.exposedTimeS, result.interconnect.exposedTimeS))
        fail(out.failures, "a faster NIC raised exposed communication",
            relationNum(result.interconnect.exposedTimeS) + " -> "
                + relationNum(r2.interconnect.exposedTimeS));
    return out;
}

RelationOutcome moreGpus(
    Rng& rng, const Workload& w, const ResolvedConfiguration& rc, const AnalysisResult& result)
{
    RelationOutcome out;
    if (!result.infrastructure)
        return out;
    out.checked = true;
    // The infrastructure inputs of the base case, unchanged: whether the job
    // needs a fabric between nodes is a workload fact (its plan), and a
    // plan that fits one larger node needs no fabric — buying none is
    // cheaper for a reason, not a cost that falls with more hardware.
    const InfrastructureInputs inputs = infrastructureInputsFor(w, result, rc);
    const InfrastructureReport& before = *result.infrastructure;
    ResolvedConfiguration wider = rc;
    wider.config.gpusPerNode += rng.intBetween(1, 8);
    ResolvedConfiguration more = rc;
    more.config.nodes += rng.intBetween(1, 100);
    out.variant = {{"gpus_per_node", wider.config.gpusPerNode}, {"nodes", more.config.nodes}};
    const InfrastructureReport a = checkInfrastructure(wider, inputs);
    const auto& p0 = before.power;
    const auto& p1 = a.power;
    expectNotBelow(out.failures, "node_w (more GPUs per node)", p1.nodeW, p0.nodeW);
    expectNotBelow(out.failures, "node_wall_w (more GPUs per node)", p1.nodeWallW, p0.nodeWallW);
    expectNotBelow(out.failures, "node wall typical W (more GPUs per node)", p1.nodeWallTypicalW,
        p0.nodeWallTypicalW);
    expectNotBelow(
        out.failures, "node wall idle W (more GPUs per node)", p1.nodeWallIdleW, p0.nodeWallIdleW);
    expectNotBelow(out.failures, "cluster_w (more GPUs per node)", p1.clusterW, p0.clusterW);
    expectNotBelow(
        out.failures, "capex (more GPUs per node)", a.cost.capexUsd, before.cost.capexUsd);
    const InfrastructureReport b = checkInfrastructure(more, inputs);
    expectNotBelow(out.failures, "cluster_w (more nodes)", b.power.clusterW, p0.clusterW);
    expectNotBelow(out.failures, "racks (more nodes)", double(b.power.racks), double(p0.racks));
    expectNotBelow(out.failures, "capex (more nodes)", b.cost.capexUsd, before.cost.capexUsd);
    return out;
}

RelationOutcome moreGpuMemory(
    Rng& rng, const Workload& w, const ResolvedConfiguration& rc, const AnalysisResult& result)
{
    RelationOutcome out;
    // Fixed plan only (see fasterNic): the search is free to choose differently.
    if (!w.parallelism || !result.analyzed || !result.fits)
        return out;
    out.checked = true;
    ResolvedConfiguration larger = rc;
    larger.gpu.memoryGb *= rng.real(1.0, 3.0);
    out.variant = {{"gpu_memory_gb", larger.gpu.memoryGb}};
    const AnalysisResult r2 = analyze(w, larger);
    if (!r2.analyzed || !r2.fits)
        fail(out.failures, "more GPU memory turned fits into does-not-fit",
            relationNum(rc.gpu.memoryGb) + " GB -> " + relationNum(larger.gpu.memoryGb) + " GB");
    return out;
}

} // namespace infrafit::property
