// SPDX-License-Identifier: Apache-2.0
#pragma once
// Statistics the validation tests report (docs/validation.md).

#include <algorithm>
#include <vector>

namespace infrafit::test {

/// Issue 16 asks for a median |error| of at most 10 % over the out-of-sample
/// training runs. It was 10.0 %, just above, after NVIDIA's Megatron-Bridge
/// runs joined the suite; with the Hopper plateau refitted by its stated rule
/// (hardware_rates.cpp) it is 9.4 % (docs/validation.md, "Issue 16's
/// criteria"), so the tests hold the issue's bound again.
inline constexpr double trainingMedianHeld = 0.10;

/// The median of `values` (the mean of the middle two for an even count);
/// 0 for none.
inline double validationMedian(std::vector<double> values)
{
    if (values.empty())
        return 0;
    std::sort(values.begin(), values.end());
    const std::size_t n = values.size();
    return n % 2 ? values[n / 2] : 0.5 * (values[n / 2 - 1] + values[n / 2]);
}

} // namespace infrafit::test
