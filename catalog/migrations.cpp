// SPDX-License-Identifier: Apache-2.0
#include "catalog/migrations.h"

#include "catalog/catalog_store.h"
#include "catalog/sqlite/database.h"

#include <array>
#include <string>

namespace infrafit::catalog {
namespace {

// Migration 1: the first catalog schema. FROZEN: never edit this text (a test
// checks its hash); change the schema with a new migration instead.
//
// `part` holds every id once with its kind, so ids are unique across kinds.
// Each kind has a table with one typed column per field of that kind (the
// field registry, core/parts/field_spec.cpp, in the same order): Number ->
// REAL, Integer -> INTEGER, Text and Choice -> TEXT, TextList -> TEXT holding a
// JSON array, Flag -> INTEGER 0/1; an absent optional value is NULL. A trigger
// keeps each row in the table of its part's kind. `part` is clustered by id
// (WITHOUT ROWID, small rows); kind tables are rowid tables (rows are large,
// often over 1 KB with sources and notes) with the id's unique index.
constexpr std::string_view migration1 = R"SQL(
CREATE TABLE part (
    id   TEXT PRIMARY KEY NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('gpu', 'chassis', 'cpu', 'nvme', 'nic', 'psu', 'cooling'))
) WITHOUT ROWID;
CREATE INDEX part_by_kind ON part (kind, id);

CREATE TABLE gpu (
    id TEXT PRIMARY KEY NOT NULL REFERENCES part (id),
    vendor TEXT NOT NULL,
    model TEXT NOT NULL,
    price_usd REAL,
    price_note TEXT,
    source TEXT,
    confidence TEXT,
    estimated_fields TEXT,
    notes TEXT,
    architecture TEXT,
    release_year INTEGER,
    memory_gb REAL NOT NULL,
    memory_type TEXT,
    memory_bandwidth_gbs REAL NOT NULL,
    bf16_tflops REAL,
    fp16_tflops REAL,
    fp8_tflops REAL,
    fp4_tflops REAL,
    tf32_tflops REAL,
    fp32_tflops REAL,
    fp64_tflops REAL,
    int8_tops REAL,
    tdp_w REAL NOT NULL,
    form_factor TEXT NOT NULL,
    slot_width INTEGER,
    gpu_link TEXT,
    gpu_link_gbs REAL NOT NULL,
    pcie_gen INTEGER NOT NULL,
    pcie_lanes INTEGER NOT NULL,
    precisions TEXT,
    requires_liquid_cooling INTEGER CHECK (requires_liquid_cooling IN (0, 1))
);

CREATE TABLE chassis (
    id TEXT PRIMARY KEY NOT NULL REFERENCES part (id),
    vendor TEXT NOT NULL,
    model TEXT NOT NULL,
    price_usd REAL,
    price_note TEXT,
    source TEXT,
    confidence TEXT,
    estimated_fields TEXT,
    notes TEXT,
    rack_units INTEGER NOT NULL,
    max_gpus INTEGER NOT NULL,
    gpu_form_factor TEXT NOT NULL,
    other_gpu_form_factors TEXT,
    max_gpu_tdp_w REAL NOT NULL,
    cpu_sockets INTEGER NOT NULL,
    dimm_slots INTEGER,
    nvme_bays INTEGER NOT NULL,
    pcie_slots INTEGER NOT NULL,
    psu_slots INTEGER NOT NULL,
    psu_watts_each REAL,
    max_system_power_w REAL,
    base_power_w REAL NOT NULL,
    base_power_includes_components INTEGER CHECK (base_power_includes_components IN (0, 1)),
    price_includes_parts INTEGER CHECK (price_includes_parts IN (0, 1)),
    cooling TEXT NOT NULL,
    liquid_cooling_option INTEGER CHECK (liquid_cooling_option IN (0, 1)),
    max_inlet_temp_c REAL,
    weight_kg REAL,
    depth_mm REAL,
    gpu_fabric TEXT NOT NULL
);

CREATE TABLE cpu (
    id TEXT PRIMARY KEY NOT NULL REFERENCES part (id),
    vendor TEXT NOT NULL,
    model TEXT NOT NULL,
    price_usd REAL,
    price_note TEXT,
    source TEXT,
    confidence TEXT,
    estimated_fields TEXT,
    notes TEXT,
    cores INTEGER NOT NULL,
    threads INTEGER,
    base_ghz REAL,
    boost_ghz REAL,
    tdp_w REAL NOT NULL,
    pcie_lanes INTEGER NOT NULL,
    pcie_gen INTEGER NOT NULL,
    memory_channels INTEGER,
    memory_type TEXT,
    memory_speed_mts REAL,
    memory_bandwidth_gbs REAL NOT NULL
);

CREATE TABLE nvme (
    id TEXT PRIMARY KEY NOT NULL REFERENCES part (id),
    vendor TEXT NOT NULL,
    model TEXT NOT NULL,
    price_usd REAL,
    price_note TEXT,
    source TEXT,
    confidence TEXT,
    estimated_fields TEXT,
    notes TEXT,
    capacity_tb REAL NOT NULL,
    form_factor TEXT,
    pcie_gen INTEGER NOT NULL,
    pcie_lanes INTEGER NOT NULL,
    read_mbs REAL NOT NULL,
    write_mbs REAL NOT NULL,
    random_read_kiops REAL,
    random_write_kiops REAL,
    power_w REAL NOT NULL,
    dwpd REAL
);

CREATE TABLE nic (
    id TEXT PRIMARY KEY NOT NULL REFERENCES part (id),
    vendor TEXT NOT NULL,
    model TEXT NOT NULL,
    price_usd REAL,
    price_note TEXT,
    source TEXT,
    confidence TEXT,
    estimated_fields TEXT,
    notes TEXT,
    ports INTEGER NOT NULL,
    port_speed_gbps REAL NOT NULL,
    protocol TEXT NOT NULL,
    connector TEXT,
    pcie_gen INTEGER NOT NULL,
    pcie_lanes INTEGER NOT NULL,
    power_w REAL NOT NULL,
    gpudirect_rdma INTEGER CHECK (gpudirect_rdma IN (0, 1))
);

CREATE TABLE psu (
    id TEXT PRIMARY KEY NOT NULL REFERENCES part (id),
    vendor TEXT NOT NULL,
    model TEXT NOT NULL,
    price_usd REAL,
    price_note TEXT,
    source TEXT,
    confidence TEXT,
    estimated_fields TEXT,
    notes TEXT,
    watts REAL NOT NULL,
    efficiency REAL NOT NULL,
    efficiency_rating TEXT,
    efficiency_10 REAL,
    efficiency_20 REAL,
    efficiency_50 REAL,
    efficiency_100 REAL,
    form_factor TEXT,
    input_voltage TEXT
);

CREATE TABLE cooling (
    id TEXT PRIMARY KEY NOT NULL REFERENCES part (id),
    vendor TEXT NOT NULL,
    model TEXT NOT NULL,
    price_usd REAL,
    price_note TEXT,
    source TEXT,
    confidence TEXT,
    estimated_fields TEXT,
    notes TEXT,
    type TEXT NOT NULL,
    max_heat_kw_per_rack REAL NOT NULL,
    typical_heat_kw_per_rack REAL,
    pue_low REAL,
    pue_high REAL,
    fraction_heat_to_liquid REAL,
    facility_needs TEXT
);

CREATE TRIGGER gpu_kind BEFORE INSERT ON gpu
WHEN (SELECT kind FROM part WHERE id = NEW.id) IS NOT 'gpu'
BEGIN SELECT RAISE(ABORT, 'part is not a gpu'); END;
CREATE TRIGGER chassis_kind BEFORE INSERT ON chassis
WHEN (SELECT kind FROM part WHERE id = NEW.id) IS NOT 'chassis'
BEGIN SELECT RAISE(ABORT, 'part is not a chassis'); END;
CREATE TRIGGER cpu_kind BEFORE INSERT ON cpu
WHEN (SELECT kind FROM part WHERE id = NEW.id) IS NOT 'cpu'
BEGIN SELECT RAISE(ABORT, 'part is not a cpu'); END;
CREATE TRIGGER nvme_kind BEFORE INSERT ON nvme
WHEN (SELECT kind FROM part WHERE id = NEW.id) IS NOT 'nvme'
BEGIN SELECT RAISE(ABORT, 'part is not an nvme'); END;
CREATE TRIGGER nic_kind BEFORE INSERT ON nic
WHEN (SELECT kind FROM part WHERE id = NEW.id) IS NOT 'nic'
BEGIN SELECT RAISE(ABORT, 'part is not a nic'); END;
CREATE TRIGGER psu_kind BEFORE INSERT ON psu
WHEN (SELECT kind FROM part WHERE id = NEW.id) IS NOT 'psu'
BEGIN SELECT RAISE(ABORT, 'part is not a psu'); END;
CREATE TRIGGER cooling_kind BEFORE INSERT ON cooling
WHEN (SELECT kind FROM part WHERE id = NEW.id) IS NOT 'cooling'
BEGIN SELECT RAISE(ABORT, 'part is not a cooling'); END;
)SQL";

