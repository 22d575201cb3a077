// SPDX-License-Identifier: Apache-2.0
#include "core/layout/layout_parts.h"

#include "core/base/finite_value.h"
#include "core/layout/plan_layout.h"

#include <algorithm>
#include <cmath>

namespace infrafit {

namespace {

std::string layoutPartModel(const PartInfo& info)
{
    return info.vendor.empty() ? info.model : info.vendor + " " + info.model;
}

template <class T>
std::optional<T> layoutCatalogPart(const PartLookup& catalog, std::string_view id)
{
    if (!catalog)
        return std::nullopt;
    const auto part = catalog(id);
    if (!part || !std::holds_alternative<T>(*part))
        return std::nullopt;
    return std::get<T>(*part);
}

} // namespace

SwitchSpec switchSpecFrom(const NetworkSwitch& part)
{
    SwitchSpec s;
    s.id = part.id;
    s.model = layoutPartModel(part);
    s.ports = part.ports;
    s.portSpeedGbps = part.portSpeedGbps;
    s.rackUnits = std::max(1, part.rackUnits);
    s.maxW = positiveOrZero(part.maxPowerW);
    s.typicalW = std::min(s.maxW, positiveOrZero(part.typicalOrMaxW()));
    s.weightKg = positiveOrZero(part.weightKg);
    s.priceUsd = positiveOrZero(part.priceUsd);
    s.psus = std::max(1, part.powerSupplies);
    s.source = part.source;
    s.catalogPart = part;
    return s;
}

PduSpec pduSpecFrom(const Pdu& part)
{
    PduSpec p;
    p.id = part.id;
    p.model = layoutPartModel(part);
    p.outletsC13 = std::max(0, part.outletsC13);
    p.outletsC19 = std::max(0, part.outletsC19);
    p.phases = part.phases == 1 ? 1 : 3;
    p.voltageV = positiveOrZero(part.voltageV);
    p.breakerA = positiveOrZero(part.breakerA);
    p.rackUnits = std::max(0, part.rackUnits);
    p.weightKg = positiveOrZero(part.weightKg);
    p.priceUsd = positiveOrZero(part.priceUsd);
    p.source = part.source;
    p.catalogPart = part;
    return p;
}

NetworkSwitch switchPartOf(const SwitchSpec& spec)
{
    if (spec.catalogPart)
        return *spec.catalogPart;
    NetworkSwitch s;
    s.id = spec.id;
    s.vendor = "InfraFit";
    s.model = spec.model;
    s.ports = std::max(1, spec.ports);
    s.portSpeedGbps = spec.portSpeedGbps;
    s.rackUnits = std::max(1, spec.rackUnits);
    s.maxPowerW = spec.maxW;
    s.typicalPowerW = spec.typicalW;
    s.powerSupplies = std::max(1, spec.psus);
    s.fullDepth = true; // the built-in switches have the QM9700's full-depth body
    s.weightKg = positiveOrNone(spec.weightKg);
    s.priceUsd = positiveOrNone(spec.priceUsd);
    s.source = spec.source;
    s.notes = "built-in layout default, not a catalog part";
    return s;
}

Pdu pduPartOf(const PduSpec& spec)
{
    if (spec.catalogPart)
        return *spec.catalogPart;
    Pdu p;
    p.id = spec.id;
    p.vendor = "InfraFit";
    p.model = spec.model;
    p.outletsC13 = spec.outletsC13;
    p.outletsC19 = spec.outletsC19;
    p.phases = spec.phases;
    p.voltageV = spec.voltageV;
    p.breakerA = spec.breakerA;
    p.rackUnits = spec.rackUnits;
    p.weightKg = positiveOrNone(spec.weightKg);
    p.priceUsd = positiveOrNone(spec.priceUsd);
    p.source = spec.source;
    p.notes = "built-in layout default, not a catalog part";
    return p;
}

LayoutInputs layoutInputsFor(
    const ResolvedConfiguration& rc, const FabricReport& fabric, const PartLookup& catalog)
{
    LayoutInputs in = defaultLayoutInputs(fabric);
    if (rc.fabricSwitch) {
        in.leaf = switchSpecFrom(*rc.fabricSwitch);
    } else if (fabric.needed && rc.nic) {
        for (const auto id : defaultFabricSwitchIds) {
            const auto part = layoutCatalogPart<NetworkSwitch>(catalog, id);
            if (part && part->ports == fabric.switchUsed.radix
                && part->portSpeedGbps == fabric.switchUsed.portSpeedGbps
                && part->protocol == rc.nic->protocol) {
                in.leaf = switchSpecFrom(*part);
                break;
            }
        }
    }
    if (const auto management = layoutCatalogPart<NetworkSwitch>(catalog, defaultManagementSwitchId))
        in.management = switchSpecFrom(*management);
    if (rc.pdu)
        in.pdu = pduSpecFrom(*rc.pdu);
    else if (const auto pdu = layoutCatalogPart<Pdu>(catalog, defaultPduId))
        in.pdu = pduSpecFrom(*pdu);
    return in;
}

std::vector<Part> layoutParts(const ResolvedConfiguration& rc, const LayoutInputs& inputs)
{
    std::vector<Part> parts;
    const auto add = [&parts](Part part) {
        const auto& id = infoOf(part).id;
        if (std::none_of(parts.begin(), parts.end(),
                         [&id](const Part& p) { return infoOf(p).id == id; }))
            parts.push_back(std::move(part));
    };
    add(rc.chassis);
    add(switchPartOf(inputs.leaf));
    add(switchPartOf(inputs.frontEnd));
    add(switchPartOf(inputs.management));
    add(pduPartOf(inputs.pdu));
    return parts;
}

} // namespace infrafit
