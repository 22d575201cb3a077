// SPDX-License-Identifier: Apache-2.0
#include "ui/analysis/live_analysis.h"

#include "core/analysis/evaluate.h"
#include "core/io/input_error.h"
#include "core/project/resolve_configuration.h"
#include "ui/catalog/catalog_editor.h"
#include "ui/format.h"
#include "ui/project/project_document.h"
#include "ui/qt_text.h"

namespace infrafit::ui {

LiveAnalysis::LiveAnalysis(ProjectDocument* document, CatalogEditor* catalog, QObject* parent)
    : QObject(parent), mDocument(document), mCatalog(catalog), mPreferences(Preferences::load())
{
    setDisplayCurrency(mPreferences.currency());
    connect(mDocument, &ProjectDocument::changed, this, &LiveAnalysis::refresh);
    // The catalog editor's cache is sorted and searched directly: no index
    // of our own to rebuild (100,000 parts) after every catalog edit.
    connect(mCatalog, &CatalogEditor::partsChanged, this, &LiveAnalysis::refresh);
    refresh();
}

const Part* LiveAnalysis::findPart(std::string_view id) const
{
    for (const auto& part : mDocument->project().parts) {
        if (infoOf(part).id == id)
            return &part;
    }
    return mCatalog->findPart(id);
}

void LiveAnalysis::setSelection(int workloadIndex, int configurationIndex)
{
    if (workloadIndex == mWorkload && configurationIndex == mConfiguration)
        return;
    mWorkload = workloadIndex;
    mConfiguration = configurationIndex;
    refresh();
}

void LiveAnalysis::setPreferences(const Preferences& preferences)
{
    mPreferences = preferences;
    setDisplayCurrency(mPreferences.currency());
    refresh();
}

void LiveAnalysis::refresh()
{
    const Project& project = mDocument->project();
    mResult.reset();
    mPowerCapSweep = {};
    mProblem.clear();
    mProblemFindings.clear();
    if (project.workloads.empty() || project.configurations.empty()) {
        mProblem = project.workloads.empty()
                       ? tr("Add a workload to see its analysis.")
                       : tr("Add a configuration to see the analysis.");
        emit resultChanged();
        return;
    }
    mWorkload = std::clamp(mWorkload, 0, static_cast<int>(project.workloads.size()) - 1);
    mConfiguration =
        std::clamp(mConfiguration, 0, static_cast<int>(project.configurations.size()) - 1);
    const PartLookup lookup = [this](std::string_view id) -> std::optional<Part> {
        if (const Part* part = mCatalog->findPart(id))
            return *part;
        return std::nullopt;
    };
    try {
        const auto resolved = resolveConfiguration(project, static_cast<std::size_t>(mConfiguration),
                                                   lookup);
        Workload workload = project.workloads[static_cast<std::size_t>(mWorkload)];
        if (!workload.efficiency && mPreferences.defaultEfficiency)
            workload.efficiency = mPreferences.defaultEfficiency;
        const InfrastructureInputs inputs = mPreferences.infrastructureInputs();
        mResult = evaluate(workload, resolved, inputs);
        mPowerCapSweep = sweepGpuPowerLimit(workload, resolved, inputs, *mResult);
    } catch (const InputError& error) {
        QStringList lines;
        for (const auto& problem : error.problems()) {
            lines << toQString(problem.pointer) + QStringLiteral(": ") + toQString(problem.message);
            mProblemFindings.push_back(
                {Severity::Error, "config.unresolved_part", problem.pointer + ": " + problem.message,
                 "Add the part to the catalog (File > Import Catalog) or pick another in the "
                 "configuration; projects saved by InfraFit carry the parts they use that the "
                 "built-in catalog does not have."});
        }
        mProblem = tr("This configuration cannot be analysed yet:\n%1")
                       .arg(lines.join(QLatin1Char('\n')));
    }
    emit resultChanged();
}

} // namespace infrafit::ui