// Migration 2: drops the per-row kind triggers of migration 1. Each ran a
// lookup in `part` for every row inserted (a third of a bulk import's
// B-tree work, with the foreign key check and the id's own index). The
// invariant they guarded, a row lives in the table of its part's kind, is
// kept by the only writer, CatalogWriter::put, which writes the part's kind
// and the kind table's row in the same transaction (checked by the store
// tests, "every row is in the table of its part's kind"). The foreign keys
// to `part` stay: no kind row without its part.
constexpr std::string_view migration2 = R"SQL(
DROP TRIGGER gpu_kind;
DROP TRIGGER chassis_kind;
DROP TRIGGER cpu_kind;
DROP TRIGGER nvme_kind;
DROP TRIGGER nic_kind;
DROP TRIGGER psu_kind;
DROP TRIGGER cooling_kind;
)SQL";

// Migration 3: a per-part row version, so a program holding a copy of a
// part (the GUI's catalog table) can write one field only when nobody
// changed the part since it read it, and can find the rows another program
// changed. Every write of a part (CatalogWriter) raises its version by one;
// existing parts start at 1.
constexpr std::string_view migration3 = R"SQL(
ALTER TABLE part ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
)SQL";

// Migration 4: the chassis' `system_parts`, the CPUs, NICs, drives and PSUs a
// complete system ships with (TEXT holding a JSON array, appended as the last
// chassis column like the registry's last field).
constexpr std::string_view migration4 = R"SQL(
ALTER TABLE chassis ADD COLUMN system_parts TEXT;
)SQL";

