// SPDX-License-Identifier: Apache-2.0
#include "ui/project/workloads_page.h"

#include "core/io/model_presets.h"
#include "core/model/model_validation.h"
#include "core/project/workload_fields.h"
#include "core/workload/workload_validation.h"
#include "ui/project/named_list_panel.h"
#include "ui/project/project_document.h"
#include "ui/project/project_naming.h"
#include "ui/project/workload_form.h"
#include "ui/qt_text.h"

#include <QHBoxLayout>
#include <QSplitter>

namespace infrafit::ui {
namespace {

QStringList workloadNames(const Project& project)
{
    QStringList names;
    for (const auto& w : project.workloads)
        names << toQString(w.name);
    return names;
}

} // namespace

WorkloadsPage::WorkloadsPage(ProjectDocument* document, QWidget* parent)
    : QWidget(parent), mDocument(document)
{
    mList = new NamedListPanel(QStringLiteral("workload"), tr("workload"), this);
    mForm = new WorkloadForm(this);
    auto* splitter = new QSplitter(this);
    splitter->addWidget(mList);
    splitter->addWidget(mForm);
    splitter->setStretchFactor(1, 1);
    splitter->setSizes({220, 900});
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addWidget(splitter);

    connect(mList, &NamedListPanel::currentRowChanged, this, [this](int row) {
        showCurrent();
        emit currentWorkloadChanged(row);
    });
    connect(mList, &NamedListPanel::addRequested, this, &WorkloadsPage::addWorkload);
    connect(mList, &NamedListPanel::duplicateRequested, this, &WorkloadsPage::duplicateWorkload);
    connect(mList, &NamedListPanel::deleteRequested, this, &WorkloadsPage::deleteWorkload);
    connect(mForm, &WorkloadForm::edited, this, &WorkloadsPage::applyEdit);
    connect(mDocument, &ProjectDocument::changed, this, &WorkloadsPage::refresh);
    refresh();
}

void WorkloadsPage::refresh()
{
    mList->setNames(workloadNames(mDocument->project()));
    if (mApplying)
        return;
    if (mList->currentRow() < 0 && !mDocument->project().workloads.empty())
        mList->setCurrentRow(0);
    showCurrent();
}

void WorkloadsPage::showCurrent()
{
    const auto& workloads = mDocument->project().workloads;
    const int row = mList->currentRow();
    mForm->setEnabled(row >= 0 && row < static_cast<int>(workloads.size()));
    if (!mForm->isEnabled())
        return;
    mForm->setWorkload(workloads[static_cast<std::size_t>(row)]);
    mForm->setProblems({});
}

void WorkloadsPage::applyEdit(const WorkloadEdit& edit)
{
    const int row = mList->currentRow();
    const auto& workloads = mDocument->project().workloads;
    if (row < 0 || row >= static_cast<int>(workloads.size()))
        return;
    Workload edited = workloads[static_cast<std::size_t>(row)];
    edit.apply(edited);
    std::vector<Problem> problems;
    checkWorkloadFieldRanges(edited, "", problems);
    validateModel(edited.model, "/model", problems);
    validateWorkload(edited, "", problems);
    if (edited.name.empty())
        problems.push_back({"/name", "must not be empty"});
    for (std::size_t i = 0; i < workloads.size(); ++i) {
        if (static_cast<int>(i) != row && workloads[i].name == edited.name)
            problems.push_back({"/name", "is already used by another workload"});
    }
    if (!problems.empty()) {
        QStringList lines;
        for (const auto& p : problems)
            lines << toQString(p.pointer.substr(p.pointer.empty() ? 0 : 1)) + QStringLiteral(": ")
                         + toQString(p.message);
        mForm->setProblems(tr("Not applied — %1").arg(lines.join(QStringLiteral("; "))));
        return;
    }
    mForm->setProblems({});
    const QString text = tr("Edit %1 of %2").arg(edit.label, toQString(edited.name));
    mApplying = true;
    mForm->acceptWorkload(edited);
    // The merge key is the field's key and the row: typing in one field
    // merges into one undo step, and no two fields or rows share a key.
    mDocument->applyWorkload(static_cast<std::size_t>(row), std::move(edited), text,
                             QStringLiteral("workload/%1/%2").arg(row).arg(edit.key));
    mApplying = false;
}

void WorkloadsPage::addWorkload()
{
    Project project = mDocument->project();
    Workload workload;
    workload.name = toStdString(uniqueName(tr("New workload"), workloadNames(project)));
    if (auto model = findModelPreset("llama-3.1-8b"))
        workload.model = *model;
    workload.sequenceLength = 4096;
    workload.globalBatchSize = 256;
    workload.optimizer = Optimizer::AdamW;
    workload.trainingTokens = 1e10;
    project.workloads.push_back(workload);
    const int row = static_cast<int>(project.workloads.size()) - 1;
    mDocument->apply(std::move(project), tr("Add workload"));
    mList->setCurrentRow(row);
}

void WorkloadsPage::duplicateWorkload(int row)
{
    Project project = mDocument->project();
    if (row < 0 || row >= static_cast<int>(project.workloads.size()))
        return;
    Workload copy = project.workloads[static_cast<std::size_t>(row)];
    copy.name = toStdString(uniqueName(toQString(copy.name) + tr(" copy"), workloadNames(project)));
    project.workloads.push_back(copy);
    const int newRow = static_cast<int>(project.workloads.size()) - 1;
    mDocument->apply(std::move(project), tr("Duplicate workload"));
    mList->setCurrentRow(newRow);
}

void WorkloadsPage::deleteWorkload(int row)
{
    Project project = mDocument->project();
    if (row < 0 || row >= static_cast<int>(project.workloads.size()))
        return;
    const QString name = toQString(project.workloads[static_cast<std::size_t>(row)].name);
    project.workloads.erase(project.workloads.begin() + row);
    mDocument->apply(std::move(project), tr("Delete workload %1").arg(name));
}

} // namespace infrafit::ui
