// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

namespace infrafit {

/// One thing wrong with an input: where (a JSON pointer such as
/// "/parts/17/tdp_w", or a field name) and what.
struct Problem {
    std::string pointer;
    std::string message;
};

/// Thrown at the edge when a file or a value cannot be accepted. Carries
/// every problem found, so the user can fix them all at once. `what()` holds
/// one line per problem: "FILE: POINTER: MESSAGE".
class InputError : public std::runtime_error {
public:
    InputError(std::string file, std::vector<Problem> problems);
    InputError(std::string file, std::string pointer, std::string message);

    [[nodiscard]] const std::string& file() const { return mFile; }
    [[nodiscard]] const std::vector<Problem>& problems() const { return mProblems; }
    /// One "FILE: POINTER: MESSAGE" line per problem.
    [[nodiscard]] std::vector<std::string> lines() const;

private:
    std::string mFile;
    std::vector<Problem> mProblems;
};

} // namespace infrafit