// Migration 5: the manufacturer part number `part_number`, a common field of
// every kind (optional text), appended as the last column of each kind table
// like the registry's trailing common field.
constexpr std::string_view migration5 = R"SQL(
ALTER TABLE gpu ADD COLUMN part_number TEXT;
ALTER TABLE chassis ADD COLUMN part_number TEXT;
ALTER TABLE cpu ADD COLUMN part_number TEXT;
ALTER TABLE nvme ADD COLUMN part_number TEXT;
ALTER TABLE nic ADD COLUMN part_number TEXT;
ALTER TABLE psu ADD COLUMN part_number TEXT;
ALTER TABLE cooling ADD COLUMN part_number TEXT;
)SQL";

// Migration 6: the software compatibility table (issue 20), one row per GPU
// architecture (core/software/software_compat.h): minimum and last driver
// branch and toolkit release, recommended stack and container image, the
// hardware precisions and framework features as JSON arrays, the published
// end of support, and the row's source and the date it was checked. Rows
// are keyed by architecture, not by part id: they are not parts. The
// shipped rows are written by CatalogStore::open when a database is created
// or upgraded to this version.
constexpr std::string_view migration6 = R"SQL(
CREATE TABLE software_compat (
    architecture TEXT PRIMARY KEY NOT NULL,
    vendor TEXT,
    stack TEXT NOT NULL CHECK (stack IN ('cuda', 'rocm', 'synapseai')),
    min_driver_branch TEXT,
    last_driver_branch TEXT,
    min_toolkit_version TEXT,
    last_toolkit_version TEXT,
    recommended_driver TEXT,
    recommended_toolkit TEXT,
    container_image TEXT,
    precisions TEXT NOT NULL,
    frameworks TEXT NOT NULL,
    end_of_support TEXT,
    source TEXT NOT NULL,
    source_date TEXT NOT NULL,
    notes TEXT
);
)SQL";

// Migration 7: manageability and security fields (issue 20), appended to
// the chassis and nic tables in the registry's order (core/parts/
// field_spec.cpp, the kinds' `later` fields). Flags are NULL when not known.
constexpr std::string_view migration7 = R"SQL(
ALTER TABLE chassis ADD COLUMN bmc_type TEXT;
ALTER TABLE chassis ADD COLUMN redfish_version TEXT;
ALTER TABLE chassis ADD COLUMN secure_boot INTEGER CHECK (secure_boot IN (0, 1));
ALTER TABLE chassis ADD COLUMN tpm INTEGER CHECK (tpm IN (0, 1));
ALTER TABLE chassis ADD COLUMN hardware_root_of_trust INTEGER
    CHECK (hardware_root_of_trust IN (0, 1));
ALTER TABLE chassis ADD COLUMN signed_firmware INTEGER CHECK (signed_firmware IN (0, 1));
ALTER TABLE chassis ADD COLUMN oob_management_nic INTEGER CHECK (oob_management_nic IN (0, 1));
ALTER TABLE chassis ADD COLUMN hot_swap_psus INTEGER CHECK (hot_swap_psus IN (0, 1));
ALTER TABLE chassis ADD COLUMN hot_swap_fans INTEGER CHECK (hot_swap_fans IN (0, 1));
ALTER TABLE chassis ADD COLUMN service_access TEXT;
ALTER TABLE nic ADD COLUMN dpu INTEGER CHECK (dpu IN (0, 1));
ALTER TABLE nic ADD COLUMN isolation_offload INTEGER CHECK (isolation_offload IN (0, 1));
)SQL";

// Migration 8: the GPU's `partition_profiles` (MIG profiles, AMD partition
// modes; TEXT holding a JSON array), appended as the last gpu column like the
// registry's field added after the trailing common fields. The shipped GPUs
// that have published tables (docs/reference/partitioning.md) get them, as
// the default catalog of this version has them, so an upgraded catalog can
// carry a portfolio's slices; no stored value is overwritten (the column is
// new) and those parts' row versions rise like any other write.
constexpr std::string_view migration8 = R"SQL(
ALTER TABLE gpu ADD COLUMN partition_profiles TEXT;
UPDATE gpu SET partition_profiles =
    '["1g.5gb compute=1/7 memory=1/8 memory_gb=5 max=7","1g.10gb compute=1/7 memory=2/8 memory_gb=10 max=4","2g.10gb compute=2/7 memory=2/8 memory_gb=10 max=3","3g.20gb compute=3/7 memory=4/8 memory_gb=20 max=2","4g.20gb compute=4/7 memory=4/8 memory_gb=20 max=1","7g.40gb compute=7/7 memory=8/8 memory_gb=40 max=1"]'
    WHERE id = 'nvidia-a100-sxm4-40gb';
UPDATE gpu SET partition_profiles =
    '["1g.10gb compute=1/7 memory=1/8 memory_gb=10 max=7","1g.20gb compute=1/7 memory=2/8 memory_gb=20 max=4","2g.20gb compute=2/7 memory=2/8 memory_gb=20 max=3","3g.40gb compute=3/7 memory=4/8 memory_gb=40 max=2","4g.40gb compute=4/7 memory=4/8 memory_gb=40 max=1","7g.80gb compute=7/7 memory=8/8 memory_gb=80 max=1"]'
    WHERE id = 'nvidia-a100-sxm4-80gb';
UPDATE gpu SET partition_profiles =
    '["1g.10gb compute=1/7 memory=1/8 memory_gb=10 max=7","1g.20gb compute=1/7 memory=2/8 memory_gb=20 max=4","2g.20gb compute=2/7 memory=2/8 memory_gb=20 max=3","3g.40gb compute=3/7 memory=4/8 memory_gb=40 max=2","4g.40gb compute=4/7 memory=4/8 memory_gb=40 max=1","7g.80gb compute=7/7 memory=8/8 memory_gb=80 max=1"]'
    WHERE id = 'nvidia-a100-pcie-80gb';
