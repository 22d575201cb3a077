// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QWidget>

class QChart;
class QChartView;

namespace infrafit::ui {

/// A chart with an "Export…" button that saves it as PNG or SVG. The chart
/// follows the application palette: the dark chart theme on a dark palette,
/// the light one otherwise, and dashed reference lines in the text colour.
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

protected:
    void changeEvent(QEvent* event) override;

private:
    void followPalette();

    QChartView* mView = nullptr;
};

} // namespace infrafit::ui
