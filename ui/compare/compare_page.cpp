// SPDX-License-Identifier: Apache-2.0
#include "ui/compare/compare_page.h"

#include "core/output/comparison_report.h"
#include "core/compare/variations.h"
#include "core/base/input_error.h"
#include "core/io/text_file.h"
#include "core/workload/workload_efficiency.h"
#include "ui/analysis/live_analysis.h"
#include "ui/catalog/catalog_editor.h"
#include "ui/charts/chart_panel.h"
#include "ui/compare/comparison_table_model.h"
#include "ui/dialogs/dialogs.h"
#include "ui/project/project_document.h"
#include "ui/qt_text.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QComboBox>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>
#include <QValueAxis>

#include <algorithm>

namespace infrafit::ui {

ComparePage::ComparePage(
    ProjectDocument* document, CatalogEditor* catalog, LiveAnalysis* analysis, QWidget* parent)
    : QWidget(parent), mDocument(document), mCatalog(catalog), mAnalysis(analysis)
{
    mModel = new ComparisonTableModel(this);
    mProxy = new QSortFilterProxyModel(this);
    mProxy->setSourceModel(mModel);
    mProxy->setSortRole(ComparisonTableModel::SortRole);

    mBaseline = new QComboBox(this);
    mBaseline->setObjectName(QStringLiteral("compareBaselineComboBox"));
    mBaseline->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    mBaseline->setToolTip(tr("The pair every other pair is compared against."));
    mMetric = new QComboBox(this);
    mMetric->setObjectName(QStringLiteral("compareMetricComboBox"));
    mMetric->setToolTip(tr("The figure the chart shows for every pair."));
    for (const auto metric : allComparisonMetrics())
        mMetric->addItem(toQString(metricLabel(metric)), static_cast<int>(metric));
    mMetric->setCurrentIndex(static_cast<int>(ComparisonMetric::TcoUsd));
    mExport = new QPushButton(tr("&Export Comparison…"), this);
    mExport->setObjectName(QStringLiteral("compareExportButton"));
    mExport->setToolTip(tr("Save the comparison as CSV, JSON or text."));
    auto* baselineLabel = new QLabel(tr("&Baseline:"), this);
    baselineLabel->setBuddy(mBaseline);
    auto* metricLabelWidget = new QLabel(tr("Chart &metric:"), this);
    metricLabelWidget->setBuddy(mMetric);
    mWhatIf = new QLineEdit(this);
    mWhatIf->setObjectName(QStringLiteral("compareWhatIfLineEdit"));
    mWhatIf->setPlaceholderText(tr("traffic=x2,x4 · sla.ttft_ms=500 · nodes=4"));
    mWhatIf->setMinimumWidth(mWhatIf->fontMetrics().horizontalAdvance(mWhatIf->placeholderText())
        + 24); // the example stays readable
    mWhatIf->setToolTip(tr("What-if variants of the baseline's workload or configuration: "
                           "FIELD=VALUE[,VALUE…]. Workload fields: traffic (x2 = twice the "
                           "request rate or users), request_rate_per_s, sla.ttft_ms, sla.tpot_ms, "
                           "sequence_length, precision, global_batch_size, concurrent_requests. "
                           "Configuration fields: gpu, nodes, gpus_per_node, "
                           "rack.power_limit_kw."));
    mAddWhatIf = new QPushButton(tr("Add &What-If"), this);
    mAddWhatIf->setObjectName(QStringLiteral("compareAddWhatIfButton"));
    mAddWhatIf->setToolTip(tr("Add the variants to the project (undoable) and compare them."));
    auto* whatIfLabel = new QLabel(tr("W&hat-if:"), this);
    whatIfLabel->setBuddy(mWhatIf);
    auto* bar = new QHBoxLayout;
    bar->addWidget(baselineLabel);
    bar->addWidget(mBaseline);
    bar->addSpacing(16);
    bar->addWidget(metricLabelWidget);
    bar->addWidget(mMetric);
    bar->addSpacing(16);
    bar->addWidget(whatIfLabel);
    bar->addWidget(mWhatIf, 1);
    bar->addWidget(mAddWhatIf);
    bar->addStretch(1);
    bar->addWidget(mExport);

    mProblem = new QLabel(this);
    mProblem->setObjectName(QStringLiteral("compareProblemLabel"));
    mProblem->setWordWrap(true);
    mProblem->setAlignment(Qt::AlignCenter);
    mProblem->setMargin(24);

    mTable = new QTableView(this);
    mTable->setObjectName(QStringLiteral("compareTableView"));
    mTable->setModel(mProxy);
    mTable->setSortingEnabled(true);
    mTable->sortByColumn(-1, Qt::AscendingOrder); // compareProject order until a header is clicked
    mTable->setSelectionBehavior(QAbstractItemView::SelectRows);
    mTable->verticalHeader()->setVisible(false);
    mTable->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    mTable->setAlternatingRowColors(true);
    mChart = new ChartPanel(QStringLiteral("compareChart"), this);
    mChartX = new QBarCategoryAxis;
    mChartY = new QValueAxis;
    mChartY->setLabelFormat(QStringLiteral("%.3g"));
    mChart->chart()->addAxis(mChartX, Qt::AlignBottom);
    mChart->chart()->addAxis(mChartY, Qt::AlignLeft);
    mChart->chart()->setAnimationOptions(QChart::NoAnimation);
    mChart->chart()->legend()->setAlignment(Qt::AlignBottom);

    auto* splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(mTable);
    splitter->addWidget(mChart);
    splitter->setStretchFactor(0, 1);
    splitter->setStretchFactor(1, 1);
    mContent = splitter;

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addLayout(bar);
    layout->addWidget(mProblem);
    layout->addWidget(mContent, 1);
    setTabOrder(mBaseline, mMetric);
    setTabOrder(mMetric, mExport);
    setTabOrder(mExport, mTable);

    connect(mBaseline, &QComboBox::currentIndexChanged, this, [this](int index) {
        const auto& rows = mModel->comparison().rows;
        if (index < 0 || index >= static_cast<int>(rows.size()))
            return;
        mBaselineWorkload = rows[static_cast<std::size_t>(index)].workloadName;
        mBaselineConfiguration = rows[static_cast<std::size_t>(index)].configurationName;
        refresh();
    });
    connect(mMetric, &QComboBox::currentIndexChanged, this, &ComparePage::updateChart);
    connect(mExport, &QPushButton::clicked, this, &ComparePage::exportWithDialog);
    const auto addFromField = [this] {
        const QString error = addWhatIf(mWhatIf->text());
        if (error.isEmpty())
            mWhatIf->clear();
        else
            Dialogs::warning(this, tr("Add What-If"), error);
    };
    connect(mAddWhatIf, &QPushButton::clicked, this, addFromField);
    connect(mWhatIf, &QLineEdit::returnPressed, this, addFromField);
    connect(mDocument, &ProjectDocument::changed, this, &ComparePage::scheduleRefresh);
    connect(mCatalog, &CatalogEditor::partsChanged, this, &ComparePage::scheduleRefresh);
    connect(mCatalog, &CatalogEditor::softwareChanged, this, &ComparePage::scheduleRefresh);
    // Preferences (prices, efficiencies) reach the page through the live analysis.
    connect(mAnalysis, &LiveAnalysis::resultChanged, this, &ComparePage::scheduleRefresh);
    refresh();
}

QString ComparePage::addWhatIf(const QString& text)
{
    const std::string spec = toStdString(text.trimmed());
    const auto equals = spec.find('=');
    if (equals == std::string::npos || equals == 0 || equals + 1 == spec.size())
        return tr("Write FIELD=VALUE[,VALUE…], e.g. traffic=x2 or sla.ttft_ms=500.");
    const std::string field = spec.substr(0, equals);
    std::vector<std::string> values;
    for (const QString& v :
        QString::fromStdString(spec.substr(equals + 1)).split(QLatin1Char(','), Qt::SkipEmptyParts))
        values.push_back(toStdString(v.trimmed()));
    if (mModel->comparison().rows.empty())
        return tr("There is no baseline pair to vary yet.");
    const ComparisonRow& base = mModel->comparison().baseline();
    Project after = mDocument->project();
    try {
        if (const auto wf = enumFromName<WorkloadField>(field)) {
            const auto w = std::find_if(after.workloads.begin(), after.workloads.end(),
                [&](const Workload& x) { return x.name == base.workloadName; });
            if (w == after.workloads.end())
                return tr("The baseline workload is gone.");
            addWorkloadVariants(after, deriveWorkloads(*w, *wf, values));
        } else if (const auto cf = enumFromName<ConfigurationField>(field)) {
            const auto c = std::find_if(after.configurations.begin(), after.configurations.end(),
                [&](const Configuration& x) { return x.name == base.configurationName; });
            if (c == after.configurations.end())
                return tr("The baseline configuration is gone.");
            addConfigurationVariants(after, deriveConfigurations(*c, *cf, values));
        } else {
            return tr("Unknown field \"%1\".").arg(QString::fromStdString(field));
        }
    } catch (const InputError& error) {
        QStringList lines;
        for (const auto& line : error.lines())
            lines << toQString(line);
        return lines.join(QLatin1Char('\n'));
    }
    mDocument->apply(std::move(after), tr("Add what-if %1").arg(text.trimmed()));
    return {};
}

void ComparePage::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    if (mDirty)
        refresh();
}

