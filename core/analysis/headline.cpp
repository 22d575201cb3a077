// SPDX-License-Identifier: Apache-2.0
#include "core/analysis/headline.h"

#include <algorithm>
#include <cmath>

namespace infrafit {
namespace {

double headlineFinite(double value)
{
    return std::isfinite(value) ? value : 0;
}

} // namespace

Headline headlineOf(const AnalysisResult& r)
{
    Headline h;
    h.kind = r.kind;
    h.analyzed = r.analyzed;
    h.fits = r.analyzed && r.fits;
    h.bindingLimit = r.bindingLimit;
    h.memoryBytes = headlineFinite(r.memory.totalBytes());
    h.usableBytes = headlineFinite(r.usableBytes);
    const auto& p = r.performance;
    h.stepTimeS = headlineFinite(p.stepTimeS);
    h.tokensPerS = headlineFinite(p.tokensPerS);
    h.trainingDays = headlineFinite(p.trainingDays);
    h.mfu = headlineFinite(p.mfu);
    h.ttftS = headlineFinite(p.ttftS);
    h.tpotS = headlineFinite(p.tpotS);
    h.outputTokensPerS = headlineFinite(p.outputTokensPerS);
    const auto& c = r.interconnect;
    h.communicationFraction = headlineFinite(c.communicationFraction);
    double nicS = 0;
    nicS += c.tpLevel == LinkLevel::Nic ? c.tpTimeS : 0;
    nicS += c.dpLevel == LinkLevel::Nic ? c.dpTimeS : 0;
    nicS += c.ppLevel == LinkLevel::Nic ? c.ppTimeS : 0;
    nicS += c.epLevel == LinkLevel::Nic ? c.epTimeS : 0;
    const double periodS = r.kind == WorkloadKind::Training ? p.stepTimeS : p.tpotS;
    h.nicBusyFraction = periodS > 0 ? headlineFinite(std::min(1.0, nicS / periodS)) : 0;
    for (const auto& f : r.findings) {
        h.errors += f.severity == Severity::Error;
        h.warnings += f.severity == Severity::Warning;
        h.infos += f.severity == Severity::Info;
    }
    return h;
}

} // namespace infrafit
