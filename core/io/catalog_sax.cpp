// SPDX-License-Identifier: Apache-2.0
#include "core/io/catalog_sax.h"

#include "core/base/message_text.h"
#include "core/io/text_file.h"
#include "core/parts/part_validation.h"

#include <algorithm>
#include <cstdint>

namespace infrafit {

// Depths: 0 the document; 1 its members; 2 the items of "parts"; 3 a part's
// members; 4 the items of a part member that is an array. Containers whose
// contents do not matter (anything under "format", an array inside a list...)
// are skipped, so no other depth is ever read.
CatalogSaxHandler::Slot CatalogSaxHandler::slot() const
{
    switch (mDepth) {
    case 0: return Slot::Top;
    case 1: return Slot::TopMember;
    case 2: return Slot::PartElement;
    case 3: return Slot::PartMember;
    default: return Slot::ListItem;
    }
}

void CatalogSaxHandler::scalar(JsonType type, std::string* text)
{
    if (mSkipAbove >= 0)
        return;
    switch (slot()) {
    case Slot::Top: break; // a document that is not an object
    case Slot::TopMember:
        if (mTopKey == TopKey::Format && type == JsonType::String && text)
            mHeader.format = std::move(*text);
        break;
    case Slot::PartElement:
        if (mProblems.size() < maxListedProblems)
            mProblems.push_back({"/parts/" + std::to_string(mPartIndex),
                                 "must be an object, not " + std::string(jsonTypeName(type))});
        else
            ++mDroppedProblems;
        ++mPartIndex;
        break;
    case Slot::PartMember:
        if (!mMember) // every member value follows its key; never null in practice
            break;
        mMember->type = type;
        // Copied, not moved: the lexer's buffer keeps its capacity, so long
        // texts are not regrown byte by byte for every value.
        if (text)
            mMember->text.assign(*text);
        break;
    case Slot::ListItem:
        if (mMember)
            mMember->addItem(type, text);
        break;
    }
}

bool CatalogSaxHandler::open(JsonType type)
{
    bool descend = false;
    if (mSkipAbove < 0) {
        switch (slot()) {
        case Slot::Top:
            mTopIsObject = type == JsonType::Object;
            descend = mTopIsObject;
            break;
        case Slot::TopMember:
            if (mTopKey == TopKey::Parts && type == JsonType::Array) {
                mPartsIsArray = true;
                descend = true;
            }
            break;
        case Slot::PartElement:
            if (type == JsonType::Object) {
                mReader.clear();
                mInPart = true;
                descend = true;
            } else {
                scalar(type);
            }
            break;
        case Slot::PartMember:
            if (mMember) {
                mMember->type = type;
                descend = type == JsonType::Array;
            }
            break;
        case Slot::ListItem:
            if (mMember)
                mMember->addItem(type);
            break;
        }
        if (!descend)
            mSkipAbove = mDepth;
    }
    ++mDepth;
    // parseCatalog refuses deeper text before parsing; this only guards the
    // handler should it ever be used without that check.
    return mDepth <= maxJsonDepth;
}

void CatalogSaxHandler::close()
{
    --mDepth;
    if (mSkipAbove >= 0) {
        if (mDepth == mSkipAbove)
            mSkipAbove = -1;
        return;
    }
    if (mDepth == 2 && mInPart) // a part object ends
        finishPart();
}

void CatalogSaxHandler::finishPart()
{
    mInPart = false;
    mMember = nullptr;
    mPointer = "/parts/";
    mPointer += std::to_string(mPartIndex++);
    const auto problemsBefore = mReader.droppedProblems();
    const auto warningsBefore = mReader.droppedWarnings();
    auto part = mReader.finish(mPointer, mProblems, &mDocument.warnings);
    mDroppedProblems += mReader.droppedProblems() - problemsBefore;
    mDroppedWarnings += mReader.droppedWarnings() - warningsBefore;
    // Memory stays bounded however many parts are bad: only the first
    // maxListedProblems messages are kept, the rest counted.
    if (mProblems.size() > maxListedProblems) {
        mDroppedProblems += mProblems.size() - maxListedProblems;
        mProblems.resize(maxListedProblems);
    }
    if (mDocument.warnings.size() > maxListedProblems) {
        mDroppedWarnings += mDocument.warnings.size() - maxListedProblems;
        mDocument.warnings.resize(maxListedProblems);
    }
    // A refused part is not kept: its problems refuse the whole file.
    if (part && mProblems.empty() && mDroppedProblems == 0) {
        mDocument.parts.push_back(std::move(*part));
        if (mSink && mDocument.parts.size() >= mBatchSize)
            handOn();
    }
}

void CatalogSaxHandler::setBatchSink(std::size_t batchSize, BatchSink sink)
{
    mBatchSize = std::max<std::size_t>(1, batchSize);
    mSink = std::move(sink);
}

void CatalogSaxHandler::handOn()
{
    for (const auto& part : mDocument.parts)
        mHandedOnIds.push_back(infoOf(part).id);
    std::vector<Part> batch = std::move(mDocument.parts);
    mDocument.parts.clear();
    mDocument.parts.reserve(mBatchSize);
    mSink(std::move(batch));
}

void CatalogSaxHandler::resetParts()
{
    // A repeated "parts" member replaces the earlier one, as in a parsed object.
    if (!mHandedOnIds.empty()) {
        // Parts already handed on are void: keep the rest in the document.
        mHandedOnReplaced = true;
        mHandedOnIds.clear();
        mSink = nullptr;
    }
    mDocument.parts.clear();
    mDocument.warnings.clear();
    mProblems.clear();
    mDroppedProblems = 0;
    mDroppedWarnings = 0;
    mPartIndex = 0;
    mPartsSeen = true;
    mPartsIsArray = false;
}

bool CatalogSaxHandler::null()
{
    mPath.value();
    scalar(JsonType::Null);
    return true;
}

bool CatalogSaxHandler::boolean(bool value)
{
    if (mSkipAbove < 0 && slot() == Slot::PartMember && mMember)
        mMember->flag = value;
    mPath.value();
    scalar(JsonType::Boolean);
    return true;
}

bool CatalogSaxHandler::number_integer(json::number_integer_t value)
{
    if (mSkipAbove < 0 && slot() == Slot::PartMember && mMember)
        mMember->integer = value;
    if (mSkipAbove < 0 && slot() == Slot::TopMember && mTopKey == TopKey::Version)
        mHeader.version = value;
    mPath.value();
    scalar(JsonType::Integer);
    return true;
}

bool CatalogSaxHandler::number_unsigned(json::number_unsigned_t value)
{
    if (mSkipAbove < 0 && slot() == Slot::PartMember && mMember)
        mMember->unsignedInteger = value;
    if (mSkipAbove < 0 && slot() == Slot::TopMember && mTopKey == TopKey::Version)
        mHeader.version = static_cast<std::int64_t>(
            std::min<json::number_unsigned_t>(value, INT64_MAX)); // too new, not negative
    mPath.value();
    scalar(JsonType::Unsigned);
    return true;
}

bool CatalogSaxHandler::number_float(json::number_float_t value, const json::string_t& /*text*/)
{
    if (mSkipAbove < 0 && slot() == Slot::PartMember && mMember)
        mMember->number = value;
    mPath.value();
    scalar(JsonType::Float);
    return true;
}

bool CatalogSaxHandler::string(json::string_t& value)
{
    mPath.value();
    scalar(JsonType::String, &value);
    return true;
}

bool CatalogSaxHandler::binary(json::binary_t& /*value*/)
{
    mPath.value();
    scalar(JsonType::Null); // never produced by JSON text
    return true;
}

bool CatalogSaxHandler::start_object(std::size_t /*elements*/)
{
    mPath.open(true);
    return open(JsonType::Object);
}

bool CatalogSaxHandler::start_array(std::size_t /*elements*/)
{
    mPath.open(false);
    return open(JsonType::Array);
}

bool CatalogSaxHandler::end_object()
{
    mPath.close();
    close();
    return true;
}

bool CatalogSaxHandler::end_array()
{
    mPath.close();
    close();
    return true;
}

bool CatalogSaxHandler::key(json::string_t& value)
{
    // A repeated key is an error wherever it is (JsonPathTracker), kept apart
    // from mProblems, which a repeated "parts" member would clear.
    if (mPath.key(value)) {
        if (mDuplicateKeys.size() < maxListedProblems)
            mDuplicateKeys.push_back({mPath.pointer(),
                                      "duplicate key \"" + shortenedValue(value)
                                          + "\": the object already has a member of that name "
                                            "(keys must be unique)"});
        else
            ++mDroppedDuplicateKeys;
    }
    if (mSkipAbove >= 0)
        return true;
    if (mDepth == 1) {
        // A repeated member replaces the earlier one, as in a parsed object.
        if (value == "format") {
            mTopKey = TopKey::Format;
            mHeader.format.reset();
        } else if (value == "version") {
            mTopKey = TopKey::Version;
            mHeader.version.reset();
        } else if (value == "parts") {
            mTopKey = TopKey::Parts;
            resetParts();
        } else {
            mTopKey = TopKey::Other;
            mSawSoftware = mSawSoftware || value == "software";
        }
    } else if (mDepth == 3 && mInPart) {
        mMember = &mReader.member(value);
    }
    return true;
}

bool CatalogSaxHandler::parse_error(std::size_t position, const std::string& /*lastToken*/,
                                    const nlohmann::json::exception& error)
{
    mSyntaxError = jsonSyntaxErrorOf(position, error);
    return false;
}

CatalogDocument CatalogSaxHandler::finish(const std::string& file)
{
    // A repeated key makes the document ambiguous: it is refused for that
    // alone, before anything read from it, as parseJsonDocument does.
    if (!mDuplicateKeys.empty()) {
        capProblems(mDuplicateKeys, mDroppedDuplicateKeys, "duplicate keys");
        throw InputError(file, std::move(mDuplicateKeys));
    }
    mHeader.isObject = mTopIsObject;
    checkDocumentHeader(mHeader, catalogFormat, catalogFormatVersion, file);
    if (!mPartsSeen)
        throw InputError(file, "/parts", "is required (an array of parts)");
    if (!mPartsIsArray)
        throw InputError(file, "/parts", "must be an array of parts");
    if (mProblems.empty() && mDroppedProblems == 0) {
        // Only ids are left to check: every part has passed validatePart.
        // Handed-on parts come first, in file order, then those still here.
        std::vector<std::string_view> ids(mHandedOnIds.begin(), mHandedOnIds.end());
        ids.reserve(ids.size() + mDocument.parts.size());
        for (const auto& part : mDocument.parts)
            ids.emplace_back(infoOf(part).id);
        auto duplicates = duplicateIdProblems(ids, "/parts");
        mProblems.insert(mProblems.end(), std::make_move_iterator(duplicates.begin()),
                         std::make_move_iterator(duplicates.end()));
    }
    if (!mProblems.empty() || mDroppedProblems > 0) {
        capProblems(mProblems, mDroppedProblems, "problems");
        throw InputError(file, std::move(mProblems));
    }
    if (mDroppedWarnings > 0 || mDocument.warnings.size() > maxListedProblems)
        capProblems(mDocument.warnings, mDroppedWarnings, "unknown fields");
    if (mSink && !mDocument.parts.empty())
        handOn(); // the last, partial batch
    return std::move(mDocument);
}

} // namespace infrafit
