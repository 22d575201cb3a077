// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QWidget>

class QLabel;
class QTableView;

namespace infrafit::ui {

class CatalogEditor;
class ConfigurationForm;
class FindingsModel;
class LiveAnalysis;
class NamedListPanel;
class ProjectDocument;
class RequirementsPanel;

/// The project's configurations: a list, the builder form of the selected
/// one, and the findings of its evaluation (compatibility, power, cooling,
/// interconnect) updated live as parts and counts change.
class ConfigurationsPage : public QWidget {
    Q_OBJECT

public:
    ConfigurationsPage(ProjectDocument* document, CatalogEditor* catalog, LiveAnalysis* analysis,
                       QWidget* parent = nullptr);

    [[nodiscard]] ConfigurationForm* form() const { return mForm; }
    [[nodiscard]] NamedListPanel* listPanel() const { return mList; }
    [[nodiscard]] FindingsModel* findingsModel() const { return mFindings; }

signals:
    void currentConfigurationChanged(int index);

private:
    void refresh();
    void refreshParts();
    void showCurrent();
    void showFindings();
    void applyForm(const QString& field, const QString& key);
    void addConfiguration();
    void duplicateConfiguration(int row);
    void deleteConfiguration(int row);

    ProjectDocument* mDocument;
    CatalogEditor* mCatalog;
    LiveAnalysis* mAnalysis;
    NamedListPanel* mList = nullptr;
    ConfigurationForm* mForm = nullptr;
    FindingsModel* mFindings = nullptr;
    QTableView* mFindingsView = nullptr;
    QLabel* mProblem = nullptr;
    RequirementsPanel* mRequirements = nullptr;
};

} // namespace infrafit::ui
