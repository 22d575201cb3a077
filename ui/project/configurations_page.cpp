// SPDX-License-Identifier: Apache-2.0
#include "ui/project/configurations_page.h"

#include "ui/project/requirements_panel.h"

#include "ui/analysis/findings_model.h"
#include "ui/analysis/live_analysis.h"
#include "ui/catalog/catalog_editor.h"
#include "ui/project/configuration_form.h"
#include "ui/project/named_list_panel.h"
#include "ui/project/project_document.h"
#include "ui/project/project_naming.h"
#include "ui/qt_text.h"

#include <QHeaderView>
#include <QLabel>
#include <QScrollArea>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>

namespace infrafit::ui {
namespace {

QStringList configurationNames(const Project& project)
{
    QStringList names;
    for (const auto& c : project.configurations)
        names << toQString(c.name);
    return names;
}

} // namespace

ConfigurationsPage::ConfigurationsPage(ProjectDocument* document, CatalogEditor* catalog,
                                       LiveAnalysis* analysis, QWidget* parent)
    : QWidget(parent), mDocument(document), mCatalog(catalog), mAnalysis(analysis)
{
    mList = new NamedListPanel(QStringLiteral("configuration"), tr("configuration"), this);
    mForm = new ConfigurationForm(this);
    mFindings = new FindingsModel(this);
    mFindingsView = new QTableView(this);
    mFindingsView->setObjectName(QStringLiteral("configurationFindingsTableView"));
    mFindingsView->setModel(mFindings);
    mFindingsView->verticalHeader()->setVisible(false);
    mFindingsView->horizontalHeader()->setStretchLastSection(false);
    mFindingsView->horizontalHeader()->setSectionResizeMode(FindingsModel::MessageColumn,
                                                            QHeaderView::Stretch);
    mFindingsView->horizontalHeader()->setSectionResizeMode(FindingsModel::SuggestionColumn,
                                                            QHeaderView::Interactive);
    mFindingsView->setColumnWidth(FindingsModel::SuggestionColumn, 280);
    // Wrapped rows follow the column widths, not the width at first layout.
    connect(mFindingsView->horizontalHeader(), &QHeaderView::sectionResized, mFindingsView,
            &QTableView::resizeRowsToContents);
    // Room for the header and three one-line checks before it scrolls.
    mFindingsView->setMinimumHeight(mFindingsView->horizontalHeader()->sizeHint().height()
                                    + 3 * mFindingsView->verticalHeader()->defaultSectionSize()
                                    + 2 * mFindingsView->frameWidth());
    mFindingsView->setColumnHidden(FindingsModel::CodeColumn, true);
    mFindingsView->setWordWrap(true);
    mFindingsView->setSelectionBehavior(QAbstractItemView::SelectRows);
    mProblem = new QLabel(this);
    mProblem->setWordWrap(true);
    mProblem->setObjectName(QStringLiteral("configurationProblemLabel"));

    // The form scrolls and the checks keep their rows when the window is
    // short (1280 × 800 with the findings panel open); the user can move
    // the boundary.
    auto* formScroll = new QScrollArea(this);
    formScroll->setObjectName(QStringLiteral("configurationFormScrollArea"));
    formScroll->setWidget(mForm);
    formScroll->setWidgetResizable(true);
    formScroll->setFrameShape(QFrame::NoFrame);
    auto* checks = new QWidget(this);
    auto* checksLayout = new QVBoxLayout(checks);
    checksLayout->setContentsMargins(0, 4, 0, 0);
    checksLayout->addWidget(mProblem);
    checksLayout->addWidget(mFindingsView, 1);
    // The project's requirements and their status on this configuration
    // share the space below the form with the checks, one tab each: at
    // 1280 × 800 three stacked panels left the form seven rows (its switch
    // and PDU pickers below the fold). Unmet requirements are checks too.
    mRequirements = new RequirementsPanel(this);
    mRequirements->setTitle(QString()); // the tab names it
    mRequirements->setFlat(true);
    auto* below = new QTabWidget(this);
    below->setObjectName(QStringLiteral("configurationBelowTabWidget"));
    below->setDocumentMode(true);
    below->addTab(checks, tr("&Checks for the selected workload"));
    below->addTab(mRequirements, tr("Re&quirements (every configuration)"));
    auto* right = new QSplitter(Qt::Vertical, this);
    right->setObjectName(QStringLiteral("configurationRightSplitter"));
    right->addWidget(formScroll);
    right->addWidget(below);
    right->setStretchFactor(0, 3);
    right->setStretchFactor(1, 2);
    right->setChildrenCollapsible(false);
    right->setSizes({500, 200}); // the form first; the checks keep three rows

    auto* splitter = new QSplitter(this);
    splitter->addWidget(mList);
    splitter->addWidget(right);
    splitter->setStretchFactor(1, 1);
    splitter->setSizes({220, 900});
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addWidget(splitter);

    connect(mList, &NamedListPanel::currentRowChanged, this, [this](int row) {
        showCurrent();
        emit currentConfigurationChanged(row);
    });
    connect(mList, &NamedListPanel::addRequested, this, &ConfigurationsPage::addConfiguration);
    connect(mList, &NamedListPanel::duplicateRequested, this,
            &ConfigurationsPage::duplicateConfiguration);
    connect(mList, &NamedListPanel::deleteRequested, this, &ConfigurationsPage::deleteConfiguration);
    connect(mForm, &ConfigurationForm::edited, this, &ConfigurationsPage::applyForm);
    connect(mRequirements, &RequirementsPanel::edited, this,
            [this](const QString& label, const QString& key,
                   const std::function<void(ProjectRequirements&)>& apply) {
                Project project = mDocument->project();
                apply(project.requirements);
                mDocument->apply(std::move(project), tr("Edit requirement %1").arg(label), key);
            });
    connect(mDocument, &ProjectDocument::changed, this, &ConfigurationsPage::refresh);
    connect(mCatalog, &CatalogEditor::partsReloaded, this, &ConfigurationsPage::refreshParts);
    connect(mCatalog, &CatalogEditor::partsEdited, this,
            [this](const std::vector<PartChange>& changes) {
                mForm->applyPartChanges(changes);
                showCurrent();
            });
    connect(mAnalysis, &LiveAnalysis::resultChanged, this, &ConfigurationsPage::showFindings);
    refreshParts();
    refresh();
    showFindings();
}

void ConfigurationsPage::refreshParts()
{
    std::vector<Part> parts = mDocument->project().parts;
    parts.insert(parts.end(), mCatalog->parts().begin(), mCatalog->parts().end());
    mForm->setParts(parts);
    showCurrent();
}

void ConfigurationsPage::refresh()
{
    mRequirements->setRequirements(mDocument->project().requirements);
    mList->setNames(configurationNames(mDocument->project()));
    if (mList->currentRow() < 0 && !mDocument->project().configurations.empty())
        mList->setCurrentRow(0);
    showCurrent();
}

void ConfigurationsPage::showCurrent()
{
    const auto& configurations = mDocument->project().configurations;
    const int row = mList->currentRow();
    mForm->setEnabled(row >= 0 && row < static_cast<int>(configurations.size()));
    if (mForm->isEnabled())
        mForm->setConfiguration(configurations[static_cast<std::size_t>(row)]);
}

void ConfigurationsPage::showFindings()
{
    const auto& result = mAnalysis->result();
    mFindings->setFindings(mAnalysis->findings());
    mRequirements->setCompliance(mAnalysis->compliance());
    mProblem->setText(result ? QString() : mAnalysis->problem());
    mProblem->setVisible(!result);
    mFindingsView->resizeRowsToContents();
}

void ConfigurationsPage::applyForm(const QString& field, const QString& key)
{
    const int row = mList->currentRow();
    Project project = mDocument->project();
    if (row < 0 || row >= static_cast<int>(project.configurations.size()))
        return;
    Configuration edited = mForm->configuration();
    if (edited.name.empty())
        edited.name = project.configurations[static_cast<std::size_t>(row)].name;
    QStringList others = configurationNames(project);
    others.removeAt(row);
    edited.name = toStdString(uniqueName(toQString(edited.name), others));
    project.configurations[static_cast<std::size_t>(row)] = edited;
    mDocument->apply(std::move(project), tr("Edit %1 of %2").arg(field, toQString(edited.name)),
                     QStringLiteral("configuration/%1/%2").arg(row).arg(key));
}

void ConfigurationsPage::addConfiguration()
{
    Project project = mDocument->project();
    Configuration c;
    c.name = toStdString(uniqueName(tr("New configuration"), configurationNames(project)));
    // Start from a common, complete node so the first analysis is meaningful.
    c.chassisId = "nvidia-dgx-h100";
    c.gpuId = "nvidia-h100-sxm5-80gb";
    c.gpusPerNode = 8;
    c.cpuId = "intel-xeon-platinum-8480plus";
    c.cpusPerNode = 2;
    c.nicId = "nvidia-connectx-7-ndr-osfp";
    c.nicsPerNode = 8;
    c.psuId = "psu-nvidia-dgx-3300w";
    c.psusPerNode = 6;
    c.psuRedundancy = PsuRedundancy::NPlus1;
    c.coolingId = "cool-air-containment";
    c.nodes = 1;
    project.configurations.push_back(c);
    const int row = static_cast<int>(project.configurations.size()) - 1;
    mDocument->apply(std::move(project), tr("Add configuration"));
    mList->setCurrentRow(row);
}

void ConfigurationsPage::duplicateConfiguration(int row)
{
    Project project = mDocument->project();
    if (row < 0 || row >= static_cast<int>(project.configurations.size()))
        return;
    Configuration copy = project.configurations[static_cast<std::size_t>(row)];
    copy.name = toStdString(uniqueName(toQString(copy.name) + tr(" copy"),
                                       configurationNames(project)));
    project.configurations.push_back(copy);
    const int newRow = static_cast<int>(project.configurations.size()) - 1;
    mDocument->apply(std::move(project), tr("Duplicate configuration"));
    mList->setCurrentRow(newRow);
}

void ConfigurationsPage::deleteConfiguration(int row)
{
    Project project = mDocument->project();
    if (row < 0 || row >= static_cast<int>(project.configurations.size()))
        return;
    const QString name = toQString(project.configurations[static_cast<std::size_t>(row)].name);
    project.configurations.erase(project.configurations.begin() + row);
    mDocument->apply(std::move(project), tr("Delete configuration %1").arg(name));
}

} // namespace infrafit::ui
