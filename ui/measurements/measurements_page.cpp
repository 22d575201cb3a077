// SPDX-License-Identifier: Apache-2.0
#include "ui/measurements/measurements_page.h"

#include "core/bom/build_bom.h"
#include "core/calibration/calibration_profile_builder.h"
#include "core/calibration/measured_runs_json.h"
#include "core/base/input_error.h"
#include "core/project/calibration_profile.h"
#include "core/project/resolve_configuration.h"
#include "ui/catalog/catalog_editor.h"
#include "ui/charts/calibration_charts.h"
#include "ui/charts/chart_panel.h"
#include "ui/dialogs/dialogs.h"
#include "ui/measurements/calibration_fit_model.h"
#include "ui/measurements/measurement_table_model.h"
#include "ui/measurements/utilisation_heatmap_view.h"
#include "ui/project/project_document.h"

#include <QChart>
#include <QDir>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSplitter>
#include <QStandardItemModel>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include <cmath>
#include <set>

namespace infrafit::ui {
namespace {

QTableView* measurementsTable(const QString& name, QWidget* parent)
{
    auto* table = new QTableView(parent);
    table->setObjectName(name);
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->horizontalHeader()->setStretchLastSection(true);
    table->verticalHeader()->setVisible(true);
    return table;
}

} // namespace

MeasurementsPage::MeasurementsPage(ProjectDocument* document, CatalogEditor* catalog, QWidget* parent)
    : QWidget(parent), mDocument(document), mCatalog(catalog)
{
    setObjectName(QStringLiteral("measurementsPage"));
    mModel = new MeasurementTableModel(mDocument, this);
    mFitModel = new CalibrationFitModel(this);

    auto* add = new QPushButton(tr("Add Run"), this);
    add->setObjectName(QStringLiteral("measurementsAddButton"));
    auto* remove = new QPushButton(tr("Remove Runs"), this);
    remove->setObjectName(QStringLiteral("measurementsRemoveButton"));
    auto* import = new QPushButton(tr("Import Metrics…"), this);
    import->setObjectName(QStringLiteral("measurementsImportButton"));
    mProfileName = new QLineEdit(this);
    mProfileName->setObjectName(QStringLiteral("profileNameLineEdit"));
    mProfileName->setPlaceholderText(tr("profile name"));
    mProfileName->setMaximumWidth(200);
    mApply = new QPushButton(tr("Apply as Profile"), this);
    mApply->setObjectName(QStringLiteral("applyProfileButton"));
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(add);
    buttons->addWidget(remove);
    buttons->addWidget(import);
    buttons->addStretch(1);
    buttons->addWidget(new QLabel(tr("Profile:"), this));
    buttons->addWidget(mProfileName);
    buttons->addWidget(mApply);

    mTable = measurementsTable(QStringLiteral("measurementsTableView"), this);
    mTable->setModel(mModel);
    mProblem = new QLabel(this);
    mProblem->setObjectName(QStringLiteral("measurementsProblemLabel"));
    mProblem->setWordWrap(true);
    mProblem->setStyleSheet(QStringLiteral("color: #b3261e;"));
    mProblem->hide();
    mProfileLabel = new QLabel(this);
    mProfileLabel->setObjectName(QStringLiteral("profileLabel"));
    mProfileLabel->setWordWrap(true);

    // Fit tab: summary, per-run table, measured-vs-predicted chart.
    auto* fitTab = new QWidget(this);
    mFitSummary = new QLabel(fitTab);
    mFitSummary->setObjectName(QStringLiteral("fitSummaryLabel"));
    mFitSummary->setWordWrap(true);
    mFitTable = measurementsTable(QStringLiteral("fitTableView"), fitTab);
    mFitTable->setModel(mFitModel);
    mFitTable->setEditTriggers(QAbstractItemView::NoEditTriggers);
    mFitChart = new ChartPanel(QStringLiteral("calibrationFitChart"), fitTab);
    auto* fitSplit = new QSplitter(Qt::Horizontal, fitTab);
    fitSplit->addWidget(mFitTable);
    fitSplit->addWidget(mFitChart);
    fitSplit->setStretchFactor(0, 3);
    fitSplit->setStretchFactor(1, 2);
    auto* fitLayout = new QVBoxLayout(fitTab);
    fitLayout->addWidget(mFitSummary);
    fitLayout->addWidget(fitSplit, 1);

    // Metrics tab: heatmap per node over time, power distribution, power fit.
    auto* metricsTab = new QWidget(this);
    mMetricsSummary = new QLabel(metricsTab);
    mMetricsSummary->setObjectName(QStringLiteral("metricsSummaryLabel"));
    mMetricsSummary->setWordWrap(true);
    mMetricsSummary->setText(tr("No metrics yet: import dcgm-exporter scrapes or Prometheus "
                                "query_range JSON, or give runs a metrics file."));
    mHeatmap = new UtilisationHeatmapView(metricsTab);
    mPowerChart = new ChartPanel(QStringLiteral("powerDistributionChart"), metricsTab);
    auto* metricsSplit = new QSplitter(Qt::Horizontal, metricsTab);
    metricsSplit->addWidget(mHeatmap);
    metricsSplit->addWidget(mPowerChart);
    metricsSplit->setStretchFactor(0, 3);
    metricsSplit->setStretchFactor(1, 2);
    auto* metricsLayout = new QVBoxLayout(metricsTab);
    metricsLayout->addWidget(mMetricsSummary);
    metricsLayout->addWidget(metricsSplit, 1);

    // Per-run tab: each run's metrics window, and right-sizing.
    auto* runsTab = new QWidget(this);
    mRunMetricsModel = new QStandardItemModel(0, 8, this);
    mRunMetricsModel->setObjectName(QStringLiteral("runMetricsModel"));
    mRunMetricsModel->setHorizontalHeaderLabels({tr("Run"), tr("GPUs"), tr("Window (s)"),
        tr("Power mean (W)"), tr("Power p95 (W)"), tr("Tensor active mean (%)"),
        tr("Memory used max (GiB)"), tr("Source")});
    auto* runMetricsTable = measurementsTable(QStringLiteral("runMetricsTableView"), runsTab);
    runMetricsTable->setModel(mRunMetricsModel);
    runMetricsTable->setEditTriggers(QAbstractItemView::NoEditTriggers);
    // Headers name units: size columns to them rather than cut them.
    runMetricsTable->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    mRightSizingModel = new QStandardItemModel(0, 7, this);
    mRightSizingModel->setObjectName(QStringLiteral("rightSizingModel"));
    mRightSizingModel->setHorizontalHeaderLabels({tr("Run"), tr("Configuration"), tr("GPU"),
        tr("Nodes"), tr("GPUs"), tr("Predicted"), tr("Efficiency")});
    auto* sizingTable = measurementsTable(QStringLiteral("rightSizingTableView"), runsTab);
    sizingTable->setModel(mRightSizingModel);
    sizingTable->setEditTriggers(QAbstractItemView::NoEditTriggers);
    sizingTable->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    mRightSizingNote = new QLabel(runsTab);
    mRightSizingNote->setObjectName(QStringLiteral("rightSizingNoteLabel"));
    mRightSizingNote->setWordWrap(true);
    mRightSizingNote->setText(tr("Add measured runs to see how many GPUs of each configuration "
                                 "the same workload needs."));
    auto* runMetricsLabel = new QLabel(tr("Metrics window of each run (per GPU; from its metrics "
                                          "file, else the summary stored in the project):"),
        runsTab);
    runMetricsLabel->setWordWrap(true);
    auto* runsSplit = new QSplitter(Qt::Vertical, runsTab);
    auto* sizingBox = new QWidget(runsSplit);
    auto* sizingLayout = new QVBoxLayout(sizingBox);
    sizingLayout->setContentsMargins(0, 0, 0, 0);
    sizingLayout->addWidget(mRightSizingNote);
    sizingLayout->addWidget(sizingTable, 1);
    auto* metricsBox = new QWidget(runsSplit);
    auto* metricsBoxLayout = new QVBoxLayout(metricsBox);
    metricsBoxLayout->setContentsMargins(0, 0, 0, 0);
    metricsBoxLayout->addWidget(runMetricsLabel);
    metricsBoxLayout->addWidget(runMetricsTable, 1);
    runsSplit->addWidget(sizingBox);
    runsSplit->addWidget(metricsBox);
    auto* runsLayout = new QVBoxLayout(runsTab);
    runsLayout->addWidget(runsSplit, 1);

    auto* tabs = new QTabWidget(this);
    tabs->setObjectName(QStringLiteral("measurementsTabWidget"));
    tabs->addTab(fitTab, tr("Efficiency fit"));
    tabs->addTab(metricsTab, tr("Cluster metrics"));
    tabs->addTab(runsTab, tr("Right-sizing and run metrics"));

    auto* split = new QSplitter(Qt::Vertical, this);
    split->addWidget(mTable);
    split->addWidget(tabs);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 3);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(buttons);
    layout->addWidget(mProfileLabel);
    layout->addWidget(mProblem);
    layout->addWidget(split, 1);

