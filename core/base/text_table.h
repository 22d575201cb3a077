// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <string>
#include <vector>

namespace infrafit {

/// A plain-text table with aligned columns, for terminal output. Columns
/// whose cells are all numbers are right-aligned, others left-aligned.
class TextTable {
public:
    explicit TextTable(std::vector<std::string> headers);

    void addRow(std::vector<std::string> cells);
    [[nodiscard]] std::size_t rowCount() const { return mRows.size(); }
    /// The table with a header row, a rule, and one line per row.
    [[nodiscard]] std::string render() const;

private:
    std::vector<std::string> mHeaders;
    std::vector<std::vector<std::string>> mRows;
};

/// Display width of UTF-8 text (code points; all InfraFit text is narrow).
std::size_t displayWidth(const std::string& text);

} // namespace infrafit
