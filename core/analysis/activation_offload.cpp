// SPDX-License-Identifier: Apache-2.0
#include "core/analysis/activation_offload.h"

#include <algorithm>

namespace infrafit {

double activationOffloadStallS(int layers, int offloaded, double copyS, double forwardS,
                               double backwardS)
{
    const int n = std::clamp(offloaded, 0, std::max(0, layers - 1));
    if (n == 0 || !(copyS > 0))
        return 0;
    // layer_window_map: windows of ⌊L/n⌋ layers, the first L mod n groups
    // one layer wider, each ending one layer before the next window starts.
    const int width = layers / n;
    const int remainder = layers % n;
    double stall = 0;
    int previousEnd = 0; // copy 0 is issued after layer 0's forward
    int extra = 0;
    for (int k = 0; k < n; ++k) {
        int end = width * (k + 1) - 1;
        if (k < remainder) {
            end += k + 1;
            extra = k + 1;
        } else {
            end += extra;
        }
        const int window = std::max(1, end - previousEnd);
        stall += std::max(0.0, copyS - window * forwardS)
                 + std::max(0.0, copyS - window * backwardS);
        previousEnd = end;
    }
    return stall;
}

} // namespace infrafit