    connect(add, &QPushButton::clicked, this, &MeasurementsPage::addRun);
    connect(remove, &QPushButton::clicked, this, &MeasurementsPage::removeSelected);
    connect(import, &QPushButton::clicked, this, &MeasurementsPage::importMetricsWithDialog);
    connect(mApply, &QPushButton::clicked, this, [this] {
        const QString problem = applyProfile();
        if (!problem.isEmpty())
            Dialogs::warning(this, tr("Calibration profile"), problem);
    });
    connect(&mFitWatcher, &QFutureWatcher<FitOutcome>::finished, this,
        &MeasurementsPage::onFitFinished);
    connect(&mMetricsWatcher, &QFutureWatcher<MetricsOutcome>::finished, this,
        &MeasurementsPage::onMetricsFinished);
    connect(mDocument, &ProjectDocument::changed, this, &MeasurementsPage::scheduleRefresh);
    connect(mCatalog, &CatalogEditor::partsChanged, this, &MeasurementsPage::scheduleRefresh);
    buildCalibrationFitChart(mFitChart->chart(), {});
    buildPowerHistogramChart(mPowerChart->chart(), {});
    updateProfileLabel();
}

MeasurementsPage::~MeasurementsPage()
{
    mFitWatcher.waitForFinished();
    mMetricsWatcher.waitForFinished();
}

