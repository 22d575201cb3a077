#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Builds InfraFit's shipped default parts catalog from the reference survey.

Usage:
    python3 catalog/data/build_default_catalog.py /work/shared/reference/hardware.json \
        > catalog/data/default-catalog.json

Reads hardware.json (gpus, chassis, cpus, nvme, nics, psus, cooling; its `racks` and
`switches` survey entries are ignored: the shipped switches and PDUs, with their sources, are
the NETWORK_PARTS table below), maps each entry onto the part fields of
core/parts/field_spec.cpp, applies the price and estimate tables below, validates the result
against the same rules the C++ core applies, and prints
{"format": "infrafit-catalog", "version": 1, "parts": [...]} to stdout.

The output is deterministic: parts in kind order gpu, chassis, cpu, nvme, nic, psu, cooling,
switch, pdu (file order within a kind), keys sorted, 2-space indent, whole numbers as integers, trailing
newline. Any validation problem is printed to stderr and the exit status is 1 (2 for bad usage
or an unreadable input).

Python 3 standard library only.
"""

import json
import math
import os
import re
import sys

# ---------------------------------------------------------------------------------------------
# Field registry: mirror of core/parts/field_spec.cpp (key -> spec). Keep in sync; when the
# C++ file is found next to this script, the key sets are compared and any drift is an error.
#   type: number | integer | text | choice | list | flag
#   req: required;  pos: must be > 0;  lo/hi: inclusive range;  choices: allowed values
# ---------------------------------------------------------------------------------------------

GPU_FORMS = ["sxm", "oam", "pcie"]
# NetBox device-type airflow choices (devicetype-library schema, generated_schema.json)
AIRFLOWS = ["front-to-rear", "rear-to-front", "left-to-right", "right-to-left", "side-to-rear",
            "passive", "mixed"]
PRECISIONS = ["fp64", "fp32", "tf32", "bf16", "fp16", "fp8", "fp6", "fp4", "int8", "int4"]


def _f(type_, req=False, pos=False, lo=None, hi=None, choices=None):
    return {"type": type_, "req": req, "pos": pos, "lo": lo, "hi": hi, "choices": choices}


def positive(req, hi):
    return _f("number", req, True, 0, hi)


def ranged(req, lo, hi):
    return _f("number", req, False, lo, hi)


def integer(req, lo, hi):
    return _f("integer", req, False, lo, hi)


COMMON = {
    "id": _f("text", True),
    "vendor": _f("text", True),
    "model": _f("text", True),
    "price_usd": ranged(False, 0, 1e9),
    "price_note": _f("text"),
    "source": _f("text"),
    "confidence": _f("choice", choices=["published", "estimate"]),
    "estimated_fields": _f("list"),  # items must be keys of the kind (checked separately)
    "notes": _f("text"),
    "part_number": _f("text"),  # manufacturer part number; left out unless sourced
}

KIND_FIELDS = {
    "gpu": {
        "architecture": _f("text"),
        "release_year": integer(False, 1990, 2100),
        "memory_gb": positive(True, 1e5),
        "memory_type": _f("text"),
        "memory_bandwidth_gbs": positive(True, 1e6),
        "bf16_tflops": positive(False, 1e6),
        "fp16_tflops": positive(False, 1e6),
        "fp8_tflops": positive(False, 1e6),
        "fp4_tflops": positive(False, 1e6),
        "tf32_tflops": positive(False, 1e6),
        "fp32_tflops": positive(False, 1e6),
        "fp64_tflops": positive(False, 1e6),
        "int8_tops": positive(False, 1e6),
        "tdp_w": positive(True, 20000),
        "form_factor": _f("choice", True, choices=GPU_FORMS),
        "slot_width": integer(False, 1, 6),
        "gpu_link": _f("text"),
        "gpu_link_gbs": ranged(True, 0, 1e6),
        "pcie_gen": integer(True, 1, 7),
        "pcie_lanes": integer(True, 1, 64),
        "precisions": _f("list", choices=PRECISIONS),
        "requires_liquid_cooling": _f("flag"),
        # "NAME compute=A/B memory=A/B memory_gb=G max=N [whole_gpu]" (core/parts/partition_profile.h)
        "partition_profiles": _f("list"),
        # the baseboard / platform a module GPU mounts on (catalog migration 11)
        "baseboard": _f("text"),
        # GB/s one way to the CPU's memory over NVLink-C2C (catalog migration 15)
        "host_link_gbs": positive(False, 1e5),
        # the memory in GiB where the vendor sizes it so, as for HBM (catalog migration 16)
        "memory_gib": positive(False, 1e5),
    },
    "chassis": {
        "rack_units": integer(True, 1, 60),
        "max_gpus": integer(True, 1, 1024),
        "gpu_form_factor": _f("choice", True, choices=GPU_FORMS),
        "other_gpu_form_factors": _f("list", choices=GPU_FORMS),
        "max_gpu_tdp_w": positive(True, 20000),
        "cpu_sockets": integer(True, 0, 16),
        "dimm_slots": integer(False, 0, 256),
        "nvme_bays": integer(True, 0, 256),
        "pcie_slots": integer(True, 0, 64),
        "psu_slots": integer(True, 0, 64),
        "psu_watts_each": positive(False, 100000),
        "max_system_power_w": positive(False, 1e6),
        "base_power_w": ranged(True, 0, 1e6),
        "base_power_includes_components": _f("flag"),
        "price_includes_parts": _f("flag"),
        "cooling": _f("choice", True, choices=["air", "liquid"]),
        "liquid_cooling_option": _f("flag"),
        "max_inlet_temp_c": ranged(False, 0, 80),
        "weight_kg": positive(False, 10000),
        "depth_mm": positive(False, 5000),
        "gpu_fabric": _f("choice", True, choices=["nvswitch", "pcie", "xgmi"]),
        "system_parts": _f("list"),  # "ID:COUNT" of parts in this catalog (checked below)
        # manageability and security (catalog migration 7): only where a datasheet says so
        "bmc_type": _f("text"),
        "redfish_version": _f("text"),
        "secure_boot": _f("flag"),
        "tpm": _f("flag"),
        "hardware_root_of_trust": _f("flag"),
        "signed_firmware": _f("flag"),
        "oob_management_nic": _f("flag"),
        "hot_swap_psus": _f("flag"),
        "hot_swap_fans": _f("flag"),
        "service_access": _f("choice", choices=["front", "rear", "front_and_rear"]),
        # the CPU socket of the board (catalog migration 10), from the CPU family its
        # datasheet names; a CPU of another socket cannot go in
        "cpu_socket": _f("text"),
        # the GPU baseboards the chassis is built for (catalog migration 11), from the GPU
        # models its datasheet names; a module GPU of another baseboard cannot go in
        "gpu_baseboards": _f("list"),
        # nodes are bought in whole multiples of this many (catalog migration 12)
        "node_multiple": integer(False, 1, 1024),
        # GPUs the GPU fabric joins across nodes (catalog migration 13)
        "fabric_domain_gpus": integer(False, 1, 1000000),
        # the network adapters it is built with, "ID:COUNT" (catalog migration 14)
        "nic_options": _f("list"),
    },
    "cpu": {
        "cores": integer(True, 1, 4096),
        "threads": integer(False, 1, 8192),
        "base_ghz": positive(False, 20),
        "boost_ghz": positive(False, 20),
        "tdp_w": positive(True, 5000),
        "pcie_lanes": integer(True, 0, 1024),
        "pcie_gen": integer(True, 1, 7),
        "memory_channels": integer(False, 1, 64),
        "memory_type": _f("text"),
        "memory_speed_mts": positive(False, 1e5),
        "memory_bandwidth_gbs": positive(True, 1e5),
        "socket": _f("text"),  # catalog migration 10
    },
    "nvme": {
        "capacity_tb": positive(True, 10000),
        "form_factor": _f("text"),
        "pcie_gen": integer(True, 1, 7),
        "pcie_lanes": integer(True, 1, 16),
        "read_mbs": positive(True, 1e6),
        "write_mbs": positive(True, 1e6),
        "random_read_kiops": positive(False, 1e6),
        "random_write_kiops": positive(False, 1e6),
        "power_w": positive(True, 1000),
        "dwpd": positive(False, 1000),
    },
    "nic": {
        "ports": integer(True, 1, 64),
        "port_speed_gbps": positive(True, 1e5),
        "protocol": _f("choice", True, choices=["infiniband", "ethernet"]),
        "connector": _f("text"),
        "pcie_gen": integer(True, 1, 7),
        "pcie_lanes": integer(True, 1, 64),
        "power_w": ranged(True, 0, 2000),
        "gpudirect_rdma": _f("flag"),
        "dpu": _f("flag"),
        "isolation_offload": _f("flag"),
    },
    "psu": {
        "watts": positive(True, 1e6),
        "efficiency": ranged(True, 0.5, 1),
        "efficiency_rating": _f("text"),
        "efficiency_10": ranged(False, 0.3, 1),
        "efficiency_20": ranged(False, 0.3, 1),
        "efficiency_50": ranged(False, 0.3, 1),
        "efficiency_100": ranged(False, 0.3, 1),
        "form_factor": _f("text"),
        "input_voltage": _f("text"),
    },
    "cooling": {
        "type": _f("choice", True, choices=["air", "rear_door", "direct_liquid", "immersion"]),
        "max_heat_kw_per_rack": positive(True, 10000),
        "typical_heat_kw_per_rack": positive(False, 10000),
        "pue_low": ranged(False, 1, 5),
        "pue_high": ranged(False, 1, 5),
        "fraction_heat_to_liquid": ranged(False, 0, 1),
        "facility_needs": _f("text"),
    },
    "switch": {
        "ports": integer(True, 1, 4096),
        "port_speed_gbps": positive(True, 1e5),
        "protocol": _f("choice", True, choices=["infiniband", "ethernet"]),
        "connector": _f("text"),
        "uplink_ports": integer(False, 0, 1024),
        "uplink_speed_gbps": positive(False, 1e5),
        "rack_units": integer(True, 1, 60),
        "max_power_w": positive(True, 1e5),
        "typical_power_w": positive(False, 1e5),
        "power_supplies": integer(True, 1, 16),
        "weight_kg": positive(False, 1000),
        "full_depth": _f("flag"),
        "airflow": _f("choice", choices=AIRFLOWS),
    },
    "pdu": {
        "outlets_c13": integer(True, 0, 1000),
        "outlets_c19": integer(True, 0, 1000),
        "phases": integer(True, 1, 3),
        "voltage_v": positive(True, 1000),
        "breaker_a": positive(True, 1000),
        "rack_units": integer(True, 0, 60),
        "metered": _f("flag"),
        "switched": _f("flag"),
        "input_plug": _f("text"),
        "weight_kg": positive(False, 1000),
    },
}

KIND_ORDER = ["gpu", "chassis", "cpu", "nvme", "nic", "psu", "cooling", "switch", "pdu"]
# hardware.json array per kind
SOURCE_ARRAY = {"gpu": "gpus", "chassis": "chassis", "cpu": "cpus", "nvme": "nvme",
                "nic": "nics", "psu": "psus", "cooling": "cooling"}
# Minimum number of parts per kind the shipped catalog must hold.
MINIMUM_COUNT = {"gpu": 20, "chassis": 10, "cpu": 10, "nvme": 6, "nic": 8, "psu": 6,
                 "cooling": 5, "switch": 3, "pdu": 1}


def fields_of(kind):
    spec = dict(COMMON)
    spec.update(KIND_FIELDS[kind])
    return spec


# =============================================================================================
# OVERRIDE TABLES (edit here). Every figure added below names where it comes from.
# =============================================================================================

# ---- Prices ---------------------------------------------------------------------------------
# part id -> (price_usd, price_note, is_list_price)
# A price is an estimate (and "price_usd" goes into estimated_fields) unless is_list_price is
# True, in which case price_note starts with "list price". Every part has a price: a first run
# must not add unknown terms as $0 (issue 23). Where no list price or quote for the part was
# found, the figure is an estimate by analogy or by difference from a sourced figure, and the
# note says which figure and how (PRICES_BY_ANALOGY below); replace them with quotes.
PRICES = {
    # GPUs
    "nvidia-a100-sxm4-80gb": (
        12000,
        "estimate: ~$10-15k per GPU on the secondary market in early 2026 (awesomeagents.ai); "
        "new A100 80GB units $8-15k in 2026 (aitooldiscovery.com)", False),
    "nvidia-a100-pcie-80gb": (
        10000,
        "estimate: new A100 80GB units $8-15k in 2026 (aitooldiscovery.com); the PCIe card is "
        "taken in the lower half of that range", False),
    "nvidia-h100-sxm5-80gb": (
        27500,
        "estimate: street ~$25-30k per GPU (awesomeagents.ai); Hugging Face hardware page lists "
        "$30k (via docs/reference/hardware.md)", False),
    "nvidia-h100-pcie-80gb": (
        25000,
        "estimate: H100 cards sold at $25-40k depending on form factor (stratrix.com); the PCIe "
        "card is taken at the low end", False),
    "nvidia-h200-sxm-141gb": (
        32000, "estimate: Hugging Face hardware page lists $32k (via docs/reference/hardware.md)", False),
    "nvidia-b200-sxm-180gb": (
        40000,
        "estimate: on-premise B200 module $30-50k (datastorage.com price snapshot); midpoint",
        False),
    "nvidia-l40s-48gb": (
        9000, "estimate: $9,000 MSRP used by rentgpu.org's buy-vs-rent calculator", False),
    "nvidia-l4-24gb": (
        2500,
        "estimate: ~$2,500 retail (runlocalai.co); chipversus.com lists an MSRP of $2,345",
        False),
    "nvidia-rtx-pro-6000-blackwell-server": (
        8565,
        "estimate by analogy: chipversus.com lists the RTX PRO 6000 (Blackwell) at an MSRP of "
        "$8,565; the Server Edition is assumed to cost about the same", False),
    "nvidia-rtx-4090-24gb": (
        1599, "list price: launch MSRP $1,599 (pcspecchart.com)", True),
    "amd-mi300x-192gb": (
        12500, "estimate: street $10-15k (awesomeagents.ai, via docs/reference/hardware.md); midpoint", False),
    "amd-mi325x-256gb": (
        20000,
        "estimate, low confidence: MSRP $20,000 shown by willitrunai.com (a third-party page "
        "that also mislabels the architecture); AMD publishes no list price", False),
    "intel-gaudi3-128gb": (
        15625,
        "estimate: 8-accelerator kit quoted at $125k (y-ic.de, via docs/reference/hardware.md) / 8", False),
    # Complete systems: the price covers the GPUs too (see notes on those parts).
    "nvidia-dgx-h100": (
        199000,
        "estimate: base price reported by supercluster.blog (via docs/reference/hardware.md); system price "
        "includes 8 H100 GPUs, 2 CPUs, memory, NICs, drives and PSUs", False),
    "nvidia-dgx-b200": (
        515000,
        "estimate: ~$515k reported for a DGX B200 (vengineer.hatenablog.com, March 2025); "
        "system price includes 8 B200 GPUs, 2 CPUs, memory, NICs/DPUs, drives and PSUs", False),
    # CPUs
    "amd-epyc-9654": (11805, "list price: AMD 1ku (AMD EPYC 9004 spec export)", True),
    "amd-epyc-9554": (9087, "list price: AMD 1ku (AMD EPYC 9004 spec export)", True),
    "amd-epyc-9754": (11900, "list price: AMD 1ku (AMD EPYC 9004 spec export)", True),
    "intel-xeon-6980p": (
        17800, "list price: Intel 1ku $17,800 at launch (as reported by iponshop.de)", True),
}

# Estimates by analogy or difference (issue 23): no list price or quote for the part itself was
# found with the search tool in December 2026, so each figure is derived from a sourced figure
# above or in docs/reference/hardware.md, and its note says how. All are estimates (low confidence).
_HGX_CHASSIS = (
    "estimate by difference, low confidence: complete HGX H200 8-GPU servers are quoted at "
    "$280-320k (market note in a public GitHub doc, via docs/reference/hardware.md); less 8 GPUs at $32k "
    "(Hugging Face, via docs/reference/hardware.md) and two ~$10k CPUs (AMD/Intel 1ku list) leaves ~$25k for "
    "the chassis with its GPU baseboard, fans and PSU bays")
_PCIE_CHASSIS = (
    "estimate by analogy, low confidence: a PCIe GPU server chassis has no NVSwitch baseboard; "
    "taken at 60 % of the HGX chassis estimate ($25k, derived from the $280-320k HGX H200 "
    "server quotes in docs/reference/hardware.md)")
_NVME = (
    "estimate by analogy, low confidence: no quote found; enterprise TLC NVMe taken at ~$150 "
    "per TB, the ratio of the $2,900 7.68 TB-class drive InfraFit's BOM example uses, rounded")
_NIC = (
    "estimate by analogy, low confidence: no quote found; taken at the $2,400 per 400G "
    "ConnectX-7 card of InfraFit's BOM example, scaled by port speed")
_PSU = (
    "estimate by analogy, low confidence: no quote found; server PSUs taken at ~$0.25 per "
    "rated watt (a 2.4 kW unit ~$600, the figure InfraFit's search tests assume)")
PRICES_BY_ANALOGY = {
    # GPUs
    "nvidia-v100-sxm2-32gb": (
        3000, "estimate by analogy, low confidence: a 2017 part now sold used; a quarter of the "
        "A100 SXM4 80GB estimate ($12k, awesomeagents.ai)"),
    "nvidia-a100-sxm4-40gb": (
        9000, "estimate by analogy: three quarters of the A100 SXM4 80GB estimate ($10-15k, "
        "awesomeagents.ai), for half the memory"),
    "nvidia-h100-nvl-94gb": (
        27500, "estimate by analogy: H100 cards sell at $25-40k depending on form factor "
        "(stratrix.com); taken at the H100 SXM street price ($25-30k, awesomeagents.ai)"),
    "nvidia-h200-nvl-141gb": (
        32000, "estimate by analogy: the H200 SXM's $32k (Hugging Face hardware page, via "
        "docs/reference/hardware.md); same GPU and memory in a PCIe card"),
    "nvidia-b300-sxm-288gb": (
        50000, "estimate by analogy, low confidence: B200 modules $30-50k on premise "
        "(datastorage.com); B300 taken at the top of that range"),
    "nvidia-gb200-per-gpu": (
        35000, "estimate by difference: GB200 NVL72 is sold per rack at ~$2-3M (awesomeagents, "
        "via docs/reference/hardware.md), i.e. ~$28-42k per GPU including its share of the Grace CPUs, compute "
        "tray, NVLink switch trays and rack; midpoint"),
    "amd-mi250x-128gb": (
        8000, "estimate by analogy, low confidence: previous generation, taken below the MI300X "
        "street price of $10-15k (awesomeagents.ai, via docs/reference/hardware.md)"),
    "amd-mi350x-288gb": (
        25000, "estimate by analogy, low confidence: above the MI325X ($20k, willitrunai.com); "
        "AMD publishes no list price"),
    "amd-mi355x-288gb": (
        27500, "estimate by analogy, low confidence: the liquid-cooled, higher-clocked MI350X "
        "($25k estimate) plus 10 %"),
    # Chassis; complete systems first (the price covers their parts).
    "nvidia-dgx-h200": (
        300000, "estimate: complete HGX H200 8-GPU servers are quoted at $280-320k (market note "
        "in a public GitHub doc, via docs/reference/hardware.md); midpoint; system price includes 8 H200 GPUs, "
        "2 CPUs, memory, NICs, drives and PSUs"),
    "supermicro-sys-821ge-tnhr": (25000, _HGX_CHASSIS),
    "dell-poweredge-xe9680": (25000, _HGX_CHASSIS),
    "hpe-cray-xd670": (25000, _HGX_CHASSIS),
    "lenovo-thinksystem-sr680a-v3": (25000, _HGX_CHASSIS),
    "gigabyte-g593-sd1": (25000, _HGX_CHASSIS),
    "supermicro-as-8125gs-tnmr2": (25000, _HGX_CHASSIS + "; taken alike for the OAM (MI300X) "
                                   "baseboard"),
    "asus-xa-nb3i-e12": (30000, _HGX_CHASSIS + "; plus 20 % for the Blackwell (B300) "
                         "generation's power delivery"),
    "asus-esc8000a-e13": (15000, _PCIE_CHASSIS),
    "supermicro-as-4125gs-tnrt": (15000, _PCIE_CHASSIS),
    "nvidia-gb200-nvl72-compute-tray": (
        0, "estimate: $0 here because the GB200 per-GPU estimate ($35k, from the ~$2-3M NVL72 "
        "rack price) already includes its share of the compute tray; do not price it twice"),
    # CPUs
    "amd-epyc-9575f": (
        11791, "estimate: AMD 1ku price at the EPYC 9005 launch (October 2024) as reported in "
        "launch coverage; not verified against an AMD document here"),
    "amd-epyc-9655": (
        11852, "estimate: AMD 1ku price at the EPYC 9005 launch (October 2024) as reported in "
        "launch coverage; not verified against an AMD document here"),
    "amd-epyc-9965": (
        14813, "estimate: AMD 1ku price at the EPYC 9005 launch (October 2024) as reported in "
        "launch coverage; not verified against an AMD document here"),
    "intel-xeon-platinum-8480plus": (
        10710, "estimate: Intel recommended customer price at launch (January 2023) as reported "
        "in launch coverage; not verified against Intel ARK here"),
    "intel-xeon-platinum-8580": (
        10710, "estimate by analogy: the 8480+'s $10,710 (its predecessor in the same tier)"),
    "intel-xeon-platinum-8570": (
        9600, "estimate by analogy, low confidence: about 10 % below the 8580 ($10,710 estimate), "
        "as in Intel's tier steps"),
    "intel-xeon-6960p": (
        13750, "estimate by analogy, low confidence: 72-core sibling of the Xeon 6980P "
        "($17,800 Intel 1ku, iponshop.de), scaled by core count and rounded up"),
    "nvidia-grace": (
        0, "estimate: $0 here because Grace ships only inside GB200/GH200 modules, whose "
        "per-GPU estimate ($35k, from the ~$2-3M NVL72 rack price) already includes it"),
    # NVMe drives (~$150 per TB)
    "samsung-pm1743-15.36tb": (2300, _NVME),
    "samsung-pm9a3-7.68tb": (1150, _NVME),
    "micron-9400-pro-15.36tb": (2300, _NVME),
    "micron-9550-pro-15.36tb": (2300, _NVME),
    "solidigm-d7-p5520-15.36tb": (2300, _NVME),
    "kioxia-cm7-r-15.36tb": (2300, _NVME),
    # NICs
    "nvidia-connectx-7-ndr-osfp": (2400, _NIC),
    "nvidia-connectx-7-2x200-qsfp112": (2400, _NIC),
    "nvidia-connectx-6-vpi-hdr": (1500, _NIC + " (a 200G generation)"),
    "nvidia-connectx-8-supernic": (4000, _NIC + " (800G: the 400G figure plus two thirds)"),
    "nvidia-bluefield-3-b3220": (3500, _NIC + ", plus ~$1k for the DPU's Arm cores and memory"),
    "broadcom-bcm57608-thor2": (2000, _NIC + ", less ~15 % for an Ethernet-only card"),
    "intel-e810-cqda2": (800, _NIC + " (100G)"),
    "nvidia-bluefield-3-b3140h-supernic": (2800, _NIC + ", plus the SuperNIC premium"),
    # PSUs (~$0.25 per W)
    "psu-crps-1600w-platinum": (400, _PSU),
    "psu-2000w-titanium": (500, _PSU),
    "psu-2700w-titanium": (675, _PSU),
    "psu-dell-2800w-titanium": (700, _PSU),
    "psu-3000w-titanium": (750, _PSU),
    "psu-3200w-titanium": (800, _PSU),
    "psu-nvidia-dgx-3300w": (825, _PSU),
    "psu-orv3-5500w-shelf-module": (1375, _PSU),
    # Cooling, per rack (facility equipment)
    "cool-air-standard": (
        0, "estimate: $0 per rack: room air cooling is part of the facility, not of the rack's "
        "bill of materials"),
    "cool-air-containment": (
        5000, "estimate, low confidence: hot/cold aisle containment panels and doors per rack; no "
        "quote found"),
    "cool-rdhx-passive": (
        10000, "estimate, low confidence: passive rear-door heat exchanger per rack; no quote "
        "found"),
    "cool-rdhx-active": (
        20000, "estimate, low confidence: active (fan-assisted) rear door at about twice the "
        "passive door; no quote found"),
    "cool-dlc-cold-plate-cdu": (
        50000, "estimate, low confidence: a rack's share of a coolant distribution unit plus "
        "manifolds and hoses; no quote found"),
    "cool-immersion-single-phase": (
        60000, "estimate, low confidence: one single-phase immersion tank with fluid per "
        "rack-equivalent; no quote found"),
}

for _pid, (_price, _note) in PRICES_BY_ANALOGY.items():
    assert _pid not in PRICES, _pid
    PRICES[_pid] = (_price, _note, False)

# Price notes without a price (the figure found does not fit the part). Empty: every shipped
# part has a price (checked below), so no first-run sum has an unknown term.
PRICE_NOTES_ONLY = {}

# ---- Estimated or corrected figures ---------------------------------------------------------
# part id -> {key: (value, derivation)}. The value replaces the hardware.json figure (usually
# null), the key is added to estimated_fields, the derivation is appended to notes, and the
# part's confidence becomes "estimate" when the key is a required field.
#
# base_power_w semantics (core/infra/power.cpp): when base_power_includes_components is false,
# InfraFit adds the configured CPUs, NICs (+ optics) and NVMe drives on top of base_power_w,
# so base_power_w must then cover only DIMMs, GPU baseboard (NVSwitch/retimers), fans, board
# and BMC. When it is true (DGX-style, derived from the vendor's maximum system power), it
# covers everything but the GPUs.
HGX_H100_BASE = (
    2500,
    "base_power_w estimate (CPUs, NICs and drives excluded - InfraFit adds the configured ones): "
    "32 DIMMs x ~10 W = 320 W + HGX baseboard NVSwitch/retimers ~300 W + fans at full speed "
    "~1,600 W + board/BMC/boot drives ~280 W = ~2.5 kW; the same residual in a DGX H100 "
    "(10.2 kW - 8 x 700 W GPUs - 700 W CPUs - ~250 W NICs - ~220 W drives) is ~3.1 kW, which "
    "includes NVIDIA's margin")
TEN_NIC_SLOTS = (
    10,
    "pcie_slots estimate: one 400G NIC per GPU (8) plus 2 storage/in-band NICs, as in the "
    "DGX H100 (8x ConnectX-7 + 2x dual-port ConnectX-7) and the XE9680 (up to 10 Gen5 NIC "
    "slots)")

ESTIMATES = {
    "asus-esc8000a-e13": {
        "base_power_w": (
            700,
            "base_power_w corrected from hardware.json's 1,700 W, which is a rough sum that "
            "includes 2x 400 W CPUs and ~200 W of NICs/drives; InfraFit adds the configured "
            "CPUs, NICs and drives itself, so 1,700 - 800 - ~200 = ~700 W remain for 24 DIMMs "
            "(~240 W), fans and board"),
    },
    "nvidia-dgx-h100": {
        "pcie_slots": (
            10,
            "pcie_slots = the NIC positions the system has: 8x single-port ConnectX-7 400G "
            "(compute, OSFP cages) + 2x dual-port ConnectX-7 (storage/in-band); their power is "
            "already inside base_power_w"),
        "depth_mm": (897, "depth_mm from 35.3 in (DGX H100/H200 user guide)"),
    },
    "nvidia-dgx-h200": {
        "pcie_slots": (
            10,
            "pcie_slots by analogy with the DGX H100 (same chassis): 8 compute ConnectX-7 + 2 "
            "dual-port storage/in-band NICs; their power is already inside base_power_w"),
        "depth_mm": (897, "depth_mm from 35.3 in (same chassis as DGX H100)"),
    },
    "nvidia-dgx-b200": {
        "pcie_slots": (
            10,
            "pcie_slots = the NIC positions the system has: 8x single-port ConnectX-7 400G + 2x "
            "dual-port BlueField-3 DPUs (DGX B200 user guide); their power is already inside "
            "base_power_w"),
    },
    "dell-poweredge-xe9680": {
        "base_power_w": HGX_H100_BASE,
    },
    "supermicro-sys-821ge-tnhr": {
        "base_power_w": HGX_H100_BASE,
        "pcie_slots": TEN_NIC_SLOTS,
    },
    "supermicro-as-4125gs-tnrt": {
        "max_gpu_tdp_w": (
            350,
            "max_gpu_tdp_w estimate: passive double-width PCIe cards of the H100 PCIe / L40S "
            "class (350 W); 400-600 W cards would exceed 4x 2 kW PSUs in 2+2"),
        "pcie_slots": (
            2,
            "pcie_slots estimate: the 10 Gen5 slots (9 x16 + 1 x8) are shared with the GPUs, so "
            "with 8 double-width GPUs about 2 remain for NICs"),
        "base_power_w": (
            700,
            "base_power_w estimate (CPUs, NICs and drives excluded - InfraFit adds the "
            "configured ones): 24 DIMMs x ~10 W = 240 W + fans ~350 W + board/BMC ~110 W, as "
            "for the ASUS ESC8000A-E13"),
    },
    "hpe-cray-xd670": {
        "psu_slots": (
            6,
            "psu_slots estimate by analogy with other 8x H100 SXM air-cooled servers (DGX H100, "
            "XE9680, 821GE, G593: 6 PSUs); HPE QuickSpecs not read"),
        "base_power_w": HGX_H100_BASE,
    },
    "lenovo-thinksystem-sr680a-v3": {
        "nvme_bays": (
            8,
            "nvme_bays estimate by analogy with DGX H100/B200 (8 U.2 data drives); Lenovo "
            "Press LP1909 not read"),
        "pcie_slots": TEN_NIC_SLOTS,
        "psu_slots": (
            6,
            "psu_slots estimate by analogy with the DGX B200 (6x 3.3 kW for 8x 1,000 W GPUs); "
            "LP1909 not read"),
        "base_power_w": (
            3500,
            "base_power_w estimate for the 1,000 W-GPU (B200) build, CPUs, NICs and drives "
            "excluded: 32 DIMMs ~320 W + NVSwitch baseboard ~300 W + fans at full speed "
            "~2,600 W + board/BMC ~280 W = ~3.5 kW; the DGX B200 residual (14.3 kW - 8 kW GPUs "
            "- 700 W CPUs - ~500 W NICs/DPUs - ~220 W drives) is ~4.9 kW including margin"),
    },
    "gigabyte-g593-sd1": {
        "pcie_slots": TEN_NIC_SLOTS,
        "base_power_w": HGX_H100_BASE,
    },
    "supermicro-as-8125gs-tnmr2": {
        "pcie_slots": (
            10,
            "pcie_slots estimate: one 400G NIC per MI300X (8) plus 2 storage/in-band NICs, as in "
            "Supermicro's 8U HGX sibling SYS-821GE-TNHR"),
        "base_power_w": (
            2500,
            "base_power_w estimate (CPUs, NICs and drives excluded - InfraFit adds the "
            "configured ones): 24 DIMMs ~240 W + UBB baseboard retimers/switches ~300 W + fans "
            "at full speed for 8x 750 W ~1,700 W + board/BMC ~260 W = ~2.5 kW"),
    },
    "asus-xa-nb3i-e12": {
        "nvme_bays": (
            8,
            "nvme_bays estimate by analogy with the DGX B200 (8 U.2 data drives); not given in "
            "the read source"),
        "pcie_slots": (
            10,
            "pcie_slots estimate: 8 ConnectX-8 800G positions (one per GPU on HGX B300) plus 2 "
            "storage/in-band NICs, as in the DGX B200; their power is already inside "
            "base_power_w"),
        "base_power_w": (
            5700,
            "base_power_w derived as the operator's 14,500 W sustained system draw - 8x 1,100 W "
            "GPUs = 5,700 W; it includes CPUs, NICs, drives and fans"),
    },
    "nvidia-gb200-nvl72-compute-tray": {
        "nvme_bays": (
            8,
            "nvme_bays estimate: 8 E1.S bays recalled from NVIDIA GB200 NVL72 compute-tray "
            "descriptions - verify"),
        "pcie_slots": (
            6,
            "pcie_slots estimate: 4 ConnectX-7 (one per GPU) + 2 BlueField-3, recalled from "
            "NVIDIA GB200 NVL72 compute-tray descriptions - verify"),
        "psu_slots": (
            0, "psu_slots = 0: the tray is fed from the rack's 54 V DC busbar (ORv3 power "
            "shelves), it has no PSUs of its own"),
        "base_power_w": (
            600,
            "base_power_w derived as the tray's 5,400 W maximum - 4x 1,200 W GPUs = 600 W; it "
            "includes the 2 Grace CPUs (with LPDDR5X), NICs, drives and board"),
    },
    # NICs without a published power figure
    "nvidia-connectx-8-supernic": {
        "power_w": (
            30,
            "power_w estimate by analogy: a ConnectX-7 400G card is ~25 W; ConnectX-8 doubles "
            "the port rate and adds a 48-lane PCIe Gen6 switch; no published figure read"),
    },
    "broadcom-bcm57608-thor2": {
        "power_w": (
            25,
            "power_w estimate by analogy with a ConnectX-7 400G card (~25 W); no Broadcom "
            "figure read"),
    },
    "nvidia-bluefield-3-b3140h-supernic": {
        "power_w": (
            75,
            "power_w estimate: assumed upper bound of a x16 slot card without auxiliary power "
            "(75 W); the 16-core B3220 DPU is 150 W max, the B3140H has 8 Arm cores; no "
            "published figure read"),
    },
}

# ---- Flags and published extras (not estimates) --------------------------------------------
# part id -> {key: value}
FLAGS = {
    # GPUs sold only as liquid-cooled parts
    "amd-mi355x-288gb": {"requires_liquid_cooling": True},
    "nvidia-gb200-per-gpu": {"requires_liquid_cooling": True},
    # Complete systems whose base_power_w was derived as max system power - GPUs
    # DGX prices are of the complete system (GPUs, CPUs, drives, NICs, PSUs included).
    # system_parts: the host parts each ships with, per node, from the DGX user guides (see the
    # parts' notes): CPUs, data drives, the compute NICs, PSUs. The DGX H100/H200's Xeon 8480C
    # is a 56-core 350 W part like the catalog's 8480+. Their 8 U.2 data drives (3.84 TB each in
    # the user guides) are not in the catalog; the PM1743 (U.2, PCIe 5) stands in for them, the
    # same count and interface, as the shipped fine-tune example uses it.
    "nvidia-dgx-h100": {"base_power_includes_components": True, "price_includes_parts": True,
                        "redfish_version": "1.7.0", "secure_boot": True,
                        "system_parts": ["intel-xeon-platinum-8480plus:2",
                                         "samsung-pm1743-15.36tb:8",
                                         "nvidia-connectx-7-ndr-osfp:8",
                                         "psu-nvidia-dgx-3300w:6"]},
    "nvidia-dgx-h200": {"base_power_includes_components": True, "price_includes_parts": True,
                        "redfish_version": "1.7.0", "secure_boot": True,
                        "system_parts": ["intel-xeon-platinum-8480plus:2",
                                         "samsung-pm1743-15.36tb:8",
                                         "nvidia-connectx-7-ndr-osfp:8",
                                         "psu-nvidia-dgx-3300w:6"]},
    "nvidia-dgx-b200": {"base_power_includes_components": True, "price_includes_parts": True,
                        "depth_mm": 897.1,
                        "system_parts": ["intel-xeon-platinum-8570:2",
                                         "samsung-pm1743-15.36tb:8",
                                         "nvidia-connectx-7-ndr-osfp:8",
                                         "psu-nvidia-dgx-3300w:6"]},
    "asus-xa-nb3i-e12": {"base_power_includes_components": True},
    # Manageability and security, only what a vendor document states (MANAGEABILITY_NOTES
    # names it); everything else stays unknown. DGX H100/H200 user guide, "Redfish APIs
    # Support": the BMC's Redfish server follows DSP0266 1.7.0, and the UEFI Secure Boot
    # platform key is managed through it.
    "nvidia-bluefield-3-b3220": {"dpu": True, "isolation_offload": True},
    # The part's source (a teardown of the system) lists 5 hot-swap front fans.
    "supermicro-sys-821ge-tnhr": {"hot_swap_fans": True},
    "nvidia-gb200-nvl72-compute-tray": {"base_power_includes_components": True},
    "dell-poweredge-xe9680": {"depth_mm": 995},
}

# Extra text appended to notes (after the hardware.json notes).
DGX_H100_REDFISH_NOTE = (" Manageability: Redfish 1.7.0 (DSP0266) and UEFI secure boot from "
                         "https://docs.nvidia.com/dgx/dgxh100-user-guide/redfish-api-supp.html; "
                         "TPM, root of trust and the other security fields are not stated there "
                         "and stay unknown.")
EXTRA_NOTES = {
    "nvidia-dgx-h100": "Complete system: price and base_power_w already cover CPUs, NICs, "
                       "drives and fans; do not add them again." + DGX_H100_REDFISH_NOTE,
    "nvidia-dgx-h200": "Complete system: base_power_w already covers CPUs, NICs, drives and "
                       "fans; do not add them again." + DGX_H100_REDFISH_NOTE,
    "nvidia-bluefield-3-b3220": "DPU with its own Arm cores; isolation offload: the BlueField "
                                "zero-trust mode keeps the host from the DPU's functions "
                                "(https://docs.nvidia.com/networking/display/bluefieldbmcv23107/"
                                "Table+of+Common+Commands).",
    "nvidia-dgx-b200": "Complete system: price and base_power_w already cover CPUs, NICs, "
                       "drives and fans; do not add them again.",
    "asus-xa-nb3i-e12": "base_power_w already covers CPUs, NICs, drives and fans (derived from "
                        "the system draw); do not add them again.",
    "nvidia-gb200-nvl72-compute-tray": "base_power_w already covers the Grace CPUs, NICs and "
                                       "drives; do not add them again.",
}

# ---- Mapping from hardware.json --------------------------------------------------------------

# Extra hardware.json keys folded into notes (label shown to users), per kind.
NOTE_KEYS = {
    "gpu": [],
    "chassis": [("gpu_models", "GPUs"), ("cpu_support", "CPUs"),
                ("drive_bays_note", "Drives"), ("pcie_slots_note", "Slots"),
                ("psu_count", "PSUs fitted"), ("psu_config", "PSU redundancy"),
                ("intra_node_interconnect", "GPU fabric"), ("networking", "Networking")],
    "cpu": [("l3_mb", "L3 MB"), ("sockets", "Sockets"), ("release_year", "Released")],
    "nvme": [("capacity_tb_options", "Capacities TB"), ("form_factors", "Form factors"),
             ("nand", "NAND")],
    "nic": [("protocols", "Protocols")],
    "psu": [("output", "Output"), ("used_in", "Used in")],
    "cooling": [("max_heat_kw_per_server", "Max heat per server kW")],
}

# hardware.json estimated_fields entries that correspond to a renamed key.
ESTIMATED_RENAMES = {
    "chassis": {"gpu_form_factors": "gpu_form_factor", "psu_count": "psu_slots"},
    "nvme": {"form_factors": "form_factor"},
    "psu": {"efficiency_curve": "efficiency_50"},
    "cooling": {"pue_range": ["pue_low", "pue_high"]},
}


def fmt_value(value):
    if isinstance(value, list):
        return ", ".join(fmt_value(v) for v in value)
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def map_entry(kind, src):
    """Maps one hardware.json entry onto the registry keys of `kind`."""
    spec = fields_of(kind)
    out = {"kind": kind}
    for key, value in src.items():
        if key in spec and value is not None and key not in ("estimated_fields",):
            out[key] = value

    if kind == "chassis":
        forms = src.get("gpu_form_factors") or [src.get("gpu_form_factor")]
        forms = [f for f in forms if f]
        if forms:
            out["gpu_form_factor"] = forms[0]
            if len(forms) > 1:
                out["other_gpu_form_factors"] = forms[1:]
        if "liquid" in (src.get("cooling_options") or []) and src.get("cooling") != "liquid":
            out["liquid_cooling_option"] = True
    elif kind == "nvme":
        forms = src.get("form_factors") or []
        if forms:
            out["form_factor"] = forms[0]
    elif kind == "psu":
        curve = src.get("efficiency_curve") or {}
        for load in ("10", "20", "50", "100"):
            if curve.get(load) is not None:
                out["efficiency_" + load] = curve[load]
    elif kind == "cooling":
        pue = src.get("pue_range")
        if pue:
            out["pue_low"], out["pue_high"] = pue[0], pue[1]
    elif kind == "gpu":
        if "precisions" in out:
            out["precisions"] = [p for p in out["precisions"] if p in PRECISIONS]

    # estimated_fields: keep registry keys, map renamed ones, drop the rest
    estimated = []
    renames = ESTIMATED_RENAMES.get(kind, {})
    for key in src.get("estimated_fields") or []:
        mapped = renames.get(key, key)
        for k in mapped if isinstance(mapped, list) else [mapped]:
            if k in spec and k not in estimated:
                estimated.append(k)
    out["estimated_fields"] = estimated

    # notes: hardware.json notes + extra survey keys that have no part field
    extras = []
    for key, label in NOTE_KEYS.get(kind, []):
        value = src.get(key)
        if value is None or value == [] or value == "":
            continue
        if kind == "nvme" and key == "form_factors" and len(value) < 2:
            continue
        extras.append("%s: %s." % (label, fmt_value(value).rstrip(".")))
    notes = [src["notes"]] if src.get("notes") else []
    if extras:
        notes.append(" ".join(extras))
    if notes:
        out["notes"] = " ".join(notes)
    return out


def append_note(part, text):
    part["notes"] = (part["notes"] + " " + text) if part.get("notes") else text


# ---- GPU partitioning (docs/reference/partitioning.md) --------------------------------------
# NVIDIA: the GPU-instance profile tables of the NVIDIA Multi-Instance GPU User Guide, section
# "Supported MIG Profiles" (A100, H100, H200, B200 tables; the 80 GB A100 and the 94 GB H100
# names scale with memory as the guide says). Every table has the same shape: 7 compute slices,
# 8 memory slices; (compute, memory eighths, max instances) per profile below.
MIG_SHAPE = [("1g", 1, 1, 7), ("1g", 1, 2, 4), ("2g", 2, 2, 3), ("3g", 3, 4, 2), ("4g", 4, 4, 1),
             ("7g", 7, 8, 1)]


def mig_profiles(memory_names):
    """memory_names: the GB in each profile's name, in MIG_SHAPE order."""
    return ["%s.%dgb compute=%d/7 memory=%d/8 memory_gb=%d max=%d" % (g, gb, c, m, gb, n)
            for (g, c, m, n), gb in zip(MIG_SHAPE, memory_names)]