void ComparePage::scheduleRefresh()
{
    mDirty = true;
    if (isVisible())
        refresh();
}

void ComparePage::refresh()
{
    mDirty = false;
    Project project = mDocument->project();
    const Preferences& preferences = mAnalysis->preferences();
    for (auto& workload : project.workloads) {
        if (!workload.efficiency && preferences.defaultEfficiency && !hasCalibration(workload))
            workload.efficiency = preferences.defaultEfficiency;
    }
    ComparisonOptions options;
    options.inputs = preferences.infrastructureInputs();
    options.software = mCatalog->softwareTable();
    const auto hasWorkload = std::any_of(project.workloads.begin(), project.workloads.end(),
        [this](const Workload& w) { return w.name == mBaselineWorkload; });
    const auto hasConfiguration
        = std::any_of(project.configurations.begin(), project.configurations.end(),
            [this](const Configuration& c) { return c.name == mBaselineConfiguration; });
    if (hasWorkload && hasConfiguration) {
        options.baselineWorkload = mBaselineWorkload;
        options.baselineConfiguration = mBaselineConfiguration;
    }
    const PartLookup lookup = [this](std::string_view id) -> std::optional<Part> {
        if (const Part* part = mCatalog->findPart(id))
            return *part;
        return std::nullopt;
    };
    QString problem;
    Comparison comparison;
    if (project.workloads.empty() || project.configurations.empty()) {
        problem = tr("Add at least one workload and one configuration to compare them. Every "
                     "workload × configuration pair is shown side by side, with the change "
                     "against a baseline pair.");
    } else {
        try {
            comparison = compareProject(project, lookup, options);
        } catch (const InputError& error) {
            QStringList lines;
            for (const auto& p : error.problems())
                lines << toQString(p.pointer) + QStringLiteral(": ") + toQString(p.message);
            problem
                = tr("The project cannot be compared yet:\n%1").arg(lines.join(QLatin1Char('\n')));
        }
    }
    mProblem->setText(problem);
    mProblem->setVisible(!problem.isEmpty());
    mContent->setVisible(problem.isEmpty());
    mExport->setEnabled(problem.isEmpty());
    mModel->setComparison(std::move(comparison));
    // Only the columns some pair has (no "days to train" for a serving-only
    // project, no serving columns without a demand).
    for (auto metric : allComparisonMetrics())
        mTable->setColumnHidden(ComparisonTableModel::columnOf(metric),
            !mModel->comparison().rows.empty() && !anyRowApplies(mModel->comparison(), metric));
    updateBaselineChooser();
    updateChart();
}