UPDATE gpu SET partition_profiles =
    '["1g.10gb compute=1/7 memory=1/8 memory_gb=10 max=7","1g.20gb compute=1/7 memory=2/8 memory_gb=20 max=4","2g.20gb compute=2/7 memory=2/8 memory_gb=20 max=3","3g.40gb compute=3/7 memory=4/8 memory_gb=40 max=2","4g.40gb compute=4/7 memory=4/8 memory_gb=40 max=1","7g.80gb compute=7/7 memory=8/8 memory_gb=80 max=1"]'
    WHERE id = 'nvidia-h100-sxm5-80gb';
UPDATE gpu SET partition_profiles =
    '["1g.10gb compute=1/7 memory=1/8 memory_gb=10 max=7","1g.20gb compute=1/7 memory=2/8 memory_gb=20 max=4","2g.20gb compute=2/7 memory=2/8 memory_gb=20 max=3","3g.40gb compute=3/7 memory=4/8 memory_gb=40 max=2","4g.40gb compute=4/7 memory=4/8 memory_gb=40 max=1","7g.80gb compute=7/7 memory=8/8 memory_gb=80 max=1"]'
    WHERE id = 'nvidia-h100-pcie-80gb';
UPDATE gpu SET partition_profiles =
    '["1g.12gb compute=1/7 memory=1/8 memory_gb=12 max=7","1g.24gb compute=1/7 memory=2/8 memory_gb=24 max=4","2g.24gb compute=2/7 memory=2/8 memory_gb=24 max=3","3g.47gb compute=3/7 memory=4/8 memory_gb=47 max=2","4g.47gb compute=4/7 memory=4/8 memory_gb=47 max=1","7g.94gb compute=7/7 memory=8/8 memory_gb=94 max=1"]'
    WHERE id = 'nvidia-h100-nvl-94gb';
UPDATE gpu SET partition_profiles =
    '["1g.18gb compute=1/7 memory=1/8 memory_gb=18 max=7","1g.35gb compute=1/7 memory=2/8 memory_gb=35 max=4","2g.35gb compute=2/7 memory=2/8 memory_gb=35 max=3","3g.71gb compute=3/7 memory=4/8 memory_gb=71 max=2","4g.71gb compute=4/7 memory=4/8 memory_gb=71 max=1","7g.141gb compute=7/7 memory=8/8 memory_gb=141 max=1"]'
    WHERE id = 'nvidia-h200-sxm-141gb';
UPDATE gpu SET partition_profiles =
    '["1g.18gb compute=1/7 memory=1/8 memory_gb=18 max=7","1g.35gb compute=1/7 memory=2/8 memory_gb=35 max=4","2g.35gb compute=2/7 memory=2/8 memory_gb=35 max=3","3g.71gb compute=3/7 memory=4/8 memory_gb=71 max=2","4g.71gb compute=4/7 memory=4/8 memory_gb=71 max=1","7g.141gb compute=7/7 memory=8/8 memory_gb=141 max=1"]'
    WHERE id = 'nvidia-h200-nvl-141gb';
UPDATE gpu SET partition_profiles =
    '["1g.23gb compute=1/7 memory=1/8 memory_gb=23 max=7","1g.45gb compute=1/7 memory=2/8 memory_gb=45 max=4","2g.45gb compute=2/7 memory=2/8 memory_gb=45 max=3","3g.90gb compute=3/7 memory=4/8 memory_gb=90 max=2","4g.90gb compute=4/7 memory=4/8 memory_gb=90 max=1","7g.180gb compute=7/7 memory=8/8 memory_gb=180 max=1"]'
    WHERE id = 'nvidia-b200-sxm-180gb';
UPDATE gpu SET partition_profiles =
    '["spx+nps1 compute=8/8 memory=8/8 memory_gb=192 max=1 whole_gpu","dpx+nps2 compute=4/8 memory=4/8 memory_gb=96 max=2 whole_gpu","cpx+nps4 compute=1/8 memory=1/8 memory_gb=24 max=8 whole_gpu"]'
    WHERE id = 'amd-mi300x-192gb';
UPDATE part SET version = version + 1 WHERE id IN ('nvidia-a100-sxm4-40gb', 'nvidia-a100-sxm4-80gb', 'nvidia-a100-pcie-80gb', 'nvidia-h100-sxm5-80gb', 'nvidia-h100-pcie-80gb', 'nvidia-h100-nvl-94gb', 'nvidia-h200-sxm-141gb', 'nvidia-h200-nvl-141gb', 'nvidia-b200-sxm-180gb', 'amd-mi300x-192gb');
)SQL";