# AMD: MI300X compute partition modes (SPX, DPX, CPX) with their memory (NPS) modes, from AMD's
# "MI300X GPU Partitioning Overview" (instinct.docs.amd.com, gpu-partitioning/mi300x): 8 XCDs and
# 192 GB of HBM3; a mode applies to the whole GPU. CPX+NPS4: 8 partitions, four 48 GB memory
# partitions each shared by two XCDs, so 24 GB per partition.
MI300X_PARTITIONS = [
    "spx+nps1 compute=8/8 memory=8/8 memory_gb=192 max=1 whole_gpu",
    "dpx+nps2 compute=4/8 memory=4/8 memory_gb=96 max=2 whole_gpu",
    "cpx+nps4 compute=1/8 memory=1/8 memory_gb=24 max=8 whole_gpu",
]

# CPU sockets (catalog migration 10). CPUs: the socket on the vendor's product page (Intel ARK
# "Sockets Supported": FCLGA4677 for 4th/5th Gen Xeon Scalable, FCLGA7529 for Xeon 6900P, FCLGA4710
# for Xeon 6700P; AMD: SP5 for EPYC 9004/9005). Grace is not socketed: it ships soldered in
# GB200/GH200 modules. Chassis: the socket of the CPU family their datasheet names (the notes'
# "CPUs:" line). Complete systems (DGX) name their own CPUs in system_parts.
SOCKET_SOURCE = ("Socket: Intel ARK / AMD EPYC product pages for the CPU family the datasheet "
                 "names.")
