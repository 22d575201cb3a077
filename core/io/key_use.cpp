// SPDX-License-Identifier: Apache-2.0
#include "core/io/key_use.h"

namespace infrafit {

namespace {

thread_local KeyUseRecorder* activeRecorder = nullptr;

/// A key as one JSON pointer token: "~" is "~0" and "/" is "~1" (RFC 6901 §4).
std::string pointerToken(const std::string& key)
{
    std::string token;
    token.reserve(key.size());
    for (const char c : key) {
        if (c == '~')
            token += "~0";
        else if (c == '/')
            token += "~1";
        else
            token += c;
    }
    return token;
}

} // namespace

KeyUseRecorder::KeyUseRecorder() : mPrevious(activeRecorder)
{
    activeRecorder = this;
}

KeyUseRecorder::~KeyUseRecorder()
{
    activeRecorder = mPrevious;
}

std::vector<std::string> KeyUseRecorder::unread(const nlohmann::json& document) const
{
    std::vector<std::string> out;
    collect(document, "", out);
    return out;
}

void KeyUseRecorder::collect(const nlohmann::json& node, const std::string& pointer,
                             std::vector<std::string>& out) const
{
    if (mSubtrees.count(&node))
        return;
    if (node.is_object()) {
        for (auto it = node.begin(); it != node.end(); ++it) {
            const nlohmann::json& value = *it;
            const std::string at = pointer + "/" + pointerToken(it.key());
            if (!mRead.count(&value))
                out.push_back(at);
            else
                collect(value, at, out);
        }
    } else if (node.is_array()) {
        for (std::size_t i = 0; i < node.size(); ++i)
            collect(node[i], pointer + "/" + std::to_string(i), out);
    }
}

void noteKeyRead(const nlohmann::json& member)
{
    if (activeRecorder)
        activeRecorder->note(member);
}

void noteSubtreeRead(const nlohmann::json& node)
{
    if (activeRecorder)
        activeRecorder->noteSubtree(node);
}

} // namespace infrafit
