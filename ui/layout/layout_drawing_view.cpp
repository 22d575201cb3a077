// SPDX-License-Identifier: Apache-2.0
#include "ui/layout/layout_drawing_view.h"

#include "ui/layout/drawing_painter.h"

#include <QPaintEvent>
#include <QPainter>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace infrafit::ui {
namespace {

constexpr int kViewMargin = 8; ///< pixels around the drawing

} // namespace

LayoutDrawingView::LayoutDrawingView(QWidget* parent) : QWidget(parent)
{
    setObjectName(QStringLiteral("layoutDrawingView"));
    setAttribute(Qt::WA_OpaquePaintEvent, false);
    setFocusPolicy(Qt::NoFocus); // the scroll area around it takes the keys
    updateSize();
}

void LayoutDrawingView::setDrawing(LayoutDrawing drawing)
{
    mDrawing = std::move(drawing);
    updateSize();
    update();
}

void LayoutDrawingView::setEmptyText(const QString& text)
{
    mEmptyText = text;
    update();
}

void LayoutDrawingView::setZoom(double zoom)
{
    if (!std::isfinite(zoom))
        return;
    zoom = std::clamp(zoom, minimumZoom, maximumZoom);
    if (std::abs(zoom - mZoom) < 1e-9)
        return;
    mZoom = zoom;
    updateSize();
    update();
    emit zoomChanged(mZoom);
}

void LayoutDrawingView::zoomIn()
{
    setZoom(mZoom * zoomStep);
}

void LayoutDrawingView::zoomOut()
{
    setZoom(mZoom / zoomStep);
}

void LayoutDrawingView::fitToWidth(int widthPx)
{
    const double width = drawingSize().width();
    if (width <= 0 || widthPx <= 2 * kViewMargin)
        return;
    setZoom((widthPx - 2 * kViewMargin) / width);
}

QSizeF LayoutDrawingView::drawingSize() const
{
    double width = 0, height = 0;
    for (const auto& page : mDrawing.pages) {
        width = std::max(width, page.width);
        height += page.height;
    }
    return {width, height};
}

QSize LayoutDrawingView::sizeHint() const
{
    const QSizeF size = drawingSize() * mZoom;
    return {static_cast<int>(std::ceil(size.width())) + 2 * kViewMargin,
        static_cast<int>(std::ceil(size.height())) + 2 * kViewMargin};
}

void LayoutDrawingView::updateSize()
{
    if (mDrawing.pages.empty()) {
        setMinimumSize(200, 120);
        resize(std::max(width(), 200), std::max(height(), 120));
        return;
    }
    setMinimumSize(sizeHint());
    resize(sizeHint());
}

void LayoutDrawingView::paintEvent(QPaintEvent* event)
{
    QPainter painter(this);
    painter.fillRect(event->rect(), palette().window());
    if (mDrawing.pages.empty()) {
        painter.setPen(palette().color(QPalette::WindowText));
        painter.drawText(
            rect().adjusted(16, 16, -16, -16), Qt::AlignCenter | Qt::TextWordWrap, mEmptyText);
        return;
    }
    painter.translate(kViewMargin, kViewMargin);
    painter.scale(mZoom, mZoom);
    // Only the pages that meet the exposed area (a 1,024-node layout has
    // hundreds of elevation pages).
    const QRectF exposed
        = QRectF(event->rect()).translated(-kViewMargin, -kViewMargin).adjusted(-1, -1, 1, 1);
    double top = 0;
    for (const auto& page : mDrawing.pages) {
        const QRectF area(0, top * mZoom, page.width * mZoom, page.height * mZoom);
        if (area.intersects(exposed)) {
            painter.save();
            painter.translate(0, top);
            paintDrawingPage(painter, page);
            painter.restore();
        }
        top += page.height;
    }
}

void LayoutDrawingView::wheelEvent(QWheelEvent* event)
{
    if (!(event->modifiers() & Qt::ControlModifier)) {
        event->ignore(); // the scroll area scrolls
        return;
    }
    const int steps = event->angleDelta().y();
    if (steps > 0)
        zoomIn();
    else if (steps < 0)
        zoomOut();
    if (steps != 0)
        emit wheelZoomed();
    event->accept();
}

} // namespace infrafit::ui