SOCKETS = {
    "amd-epyc-9654": "SP5", "amd-epyc-9554": "SP5", "amd-epyc-9754": "SP5",
    "amd-epyc-9575f": "SP5", "amd-epyc-9655": "SP5", "amd-epyc-9965": "SP5",
    "intel-xeon-platinum-8480plus": "LGA4677", "intel-xeon-platinum-8570": "LGA4677",
    "intel-xeon-platinum-8580": "LGA4677", "intel-xeon-6980p": "LGA7529",
    "intel-xeon-6960p": "LGA7529", "nvidia-grace": "Grace module",
    "asus-esc8000a-e13": "SP5", "nvidia-dgx-h100": "LGA4677", "nvidia-dgx-h200": "LGA4677",
    "nvidia-dgx-b200": "LGA4677", "dell-poweredge-xe9680": "LGA4677",
    "supermicro-sys-821ge-tnhr": "LGA4677", "supermicro-as-4125gs-tnrt": "SP5",
    "hpe-cray-xd670": "LGA4677", "lenovo-thinksystem-sr680a-v3": "LGA4677",
    "gigabyte-g593-sd1": "LGA4677", "supermicro-as-8125gs-tnmr2": "SP5",
    "asus-xa-nb3i-e12": "LGA4710", "nvidia-gb200-nvl72-compute-tray": "Grace module",
}

