// SPDX-License-Identifier: Apache-2.0
#include "core/io/json_document.h"

#include "core/base/input_error.h"
#include "core/io/json_path_tracker.h"
#include "core/io/key_use.h"
#include "core/base/message_text.h"
#include "core/io/part_reader.h"
#include "core/io/text_file.h"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <cstdint>
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
    const std::size_t at = error.byte > 0 ? error.byte - 1 : 0;
    const auto position = positionOf(text, at);
    // A comma just before the closing } or ] the parser stopped at: JSON
    // has no trailing commas (JSON5 and JavaScript do), and such a file
    // is not truncated although the fault may be its last byte.
    bool trailingComma = false;
    if (at < text.size() && (text[at] == '}' || text[at] == ']')) {
        std::size_t before = at;
        while (before > 0 && std::isspace(static_cast<unsigned char>(text[before - 1])))
            --before;
        trailingComma = before > 0 && text[before - 1] == ',';
    }
    const bool truncated = !error.numberOverflow && !trailingComma && !error.invalidUtf8
                           && error.byte >= text.size();
    std::string message = error.numberOverflow ? "malformed JSON: a number too large"
                          : error.invalidUtf8  ? "malformed JSON: a string holds bytes that are "
                                                 "not UTF-8 (save the file as UTF-8)"
                          : trailingComma ? "malformed JSON: a comma before the closing "
                                                + std::string(1, text[at])
                                                + " (JSON allows no trailing comma)"
                          : truncated ? "malformed JSON: the file ends too early (truncated?)"
                                      : "malformed JSON";
    message += " at line " + std::to_string(position.line) + ", column "
               + std::to_string(position.column);
    throw InputError(file, "/", message);
}

namespace {

/// The UTF-16 or UTF-32 encoding `text` starts in, from a byte order mark or
/// the pattern of NUL bytes in its first four bytes (RFC 4627 §3: JSON text
/// starts with two ASCII characters), or nullptr when it may be UTF-8.
const char* wideEncodingOf(std::string_view text)
{
    const auto at = [&](std::size_t i) {
        return i < text.size() ? static_cast<unsigned char>(text[i]) : 0x100u;
    };
    if (at(0) == 0x00 && at(1) == 0x00 && at(2) == 0xFE && at(3) == 0xFF)
        return "UTF-32 (big-endian)";
    if (at(0) == 0xFF && at(1) == 0xFE && at(2) == 0x00 && at(3) == 0x00)
        return "UTF-32 (little-endian)";
    if (at(0) == 0xFE && at(1) == 0xFF)
        return "UTF-16 (big-endian)";
    if (at(0) == 0xFF && at(1) == 0xFE)
        return "UTF-16 (little-endian)";
    if (text.size() < 4)
        return nullptr;
    const bool nul0 = at(0) == 0, nul1 = at(1) == 0, nul2 = at(2) == 0, nul3 = at(3) == 0;
    if (nul0 && nul1 && nul2 && !nul3)
        return "UTF-32 (big-endian)";
    if (!nul0 && nul1 && nul2 && nul3)
        return "UTF-32 (little-endian)";
    if (nul0 && !nul1 && nul2 && !nul3)
        return "UTF-16 (big-endian)";
    if (!nul0 && nul1 && !nul2 && nul3)
        return "UTF-16 (little-endian)";
    return nullptr;
}

/// nlohmann's tree builder, but a syntax error (or a number too large for a
/// double, which nlohmann throws as out_of_range 406) is recorded with its
/// position instead of thrown, a key repeated in one object is recorded as a
/// problem, and the parse stops after `maxJsonValues` values.
class TreeBuilder : public nlohmann::detail::json_sax_dom_parser<nlohmann::json> {
public:
    using Base = nlohmann::detail::json_sax_dom_parser<nlohmann::json>;
    using json = nlohmann::json;

    explicit TreeBuilder(json& result) : Base(result, false) {}

