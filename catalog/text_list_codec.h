// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace infrafit::catalog {

/// Stores a TextList field in one TEXT column as a JSON array of strings
/// (["fp8","bf16"]), so the column stays readable with any SQLite tool.
/// Hand-written because it runs once per list per row on 100,000-part
/// catalogs; encode() output is valid JSON, decode() reads any JSON array
/// of strings (escapes and \u sequences included). Stateless, thread-safe.
class TextListCodec {
public:
    static void encode(std::span<const std::string> items, std::string& out);
    /// Appends the array's items to `items`; false (items unspecified) when
    /// `text` is not a JSON array of strings.
    static bool decode(std::string_view text, std::vector<std::string>& items);
};

} // namespace infrafit::catalog
