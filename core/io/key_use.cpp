// SPDX-License-Identifier: Apache-2.0
#include "core/io/key_use.h"

#include "core/io/json_path_tracker.h"

namespace infrafit {

namespace {

thread_local KeyUseRecorder* activeRecorder = nullptr;

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
            std::string at = pointer + "/";
            appendPointerToken(at, it.key());
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

const nlohmann::json* lookUpMember(const nlohmann::json& object, const char* key)
{
    if (!object.is_object())
        return nullptr;
    const auto it = object.find(key);
    if (it == object.end())
        return nullptr;
    noteKeyRead(*it);
    return &*it;
}

void noteSubtreeRead(const nlohmann::json& node)
{
    if (activeRecorder)
        activeRecorder->noteSubtree(node);
}

} // namespace infrafit