# GPU baseboards (catalog migration 11). An SXM or OAM module mounts only on a baseboard of its
# own generation: NVIDIA's HGX 8-GPU boards (A100, H100, H200, B200, B300), the GB200 NVL72
# compute tray, AMD's Universal Base Board per Instinct generation, Intel's Gaudi 3 HLB. GPUs: the
# platform of their datasheet (the source in hardware.md). Chassis: the GPU models their
# datasheet names (docs/reference/hardware.md "gpu_models"): DGX systems their own GPU, XE9680
# "H100/H200 SXM5, A100 SXM4, MI300X OAM, Gaudi 3 OAM", SYS-821GE-TNHR, Cray XD670 and G593
# "HGX H100 / H200", SR680a V3 "HGX H100 / H200 / B200", XA NB3I-E12 "8x B300", AS-8125GS-TNMR2
# "8x MI300X", the GB200 NVL72 tray "GB200 superchips". PCIe cards have none.
BASEBOARD_SOURCE = ("Baseboard: the GPU models the datasheet names (docs/reference/hardware.md).")
BASEBOARDS = {
    "nvidia-v100-sxm2-32gb": "SXM2 V100",
    "nvidia-a100-sxm4-40gb": "HGX A100", "nvidia-a100-sxm4-80gb": "HGX A100",
    "nvidia-h100-sxm5-80gb": "HGX H100", "nvidia-h200-sxm-141gb": "HGX H200",
    "nvidia-b200-sxm-180gb": "HGX B200", "nvidia-b300-sxm-288gb": "HGX B300",
    "nvidia-gb200-per-gpu": "GB200 NVL72",
    "amd-mi250x-128gb": "MI250X OAM", "amd-mi300x-192gb": "MI300X UBB",
    "amd-mi325x-256gb": "MI325X UBB", "amd-mi350x-288gb": "MI350 UBB",
    "amd-mi355x-288gb": "MI350 UBB", "intel-gaudi3-128gb": "Gaudi 3 HLB",
    "nvidia-dgx-h100": ["HGX H100"], "nvidia-dgx-h200": ["HGX H200"],
    "nvidia-dgx-b200": ["HGX B200"],
    "dell-poweredge-xe9680": ["HGX A100", "HGX H100", "HGX H200", "MI300X UBB", "Gaudi 3 HLB"],
    "supermicro-sys-821ge-tnhr": ["HGX H100", "HGX H200"],
    "hpe-cray-xd670": ["HGX H100", "HGX H200"],
    "lenovo-thinksystem-sr680a-v3": ["HGX H100", "HGX H200", "HGX B200"],
    "gigabyte-g593-sd1": ["HGX H100", "HGX H200"],
    "supermicro-as-8125gs-tnmr2": ["MI300X UBB"],
    "asus-xa-nb3i-e12": ["HGX B300"],
    "nvidia-gb200-nvl72-compute-tray": ["GB200 NVL72"],
}

