// SPDX-License-Identifier: Apache-2.0
#include "ui/portfolio/gpu_map_widget.h"

#include <QFontMetrics>
#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <array>

namespace infrafit::ui {
namespace {

constexpr int gpuMapMargin = 12;
constexpr int gpuMapLabelWidth = 64;
constexpr int gpuMapGap = 4;
constexpr int gpuMapLegendRow = 22;

QString gpuMapEnumText(std::string_view name)
{
    return QString::fromUtf8(name.data(), static_cast<qsizetype>(name.size()));
}

QString gpuMapWorkloadName(const PortfolioPlan& plan, int entry)
{
    return QString::fromStdString(plan.entries[static_cast<std::size_t>(entry)].demand.workload);
}

} // namespace

GpuMapWidget::GpuMapWidget(QWidget* parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("gpuMapWidget"));
    setMinimumHeight(160);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
}

void GpuMapWidget::setPlan(std::optional<PortfolioPlan> plan)
{
    mPlan = std::move(plan);
    updateGeometry();
    update();
}

void GpuMapWidget::setEmptyText(const QString& text)
{
    mEmptyText = text;
    update();
}

QColor GpuMapWidget::workloadColor(int index)
{
    // Qualitative palette (ColorBrewer "Set2" and "Dark2"), distinct in print and for most
    // colour-blind readers.
    static const std::array<QColor, 10> palette{
        QColor(0x1b, 0x9e, 0x77), QColor(0xd9, 0x5f, 0x02), QColor(0x75, 0x70, 0xb3),
        QColor(0xe7, 0x29, 0x8a), QColor(0x66, 0xa6, 0x1e), QColor(0xe6, 0xab, 0x02),
        QColor(0xa6, 0x76, 0x1d), QColor(0x66, 0xc2, 0xa5), QColor(0xfc, 0x8d, 0x62),
        QColor(0x8d, 0xa0, 0xcb)};
    return palette[static_cast<std::size_t>(std::max(0, index)) % palette.size()];
}

QSize GpuMapWidget::sizeHint() const
{
    const int nodes = mPlan ? std::max(1, mPlan->nodes) : 2;
    const int legend = mPlan ? static_cast<int>(mPlan->entries.size()) : 0;
    return {640, gpuMapMargin * 2 + nodes * 48 + (legend + 1) * gpuMapLegendRow};
}

QSize GpuMapWidget::minimumSizeHint() const { return {320, 160}; }

