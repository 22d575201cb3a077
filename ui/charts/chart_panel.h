// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QWidget>

class QChart;
class QChartView;

namespace infrafit::ui {

/// A chart with an "Export…" button that saves it as PNG or SVG.
class ChartPanel : public QWidget {
    Q_OBJECT

public:
    explicit ChartPanel(const QString& objectName, QWidget* parent = nullptr);

    [[nodiscard]] QChart* chart() const;
    [[nodiscard]] QChartView* view() const { return mView; }
    /// Saves the chart; the format follows the suffix (.svg, else PNG).
    /// Returns an error message, or empty on success.
    QString exportTo(const QString& path) const;
    void exportWithDialog();

private:
    QChartView* mView = nullptr;
};

} // namespace infrafit::ui
