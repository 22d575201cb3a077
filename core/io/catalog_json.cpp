// SPDX-License-Identifier: Apache-2.0
#include "core/io/catalog_json.h"

#include "core/io/catalog_sax.h"
#include "core/io/json_document.h"
#include "core/io/software_compat_json.h"
#include "core/io/text_file.h"
#include "core/parts/field_spec.h"
#include "core/parts/part_validation.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>

namespace infrafit {

namespace {

/// The top-level "software" member of a catalog text the SAX pass accepted:
/// a second, tree-building pass that drops "parts" as it reads (the rows
/// are few, the parts many). Throws InputError listing every problem.
SoftwareTable readCatalogSoftware(std::string_view text, const std::string& file)
{
    const nlohmann::json::parser_callback_t skipParts
        = [](int depth, nlohmann::json::parse_event_t event, nlohmann::json& parsed) {
              return !(depth == 1 && event == nlohmann::json::parse_event_t::key
                       && parsed == "parts");
          };
    const auto document = nlohmann::json::parse(text.begin(), text.end(), skipParts, false);
    if (!document.is_object() || !document.contains("software"))
        throw InputError(file, "/software", "cannot be read");
    std::vector<Problem> problems;
    auto table = softwareTableFromJson(document.at("software"), "/software", problems);
    if (!problems.empty())
        throw InputError(file, std::move(problems));
    return table;
}

/// Streams `text` (SAX) through `handler`: no JSON tree of the whole file is
/// built. Same problems, pointers and order as reading a tree with partFromJson.
CatalogDocument parseWith(CatalogSaxHandler& handler, std::string_view text,
                          const std::string& file)
{
    checkTextEncoding(text, file);
    checkJsonDepth(text, file);
    const bool parsed = nlohmann::json::sax_parse(text.begin(), text.end(), &handler);
    if (handler.syntaxError())
        throwJsonSyntaxError(text, file, *handler.syntaxError());
    if (!parsed) // only when the depth guard stops it, which checkJsonDepth makes unreachable
        throw InputError(file, "/", "JSON nested deeper than " + std::to_string(maxJsonDepth)
                                        + " levels");
    CatalogDocument document = handler.finish(file);
    if (handler.sawSoftware())
        document.software = readCatalogSoftware(text, file);
    return document;
}

} // namespace

CatalogDocument parseCatalog(std::string_view text, const std::string& file)
{
    CatalogSaxHandler handler;
    handler.reserve(text.size() / 700 + 1); // about one part per 0.5-1 KB of text
    return parseWith(handler, text, file);
}

CatalogDocument parseCatalogInBatches(std::string_view text, const std::string& file,
                                      std::size_t batchSize, const PartBatchSink& sink,
                                      bool* handedOnReplaced)
{
    CatalogSaxHandler handler;
    handler.reserve(batchSize);
    handler.setBatchSink(batchSize, sink);
    auto document = parseWith(handler, text, file);
    if (handedOnReplaced)
        *handedOnReplaced = handler.handedOnPartsReplaced();
    return document;
}

CatalogDocument readCatalogFile(const std::string& path)
{
    return parseCatalog(readTextFile(path), path);
}

namespace {

/// Field specs of `kind` in byte-wise key order with "kind" among them (the
/// order nlohmann's std::map-backed objects print in), computed once.
const std::vector<const FieldSpec*>& sortedFields(PartKind kind)
{
    static const auto tables = [] {
        std::array<std::vector<const FieldSpec*>, partKindCount> result;
        for (const auto k : allPartKinds) {
            auto& list = result[static_cast<std::size_t>(k)];
            list.push_back(nullptr); // stands for "kind"
            for (const auto& spec : fieldsOf(k))
                list.push_back(&spec);
            std::sort(list.begin(), list.end(), [](const FieldSpec* a, const FieldSpec* b) {
                return (a ? a->key : std::string_view("kind"))
                       < (b ? b->key : std::string_view("kind"));
            });
        }
        return result;
    }();
    return tables[static_cast<std::size_t>(kind)];
}

void appendEscaped(std::string& out, std::string_view text)
{
    out += '"';
    std::size_t plainFrom = 0; // runs that need no escape are appended at once
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (static_cast<unsigned char>(c) >= 0x20 && c != '"' && c != '\\')
            continue;
        out.append(text.data() + plainFrom, i - plainFrom);
        plainFrom = i + 1;
        switch (c) {
        case '"': out += "\\\""; break;
        case '\\': out += "\\\\"; break;
        case '\n': out += "\\n"; break;
        case '\t': out += "\\t"; break;
        case '\r': out += "\\r"; break;
        case '\b': out += "\\b"; break;
        case '\f': out += "\\f"; break;
        default: {
            static constexpr char hex[] = "0123456789abcdef";
            out += "\\u00";
            out += hex[(c >> 4) & 0xF];
            out += hex[c & 0xF];
        }
        }
    }
    out.append(text.data() + plainFrom, text.size() - plainFrom);
    out += '"';
}

void appendNumber(std::string& out, double value)
{
    std::array<char, 32> buffer{};
    std::to_chars_result written{};
    if (value == std::floor(value) && std::fabs(value) < 9.0e15)
        written = std::to_chars(buffer.data(), buffer.data() + buffer.size(),
                                static_cast<std::int64_t>(value));
    else
        written = std::to_chars(buffer.data(), buffer.data() + buffer.size(), value);
    out.append(buffer.data(), written.ptr);
}

/// One part as partToJson() + dump(2) would print it at array depth 2,
/// written straight into `out` (a 100,000-part export allocates no tree).
void appendPart(std::string& out, const Part& part)
{
    out += "    {";
    bool first = true;
    const auto key = [&](std::string_view name) {
        out += first ? "\n      " : ",\n      ";
        first = false;
        appendEscaped(out, name);
        out += ": ";
    };
    for (const FieldSpec* spec : sortedFields(kindOf(part))) {
        if (!spec) {
            key("kind");
            appendEscaped(out, enumName(kindOf(part)));
            continue;
        }
        const FieldView value = spec->view(part);
        if (const auto* number = std::get_if<double>(&value)) {
            key(spec->key);
            appendNumber(out, *number);
        } else if (const auto* text = std::get_if<std::string_view>(&value)) {
            if (text->empty() && !spec->required)
                continue;
            key(spec->key);
            appendEscaped(out, *text);
        } else if (const auto* items = std::get_if<std::span<const std::string>>(&value)) {
            if (items->empty())
                continue;
            key(spec->key);
            out += "[";
            for (std::size_t i = 0; i < items->size(); ++i) {
                out += i == 0 ? "\n        " : ",\n        ";
                appendEscaped(out, (*items)[i]);
            }
            out += "\n      ]";
        } else if (const auto* flag = std::get_if<bool>(&value)) {
            if (!*flag)
                continue;
            key(spec->key);
            out += "true";
        }
    }
    out += "\n    }";
}

} // namespace

std::string catalogToJson(const std::vector<Part>& parts, const SoftwareTable* software)
{
    // Same text as nlohmann's dump(2) of {"format", "parts", "version"} with
    // partToJson() objects (keys sorted), written directly for speed.
    std::string out;
    out.reserve(64 + parts.size() * 900);
    out += "{\n  \"format\": ";
    appendEscaped(out, catalogFormat);
    out += ",\n  \"parts\": [";
    for (std::size_t i = 0; i < parts.size(); ++i) {
        out += i == 0 ? "\n" : ",\n";
        appendPart(out, parts[i]);
    }
    out += parts.empty() ? "]" : "\n  ]";
    if (software) {
        // Keys stay sorted: "software" between "parts" and "version".
        std::string rows = softwareTableToJson(*software).dump(2);
        out += ",\n  \"software\": ";
        for (char c : rows) {
            out += c;
            if (c == '\n')
                out += "  ";
        }
    }
    out += ",\n  \"version\": ";
    out += std::to_string(catalogFormatVersion);
    out += "\n}\n";
    return out;
}

} // namespace infrafit
