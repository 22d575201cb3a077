// SPDX-License-Identifier: Apache-2.0
#include "core/output/serving_text.h"

#include "core/output/text_line.h"

#include <cstdio>

namespace infrafit {

std::string requestRateText(double perS)
{
    if (!(perS > 0))
        return "0";
    if (perS < 1e-4)
        return "< 0.0001";
    // Two decimals from 0.1 up (as before), fewer digits for large rates,
    // and two significant digits below 0.1, where "0.00" hid a real demand.
    const char* format = perS >= 100 ? "%.0f" : perS >= 10 ? "%.1f" : perS >= 0.1 ? "%.2f" : "%.2g";
    char text[32];
    std::snprintf(text, sizeof text, format, perS);
    return text;
}

void appendServingText(std::string& out, const ServingReport& r)
{
    const std::string demand = requestRateText(r.demandRequestsPerS);
    const std::string capacity = requestRateText(r.capacityRequestsPerS);
    if (r.closedLoop)
        appendLine(out, "Serving: %d users (%s requests/s); one replica of %d GPU%s holds %d users "
                  "(%s requests/s) under the SLA",
             r.demandUsers, demand.c_str(), r.gpusPerReplica, r.gpusPerReplica == 1 ? "" : "s",
             r.capacityUsers, capacity.c_str());
    else
        appendLine(out, "Serving: %s requests/s; one replica of %d GPU%s holds %s requests/s under "
                  "the SLA (saturates at %s)",
             demand.c_str(), r.gpusPerReplica, r.gpusPerReplica == 1 ? "" : "s", capacity.c_str(),
             requestRateText(r.saturatedRequestsPerS).c_str());
    appendLine(out, "  needs %d replica%s%s on %d node%s; the configuration has %d replica%s: %s",
         r.replicasNeeded, r.replicasNeeded == 1 ? "" : "s",
         r.spareReplicas > 0 ? " (spare included)" : "", r.nodesNeeded,
         r.nodesNeeded == 1 ? "" : "s", r.replicasInConfiguration,
         r.replicasInConfiguration == 1 ? "" : "s",
         r.meetsSla ? "meets the SLA" : "DOES NOT meet the SLA");
    appendLine(out, "  on this configuration: TTFT p50 %.0f / p90 %.0f / p99 %.0f ms; TPOT p50 %.1f / "
              "p90 %.1f / p99 %.1f ms; goodput %s requests/s",
         r.ttftMs.p50, r.ttftMs.p90, r.ttftMs.p99, r.tpotMs.p50, r.tpotMs.p90, r.tpotMs.p99,
         requestRateText(r.goodputRequestsPerS).c_str());
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
