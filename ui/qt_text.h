// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QString>

#include <string>
#include <string_view>

namespace infrafit::ui {

/// UTF-8 text from core to Qt.
inline QString toQString(std::string_view text)
{
    return QString::fromUtf8(text.data(), static_cast<qsizetype>(text.size()));
}

/// Qt text to UTF-8 for core.
inline std::string toStdString(const QString& text)
{
    return text.toStdString();
}

} // namespace infrafit::ui
