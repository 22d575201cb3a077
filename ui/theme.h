// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QString>

namespace infrafit::ui {

enum class Theme { System, Light, Dark };

/// Applies a palette to the application (Fusion style for Light and Dark so
/// the palette is honoured everywhere) and remembers the choice.
void applyTheme(Theme theme);
Theme savedTheme();

} // namespace infrafit::ui
