// SPDX-License-Identifier: Apache-2.0
#include "core/base/input_error.h"

namespace infrafit {
namespace {

std::string formatLine(const std::string& file, const Problem& problem)
{
    std::string line = file.empty() ? std::string("<input>") : file;
    line += ": ";
    line += problem.pointer.empty() ? std::string("/") : problem.pointer;
    line += ": ";
    line += problem.message;
    return line;
}

std::string joinLines(const std::string& file, const std::vector<Problem>& problems)
{
    std::string text;
    for (const auto& problem : problems) {
        if (!text.empty())
            text += '\n';
        text += formatLine(file, problem);
    }
    return text;
}

} // namespace

InputError::InputError(std::string file, std::vector<Problem> problems)
    : std::runtime_error(joinLines(file, problems)), mFile(std::move(file)),
      mProblems(std::move(problems))
{
}

InputError::InputError(std::string file, std::string pointer, std::string message)
    : InputError(std::move(file), std::vector<Problem>{{std::move(pointer), std::move(message)}})
{
}

std::vector<std::string> InputError::lines() const
{
    std::vector<std::string> result;
    result.reserve(mProblems.size());
    for (const auto& problem : mProblems)
        result.push_back(formatLine(mFile, problem));
    return result;
}

} // namespace infrafit
