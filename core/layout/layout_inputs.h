// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/parts/network_switch.h"
#include "core/parts/pdu.h"

#include <optional>
#include <string>

namespace infrafit {

/// A switch as the rack layout needs it: height, power per PSU cord, weight,
/// price, ports. A plain value; catalog `switch` parts map onto it
/// (switchSpecFrom(), core/layout/layout_parts.h), which then keeps the part.
struct SwitchSpec {
    std::string id;
    std::string model;
    int ports = 0;
    double portSpeedGbps = 0;
    int rackUnits = 1;
    double typicalW = 0; ///< wall power under traffic
    double maxW = 0; ///< wall power with every port lit at maximum optic power
    double weightKg = 0;
    double priceUsd = 0;
    int psus = 2; ///< power cords, one per PSU (C14 inlets)
    std::string source;
    /// The catalog part it was made from; absent for a built-in default.
    std::optional<NetworkSwitch> catalogPart;
};

/// IEC 60320 outlet kinds a rack PDU carries.
enum class OutletType { C13, C19 };

/// A rack power distribution unit: its outlets by type, input (phases,
/// line-to-line voltage, breaker), height (0 = vertical 0U) and price.
/// Catalog `pdu` parts map onto it (pduSpecFrom(), layout_parts.h).
struct PduSpec {
    std::string id;
    std::string model;
    int outletsC13 = 0;
    int outletsC19 = 0;
    int phases = 3;
    double voltageV = 415; ///< line-to-line for three phase
    double breakerA = 32; ///< per phase
    int rackUnits = 0; ///< 0 = vertical (0U) at the rear
    double weightKg = 0;
    double priceUsd = 0;
    std::string source;
    /// The catalog part it was made from; absent for a built-in default.
    std::optional<Pdu> catalogPart;
};

/// Settings of the rack layout that are neither parts nor configuration
/// fields: modelling constants with their sources.
struct LayoutSettings {
    /// Nodes in one scalable unit of the rail-optimised fabric: 32 (NVIDIA
    /// DGX SuperPOD reference architecture, H100 and B200: one leaf per
    /// GPU rail per SU of 32 nodes).
    int scalableUnitNodes = 32;
    /// Continuous load on a breaker at most 80 % of its rating (NFPA 70
    /// NEC 210.19(A)(1) and 210.20(A); IEC sites may use 1.0;
    /// docs/reference/hardware.md §1.8).
    double continuousLoadFactor = 0.8;
    /// Power factor of server PSUs (80 PLUS Platinum and better require
    /// PF >= 0.95; docs/reference/hardware.md §1.6).
    double powerFactor = 0.95;
    /// Empty rack with doors and side panels, kg (APC NetShelter SX 42U
    /// 600 × 1200 mm: about 160 kg shipping weight; estimate).
    double emptyRackKg = 160;
    /// Most PDUs a rack carries per feed (two vertical channels per side at
    /// the rear; estimate).
    int maxPdusPerFeed = 3;
    /// A cable's slack: 0.5 m at each end for dressing and service loops
    /// (estimate), and lengths rounded up to whole 0.5 m (stock lengths).
    double cableSlackM = 1.0;
    double cableLengthStepM = 0.5;
    /// Longest passive copper (DAC) link: 3 m (NVIDIA NDR 400G/800G DAC
    /// families MCP4Y10 and MCP7Y00 stop at 3 m; issue 18: "DAC up to ~3 m").
    double dacMaxM = 3;
    /// Longest multimode optical link: 50 m (NVIDIA MMA4Z00-NS, NDR
    /// multimode SR4 transceiver, 50 m; QM97XX user manual, Interfaces);
    /// single-mode DR4 beyond (MMS4X00-NS, 100 m and more).
    double multimodeMaxM = 50;
    /// Longest 1000BASE-T copper run: 100 m (IEEE 802.3 clause 40).
    double copperMaxM = 100;
    /// One rack unit: 44.45 mm (EIA-310).
    double rackUnitM = 0.04445;
    /// Wall power of one PSU cord above which a C19/C20 cord is needed:
    /// C13 outlets are rated 10 A (IEC 60320-1), i.e. 2.3 kW at 230 V.
    double c13MaxA = 10;
};

/// Prices of cables and optics per type (estimates, as the fabric's
/// defaults in core/infra/fabric.cpp: street prices of 2024).
struct CablePrices {
    double dacUsd = 150; ///< passive copper, per cable
    double fibreUsd = 150; ///< MPO fibre, per cable
    double transceiverUsd = 1000; ///< per optic, two per optical link
    double singleModeTransceiverUsd = 1500;
    double copperUsd = 10; ///< Cat6 patch cord
    double powerCordUsd = 15; ///< C13/C19 cord
};

/// Everything the rack layout takes besides the configuration and its
/// analysis: the switches and PDU used, settings and prices.
struct LayoutInputs {
    SwitchSpec leaf; ///< back-end leaf; spine and core use the same switch
    SwitchSpec frontEnd; ///< storage / in-band Ethernet switch
    SwitchSpec management; ///< one per rack, out-of-band 1 GbE
    PduSpec pdu;
    LayoutSettings settings;
    CablePrices cablePrices;
};

/// NVIDIA Quantum-2 QM9700: 64 × NDR 400G in 32 OSFP cages, 1U, 14.8 kg,
/// two C14 power inlets (NVIDIA QM97XX user manual; NetBox devicetype-library
/// Nvidia/QM9700.yaml). Power as the fabric model estimates it
/// (core/infra/fabric.cpp).
SwitchSpec defaultLeafSwitch();

/// A 1U management switch, NVIDIA SN2201: 48 × 1GbE RJ45 + 4 × 100G
/// QSFP28, 7.41 kg (NetBox devicetype-library Nvidia/SN2201.yaml, from the
/// NVIDIA SN2000 series brief); power and price estimated.
SwitchSpec defaultManagementSwitch();

/// A vertical (0U) three-phase 415 V 32 A rack PDU with 24 C13 and 12 C19
/// outlets (the outlet mix of 0U three-phase 32 A PDUs for GPU racks, e.g.
/// APC AP8886's C13/C19 layout with more C19; figures are this project's
/// default, price estimated). Usable per feed: √3 × 415 V × 32 A × 0.8 = 18.4 kW.
PduSpec defaultRackPdu();

} // namespace infrafit
