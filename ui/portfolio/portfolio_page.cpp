// SPDX-License-Identifier: Apache-2.0
#include "ui/portfolio/portfolio_page.h"

#include "core/base/input_error.h"
#include "core/portfolio/analyze_portfolio.h"
#include "ui/analysis/live_analysis.h"
#include "ui/portfolio/gpu_map_widget.h"
#include "ui/project/project_document.h"

#include <QLabel>
#include <QVBoxLayout>

#include <algorithm>

namespace infrafit::ui {
namespace {

QString portfolioEnumText(std::string_view name)
{
    return QString::fromUtf8(name.data(), static_cast<qsizetype>(name.size()));
}

} // namespace

PortfolioPage::PortfolioPage(ProjectDocument* document, LiveAnalysis* analysis, QWidget* parent)
    : QWidget(parent)
    , mDocument(document)
    , mAnalysis(analysis)
    , mLatest(this, [this](const PortfolioPlan& plan) { showPlan(plan, {}); })
{
    auto* layout = new QVBoxLayout(this);
    auto* title = new QLabel(tr("<b>Portfolio</b> — the project's shared workloads packed onto one "
                                "configuration"),
                             this);
    mSummary = new QLabel(this);
    mSummary->setObjectName(QStringLiteral("portfolioSummaryLabel"));
    mSummary->setWordWrap(true);
    mMap = new GpuMapWidget(this);
    mMap->setEmptyText(tr("This project has no portfolio. Add \"portfolio\": {\"workloads\": [...]} "
                          "to the project file to pack several teams' workloads onto one "
                          "configuration (see the user guide, \"Portfolio\")."));
    mFindings = new QLabel(this);
    mFindings->setObjectName(QStringLiteral("portfolioFindingsLabel"));
    mFindings->setWordWrap(true);
    mFindings->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(title);
    layout->addWidget(mSummary);
    layout->addWidget(mMap, 1);
    layout->addWidget(mFindings);

    connect(mDocument, &ProjectDocument::changed, this, &PortfolioPage::refresh);
    connect(mAnalysis, &LiveAnalysis::resultChanged, this, &PortfolioPage::refresh);
    refresh();
}

PortfolioPage::~PortfolioPage() = default;

void PortfolioPage::waitForPlan()
{
    mLatest.wait();
}

void PortfolioPage::refresh()
{
    mLatest.newSnapshot();
    const Project& project = mDocument->project();
    if (!project.portfolio) {
        mLatest.shownWithoutWork();
        showPlan(std::nullopt, {});
        return;
    }
    // Snapshot on the GUI thread: the workloads and the resolved configuration.
    std::vector<Workload> workloads = portfolioWorkloads(project, project.portfolio->workloads);
    ResolvedConfiguration config;
    try {
        std::size_t index = 0;
        const auto& wanted = project.portfolio->configuration;
        const auto it = std::find_if(project.configurations.begin(), project.configurations.end(),
                                     [&](const Configuration& c) { return c.name == wanted; });
        if (!wanted.empty() && it != project.configurations.end())
            index = static_cast<std::size_t>(it - project.configurations.begin());
        if (project.configurations.empty())
            throw InputError({}, "/configurations", "the portfolio needs a configuration");
        const PartLookup lookup = [this](std::string_view id) -> std::optional<Part> {
            if (const Part* part = mAnalysis->findPart(id))
                return *part;
            return std::nullopt;
        };
        config = resolveConfiguration(project, index, lookup);
    } catch (const InputError& error) {
        QString text;
        for (const auto& line : error.lines())
            text += QString::fromStdString(line) + QLatin1Char('\n');
        mLatest.shownWithoutWork();
        showPlan(std::nullopt, text.trimmed());
        return;
    }
    mSummary->setText(tr("Packing…"));
    mLatest.run(
        [workloads = std::move(workloads), config, software = mAnalysis->softwareTable()] {
            return planPortfolio(workloads, config, &software);
        });
}

void PortfolioPage::showPlan(const std::optional<PortfolioPlan>& plan, const QString& problem)
{
    mMap->setPlan(plan);
    if (!plan) {
        mSummary->setText(problem);
        mFindings->clear();
        emit planChanged();
        return;
    }
    const QString fits = !plan->fits       ? tr("does <b>not</b> fit")
                         : plan->concurrent ? tr("fits, all workloads at once")
                                            : tr("fits by <b>time-sharing</b> GPUs");
    mSummary->setText(tr("%1: %2 × %3 GPUs (%4) — %5; utilisation over a week %6 %; %7 of %8 GPUs "
                         "in use.")
                          .arg(QString::fromStdString(plan->configuration).toHtmlEscaped())
                          .arg(plan->nodes)
                          .arg(plan->gpusPerNode)
                          .arg(QString::fromStdString(plan->gpuModel).toHtmlEscaped())
                          .arg(fits)
                          .arg(plan->utilisation * 100, 0, 'f', 0)
                          .arg(plan->allocatedGpus)
                          .arg(plan->nodes * plan->gpusPerNode));
    QStringList lines;
    for (const auto& f : plan->findings)
        lines << QStringLiteral("%1 %2: %3")
                     .arg(portfolioEnumText(enumName(f.severity)),
                          QString::fromStdString(f.code), QString::fromStdString(f.message));
    mFindings->setText(lines.join(QLatin1Char('\n')));
    emit planChanged();
}

} // namespace infrafit::ui
