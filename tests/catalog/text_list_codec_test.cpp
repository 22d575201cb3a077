// SPDX-License-Identifier: Apache-2.0
#include "catalog/text_list_codec.h"

#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

using infrafit::catalog::TextListCodec;

TEST_CASE("text lists round-trip through their JSON column text", "[catalog][codec]")
{
    const std::vector<std::string> items{"fp8", "", "quote \" and \\ backslash", "tab\tnew\nline",
                                         "\x01 control", "µ unicode ✓",
                                         "commas, inside, one item"};
    std::string text;
    TextListCodec::encode(items, text);
    // The column text is JSON any tool can read.
    CHECK(nlohmann::json::parse(text).get<std::vector<std::string>>() == items);
    std::vector<std::string> decoded;
    REQUIRE(TextListCodec::decode(text, decoded));
    CHECK(decoded == items);

    TextListCodec::encode({}, text);
    CHECK(text == "[]");
}

TEST_CASE("text list decoding reads JSON written elsewhere and refuses non-arrays",
          "[catalog][codec]")
{
    std::vector<std::string> items;
    REQUIRE(TextListCodec::decode(R"( [ "a" , "\u00b5\ud83d\ude00", "\/" ] )", items));
    CHECK(items == std::vector<std::string>{"a", "\xC2\xB5\xF0\x9F\x98\x80", "/"});
    for (const char* bad : {"", "{}", "[1]", "[\"a\"", "[\"a\",]", "\"a\"", "[\"\\x\"]", "[] x"}) {
        std::vector<std::string> out;
        CHECK_FALSE(TextListCodec::decode(bad, out));
    }
}
