// SPDX-License-Identifier: Apache-2.0
#pragma once

class QWidget;

namespace infrafit::ui {

/// For measuring start-up by hand (never in tests): when the environment
/// variable INFRAFIT_MEASURE_STARTUP is set, prints to stdout the
/// milliseconds from process start (the kernel's start time, 10 ms ticks) to
/// the end of the first paint of `window`, then quits the application.
/// Does nothing otherwise.
void measureStartupIfAsked(QWidget* window);

} // namespace infrafit::ui
