// SPDX-License-Identifier: Apache-2.0
#include "ui/analysis/analysis_page.h"

#include "core/analysis/headline.h"
#include "ui/analysis/live_analysis.h"
#include "ui/charts/chart_builders.h"
#include "ui/charts/chart_panel.h"
#include "ui/charts/power_cap_chart.h"
#include "ui/charts/serving_chart.h"
#include "ui/format.h"
#include "ui/project/project_document.h"
#include "ui/qt_text.h"

#include <QComboBox>
#include <QFormLayout>
#include <QFrame>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QSignalBlocker>
#include <QVBoxLayout>

namespace infrafit::ui {

namespace {
// Laid out to fit a 1280-pixel-wide window without horizontal scrolling.
constexpr int figureColumns = 4;
constexpr int chartColumns = 2;
} // namespace

AnalysisPage::AnalysisPage(ProjectDocument* document, LiveAnalysis* analysis, QWidget* parent)
    : QWidget(parent), mDocument(document), mAnalysis(analysis)
{
    mWorkloadCombo = new QComboBox(this);
    mWorkloadCombo->setObjectName(QStringLiteral("analysisWorkloadComboBox"));
    mConfigurationCombo = new QComboBox(this);
    mConfigurationCombo->setObjectName(QStringLiteral("analysisConfigurationComboBox"));
    for (auto* combo : {mWorkloadCombo, mConfigurationCombo}) {
        combo->setSizeAdjustPolicy(QComboBox::AdjustToContents);
        connect(combo, &QComboBox::currentIndexChanged, this, [this] {
            mAnalysis->setSelection(std::max(0, mWorkloadCombo->currentIndex()),
                                    std::max(0, mConfigurationCombo->currentIndex()));
        });
    }
    auto* selectors = new QHBoxLayout;
    auto* workloadLabel = new QLabel(tr("&Workload:"), this);
    workloadLabel->setBuddy(mWorkloadCombo);
    auto* configurationLabel = new QLabel(tr("&Configuration:"), this);
    configurationLabel->setBuddy(mConfigurationCombo);
    selectors->addWidget(workloadLabel);
    selectors->addWidget(mWorkloadCombo);
    selectors->addSpacing(16);
    selectors->addWidget(configurationLabel);
    selectors->addWidget(mConfigurationCombo);
    selectors->addStretch(1);
    auto* exportBom = new QPushButton(tr("Export &BOM…"), this);
    exportBom->setObjectName(QStringLiteral("analysisExportBomButton"));
    exportBom->setToolTip(tr("Save this configuration's bill of materials with this workload's "
                             "analysis as PDF, XLSX, CSV, HTML or JSON."));
    connect(exportBom, &QPushButton::clicked, this, &AnalysisPage::exportBomRequested);
    selectors->addWidget(exportBom);

    mProblemLabel = new QLabel(this);
    mProblemLabel->setObjectName(QStringLiteral("analysisProblemLabel"));
    mProblemLabel->setWordWrap(true);
    mProblemLabel->setAlignment(Qt::AlignCenter);
    mProblemLabel->setMargin(24);

    mContent = new QWidget(this);
    auto* figuresFrame = new QFrame(mContent);
    figuresFrame->setFrameShape(QFrame::StyledPanel);
    mFigureGrid = new QGridLayout(figuresFrame);
    mFigureGrid->setHorizontalSpacing(24);
    mFigureGrid->setVerticalSpacing(6);

    auto* charts = new QGridLayout;
    const std::pair<const char*, int> chartNames[] = {
        {"memoryChart", 0}, {"timeChart", 1}, {"nodePowerChart", 2},
        {"rackChart", 3},   {"interconnectChart", 4}, {"servingChart", 5},
        {"powerCapChart", 6}};
    for (const auto& [name, position] : chartNames) {
        auto* panel = new ChartPanel(QString::fromLatin1(name), mContent);
        mCharts[QString::fromLatin1(name)] = panel;
        charts->addWidget(panel, position / chartColumns, position % chartColumns);
    }
    for (int c = 0; c < chartColumns; ++c)
        charts->setColumnStretch(c, 1);

    auto* contentLayout = new QVBoxLayout(mContent);
    contentLayout->setContentsMargins(0, 0, 0, 0);
    contentLayout->addWidget(figuresFrame);
    contentLayout->addLayout(charts, 1);

    auto* scroll = new QScrollArea(this);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setWidget(mContent);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addLayout(selectors);
    layout->addWidget(mProblemLabel);
    layout->addWidget(scroll, 1);

    connect(mDocument, &ProjectDocument::changed, this, &AnalysisPage::updateSelectors);
    connect(mAnalysis, &LiveAnalysis::resultChanged, this, &AnalysisPage::updateResult);
    updateSelectors();
    updateResult();
}

ChartPanel* AnalysisPage::chartPanel(const QString& name) const
{
    const auto it = mCharts.find(name);
    return it == mCharts.end() ? nullptr : it->second;
}

QString AnalysisPage::figureText(const QString& key) const
{
    const auto it = mFigures.find(key);
    if (it == mFigures.end() || it->second.second->isHidden())
        return {};
    return it->second.second->text();
}

void AnalysisPage::updateSelectors()
{
    const Project& project = mDocument->project();
    const QSignalBlocker blockWorkload(mWorkloadCombo);
    const QSignalBlocker blockConfiguration(mConfigurationCombo);
    mWorkloadCombo->clear();
    for (const auto& w : project.workloads)
        mWorkloadCombo->addItem(toQString(w.name));
    mConfigurationCombo->clear();
    for (const auto& c : project.configurations)
        mConfigurationCombo->addItem(toQString(c.name));
    mWorkloadCombo->setCurrentIndex(std::min(mAnalysis->workloadIndex(), mWorkloadCombo->count() - 1));
    mConfigurationCombo->setCurrentIndex(
        std::min(mAnalysis->configurationIndex(), mConfigurationCombo->count() - 1));
}

void AnalysisPage::setFigure(const QString& key, const QString& label, const QString& value,
                             const QString& howComputed)
{
    auto it = mFigures.find(key);
    if (it == mFigures.end()) {
        const int index = static_cast<int>(mFigures.size());
        auto* name = new QLabel(label, mContent);
        name->setEnabled(false);
        auto* text = new QLabel(mContent);
        text->setObjectName(key + QStringLiteral("FigureLabel"));
        text->setTextInteractionFlags(Qt::TextSelectableByMouse);
        QFont font = text->font();
        font.setPointSizeF(font.pointSizeF() * 1.25);
        font.setBold(true);
        text->setFont(font);
        mFigureGrid->addWidget(name, (index / figureColumns) * 2, index % figureColumns);
        mFigureGrid->addWidget(text, (index / figureColumns) * 2 + 1, index % figureColumns);
        it = mFigures.emplace(key, std::make_pair(name, text)).first;
    }
    it->second.first->setText(label);
    it->second.second->setText(value);
    it->second.first->setToolTip(howComputed);
    it->second.second->setToolTip(howComputed);
    it->second.first->setVisible(true);
    it->second.second->setVisible(true);
}

void AnalysisPage::updateResult()
{
    // The selectors name what the figures show, however the selection was
    // made (Configurations page, Workloads page, Recommend's "Use This
    // Configuration", or these combos themselves).
    {
        const QSignalBlocker blockWorkload(mWorkloadCombo);
        const QSignalBlocker blockConfiguration(mConfigurationCombo);
        if (mAnalysis->workloadIndex() < mWorkloadCombo->count())
            mWorkloadCombo->setCurrentIndex(mAnalysis->workloadIndex());
        if (mAnalysis->configurationIndex() < mConfigurationCombo->count())
            mConfigurationCombo->setCurrentIndex(mAnalysis->configurationIndex());
    }
    const auto& result = mAnalysis->result();
    mProblemLabel->setVisible(!result);
    mContent->setVisible(result.has_value());
    if (!result) {
        mProblemLabel->setText(mAnalysis->problem());
        return;
    }
    for (auto& [key, labels] : mFigures) {
        labels.first->setVisible(false);
        labels.second->setVisible(false);
    }
    const AnalysisResult& r = *result;
    const bool binary = mAnalysis->preferences().binaryUnits;
    const auto& m = r.memory;
    const Headline h = headlineOf(r);
    const QString fitsText =
        r.analyzed ? (r.fits ? tr("Yes") : tr("No")) + QStringLiteral(" — ")
                         + formatPercent(r.usableBytes > 0 ? m.totalBytes() / r.usableBytes : 0, 0)
                         + tr(" of usable")
                   : tr("Not analysed");
    setFigure(QStringLiteral("fits"), tr("Fits in GPU memory"), fitsText,
              tr("Most-loaded GPU's total (weights, gradients, optimizer, activations, KV cache, "
                 "framework overhead, allocator margin) against usable memory: vendor capacity "
                 "less the reserve (training) or times the engine memory fraction (serving)."));
    setFigure(QStringLiteral("memory"), tr("Memory per GPU"),
              formatBytes(m.totalBytes(), binary) + QStringLiteral(" / ")
                  + formatBytes(r.usableBytes, binary),
              tr("Per most-loaded GPU; the chart shows every pipeline stage."));
    setFigure(QStringLiteral("binding"), tr("Binding limit"), toQString(enumName(h.bindingLimit)),
              tr("The resource that sets the speed or decides the fit."));
    const auto& p = r.performance;
    // A plan that does not fit cannot run: its speed is not a figure.
    const bool speed = h.speedAvailable();
    const QString noSpeed = r.analyzed ? tr("—, does not fit") : tr("—");
    const auto speedText = [&](const QString& text) { return speed ? text : noSpeed; };
    if (r.kind == WorkloadKind::Training) {
        setFigure(QStringLiteral("step"), tr("Step time"), speedText(formatDuration(h.stepTimeS)),
                  tr("Compute of the micro-batches on the most-loaded stage + pipeline bubble "
                     "(p−1)/v slots (Narayanan et al. 2021) + exposed communication + optimizer "
                     "+ activation offload copies not hidden by compute + ZeRO-Offload's "
                     "host optimizer step and the copies it waits for."));
        setFigure(QStringLiteral("tokens"), tr("Tokens/s (all GPUs)"),
                  speedText(formatNumber(h.tokensPerS)),
                  tr("Global batch × sequence length / step time."));
        setFigure(QStringLiteral("mfu"), tr("MFU (HFU)"),
                  speedText(formatPercent(h.mfu) + QStringLiteral(" (") + formatPercent(p.hfu)
                            + QStringLiteral(")")),
                  tr("Model FLOPs per step / (step time × GPUs × dense peak). HFU also counts "
                     "recomputed FLOPs. Convention: causal attention halved, logits included."));
        setFigure(QStringLiteral("days"), tr("Days to train"),
                  speedText(formatNumber(h.trainingDays, h.trainingDays < 10 ? 2 : 1)),
                  tr("Training tokens / tokens per second / 86,400."));
    } else {
        setFigure(QStringLiteral("ttft"), tr("Time to first token"),
                  speedText(formatDuration(h.ttftS)),
                  tr("Prefill of the prompt, compute-bound: FLOPs / (GPUs in the replica × peak "
                     "× efficiency), plus tensor-parallel all-reduces."));
        setFigure(QStringLiteral("tpot"), tr("Time per output token"),
                  speedText(formatDuration(h.tpotS)),
                  tr("Decode step, memory-bandwidth-bound: (weights + KV cache read) / "
                     "(HBM bandwidth × efficiency), or compute when larger, plus all-reduce latency."));
        setFigure(QStringLiteral("throughput"), tr("Output tokens/s"),
                  speedText(formatNumber(h.outputTokensPerS)),
                  tr("Concurrent requests / time per output token, over all replicas."));
        setFigure(QStringLiteral("capacity"), tr("Max concurrent requests"),
                  formatNumber(r.inference.maxConcurrentRequests),
                  tr("KV-cache slots left after weights, workspace and overhead, divided by "
                     "prompt + output tokens per request (paged blocks)."));
    }
    if (r.infrastructure) {
        const auto& infra = *r.infrastructure;
        setFigure(QStringLiteral("nodePower"), tr("Node power (max)"),
                  formatWatts(infra.power.nodeW) + QStringLiteral(" DC / ")
                      + formatWatts(infra.power.nodeWallW) + tr(" wall"),
                  tr("Every part at its rated maximum; wall = DC / PSU efficiency at its load "
                     "(80 PLUS curve), or the vendor's AC maximum for complete systems."));
        setFigure(QStringLiteral("nodeAverage"), tr("Node wall: idle / average / max"),
                  formatWatts(infra.power.nodeWallIdleW) + QStringLiteral(" / ")
                      + formatWatts(infra.power.nodeWallTypicalW) + QStringLiteral(" / ")
                      + formatWatts(infra.power.nodeWallW),
                  tr("Average under this workload: each GPU's power in compute-bound, "
                     "memory-bound, communication and idle time, weighted by the speed model's "
                     "time split, plus CPUs, drives, NICs, base and fans at load "
                     "(docs/power-model.md). GPU limit: %1.")
                      .arg(formatWatts(infra.power.node.gpuPowerLimitW)));
        if (infra.cost.energyKwhPerTrainingRun && infra.cost.co2KgPerTrainingRun)
            setFigure(QStringLiteral("energyRun"), tr("Energy / CO2 per training run"),
                      formatNumber(*infra.cost.energyKwhPerTrainingRun) + tr(" kWh / ")
                          + formatNumber(*infra.cost.co2KgPerTrainingRun, 0)
                          + tr(" kg CO2e"),
                      tr("Cluster average wall power × days to train × 24 h × PUE; CO2 at "
                         "%1 g CO2e/kWh (Preferences).")
                          .arg(formatNumber(infra.cost.gridCo2GPerKwh)));
        else
            setFigure(QStringLiteral("energyRun"), tr("Energy / CO2 per day"),
                      formatNumber(infra.cost.energyKwhPerDay) + tr(" kWh / ")
                          + formatNumber(infra.cost.co2KgPerDay, 0)
                          + tr(" kg CO2e"),
                      tr("Cluster average wall power × 24 h × PUE; CO2 at %1 g CO2e/kWh "
                         "(Preferences).")
                          .arg(formatNumber(infra.cost.gridCo2GPerKwh)));
        setFigure(QStringLiteral("racks"), tr("Racks"),
                  tr("%1 (%2 nodes each, by %3)")
                      .arg(infra.power.racks)
                      .arg(infra.power.nodesPerRack)
                      .arg(toQString(infra.power.nodesPerRackLimit)),
                  tr("Nodes per rack = min(power budget / node wall power, rack units, cooling "
                     "capacity); budget = min(rack limit, one feed × 80 % (NEC))."));
        setFigure(QStringLiteral("heat"), tr("Heat / airflow per node"),
                  formatNumber(infra.thermal.nodeHeatBtuPerH) + tr(" BTU/h / ")
                      + formatNumber(infra.thermal.nodeAirflowCfm) + tr(" CFM"),
                  tr("BTU/h = wall W × 3.412; CFM = 3.16 × W / ΔT(°F)."));
        setFigure(QStringLiteral("capex"), tr("Capital cost"),
                  formatUsdFigure(infra.cost.capex()),
                  tr("Part prices × counts × nodes, plus front-end and back-end network "
                     "switches, cables and optics. A part without a price makes the sum a lower "
                     "bound (≥). Estimated prices are marked in the catalog. %1")
                      .arg(currencyRateNote()));
        setFigure(QStringLiteral("tco"), tr("TCO (%1 years)").arg(infra.cost.years),
                  formatUsdFigure(infra.cost.tco()),
                  tr("Capital cost + years × cluster wall power averaged under this workload × PUE × "
                     "8,760 h × "
                     "electricity price. %1")
                      .arg(currencyRateNote()));
    }
    buildMemoryChart(chartPanel(QStringLiteral("memoryChart"))->chart(), r, binary);
    buildTimeChart(chartPanel(QStringLiteral("timeChart"))->chart(), r);
    buildNodePowerChart(chartPanel(QStringLiteral("nodePowerChart"))->chart(), r);
    buildRackChart(chartPanel(QStringLiteral("rackChart"))->chart(), r);
    buildInterconnectChart(chartPanel(QStringLiteral("interconnectChart"))->chart(), r);
    buildServingLatencyChart(chartPanel(QStringLiteral("servingChart"))->chart(), r);
    buildPowerCapChart(chartPanel(QStringLiteral("powerCapChart"))->chart(),
                       mAnalysis->powerCapSweep());
}

} // namespace infrafit::ui
