// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/metrics/utilisation_charts.h"

#include <QWidget>

namespace infrafit::ui {

/// Activity per host over time as a heatmap (core's utilisationHeatmap):
/// one row per host, one column per time bin, white (0) to dark blue (1),
/// grey where a host sent no sample. Paints core's numbers only.
class UtilisationHeatmapView : public QWidget {
    Q_OBJECT

public:
    explicit UtilisationHeatmapView(QWidget* parent = nullptr);

    void setHeatmap(UtilisationHeatmap heatmap);
    [[nodiscard]] const UtilisationHeatmap& heatmap() const { return mHeatmap; }
    [[nodiscard]] QSize sizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    UtilisationHeatmap mHeatmap;
};

} // namespace infrafit::ui
