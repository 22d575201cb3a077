// SPDX-License-Identifier: Apache-2.0
#include "core/layout/power_distribution.h"

#include "core/infra/electrical.h"
#include "core/base/finding_text.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace infrafit {

using infra::addFinding;

namespace {

int powerPhaseCount(const PduSpec& pdu)
{
    return pdu.phases == 3 ? 3 : 1;
}

/// Outlets of one type wired to phase `phase` (banks of equal size, the
/// remainder on the first phases).
int powerOutletsOnPhase(int outlets, int phases, int phase)
{
    const int base = outlets / phases;
    return base + (phase < outlets % phases ? 1 : 0);
}

/// First outlet number (1-based) of `type` on `phase`: C13 banks first,
/// then C19 banks.
int powerOutletBase(const PduSpec& pdu, OutletType type, int phase)
{
    const int phases = powerPhaseCount(pdu);
    int base = type == OutletType::C13 ? 0 : pdu.outletsC13;
    const int outlets = type == OutletType::C13 ? pdu.outletsC13 : pdu.outletsC19;
    for (int p = 0; p < phase; ++p)
        base += powerOutletsOnPhase(outlets, phases, p);
    return base + 1;
}

struct PowerPduState {
    std::array<std::array<int, 3>, 2> used {}; ///< [type][phase]
    std::array<double, 3> currentA {};
    std::array<int, 3> cords {};
};

/// Power cords of one device: count, outlet type and feed of each.
void powerPlanCords(const LayoutRequest& r, PlacedDevice& d)
{
    const auto& settings = r.inputs.settings;
    int cords = 2;
    double psuRatingW = 0;
    bool split = false; // first half on A, second on B (N+N)
    switch (d.role) {
    case DeviceRole::GpuNode:
        cords = std::max(1, r.nodePsus);
        psuRatingW = r.nodePsuWatts > 0 ? r.nodePsuWatts : d.maxW / cords;
        split = r.redundancy == PsuRedundancy::NPlusN;
        break;
    case DeviceRole::Pdu:
        return;
    case DeviceRole::Management:
        cords = std::max(1, r.inputs.management.psus);
        psuRatingW = d.maxW;
        break;
    case DeviceRole::FrontEnd:
        cords = std::max(1, r.inputs.frontEnd.psus);
        psuRatingW = d.maxW;
        break;
    default:
        cords = std::max(1, r.inputs.leaf.psus);
        psuRatingW = d.maxW;
        break;
    }
    // C13 outlets are rated 10 A (IEC 60320-1); a PSU that may draw more
    // at its rating takes a C19/C20 cord.
    const double volts = outletVoltage(r.inputs.pdu);
    const OutletType type
        = volts > 0 && psuRatingW / volts > settings.c13MaxA ? OutletType::C19 : OutletType::C13;
    d.cords.assign(static_cast<std::size_t>(cords), PowerCord {});
    const int onA = (cords + 1) / 2;
    for (int i = 0; i < cords; ++i) {
        PowerCord& c = d.cords[static_cast<std::size_t>(i)];
        c.feed = split ? (i < onA ? 0 : 1) : i % 2;
        c.outletType = type;
        c.typicalW = d.typicalW / cords;
        c.maxW = d.maxW / cords;
    }
}

/// Lowest blank run of at least `height` units, taken out of the blanks;
/// 0 when none.
int powerTakeUnits(Rack& rack, int height)
{
    for (auto it = rack.blanks.begin(); it != rack.blanks.end(); ++it) {
        if (it->second < height)
            continue;
        const int position = it->first;
        it->first += height;
        it->second -= height;
        if (it->second == 0)
            rack.blanks.erase(it);
        rack.usedU += height;
        return position;
    }
    return 0;
}

} // namespace

double outletVoltage(const PduSpec& pdu)
{
    if (pdu.phases == 3 && pdu.voltageV >= 380)
        return pdu.voltageV / std::sqrt(3.0);
    return std::max(0.0, pdu.voltageV);
}

bool phaseImbalanceMatters(const FeedLoad& feed)
{
    const double heaviest = std::max({feed.phaseA[0], feed.phaseA[1], feed.phaseA[2]});
    return feed.imbalancePercent > 10 && heaviest > 0.5 * feed.limitPerPhaseA;
}

double phaseImbalancePercent(const std::array<double, 3>& currents)
{
    const double mean = (currents[0] + currents[1] + currents[2]) / 3;
    if (!(mean > 0))
        return 0;
    double worst = 0;
    for (double c : currents)
        worst = std::max(worst, std::abs(c - mean));
    return 100 * worst / mean;
}