void GpuMapWidget::paintEvent(QPaintEvent*)
{
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    const QPalette pal = palette();
    if (!mPlan || mPlan->gpus.empty()) {
        painter.setPen(pal.color(QPalette::PlaceholderText));
        painter.drawText(rect().adjusted(gpuMapMargin, gpuMapMargin, -gpuMapMargin, -gpuMapMargin),
                         Qt::AlignCenter | Qt::TextWordWrap, mEmptyText);
        return;
    }
    const auto& plan = *mPlan;
    const int nodes = std::max(1, plan.nodes);
    const int perNode = std::max(1, plan.gpusPerNode);
    const int legendRows = static_cast<int>(plan.entries.size());
    const int legendHeight = legendRows * gpuMapLegendRow + gpuMapGap * 2;
    const QRectF grid(gpuMapMargin + gpuMapLabelWidth, gpuMapMargin,
                      std::max(40, width() - 2 * gpuMapMargin - gpuMapLabelWidth),
                      std::max(20, height() - 2 * gpuMapMargin - legendHeight));
    const double cellW = grid.width() / perNode;
    const double cellH = std::min(64.0, grid.height() / nodes);
    const QFontMetrics metrics(font());

    for (int node = 0; node < nodes; ++node) {
        const double y = grid.top() + node * cellH;
        painter.setPen(pal.color(QPalette::WindowText));
        painter.drawText(QRectF(gpuMapMargin, y, gpuMapLabelWidth - gpuMapGap, cellH),
                         Qt::AlignVCenter | Qt::AlignLeft, tr("Node %1").arg(node));
    }
    for (const auto& gpu : plan.gpus) {
        const QRectF cell(grid.left() + gpu.gpu * cellW + gpuMapGap / 2.0,
                          grid.top() + gpu.node * cellH + gpuMapGap / 2.0, cellW - gpuMapGap,
                          cellH - gpuMapGap);
        QPainterPath outline;
        outline.addRoundedRect(cell, 4, 4);
        painter.fillPath(outline, pal.color(QPalette::Base));
        if (!gpu.occupants.empty()) {
            painter.save();
            painter.setClipPath(outline);
            const bool sliced = !gpu.partitionMode.empty();
            double x = cell.left();
            const double bandH = cell.height() / static_cast<double>(gpu.occupants.size());
            for (std::size_t i = 0; i < gpu.occupants.size(); ++i) {
                const auto& o = gpu.occupants[i];
                QRectF part = sliced ? QRectF(x, cell.top(), cell.width() * o.computeFraction,
                                              cell.height())
                                     : QRectF(cell.left(), cell.top() + bandH * static_cast<double>(i),
                                              cell.width(), bandH);
                // A MIG instance sits at its memory slots (the guide's
                // placement, core/parts/partition_placement.h): slot s of 8
                // is the s-th eighth of the cell.
                const auto& profile = plan.entries[static_cast<std::size_t>(o.entry)].demand.profile;
                if (sliced && o.startSlot >= 0 && profile && profile->memorySlicesTotal > 0) {
                    const double slotW = cell.width() / profile->memorySlicesTotal;
                    part = QRectF(cell.left() + slotW * o.startSlot, cell.top(), slotW * o.slotCount,
                                  cell.height());
                }
                x += part.width();
                painter.fillRect(part.adjusted(0, 0, sliced ? -1 : 0, sliced ? 0 : -1),
                                 workloadColor(o.entry));
            }
            painter.restore();
        }
        painter.setPen(QPen(pal.color(QPalette::Mid), 1));
        painter.drawPath(outline);
        // The GPU's number, and its partition mode when it has one.
        QString label = QString::number(gpu.gpu);
        if (!gpu.partitionMode.empty() && metrics.horizontalAdvance(QStringLiteral("00 mig")) < cell.width())
            label += QLatin1Char(' ') + QString::fromStdString(gpu.partitionMode);
        painter.setPen(gpu.occupants.empty() ? pal.color(QPalette::PlaceholderText)
                                             : QColor(Qt::white));
        painter.drawText(cell.adjusted(3, 2, -3, -2), Qt::AlignLeft | Qt::AlignTop, label);
    }

    // Legend: one row per workload, with what it got.
    double y = grid.top() + nodes * cellH + gpuMapGap * 2;
    for (std::size_t i = 0; i < plan.entries.size(); ++i) {
        const auto& entry = plan.entries[i];
        const QRectF swatch(gpuMapMargin, y + 4, 14, 14);
        painter.fillRect(swatch, workloadColor(static_cast<int>(i)));
        QString text = gpuMapWorkloadName(plan, static_cast<int>(i)) + QStringLiteral(" — ")
                       + gpuMapEnumText(enumName(entry.demand.placement)) + QStringLiteral(", ")
                       + (entry.demand.timeShare
                              ? tr("%1 % of the time").arg(*entry.demand.timeShare * 100, 0, 'f', 0)
                              : gpuMapEnumText(enumName(entry.demand.schedule)));
        if (entry.demand.profile)
            text += QStringLiteral(", ") + QString::fromStdString(entry.demand.profile->name);
        if (!entry.placed)
            text += QStringLiteral(" — ") + tr("not placed");
        painter.setPen(entry.placed ? pal.color(QPalette::WindowText) : QColor(0xc0, 0x39, 0x2b));
        painter.drawText(QRectF(swatch.right() + 8, y, width() - swatch.right() - 8 - gpuMapMargin,
                                gpuMapLegendRow),
                         Qt::AlignVCenter | Qt::AlignLeft,
                         metrics.elidedText(text, Qt::ElideRight,
                                            width() - static_cast<int>(swatch.right()) - 8 - gpuMapMargin));
        y += gpuMapLegendRow;
    }
}

} // namespace infrafit::ui