void MeasurementsPage::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    if (mDirty)
        refresh();
}

void MeasurementsPage::scheduleRefresh()
{
    mDirty = true;
    updateProfileLabel();
    if (isVisible())
        refresh();
}

bool MeasurementsPage::isBusy() const
{
    return mFitWatcher.isRunning() || mMetricsWatcher.isRunning() || mRefitQueued;
}

void MeasurementsPage::addRun()
{
    Project after = mDocument->project();
    if (after.workloads.empty() || after.configurations.empty()) {
        Dialogs::warning(this, tr("Add measured run"),
            tr("A measured run names a workload and a configuration of the project: add them "
               "first."));
        return;
    }
    std::set<std::string> names;
    for (const auto& m : after.measurements)
        names.insert(m.name);
    Measurement m;
    for (int i = 1; m.name.empty() || names.count(m.name); ++i)
        m.name = "run " + std::to_string(i);
    m.workload = after.workloads.front().name;
    m.configuration = after.configurations.front().name;
    if (after.workloads.front().kind == WorkloadKind::Training)
        m.stepTimeS = 1.0;
    else
        m.outputTokensPerS = 1000.0;
    after.measurements.push_back(std::move(m));
    mDocument->apply(std::move(after), tr("Add measured run"));
}

void MeasurementsPage::removeSelected()
{
    std::set<int> rows;
    for (const auto& index : mTable->selectionModel()->selectedIndexes())
        rows.insert(index.row());
    if (rows.empty() && mTable->currentIndex().isValid())
        rows.insert(mTable->currentIndex().row());
    if (rows.empty())
        return;
    Project after = mDocument->project();
    for (auto it = rows.rbegin(); it != rows.rend(); ++it)
        if (*it >= 0 && *it < static_cast<int>(after.measurements.size()))
            after.measurements.erase(after.measurements.begin() + *it);
    mDocument->apply(std::move(after), rows.size() == 1 ? tr("Remove measured run")
                                                        : tr("Remove measured runs"));
}

