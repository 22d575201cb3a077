// SPDX-License-Identifier: Apache-2.0
#include "app/cli/escaping_stream.h"

#include <cstdio>

namespace infrafit::cli {
namespace {

void appendEscape(std::string& out, unsigned code)
{
    char buffer[8];
    std::snprintf(buffer, sizeof buffer, "\\u%04x", code);
    out += buffer;
}

} // namespace

EscapingStreamBuf::~EscapingStreamBuf()
{
    finish();
}

void EscapingStreamBuf::put(unsigned char byte, std::string& out)
{
    if (mPendingC2) {
        mPendingC2 = false;
        if (byte >= 0x80 && byte <= 0x9F) { // a C1 control in UTF-8
            appendEscape(out, byte);
            return;
        }
        out += '\xC2';
    }
    if (mPendingCr) {
        mPendingCr = false;
        if (byte == '\n') {
            out += "\r\n";
            return;
        }
        appendEscape(out, '\r');
    }
    if (byte == 0xC2) {
        mPendingC2 = true;
    } else if (byte == '\r') {
        mPendingCr = true;
    } else if ((byte < 0x20 && byte != '\t' && byte != '\n') || byte == 0x7F) {
        appendEscape(out, byte);
    } else {
        out += static_cast<char>(byte);
    }
}

void EscapingStreamBuf::finish()
{
    std::string out;
    if (mPendingC2)
        out += '\xC2';
    if (mPendingCr)
        appendEscape(out, '\r');
    mPendingC2 = false;
    mPendingCr = false;
    if (!out.empty())
        mTarget->sputn(out.data(), static_cast<std::streamsize>(out.size()));
    mTarget->pubsync();
}

EscapingStreamBuf::int_type EscapingStreamBuf::overflow(int_type ch)
{
    if (traits_type::eq_int_type(ch, traits_type::eof()))
        return traits_type::not_eof(ch);
    const char byte = traits_type::to_char_type(ch);
    return xsputn(&byte, 1) == 1 ? ch : traits_type::eof();
}

std::streamsize EscapingStreamBuf::xsputn(const char* data, std::streamsize count)
{
    std::string out;
    out.reserve(static_cast<std::size_t>(count) + 8);
    for (std::streamsize i = 0; i < count; ++i)
        put(static_cast<unsigned char>(data[i]), out);
    const auto size = static_cast<std::streamsize>(out.size());
    if (size > 0 && mTarget->sputn(out.data(), size) != size)
        return 0;
    return count;
}

int EscapingStreamBuf::sync()
{
    return mTarget->pubsync();
}

} // namespace infrafit::cli