# Rack-scale systems sold whole (catalog migration 12): a GB200 NVL72 rack holds 18 1U compute
# trays of two GB200 superchips each and nine NVLink switch trays (docs/reference/hardware.md
# racks[] "rack-gb200-nvl72", from the NVIDIA DGX GB200 user guide).
NODE_MULTIPLE_SOURCE = ("Sold in whole NVL72 racks of 18 compute trays (NVIDIA DGX GB200 user "
                        "guide, via docs/reference/hardware.md).")
NODE_MULTIPLES = {"nvidia-gb200-nvl72-compute-tray": 18}

# GPU fabric domains across nodes (catalog migration 13): the nine NVLink switch trays of a GB200
# NVL72 rack join the 72 GPUs of its 18 compute trays all to all (docs/reference/hardware.md
# racks[] "rack-gb200-nvl72").
FABRIC_DOMAIN_SOURCE = ("NVLink domain of 72 GPUs: the rack's nine NVLink switch trays join all "
                        "18 compute trays (NVIDIA DGX GB200 user guide, via "
                        "docs/reference/hardware.md).")
FABRIC_DOMAINS = {"nvidia-gb200-nvl72-compute-tray": 72}

# GPUs that reach the CPU's memory over NVLink-C2C (catalog migration 15): a GB200 superchip's
# Grace and its two Blackwell GPUs share the 900 GB/s (both ways) link, 225 GB/s each way per GPU.
HOST_LINK_SOURCE = ("Host memory link: the GB200 superchip's NVLink-C2C carries 900 GB/s in both "
                    "directions between one Grace CPU and two Blackwell GPUs, 225 GB/s each way "
                    "per GPU (NVIDIA technical blog, \"NVIDIA GB200 NVL72 Delivers "
                    "Trillion-Parameter LLM Training and Real-Time Inference\", 2024).")