QStringList MeasurementsPage::metricFiles() const
{
    QStringList files = mImported;
    const QDir base = mDocument->filePath().isEmpty()
        ? QDir::current()
        : QFileInfo(mDocument->filePath()).absoluteDir();
    for (const auto& m : mDocument->project().measurements) {
        if (m.metricsFile.empty())
            continue;
        const QString path = base.absoluteFilePath(QString::fromStdString(m.metricsFile));
        if (!files.contains(path))
            files << path;
    }
    return files;
}

void MeasurementsPage::refresh()
{
    mDirty = false;
    if (mFitWatcher.isRunning()) {
        mRefitQueued = true; // refit with the newest project when this one ends
        return;
    }
    const Project project = mDocument->project();
    const PartLookup lookup = [this](std::string_view id) -> std::optional<Part> {
        if (const Part* part = mCatalog->findPart(id))
            return *part;
        return std::nullopt;
    };
    // Snapshot on the GUI thread (resolved runs are plain values); fit on a worker.
    std::vector<MeasuredRun> runs;
    QString problem;
    try {
        runs = measuredRunsFor(project.measurements, project, lookup,
            mDocument->displayName().toStdString(), "/measurements");
    } catch (const InputError& e) {
        problem = QString::fromStdString(e.what());
    }
    // Every configuration that resolves: the node kinds to size the runs on.
    std::vector<ResolvedConfiguration> configs;
    for (std::size_t i = 0; i < project.configurations.size(); ++i) {
        try {
            configs.push_back(resolveConfiguration(project, i, lookup));
        } catch (const InputError&) {
            // Not sized on: the Configurations page shows its problem.
        }
    }
    mFitWatcher.setFuture(QtConcurrent::run([runs = std::move(runs), problem,
                                                configs = std::move(configs), power = mPower] {
        FitOutcome outcome;
        outcome.problem = problem;
        outcome.runs = static_cast<int>(runs.size());
        if (problem.isEmpty() && !runs.empty()) {
            outcome.fit = calibrateEfficiency(runs);
            // Sized with this fit in effect, as "Apply as Profile" would set it.
            const auto profile = makeCalibrationProfile(
                "this fit", "", outcome.fit, power, outcome.runs);
            outcome.sizing = rightSizeRuns(runs, profile, configs);
        }
        return outcome;
    }));
    const QStringList files = metricFiles();
    if (files != mLoadedFiles && !files.isEmpty() && !mMetricsWatcher.isRunning())
        importMetrics({});
}