void distributeRackPower(const LayoutRequest& r, Rack& rack)
{
    const PduSpec& pdu = r.inputs.pdu;
    const auto& settings = r.inputs.settings;
    const int phases = powerPhaseCount(pdu);
    const double volts = outletVoltage(pdu);
    const double pf = settings.powerFactor > 0 ? settings.powerFactor : 1;
    const auto amps = [&](double watts) { return volts > 0 ? watts / (volts * pf) : 0.0; };

    rack.c13CordsPerFeed = {};
    rack.c19CordsPerFeed = {};
    for (auto& d : rack.devices) {
        powerPlanCords(r, d);
        for (const auto& c : d.cords)
            ++(c.outletType == OutletType::C13
                    ? rack.c13CordsPerFeed
                    : rack.c19CordsPerFeed)[static_cast<std::size_t>(c.feed)];
    }

    // PDUs per feed: the whole rack on one feed (2N), and outlets.
    // Real power one PDU carries at the continuous limit (as place_racks.cpp).
    const double usableW = 1000 * pf
        * feedUsableKw(pdu.voltageV, pdu.breakerA, pdu.phases, settings.continuousLoadFactor);
    const auto need = [](int cords, int outlets) {
        return cords <= 0
            ? 0
            : (outlets <= 0 ? std::numeric_limits<int>::max() : (cords + outlets - 1) / outlets);
    };
    int perFeed = usableW > 0 ? static_cast<int>(std::ceil(rack.maxW / usableW - 1e-9)) : 1;
    for (int f = 0; f < 2; ++f) {
        perFeed = std::max(
            perFeed, need(rack.c13CordsPerFeed[static_cast<std::size_t>(f)], pdu.outletsC13));
        perFeed = std::max(
            perFeed, need(rack.c19CordsPerFeed[static_cast<std::size_t>(f)], pdu.outletsC19));
    }
    perFeed = std::clamp(perFeed, 1, std::max(1, settings.maxPdusPerFeed));

    // A cord carries a whole share of its device, so cords cannot be split
    // evenly over the PDUs of a feed: when a PDU phase would exceed its
    // limit after a feed loss, one more PDU per feed is tried.
    const double limitA = pdu.breakerA * settings.continuousLoadFactor;
    const double rackBaseWeightKg = rack.weightKg;
    const auto rackBaseBlanks = rack.blanks;
    const int rackBaseUsedU = rack.usedU;
    for (;; ++perFeed) {
        rack.weightKg = rackBaseWeightKg;
        rack.blanks = rackBaseBlanks;
        rack.usedU = rackBaseUsedU;
        std::erase_if(
            rack.devices, [](const PlacedDevice& d) { return d.role == DeviceRole::Pdu; });
        for (auto& d : rack.devices)
            for (auto& c : d.cords)
                c.pdu = c.outlet = -1;
        rack.pdus.clear();
        std::vector<PowerPduState> state(static_cast<std::size_t>(2 * perFeed));
        for (int f = 0; f < 2; ++f)
            for (int k = 0; k < perFeed; ++k) {
                PduLoad load;
                load.name = rack.name + "-pdu-" + feedName(f) + std::to_string(k + 1);
                load.feed = f;
                rack.pdus.push_back(load);
                PlacedDevice d;
                d.name = load.name;
                d.role = DeviceRole::Pdu;
                d.part = pdu.id;
                d.face = RackFace::Rear;
                d.weightKg = pdu.weightKg;
                if (pdu.rackUnits > 0) {
                    d.heightU = pdu.rackUnits;
                    d.positionU = powerTakeUnits(rack, pdu.rackUnits);
                    if (d.positionU == 0)
                        d.heightU = 0; // no room: reported by checkRackPower as over units
                }
                rack.weightKg += d.weightKg;
                rack.devices.push_back(std::move(d));
            }

        // Plug each cord: least-loaded phase of its feed, then least-loaded
        // PDU; the heaviest cords first (longest-processing-time-first list
        // scheduling, Graham 1969: within 4/3 of the best balance), so a
        // light cord never tips a phase that a heavy one then overloads.
        std::array<std::array<double, 3>, 2> feedPhase {};
        rack.unpluggedCords = 0;
        std::vector<PowerCord*> order;
        for (auto& d : rack.devices)
            for (auto& c : d.cords)
                order.push_back(&c);
        std::stable_sort(order.begin(), order.end(),
            [](const PowerCord* a, const PowerCord* b) { return a->maxW > b->maxW; });
        for (PowerCord* cord : order) {
            PowerCord& c = *cord;
            const int t = c.outletType == OutletType::C13 ? 0 : 1;
            const int outlets = t == 0 ? pdu.outletsC13 : pdu.outletsC19;
            int bestPdu = -1;
            int bestPhase = -1;
            for (int ph = 0; ph < phases; ++ph) {
                if (bestPhase >= 0
                    && feedPhase[static_cast<std::size_t>(c.feed)][static_cast<std::size_t>(ph)]
                        >= feedPhase[static_cast<std::size_t>(c.feed)]
                                    [static_cast<std::size_t>(bestPhase)])
                    continue;
                int pick = -1;
                for (int k = 0; k < perFeed; ++k) {
                    const int index = c.feed * perFeed + k;
                    const auto& s = state[static_cast<std::size_t>(index)];
                    if (s.used[static_cast<std::size_t>(t)][static_cast<std::size_t>(ph)]
                        >= powerOutletsOnPhase(outlets, phases, ph))
                        continue;
                    if (pick < 0
                        || s.currentA[static_cast<std::size_t>(ph)]
                            < state[static_cast<std::size_t>(pick)]
                                  .currentA[static_cast<std::size_t>(ph)])
                        pick = index;
                }
                if (pick >= 0) {
                    bestPdu = pick;
                    bestPhase = ph;
                }
            }
            if (bestPdu < 0) {
                ++rack.unpluggedCords;
                continue;
            }
            auto& s = state[static_cast<std::size_t>(bestPdu)];
            int& used
                = s.used[static_cast<std::size_t>(t)][static_cast<std::size_t>(bestPhase)];
            c.pdu = bestPdu;
            c.phase = bestPhase;
            c.outlet = powerOutletBase(pdu, c.outletType, bestPhase) + used;
            ++used;
            const double a = amps(c.maxW);
            s.currentA[static_cast<std::size_t>(bestPhase)] += a;
            ++s.cords[static_cast<std::size_t>(bestPhase)];
            feedPhase[static_cast<std::size_t>(c.feed)][static_cast<std::size_t>(bestPhase)]
                += a;
            auto& load = rack.pdus[static_cast<std::size_t>(bestPdu)];
            load.phaseA[static_cast<std::size_t>(bestPhase)] += a;
            ++(t == 0 ? load.usedC13 : load.usedC19);
        }

        // One feed lost: each device's cords on the other feed carry it all.
        rack.feedLoss.clear();
        bool hasNodes = false;
        for (int lost = 0; lost < 2; ++lost) {
            FeedLossCheck check;
            check.lostFeed = feedName(lost);
            check.limitA = limitA;
            for (const auto& d : rack.devices) {
                if (d.cords.empty())
                    continue;
                hasNodes = hasNodes || d.role == DeviceRole::GpuNode;
                int surviving = 0;
                for (const auto& c : d.cords)
                    surviving += c.feed != lost && c.pdu >= 0 ? 1 : 0;
                if (surviving == 0) {
                    ++check.devicesWithoutPower;
                    continue;
                }
                for (const auto& c : d.cords)
                    if (c.feed != lost && c.pdu >= 0)
                        rack.pdus[static_cast<std::size_t>(c.pdu)]
                            .phaseFailA[static_cast<std::size_t>(c.phase)]
                            += amps(d.maxW / surviving);
            }
            for (const auto& p : rack.pdus)
                if (p.feed != lost)
                    for (double a : p.phaseFailA)
                        check.worstPhaseA = std::max(check.worstPhaseA, a);
            check.survives = check.worstPhaseA <= limitA + 1e-9 && check.devicesWithoutPower == 0;
            if (check.devicesWithoutPower > 0)
                check.note = infra::counted(check.devicesWithoutPower, "device has", "devices have")
                    + " every cord on feed " + check.lostFeed;
            else if (check.worstPhaseA > limitA + 1e-9)
                check.note = "a PDU phase on feed " + feedName(1 - lost) + " would carry "
                    + infra::num(check.worstPhaseA, 1) + " A, above " + infra::num(limitA, 1)
                    + " A";
            if (hasNodes && !r.nodeSurvivesFeedLoss) {
                check.survives = false;
                check.note += std::string(check.note.empty() ? "" : "; ")
                    + "the node's PSUs on one feed cannot carry it (power.feed_loss)";
            }
            rack.feedLoss.push_back(std::move(check));
        }

        // Another PDU helps only where an overloaded phase holds two cords
        // or more (one cord cannot be split).
        bool overloaded = false;
        for (std::size_t k = 0; k < rack.pdus.size(); ++k)
            for (std::size_t ph = 0; ph < 3; ++ph)
                overloaded = overloaded
                    || (rack.pdus[k].phaseFailA[ph] > limitA + 1e-9 && state[k].cords[ph] >= 2);
        if (!overloaded || perFeed >= std::max(1, settings.maxPdusPerFeed))
            break;
    }

    rack.feeds.clear();
    for (int f = 0; f < 2; ++f) {
        FeedLoad feed;
        feed.name = feedName(f);
        feed.limitPerPhaseA = perFeed * limitA;
        for (auto& p : rack.pdus) {
            if (p.feed != f)
                continue;
            p.imbalancePercent = phases == 3 ? phaseImbalancePercent(p.phaseA) : 0;
            for (std::size_t ph = 0; ph < 3; ++ph) {
                feed.phaseA[ph] += p.phaseA[ph];
                feed.phaseFailA[ph] += p.phaseFailA[ph];
            }
        }
        feed.imbalancePercent = phases == 3 ? phaseImbalancePercent(feed.phaseA) : 0;
        rack.feeds.push_back(feed);
    }
}

