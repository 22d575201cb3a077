// SPDX-License-Identifier: Apache-2.0
// infrafit-cli calibrate PROJECT [--runs FILE] [--metrics FILE...] [--output PROJECT]
//                        [--profile NAME] [--right-size-max-nodes N] [--format json|text]
//                        [--db FILE]
// Fits the compute efficiency per GPU model to measured runs (the runs
// file's and the project's `measurements[]`) and the GPU power curve to
// dcgm-exporter metrics (core/calibration), prints the fit and, with
// --output, writes the project with its measurements and the named
// calibration profile (atomically).
#include "app/cli/arguments.h"
#include "app/cli/cli.h"
#include "app/cli/commands.h"
#include "app/cli/load_project.h"
#include "app/cli/open_catalog.h"

#include "catalog/catalog_store.h"
#include "core/bom/build_bom.h"
#include "core/calibration/calibration_profile_builder.h"
#include "core/calibration/measured_runs_json.h"
#include "core/calibration/right_sizing.h"
#include "core/io/json_document.h"
#include "core/io/measurements_json.h"
#include "core/io/output_file.h"
#include "core/io/project_json.h"
#include "core/io/text_file.h"
#include "core/metrics/run_metrics.h"
#include "core/project/calibration_profile.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <iterator>
#include <ostream>