void MeasurementsPage::onFitFinished()
{
    const FitOutcome outcome = mFitWatcher.result();
    if (mRefitQueued) {
        mRefitQueued = false;
        refresh();
        return;
    }
    mProblem->setText(outcome.problem);
    mProblem->setVisible(!outcome.problem.isEmpty());
    mFit = outcome.fit;
    mFitRuns = outcome.runs;
    mFitModel->setResult(mFit.value_or(CalibrationResult {}));
    mFitTable->resizeColumnsToContents();
    buildCalibrationFitChart(mFitChart->chart(), mFit.value_or(CalibrationResult {}));
    QStringList lines;
    if (mFit) {
        for (const auto& e : mFit->efficiencies) {
            QString line = tr("%1 (%2): default %3 → fitted %4 from %n run(s), about ±%5 %", "",
                e.runs)
                               .arg(QString::fromStdString(e.gpuId),
                                   e.training ? tr("training") : tr("inference"))
                               .arg(e.prior, 0, 'f', 3)
                               .arg(e.fitted, 0, 'f', 3)
                               .arg((std::exp(e.spread) - 1) * 100, 0, 'f', 0);
            if (e.leaveOneOutMedianAbsError)
                line += tr("; leave-one-out median error %1 %")
                            .arg(*e.leaveOneOutMedianAbsError * 100, 0, 'f', 1);
            lines << line;
        }
    } else if (outcome.problem.isEmpty()) {
        lines << tr("Add the runs you measured on your cluster (step time or tokens/s per "
                    "workload and configuration) to fit the compute efficiency to them.");
    }
    mFitSummary->setText(lines.join(QLatin1Char('\n')));
    showRightSizing(outcome.sizing);
    if (metricFiles().isEmpty()) {
        // No file to read: the summaries the project stored are all there is.
        std::vector<RunMetricsRow> stored;
        for (const auto& m : mDocument->project().measurements)
            if (m.metrics)
                stored.push_back({m.name, "", m.metrics, ""});
        showRunMetrics(stored);
    }
    mApply->setEnabled(mFit.has_value() || mPower.has_value());
    emit fitFinished();
}

void MeasurementsPage::importMetricsWithDialog()
{
    const QString file = Dialogs::openFileName(this, tr("Import Metrics"),
        tr("Metrics (*.prom *.txt *.json);;All files (*)"));
    if (!file.isEmpty())
        importMetrics({file});
}

void MeasurementsPage::importMetrics(const QStringList& files)
{
    if (mMetricsWatcher.isRunning())
        return;
    for (const auto& f : files)
        if (!mImported.contains(f))
            mImported << f;
    const QStringList all = metricFiles();
    mLoadedFiles = all;
    const Project project = mDocument->project();
    std::vector<Gpu> gpus;
    std::vector<ResolvedConfiguration> configs;
    for (std::size_t i = 0; i < project.configurations.size(); ++i) {
        try {
            const PartLookup lookup = [this](std::string_view id) -> std::optional<Part> {
                if (const Part* part = mCatalog->findPart(id))
                    return *part;
                return std::nullopt;
            };
            configs.push_back(resolveConfiguration(project, i, lookup));
            gpus.push_back(configs.back().gpu);
        } catch (const InputError&) {
            // A configuration that does not resolve gives no power prior.
        }
    }
    std::vector<std::string> paths;
    for (const auto& f : all)
        paths.push_back(f.toStdString());
    // Each run's own window: its metrics file, else its stored summary.
    std::vector<RunMetricsRow> runRows;
    const QDir base = mDocument->filePath().isEmpty()
        ? QDir::current()
        : QFileInfo(mDocument->filePath()).absoluteDir();
    for (const auto& m : project.measurements)
        if (!m.metricsFile.empty() || m.metrics)
            runRows.push_back({m.name,
                m.metricsFile.empty()
                    ? std::string()
                    : base.absoluteFilePath(QString::fromStdString(m.metricsFile)).toStdString(),
                m.metrics, ""});
    auto limits = gpuPowerLimitsOf(configs);
    mMetricsWatcher.setFuture(QtConcurrent::run([paths = std::move(paths), gpus = std::move(gpus),
                                                    limits = std::move(limits),
                                                    runRows = std::move(runRows)]() mutable {
        MetricsImporter importer;
        for (const auto& p : paths)
            importer.addFile(p);
        const MetricsImport metrics = importer.finish();
        MetricsOutcome outcome;
        outcome.heatmap = utilisationHeatmap(metrics);
        outcome.histogram = powerHistogram(metrics);
        outcome.power = calibratePower(metrics, gpus, {}, limits);
        for (auto& row : runRows) {
            if (row.metricsFile.empty())
                continue;
            MetricsImporter one;
            one.addFile(row.metricsFile);
            const MetricsImport runMetrics = one.finish();
            if (runMetrics.gpus.empty())
                row.problem = "no GPU samples in the file";
            else
                row.metrics = runMetricsSummary(runMetrics);
        }
        outcome.runMetrics = std::move(runRows);
        outcome.summary = QObject::tr("%1 file(s), %2 GPU(s), %3 samples (%4 skipped, %5 notes)")
                              .arg(paths.size())
                              .arg(metrics.gpus.size())
                              .arg(metrics.samples)
                              .arg(metrics.skippedSamples)
                              .arg(metrics.notes.size() + metrics.notesLeftOff);
        if (!metrics.notes.empty())
            outcome.summary += QStringLiteral("; first: %1:%2: %3")
                                   .arg(QString::fromStdString(metrics.notes.front().file))
                                   .arg(metrics.notes.front().line)
                                   .arg(QString::fromStdString(metrics.notes.front().message));
        return outcome;
    }));
}

