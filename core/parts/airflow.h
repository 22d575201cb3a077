// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/base/enum_names.h"

namespace infrafit {

/// Which way air moves through a rack device. The names are NetBox's
/// device-type `airflow` choices (devicetype-library schema,
/// generated_schema.json "airflow"), so a part maps onto a NetBox device
/// type without translation.
enum class Airflow { FrontToRear, RearToFront, LeftToRight, RightToLeft, SideToRear, Passive, Mixed };

template <>
struct EnumNames<Airflow> {
    static constexpr std::array<std::string_view, 7> names{
        "front-to-rear", "rear-to-front", "left-to-right", "right-to-left",
        "side-to-rear",  "passive",       "mixed"};
};

} // namespace infrafit
