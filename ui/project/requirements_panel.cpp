// SPDX-License-Identifier: Apache-2.0
#include "ui/project/requirements_panel.h"

#include "ui/project/project_field_rows.h"
#include "ui/qt_text.h"

#include <QColor>
#include <QFormLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QRegularExpression>
#include <QRegularExpressionValidator>
#include <QScrollArea>
#include <QSignalBlocker>
#include <QTableWidget>
#include <QVBoxLayout>

namespace infrafit::ui {

RequirementsPanel::RequirementsPanel(QWidget* parent)
    : QGroupBox(tr("Requirements (every configuration)"), parent)
{
    setObjectName(QStringLiteral("requirementsGroupBox"));
    auto* layout = new QVBoxLayout(this);
    auto* flags = new QWidget(this);
    auto* flagsForm = new QFormLayout(flags);
    flagsForm->setContentsMargins(0, 0, 0, 0);
    mRedfishMin = new QLineEdit(flags);
    mRedfishMin->setObjectName(QStringLiteral("requirementsRedfishMinLineEdit"));
    mRedfishMin->setPlaceholderText(tr("no requirement"));
    mRedfishMin->setValidator(new QRegularExpressionValidator(
        QRegularExpression(QStringLiteral("([0-9]+(\\.[0-9]+)*)?")), mRedfishMin));
    mRedfishMin->setToolTip(tr("The chassis BMC must implement at least this DMTF Redfish "
                               "version (e.g. 1.8)."));
    flagsForm->addRow(tr("Redfish at least:"), mRedfishMin);
    mRows = std::make_unique<form::FieldRowForm<ProjectRequirements>>(flagsForm, flags,
                                                                      form::requirementRows());
    // The inputs scroll, so the panel shares the page with the form and the
    // checks on a short window.
    auto* flagsScroll = new QScrollArea(this);
    flagsScroll->setObjectName(QStringLiteral("requirementsScrollArea"));
    flagsScroll->setWidget(flags);
    flagsScroll->setWidgetResizable(true);
    flagsScroll->setFrameShape(QFrame::NoFrame);
    layout->addWidget(flagsScroll, 1);

    mCompliance = new QTableWidget(0, 5, this);
    mCompliance->setObjectName(QStringLiteral("complianceTableWidget"));
    mCompliance->setHorizontalHeaderLabels(
        {tr("Requirement"), tr("Part"), tr("Status"), tr("Value"), tr("Source")});
    mCompliance->verticalHeader()->setVisible(false);
    mCompliance->setEditTriggers(QAbstractItemView::NoEditTriggers);
    mCompliance->horizontalHeader()->setSectionResizeMode(4, QHeaderView::Stretch);
    layout->addWidget(new QLabel(tr("Status on the selected configuration:"), this));
    layout->addWidget(mCompliance, 1);

    mRows->watch(this, [this](const form::FieldRowEdit<ProjectRequirements>& edit) {
        emit edited(edit.label, edit.key, edit.apply);
    });
    connect(mRedfishMin, &QLineEdit::editingFinished, this, [this] {
        emit edited(tr("minimum Redfish version"), QStringLiteral("requirements.redfish_min"),
                    [text = toStdString(mRedfishMin->text().trimmed())](ProjectRequirements& r) {
                        r.redfishMin = text;
                    });
    });
}

RequirementsPanel::~RequirementsPanel() = default;

void RequirementsPanel::setRequirements(const ProjectRequirements& requirements)
{
    const QList<QWidget*> editors = findChildren<QWidget*>();
    std::vector<std::unique_ptr<QSignalBlocker>> blockers;
    for (auto* editor : editors)
        blockers.push_back(std::make_unique<QSignalBlocker>(editor));
    mRedfishMin->setText(toQString(requirements.redfishMin));
    mRows->load(requirements);
}

void RequirementsPanel::setCompliance(const std::vector<ComplianceRow>& rows)
{
    mCompliance->setRowCount(static_cast<int>(rows.size()));
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const auto& row = rows[i];
        const int r = static_cast<int>(i);
        const QString status = toQString(std::string(enumName(row.status)));
        const QString texts[] = {toQString(row.label), toQString(row.partModel), status,
                                 toQString(row.value), toQString(row.source)};
        for (int c = 0; c < 5; ++c) {
            auto* item = new QTableWidgetItem(texts[c]);
            if (c == 2)
                item->setForeground(row.status == ComplianceStatus::Met
                                        ? QColor(0x1b, 0x5e, 0x20)
                                        : row.status == ComplianceStatus::Unmet
                                              ? QColor(0xb0, 0x00, 0x20)
                                              : QColor(0xa6, 0x5c, 0x00));
            mCompliance->setItem(r, c, item);
        }
    }
    mCompliance->resizeColumnsToContents();
}

} // namespace infrafit::ui
