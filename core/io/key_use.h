// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <nlohmann/json.hpp>

#include <string>
#include <unordered_set>
#include <vector>

namespace infrafit {

/// Records which members of a JSON document its reader looked at, so that a
/// member no reader looked at (a misspelled "promt_tokens", a key of a newer
/// version) can be reported as ignored instead of silently dropped. While a
/// recorder lives it is its thread's active one; FieldReader and the readers'
/// direct lookups note every member they look at (noteKeyRead).
class KeyUseRecorder {
public:
    KeyUseRecorder();
    ~KeyUseRecorder();
    KeyUseRecorder(const KeyUseRecorder&) = delete;
    KeyUseRecorder& operator=(const KeyUseRecorder&) = delete;

    void note(const nlohmann::json& member) { mRead.insert(&member); }
    /// Marks `node` and everything below it as read (a subtree whose own
    /// reader reports its unknown members, like a part's).
    void noteSubtree(const nlohmann::json& node) { mSubtrees.insert(&node); }

    /// JSON pointers (RFC 6901) of the object members of `document` that no
    /// reader looked at, in document order. The members below one are not
    /// listed again.
    [[nodiscard]] std::vector<std::string> unread(const nlohmann::json& document) const;

private:
    void collect(const nlohmann::json& node, const std::string& pointer,
                 std::vector<std::string>& out) const;

    std::unordered_set<const nlohmann::json*> mRead;
    std::unordered_set<const nlohmann::json*> mSubtrees;
    KeyUseRecorder* mPrevious = nullptr;
};

/// Notes `member` as looked at for this thread's active recorder; does
/// nothing when none is active.
void noteKeyRead(const nlohmann::json& member);
/// The member `key` of `object` (nullptr when `object` is no object or has
/// no such member, null members included), noted as looked at: the lookup
/// of a reader that does not go through FieldReader.
const nlohmann::json* lookUpMember(const nlohmann::json& object, const char* key);
/// Notes `node` and its subtree as read for the active recorder.
void noteSubtreeRead(const nlohmann::json& node);

} // namespace infrafit