    bool null() { return scalar() && Base::null(); }
    bool boolean(bool v) { return scalar() && Base::boolean(v); }
    bool number_integer(json::number_integer_t v) { return scalar() && Base::number_integer(v); }
    bool number_unsigned(json::number_unsigned_t v)
    {
        return scalar() && Base::number_unsigned(v);
    }
    bool number_float(json::number_float_t v, const json::string_t& text)
    {
        return scalar() && Base::number_float(v, text);
    }
    bool string(json::string_t& v) { return scalar() && Base::string(v); }
    bool binary(json::binary_t& v) { return scalar() && Base::binary(v); }
    bool start_object(std::size_t n)
    {
        if (!counted())
            return false;
        mPath.open(true);
        return Base::start_object(n);
    }
    bool start_array(std::size_t n)
    {
        if (!counted())
            return false;
        mPath.open(false);
        return Base::start_array(n);
    }
    bool end_object()
    {
        mPath.close();
        return Base::end_object();
    }
    bool end_array()
    {
        mPath.close();
        return Base::end_array();
    }
    bool key(json::string_t& name)
    {
        if (mPath.key(name)) {
            if (mDuplicates.size() < maxListedProblems)
                mDuplicates.push_back({mPath.pointer(),
                                       "duplicate key \"" + shortenedValue(name)
                                           + "\": the object already has a member of that name "
                                             "(keys must be unique)"});
            else
                ++mDroppedDuplicates;
        }
        return Base::key(name);
    }

    template <class Exception>
    bool parse_error(std::size_t position, const std::string& /*lastToken*/, const Exception& error)
    {
        mError = jsonSyntaxErrorOf(position, error);
        return false;
    }

    std::optional<JsonSyntaxError> mError;
    bool mTooManyValues = false;
    std::vector<Problem> mDuplicates;
    std::size_t mDroppedDuplicates = 0;

private:
    /// Counts a scalar value and moves past it; false when over the limit.
    bool scalar()
    {
        if (!counted())
            return false;
        mPath.value();
        return true;
    }
    bool counted()
    {
        if (++mValues <= maxJsonValues)
            return true;
        mTooManyValues = true;
        return false;
    }

    JsonPathTracker mPath;
    std::size_t mValues = 0;
};

} // namespace

void checkTextEncoding(std::string_view text, const std::string& file)
{
    // The SQLite file magic (https://www.sqlite.org/fileformat.html §1.3.1):
    // a catalog database given where a JSON file belongs.
    constexpr std::string_view sqliteMagic("SQLite format 3\0", 16);
    if (text.substr(0, sqliteMagic.size()) == sqliteMagic)
        throw InputError(file, "/", "the file is an SQLite database (such as a catalog "
                                    "database), not JSON text; a catalog database is given "
                                    "with --db FILE");
    if (const char* encoding = wideEncodingOf(text))
        throw InputError(file, "/", std::string("the file is ") + encoding
                                        + " text; InfraFit files must be UTF-8 (save it as "
                                          "UTF-8, or convert it with iconv -t UTF-8)");
}

void checkFileEncoding(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    std::string head(16, '\0');
    in.read(head.data(), static_cast<std::streamsize>(head.size()));
    head.resize(static_cast<std::size_t>(std::max<std::streamsize>(in.gcount(), 0)));
    checkTextEncoding(head, path);
}

nlohmann::json parseJsonDocument(std::string_view text, const std::string& file)
{
    checkTextEncoding(text, file);
    checkJsonDepth(text, file);
    nlohmann::json result;
    TreeBuilder builder(result);
    const bool parsed = nlohmann::json::sax_parse(text.begin(), text.end(), &builder);
    if (builder.mTooManyValues)
        throw InputError(file, "/", "the file holds more than " + groupedInteger(maxJsonValues)
                                        + " JSON values (objects, arrays, numbers, strings); "
                                          "InfraFit projects need far fewer, so it is refused "
                                          "before it can exhaust memory");
    if (builder.mError)
        throwJsonSyntaxError(text, file, *builder.mError);
    if (!parsed)
        throwJsonSyntaxError(text, file, {text.size(), false});
    if (!builder.mDuplicates.empty()) {
        capProblems(builder.mDuplicates, builder.mDroppedDuplicates, "duplicate keys");
        throw InputError(file, std::move(builder.mDuplicates));
    }
    return result;
}

void checkDocumentHeader(const nlohmann::json& document, std::string_view format,
                         int supportedVersion, const std::string& file)
{
    DocumentHeader header;
    header.isObject = document.is_object();
    if (header.isObject) {
        // Noted as read: a project's header is not an unknown member.
        if (const auto* it = lookUpMember(document, "format"); it && it->is_string())
            header.format = it->get<std::string>();
        if (const auto* it = lookUpMember(document, "version"); it && it->is_number_integer())
            header.version = it->is_number_unsigned()
                ? static_cast<std::int64_t>(std::min<std::uint64_t>(it->get<std::uint64_t>(),
                                                                    INT64_MAX)) // too new
                : it->get<std::int64_t>();
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
        throw InputError(file, "/format", "is \"" + shortenedValue(*header.format) + "\", expected \""
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
