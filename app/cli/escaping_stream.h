// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <streambuf>
#include <string>

namespace infrafit::cli {

/// A stream buffer that forwards to another one with every control character
/// that could drive a terminal written as a visible "\u00XX" escape, exactly
/// as escapeControlCharacters (core/base/message_text.h) does: C0 controls
/// except tab, line feed and CR LF, DEL, and the UTF-8 C1 controls C2 80..C2
/// 9F. infrafit-cli prints everything (reports, lists, messages) through it,
/// so a name from an untrusted file cannot send an escape sequence to the
/// terminal. JSON stays valid JSON with the same meaning: the escapes are
/// JSON's own, and raw control characters appear only inside strings.
class EscapingStreamBuf : public std::streambuf {
public:
    explicit EscapingStreamBuf(std::streambuf* target) : mTarget(target) {}
    ~EscapingStreamBuf() override;
    EscapingStreamBuf(const EscapingStreamBuf&) = delete;
    EscapingStreamBuf& operator=(const EscapingStreamBuf&) = delete;

    /// Writes a held-back byte (a C2 or CR whose successor never came).
    void finish();

protected:
    int_type overflow(int_type ch) override;
    std::streamsize xsputn(const char* data, std::streamsize count) override;
    int sync() override;

private:
    void put(unsigned char byte, std::string& out);

    std::streambuf* mTarget;
    bool mPendingC2 = false;
    bool mPendingCr = false;
};

} // namespace infrafit::cli