HOST_LINKS = {"nvidia-gb200-per-gpu": 225}

# Memory in binary units (catalog migration 16): HBM is sized in GiB, so an "80 GB" HBM GPU holds
# 80 GiB, 7 % more than memory_gb's 80 x 10^9 bytes. Every HBM part gets memory_gib = memory_gb;
# the drivers' figures below confirm it for four parts, the others carry it as an estimate.
# Catalog migration 16 repeats these notes by hand (catalog/migrations.cpp).
MEMORY_GIB_SOURCES = {
    "nvidia-a100-sxm4-80gb": "nvidia-smi reports 81,920 MiB (modal-labs/modal-client PR #2797)",
    "nvidia-h100-sxm5-80gb": ("nvidia-smi reports 81,559 MiB, 80 GiB less the driver's reserve "
                              "(vllm-project/vllm issue #27508)"),
    "amd-mi300x-192gb": "rocm-smi reports 192 GiB (ROCm/legacy-rocm-build issue #4750)",
    "nvidia-b200-sxm-180gb": ("nvidia-smi reports 183,359 MiB, 180 GiB less the driver's reserve "
                              "(NVIDIA/TensorRT-LLM issue #10278)"),
}
MEMORY_GIB_ESTIMATE = ("[InfraFit estimate] memory_gib = memory_gb: HBM stacks are sized in GiB, "
                       "as the drivers report for the A100 80GB (81,920 MiB) and H100 80GB "
                       "(81,559 MiB); no driver figure was read for this part.")


def is_hbm(memory_type):
    return (memory_type or "").strip().upper().startswith("HBM")

# Network adapters a chassis is built with (catalog migration 14): a GB200 NVL72 compute tray has
# one 400 Gb/s adapter per GPU on the tray (ConnectX-7, or BlueField-3 with ConnectX-7 networking)
# and no slot for another card.
NIC_OPTIONS_SOURCE = ("Network adapters: one 400 Gb/s ConnectX-7 or BlueField-3 SuperNIC per GPU, "
                      "4 per tray (MLPerf Inference v6.1, Crusoe GB200-NVL72 system description: "
                      "4x BlueField-3 [ConnectX-7] per 4-GPU node; NVIDIA DGX GB200 user guide, "
                      "via docs/reference/hardware.md) [InfraFit estimate: which adapters a "
                      "vendor offers - verify].")
NIC_OPTIONS = {"nvidia-gb200-nvl72-compute-tray": ["nvidia-connectx-7-ndr-osfp:4",
                                                   "nvidia-bluefield-3-b3140h-supernic:4"]}

MIG_SOURCE = ("Partition profiles: NVIDIA Multi-Instance GPU User Guide, \"Supported MIG "
              "Profiles\".")
PARTITION_PROFILES = {
    "nvidia-a100-sxm4-40gb": (mig_profiles([5, 10, 10, 20, 20, 40]), MIG_SOURCE),
    "nvidia-a100-sxm4-80gb": (mig_profiles([10, 20, 20, 40, 40, 80]), MIG_SOURCE),
    "nvidia-a100-pcie-80gb": (mig_profiles([10, 20, 20, 40, 40, 80]), MIG_SOURCE),
    "nvidia-h100-sxm5-80gb": (mig_profiles([10, 20, 20, 40, 40, 80]), MIG_SOURCE),
    "nvidia-h100-pcie-80gb": (mig_profiles([10, 20, 20, 40, 40, 80]), MIG_SOURCE),
    "nvidia-h100-nvl-94gb": (mig_profiles([12, 24, 24, 47, 47, 94]), MIG_SOURCE),
    "nvidia-h200-sxm-141gb": (mig_profiles([18, 35, 35, 71, 71, 141]), MIG_SOURCE),
    "nvidia-h200-nvl-141gb": (mig_profiles([18, 35, 35, 71, 71, 141]), MIG_SOURCE),
    "nvidia-b200-sxm-180gb": (mig_profiles([23, 45, 45, 90, 90, 180]), MIG_SOURCE),
    "amd-mi300x-192gb": (MI300X_PARTITIONS,
                         "Partition modes: AMD Instinct MI300X GPU Partitioning Overview."),
}


