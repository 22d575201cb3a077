// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <map>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

namespace infrafit::cli {

/// A command line that does not parse; the message is shown to the user.
class UsageError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/// A parsed command line: positional words and `--name value` / `--flag`
/// options. Each command declares which options take a value and which
/// are flags, so a misspelt option is an error rather than ignored.
class Arguments {
public:
    Arguments(const std::vector<std::string>& words, const std::set<std::string>& valueOptions,
              const std::set<std::string>& flagOptions);

    [[nodiscard]] const std::vector<std::string>& positional() const { return mPositional; }
    [[nodiscard]] bool has(const std::string& option) const;
    [[nodiscard]] std::optional<std::string> value(const std::string& option) const;
    [[nodiscard]] std::string valueOr(const std::string& option, const std::string& fallback) const;
    /// A number option; UsageError when it is not a finite number.
    [[nodiscard]] std::optional<double> number(const std::string& option) const;
    /// A whole-number option from 1 to `maximum` (the searches' counts,
    /// --top, --max-nodes, --threads, go up to a million), `fallback` when
    /// absent; UsageError naming both bounds otherwise.
    [[nodiscard]] int count(const std::string& option, int fallback,
                            int maximum = 1000000) const;
    /// The value of `option` when it is one of `choices`; UsageError otherwise.
    [[nodiscard]] std::string choice(const std::string& option, const std::string& fallback,
                                     const std::vector<std::string>& choices) const;

private:
    std::vector<std::string> mPositional;
    std::map<std::string, std::string> mValues;
    std::set<std::string> mFlags;
};

/// Whether `--output` is "-", standard output. A binary `format` (one of
/// `binaryFormats`: a workbook or PDF on a terminal helps nobody) is then a
/// UsageError naming the formats standard output takes (`textFormats`).
bool outputIsStandard(const Arguments& args, const std::string& format,
                      const std::vector<std::string>& binaryFormats,
                      const std::string& textFormats);

} // namespace infrafit::cli