void MeasurementsPage::onMetricsFinished()
{
    MetricsOutcome outcome = mMetricsWatcher.result();
    mHeatmap->setHeatmap(outcome.heatmap);
    buildPowerHistogramChart(mPowerChart->chart(), outcome.histogram);
    QStringList lines {tr("Metrics: %1").arg(outcome.summary)};
    for (const auto& p : outcome.power.power)
        lines << tr("Power of %1 (%2): idle %3 W, full tensor activity %4 W (published curve %5 W "
                    "and %6 W), RMS error %7 W over %8 samples")
                     .arg(QString::fromStdString(p.model), QString::fromStdString(p.gpuId))
                     .arg(p.idleW, 0, 'f', 0)
                     .arg(p.fullW, 0, 'f', 0)
                     .arg(p.priorIdleW, 0, 'f', 0)
                     .arg(p.priorFullW, 0, 'f', 0)
                     .arg(p.rmsErrorW, 0, 'f', 1)
                     .arg(p.samples);
    if (outcome.power.nodeGpuIdleW && outcome.power.nodeGpuTypicalW)
        lines << tr("A node's GPUs together: idle %1 W, typical %2 W")
                     .arg(*outcome.power.nodeGpuIdleW, 0, 'f', 0)
                     .arg(*outcome.power.nodeGpuTypicalW, 0, 'f', 0);
    for (const auto& note : outcome.power.notes)
        lines << QString::fromStdString(note);
    mMetricsSummary->setText(lines.join(QLatin1Char('\n')));
    showRunMetrics(outcome.runMetrics);
    if (!outcome.power.power.empty() || outcome.power.nodeGpuTypicalW)
        mPower = std::move(outcome.power);
    mApply->setEnabled(mFit.has_value() || mPower.has_value());
    emit metricsFinished();
}

void MeasurementsPage::showRunMetrics(const std::vector<RunMetricsRow>& rows)
{
    mRunMetricsModel->setRowCount(0);
    const auto cell = [](const std::optional<double>& v, double scale, int decimals) {
        auto* item = new QStandardItem(v ? QString::number(*v * scale, 'f', decimals) : tr("–"));
        item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        return item;
    };
    for (const auto& r : rows) {
        QList<QStandardItem*> items {new QStandardItem(QString::fromStdString(r.run))};
        if (r.metrics) {
            const auto& m = *r.metrics;
            items << cell(static_cast<double>(m.gpus), 1, 0) << cell(m.windowS, 1, 0)
                  << cell(m.powerMeanW, 1, 0) << cell(m.powerP95W, 1, 0)
                  << cell(m.tensorActiveMean, 100, 1)
                  << cell(m.memoryUsedMaxBytes, 1.0 / (1024.0 * 1024 * 1024), 1);
        } else {
            for (int i = 0; i < 6; ++i)
                items << cell(std::nullopt, 1, 0);
        }
        const QString source = r.metricsFile.empty()
            ? tr("stored in the project")
            : QFileInfo(QString::fromStdString(r.metricsFile)).fileName();
        items << new QStandardItem(r.problem.empty()
                ? source
                : tr("%1: %2").arg(source, QString::fromStdString(r.problem)));
        mRunMetricsModel->appendRow(items);
    }
}

