// SPDX-License-Identifier: Apache-2.0
// infrafit-cli calibrate PROJECT [--runs FILE] [--metrics FILE...] [--output PROJECT]
//                        [--profile NAME] [--format json|text] [--db FILE]
// Fits the compute efficiency per GPU model to measured runs (the runs
// file's and the project's `measurements[]`) and the GPU power curve to
// dcgm-exporter metrics (core/calibration), prints the fit and, with
// --output, writes the project with its measurements and the named
// calibration profile (atomically).
#include "app/cli/arguments.h"
#include "app/cli/cli.h"
#include "app/cli/commands.h"
#include "app/cli/open_catalog.h"

#include "catalog/catalog_store.h"
#include "core/bom/build_bom.h"
#include "core/calibration/calibration_profile_builder.h"
#include "core/calibration/measured_runs_json.h"
#include "core/io/json_document.h"
#include "core/io/measurements_json.h"
#include "core/io/output_file.h"
#include "core/io/project_json.h"
#include "core/io/text_file.h"
#include "core/project/calibration_profile.h"

#include <nlohmann/json.hpp>

#include <algorithm>
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

/// Every GPU the project's configurations use (for the power priors).
std::vector<Gpu> calibrateProjectGpus(const Project& project, const PartLookup& catalog,
    const std::string& file)
{
    std::vector<std::size_t> all;
    for (std::size_t i = 0; i < project.configurations.size(); ++i)
        all.push_back(i);
    std::vector<Gpu> gpus;
    for (const auto& rc : resolveConfigurations(project, all, catalog, file))
        gpus.push_back(rc.gpu);
    return gpus;
}

} // namespace

int calibrateCommand(const std::vector<std::string>& words, std::ostream& out, std::ostream& err)
{
    const Arguments args(words, {"runs", "metrics", "output", "profile", "format", "db"},
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
    Project project = projectFromJson(document, file, storeLookup(store));

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
        power = calibratePower(*metrics, calibrateProjectGpus(project, storeLookup(store), file));
    }

    const std::string name = args.valueOr("profile",
        project.calibration ? project.calibration->name : std::string("calibration"));
    if (name.empty())
        throw UsageError("--profile needs a name");
    const auto profile = makeCalibrationProfile(
        name, reportDateToday(), efficiency, power, static_cast<int>(runs.size()));

    if (format == "json") {
        nlohmann::json j = nlohmann::json::object();
        if (efficiency)
            j = calibrationToJson(*efficiency);
        if (power)
            j["power"] = powerCalibrationToJson(*power);
        j["profile"] = calibrationProfileToJson(profile);
        out << j.dump(2) << "\n";
    } else {
        out << "Calibration profile '" << profile.name << "' (" << profile.date << ", "
            << runs.size() << (runs.size() == 1 ? " run" : " runs") << ")\n";
        if (efficiency)
            out << calibrationToText(*efficiency);
        if (power)
            out << (efficiency ? "\n" : "") << powerCalibrationToText(*power);
    }
    if (output) {
        project.measurements = calibrateMergedMeasurements(project.measurements, added);
        project.calibration = profile;
        applyCalibrationProfile(project);
        writeProjectFile(project, *output);
        (format == "json" ? err : out) << "Wrote " << *output << " with " << project.measurements.size()
            << " measured runs and calibration profile '" << profile.name << "'\n";
    }
    return ExitOk;
}

} // namespace infrafit::cli