def apply_overrides(kind, part):
    pid = part["id"]
    spec = fields_of(kind)
    estimated = part["estimated_fields"]

    if pid in PRICES:
        price, note, is_list = PRICES[pid]
        part["price_usd"] = price
        part["price_note"] = note
        if is_list:
            if "price_usd" in estimated:
                estimated.remove("price_usd")
        elif "price_usd" not in estimated:
            estimated.append("price_usd")
    elif pid in PRICE_NOTES_ONLY:
        part.pop("price_usd", None)
        part["price_note"] = PRICE_NOTES_ONLY[pid]
        if "price_usd" in estimated:
            estimated.remove("price_usd")
    elif "price_usd" not in part:
        part.pop("price_note", None)
        if "price_usd" in estimated:
            estimated.remove("price_usd")

    for key, value in FLAGS.get(pid, {}).items():
        part[key] = value

    if pid in PARTITION_PROFILES:
        profiles, source = PARTITION_PROFILES[pid]
        part["partition_profiles"] = list(profiles)
        append_note(part, source)

    if pid in SOCKETS:
        part["socket" if kind == "cpu" else "cpu_socket"] = SOCKETS[pid]
        append_note(part, SOCKET_SOURCE)

    if pid in NODE_MULTIPLES:
        part["node_multiple"] = NODE_MULTIPLES[pid]
        append_note(part, NODE_MULTIPLE_SOURCE)

    if pid in FABRIC_DOMAINS:
        part["fabric_domain_gpus"] = FABRIC_DOMAINS[pid]
        append_note(part, FABRIC_DOMAIN_SOURCE)

    if pid in HOST_LINKS:
        part["host_link_gbs"] = HOST_LINKS[pid]
        append_note(part, HOST_LINK_SOURCE)

    if pid in NIC_OPTIONS:
        part["nic_options"] = NIC_OPTIONS[pid]
        append_note(part, NIC_OPTIONS_SOURCE)

    if pid in BASEBOARDS:
        part["baseboard" if kind == "gpu" else "gpu_baseboards"] = BASEBOARDS[pid]
        append_note(part, BASEBOARD_SOURCE)

    for key, (value, why) in ESTIMATES.get(pid, {}).items():
        part[key] = value
        if key not in estimated:
            estimated.append(key)
        append_note(part, "[InfraFit estimate] " + why + ".")
        if spec.get(key, {}).get("req"):
            part["confidence"] = "estimate"

    if pid in EXTRA_NOTES:
        append_note(part, EXTRA_NOTES[pid])

    # Last, so that its note and estimate end the part's lists as catalog migration 16 appends
    # them to a stored part.
    if kind == "gpu" and is_hbm(part.get("memory_type")) and "memory_gib" not in part:
        part["memory_gib"] = part["memory_gb"]
        if pid in MEMORY_GIB_SOURCES:
            append_note(part, "Memory in GiB: " + MEMORY_GIB_SOURCES[pid] + ".")
        else:
            estimated.append("memory_gib")
            append_note(part, MEMORY_GIB_ESTIMATE)

    # an estimate of a figure the part does not carry says nothing
    estimated[:] = [k for k in estimated if k in part]
    if not estimated:
        del part["estimated_fields"]


# ---- Output normalisation -------------------------------------------------------------------

def normalise(value):
    """Whole floats become ints so the output prints 700, not 700.0."""
    if isinstance(value, float) and math.isfinite(value) and value.is_integer():
        return int(value)
    if isinstance(value, list):
        return [normalise(v) for v in value]
    if isinstance(value, dict):
        return {k: normalise(v) for k, v in value.items()}
    return value


# ---- Validation -----------------------------------------------------------------------------

ID_RE = re.compile(r"^[A-Za-z0-9._+\-]{1,128}$")


def validate_part(part, pointer, problems):
    kind = part.get("kind")
    if kind not in KIND_FIELDS:
        problems.append("%s/kind: unknown kind %r" % (pointer, kind))
        return
    spec = fields_of(kind)
    for key in part:
        if key != "kind" and key not in spec:
            problems.append("%s/%s: unknown field for a %s" % (pointer, key, kind))
    for key, s in spec.items():
        p = "%s/%s" % (pointer, key)
        if key not in part or part[key] is None:
            if s["req"]:
                problems.append("%s: is required for a %s" % (p, kind))
            continue
        v = part[key]
        t = s["type"]
        if t in ("number", "integer"):
            if isinstance(v, bool) or not isinstance(v, (int, float)):
                problems.append("%s: must be a number" % p)
                continue
            if not math.isfinite(v):
                problems.append("%s: must be finite" % p)
                continue
            if t == "integer" and v != math.floor(v):
                problems.append("%s: must be a whole number (got %s)" % (p, v))
            if s["pos"] and v <= 0:
                problems.append("%s: must be greater than 0 (got %s)" % (p, v))
            elif (s["lo"] is not None and v < s["lo"]) or (s["hi"] is not None and v > s["hi"]):
                problems.append("%s: must be between %s and %s (got %s)"
                                % (p, s["lo"], s["hi"], v))
        elif t == "text":
            if not isinstance(v, str):
                problems.append("%s: must be a string" % p)
            elif s["req"] and not v.strip():
                problems.append("%s: must not be empty" % p)
            elif len(v.encode("utf-8")) > 4096:
                problems.append("%s: is longer than 4096 characters" % p)
        elif t == "choice":
            if v not in s["choices"]:
                problems.append("%s: must be one of %s (got %r)"
                                % (p, ", ".join(s["choices"]), v))
        elif t == "list":
            if not isinstance(v, list) or not all(isinstance(i, str) for i in v):
                problems.append("%s: must be an array of strings" % p)
                continue
            for i, item in enumerate(v):
                if key == "estimated_fields":
                    if item not in spec:
                        problems.append("%s/%d: %r is not a field of a %s" % (p, i, item, kind))
                elif s["choices"] and item not in s["choices"]:
                    problems.append("%s/%d: must be one of %s (got %r)"
                                    % (p, i, ", ".join(s["choices"]), item))
        elif t == "flag":
            if not isinstance(v, bool):
                problems.append("%s: must be true or false" % p)
    pid = part.get("id")
    if isinstance(pid, str) and not ID_RE.match(pid):
        problems.append("%s/id: must be at most 128 letters, digits or . _ - + (got %r)"
                        % (pointer, pid))
    # consistency checks beyond the registry
    if part.get("confidence") not in (None, "published", "estimate"):
        problems.append("%s/confidence: unexpected value" % pointer)
    if "price_usd" in part:
        note = part.get("price_note", "")
        is_list = note.lower().startswith("list price")
        if not note:
            problems.append("%s/price_note: a price needs a note naming its source" % pointer)
        elif not is_list and "price_usd" not in part.get("estimated_fields", []):
            problems.append("%s/estimated_fields: estimated price_usd not listed" % pointer)
    if kind == "switch" and part.get("typical_power_w", 0) > part.get("max_power_w", 0):
        problems.append("%s/typical_power_w: must not exceed max_power_w" % pointer)
    if kind == "pdu" and part.get("outlets_c13", 0) + part.get("outlets_c19", 0) < 1:
        problems.append("%s/outlets_c13: a PDU needs at least one outlet" % pointer)
    if kind == "chassis" and part.get("base_power_includes_components") is None \
            and part.get("max_system_power_w") is not None:
        pass  # vendor max power alone does not imply a derived base


def validate_catalog(parts, problems):
    seen = {}
    counts = {k: 0 for k in KIND_ORDER}
    for i, part in enumerate(parts):
        pointer = "/parts/%d" % i
        validate_part(part, pointer, problems)
        pid = part.get("id")
        if pid in seen:
            problems.append("%s/id: duplicate id %r (first used at /parts/%d)"
                            % (pointer, pid, seen[pid]))
        else:
            seen[pid] = i
        if part.get("kind") in counts:
            counts[part["kind"]] += 1
    for kind, minimum in MINIMUM_COUNT.items():
        if counts[kind] < minimum:
            problems.append("/parts: only %d %s parts (need at least %d)"
                            % (counts[kind], kind, minimum))
    # a complete system's parts are parts of this catalog, as ID:COUNT
    for i, part in enumerate(parts):
        for entry in part.get("system_parts", []):
            pid, _, count = entry.rpartition(":")
            if pid not in seen or not count.isdigit() or int(count) < 1:
                problems.append("/parts/%d/system_parts: %r is not ID:COUNT of a part here"
                                % (i, entry))
    # every shipped part has a price (a sum with unknown terms is unknown, issue 23)
    for part in parts:
        if not isinstance(part.get("price_usd"), (int, float)):
            problems.append("/parts: %r has no price_usd" % part.get("id"))
    # every override table entry must have hit a part
    for table_name, table in (("PRICES", PRICES), ("PRICE_NOTES_ONLY", PRICE_NOTES_ONLY),
                              ("ESTIMATES", ESTIMATES), ("FLAGS", FLAGS),
                              ("PARTITION_PROFILES", PARTITION_PROFILES), ("SOCKETS", SOCKETS),
                              ("BASEBOARDS", BASEBOARDS), ("NODE_MULTIPLES", NODE_MULTIPLES),
                              ("FABRIC_DOMAINS", FABRIC_DOMAINS), ("NIC_OPTIONS", NIC_OPTIONS),
                              ("EXTRA_NOTES", EXTRA_NOTES)):
        for pid in table:
            if pid not in seen:
                problems.append("%s: no part with id %r" % (table_name, pid))


