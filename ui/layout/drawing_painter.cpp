// SPDX-License-Identifier: Apache-2.0
#include "ui/layout/drawing_painter.h"

#include <QFont>
#include <QPainter>
#include <QPen>

#include <algorithm>
#include <cmath>

namespace infrafit::ui {
namespace {

QColor drawingQColor(const DrawingColor& c)
{
    const auto channel = [](double v) { return std::isfinite(v) ? std::clamp(v, 0.0, 1.0) : 0.0; };
    return QColor::fromRgbF(static_cast<float>(channel(c.r)), static_cast<float>(channel(c.g)),
        static_cast<float>(channel(c.b)));
}

} // namespace

void paintDrawingPage(QPainter& painter, const DrawingPage& page)
{
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing, true);
    painter.setRenderHint(QPainter::TextAntialiasing, true);
    painter.fillRect(QRectF(0, 0, page.width, page.height), Qt::white);
    for (const auto& r : page.rects) {
        const QRectF rect(r.x, r.y, r.width, r.height);
        if (r.filled)
            painter.fillRect(rect, drawingQColor(r.fill));
        if (r.strokeWidth > 0) {
            painter.setPen(QPen(drawingQColor(r.stroke), r.strokeWidth));
            painter.setBrush(Qt::NoBrush);
            painter.drawRect(rect);
        }
    }
    for (const auto& l : page.lines) {
        QColor color = drawingQColor(l.color);
        color.setAlphaF(0.6f); // as the SVG writer's stroke-opacity
        painter.setPen(QPen(color, l.width, Qt::SolidLine, Qt::RoundCap));
        painter.drawLine(QPointF(l.x1, l.y1), QPointF(l.x2, l.y2));
    }
    // Text sizes are in drawing units and scale with the painter's transform
    // like everything else. A pixel size is whole pixels, so the text is set
    // 16 times larger under a 1/16 scale to keep sizes such as 6.5.
    constexpr double textScale = 16;
    QFont font(QStringLiteral("Helvetica"));
    font.setStyleHint(QFont::SansSerif);
    for (const auto& t : page.texts) {
        font.setPixelSize(std::max(1, static_cast<int>(std::lround(t.size * textScale))));
        font.setBold(t.bold);
        painter.save();
        painter.translate(t.x, t.y);
        painter.scale(1 / textScale, 1 / textScale);
        painter.setFont(font);
        painter.setPen(drawingQColor(t.color));
        painter.drawText(QPointF(0, 0), QString::fromStdString(t.text));
        painter.restore();
    }
    painter.restore();
}

} // namespace infrafit::ui
