// SPDX-License-Identifier: Apache-2.0
#include "app/cli/arguments.h"

#include <cmath>
#include <cstdlib>

namespace infrafit::cli {

Arguments::Arguments(const std::vector<std::string>& words,
                     const std::set<std::string>& valueOptions,
                     const std::set<std::string>& flagOptions)
{
    for (std::size_t i = 0; i < words.size(); ++i) {
        const std::string& word = words[i];
        if (word.size() < 3 || word.rfind("--", 0) != 0) {
            mPositional.push_back(word);
            continue;
        }
        std::string name = word.substr(2);
        std::optional<std::string> inlineValue;
        if (const auto eq = name.find('='); eq != std::string::npos) {
            inlineValue = name.substr(eq + 1);
            name = name.substr(0, eq);
        }
        if (flagOptions.count(name)) {
            if (inlineValue)
                throw UsageError("option --" + name + " takes no value");
            mFlags.insert(name);
        } else if (valueOptions.count(name)) {
            if (inlineValue) {
                mValues[name] = *inlineValue;
            } else {
                if (i + 1 >= words.size())
                    throw UsageError("option --" + name + " needs a value");
                // `--format --db x`: the value was left out, not "--db".
                const std::string& next = words[i + 1];
                if (next.rfind("--", 0) == 0) {
                    const std::string other = next.substr(2, next.find('=') - 2);
                    if (valueOptions.count(other) || flagOptions.count(other))
                        throw UsageError("option --" + name + " needs a value (got the option "
                                         + next + ")");
                }
                mValues[name] = words[++i];
            }
            // An empty value (`--db ""` from an unset variable) is never meant.
            if (mValues[name].empty())
                throw UsageError("option --" + name + " needs a value, got an empty one");
        } else {
            throw UsageError("unknown option --" + name);
        }
    }
}

bool Arguments::has(const std::string& option) const
{
    return mFlags.count(option) > 0 || mValues.count(option) > 0;
}

std::optional<std::string> Arguments::value(const std::string& option) const
{
    const auto it = mValues.find(option);
    if (it == mValues.end())
        return std::nullopt;
    return it->second;
}

std::string Arguments::valueOr(const std::string& option, const std::string& fallback) const
{
    return value(option).value_or(fallback);
}

std::optional<double> Arguments::number(const std::string& option) const
{
    const auto text = value(option);
    if (!text)
        return std::nullopt;
    char* end = nullptr;
    const double parsed = std::strtod(text->c_str(), &end);
    if (text->empty() || end != text->c_str() + text->size() || !std::isfinite(parsed))
        throw UsageError("option --" + option + " needs a number, got \"" + *text + "\"");
    return parsed;
}

int Arguments::count(const std::string& option, int fallback, int maximum) const
{
    const auto v = number(option);
    if (!v)
        return fallback;
    if (*v < 1 || *v > maximum || *v != std::floor(*v))
        throw UsageError("--" + option + " must be a whole number from 1 to "
                         + std::to_string(maximum) + " (got " + *value(option) + ")");
    return static_cast<int>(*v);
}

std::string Arguments::choice(const std::string& option, const std::string& fallback,
                              const std::vector<std::string>& choices) const
{
    const std::string chosen = valueOr(option, fallback);
    for (const auto& candidate : choices) {
        if (candidate == chosen)
            return chosen;
    }
    std::string list;
    for (const auto& candidate : choices)
        list += (list.empty() ? "" : "|") + candidate;
    throw UsageError("option --" + option + " must be " + list + ", got \"" + chosen + "\"");
}

bool outputIsStandard(const Arguments& args, const std::string& format,
                      const std::vector<std::string>& binaryFormats,
                      const std::string& textFormats)
{
    if (args.valueOr("output", "") != "-")
        return false;
    for (const auto& binary : binaryFormats)
        if (format == binary)
            throw UsageError("--output -: " + format
                             + " is a binary format; give a file name (standard output takes "
                             + textFormats + ")");
    return true;
}

} // namespace infrafit::cli
