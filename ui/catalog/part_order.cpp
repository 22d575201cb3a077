// SPDX-License-Identifier: Apache-2.0
#include "ui/catalog/part_order.h"

#include <QString>

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <string>
#include <string_view>

namespace infrafit::ui {
namespace {

/// Case-insensitive order of two UTF-8 texts without allocating for ASCII,
/// the common case (ids, vendors, models): sorting 100,000 rows makes
/// about two million comparisons. Folding ASCII case in both texts first
/// does not change the result.
int compareText(std::string_view a, std::string_view b)
{
    const std::size_t n = std::min(a.size(), b.size());
    for (std::size_t i = 0; i < n; ++i) {
        const auto x = static_cast<unsigned char>(a[i]);
        const auto y = static_cast<unsigned char>(b[i]);
        if (x >= 0x80 || y >= 0x80)
            return QString::compare(QString::fromUtf8(a.substr(i)), QString::fromUtf8(b.substr(i)),
                Qt::CaseInsensitive);
        const int lx = (x >= 'A' && x <= 'Z') ? x + 32 : x;
        const int ly = (y >= 'A' && y <= 'Z') ? y + 32 : y;
        if (lx != ly)
            return lx < ly ? -1 : 1;
    }
    return a.size() == b.size() ? 0 : (a.size() < b.size() ? -1 : 1);
}

/// -1, 0 or 1 as `a` sorts before, with or after `b` (values of one field).
int compareViews(const FieldView& a, const FieldView& b)
{
    const bool aEmpty = std::holds_alternative<std::monostate>(a);
    const bool bEmpty = std::holds_alternative<std::monostate>(b);
    if (aEmpty || bEmpty)
        return aEmpty == bEmpty ? 0 : (aEmpty ? 1 : -1);
    if (const auto* x = std::get_if<double>(&a)) {
        if (const auto* y = std::get_if<double>(&b))
            return *x < *y ? -1 : (*y < *x ? 1 : 0);
    }
    if (const auto* x = std::get_if<bool>(&a)) {
        if (const auto* y = std::get_if<bool>(&b))
            return *x == *y ? 0 : (*x ? 1 : -1);
    }
    if (const auto* x = std::get_if<std::string_view>(&a)) {
        if (const auto* y = std::get_if<std::string_view>(&b))
            return compareText(*x, *y);
    }
    if (const auto* x = std::get_if<std::span<const std::string>>(&a)) {
        if (const auto* y = std::get_if<std::span<const std::string>>(&b))
            return compareText(formatList(*x), formatList(*y));
    }
    return a.index() < b.index() ? -1 : (a.index() > b.index() ? 1 : 0); // one field: never
}

/// One part's sort key, laid out compactly: the number (flags as 0 and 1)
/// or where its ASCII-folded text sits in the shared text buffer, then
/// where its id sits.
struct CompactKey {
    enum class Shape : std::uint8_t { Number, Text, Absent };
    Shape shape = Shape::Absent;
    bool ascii = true; ///< the text is ASCII: its folded bytes compare as they are
    double number = 0;
    std::uint32_t text = 0;
    std::uint32_t textSize = 0;
    std::uint32_t id = 0;
    std::uint32_t idSize = 0;
};

/// Appends `text` with ASCII letters folded to lower case; notes whether
/// every byte was ASCII.
void appendFolded(std::string& buffer, std::string_view text, CompactKey& key)
{
    key.text = static_cast<std::uint32_t>(buffer.size());
    key.textSize = static_cast<std::uint32_t>(text.size());
    for (const char c : text) {
        key.ascii = key.ascii && static_cast<unsigned char>(c) < 0x80;
        buffer += (c >= 'A' && c <= 'Z') ? static_cast<char>(c + 32) : c;
    }
}

} // namespace

bool partBefore(const FieldSpec& field, const Part& a, const Part& b)
{
    const int order = compareViews(field.view(a), field.view(b));
    if (order != 0)
        return order < 0;
    return infoOf(a).id < infoOf(b).id;
}

std::vector<int> rankParts(std::span<const Part> parts, const FieldSpec& field)
{
    std::vector<CompactKey> keys(parts.size());
    std::string texts;
    std::string ids;
    for (std::size_t i = 0; i < parts.size(); ++i) {
        CompactKey& key = keys[i];
        const FieldView view = field.view(parts[i]);
        if (const auto* number = std::get_if<double>(&view)) {
            key.shape = CompactKey::Shape::Number;
            key.number = *number;
        } else if (const auto* flag = std::get_if<bool>(&view)) {
            key.shape = CompactKey::Shape::Number;
            key.number = *flag ? 1 : 0;
        } else if (const auto* text = std::get_if<std::string_view>(&view)) {
            key.shape = CompactKey::Shape::Text;
            appendFolded(texts, *text, key);
        } else if (const auto* list = std::get_if<std::span<const std::string>>(&view)) {
            key.shape = CompactKey::Shape::Text;
            appendFolded(texts, formatList(*list), key);
        }
        const std::string& id = infoOf(parts[i]).id;
        key.id = static_cast<std::uint32_t>(ids.size());
        key.idSize = static_cast<std::uint32_t>(id.size());
        ids += id;
    }
    const auto textOf = [&](const CompactKey& key) {
        return std::string_view(texts).substr(key.text, key.textSize);
    };
    const auto idOf
        = [&](const CompactKey& key) { return std::string_view(ids).substr(key.id, key.idSize); };
    std::vector<int> order(parts.size());
    std::iota(order.begin(), order.end(), 0);
    std::sort(order.begin(), order.end(), [&](int left, int right) {
        const CompactKey& a = keys[static_cast<std::size_t>(left)];
        const CompactKey& b = keys[static_cast<std::size_t>(right)];
        if (a.shape != b.shape)
            return a.shape < b.shape; // absent last; one field has one other shape
        if (a.shape == CompactKey::Shape::Number && a.number != b.number)
            return a.number < b.number;
        if (a.shape == CompactKey::Shape::Text) {
            // Folded ASCII orders byte by byte (compare's memcmp); other
            // text takes compareText's Unicode case folding.
            const int text = a.ascii && b.ascii ? textOf(a).compare(textOf(b))
                                                : compareText(textOf(a), textOf(b));
            if (text != 0)
                return text < 0;
        }
        return idOf(a) < idOf(b);
    });
    std::vector<int> ranks(parts.size());
    for (std::size_t place = 0; place < order.size(); ++place)
        ranks[static_cast<std::size_t>(order[place])] = static_cast<int>(place);
    return ranks;
}

} // namespace infrafit::ui
