// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/io/catalog_json.h"
#include "core/io/json_document.h"
#include "core/io/json_path_tracker.h"
#include "core/io/part_reader.h"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace infrafit {

/// A handler for nlohmann::json::sax_parse that reads a catalog document
/// straight into parts, without building a JSON tree: each part object's
/// members go to a PartReader, the same rules partFromJson applies to a tree.
/// The member functions below are the SAX interface nlohmann requires (hence
/// their snake_case names); none of them throws or stops the parse, so a
/// malformed document is always reported as such.
class CatalogSaxHandler {
public:
    using json = nlohmann::json;

    bool null();
    bool boolean(bool value);
    bool number_integer(json::number_integer_t value);
    bool number_unsigned(json::number_unsigned_t value);
    bool number_float(json::number_float_t value, const json::string_t& text);
    bool string(json::string_t& value);
    bool binary(json::binary_t& value);
    bool start_object(std::size_t elements);
    bool key(json::string_t& value);
    bool end_object();
    bool start_array(std::size_t elements);
    bool end_array();
    bool parse_error(std::size_t position, const std::string& lastToken,
                     const nlohmann::detail::exception& error);

    /// Room for about this many parts (a guess from the text size).
    void reserve(std::size_t parts) { mDocument.parts.reserve(parts); }

    /// Hands the parts on while parsing: every `batchSize` good parts (and
    /// the rest at finish()) go to `sink` and leave the document, so a
    /// consumer can store them while the rest is read. Parts are handed on
    /// only while the document has no problem so far; finish() still checks
    /// the whole document (ids included) and throws if anything is wrong, in
    /// which case the consumer must discard every batch. Set before parsing.
    using BatchSink = PartBatchSink; // core/io/catalog_json.h
    void setBatchSink(std::size_t batchSize, BatchSink sink);
    /// After finish(): true when a second "parts" member replaced parts that
    /// were already handed on (they must be discarded); finish() then
    /// returns the replacing parts in the document instead of the sink.
    [[nodiscard]] bool handedOnPartsReplaced() const { return mHandedOnReplaced; }

    /// After sax_parse: whether the document has a top-level "software"
    /// member (the software compatibility rows, read by parseCatalog).
    [[nodiscard]] bool sawSoftware() const { return mSawSoftware; }
    /// After sax_parse: the syntax error, if there was one.
    [[nodiscard]] const std::optional<JsonSyntaxError>& syntaxError() const { return mSyntaxError; }
    /// After a successful sax_parse: the document, or InputError listing
    /// every problem (the same problems and order as reading the tree).
    CatalogDocument finish(const std::string& file);

private:
    /// Where the next value goes, from the depth and what is open.
    enum class Slot { Top, TopMember, PartElement, PartMember, ListItem };
    enum class TopKey { Format, Version, Parts, Other };

    Slot slot() const;
    /// Records a scalar value (type, and text when a string) at the current slot.
    void scalar(JsonType type, std::string* text = nullptr);
    /// Records the start of an object or array at the current slot; false
    /// when its contents are not needed and are skipped.
    bool open(JsonType type);
    void close();
    void finishPart();
    void resetParts();
    void handOn();

    int mDepth = 0;
    int mSkipAbove = -1; ///< >= 0: inside a skipped container entered at this depth
    bool mTopIsObject = false;
    TopKey mTopKey = TopKey::Other;
    bool mSawSoftware = false;
    DocumentHeader mHeader;
    bool mPartsSeen = false;
    bool mPartsIsArray = false;
    bool mInPart = false;
    RawMember* mMember = nullptr; ///< the part member being read
    std::size_t mPartIndex = 0;
    PartReader mReader;
    std::string mPointer;
    CatalogDocument mDocument;
    std::vector<Problem> mProblems;
    std::size_t mDroppedProblems = 0;
    std::size_t mDroppedWarnings = 0;
    std::optional<JsonSyntaxError> mSyntaxError;
    JsonPathTracker mPath;
    std::vector<Problem> mDuplicateKeys;
    std::size_t mDroppedDuplicateKeys = 0;
    BatchSink mSink;
    std::size_t mBatchSize = 0;
    /// Ids of the parts handed on, by index, for the duplicate check.
    std::vector<std::string> mHandedOnIds;
    bool mHandedOnReplaced = false;
};

} // namespace infrafit
