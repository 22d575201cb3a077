// SPDX-License-Identifier: Apache-2.0
#include "ui/measurements/utilisation_heatmap_view.h"

#include <QPainter>

#include <algorithm>

namespace infrafit::ui {

UtilisationHeatmapView::UtilisationHeatmapView(QWidget* parent) : QWidget(parent)
{
    setObjectName(QStringLiteral("utilisationHeatmapView"));
    setMinimumHeight(120);
}

void UtilisationHeatmapView::setHeatmap(UtilisationHeatmap heatmap)
{
    mHeatmap = std::move(heatmap);
    update();
}

QSize UtilisationHeatmapView::sizeHint() const
{
    return {480, std::max(120, 40 + 22 * static_cast<int>(mHeatmap.hosts.size()))};
}

void UtilisationHeatmapView::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    p.fillRect(rect(), palette().base());
    const auto& map = mHeatmap;
    const QFontMetrics fm(font());
    if (map.hosts.empty() || map.cells.empty()) {
        p.setPen(palette().color(QPalette::PlaceholderText));
        p.drawText(rect(), Qt::AlignCenter,
            tr("Import dcgm-exporter metrics to see activity per node over time."));
        return;
    }
    int labelWidth = 0;
    for (const auto& host : map.hosts)
        labelWidth = std::max(labelWidth, fm.horizontalAdvance(QString::fromStdString(host)));
    const int left = labelWidth + 12;
    const int top = fm.height() + 6;
    const int bottom = fm.height() + 8;
    const int legend = 70;
    const int columns = static_cast<int>(map.cells.front().size());
    const int rows = static_cast<int>(map.hosts.size());
    const double cellW = std::max(1.0, double(width() - left - legend - 8) / std::max(1, columns));
    const double cellH = std::max(4.0, double(height() - top - bottom) / std::max(1, rows));
    p.setPen(palette().color(QPalette::Text));
    const QString what = map.quantity == "tensor_active" ? tr("Tensor-pipe activity")
        : map.quantity == "sm_active"                    ? tr("SM activity")
                                                         : tr("GPU utilisation");
    p.drawText(QRect(left, 0, width() - left, top), Qt::AlignLeft | Qt::AlignVCenter,
        tr("%1 per node over time (mean over its GPUs)").arg(what));
    const auto colourOf = [](double v) {
        const double t = std::clamp(v, 0.0, 1.0);
        return QColor::fromRgbF(float(1 - 0.85 * t), float(1 - 0.6 * t), float(1 - 0.2 * t));
    };
    for (int r = 0; r < rows; ++r) {
        const double y = top + r * cellH;
        p.setPen(palette().color(QPalette::Text));
        p.drawText(QRectF(0, y, left - 6, cellH), Qt::AlignRight | Qt::AlignVCenter,
            QString::fromStdString(map.hosts[static_cast<std::size_t>(r)]));
        const auto& row = map.cells[static_cast<std::size_t>(r)];
        for (int c = 0; c < columns; ++c) {
            const auto& v = row[static_cast<std::size_t>(c)];
            p.fillRect(QRectF(left + c * cellW, y + 1, cellW + 0.5, cellH - 2),
                v ? colourOf(*v) : palette().color(QPalette::Mid));
        }
    }
    p.setPen(palette().color(QPalette::Text));
    const double minutes = map.binS * columns / 60.0;
    p.drawText(QRectF(left, height() - bottom, width() - left - legend, bottom),
        Qt::AlignLeft | Qt::AlignVCenter, tr("0"));
    p.drawText(QRectF(left, height() - bottom, columns * cellW, bottom),
        Qt::AlignRight | Qt::AlignVCenter, tr("%1 min").arg(minutes, 0, 'f', 1));
    // Legend: the colour scale 0..1.
    const int lx = width() - legend + 10;
    const double lh = std::max(20.0, rows * cellH);
    for (int i = 0; i < 20; ++i)
        p.fillRect(QRectF(lx, top + lh * (19 - i) / 20.0, 14, lh / 20.0 + 0.5), colourOf(i / 19.0));
    p.drawText(QPointF(lx + 18, top + fm.ascent()), QStringLiteral("100 %"));
    p.drawText(QPointF(lx + 18, top + lh), QStringLiteral("0 %"));
}

} // namespace infrafit::ui
