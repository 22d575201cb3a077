// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/output/layout_drawing.h"

#include <QWidget>

namespace infrafit::ui {

/// Shows core's layout drawing (row plan, then rack elevations, pages
/// stacked top to bottom) at a zoom factor: 1 = one drawing point per pixel.
/// Ctrl+wheel zooms; without Ctrl the wheel scrolls the surrounding scroll
/// area. Paints only what core drew; without pages it shows `emptyText`.
/// Its size follows the drawing and the zoom, so a QScrollArea scrolls it.
/// GUI thread only.
class LayoutDrawingView : public QWidget {
    Q_OBJECT

public:
    static constexpr double minimumZoom = 0.1;
    static constexpr double maximumZoom = 8.0;
    static constexpr double zoomStep = 1.25;

    explicit LayoutDrawingView(QWidget* parent = nullptr);

    void setDrawing(LayoutDrawing drawing);
    [[nodiscard]] const LayoutDrawing& drawing() const { return mDrawing; }
    void setEmptyText(const QString& text);
    [[nodiscard]] const QString& emptyText() const { return mEmptyText; }

    [[nodiscard]] double zoom() const { return mZoom; }
    /// Clamped to [minimumZoom, maximumZoom].
    void setZoom(double zoom);
    void zoomIn();
    void zoomOut();
    /// The zoom at which the widest page fills `widthPx` (less a margin).
    void fitToWidth(int widthPx);

    /// The drawing's size in points (widest page × pages stacked).
    [[nodiscard]] QSizeF drawingSize() const;
    [[nodiscard]] QSize sizeHint() const override;

signals:
    void zoomChanged(double zoom);
    /// The user zoomed with Ctrl+wheel.
    void wheelZoomed();

protected:
    void paintEvent(QPaintEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;

private:
    void updateSize();

    LayoutDrawing mDrawing;
    QString mEmptyText;
    double mZoom = 1.0;
};

} // namespace infrafit::ui