// Migration 9: switches and PDUs become part kinds (issue 18). Two kind
// tables in the registry's field order (core/parts/field_spec.cpp: common
// fields, the kind's own, part_number), and `part`'s kind check widened to
// name them. SQLite cannot change a CHECK constraint in place, so `part` is
// rebuilt (https://www.sqlite.org/lang_altertable.html, "Making Other Kinds
// Of Table Schema Changes"): its rows, versions included, are copied into a
// new table that takes its name. The kind tables' rows are set aside in
// temporary tables and put back around the rebuild, so no foreign key to
// `part` is ever left dangling and the step runs with foreign keys on, in
// the store's one migration transaction; every stored part is kept as it was.
constexpr std::string_view migration9 = R"SQL(
CREATE TEMP TABLE migration9_gpu AS SELECT * FROM gpu;
DELETE FROM gpu;
CREATE TEMP TABLE migration9_chassis AS SELECT * FROM chassis;
DELETE FROM chassis;
CREATE TEMP TABLE migration9_cpu AS SELECT * FROM cpu;
DELETE FROM cpu;
CREATE TEMP TABLE migration9_nvme AS SELECT * FROM nvme;
DELETE FROM nvme;
CREATE TEMP TABLE migration9_nic AS SELECT * FROM nic;
DELETE FROM nic;
CREATE TEMP TABLE migration9_psu AS SELECT * FROM psu;
DELETE FROM psu;
CREATE TEMP TABLE migration9_cooling AS SELECT * FROM cooling;
DELETE FROM cooling;
CREATE TABLE part_migration9 (
    id      TEXT PRIMARY KEY NOT NULL,
    kind    TEXT NOT NULL CHECK (kind IN ('gpu', 'chassis', 'cpu', 'nvme', 'nic', 'psu', 'cooling',
                                          'switch', 'pdu')),
    version INTEGER NOT NULL DEFAULT 1
) WITHOUT ROWID;
INSERT INTO part_migration9 (id, kind, version) SELECT id, kind, version FROM part;
DROP TABLE part;
ALTER TABLE part_migration9 RENAME TO part;
CREATE INDEX part_by_kind ON part (kind, id);
INSERT INTO gpu SELECT * FROM migration9_gpu;
DROP TABLE migration9_gpu;
INSERT INTO chassis SELECT * FROM migration9_chassis;
DROP TABLE migration9_chassis;
INSERT INTO cpu SELECT * FROM migration9_cpu;
DROP TABLE migration9_cpu;
INSERT INTO nvme SELECT * FROM migration9_nvme;
DROP TABLE migration9_nvme;
INSERT INTO nic SELECT * FROM migration9_nic;
DROP TABLE migration9_nic;
INSERT INTO psu SELECT * FROM migration9_psu;
DROP TABLE migration9_psu;
INSERT INTO cooling SELECT * FROM migration9_cooling;
DROP TABLE migration9_cooling;

CREATE TABLE "switch" (
    id TEXT PRIMARY KEY NOT NULL REFERENCES part (id),
    vendor TEXT NOT NULL,
    model TEXT NOT NULL,
    price_usd REAL,
    price_note TEXT,
    source TEXT,
    confidence TEXT,
    estimated_fields TEXT,
    notes TEXT,
    ports INTEGER NOT NULL,
    port_speed_gbps REAL NOT NULL,
    protocol TEXT NOT NULL,
    connector TEXT,
    uplink_ports INTEGER,
    uplink_speed_gbps REAL,
    rack_units INTEGER NOT NULL,
    max_power_w REAL NOT NULL,
    typical_power_w REAL,
    power_supplies INTEGER NOT NULL,
    weight_kg REAL,
    full_depth INTEGER CHECK (full_depth IN (0, 1)),
    airflow TEXT,
    part_number TEXT
);

CREATE TABLE pdu (
    id TEXT PRIMARY KEY NOT NULL REFERENCES part (id),
    vendor TEXT NOT NULL,
    model TEXT NOT NULL,
    price_usd REAL,
    price_note TEXT,
    source TEXT,
    confidence TEXT,
    estimated_fields TEXT,
    notes TEXT,
    outlets_c13 INTEGER NOT NULL,
    outlets_c19 INTEGER NOT NULL,
    phases INTEGER NOT NULL,
    voltage_v REAL NOT NULL,
    breaker_a REAL NOT NULL,
    rack_units INTEGER NOT NULL,
    metered INTEGER CHECK (metered IN (0, 1)),
    switched INTEGER CHECK (switched IN (0, 1)),
    input_plug TEXT,
    weight_kg REAL,
    part_number TEXT
);
)SQL";