def check_registry_sync(problems):
    """Compares the key sets above with core/parts/field_spec.cpp when it is reachable."""
    here = os.path.dirname(os.path.abspath(__file__))
    path = os.path.normpath(os.path.join(here, "..", "..", "core", "parts", "field_spec.cpp"))
    if not os.path.exists(path):
        return
    with open(path, encoding="utf-8") as f:
        text = f.read()
    funcs = {"commonFields": None, "gpuFields": "gpu", "chassisFields": "chassis",
             "cpuFields": "cpu", "nvmeFields": "nvme", "nicFields": "nic",
             "psuFields": "psu", "coolingFields": "cooling", "switchFields": "switch",
             "pduFields": "pdu"}
    for func, kind in funcs.items():
        m = re.search(r"std::vector<FieldSpec> %s\(\)\s*\{(.*?)\n\}" % func, text, re.S)
        if not m:
            problems.append("field_spec.cpp: could not find %s()" % func)
            continue
        body = m.group(1)
        if kind is None:
            # common fields added by later migrations follow each kind's own fields
            t = re.search(r"std::vector<FieldSpec> trailingCommonFields\(\)\s*\{(.*?)\n\}", text, re.S)
            if t:
                body += t.group(1)
        starts = list(re.finditer(r">\(\s*\"([a-z0-9_]+)\"", body))
        keys, required = set(), set()
        for i, start in enumerate(starts):
            end = starts[i + 1].start() if i + 1 < len(starts) else len(body)
            keys.add(start.group(1))
            if re.search(r"\bRequired\b", body[start.end():end]):
                required.add(start.group(1))
        mine = COMMON if kind is None else KIND_FIELDS[kind]
        mine_req = {k for k, s in mine.items() if s["req"]}
        if keys != set(mine):
            problems.append("field_spec.cpp %s(): keys differ from this script's table "
                            "(missing here: %s; extra here: %s)"
                            % (func, sorted(keys - set(mine)), sorted(set(mine) - keys)))
        if required != mine_req:
            problems.append("field_spec.cpp %s(): required keys differ (C++: %s; here: %s)"
                            % (func, sorted(required), sorted(mine_req)))


# ---- Switches and PDUs (catalog migration 9, issue 18) ----------------------------------------
# Written here with their sources: the survey's switch entries lack power, price and PSUs, and
# PDUs are not in it as parts. Switch power follows the fabric model (core/infra/fabric.cpp):
# a chassis estimate (900 W for a 51.2 Tb/s switch) plus every port's optic at its maximum or
# typical power (NVIDIA transceiver figures, core/infra/switch_power.h: 17/8 W and 15/8 W per
# 100G lane), so the layout, the fabric power and the BOM agree; those figures are estimates.
_SWITCH_POWER_NOTE = ("power: 900 W chassis (estimate, as the fabric model) plus every port's "
                      "optic at the NVIDIA transceiver figures (2.125 W maximum, 1.875 W typical "
                      "per 100G lane)")
NETWORK_PARTS = [
    {"kind": "switch", "id": "nvidia-qm9700", "vendor": "NVIDIA",
     "model": "Quantum-2 QM9700 (64 × NDR 400G InfiniBand)", "part_number": "MQM9700-NS2F",
     "ports": 64, "port_speed_gbps": 400, "protocol": "infiniband",
     "connector": "OSFP (32 twin-port cages)", "rack_units": 1,
     "max_power_w": 900 + 64 * 4 * 17 / 8, "typical_power_w": 900 + 64 * 4 * 15 / 8,
     "power_supplies": 2, "weight_kg": 14.8, "full_depth": True, "airflow": "rear-to-front",
     "price_usd": 30000,
     "price_note": "estimate: street price of an NDR 400G 64-port switch (~$30k), as the fabric "
                   "model's QM9700 (core/infra/fabric.cpp)",
     "source": "NVIDIA QM97XX user manual (64 NDR ports in 32 OSFP cages, 1U, two PSUs); NetBox "
               "devicetype-library Nvidia/QM9700.yaml (1U, full depth, rear-to-front airflow, "
               "14.8 kg, two C14 inlets); part number MQM9700-NS2F (P2C airflow) as recalled "
               "from NVIDIA's ordering codes, not checked against a datasheet here; "
               + _SWITCH_POWER_NOTE,
     "confidence": "published",
     "estimated_fields": ["max_power_w", "typical_power_w", "price_usd", "part_number"]},
    {"kind": "switch", "id": "nvidia-sn5600", "vendor": "NVIDIA",
     "model": "Spectrum-4 SN5600 (64 × 800GbE)",
     "ports": 64, "port_speed_gbps": 800, "protocol": "ethernet", "connector": "OSFP",
     "rack_units": 2,
     "max_power_w": 900 + 64 * 8 * 17 / 8, "typical_power_w": 900 + 64 * 8 * 15 / 8,
     "power_supplies": 2, "weight_kg": 23.5, "full_depth": True, "airflow": "rear-to-front",
     "price_usd": 35000,
     "price_note": "estimate: as the fabric model's SN5600 (core/infra/fabric.cpp)",
     "source": "NVIDIA SN5000 series datasheet via NetBox devicetype-library Nvidia/SN5600.yaml "
               "(2U, 64 × 800G OSFP, full depth, rear-to-front airflow, 23.5 kg, two PSU bays); "
               + _SWITCH_POWER_NOTE,
     "confidence": "published",
     "estimated_fields": ["max_power_w", "typical_power_w", "price_usd"]},
    {"kind": "switch", "id": "nvidia-sn2201", "vendor": "NVIDIA",
     "model": "SN2201 (48 × 1GbE + 4 × 100GbE)",
     "ports": 48, "port_speed_gbps": 1, "protocol": "ethernet", "connector": "RJ45",
     "uplink_ports": 4, "uplink_speed_gbps": 100, "rack_units": 1,
     "max_power_w": 150, "typical_power_w": 100, "power_supplies": 2, "weight_kg": 7.41,
     "full_depth": False,
     "price_usd": 5000,
     "price_note": "estimate: 1GbE management switch with 100G uplinks, as the layout's default",
     "source": "NVIDIA SN2000 series brief via NetBox devicetype-library Nvidia/SN2201.yaml (1U, "
               "half depth, 7.41 kg, 48 × 1000BASE-T, 4 × QSFP28 100G, two PSU bays); power "
               "estimated (not in the brief as read here)",
     "confidence": "published",
     "estimated_fields": ["max_power_w", "typical_power_w", "price_usd"]},
    {"kind": "pdu", "id": "apc-ap8886", "vendor": "APC",
     "model": "Rack PDU 2G, Metered, ZeroU, 22 kW, 230 V, 30 × C13 + 12 × C19",
     "part_number": "AP8886",
     "outlets_c13": 30, "outlets_c19": 12, "phases": 3, "voltage_v": 400, "breaker_a": 32,
     "rack_units": 0, "metered": True, "switched": False,
     "price_usd": 1800,
     "price_note": "estimate: street price of a metered 0U three-phase 32 A rack PDU",
     "source": "APC AP8886 product description as quoted in NetBox devicetype-library "
               "APC/AP8886.yaml (Rack PDU 2G, Metered, ZeroU, 22.0 kW at 32 A, 230 V, 30 C13 and "
               "12 C19 outlets in three banks); 22 kW = 3 × 230 V × 32 A, i.e. 400 V line to line",
     "confidence": "published",
     "estimated_fields": ["price_usd"]},
]


# ---- Main -----------------------------------------------------------------------------------

def build(hardware):
    parts = []
    for kind in KIND_ORDER:
        if kind not in SOURCE_ARRAY:
            parts.extend(normalise(dict(p)) for p in NETWORK_PARTS if p["kind"] == kind)
            continue
        for src in hardware.get(SOURCE_ARRAY[kind]) or []:
            part = map_entry(kind, src)
            apply_overrides(kind, part)
            parts.append(normalise(part))
    return {"format": "infrafit-catalog", "version": 1, "parts": parts}


def main(argv):
    if len(argv) != 2:
        sys.stderr.write("usage: build_default_catalog.py HARDWARE_JSON > default-catalog.json\n")
        return 2
    try:
        with open(argv[1], encoding="utf-8") as f:
            hardware = json.load(f)
    except (OSError, ValueError) as e:
        sys.stderr.write("%s: %s\n" % (argv[1], e))
        return 2
    catalog = build(hardware)
    problems = []
    check_registry_sync(problems)
    validate_catalog(catalog["parts"], problems)
    if problems:
        for p in problems:
            sys.stderr.write("build_default_catalog: %s\n" % p)
        sys.stderr.write("build_default_catalog: %d problem(s); no catalog written\n"
                         % len(problems))
        return 1
    text = json.dumps(catalog, indent=2, sort_keys=True, ensure_ascii=False) + "\n"
    sys.stdout.buffer.write(text.encode("utf-8"))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
