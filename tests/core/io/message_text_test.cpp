// SPDX-License-Identifier: Apache-2.0
// Untrusted text in messages (issue 22 item 5): escapes that could drive a
// terminal are made visible, long values are cut with their full length.
#include "core/base/message_text.h"

#include <catch2/catch.hpp>

using namespace infrafit;

TEST_CASE("terminal control characters are escaped, layout and UTF-8 kept", "[io][messages]")
{
    // ESC [ 3 1 m (SGR red), BEL, backspace, DEL, an OSC title sequence.
    CHECK(escapeControlCharacters("a\x1b[31mred\x07\x08\x7f") == "a\\u001b[31mred\\u0007\\u0008\\u007f");
    CHECK(escapeControlCharacters("\x1b]0;owned\x07") == "\\u001b]0;owned\\u0007");
    // C1 controls in UTF-8: U+009B is the one-byte CSI of some terminals.
    CHECK(escapeControlCharacters("x\xc2\x9b" "2J") == "x\\u009b2J");
    CHECK(escapeControlCharacters("\xc2\x85") == "\\u0085");
    // Tab, line feed, CR LF and other UTF-8 (µ is C2 B5) stay as they are.
    CHECK(escapeControlCharacters("a\tb\r\nc\nµ") == "a\tb\r\nc\nµ");
    // A lone carriage return (which would overwrite the line) is escaped.
    CHECK(escapeControlCharacters("safe\rforged") == "safe\\u000dforged");
}

TEST_CASE("values in messages are cut at a character boundary with their length",
          "[io][messages]")
{
    CHECK(shortenedValue("h100") == "h100");
    CHECK(shortenedValue("two\nlines") == "two\\u000alines"); // one message, one line
    const std::string huge(100'000'000, 'x');
    const std::string shown = shortenedValue(huge);
    CHECK(shown == std::string(maxEchoedValueBytes, 'x') + "... (100,000,000 bytes)");
    // 79 ASCII bytes, then a 2-byte "µ" across the cut: cut before it.
    const std::string mixed = std::string(79, 'a') + "µµµµ";
    CHECK(shortenedValue(mixed) == std::string(79, 'a') + "... (87 bytes)");
}

TEST_CASE("whole numbers are grouped in thousands", "[io][messages]")
{
    CHECK(groupedInteger(0) == "0");
    CHECK(groupedInteger(999) == "999");
    CHECK(groupedInteger(1000) == "1,000");
    CHECK(groupedInteger(134217729) == "134,217,729");
    CHECK(groupedInteger(18446744073709551615ull) == "18,446,744,073,709,551,615");
}
