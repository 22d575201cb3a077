// SPDX-License-Identifier: Apache-2.0
#include "core/io/json_path_tracker.h"

namespace infrafit {

void JsonPathTracker::advance()
{
    if (!mFrames.empty() && !mFrames.back().isObject)
        ++mFrames.back().index;
}

void JsonPathTracker::value()
{
    advance();
}

void JsonPathTracker::open(bool isObject)
{
    Frame frame;
    frame.isObject = isObject;
    mFrames.push_back(std::move(frame));
}

void JsonPathTracker::close()
{
    if (!mFrames.empty())
        mFrames.pop_back();
    advance();
}

bool JsonPathTracker::key(const std::string& name)
{
    if (mFrames.empty() || !mFrames.back().isObject)
        return false;
    auto& frame = mFrames.back();
    frame.key = name;
    return !frame.keys.insert(name).second;
}

std::string JsonPathTracker::pointer() const
{
    std::string text;
    for (const auto& frame : mFrames) {
        text += '/';
        if (!frame.isObject) {
            text += std::to_string(frame.index);
            continue;
        }
        appendPointerToken(text, frame.key);
    }
    return text;
}

void appendPointerToken(std::string& pointer, std::string_view key)
{
    for (const char c : key) {
        if (c == '~')
            pointer += "~0";
        else if (c == '/')
            pointer += "~1";
        else
            pointer += c;
    }
}

} // namespace infrafit
