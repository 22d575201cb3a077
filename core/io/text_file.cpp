// SPDX-License-Identifier: Apache-2.0
#include "core/io/text_file.h"

#include "core/base/input_error.h"
#include "core/base/message_text.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>

namespace infrafit {

namespace fs = std::filesystem;

std::string readTextFile(const std::string& path)
{
    std::error_code error;
    const auto status = fs::status(path, error);
    if (error || !fs::exists(status))
        throw InputError(path, "/", "cannot open: no such file");
    if (!fs::is_regular_file(status))
        throw InputError(path, "/", "cannot open: not a regular file");
    const auto size = fs::file_size(path, error);
    if (error)
        throw InputError(path, "/", "cannot read its size: " + error.message());
    if (size > maxInputFileBytes)
        throw InputError(path, "/", "file is " + groupedInteger(size) + " bytes, "
                                        + groupedInteger(size - maxInputFileBytes)
                                        + (size - maxInputFileBytes == 1 ? " byte" : " bytes")
                                        + " over the limit of "
                                        + std::to_string(maxInputFileBytes / (1024 * 1024))
                                        + " MiB (" + groupedInteger(maxInputFileBytes)
                                        + " bytes) for InfraFit files");
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw InputError(path, "/", std::string("cannot open: ") + std::strerror(errno));
    std::string contents(static_cast<std::size_t>(size), '\0');
    in.read(contents.data(), static_cast<std::streamsize>(size));
    if (in.gcount() != static_cast<std::streamsize>(size))
        throw InputError(path, "/", "cannot read the whole file");
    return contents;
}

} // namespace infrafit
