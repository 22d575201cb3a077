// SPDX-License-Identifier: Apache-2.0
#include "core/io/json_document.h"

#include "core/io/input_error.h"
#include "core/io/text_file.h"

namespace infrafit {
namespace {

struct Position {
    std::size_t line = 1;
    std::size_t column = 1;
};

Position positionOf(std::string_view text, std::size_t offset)
{
    Position position;
    for (std::size_t i = 0; i < offset && i < text.size(); ++i) {
        if (text[i] == '\n') {
            ++position.line;
            position.column = 1;
        } else {
            ++position.column;
        }
    }
    return position;
}

/// Byte offset where nesting first exceeds `limit`, or npos.
std::size_t tooDeepAt(std::string_view text, int limit)
{
    int depth = 0;
    bool inString = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (inString) {
            if (c == '\\')
                ++i;
            else if (c == '"')
                inString = false;
            continue;
        }
        if (c == '"') {
            inString = true;
        } else if (c == '{' || c == '[') {
            if (++depth > limit)
                return i;
        } else if (c == '}' || c == ']') {
            --depth;
        }
    }
    return std::string_view::npos;
}

} // namespace

nlohmann::json parseJsonDocument(std::string_view text, const std::string& file)
{
    if (const auto at = tooDeepAt(text, maxJsonDepth); at != std::string_view::npos) {
        const auto position = positionOf(text, at);
        throw InputError(file, "/", "JSON nested deeper than " + std::to_string(maxJsonDepth)
                                        + " levels at line " + std::to_string(position.line)
                                        + ", column " + std::to_string(position.column));
    }
    try {
        return nlohmann::json::parse(text.begin(), text.end());
    } catch (const nlohmann::json::parse_error& error) {
        const auto position = positionOf(text, error.byte > 0 ? error.byte - 1 : 0);
        const bool truncated = error.byte >= text.size();
        std::string message = truncated ? "malformed JSON: the file ends too early (truncated?)"
                                        : "malformed JSON";
        message += " at line " + std::to_string(position.line) + ", column "
                   + std::to_string(position.column);
        throw InputError(file, "/", message);
    }
}

void checkDocumentHeader(const nlohmann::json& document, std::string_view format,
                         int supportedVersion, const std::string& file)
{
    if (!document.is_object())
        throw InputError(file, "/", "must be a JSON object with \"format\": \""
                                        + std::string(format) + "\"");
    const auto formatIt = document.find("format");
    if (formatIt == document.end() || !formatIt->is_string())
        throw InputError(file, "/format", "is required and must be \"" + std::string(format) + "\"");
    if (formatIt->get<std::string>() != format)
        throw InputError(file, "/format", "is \"" + formatIt->get<std::string>()
                                              + "\", expected \"" + std::string(format) + "\"");
    const auto versionIt = document.find("version");
    if (versionIt == document.end() || !versionIt->is_number_integer())
        throw InputError(file, "/version", "is required and must be a whole number");
    const auto version = versionIt->get<std::int64_t>();
    if (version > supportedVersion)
        throw InputError(file, "/version",
                         "version " + std::to_string(version)
                             + " was written by a newer InfraFit; this one reads up to version "
                             + std::to_string(supportedVersion));
    if (version < 1)
        throw InputError(file, "/version", "must be 1 or more");
}

} // namespace infrafit
