// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <functional>

namespace infrafit {

/// What one step of the simulator holds, split the way a per-operation step
/// model needs it: prefill tokens attend to their own prompt so far (a chunk
/// of c tokens after p done attends on average to p + c/2 keys, the causal
/// mean), decode tokens read their sequence's whole KV cache.
struct StepComposition {
    int prefillTokens = 0;
    int decodeTokens = 0;
    double prefillContextTokens = 0; ///< mean keys a prefill token attends to
    double decodeContextTokens = 0;  ///< mean KV length of the decoding sequences
    double meanContextTokens = 0;    ///< mean KV length over every sequence of the step
    int logitTokens = 0;             ///< sequences that sample a token this step
};

/// The time one engine step takes on one replica of a continuous-batching
/// engine: `prefillTokens` prompt tokens (possibly chunks of several
/// prompts) and `decodeTokens` sequences generating one token each, at a
/// mean context of `contextTokens` tokens per sequence in the step. The
/// simulator only calls it; the analysis provides it (the per-operation
/// step model of core/analysis/serving_step.h).
/// Must return a finite time > 0 for any step with at least one token, and
/// be safe to call from the thread that runs the simulation.
class StepTimeModel {
public:
    virtual ~StepTimeModel() = default;
    [[nodiscard]] virtual double stepTimeS(int prefillTokens, int decodeTokens,
                                           double contextTokens) const = 0;
    /// The simulator calls this one; a model that only knows the mean
    /// context keeps the three-argument law.
    [[nodiscard]] virtual double compositionStepTimeS(const StepComposition& step) const
    {
        return stepTimeS(step.prefillTokens, step.decodeTokens, step.meanContextTokens);
    }
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
