// SPDX-License-Identifier: Apache-2.0
#include "ui/analysis/live_analysis.h"

#include "core/pipeline/evaluate.h"
#include "core/base/input_error.h"
#include "core/infra/requirement_check.h"
#include "core/project/resolve_configuration.h"
#include "core/workload/workload_efficiency.h"
#include "ui/catalog/catalog_editor.h"
#include "ui/format.h"
#include "ui/project/project_document.h"
#include "ui/qt_text.h"

#include <QCoreApplication>
#include <QThread>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>

namespace infrafit::ui {

LiveAnalysis::LiveAnalysis(ProjectDocument* document, CatalogEditor* catalog, QObject* parent)
    : QObject(parent), mDocument(document), mCatalog(catalog), mPreferences(Preferences::load())
{
    setDisplayCurrency(mPreferences.currency());
    connect(mDocument, &ProjectDocument::changed, this, &LiveAnalysis::refresh);
    // The catalog editor's cache is sorted and searched directly: no index
    // of our own to rebuild (100,000 parts) after every catalog edit.
    connect(mCatalog, &CatalogEditor::partsChanged, this, &LiveAnalysis::refresh);
    connect(mCatalog, &CatalogEditor::softwareChanged, this, &LiveAnalysis::refresh);
    refresh();
}

const SoftwareTable& LiveAnalysis::softwareTable() const
{
    return mCatalog->softwareTable();
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

bool LiveAnalysis::isPending() const
{
    return !mPendingTaken && !mPending.isFinished();
}

void LiveAnalysis::settle() const
{
    if (mPendingTaken)
        return;
    if (!mPending.isFinished())
        ++mBlockingWaits;
    mPending.waitForFinished();
    Outcome outcome = mPending.result();
    mResult = std::move(outcome.result);
    mPowerCapSweep = std::move(outcome.powerCapSweep);
    mCompliance = std::move(outcome.compliance);
    mLastRanOnWorker = outcome.ranOnWorker;
    mPendingTaken = true;
    if (!outcome.problems.empty())
        showProblems(outcome.problems);
}

void LiveAnalysis::onFinished(quint64 generation)
{
    // A newer snapshot is on its way (this result is stale), or
    // waitForResult() announced this one already.
    if (generation != mGeneration || mAnnounced == generation)
        return;
    settle();
    mAnnounced = generation;
    emit resultChanged();
}

void LiveAnalysis::waitForResult()
{
    settle();
    if (mAnnounced == mGeneration)
        return;
    mAnnounced = mGeneration;
    emit resultChanged();
}

void LiveAnalysis::showProblems(const std::vector<Problem>& problems) const
{
    QStringList lines;
    for (const auto& problem : problems) {
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

void LiveAnalysis::refresh()
{
    const Project& project = mDocument->project();
    ++mGeneration;
    mPendingTaken = true; // an older evaluation still running is dropped
    mResult.reset();
    mPowerCapSweep = {};
    mCompliance.clear();
    mProblem.clear();
    mProblemFindings.clear();
    if (project.workloads.empty() || project.configurations.empty()) {
        mProblem = project.workloads.empty()
                       ? tr("Add a workload to see its analysis.")
                       : tr("Add a configuration to see the analysis.");
        mAnnounced = mGeneration;
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
        // A calibration profile's fit for this GPU beats the preference's
        // guess (docs/user-guide.md "Calibration profile").
        if (!workload.efficiency && mPreferences.defaultEfficiency
            && !calibrationFor(workload, resolved.gpu.id))
            workload.efficiency = mPreferences.defaultEfficiency;
        // The snapshot is plain values; the worker shares nothing with the
        // GUI thread.
        const auto inputs = mPreferences.infrastructureInputs();
        auto* guiThread = QThread::currentThread();
        mPending = QtConcurrent::run([workload = std::move(workload), resolved, inputs,
                                      requirements = project.requirements,
                                      software = mCatalog->softwareTable(), guiThread]() {
            Outcome outcome;
            try {
                // The catalog's software rows, as the user edited them.
                outcome.result = evaluate(workload, resolved, inputs, &software);
                // The project's requirements, as analyzeProject() adds them.
                if (requirements.any()) {
                    outcome.compliance = checkRequirements(requirements, resolved);
                    auto& findings = outcome.result->findings;
                    const auto more = requirementFindings(outcome.compliance);
                    findings.insert(findings.end(), more.begin(), more.end());
                    std::stable_sort(findings.begin(), findings.end(),
                                     [](const Finding& a, const Finding& b) {
                                         return a.severity > b.severity;
                                     });
                }
                outcome.powerCapSweep =
                    sweepGpuPowerLimit(workload, resolved, inputs, *outcome.result);
            } catch (const InputError& error) {
                outcome.problems = error.problems();
            }
            outcome.ranOnWorker = QThread::currentThread() != guiThread;
            return outcome;
        });
        mPendingTaken = false;
        auto* watcher = new QFutureWatcher<Outcome>(this);
        const quint64 generation = mGeneration;
        connect(watcher, &QFutureWatcher<Outcome>::finished, this, [this, watcher, generation] {
            watcher->deleteLater();
            onFinished(generation);
        });
        watcher->setFuture(mPending);
        return; // resultChanged() follows when the worker is done
    } catch (const InputError& error) {
        showProblems(error.problems());
    }
    mAnnounced = mGeneration;
    emit resultChanged();
}

} // namespace infrafit::ui
