// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QWidget>

#include <map>

class QComboBox;
class QGridLayout;
class QLabel;

namespace infrafit::ui {

class ChartPanel;
class LiveAnalysis;
class ProjectDocument;

/// The analysis dashboard for the selected workload × configuration: key
/// figures (each with a tooltip saying how it was computed) and charts of
/// memory per stage, step time, node power, rack budget and communication.
/// Shows what LiveAnalysis computed; updates whenever it changes.
class AnalysisPage : public QWidget {
    Q_OBJECT

public:
    AnalysisPage(ProjectDocument* document, LiveAnalysis* analysis, QWidget* parent = nullptr);

    [[nodiscard]] ChartPanel* chartPanel(const QString& name) const;
    /// The text of a key figure (e.g. "fits", "mfu"); empty when not shown.
    [[nodiscard]] QString figureText(const QString& key) const;

signals:
    /// The "Export BOM…" button was pressed (the window runs the export).
    void exportBomRequested();

private:
    void updateSelectors();
    void updateResult();
    void setFigure(const QString& key, const QString& label, const QString& value,
                   const QString& howComputed);

    ProjectDocument* mDocument;
    LiveAnalysis* mAnalysis;
    QComboBox* mWorkloadCombo = nullptr;
    QComboBox* mConfigurationCombo = nullptr;
    QLabel* mProblemLabel = nullptr;
    QWidget* mContent = nullptr;
    QGridLayout* mFigureGrid = nullptr;
    std::map<QString, std::pair<QLabel*, QLabel*>> mFigures;
    std::map<QString, ChartPanel*> mCharts;
};

} // namespace infrafit::ui