void MeasurementsPage::showRightSizing(const std::vector<RightSizing>& sizings)
{
    mRightSizingModel->setRowCount(0);
    QStringList notes;
    for (const auto& s : sizings) {
        const auto [figure, decimals] = s.figure == MeasuredFigure::StepTimeS
            ? std::pair {tr("step time (s)"), 3}
            : s.figure == MeasuredFigure::TokensPerS ? std::pair {tr("tokens/s"), 0}
                                                     : std::pair {tr("output tokens/s"), 0};
        notes << tr("%1: %2 on %3 (%4 GPUs), %5 %6; the analysis is %7 % %8 there.")
                     .arg(QString::fromStdString(s.run), QString::fromStdString(s.workload),
                         QString::fromStdString(s.configuration))
                     .arg(s.measuredGpus)
                     .arg(figure)
                     .arg(s.measured, 0, 'f', decimals)
                     .arg(std::fabs(s.runError) * 100, 0, 'f', 0)
                     .arg(s.runError >= 0 ? tr("faster") : tr("slower"));
        for (const auto& o : s.options) {
            auto* nodes = new QStandardItem(o.nodes ? QString::number(*o.nodes)
                                                    : tr("more than %1").arg(s.maxNodes));
            auto* gpus = new QStandardItem(o.nodes ? QString::number(o.gpus) : tr("–"));
            auto* predicted = new QStandardItem(
                o.nodes ? QString::number(o.predicted, 'f', decimals) : tr("–"));
            for (auto* item : {nodes, gpus, predicted})
                item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            mRightSizingModel->appendRow({new QStandardItem(QString::fromStdString(s.run)),
                new QStandardItem(QString::fromStdString(o.configuration)
                    + (o.measuredOn ? tr(" (measured)") : QString())),
                new QStandardItem(QString::fromStdString(o.gpuModel)), nodes, gpus, predicted,
                new QStandardItem(o.calibrated ? tr("calibrated") : tr("default"))});
        }
    }
    if (sizings.empty())
        notes << tr("Add measured runs to see how many GPUs of each configuration the same "
                    "workload needs.");
    else
        notes.prepend(tr("The same measured workload, as fast as it ran, needs this many nodes "
                         "of each configuration (the plan search picks the plan at each size):"));
    mRightSizingNote->setText(notes.join(QLatin1Char('\n')));
}

QString MeasurementsPage::applyProfile()
{
    if (!mFit && !mPower)
        return tr("Nothing fitted yet: add measured runs or import metrics first.");
    QString name = mProfileName->text().trimmed();
    if (name.isEmpty())
        name = mDocument->project().calibration
            ? QString::fromStdString(mDocument->project().calibration->name)
            : QStringLiteral("calibration");
    Project after = mDocument->project();
    after.calibration
        = makeCalibrationProfile(name.toStdString(), reportDateToday(), mFit, mPower, mFitRuns);
    applyCalibrationProfile(after);
    mDocument->apply(std::move(after), tr("Apply calibration profile \"%1\"").arg(name));
    return {};
}

void MeasurementsPage::updateProfileLabel()
{
    const auto& profile = mDocument->project().calibration;
    if (!profile) {
        mProfileLabel->setText(tr("No calibration profile: the analysis uses the published "
                                  "default efficiencies."));
        return;
    }
    QStringList parts;
    for (const auto& e : profile->efficiencies)
        parts << tr("%1 %2 %3").arg(QString::fromStdString(e.gpuId),
                     e.training ? tr("training") : tr("inference"))
                     .arg(e.fitted, 0, 'f', 3);
    mProfileLabel->setText(tr("Profile in effect: '%1' (%2, %n run(s)): %3", "", profile->runs)
                               .arg(QString::fromStdString(profile->name),
                                   QString::fromStdString(profile->date),
                                   parts.isEmpty() ? tr("no efficiency fitted") : parts.join(QStringLiteral("; "))));
    if (mProfileName->text().isEmpty())
        mProfileName->setText(QString::fromStdString(profile->name));
}

} // namespace infrafit::ui
