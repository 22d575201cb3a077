// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace infrafit {

// Text from untrusted files reaches messages and reports. These helpers keep
// it from taking over a terminal (escape sequences) or flooding it (a value
// of 100 MB echoed back as one line). docs/security.md states the promise;
// tests/core/io/message_text_test.cpp checks it.

/// Longest value, in bytes, echoed in a message before it is cut.
inline constexpr std::size_t maxEchoedValueBytes = 80;

/// `text` with every control character that could drive a terminal written
/// as a visible escape: C0 controls (except tab and line feed, and a
/// carriage return directly before a line feed) and DEL as "\u00XX", the C1
/// controls U+0080..U+009F (UTF-8 C2 80..C2 9F, which include the one-byte
/// CSI) as "\u00XX" too. Everything else, including other UTF-8, is kept.
std::string escapeControlCharacters(std::string_view text);

/// `value` for a message: control characters escaped (all of them, also tab
/// and line feed) and cut after `maxEchoedValueBytes` bytes (at a UTF-8
/// character boundary) with "... (N bytes)" naming the full length.
std::string shortenedValue(std::string_view value);

/// `value` with thousands separators: 134217729 → "134,217,729".
std::string groupedInteger(std::uintmax_t value);

} // namespace infrafit
