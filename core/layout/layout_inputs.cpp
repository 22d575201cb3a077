// SPDX-License-Identifier: Apache-2.0
#include "core/layout/layout_inputs.h"

#include "core/infra/switch_power.h"
#include "core/layout/rack_layout.h"

namespace infrafit {

SwitchSpec defaultLeafSwitch()
{
    SwitchSpec s;
    s.id = "nvidia-qm9700";
    s.model = "NVIDIA Quantum-2 QM9700 (64 × 400G NDR)";
    s.ports = 64;
    s.portSpeedGbps = 400;
    s.rackUnits = 1;
    // Chassis 900 W (estimate, as core/infra/fabric.cpp) plus every port's
    // optic at 400G (NVIDIA transceiver figures, core/infra/switch_power.h).
    const SwitchPortPower optic = switchPortOpticW(400);
    s.typicalW = 900 + s.ports * optic.typicalW;
    s.maxW = 900 + s.ports * optic.maxW;
    s.weightKg = 14.8;
    s.priceUsd = 30000;
    s.psus = 2;
    s.source = "NVIDIA QM97XX user manual (64 × NDR, 32 OSFP cages, 1U, 2 PSUs); NetBox "
               "devicetype-library Nvidia/QM9700 (14.8 kg, two C14 inlets); power and price "
               "estimated";
    return s;
}

SwitchSpec defaultManagementSwitch()
{
    SwitchSpec s;
    s.id = "nvidia-sn2201";
    s.model = "NVIDIA SN2201 (48 × 1GbE + 4 × 100G)";
    s.ports = 48;
    s.portSpeedGbps = 1;
    s.rackUnits = 1;
    s.typicalW = 100; // estimate
    s.maxW = 150; // estimate
    s.weightKg = 7.41;
    s.priceUsd = 5000; // estimate
    s.psus = 2;
    s.source = "NetBox devicetype-library Nvidia/SN2201 (1U, 7.41 kg, 48 × 1000BASE-T, "
               "4 × QSFP28, 2 PSUs; NVIDIA SN2000 series brief); power and price estimated";
    return s;
}

PduSpec defaultRackPdu()
{
    PduSpec p;
    p.id = "pdu-0u-3ph-415v-32a";
    p.model = "0U metered PDU, 3-phase 415 V 32 A, 24 × C13 + 12 × C19";
    p.outletsC13 = 24;
    p.outletsC19 = 12;
    p.phases = 3;
    p.voltageV = 415;
    p.breakerA = 32;
    p.rackUnits = 0;
    p.weightKg = 10; // estimate
    p.priceUsd = 2500; // estimate
    p.source = "outlet mix assumed (C13/C19 per IEC 60320-1; 3-phase 32 A IEC 60309 inlet); "
               "weight and price estimated";
    return p;
}

std::string feedName(int feed)
{
    return feed == 0 ? "A" : "B";
}

} // namespace infrafit