namespace infrafit::cli {
namespace {

/// The project's measurements with the runs file's added; a run of the
/// same name replaces the project's.
std::vector<Measurement> calibrateMergedMeasurements(
    const std::vector<Measurement>& stored, const std::vector<Measurement>& added)
{
    std::vector<Measurement> merged;
    for (const auto& m : stored) {
        const bool replaced = std::any_of(
            added.begin(), added.end(), [&](const Measurement& a) { return a.name == m.name; });
        if (!replaced)
            merged.push_back(m);
    }
    merged.insert(merged.end(), added.begin(), added.end());
    return merged;
}

/// Each run's metrics window (issue 19 item 4): read from its
/// `metrics_file` (relative to the project file) when it names one, else
/// the summary the project stored. Sets the read summaries on the runs.
std::vector<RunMetricsRow> calibrateRunMetrics(std::vector<Measurement>& runs,
    const std::string& projectFile)
{
    std::vector<RunMetricsRow> rows;
    const auto base = std::filesystem::path(projectFile).parent_path();
    for (auto& m : runs) {
        RunMetricsRow row {m.name, m.metricsFile, m.metrics, ""};
        if (!m.metricsFile.empty()) {
            const std::filesystem::path named(m.metricsFile);
            MetricsImporter importer;
            importer.addFile((named.is_absolute() ? named : base / named).string());
            const auto metrics = importer.finish();
            if (metrics.gpus.empty()) {
                row.problem = "no GPU samples in " + m.metricsFile
                    + (metrics.notes.empty() ? std::string() : " (" + metrics.notes.front().message + ")")
                    + (m.metrics ? "; the stored summary is shown" : "");
            } else {
                m.metrics = runMetricsSummary(metrics);
                row.metrics = m.metrics;
            }
        }
        if (row.metrics || !row.metricsFile.empty())
            rows.push_back(std::move(row));
    }
    return rows;
}

/// Every configuration of the project, resolved.
std::vector<ResolvedConfiguration> calibrateProjectConfigs(const Project& project,
    const PartLookup& catalog, const std::string& file)
{
    std::vector<std::size_t> all;
    for (std::size_t i = 0; i < project.configurations.size(); ++i)
        all.push_back(i);
    return resolveConfigurations(project, all, catalog, file);
}

/// The GPU power fit with every GPU the project's configurations use as
/// priors, bounded by their power limits (core/calibration/power_fit.h).
PowerCalibration calibrateProjectPower(const MetricsImport& metrics, const Project& project,
    const PartLookup& catalog, const std::string& file)
{
    const auto configs = calibrateProjectConfigs(project, catalog, file);
    std::vector<Gpu> gpus;
    for (const auto& rc : configs)
        gpus.push_back(rc.gpu);
    return calibratePower(metrics, gpus, {}, gpuPowerLimitsOf(configs));
}

} // namespace

int calibrateCommand(const std::vector<std::string>& words, std::ostream& out, std::ostream& err)
{
    const Arguments args(words,
        {"runs", "metrics", "output", "profile", "format", "db", "right-size-max-nodes"},
        {resetBrokenCatalogFlag});
    if (args.positional().empty())
        throw UsageError("calibrate needs a PROJECT file");
    // `--metrics a b c`: the words after PROJECT are more metric files.
    std::vector<std::string> metricFiles;
    if (const auto first = args.value("metrics")) {
        metricFiles.push_back(*first);
        metricFiles.insert(metricFiles.end(), args.positional().begin() + 1, args.positional().end());
    } else if (args.positional().size() != 1) {
        throw UsageError("calibrate needs exactly one PROJECT file");
    }
    const auto format = args.choice("format", "text", {"text", "json"});
    const std::string& file = args.positional()[0];
    const auto output = args.value("output");
    if (output) {
        // The project itself may be the output (rewritten atomically); the
        // other inputs may not.
        std::vector<std::string> inputs = databaseFiles(databasePathFrom(args.valueOr("db", "")));
        if (const auto runs = args.value("runs"))
            inputs.push_back(*runs);
        inputs.insert(inputs.end(), metricFiles.begin(), metricFiles.end());
        checkOutputIsNotInput(*output, inputs);
    }

    const auto document = readProjectDocument(file);
    auto store = openCatalog(args, err);
    Project project = loadProject(document, file, storeLookup(store), err);

    std::vector<Measurement> added;
    std::vector<MeasuredRun> runs = measuredRunsFor(project.measurements, project,
        storeLookup(store), file, "/measurements");
    if (const auto runsFile = args.value("runs")) {
        const auto runsDocument = parseJsonDocument(readTextFile(*runsFile), *runsFile);
        // Every problem of the file at once; then its runs as measurements
        // to store (the same parse, now without problems).
        auto more = measuredRunsFromJson(runsDocument, project, storeLookup(store), *runsFile);
        added = measurementsFromRunsJson(runsDocument, *runsFile);
        // Runs of the file replace the project's runs of the same name.
        std::erase_if(runs, [&](const MeasuredRun& r) {
            return std::any_of(added.begin(), added.end(),
                [&](const Measurement& a) { return a.name == r.name; });
        });
        runs.insert(runs.end(), std::make_move_iterator(more.begin()),
            std::make_move_iterator(more.end()));
    }
    if (runs.empty() && metricFiles.empty())
        throw UsageError("calibrate needs measured runs (--runs FILE, or the project's "
                         "measurements[]) or --metrics FILE... (dcgm-exporter scrapes or "
                         "Prometheus query_range JSON)");

    std::optional<CalibrationResult> efficiency;
    if (!runs.empty())
        efficiency = calibrateEfficiency(runs);
    std::optional<PowerCalibration> power;
    std::optional<MetricsImport> metrics;
    if (!metricFiles.empty()) {
        MetricsImporter importer;
        for (const auto& m : metricFiles)
            importer.addFile(m);
        metrics = importer.finish();
        if (metrics->gpus.empty()) {
            err << "infrafit-cli: no GPU samples found in the metric files";
            if (!metrics->notes.empty())
                err << " (" << metrics->notes.front().file << ": " << metrics->notes.front().message
                    << ")";
            err << "\n";
            return ExitBadInput;
        }
        power = calibrateProjectPower(*metrics, project, storeLookup(store), file);
    }

    const std::string name = args.valueOr("profile",
        project.calibration ? project.calibration->name : std::string("calibration"));
    if (name.empty())
        throw UsageError("--profile needs a name");
    auto profile = makeCalibrationProfile(
        name, reportDateToday(), efficiency, power, static_cast<int>(runs.size()));
    // Without metrics this run fits no power: the profile keeps the power
    // fit it had (the analysis goes on using it).
    if (!power && project.calibration) {
        profile.power = project.calibration->power;
        profile.nodeGpuIdleW = project.calibration->nodeGpuIdleW;
        profile.nodeGpuTypicalW = project.calibration->nodeGpuTypicalW;
    }

    // The runs' metrics windows, summarised (stored with --output).
    project.measurements = calibrateMergedMeasurements(project.measurements, added);
    const auto runMetrics = calibrateRunMetrics(project.measurements, file);

    // Right-sizing (issue 19 item 3): each run's workload sized on every
    // configuration of the project, with the new profile in effect.
    std::vector<RightSizing> sizings;
    if (!runs.empty()) {
        const int maxNodes = args.count("right-size-max-nodes", 512, 100000);
        sizings = rightSizeRuns(runs, profile,
            calibrateProjectConfigs(project, storeLookup(store), file), maxNodes);
    }

    if (format == "json") {
        nlohmann::json j = nlohmann::json::object();
        if (efficiency)
            j = calibrationToJson(*efficiency);
        if (power)
            j["power"] = powerCalibrationToJson(*power);
        j["profile"] = calibrationProfileToJson(profile);
        j["run_metrics"] = nlohmann::json::array();
        for (const auto& r : runMetrics)
            j["run_metrics"].push_back({{"run", r.run}, {"metrics_file", r.metricsFile},
                {"metrics", r.metrics ? measurementMetricsToJson(*r.metrics) : nlohmann::json(nullptr)},
                {"problem", r.problem}});
        j["right_sizing"] = nlohmann::json::array();
        for (const auto& s : sizings)
            j["right_sizing"].push_back(rightSizingToJson(s));
        out << j.dump(2) << "\n";
    } else {
        out << "Calibration profile '" << profile.name << "' (" << profile.date << ", "
            << runs.size() << (runs.size() == 1 ? " run" : " runs") << ")\n";
        if (efficiency)
            out << calibrationToText(*efficiency);
        if (power)
            out << (efficiency ? "\n" : "") << powerCalibrationToText(*power);
        if (!runMetrics.empty())
            out << "\n" << runMetricsToText(runMetrics);
        if (!sizings.empty())
            out << "\n" << rightSizingToText(sizings);
    }
    if (output) {
        project.calibration = profile;
        applyCalibrationProfile(project);
        writeProjectFile(project, *output);
        (format == "json" ? err : out) << "Wrote " << *output << " with " << project.measurements.size()
            << " measured runs and calibration profile '" << profile.name << "'\n";
    }
    return ExitOk;
}

} // namespace infrafit::cli