// Migration 10: CPU sockets (the CPU's `socket`, the chassis' `cpu_socket`),
// appended as the last column of each table like the registry's fields added
// after the trailing common ones. A chassis takes only CPUs of its socket
// (compat.cpu_socket), so a search cannot put a CPU that ships only inside a
// GPU module, or another vendor's CPU, into a server. The shipped parts get
// the sockets the default catalog of this version has; no stored value is
// overwritten (the columns are new) and those parts' row versions rise.
constexpr std::string_view migration10 = R"SQL(
ALTER TABLE chassis ADD COLUMN cpu_socket TEXT;
ALTER TABLE cpu ADD COLUMN socket TEXT;
UPDATE cpu SET socket = 'SP5' WHERE id IN ('amd-epyc-9654', 'amd-epyc-9554', 'amd-epyc-9754', 'amd-epyc-9575f', 'amd-epyc-9655', 'amd-epyc-9965');
UPDATE cpu SET socket = 'LGA4677' WHERE id IN ('intel-xeon-platinum-8480plus', 'intel-xeon-platinum-8570', 'intel-xeon-platinum-8580');
UPDATE cpu SET socket = 'LGA7529' WHERE id IN ('intel-xeon-6980p', 'intel-xeon-6960p');
UPDATE cpu SET socket = 'Grace module' WHERE id IN ('nvidia-grace');
UPDATE chassis SET cpu_socket = 'SP5' WHERE id IN ('asus-esc8000a-e13', 'supermicro-as-4125gs-tnrt', 'supermicro-as-8125gs-tnmr2');
UPDATE chassis SET cpu_socket = 'LGA4677' WHERE id IN ('nvidia-dgx-h100', 'nvidia-dgx-h200', 'nvidia-dgx-b200', 'dell-poweredge-xe9680', 'supermicro-sys-821ge-tnhr', 'hpe-cray-xd670', 'lenovo-thinksystem-sr680a-v3', 'gigabyte-g593-sd1');
UPDATE chassis SET cpu_socket = 'LGA4710' WHERE id IN ('asus-xa-nb3i-e12');
UPDATE chassis SET cpu_socket = 'Grace module' WHERE id IN ('nvidia-gb200-nvl72-compute-tray');
UPDATE part SET version = version + 1 WHERE id IN ('amd-epyc-9654', 'amd-epyc-9554', 'amd-epyc-9754', 'amd-epyc-9575f', 'amd-epyc-9655', 'amd-epyc-9965', 'intel-xeon-platinum-8480plus', 'intel-xeon-platinum-8570', 'intel-xeon-platinum-8580', 'intel-xeon-6980p', 'intel-xeon-6960p', 'nvidia-grace', 'asus-esc8000a-e13', 'nvidia-dgx-h100', 'nvidia-dgx-h200', 'nvidia-dgx-b200', 'dell-poweredge-xe9680', 'supermicro-sys-821ge-tnhr', 'supermicro-as-4125gs-tnrt', 'hpe-cray-xd670', 'lenovo-thinksystem-sr680a-v3', 'gigabyte-g593-sd1', 'supermicro-as-8125gs-tnmr2', 'asus-xa-nb3i-e12', 'nvidia-gb200-nvl72-compute-tray');
)SQL";

// Migration 11: GPU baseboards (the GPU's `baseboard`, the chassis'
// `gpu_baseboards`, a JSON text list like `other_gpu_form_factors`),
// appended as the last column of each table. An SXM or OAM module fits only
// a baseboard of its generation (compat.gpu_baseboard), so a search cannot
// put H200 modules into a GB200 NVL72 tray or B300 modules into an HGX H100
// server. The shipped parts get the baseboards the default catalog of this
// version has; no stored value is overwritten (the columns are new) and
// those parts' row versions rise.
constexpr std::string_view migration11 = R"SQL(
ALTER TABLE gpu ADD COLUMN baseboard TEXT;
ALTER TABLE chassis ADD COLUMN gpu_baseboards TEXT;
UPDATE gpu SET baseboard = 'SXM2 V100' WHERE id IN ('nvidia-v100-sxm2-32gb');
UPDATE gpu SET baseboard = 'HGX A100' WHERE id IN ('nvidia-a100-sxm4-40gb', 'nvidia-a100-sxm4-80gb');
UPDATE gpu SET baseboard = 'HGX H100' WHERE id IN ('nvidia-h100-sxm5-80gb');
UPDATE gpu SET baseboard = 'HGX H200' WHERE id IN ('nvidia-h200-sxm-141gb');
UPDATE gpu SET baseboard = 'HGX B200' WHERE id IN ('nvidia-b200-sxm-180gb');
UPDATE gpu SET baseboard = 'HGX B300' WHERE id IN ('nvidia-b300-sxm-288gb');
UPDATE gpu SET baseboard = 'GB200 NVL72' WHERE id IN ('nvidia-gb200-per-gpu');
UPDATE gpu SET baseboard = 'MI250X OAM' WHERE id IN ('amd-mi250x-128gb');
UPDATE gpu SET baseboard = 'MI300X UBB' WHERE id IN ('amd-mi300x-192gb');
UPDATE gpu SET baseboard = 'MI325X UBB' WHERE id IN ('amd-mi325x-256gb');
UPDATE gpu SET baseboard = 'MI350 UBB' WHERE id IN ('amd-mi350x-288gb', 'amd-mi355x-288gb');
UPDATE gpu SET baseboard = 'Gaudi 3 HLB' WHERE id IN ('intel-gaudi3-128gb');
UPDATE chassis SET gpu_baseboards = '["HGX H100"]' WHERE id IN ('nvidia-dgx-h100');
UPDATE chassis SET gpu_baseboards = '["HGX H200"]' WHERE id IN ('nvidia-dgx-h200');
UPDATE chassis SET gpu_baseboards = '["HGX B200"]' WHERE id IN ('nvidia-dgx-b200');
UPDATE chassis SET gpu_baseboards = '["HGX A100","HGX H100","HGX H200","MI300X UBB","Gaudi 3 HLB"]' WHERE id IN ('dell-poweredge-xe9680');
UPDATE chassis SET gpu_baseboards = '["HGX H100","HGX H200"]' WHERE id IN ('supermicro-sys-821ge-tnhr', 'hpe-cray-xd670', 'gigabyte-g593-sd1');
UPDATE chassis SET gpu_baseboards = '["HGX H100","HGX H200","HGX B200"]' WHERE id IN ('lenovo-thinksystem-sr680a-v3');
UPDATE chassis SET gpu_baseboards = '["MI300X UBB"]' WHERE id IN ('supermicro-as-8125gs-tnmr2');
UPDATE chassis SET gpu_baseboards = '["HGX B300"]' WHERE id IN ('asus-xa-nb3i-e12');
UPDATE chassis SET gpu_baseboards = '["GB200 NVL72"]' WHERE id IN ('nvidia-gb200-nvl72-compute-tray');
UPDATE part SET version = version + 1 WHERE id IN ('nvidia-v100-sxm2-32gb', 'nvidia-a100-sxm4-40gb', 'nvidia-a100-sxm4-80gb', 'nvidia-h100-sxm5-80gb', 'nvidia-h200-sxm-141gb', 'nvidia-b200-sxm-180gb', 'nvidia-b300-sxm-288gb', 'nvidia-gb200-per-gpu', 'amd-mi250x-128gb', 'amd-mi300x-192gb', 'amd-mi325x-256gb', 'amd-mi350x-288gb', 'amd-mi355x-288gb', 'intel-gaudi3-128gb', 'nvidia-dgx-h100', 'nvidia-dgx-h200', 'nvidia-dgx-b200', 'dell-poweredge-xe9680', 'supermicro-sys-821ge-tnhr', 'hpe-cray-xd670', 'lenovo-thinksystem-sr680a-v3', 'gigabyte-g593-sd1', 'supermicro-as-8125gs-tnmr2', 'asus-xa-nb3i-e12', 'nvidia-gb200-nvl72-compute-tray');
)SQL";

