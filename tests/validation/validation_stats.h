// SPDX-License-Identifier: Apache-2.0
#pragma once
// Statistics the validation tests report (docs/validation.md).

#include <algorithm>
#include <vector>

namespace infrafit::test {

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
