// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

namespace infrafit {

/// Appends `key` to `pointer` as one JSON pointer token: "~" is written "~0"
/// and "/" is written "~1" (RFC 6901 §3).
void appendPointerToken(std::string& pointer, std::string_view key);

/// Follows a SAX parse (nlohmann::json::sax_parse events) to know the JSON
/// pointer of the value being read and to find a key repeated in one object.
/// JSON (RFC 8259 §4) only says names "SHOULD be unique"; InfraFit refuses a
/// repeated one instead of silently keeping the last ("nodes": 4, "nodes":
/// 99999), so what a reviewer reads in the file is what is used.
class JsonPathTracker {
public:
    /// A scalar value was read.
    void value();
    /// An object (`isObject`) or array starts.
    void open(bool isObject);
    /// The innermost object or array ends.
    void close();
    /// A member name in the innermost object; returns true when the object
    /// already had a member of that name.
    bool key(const std::string& name);
    /// The JSON pointer of the member or element being read ("" at the top).
    [[nodiscard]] std::string pointer() const;

private:
    struct Frame {
        bool isObject = false;
        std::size_t index = 0;  ///< arrays: the element being read
        std::string key;        ///< objects: the member being read
        std::unordered_set<std::string> keys;
    };
    void advance();

    std::vector<Frame> mFrames;
};

} // namespace infrafit
