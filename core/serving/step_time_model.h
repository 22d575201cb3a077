// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <functional>

namespace infrafit {

/// The time one engine step takes on one replica of a continuous-batching
/// engine: `prefillTokens` prompt tokens (possibly chunks of several
/// prompts) and `decodeTokens` sequences generating one token each, at a
/// mean context of `contextTokens` tokens per sequence in the step. The
/// simulator only calls it; the analysis provides it (the per-step model of
/// core/analysis, or a stop-gap from the inference roofline until then).
/// Must return a finite time > 0 for any step with at least one token, and
/// be safe to call from the thread that runs the simulation.
class StepTimeModel {
public:
    virtual ~StepTimeModel() = default;
    [[nodiscard]] virtual double stepTimeS(int prefillTokens, int decodeTokens,
                                           double contextTokens) const = 0;
};

/// A step-time law given as a function (tests, and adapters).
class FunctionStepTime final : public StepTimeModel {
public:
    using Function = std::function<double(int, int, double)>;
    explicit FunctionStepTime(Function function) : mFunction(std::move(function)) {}
    [[nodiscard]] double stepTimeS(int prefillTokens, int decodeTokens,
                                   double contextTokens) const override
    {
        return mFunction(prefillTokens, decodeTokens, contextTokens);
    }

private:
    Function mFunction;
};

} // namespace infrafit
