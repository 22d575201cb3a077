// SPDX-License-Identifier: Apache-2.0
#include "core/io/json_document.h"

#include "core/io/input_error.h"
#include "core/io/text_file.h"

#include <cstring>

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

/// Byte offset where nesting first exceeds `limit`, or npos. Inside a string
/// a quote ends it unless an odd run of backslashes precedes it, so strings
/// are skipped with memchr (the bulk of a catalog's bytes).
std::size_t tooDeepAt(std::string_view text, int limit)
{
    int depth = 0;
    const char* const begin = text.data();
    const char* const end = begin + text.size();
    const char* p = begin;
    while (p < end) {
        const char c = *p;
        if (c == '"') {
            const char* q = p + 1;
            for (;;) {
                q = static_cast<const char*>(std::memchr(q, '"', static_cast<std::size_t>(end - q)));
                if (!q)
                    return std::string_view::npos; // unterminated: the parser reports it
                std::size_t backslashes = 0;
                for (const char* b = q - 1; b > p && *b == '\\'; --b)
                    ++backslashes;
                if (backslashes % 2 == 0)
                    break;
                ++q;
            }
            p = q + 1;
            continue;
        }
        if (c == '{' || c == '[') {
            if (++depth > limit)
                return static_cast<std::size_t>(p - begin);
        } else if (c == '}' || c == ']') {
            --depth;
        }
        ++p;
    }
    return std::string_view::npos;
}

} // namespace

void checkJsonDepth(std::string_view text, const std::string& file)
{
    if (const auto at = tooDeepAt(text, maxJsonDepth); at != std::string_view::npos) {
        const auto position = positionOf(text, at);
        throw InputError(file, "/", "JSON nested deeper than " + std::to_string(maxJsonDepth)
                                        + " levels at line " + std::to_string(position.line)
                                        + ", column " + std::to_string(position.column));
    }
}

void throwJsonSyntaxError(std::string_view text, const std::string& file,
                          const JsonSyntaxError& error)
{
    const auto position = positionOf(text, error.byte > 0 ? error.byte - 1 : 0);
    const bool truncated = !error.numberOverflow && error.byte >= text.size();
    std::string message = error.numberOverflow ? "malformed JSON: a number too large"
                          : truncated ? "malformed JSON: the file ends too early (truncated?)"
                                      : "malformed JSON";
    message += " at line " + std::to_string(position.line) + ", column "
               + std::to_string(position.column);
    throw InputError(file, "/", message);
}

namespace {

/// nlohmann's tree builder, but a syntax error (or a number too large for a
/// double, which nlohmann throws as out_of_range 406) is recorded with its
/// position instead of thrown.
class TreeBuilder : public nlohmann::detail::json_sax_dom_parser<nlohmann::json> {
public:
    explicit TreeBuilder(nlohmann::json& result) : json_sax_dom_parser(result, false) {}

    template <class Exception>
    bool parse_error(std::size_t position, const std::string& /*lastToken*/, const Exception& error)
    {
        mError = JsonSyntaxError{position, error.id == 406};
        return false;
    }

    std::optional<JsonSyntaxError> mError;
};

} // namespace

nlohmann::json parseJsonDocument(std::string_view text, const std::string& file)
{
    checkJsonDepth(text, file);
    nlohmann::json result;
    TreeBuilder builder(result);
    const bool parsed = nlohmann::json::sax_parse(text.begin(), text.end(), &builder);
    if (builder.mError)
        throwJsonSyntaxError(text, file, *builder.mError);
    if (!parsed)
        throwJsonSyntaxError(text, file, {text.size(), false});
    return result;
}

void checkDocumentHeader(const nlohmann::json& document, std::string_view format,
                         int supportedVersion, const std::string& file)
{
    DocumentHeader header;
    header.isObject = document.is_object();
    if (header.isObject) {
        if (const auto it = document.find("format"); it != document.end() && it->is_string())
            header.format = it->get<std::string>();
        if (const auto it = document.find("version");
            it != document.end() && it->is_number_integer())
            header.version = it->get<std::int64_t>();
    }
    checkDocumentHeader(header, format, supportedVersion, file);
}

void checkDocumentHeader(const DocumentHeader& header, std::string_view format,
                         int supportedVersion, const std::string& file)
{
    if (!header.isObject)
        throw InputError(file, "/", "must be a JSON object with \"format\": \""
                                        + std::string(format) + "\"");
    if (!header.format)
        throw InputError(file, "/format", "is required and must be \"" + std::string(format) + "\"");
    if (*header.format != format)
        throw InputError(file, "/format", "is \"" + *header.format + "\", expected \""
                                              + std::string(format) + "\"");
    if (!header.version)
        throw InputError(file, "/version", "is required and must be a whole number");
    const auto version = *header.version;
    if (version > supportedVersion)
        throw InputError(file, "/version",
                         "version " + std::to_string(version)
                             + " was written by a newer InfraFit; this one reads up to version "
                             + std::to_string(supportedVersion));
    if (version < 1)
        throw InputError(file, "/version", "must be 1 or more");
}

} // namespace infrafit
