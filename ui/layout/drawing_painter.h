// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/output/layout_drawing.h"

class QPainter;

namespace infrafit::ui {

/// Paints one page of core's layout drawing (core/output/layout_drawing.h)
/// with `painter` in drawing points, origin at the painter's current
/// origin: the same rectangles, lines and text as the SVG and PDF writers,
/// nothing computed here. Used for the screen, QPdfWriter, QSvgGenerator
/// and the printer alike.
void paintDrawingPage(QPainter& painter, const DrawingPage& page);

} // namespace infrafit::ui
