// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/config/configuration.h"
#include "core/parts/part.h"
#include "ui/project/field_rows.h"

#include <QWidget>

#include <array>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

class QComboBox;
class QDoubleSpinBox;
class QLineEdit;
class QSpinBox;

namespace infrafit::ui {

struct PartChange;

/// Edits one configuration: a part of each kind chosen from the catalog
/// (type to search), counts per node, node count, PSU redundancy and rack
/// limits. Reports each edit; validates nothing itself. GUI thread.
class ConfigurationForm : public QWidget {
    Q_OBJECT

public:
    explicit ConfigurationForm(QWidget* parent = nullptr);
    ~ConfigurationForm() override;

    /// The parts offered in the pickers (catalog and project parts).
    void setParts(const std::vector<Part>& parts);
    /// Updates the pickers for single catalog changes (no rebuild, so an
    /// edit costs the same with 100,000 parts as with 75).
    void applyPartChanges(const std::vector<PartChange>& changes);
    void setConfiguration(const Configuration& configuration);
    [[nodiscard]] Configuration configuration() const;
    [[nodiscard]] QComboBox* partCombo(PartKind kind) const;

signals:
    /// A field changed: `field` names it for the undo history, `key` (its
    /// project file key) groups consecutive edits of it into one step.
    void edited(const QString& field, const QString& key);

private:
    void selectPart(PartKind kind, const std::string& id);
    [[nodiscard]] std::string selectedPart(PartKind kind) const;
    /// The picker row of part `id`, or -1. A scan of mPartIds: the
    /// combo's own findData goes through QVariants and takes ~10 ms per
    /// lookup among 100,000 parts, more than an edit's frame can spare.
    [[nodiscard]] int rowOf(PartKind kind, std::string_view id) const;
    /// Appends a picker row (label and part id) to the combo of `kind`.
    void appendChoice(PartKind kind, const QString& label, const std::string& id);
    /// Inserts a picker row at its place in label order; returns the row.
    int insertChoice(PartKind kind, const QString& label, const std::string& id);

    Configuration mBase;
    QLineEdit* mName = nullptr;
    std::array<QComboBox*, partKindCount> mPartCombos{};
    /// Each picker's item ids, row for row (kept with every insert and removal).
    std::array<std::vector<std::string>, partKindCount> mPartIds;
    QSpinBox* mGpus = nullptr;
    QSpinBox* mCpus = nullptr;
    QSpinBox* mNvme = nullptr;
    QSpinBox* mNics = nullptr;
    QSpinBox* mPsus = nullptr;
    QComboBox* mRedundancy = nullptr;
    QSpinBox* mNodes = nullptr;
    QDoubleSpinBox* mRackKw = nullptr;
    QDoubleSpinBox* mGpuPowerLimit = nullptr; ///< 0 = none (rated power)
    QSpinBox* mRackUnits = nullptr;
    /// DIMMs and shared storage, rows from core's registry.
    std::unique_ptr<form::FieldRowForm<Configuration>> mHostStorage;
    std::unique_ptr<form::FieldRowForm<Configuration>> mRackLayout;
};

} // namespace infrafit::ui