// Migration 12: the chassis' `node_multiple` (nodes are bought in whole
// multiples of it), appended as the last column. A GB200 NVL72 compute tray
// comes only in racks of 18 (compat.node_multiple), so a search cannot
// recommend four of them. The shipped tray gets its 18; no stored value is
// overwritten and its row version rises.
constexpr std::string_view migration12 = R"SQL(
ALTER TABLE chassis ADD COLUMN node_multiple INTEGER;
UPDATE chassis SET node_multiple = 18 WHERE id IN ('nvidia-gb200-nvl72-compute-tray');
UPDATE part SET version = version + 1 WHERE id IN ('nvidia-gb200-nvl72-compute-tray');
)SQL";

// Migration 13: the chassis' `fabric_domain_gpus` (GPUs the GPU fabric joins
// across nodes), appended as the last column. A GB200 NVL72 rack's NVLink
// switch trays join all 72 GPUs of its 18 compute trays, so collectives
// between trays of one rack run on NVLink, not on the NICs. The shipped
// tray gets its 72; no stored value is overwritten and its row version rises.
constexpr std::string_view migration13 = R"SQL(
ALTER TABLE chassis ADD COLUMN fabric_domain_gpus INTEGER;
UPDATE chassis SET fabric_domain_gpus = 72 WHERE id IN ('nvidia-gb200-nvl72-compute-tray');
UPDATE part SET version = version + 1 WHERE id IN ('nvidia-gb200-nvl72-compute-tray');
)SQL";

// Migration 14: the chassis' `nic_options` (the network adapters it is built
// with, a JSON text list of "ID:COUNT"), appended as the last column. A GB200
// NVL72 compute tray carries one 400 Gb/s ConnectX-7 or BlueField-3 SuperNIC
// per GPU and takes no other card, so a search cannot fit it with a 100 GbE
// adapter (compat.nic_not_offered). The shipped tray gets its list; no
// stored value is overwritten and its row version rises.
constexpr std::string_view migration14 = R"SQL(
ALTER TABLE chassis ADD COLUMN nic_options TEXT;
UPDATE chassis SET nic_options = '["nvidia-connectx-7-ndr-osfp:4","nvidia-bluefield-3-b3140h-supernic:4"]' WHERE id IN ('nvidia-gb200-nvl72-compute-tray');
UPDATE part SET version = version + 1 WHERE id IN ('nvidia-gb200-nvl72-compute-tray');
)SQL";

// Migration 15: the GPU's `host_link_gbs` (GB/s one way to the CPU's memory
// over a coherent chip-to-chip link), appended as the last column. A GB200
// superchip's two Blackwell GPUs share the Grace CPU's 900 GB/s (both ways)
// NVLink-C2C, so activation and optimizer offload copies run at 225 GB/s
// each way per GPU, not at PCIe's rate. The shipped GB200 gets its 225; no
// stored value is overwritten and its row version rises.
constexpr std::string_view migration15 = R"SQL(
ALTER TABLE gpu ADD COLUMN host_link_gbs REAL;
UPDATE gpu SET host_link_gbs = 225 WHERE id IN ('nvidia-gb200-per-gpu');
UPDATE part SET version = version + 1 WHERE id IN ('nvidia-gb200-per-gpu');
)SQL";

// Migration 16: the GPU's `memory_gib` (its memory in 2^30 bytes where the
// vendor sizes it so), appended as the last column. HBM is sized in GiB: an
// A100 "80GB" holds 80 GiB (nvidia-smi 81,920 MiB), 7 % more than the 80 ×
// 10^9 bytes `memory_gb` stands for, and the analysis counted that much too
// little (core/parts/gpu_memory.cpp). A shipped HBM GPU whose stored
// memory_gb is still the shipped figure gets it as memory_gib, with the
// default catalog's note and, where no driver figure was read, memory_gib
// among its estimated fields (both appended, as build_default_catalog.py
// writes them last). A GPU whose capacity the user changed keeps it in
// 10^9 bytes: memory_gib stays empty and the analysis says so
// (memory.capacity_in_gb). Updated rows' versions rise.
constexpr std::string_view migration16 = R"SQL(
ALTER TABLE gpu ADD COLUMN memory_gib REAL;
WITH shipped(id, gb) AS (VALUES
    ('nvidia-v100-sxm2-32gb', 32),
    ('nvidia-a100-sxm4-40gb', 40),
    ('nvidia-a100-sxm4-80gb', 80),
    ('nvidia-a100-pcie-80gb', 80),
    ('nvidia-h100-sxm5-80gb', 80),
    ('nvidia-h100-pcie-80gb', 80),
    ('nvidia-h100-nvl-94gb', 94),
    ('nvidia-h200-sxm-141gb', 141),
    ('nvidia-h200-nvl-141gb', 141),
    ('nvidia-b200-sxm-180gb', 180),
    ('nvidia-b300-sxm-288gb', 288),
    ('nvidia-gb200-per-gpu', 186),
    ('amd-mi250x-128gb', 128),
    ('amd-mi300x-192gb', 192),
    ('amd-mi325x-256gb', 256),
    ('amd-mi350x-288gb', 288),
    ('amd-mi355x-288gb', 288),
    ('intel-gaudi3-128gb', 128))
