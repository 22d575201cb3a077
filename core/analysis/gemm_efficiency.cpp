// SPDX-License-Identifier: Apache-2.0
#include "core/analysis/gemm_efficiency.h"

#include <array>
#include <cmath>
#include <iterator>

namespace infrafit {
namespace {

struct ShapePoint {
    double log2g;
    double fraction; ///< of dense peak, measured (see gemm_efficiency.h)
};

// OpenXLA matmul_interpolator_data.h, sm_90, bf16, b = 1 (see the header).
constexpr ShapePoint shapeTable[] = {
    {8.666, 0.022}, // 512×256×512
    {9.000, 0.042}, // 256×2048×256
    {10.000, 0.241}, // 4096×512×512
    {10.333, 0.354}, // 1024×1024×2048
    {10.667, 0.530}, // 1024×2048×2048
    {11.000, 0.639}, // 2048×2048×2048
    {12.000, 0.792}, // 4096×4096×4096
};
constexpr double plateau = 0.792;
constexpr std::size_t points = std::size(shapeTable);

// The geometric interpolation of the table, sampled once as its inverse
// (the slowdown 1/fraction) on a fine grid of log2(g) (192 nodes per unit,
// aligned with the table's thirds) and blended linearly between nodes: no
// transcendental or division per call (the serving simulator evaluates it
// for every product of every step). The inverse is convex and falling, so
// between two nodes a product's time M·slowdown still grows with M: the
// chord falls by at most (1 − e^(−1.94/192))·192 = 1.93 per unit, under
// the work's 3·ln 2 = 2.08.
constexpr double gridStart = 8.0;
constexpr double nodesPerUnit = 192.0;
constexpr std::size_t gridNodes = 4 * 192 + 1; // 8.0 … 12.0

double geometricFraction(double lg)
{
    if (lg <= shapeTable[0].log2g)
        return shapeTable[0].fraction / plateau;
    for (std::size_t i = 0; i + 1 < points; ++i) {
        const ShapePoint& p = shapeTable[i];
        const ShapePoint& q = shapeTable[i + 1];
        if (lg <= q.log2g) {
            const double w = (lg - p.log2g) / (q.log2g - p.log2g);
            return p.fraction * std::pow(q.fraction / p.fraction, w) / plateau;
        }
    }
    return 1.0;
}

std::array<double, gridNodes> makeSlowdownGrid()
{
    std::array<double, gridNodes> out{};
    for (std::size_t i = 0; i < gridNodes; ++i)
        out[i] = 1.0 / geometricFraction(gridStart + double(i) / nodesPerUnit);
    return out;
}

// Filled before main(), so no guard is paid per call (a function-local
// static cost the serving step a fifth of its time). Nothing may call the
// shape functions from another static initialiser: scripts/test --sanitize
// runs with ASan's strict_init_order, which reports such a call.
const std::array<double, gridNodes> slowdownGrid = makeSlowdownGrid();

} // namespace

double gemmShapeFraction(double m, double n, double k)
{
    if (!(m > 0 && n > 0 && k > 0))
        return 1.0; // no product: callers multiply by zero FLOPs anyway
    return gemmShapeFractionOfLog2Volume(std::log2(m) + std::log2(n) + std::log2(k));
}

double gemmShapeFractionOfLog2Volume(double log2Volume)
{
    return 1.0 / gemmShapeSlowdownOfLog2Volume(log2Volume);
}

double gemmShapeSlowdownOfLog2Volume(double log2Volume)
{
    // Geometric interpolation: the fraction's log is linear in log2(g)
    // between the table's points. The steepest segment then rises by
    // ln(0.042/0.022) / (1/3) = 1.94 per unit of log2(g), less than the
    // work's 3·ln 2 = 2.08 when M alone grows: a product's time never falls
    // as its M grows (a linear blend rose faster at the low end of a
    // segment and let a larger step take less time).
    // Grid position: (log2Volume / 3 − gridStart) · nodesPerUnit.
    const double position = log2Volume * (nodesPerUnit / 3.0) - gridStart * nodesPerUnit;
    if (!(position > 0))
        return std::isnan(position) ? 1.0 : slowdownGrid.front();
    if (position >= double(gridNodes - 1))
        return 1.0;
    const auto i = static_cast<std::size_t>(position);
    const double w = position - double(i);
    return slowdownGrid[i] + w * (slowdownGrid[i + 1] - slowdownGrid[i]);
}

double gemmSaturationLog2Volume()
{
    return 3.0 * shapeTable[points - 1].log2g;
}

} // namespace infrafit