void checkRackPower(const LayoutRequest& r, RackLayout& layout)
{
    const Rack* unplugged = nullptr;
    const Rack* imbalanced = nullptr;
    const Rack* feedLoss = nullptr;
    const Rack* over = nullptr;
    int unpluggedRacks = 0, imbalancedRacks = 0, feedLossRacks = 0, overRacks = 0;
    double worstImbalance = 0;
    std::string overWhat;
    for (const auto& rack : layout.racks) {
        if (rack.unpluggedCords > 0) {
            ++unpluggedRacks;
            unplugged = unplugged ? unplugged : &rack;
        }
        for (const auto& f : rack.feeds)
            if (phaseImbalanceMatters(f)) {
                ++imbalancedRacks;
                if (f.imbalancePercent > worstImbalance) {
                    worstImbalance = f.imbalancePercent;
                    imbalanced = &rack;
                }
                break;
            }
        for (const auto& c : rack.feedLoss)
            if (!c.survives) {
                ++feedLossRacks;
                feedLoss = feedLoss ? feedLoss : &rack;
                break;
            }
        std::string what;
        if (rack.usedU > rack.units)
            what = "units";
        else if (rack.powerLimitW > 0 && rack.maxW > rack.powerLimitW + 1e-6)
            what = "power";
        else if (rack.coolingLimitW > 0 && rack.maxW > rack.coolingLimitW + 1e-6)
            what = "cooling";
        else if (rack.weightLimitKg > 0 && rack.weightKg > rack.weightLimitKg + 1e-6)
            what = "weight";
        if (!what.empty()) {
            ++overRacks;
            if (!over) {
                over = &rack;
                overWhat = what;
            }
        }
    }
    const PduSpec& pdu = r.inputs.pdu;
    if (unplugged) {
        layout.ok = false;
        const int perFeed = static_cast<int>(unplugged->pdus.size() / 2);
        addFinding(layout.findings, Severity::Error, "layout.pdu_too_few_outlets",
            infra::counted(unpluggedRacks, "rack has", "racks have")
                + " power cords with no outlet: " + unplugged->name + " needs "
                + std::to_string(unplugged->c13CordsPerFeed[0]) + " C13 and "
                + std::to_string(unplugged->c19CordsPerFeed[0]) + " C19 outlets on feed A but its "
                + infra::counted(perFeed, "PDU", "PDUs") + " per feed (" + pdu.model + ") offer "
                + std::to_string(perFeed * pdu.outletsC13) + " C13 and "
                + std::to_string(perFeed * pdu.outletsC19) + " C19; "
                + std::to_string(unplugged->unpluggedCords) + " cords are left unplugged.",
            "Use a PDU with more outlets of the needed type or fewer nodes per rack.");
    }
    if (imbalanced)
        addFinding(layout.findings, Severity::Warning, "layout.phase_imbalance",
            infra::counted(imbalancedRacks, "rack has", "racks have")
                + " a feed whose phase currents differ by more than 10 % of their mean while its "
                  "heaviest phase carries more than half its continuous limit; worst "
                + imbalanced->name + " at " + infra::num(worstImbalance, 1) + " %.",
            "Move cords between phases or add a device to the light phase.");
    if (feedLoss) {
        layout.ok = false;
        std::string note;
        for (const auto& c : feedLoss->feedLoss)
            if (!c.survives) {
                note = "losing feed " + c.lostFeed + ": " + c.note;
                break;
            }
        addFinding(layout.findings, Severity::Error, "layout.feed_loss_overload",
            infra::counted(feedLossRacks, "rack does", "racks do")
                + " not survive the loss of one feed; first " + feedLoss->name + ", " + note + ".",
            "Use PDUs with a larger breaker, more PDUs per feed, fewer nodes per rack, or N+N "
            "PSUs.");
    }
    if (over) {
        layout.ok = false;
        addFinding(layout.findings, Severity::Error, "layout.rack_over_limit",
            infra::counted(overRacks, "rack exceeds", "racks exceed") + " a limit; first "
                + over->name + " (" + overWhat + ").",
            "Raise the rack's limits or use lighter or smaller parts.");
    }
}

} // namespace infrafit
