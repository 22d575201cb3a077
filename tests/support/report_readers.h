// SPDX-License-Identifier: Apache-2.0
#pragma once
// Reading reports back in tests: CSV records (RFC 4180), XLSX cells (through
// tests/support/xlsx_cells.py, Python 3 standard library) and PDF text
// (poppler-utils' pdftotext). Golden-file comparison with
// INFRAFIT_UPDATE_GOLDEN=1 to rewrite the expected files.

#include "support/fixtures.h"

#include <cstdlib>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace infrafit::test {

/// Parses RFC 4180 text (quoted fields, doubled quotes, CRLF) into records.
inline std::vector<std::vector<std::string>> parseCsv(const std::string& text)
{
    std::vector<std::vector<std::string>> records;
    std::vector<std::string> record;
    std::string field;
    bool quoted = false;
    bool any = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        any = true;
        if (quoted) {
            if (c == '"' && i + 1 < text.size() && text[i + 1] == '"') {
                field += '"';
                ++i;
            } else if (c == '"') {
                quoted = false;
            } else {
                field += c;
            }
        } else if (c == '"') {
            quoted = true;
        } else if (c == ',') {
            record.push_back(field);
            field.clear();
        } else if (c == '\r' && i + 1 < text.size() && text[i + 1] == '\n') {
            // the LF ends the record
        } else if (c == '\n') {
            record.push_back(field);
            field.clear();
            records.push_back(record);
            record.clear();
            any = false;
        } else {
            field += c;
        }
    }
    if (any) {
        record.push_back(field);
        records.push_back(record);
    }
    return records;
}

/// One XLSX cell as read back.
struct XlsxCell {
    std::string type; ///< "n", "s", "str", "b"
    std::string value; ///< shared strings resolved; cached value of formulas
    std::string formula; ///< without the leading '='
};

/// Runs `command`, returning its stdout (empty optional when it fails).
inline std::optional<std::string> runCommand(const std::string& command, const TempDir& dir)
{
    const auto output = dir.file("command-output.txt");
    if (std::system((command + " > '" + output + "' 2>/dev/null").c_str()) != 0)
        return std::nullopt;
    return readBytes(output);
}

/// The dump of xlsx_cells.py: "SHEET\tREF\tTYPE\tVALUE\tFORMULA" lines.
inline std::optional<std::string> xlsxCellDump(const std::string& xlsxPath, const TempDir& dir)
{
    return runCommand("python3 '" + std::string(INFRAFIT_SOURCE_DIR)
            + "/tests/support/xlsx_cells.py' '" + xlsxPath + "'",
        dir);
}

/// Cells by "Sheet!A1"; frozen panes as "Sheet!#frozen" with the split row.
inline std::map<std::string, XlsxCell> parseXlsxDump(const std::string& dump)
{
    std::map<std::string, XlsxCell> cells;
    std::size_t start = 0;
    while (start < dump.size()) {
        auto end = dump.find('\n', start);
        if (end == std::string::npos)
            end = dump.size();
        std::vector<std::string> parts;
        std::string part;
        for (std::size_t i = start; i < end; ++i) {
            if (dump[i] == '\t') {
                parts.push_back(part);
                part.clear();
            } else {
                part += dump[i];
            }
        }
        parts.push_back(part);
        if (parts.size() == 3)
            cells[parts[0] + "!" + parts[1]] = {"frozen", parts[2], ""};
        else if (parts.size() >= 5)
            cells[parts[0] + "!" + parts[1]] = {parts[2], parts[3], parts[4]};
        start = end + 1;
    }
    return cells;
}

/// pdftotext's text of a PDF file (layout kept), or nullopt.
inline std::optional<std::string> pdfText(const std::string& pdfPath, const TempDir& dir)
{
    return runCommand("pdftotext -layout '" + pdfPath + "' -", dir);
}

inline bool updateGoldenFiles()
{
    const char* flag = std::getenv("INFRAFIT_UPDATE_GOLDEN");
    return flag && std::string(flag) == "1";
}

/// Compares `actual` with the golden file (relative to tests/fixtures/golden);
/// with INFRAFIT_UPDATE_GOLDEN=1 rewrites it instead and returns true.
inline bool matchesGolden(const std::string& relative, const std::string& actual)
{
    const std::string path = fixturePath("golden/" + relative);
    if (updateGoldenFiles()) {
        writeBytes(path, actual);
        return true;
    }
    return readBytes(path) == actual;
}

} // namespace infrafit::test