void ComparePage::updateBaselineChooser()
{
    const Comparison& comparison = mModel->comparison();
    const QSignalBlocker block(mBaseline);
    mBaseline->clear();
    for (const auto& row : comparison.rows)
        mBaseline->addItem(
            toQString(row.workloadName) + QStringLiteral(" / ") + toQString(row.configurationName));
    if (!comparison.rows.empty()) {
        mBaseline->setCurrentIndex(static_cast<int>(comparison.baselineIndex));
        mBaselineWorkload = comparison.baseline().workloadName;
        mBaselineConfiguration = comparison.baseline().configurationName;
    }
    mBaseline->setEnabled(!comparison.rows.empty());
}

void ComparePage::updateChart()
{
    QChart* chart = mChart->chart();
    chart->removeAllSeries();
    mChartX->clear();
    chart->legend()->setVisible(true);
    const auto metric = static_cast<ComparisonMetric>(mMetric->currentData().toInt());
    const Comparison& comparison = mModel->comparison();
    chart->setTitle(tr("%1 per workload and configuration").arg(toQString(metricLabel(metric))));
    if (comparison.rows.empty())
        return;
    // One bar set per workload, one category per configuration (grouped bars).
    // A cost with unpriced parts is only a lower bound: it gets no bar (a
    // short bar would read as cheap) and its category says so.
    std::vector<QList<qreal>> values(comparison.workloads.size());
    std::vector<bool> unknownCost(comparison.configurations.size(), false);
    double maximum = 0;
    double minimum = 0;
    for (std::size_t w = 0; w < comparison.workloads.size(); ++w) {
        for (std::size_t c = 0; c < comparison.configurations.size(); ++c) {
            const ComparisonRow* row
                = comparison.find(comparison.workloads[w], comparison.configurations[c]);
            const bool known = row && row->isComplete(metric);
            if (row && !known)
                unknownCost[c] = true;
            values[w].append(row && row->isAvailable(metric) && row->headline.analyzed && known
                                 ? row->value(metric)
                                 : 0);
            maximum = std::max(maximum, values[w].back());
            minimum = std::min(minimum, values[w].back());
        }
    }
    // Millions or thousands for large figures: an axis of 1500000 is hard
    // to read. The scale is kept on the chart for whoever reads the bars.
    const double largest = std::max(maximum, -minimum);
    const double scale = largest >= 1e6 ? 1e6 : (largest >= 1e4 ? 1e3 : 1);
    chart->setProperty("valueScale", scale);
    auto* series = new QBarSeries;
    for (std::size_t w = 0; w < comparison.workloads.size(); ++w) {
        auto* set = new QBarSet(toQString(comparison.workloads[w]));
        for (const qreal value : values[w])
            set->append(value / scale);
        series->append(set);
    }
    QStringList categories;
    for (std::size_t c = 0; c < comparison.configurations.size(); ++c)
        categories << toQString(comparison.configurations[c])
                + (unknownCost[c] ? tr(" (unknown: part unpriced)") : QString());
    mChartX->append(categories);
    QString title = toQString(metricLabel(metric));
    if (scale == 1e6)
        title += tr(", millions");
    else if (scale == 1e3)
        title += tr(", thousands");
    mChartY->setTitleText(title);
    mChartY->setRange(minimum / scale * 1.1, maximum > 0 ? maximum / scale * 1.1 : 1);
    // Whole numbers for large figures: "%.3g" would print 2.72e+05.
    mChartY->setLabelFormat(
        largest / scale >= 1000 ? QStringLiteral("%.0f") : QStringLiteral("%.3g"));
    mChartY->applyNiceNumbers(); // round ticks (1,200,000, not 1,174,996)
    chart->addSeries(series);
    series->attachAxis(mChartX);
    series->attachAxis(mChartY);
}

