// SPDX-License-Identifier: Apache-2.0
#include "core/output/layout_json.h"

#include "core/output/recommendation_json.h"
#include "core/base/finite_value.h"

#include <nlohmann/json.hpp>

namespace infrafit {

namespace {

nlohmann::json layoutJsonPhases(const std::array<double, 3>& phases)
{
    return nlohmann::json::array(
        {finiteOrZero(phases[0]), finiteOrZero(phases[1]), finiteOrZero(phases[2])});
}

nlohmann::json layoutJsonDevice(const PlacedDevice& d, const Rack& rack)
{
    nlohmann::json j {{"name", d.name}, {"role", std::string(enumName(d.role))}, {"part", d.part},
        {"position_u", d.positionU}, {"height_u", d.heightU},
        {"face", std::string(enumName(d.face))}, {"typical_w", finiteOrZero(d.typicalW)},
        {"max_w", finiteOrZero(d.maxW)}, {"weight_kg", finiteOrZero(d.weightKg)}};
    if (!d.cords.empty()) {
        auto cords = nlohmann::json::array();
        for (std::size_t i = 0; i < d.cords.size(); ++i) {
            const PowerCord& c = d.cords[i];
            nlohmann::json cord {{"psu", static_cast<int>(i) + 1}, {"feed", feedName(c.feed)},
                {"outlet_type", c.outletType == OutletType::C19 ? "C19" : "C13"},
                {"typical_w", finiteOrZero(c.typicalW)}, {"max_w", finiteOrZero(c.maxW)}};
            if (c.pdu >= 0) {
                cord["pdu"] = rack.pdus[static_cast<std::size_t>(c.pdu)].name;
                cord["outlet"] = c.outlet;
                cord["phase"] = "L" + std::to_string(c.phase + 1);
            } else {
                cord["pdu"] = nullptr;
            }
            cords.push_back(std::move(cord));
        }
        j["cords"] = std::move(cords);
    }
    return j;
}

nlohmann::json layoutJsonRack(const Rack& rack)
{
    auto devices = nlohmann::json::array();
    for (const auto& d : rack.devices)
        devices.push_back(layoutJsonDevice(d, rack));
    auto feeds = nlohmann::json::array();
    for (const auto& f : rack.feeds)
        feeds.push_back({{"name", f.name}, {"phases_a", layoutJsonPhases(f.phaseA)},
            {"phases_after_other_feed_lost_a", layoutJsonPhases(f.phaseFailA)},
            {"limit_per_phase_a", finiteOrZero(f.limitPerPhaseA)},
            {"imbalance_percent", finiteOrZero(f.imbalancePercent)}});
    auto pdus = nlohmann::json::array();
    for (const auto& p : rack.pdus)
        pdus.push_back({{"name", p.name}, {"feed", feedName(p.feed)}, {"used_c13", p.usedC13},
            {"used_c19", p.usedC19}, {"phases_a", layoutJsonPhases(p.phaseA)},
            {"phases_after_other_feed_lost_a", layoutJsonPhases(p.phaseFailA)},
            {"imbalance_percent", finiteOrZero(p.imbalancePercent)}});
    auto loss = nlohmann::json::array();
    for (const auto& c : rack.feedLoss)
        loss.push_back({{"lost_feed", c.lostFeed}, {"survives", c.survives},
            {"worst_phase_a", finiteOrZero(c.worstPhaseA)}, {"limit_a", finiteOrZero(c.limitA)},
            {"devices_without_power", c.devicesWithoutPower}, {"note", c.note}});
    auto blanks = nlohmann::json::array();
    for (const auto& [position, height] : rack.blanks)
        blanks.push_back({{"position_u", position}, {"height_u", height}});
    return {{"name", rack.name}, {"row", rack.row + 1}, {"column", rack.column + 1},
        {"units", rack.units}, {"used_u", rack.usedU}, {"power_w", finiteOrZero(rack.maxW)},
        {"typical_w", finiteOrZero(rack.typicalW)}, {"weight_kg", finiteOrZero(rack.weightKg)},
        {"limits",
            {{"power_w", finiteOrZero(rack.powerLimitW)},
                {"cooling_w", finiteOrZero(rack.coolingLimitW)},
                {"weight_kg", finiteOrZero(rack.weightLimitKg)}}},
        {"feeds", std::move(feeds)}, {"pdus", std::move(pdus)}, {"feed_loss", std::move(loss)},
        {"unplugged_cords", rack.unpluggedCords}, {"blanks", std::move(blanks)},
        {"devices", std::move(devices)}};
}

} // namespace

nlohmann::json layoutToJson(const RackLayout& layout)
{
    auto racks = nlohmann::json::array();
    for (const auto& rack : layout.racks)
        racks.push_back(layoutJsonRack(rack));
    auto cables = nlohmann::json::array();
    for (const auto& c : layout.cables)
        cables.push_back({{"from", c.from}, {"to", c.to}, {"type", c.type},
            {"length_m", finiteOrZero(c.lengthM)}, {"purpose", c.purpose}});
    auto totals = nlohmann::json::array();
    for (const auto& t : layout.cableTotals)
        totals.push_back(
            {{"type", t.type}, {"count", t.count}, {"length_m", finiteOrZero(t.lengthM)},
                {"transceivers_per_cable", t.transceiversPerCable},
                {"cable_unit_usd", finiteOrZero(t.cableUnitUsd)},
                {"transceiver_unit_usd", finiteOrZero(t.transceiverUnitUsd)},
                {"total_usd", finiteOrZero(t.totalUsd)}, {"price_source", t.priceSource}});
    return {{"ok", layout.ok},
        {"summary",
            {{"gpu_nodes", layout.gpuNodes}, {"unplaced_nodes", layout.unplacedNodes},
                {"leaf_switches", layout.leafSwitches}, {"spine_switches", layout.spineSwitches},
                {"core_switches", layout.coreSwitches},
                {"frontend_switches", layout.frontEndSwitches},
                {"management_switches", layout.managementSwitches}, {"pdus", layout.pdus},
                {"racks", layout.racks.size()}, {"cables", layout.cables.size()}}},
        {"racks", std::move(racks)}, {"cables", std::move(cables)},
        {"cable_totals", std::move(totals)}, {"findings", findingsToJson(layout.findings)}};
}

} // namespace infrafit
