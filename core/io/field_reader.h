// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/base/input_error.h"
#include "core/base/message_text.h"
#include "core/base/enum_names.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <string>
#include <vector>

namespace infrafit {

/// Reads typed members of one JSON object, appending a Problem (pointer +
/// rule) for each missing, mistyped or out-of-range member instead of
/// throwing, so a file's problems are reported all at once. Absent optional
/// members leave the target unchanged (the default stays).
class FieldReader {
public:
    FieldReader(const nlohmann::json& object, std::string pointer, std::vector<Problem>& problems);

    [[nodiscard]] bool isObject() const { return mObject.is_object(); }
    [[nodiscard]] bool has(const char* key) const;
    [[nodiscard]] std::string pointerTo(const char* key) const { return mPointer + "/" + key; }
    [[nodiscard]] const std::string& pointer() const { return mPointer; }

    /// Integer member within [minimum, maximum]. Returns false on a problem.
    /// The default maximum keeps the value an int; callers state a smaller
    /// one where products of counts must stay in range (docs/security.md).
    bool readInt(const char* key, int& target, bool required, long long minimum,
                 long long maximum = 2000000000);
    /// Integer member within [minimum, maximum]. A number of 2^63 or more is
    /// a problem naming `maximum` and the number as written (never wrapped).
    bool readInt64(const char* key, long long& target, bool required, long long minimum,
                   long long maximum = INT64_MAX);
    /// Number member; must be finite and >= minimum (or > minimum when
    /// `exclusive`), and <= maximum.
    bool readDouble(const char* key, double& target, bool required, double minimum,
                    bool exclusive = false, double maximum = 1e300);
    bool readBool(const char* key, bool& target, bool required = false);
    bool readString(const char* key, std::string& target, bool required = false);

    template <class E>
    bool readEnum(const char* key, E& target, bool required = false)
    {
        int index = 0;
        if (!readChoice(key, EnumNames<E>::names, index, required))
            return false;
        target = static_cast<E>(index);
        return true;
    }

    /// A member that must be one of `choices`; `index` receives its position.
    bool readChoice(const char* key, std::span<const std::string_view> choices, int& index,
                    bool required = false);
    /// A reader of the member object `key` (present: check has() first),
    /// whose problems go to the same list with pointers below this one's.
    [[nodiscard]] FieldReader child(const char* key) const;
    /// Whether the member is a number equal to `value`.
    [[nodiscard]] bool numberIs(const char* key, double value) const;

    void problem(const char* key, std::string message);

private:
    const nlohmann::json* member(const char* key, bool required);

    const nlohmann::json& mObject;
    std::string mPointer;
    std::vector<Problem>& mProblems;
};

} // namespace infrafit
