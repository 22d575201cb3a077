// SPDX-License-Identifier: Apache-2.0
#include "ui/recommend/recommend_page.h"

#include "core/search/parts_snapshot.h"
#include "core/workload/workload_efficiency.h"
#include "ui/analysis/live_analysis.h"
#include "ui/catalog/catalog_editor.h"
#include "ui/charts/chart_panel.h"
#include "ui/format.h"
#include "ui/project/project_document.h"
#include "ui/project/project_naming.h"
#include "ui/qt_text.h"
#include "ui/recommend/candidate_table_model.h"
#include "ui/recommend/constraints_form.h"
#include "ui/recommend/recommend_chart.h"
#include "ui/recommend/recommend_runner.h"

#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QSplitter>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>

namespace infrafit::ui {

RecommendPage::RecommendPage(
    ProjectDocument* document, CatalogEditor* catalog, LiveAnalysis* analysis, QWidget* parent)
    : QWidget(parent), mDocument(document), mCatalog(catalog), mAnalysis(analysis)
{
    mRunner = new RecommendRunner(this);
    mModel = new CandidateTableModel(this);

    mForm = new ConstraintsForm(this);
    mForm->setObjectName(QStringLiteral("recommendConstraintsForm"));
    // Preferences change the analysis; the budget follows the currency.
    connect(analysis, &LiveAnalysis::resultChanged, mForm, &ConstraintsForm::followDisplayCurrency);
    mHint = new QLabel(tr("Add a workload on the Workloads page (Ctrl+2) to get a recommendation: "
                          "InfraFit searches GPUs, chassis, node counts and parallel plans for "
                          "the balanced configuration."),
        this);
    mHint->setObjectName(QStringLiteral("recommendHintLabel"));
    mHint->setWordWrap(true);
    mSearch = new QPushButton(tr("&Search"), this);
    mSearch->setObjectName(QStringLiteral("recommendSearchButton"));
    mSearch->setDefault(true);
    mSearch->setToolTip(tr("Search node builds × node counts × parallel plans for the workload "
                           "under these constraints (runs in the background)."));
    mCancel = new QPushButton(tr("Cance&l"), this);
    mCancel->setObjectName(QStringLiteral("recommendCancelButton"));
    mCancel->setToolTip(tr("Stop the search and show the candidates found so far."));
    mProgress = new QProgressBar(this);
    mProgress->setObjectName(QStringLiteral("recommendProgressBar"));
    mProgress->setRange(0, 1000);
    mProgress->setFormat(QStringLiteral("%p %"));
    mStatus = new QLabel(this);
    mStatus->setObjectName(QStringLiteral("recommendStatusLabel"));
    mStatus->setWordWrap(true);
    mFindings = new QLabel(this);
    mFindings->setObjectName(QStringLiteral("recommendFindingsLabel"));
    mFindings->setWordWrap(true);
    mFindings->setTextFormat(Qt::PlainText);
    mFindings->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto* buttons = new QHBoxLayout;
    buttons->addWidget(mSearch);
    buttons->addWidget(mCancel);
    buttons->addStretch(1);
    auto* constraintsBox = new QGroupBox(tr("Constraints"), this);
    auto* boxLayout = new QVBoxLayout(constraintsBox);
    boxLayout->addWidget(mForm);
    auto* left = new QWidget(this);
    auto* leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->addWidget(mHint);
    leftLayout->addWidget(constraintsBox);
    leftLayout->addLayout(buttons);
    leftLayout->addWidget(mProgress);
    leftLayout->addWidget(mStatus);
    leftLayout->addWidget(mFindings);
    leftLayout->addStretch(1);
    auto* leftScroll = new QScrollArea(this);
    leftScroll->setWidget(left);
    leftScroll->setWidgetResizable(true);
    leftScroll->setFrameShape(QFrame::NoFrame);
    leftScroll->setMinimumWidth(360);

    mTable = new QTableView(this);
    mTable->setObjectName(QStringLiteral("recommendResultsTableView"));
    mProxy = new QSortFilterProxyModel(this);
    mProxy->setSourceModel(mModel);
    mProxy->setSortRole(CandidateTableModel::SortRole);
    mTable->setModel(mProxy);
    mTable->setSortingEnabled(true);
    mTable->sortByColumn(CandidateTableModel::RankColumn, Qt::AscendingOrder);
    mTable->setSelectionBehavior(QAbstractItemView::SelectRows);
    mTable->setSelectionMode(QAbstractItemView::SingleSelection);
    mTable->verticalHeader()->setVisible(false);
    mTable->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    mTable->horizontalHeader()->setStretchLastSection(true);
    mTable->setAlternatingRowColors(true);
    // The serving columns (shown only for a serving demand) come right after the plan.
    for (int column = CandidateTableModel::ReplicasColumn;
         column <= CandidateTableModel::CostPerMillionColumn; ++column)
        mTable->horizontalHeader()->moveSection(mTable->horizontalHeader()->visualIndex(column),
            CandidateTableModel::HeadlineColumn + (column - CandidateTableModel::ReplicasColumn));
    mReasons = new QPlainTextEdit(this);
    mReasons->setObjectName(QStringLiteral("recommendReasonsPlainTextEdit"));
    mReasons->setReadOnly(true);
    mReasons->setPlaceholderText(tr("Select a candidate to see why it ranks where it does."));
    mReasons->setToolTip(tr("The candidate's score terms, penalties, binding limit and tightest "
                            "constraint, as the search reported them."));
    mUse = new QPushButton(tr("&Use This Configuration"), this);
    mUse->setObjectName(QStringLiteral("recommendUseButton"));
    mUse->setToolTip(tr("Add the selected candidate's configuration to the project (undoable) "
                        "and analyse it."));
    mChart = new ChartPanel(QStringLiteral("recommendChart"), this);

    auto* reasonsPanel = new QWidget(this);
    auto* reasonsLayout = new QVBoxLayout(reasonsPanel);
    reasonsLayout->setContentsMargins(0, 0, 0, 0);
    auto* reasonsLabel = new QLabel(tr("&Why this candidate:"), this);
    reasonsLabel->setBuddy(mReasons);
    reasonsLayout->addWidget(reasonsLabel);
    reasonsLayout->addWidget(mReasons, 1);
    reasonsLayout->addWidget(mUse, 0, Qt::AlignRight);
    auto* bottom = new QSplitter(Qt::Horizontal, this);
    bottom->addWidget(reasonsPanel);
    bottom->addWidget(mChart);
    bottom->setStretchFactor(0, 1);
    bottom->setStretchFactor(1, 1);
    auto* right = new QSplitter(Qt::Vertical, this);
    right->addWidget(mTable);
    right->addWidget(bottom);
    right->setStretchFactor(0, 1);
    right->setStretchFactor(1, 1);
    auto* main = new QSplitter(Qt::Horizontal, this);
    main->addWidget(leftScroll);
    main->addWidget(right);
    main->setStretchFactor(1, 1);
    main->setChildrenCollapsible(false);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addWidget(main);

    setTabOrder(mForm, mSearch);
    setTabOrder(mSearch, mCancel);
    setTabOrder(mCancel, mTable);
    setTabOrder(mTable, mReasons);
    setTabOrder(mReasons, mUse);

    connect(mSearch, &QPushButton::clicked, this, &RecommendPage::search);
    connect(mCancel, &QPushButton::clicked, this, &RecommendPage::cancel);
    connect(mUse, &QPushButton::clicked, this, &RecommendPage::useSelected);
    connect(mRunner, &RecommendRunner::progressChanged, this, [this](double fraction) {
        if (mRunner->isRunning())
            mProgress->setValue(static_cast<int>(std::clamp(fraction, 0.0, 1.0) * 1000));
    });
    connect(mRunner, &RecommendRunner::finished, this, &RecommendPage::showResult);
    connect(mTable->selectionModel(), &QItemSelectionModel::selectionChanged, this, [this] {
        showReasons();
        updateState();
    });
    connect(mDocument, &ProjectDocument::changed, this, &RecommendPage::updateFromProject);
    updateFromProject();
    buildRecommendationChart(mChart->chart(), {}, {}, Workload {}, BudgetBasis::Capex);
    // Empty state before the first search: say what to do and what follows.
    mStatus->setText(tr("Choose the workload and the limits, then press Search. The ranked "
                        "configurations appear on the right, with why each ranks where it "
                        "does and their cost charted against speed."));
}

void RecommendPage::updateFromProject()
{
    mForm->setWorkloads(mDocument->project());
    updateState();
}

void RecommendPage::updateState()
{
    const bool running = mRunner->isRunning();
    const bool hasWorkload = mForm->workloadIndex() >= 0;
    mHint->setVisible(!hasWorkload);
    mForm->setEnabled(hasWorkload && !running);
    mSearch->setEnabled(hasWorkload && !running);
    mCancel->setEnabled(running && !mRunner->isCancelling());
    mUse->setEnabled(!running && selectedRow() >= 0);
}

int RecommendPage::selectedRow() const
{
    const auto rows = mTable->selectionModel()->selectedRows();
    return rows.isEmpty() ? -1 : mProxy->mapToSource(rows.front()).row();
}

bool RecommendPage::search()
{
    const Project& project = mDocument->project();
    const int index = mForm->workloadIndex();
    if (mRunner->isRunning() || index < 0 || index >= static_cast<int>(project.workloads.size()))
        return false;
    if (const QString problem = mForm->problem(); !problem.isEmpty()) {
        mStatus->setText(problem);
        return false;
    }
    // Snapshot on the GUI thread: catalog parts overridden by the project's
    // inline parts, the workload with the preferred default efficiency.
    RecommendRequest request;
    request.workload = project.workloads[static_cast<std::size_t>(index)];
    const Preferences& preferences = mAnalysis->preferences();
    if (!request.workload.efficiency && preferences.defaultEfficiency
        && !hasCalibration(request.workload))
        request.workload.efficiency = preferences.defaultEfficiency;
    std::vector<Part> parts = mCatalog->parts();
    for (const Part& inlinePart : project.parts) {
        const auto same = std::find_if(parts.begin(), parts.end(),
            [&](const Part& p) { return infoOf(p).id == infoOf(inlinePart).id; });
        if (same != parts.end())
            *same = inlinePart;
        else
            parts.push_back(inlinePart);
    }
    // The catalog's software rows decide which GPUs can run the workload.
    request.parts = snapshotOf(parts, mCatalog->softwareTable());
    request.constraints = mForm->constraints();
    // The project's manageability and security requirements filter the
    // builds, as `infrafit-cli recommend` does; unmet ones are listed as reasons.
    request.constraints.requirements = project.requirements;
    request.infrastructure = preferences.infrastructureInputs();
    request.top = mForm->top();
    mProgress->setValue(0);
    mStatus->setText(tr("Searching configurations for %1…").arg(toQString(request.workload.name)));
    mFindings->clear();
    mClock.start();
    const bool started = mRunner->start(std::move(request));
    updateState();
    return started;
}

void RecommendPage::cancel()
{
    mRunner->cancel();
    if (mRunner->isRunning())
        mStatus->setText(tr("Stopping the search…"));
    updateState();
}

void RecommendPage::showResult()
{
    const Recommendation& r = mRunner->result();
    const Workload& workload = mRunner->workload();
    mModel->setResult(r.candidates, workload.kind);
    for (int column = 0; column < CandidateTableModel::ColumnCount; ++column)
        mTable->setColumnHidden(column, !mModel->columnApplies(column));
    buildRecommendationChart(
        mChart->chart(), r.candidates, r.front, workload, mRunner->constraints().budgetBasis);
    mProgress->setValue(r.cancelled ? mProgress->value() : 1000);
    // A pruned serving search knows only a lower bound of the feasible count.
    QString status = (r.feasibleCountComplete
                          ? tr("%1 configurations considered, %2 feasible, %3 plan evaluations in %4.")
                          : tr("%1 configurations considered, at least %2 feasible, %3 plan "
                               "evaluations in %4."))
                         .arg(formatNumber(static_cast<double>(r.configurationsConsidered)),
                             formatNumber(static_cast<double>(r.feasibleConfigurations)),
                             formatNumber(static_cast<double>(r.planEvaluations)),
                             formatDuration(static_cast<double>(mClock.elapsed()) / 1e3));
    if (r.cancelled)
        status = tr("Cancelled; showing the candidates found so far. ") + status;
    mStatus->setText(status);
    QStringList findings;
    for (const auto& f : r.findings) {
        if (f.severity == Severity::Info)
            continue;
        QString line = (f.severity == Severity::Error ? tr("Error: ") : tr("Warning: "))
            + toQString(f.message);
        if (!f.suggestion.empty())
            line += QStringLiteral(" ") + toQString(f.suggestion);
        findings << line;
    }
    if (r.candidates.empty() && findings.isEmpty() && !r.cancelled)
        findings << tr("No candidate met the constraints.");
    // Parts the project's requirements or the catalog's software rows left
    // out, with why: reasons, never silent drops.
    QStringList leftOut;
    for (const auto& rejected : r.rejected) {
        const std::string& what = rejected.hardware;
        for (const char* kind : {"gpu ", "chassis ", "nic ", "complete system "})
            if (what.rfind(kind, 0) == 0) {
                leftOut << toQString(what) + QStringLiteral(" — ") + toQString(rejected.reason);
                break;
            }
    }
    if (!leftOut.isEmpty()) {
        const qsizetype shown = std::min<qsizetype>(leftOut.size(), 8);
        findings << tr("Left out by the project's requirements or the catalog's software rows "
                       "(%1):\n%2")
                        .arg(leftOut.size())
                        .arg(leftOut.mid(0, shown).join(QLatin1Char('\n'))
                             + (leftOut.size() > shown ? QStringLiteral("\n…") : QString()));
    }
    mFindings->setText(findings.join(QStringLiteral("\n\n")));
    mFindings->setVisible(!findings.isEmpty());
    const bool training = workload.kind == WorkloadKind::Training;
    mTable->setColumnHidden(CandidateTableModel::TtftColumn, training);
    mTable->setColumnHidden(CandidateTableModel::TpotColumn, training);
    if (!r.candidates.empty())
        mTable->selectRow(mProxy->mapFromSource(mModel->index(0, 0)).row());
    showReasons();
    updateState();
}

void RecommendPage::showReasons()
{
    const int row = selectedRow();
    const auto& candidates = mModel->candidates();
    if (row < 0 || row >= static_cast<int>(candidates.size())) {
        mReasons->clear();
        return;
    }
    const auto& c = candidates[static_cast<std::size_t>(row)];
    QStringList lines;
    const int nodes = c.config.config.nodes;
    lines << tr("#%1: %2 × %3 in %4, %5; %6")
                 .arg(row + 1)
                 .arg(toQString(c.config.gpu.id))
                 .arg(c.config.config.gpusPerNode)
                 .arg(toQString(c.config.chassis.id))
                 .arg(nodes == 1 ? tr("1 node") : tr("%1 nodes").arg(nodes))
                 .arg(CandidateTableModel::planText(c, mModel->kind()));
    lines << QString();
    // The reasons (core/search/candidate_reasons) include the tightest constraint.
    for (const auto& reason : c.reasons)
        lines << QStringLiteral("• ") + toQString(reason);
    mReasons->setPlainText(lines.join(QLatin1Char('\n')));
}

bool RecommendPage::useSelected()
{
    const int row = selectedRow();
    const auto& candidates = mModel->candidates();
    if (mRunner->isRunning() || row < 0 || row >= static_cast<int>(candidates.size()))
        return false;
    const auto& c = candidates[static_cast<std::size_t>(row)];
    Project project = mDocument->project();
    QStringList used;
    for (const auto& existing : project.configurations)
        used << toQString(existing.name);
    Configuration config = c.config.config;
    const QString name = uniqueName(tr("%1 × %2, %3 (recommended)")
                                        .arg(toQString(c.config.gpu.id))
                                        .arg(config.gpusPerNode)
                                        .arg(config.nodes == 1 ? tr("1 node")
                                                               : tr("%1 nodes").arg(config.nodes)),
        used);
    config.name = toStdString(name);
    project.configurations.push_back(std::move(config));
    const int newIndex = static_cast<int>(project.configurations.size()) - 1;
    mDocument->apply(std::move(project), tr("Use recommended configuration %1").arg(name));
    mStatus->setText(tr("Added configuration “%1” to the project.").arg(name));
    const auto& workloads = mDocument->project().workloads;
    const auto workload = std::find_if(workloads.begin(), workloads.end(),
        [this](const Workload& w) { return w.name == mRunner->workload().name; });
    mAnalysis->setSelection(
        workload == workloads.end() ? 0 : static_cast<int>(workload - workloads.begin()), newIndex);
    return true;
}

} // namespace infrafit::ui
