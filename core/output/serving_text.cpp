// SPDX-License-Identifier: Apache-2.0
#include "core/output/serving_text.h"

#include "core/output/text_line.h"

namespace infrafit {

void appendServingText(std::string& out, const ServingReport& r)
{
    if (r.closedLoop)
        appendLine(out, "Serving: %d users (%.2f requests/s); one replica of %d GPUs holds %d users "
                  "(%.2f requests/s) under the SLA",
             r.demandUsers, r.demandRequestsPerS, r.gpusPerReplica, r.capacityUsers,
             r.capacityRequestsPerS);
    else
        appendLine(out, "Serving: %.2f requests/s; one replica of %d GPUs holds %.2f requests/s under "
                  "the SLA (saturates at %.2f)",
             r.demandRequestsPerS, r.gpusPerReplica, r.capacityRequestsPerS,
             r.saturatedRequestsPerS);
    appendLine(out, "  needs %d replica%s%s on %d node%s; the configuration has %d replica%s: %s",
         r.replicasNeeded, r.replicasNeeded == 1 ? "" : "s",
         r.spareReplicas > 0 ? " (spare included)" : "", r.nodesNeeded,
         r.nodesNeeded == 1 ? "" : "s", r.replicasInConfiguration,
         r.replicasInConfiguration == 1 ? "" : "s",
         r.meetsSla ? "meets the SLA" : "DOES NOT meet the SLA");
    appendLine(out, "  on this configuration: TTFT p50 %.0f / p90 %.0f / p99 %.0f ms; TPOT p50 %.1f / "
              "p90 %.1f / p99 %.1f ms; goodput %.2f requests/s",
         r.ttftMs.p50, r.ttftMs.p90, r.ttftMs.p99, r.tpotMs.p50, r.tpotMs.p90, r.tpotMs.p99,
         r.goodputRequestsPerS);
    appendLine(out, "  KV cache occupancy mean %.0f%%, peak %.0f%%; %d preemptions",
         100 * r.meanKvOccupancy, 100 * r.peakKvOccupancy, r.preemptions);
    appendLine(out, "  sized cluster: GPU utilisation %.0f%%, $%.2f/h, %.0f W at the wall; $%.3f per "
              "million output tokens ($%.3f per million input + output), %.2f kWh (%.0f g CO2e) "
              "per million output tokens",
         100 * r.gpuUtilization, r.clusterUsdPerHour, r.clusterWallW,
         r.costPerMillionOutputTokensUsd, r.costPerMillionTokensUsd,
         r.energyKwhPerMillionOutputTokens, r.co2GPerMillionOutputTokens);
    appendLine(out, "  step time: %s", r.stepTimeSource.c_str());
}

} // namespace infrafit
