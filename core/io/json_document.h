// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <nlohmann/json.hpp>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace infrafit {

/// Where and why JSON text could not be parsed (from nlohmann's parse_error).
struct JsonSyntaxError {
    std::size_t byte = 0;        ///< bytes read when the fault was found
    bool numberOverflow = false; ///< a number too large for a double (e.g. 1e400)
    bool invalidUtf8 = false;    ///< a string holds bytes that are not UTF-8
};

/// The JsonSyntaxError of a parser error from nlohmann::json at `position`.
template <class Exception>
JsonSyntaxError jsonSyntaxErrorOf(std::size_t position, const Exception& error)
{
    // 406: a number too large for a double (reported as out_of_range); a
    // parse error's text names ill-formed UTF-8.
    const std::string_view what = error.what();
    return {position, error.id == 406, what.find("UTF-8") != std::string_view::npos};
}

/// Throws InputError naming the line and column of `error` in `text`, and
/// saying when the text ends too early (truncated file).
[[noreturn]] void throwJsonSyntaxError(std::string_view text, const std::string& file,
                                       const JsonSyntaxError& error);

/// Throws InputError when `text` nests arrays and objects deeper than
/// `maxJsonDepth`, naming the line and column where it does.
void checkJsonDepth(std::string_view text, const std::string& file);

/// The members of a document's header that checkDocumentHeader reads.
struct DocumentHeader {
    bool isObject = false;              ///< the document is a JSON object
    std::optional<std::string> format;  ///< "format", when a string
    std::optional<std::int64_t> version; ///< "version", when a whole number
};

/// Throws InputError when `text` is UTF-16 or UTF-32 (a byte order mark, or
/// the NUL bytes of such text in its first four bytes): InfraFit reads UTF-8;
/// or when it is an SQLite database. Only the first 16 bytes are looked at.
void checkTextEncoding(std::string_view text, const std::string& file);

/// checkTextEncoding of the first bytes of the file at `path` (nothing when
/// it cannot be read: the reader says so later).
void checkFileEncoding(const std::string& path);

/// Parses JSON text from `file` (used in messages only). Refuses UTF-16/32
/// text, text nested deeper than `maxJsonDepth` before parsing, and text of
/// more than `maxJsonValues` values (the parse stops there); reports
/// malformed or truncated JSON as InputError with the line and column of the
/// fault, and every key repeated within one object with its JSON pointer.
nlohmann::json parseJsonDocument(std::string_view text, const std::string& file);

/// Checks the `format` and `version` members of a top-level document;
/// throws InputError naming the pointer when the document is another kind of
/// file or from a newer InfraFit.
void checkDocumentHeader(const nlohmann::json& document, std::string_view format,
                         int supportedVersion, const std::string& file);
void checkDocumentHeader(const DocumentHeader& header, std::string_view format,
                         int supportedVersion, const std::string& file);

} // namespace infrafit
