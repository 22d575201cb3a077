// SPDX-License-Identifier: Apache-2.0
#include "core/analysis/gemm_efficiency.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <span>
#include <vector>

namespace infrafit {
namespace {

struct ShapePoint {
    double log2g;
    double fraction; ///< of dense peak, measured (see gemm_efficiency.h)
};

// OpenXLA matmul_interpolator_data.h, sm_90, bf16, b = 1 (see the header;
// values of upstream commit b2766086).
constexpr ShapePoint h100Bf16[] = {
    {8.666, 0.022}, // 512×256×512
    {9.000, 0.042}, // 256×2048×256
    {10.000, 0.241}, // 4096×512×512
    {10.333, 0.354}, // 1024×1024×2048
    {10.667, 0.530}, // 1024×2048×2048
    {11.000, 0.639}, // 2048×2048×2048
    {12.000, 0.792}, // 4096×4096×4096
};
// The same file, key sm_100_B200 (values unchanged from upstream 71feeddf
// to ROCm/xla ea2c45f), as fractions of B200's 2,250 (bf16) and 4,500
// (fp8) TFLOP/s dense peaks. B200 keeps gaining past 4096³, so the
// batched b = 2 and b = 4 products of 4096³ extend its curve; H100 is flat
// there (0.813 and 0.797 at b = 2 and 4).
constexpr ShapePoint b200Bf16[] = {
    {26.0 / 3, 0.0080}, {27.0 / 3, 0.0205}, {30.0 / 3, 0.1280}, {31.0 / 3, 0.2082},
    {32.0 / 3, 0.3379}, {33.0 / 3, 0.4381}, {36.0 / 3, 0.6297}, {37.0 / 3, 0.6518},
    {38.0 / 3, 0.7424},
};
constexpr ShapePoint b200Fp8[] = { // f8e4m3fn × f8e4m3fn → bf16
    {26.0 / 3, 0.0058}, {27.0 / 3, 0.0093}, {30.0 / 3, 0.0717}, {31.0 / 3, 0.1280},
    {32.0 / 3, 0.2177}, {33.0 / 3, 0.3173}, {36.0 / 3, 0.6144}, {37.0 / 3, 0.6941},
    {38.0 / 3, 0.7288},
};

std::span<const ShapePoint> tableOf(GemmShapeCurve curve)
{
    switch (curve) {
    case GemmShapeCurve::B200Bf16:
        return b200Bf16;
    case GemmShapeCurve::B200Fp8:
        return b200Fp8;
    case GemmShapeCurve::H100Bf16:
        break;
    }
    return h100Bf16;
}

// The geometric interpolation of a table, sampled once as its inverse
// (the slowdown 1/fraction) on a fine grid of log2(g) (192 nodes per unit,
// aligned with the tables' thirds) and blended linearly between nodes: no
// transcendental or division per call (the serving simulator evaluates it
// for every product of every step).
//
// A product's time M·slowdown must not fall as M grows: doubling M adds
// 1/3 to log2(g), so the fraction's log may rise by at most 3·ln 2 = 2.08
// per unit of log2(g). Two neighbouring points of a table are different
// shapes and can rise faster (B200 bf16: 0.0080 → 0.0205 from 512×256×512
// to 256×2048×256, 2.82 per unit), so each point is raised where needed to
// keep every segment at most `maxLogSlope` below the next; it changes one
// small point of each B200 curve (bf16 512×256×512 0.0080 → 0.0105, fp8
// 256×2048×256 0.0093 → 0.0097) and none of H100's.
// The sampled inverse is convex and falling; between two nodes the chord
// falls by at most (1 − e^(−2/192))·192 = 1.99 per unit, still under 2.08.
constexpr double maxLogSlope = 2.0;
constexpr double gridStart = 8.0;
constexpr double gridEnd = 13.0;
constexpr double nodesPerUnit = 192.0;
constexpr std::size_t gridNodes = 5 * 192 + 1; // 8.0 … 13.0
static_assert(gridNodes == std::size_t((gridEnd - gridStart) * nodesPerUnit) + 1);

using Grid = std::array<double, gridNodes>;

Grid makeSlowdownGrid(GemmShapeCurve curve)
{
    const auto table = tableOf(curve);
    std::vector<ShapePoint> p(table.begin(), table.end()); // once per curve, before main()
    const std::size_t n = p.size();
    for (std::size_t i = n - 1; i-- > 0;) {
        const double floor
            = p[i + 1].fraction * std::exp(-maxLogSlope * (p[i + 1].log2g - p[i].log2g));
        p[i].fraction = std::max(p[i].fraction, floor);
    }
    const double plateau = p[n - 1].fraction;
    const auto fraction = [&](double lg) {
        if (lg <= p[0].log2g)
            return p[0].fraction / plateau;
        for (std::size_t i = 0; i + 1 < n; ++i) {
            if (lg <= p[i + 1].log2g) {
                const double w = (lg - p[i].log2g) / (p[i + 1].log2g - p[i].log2g);
                return p[i].fraction * std::pow(p[i + 1].fraction / p[i].fraction, w) / plateau;
            }
        }
        return 1.0;
    };
    Grid out{};
    for (std::size_t i = 0; i < gridNodes; ++i) // never faster than the plateau
        out[i] = std::max(1.0, 1.0 / fraction(gridStart + double(i) / nodesPerUnit));
    return out;
}

// Filled before main(), so no guard is paid per call (a function-local
// static cost the serving step a fifth of its time). Nothing may call the
// shape functions from another static initialiser: scripts/test --sanitize
// runs with ASan's strict_init_order, which reports such a call.
const std::array<Grid, 3> slowdownGrids = {makeSlowdownGrid(GemmShapeCurve::H100Bf16),
                                           makeSlowdownGrid(GemmShapeCurve::B200Bf16),
                                           makeSlowdownGrid(GemmShapeCurve::B200Fp8)};

} // namespace

double gemmShapeFraction(double m, double n, double k, GemmShapeCurve curve)
{
    if (!(m > 0 && n > 0 && k > 0))
        return 1.0; // no product: callers multiply by zero FLOPs anyway
    return gemmShapeFractionOfLog2Volume(std::log2(m) + std::log2(n) + std::log2(k), curve);
}

double gemmShapeFractionOfLog2Volume(double log2Volume, GemmShapeCurve curve)
{
    return 1.0 / gemmShapeSlowdownOfLog2Volume(log2Volume, curve);
}

double gemmShapeSlowdownOfLog2Volume(double log2Volume, GemmShapeCurve curve)
{
    // Geometric interpolation: the fraction's log is linear in log2(g)
    // between the table's points (see makeSlowdownGrid for why a product's
    // time never falls as its M grows).
    // Grid position: (log2Volume / 3 − gridStart) · nodesPerUnit.
    const Grid& grid = slowdownGrids[static_cast<std::size_t>(curve)];
    const double position = log2Volume * (nodesPerUnit / 3.0) - gridStart * nodesPerUnit;
    if (!(position > 0))
        return std::isnan(position) ? 1.0 : grid.front();
    if (position >= double(gridNodes - 1))
        return 1.0;
    const auto i = static_cast<std::size_t>(position);
    const double w = position - double(i);
    return grid[i] + w * (grid[i + 1] - grid[i]);
}

double gemmSaturationLog2Volume(GemmShapeCurve curve)
{
    return 3.0 * tableOf(curve).back().log2g;
}

} // namespace infrafit
