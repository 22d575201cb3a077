// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/project/requirements.h"
#include "ui/project/field_rows.h"

#include <QGroupBox>

#include <functional>
#include <memory>
#include <vector>

class QLineEdit;
class QTableWidget;

namespace infrafit::ui {

/// The project's manageability and security requirements (one check box
/// per requirement, rows from core's registry core/project/
/// requirement_fields.h, and the minimum Redfish version) and the status
/// of each against the selected configuration's parts: met, unmet or
/// unknown, as core's checkRequirements() reported it. Computes nothing
/// itself. GUI thread.
class RequirementsPanel : public QGroupBox {
    Q_OBJECT

public:
    explicit RequirementsPanel(QWidget* parent = nullptr);
    ~RequirementsPanel() override;

    void setRequirements(const ProjectRequirements& requirements);
    /// Shows the compliance rows of the selected configuration.
    void setCompliance(const std::vector<ComplianceRow>& rows);

signals:
    /// One requirement changed: `apply` sets it (and only it); `key` is
    /// its project file key for the undo history.
    void edited(const QString& label, const QString& key,
                const std::function<void(infrafit::ProjectRequirements&)>& apply);

private:
    std::unique_ptr<form::FieldRowForm<ProjectRequirements>> mRows;
    QLineEdit* mRedfishMin = nullptr;
    QTableWidget* mCompliance = nullptr;
};

} // namespace infrafit::ui
