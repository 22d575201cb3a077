// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/bom/bill_of_materials.h"

#include <string>
#include <vector>

namespace infrafit {

/// A stacked horizontal bar against a limit, as the PDF and HTML reports
/// draw it: segments in order, a limit line, and a scale that holds both.
/// Values are in the display unit (GB, W). Only geometry-free data here;
/// each format draws it in its own coordinates.
struct StackedBarChart {
    std::string title;
    std::string unit;
    std::vector<ChartSegment> segments;
    double total = 0;
    std::string limitLabel;
    double limit = 0;
    double scaleMax = 0; ///< max(total, limit) × 1.1, at least 1
    /// Colour per segment as "#rrggbb", repeating.
    static const std::vector<std::string>& palette();
};

/// Memory per GPU (GB, 10^9 bytes) stacked, against the GPU's capacity.
StackedBarChart memoryChart(const BomSummary& summary);

/// A node's DC load at maximum by component (W), against installed PSU
/// capacity.
StackedBarChart nodePowerChart(const BomSummary& summary);

/// "#1f77b4" → {0.12, 0.47, 0.71}.
void hexToRgb(const std::string& hex, double& r, double& g, double& b);

} // namespace infrafit
