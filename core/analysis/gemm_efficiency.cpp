// SPDX-License-Identifier: Apache-2.0
#include "core/analysis/gemm_efficiency.h"

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

} // namespace

double gemmShapeFraction(double m, double n, double k)
{
    if (!(m > 0 && n > 0 && k > 0))
        return 1.0; // no product: callers multiply by zero FLOPs anyway
    return gemmShapeFractionOfLog2Volume(std::log2(m) + std::log2(n) + std::log2(k));
}

double gemmShapeFractionOfLog2Volume(double log2Volume)
{
    const double lg = log2Volume / 3.0;
    const auto* first = std::begin(shapeTable);
    const auto* last = std::end(shapeTable) - 1;
    if (lg <= first->log2g)
        return first->fraction / plateau;
    if (lg >= last->log2g)
        return 1.0;
    for (const auto* p = first; p != last; ++p) {
        const auto* q = p + 1;
        if (lg <= q->log2g) {
            // Geometric interpolation: the fraction's log is linear in
            // log2(g). The steepest segment then rises by ln(0.042/0.022)
            // / (1/3) = 1.94 per unit of log2(g), less than the work's
            // 3·ln 2 = 2.08 when M alone grows: a product's time never
            // falls as its M grows (a linear blend rose faster at the low
            // end of a segment and let a larger step take less time).
            const double w = (lg - p->log2g) / (q->log2g - p->log2g);
            return p->fraction * std::pow(q->fraction / p->fraction, w) / plateau;
        }
    }
    return 1.0;
}

} // namespace infrafit
