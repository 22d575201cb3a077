// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/base/input_error.h"
#include "core/parts/part.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace infrafit {

/// The type of a JSON value, as problems name it ("a number", "an array"...).
enum class JsonType : std::uint8_t { Null, Boolean, Integer, Unsigned, Float, String, Array, Object };

/// "a number", "a string", "a boolean", "an array", "an object" or "null".
std::string_view jsonTypeName(JsonType type);

/// At most this many problems (and as many warnings) are listed for one
/// file; the rest are counted in a last line, so a huge bad file cannot
/// exhaust memory with messages.
inline constexpr std::size_t maxListedProblems = 10000;

/// Keeps the first maxListedProblems of `problems` and adds `dropped` (plus
/// any cut here) as one closing "... more not listed" line.
void capProblems(std::vector<Problem>& problems, std::size_t dropped, std::string_view what);

/// One member of a part object as it appears in the JSON, before the part's
/// kind is known: a scalar, or an array whose string items are kept (other
/// items by index and type only).
struct RawMember {
    JsonType type = JsonType::Null;
    bool flag = false;
    std::int64_t integer = 0;
    std::uint64_t unsignedInteger = 0;
    double number = 0;
    std::string text;
    std::vector<std::string> strings;                          ///< array items that are strings
    std::vector<std::pair<std::size_t, JsonType>> otherItems; ///< index and type of the others
    std::size_t otherItemCount = 0; ///< items that are not strings (only the first are kept)
    std::size_t itemCount = 0;      ///< array items seen

    /// Forgets the value (keeps buffers), for a member read again.
    void clear();
    /// Appends one array item (`text`, copied, when it is a string).
    void addItem(JsonType itemType, const std::string* text = nullptr);
};

/// Reads one part object (docs/user-guide.md "Catalog file") from its members, whatever
/// produced them: a JSON tree (partFromJson) or a streaming parser
/// (parseCatalog). One set of rules, so both report the same problems.
/// A repeated key replaces the earlier value, as in a parsed JSON object.
class PartReader {
public:
    PartReader();

    /// Starts a new part object.
    void clear();
    /// The member `key`, emptied, for its value to be filled in.
    RawMember& member(std::string_view key);
    /// Reads the members as a part. Type errors, unknown kinds and invalid
    /// values are appended to `problems` with pointers under `pointer`
    /// ("/parts/17/tdp_w"); nullopt when the part cannot be used. Keys the
    /// part's kind does not have go to `warnings` when given, in key order.
    /// Problems and warnings are not appended past maxListedProblems; they
    /// are counted here instead (see capProblems).
    std::optional<Part> finish(const std::string& pointer, std::vector<Problem>& problems,
                               std::vector<Problem>* warnings);
    [[nodiscard]] std::size_t droppedProblems() const { return mDroppedProblems; }
    [[nodiscard]] std::size_t droppedWarnings() const { return mDroppedWarnings; }

private:
    std::vector<RawMember> mSlots;   ///< one per key known to any kind (keyTable())
    std::vector<char> mPresent;      ///< per slot: seen in this object
    std::vector<std::size_t> mTouched;
    std::vector<std::string> mUnknownKeys; ///< keys no kind has
    RawMember mIgnored;                    ///< value of an unknown key
    std::size_t mDroppedProblems = 0;
    std::size_t mDroppedWarnings = 0;
};

} // namespace infrafit