UPDATE gpu SET memory_gib = memory_gb
    WHERE EXISTS (SELECT 1 FROM shipped WHERE shipped.id = gpu.id AND shipped.gb = gpu.memory_gb);
UPDATE gpu SET
    estimated_fields = CASE
        WHEN estimated_fields IS NULL OR estimated_fields = '[]' THEN '["memory_gib"]'
        ELSE substr(estimated_fields, 1, length(estimated_fields) - 1) || ',"memory_gib"]' END,
    notes = CASE WHEN notes IS NULL OR notes = '' THEN '[InfraFit estimate] memory_gib = memory_gb: HBM stacks are sized in GiB, as the drivers report for the A100 80GB (81,920 MiB) and H100 80GB (81,559 MiB); no driver figure was read for this part.'
        ELSE notes || ' [InfraFit estimate] memory_gib = memory_gb: HBM stacks are sized in GiB, as the drivers report for the A100 80GB (81,920 MiB) and H100 80GB (81,559 MiB); no driver figure was read for this part.' END
    WHERE memory_gib IS NOT NULL AND id NOT IN ('nvidia-a100-sxm4-80gb', 'nvidia-h100-sxm5-80gb', 'nvidia-b200-sxm-180gb', 'amd-mi300x-192gb')
        AND instr(coalesce(estimated_fields, ''), '"memory_gib"') = 0;
UPDATE gpu SET notes = CASE WHEN notes IS NULL OR notes = '' THEN '' ELSE notes || ' ' END
    || CASE id
        WHEN 'nvidia-a100-sxm4-80gb' THEN 'Memory in GiB: nvidia-smi reports 81,920 MiB (modal-labs/modal-client PR #2797).'
        WHEN 'nvidia-h100-sxm5-80gb' THEN 'Memory in GiB: nvidia-smi reports 81,559 MiB, 80 GiB less the driver''s reserve (vllm-project/vllm issue #27508).'
        WHEN 'nvidia-b200-sxm-180gb' THEN 'Memory in GiB: nvidia-smi reports 183,359 MiB, 180 GiB less the driver''s reserve (NVIDIA/TensorRT-LLM issue #10278).'
        WHEN 'amd-mi300x-192gb' THEN 'Memory in GiB: rocm-smi reports 192 GiB (ROCm/legacy-rocm-build issue #4750).'
    END
    WHERE memory_gib IS NOT NULL AND id IN ('nvidia-a100-sxm4-80gb', 'nvidia-h100-sxm5-80gb', 'nvidia-b200-sxm-180gb', 'amd-mi300x-192gb')
        AND instr(coalesce(notes, ''), 'Memory in GiB:') = 0;
UPDATE part SET version = version + 1 WHERE id IN (SELECT id FROM gpu WHERE memory_gib IS NOT NULL);
)SQL";

constexpr std::array<Migration, 16> migrations{{
    {1, migration1},
    {2, migration2},
    {3, migration3},
    {4, migration4},
    {5, migration5},
    {6, migration6},
    {7, migration7},
    {8, migration8},
    {9, migration9},
    {10, migration10},
    {11, migration11},
    {12, migration12},
    {13, migration13},
    {14, migration14},
    {15, migration15},
    {16, migration16},
}};

/// True when the database has no tables, views or triggers at all.
bool isEmptyDatabase(sqlite::Database& db)
{
    return db.queryInt("SELECT count(*) FROM sqlite_schema") == 0;
}

} // namespace

std::span<const Migration> catalogMigrations() { return migrations; }

int applyMigrations(sqlite::Database& db, std::span<const Migration> list)
{
    const int latest = list.empty() ? 0 : list.back().version;
    const int before = db.userVersion();
    const auto applicationId = db.applicationId();
    if (applicationId != catalogApplicationId
        && !(applicationId == 0 && before == 0 && isEmptyDatabase(db)))
        throw StoreError(StoreErrorKind::NotADatabase,
                         db.path() + ": is an SQLite database of another program, not an "
                                     "InfraFit catalog");
    if (before > latest)
        throw StoreError(StoreErrorKind::NewerSchema,
                         db.path() + ": was written by a newer InfraFit (catalog schema "
                             + std::to_string(before) + ", this program knows up to "
                             + std::to_string(latest) + "); update InfraFit to use it");
    if (applicationId != catalogApplicationId)
        db.setApplicationId(catalogApplicationId);
    for (const auto& migration : list) {
        if (migration.version <= before)
            continue;
        db.exec(migration.sql);
        db.setUserVersion(migration.version);
    }
    return before;
}

} // namespace infrafit::catalog
