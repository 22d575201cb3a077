// SPDX-License-Identifier: Apache-2.0
// Catalog store benchmarks (issue 2 targets): import 100,000 parts from JSON
// into an empty database < 2 s; list or filter one kind among 100,000 < 50 ms;
// export 100,000 < 1 s; open the default catalog < 50 ms.

#include "catalog/catalog_import.h"
#include "catalog/catalog_store.h"
#include "catalog/default_catalog.h"
#include "catalog/memory_tuning.h"
#include "core/io/catalog_json.h"
#include "core/parts/field_spec.h"

#include <benchmark/benchmark.h>

#include <array>
#include <filesystem>
#include <fstream>
#include <optional>
#include <random>
#include <string>

namespace {

using namespace infrafit;
using namespace infrafit::catalog;
namespace fs = std::filesystem;

constexpr int partCount = 100000;

/// The allocator settings both executables make at start (before main here,
/// as benchmark_main owns main).
const bool allocatorTuned = keepFreedMemoryForReuse();

/// A folder for the benchmark's databases, removed at exit.
class BenchDir {
public:
    BenchDir()
        : mPath(fs::temp_directory_path()
                / ("infrafit-catalog-bench-" + std::to_string(std::random_device{}())))
    {
        fs::create_directories(mPath);
    }
    ~BenchDir()
    {
        std::error_code ignored;
        fs::remove_all(mPath, ignored);
    }
    BenchDir(const BenchDir&) = delete;
    BenchDir& operator=(const BenchDir&) = delete;
    [[nodiscard]] std::string file(const std::string& name) const { return (mPath / name).string(); }

private:
    fs::path mPath;
};

BenchDir& benchDir()
{
    static BenchDir dir;
    return dir;
}

/// A part of `kind` with every required field valid (used when the default
/// catalog has no part of that kind).
Part syntheticPart(PartKind kind)
{
    Part part = makePart(kind);
    for (const auto& spec : fieldsOf(kind)) {
        switch (spec.type) {
        case FieldType::Number: spec.set(part, spec.maximum <= 10 ? spec.maximum : spec.minimum + 1); break;
        case FieldType::Integer: spec.set(part, spec.minimum + 1); break;
        case FieldType::Choice: spec.set(part, std::string(spec.choices.front())); break;
        case FieldType::Text: spec.set(part, std::string("bench ") + std::string(spec.key)); break;
        default: break;
        }
    }
    return part;
}

/// 100,000 parts, the seven kinds in turn (about 14,300 each), copied from
/// the default catalog's parts (with their sources and notes) under new ids.
const std::vector<Part>& generatedParts()
{
    static const std::vector<Part> parts = [] {
        std::array<std::vector<Part>, 7> templates;
        for (auto& part : defaultCatalogParts())
            templates[static_cast<std::size_t>(kindOf(part))].push_back(part);
        for (PartKind kind : allPartKinds) {
            if (templates[static_cast<std::size_t>(kind)].empty())
                templates[static_cast<std::size_t>(kind)].push_back(syntheticPart(kind));
        }
        std::vector<Part> result;
        result.reserve(partCount);
        for (int i = 0; i < partCount; ++i) {
            const auto& ofKind = templates[static_cast<std::size_t>(i % 7)];
            Part part = ofKind[static_cast<std::size_t>(i / 7) % ofKind.size()];
            auto& info = infoOf(part);
            info.id = "bench-" + std::to_string(i);
            info.model += " #" + std::to_string(i);
            result.push_back(std::move(part));
        }
        return result;
    }();
    return parts;
}

const std::string& generatedJson()
{
    static const std::string json = catalogToJson(generatedParts());
    return json;
}

/// The same 100,000 parts at the text density of a typical vendor price list
/// (a one-line source, no notes or price notes: about 550 bytes per part),
/// as opposed to the default catalog's long research notes (about 1 KB).
const std::vector<Part>& compactParts()
{
    static const std::vector<Part> parts = [] {
        std::vector<Part> result = generatedParts();
        for (auto& part : result) {
            auto& info = infoOf(part);
            info.source = "vendor datasheet, 2026 price list";
            info.notes.clear();
            info.priceNote.clear();
            info.estimatedFields.clear();
        }
        return result;
    }();
    return parts;
}

const std::string& compactJson()
{
    static const std::string json = catalogToJson(compactParts());
    return json;
}

void runImport(benchmark::State& state, const std::string& json, const std::string& prefix);

void importCompactFromJson(benchmark::State& state)
{
    runImport(state, compactJson(), "compact");
    state.counters["json_mb"] = static_cast<double>(compactJson().size()) / 1e6;
}
BENCHMARK(importCompactFromJson)->Unit(benchmark::kMillisecond)->Iterations(3)->UseRealTime();

/// A database of the compact parts, built once.
CatalogStore& compactStore()
{
    static CatalogStore store = [] {
        auto opened = CatalogStore::open(benchDir().file("compact-full.sqlite"), OpenOptions{false});
        opened.importParts(compactParts());
        return opened;
    }();
    return store;
}

void listOneKindCompact(benchmark::State& state)
{
    auto& store = compactStore();
    for (auto _ : state) {
        auto parts = store.list(PartKind::Gpu);
        benchmark::DoNotOptimize(parts);
    }
}
BENCHMARK(listOneKindCompact)->Unit(benchmark::kMillisecond);

void exportAllCompact(benchmark::State& state)
{
    auto& store = compactStore();
    for (auto _ : state) {
        auto text = catalogToJson(store.list());
        benchmark::DoNotOptimize(text);
    }
}
BENCHMARK(exportAllCompact)->Unit(benchmark::kMillisecond);

/// A database holding the 100,000 generated parts, built once.
CatalogStore& fullStore()
{
    static CatalogStore store = [] {
        auto opened = CatalogStore::open(benchDir().file("full.sqlite"), OpenOptions{false});
        opened.importParts(generatedParts());
        return opened;
    }();
    return store;
}

/// `json` written to a file in the benchmark folder (once per name).
std::string jsonFile(const std::string& json, const std::string& name)
{
    const auto path = benchDir().file(name + ".json");
    if (!fs::exists(path))
        std::ofstream(path, std::ios::binary) << json;
    return path;
}

/// Times importing the catalog file of `json` into a new empty database the
/// way `infrafit-cli catalog import` does (importCatalogFile: read, parse on
/// a second thread, store as batches arrive), once per iteration; creating
/// and deleting the database is not timed. Wall time, as two threads work.
void runImport(benchmark::State& state, const std::string& json, const std::string& prefix)
{
    const auto file = jsonFile(json, prefix);
    int round = 0;
    for (auto _ : state) {
        state.PauseTiming();
        const auto path = benchDir().file(prefix + "-" + std::to_string(round++) + ".sqlite");
        std::optional<CatalogStore> store = CatalogStore::open(path, OpenOptions{false});
        state.ResumeTiming();

        const auto result = importCatalogFile(*store, file);
        if (result.parts != partCount)
            state.SkipWithError("not every part was imported");
        benchmark::DoNotOptimize(result);

        state.PauseTiming();
        store.reset();
        fs::remove(path);
        state.ResumeTiming();
    }
    state.counters["parts"] = partCount;
}

void importFromJson(benchmark::State& state)
{
    runImport(state, generatedJson(), "import");
}
BENCHMARK(importFromJson)->Unit(benchmark::kMillisecond)->Iterations(3)->UseRealTime();

/// The same import done in series on one thread (parse the whole file, then
/// store): what the pipeline saves.
void importFromJsonSerial(benchmark::State& state)
{
    const auto file = jsonFile(generatedJson(), "import");
    int round = 0;
    for (auto _ : state) {
        state.PauseTiming();
        const auto path = benchDir().file("serial-" + std::to_string(round++) + ".sqlite");
        std::optional<CatalogStore> store = CatalogStore::open(path, OpenOptions{false});
        state.ResumeTiming();
        auto document = readCatalogFile(file);
        benchmark::DoNotOptimize(store->importParts(document.parts));
        state.PauseTiming();
        store.reset();
        fs::remove(path);
        state.ResumeTiming();
    }
}
BENCHMARK(importFromJsonSerial)->Unit(benchmark::kMillisecond)->Iterations(3)->UseRealTime();

/// The two halves of the import, for the report: JSON parsing alone...
void parseJsonOnly(benchmark::State& state)
{
    const std::string& json = generatedJson();
    for (auto _ : state) {
        auto document = parseCatalog(json, "bench.json");
        benchmark::DoNotOptimize(document);
    }
    state.counters["json_mb"] = static_cast<double>(json.size()) / 1e6;
}
BENCHMARK(parseJsonOnly)->Unit(benchmark::kMillisecond)->Iterations(3);

/// ...and storing already parsed parts.
void importPartsOnly(benchmark::State& state)
{
    const auto& parts = generatedParts();
    int round = 0;
    for (auto _ : state) {
        state.PauseTiming();
        const auto path = benchDir().file("store-" + std::to_string(round++) + ".sqlite");
        std::optional<CatalogStore> store = CatalogStore::open(path, OpenOptions{false});
        state.ResumeTiming();
        benchmark::DoNotOptimize(store->importParts(parts));
        state.PauseTiming();
        store.reset();
        fs::remove(path);
        state.ResumeTiming();
    }
}
BENCHMARK(importPartsOnly)->Unit(benchmark::kMillisecond)->Iterations(3);

void listOneKind(benchmark::State& state)
{
    auto& store = fullStore();
    std::size_t rows = 0;
    for (auto _ : state) {
        auto parts = store.list(PartKind::Gpu);
        rows = parts.size();
        benchmark::DoNotOptimize(parts);
    }
    state.counters["rows"] = static_cast<double>(rows);
    state.counters["tuned_allocator"] = allocatorTuned ? 1 : 0;
}
BENCHMARK(listOneKind)->Unit(benchmark::kMillisecond);

void filterOneKind(benchmark::State& state)
{
    auto& store = fullStore();
    std::size_t rows = 0;
    for (auto _ : state) {
        auto parts = store.list(PartKind::Gpu, "h100");
        rows = parts.size();
        benchmark::DoNotOptimize(parts);
    }
    state.counters["rows"] = static_cast<double>(rows);
}
BENCHMARK(filterOneKind)->Unit(benchmark::kMillisecond);

void filterAllKinds(benchmark::State& state)
{
    auto& store = fullStore();
    std::size_t rows = 0;
    for (auto _ : state) {
        auto parts = store.list(std::nullopt, "#4242");
        rows = parts.size();
        benchmark::DoNotOptimize(parts);
    }
    state.counters["rows"] = static_cast<double>(rows);
}
BENCHMARK(filterAllKinds)->Unit(benchmark::kMillisecond);

void exportAll(benchmark::State& state)
{
    auto& store = fullStore();
    for (auto _ : state) {
        auto json = catalogToJson(store.list());
        benchmark::DoNotOptimize(json);
    }
    state.counters["parts"] = static_cast<double>(store.count());
}
BENCHMARK(exportAll)->Unit(benchmark::kMillisecond);

/// The store's half of the export: reading all 100,000 parts.
void listAll(benchmark::State& state)
{
    auto& store = fullStore();
    for (auto _ : state) {
        auto parts = store.list();
        benchmark::DoNotOptimize(parts);
    }
}
BENCHMARK(listAll)->Unit(benchmark::kMillisecond);

void openDefaultCatalog(benchmark::State& state)
{
    const auto path = benchDir().file("default.sqlite");
    (void)CatalogStore::open(path); // created and seeded once
    for (auto _ : state) {
        auto store = CatalogStore::open(path);
        benchmark::DoNotOptimize(store.count());
    }
    state.counters["parts"] = static_cast<double>(CatalogStore::open(path).count());
}
BENCHMARK(openDefaultCatalog)->Unit(benchmark::kMillisecond);

void createDefaultCatalog(benchmark::State& state)
{
    int round = 0;
    for (auto _ : state) {
        const auto path = benchDir().file("first-start-" + std::to_string(round++) + ".sqlite");
        {
            auto store = CatalogStore::open(path);
            benchmark::DoNotOptimize(store.count());
        }
        state.PauseTiming();
        fs::remove(path);
        state.ResumeTiming();
    }
}
BENCHMARK(createDefaultCatalog)->Unit(benchmark::kMillisecond);

void openFullCatalog(benchmark::State& state)
{
    const auto path = fullStore().path();
    for (auto _ : state) {
        auto store = CatalogStore::open(path, OpenOptions{false});
        benchmark::DoNotOptimize(store.schemaVersion());
    }
}
BENCHMARK(openFullCatalog)->Unit(benchmark::kMillisecond);

} // namespace
