// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QString>
#include <QStringList>

namespace infrafit::ui {

/// `base`, or `base (2)`, `base (3)`… whichever is not in `used`.
inline QString uniqueName(const QString& base, const QStringList& used)
{
    if (!used.contains(base))
        return base;
    for (int n = 2;; ++n) {
        const QString candidate = base + QStringLiteral(" (%1)").arg(n);
        if (!used.contains(candidate))
            return candidate;
    }
}

} // namespace infrafit::ui