QString ComparePage::exportTo(const QString& path) const
{
    const Comparison& comparison = mModel->comparison();
    if (comparison.rows.empty())
        return tr("There is nothing to export: the project has no pairs to compare.");
    const QString suffix = QFileInfo(path).suffix().toLower();
    std::string contents;
    if (suffix == QStringLiteral("json"))
        contents = comparisonToJson(comparison).dump(2) + "\n";
    else if (suffix == QStringLiteral("txt"))
        contents = comparisonToText(comparison);
    else
        contents = comparisonToCsv(comparison);
    try {
        writeFileAtomic(toStdString(path), contents);
    } catch (const FileWriteError& error) {
        return QString::fromUtf8(error.what());
    }
    return {};
}

void ComparePage::exportWithDialog()
{
    QString path = Dialogs::saveFileName(this, tr("Export Comparison"),
        tr("CSV (*.csv);;JSON (*.json);;Text (*.txt)"),
        toQString(mDocument->project().name.empty() ? std::string("comparison")
                                                    : mDocument->project().name)
            + QStringLiteral("-comparison.csv"));
    if (path.isEmpty())
        return;
    if (QFileInfo(path).suffix().isEmpty())
        path += QStringLiteral(".csv");
    if (const QString error = exportTo(path); !error.isEmpty())
        Dialogs::warning(this, tr("Export Comparison"), error);
}

} // namespace infrafit::ui
