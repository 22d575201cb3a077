// SPDX-License-Identifier: Apache-2.0
#pragma once
// Every compared figure of the validation suite, by the metric classes of
// issue 16's "Done when" (training speed, serving throughput, TTFT/TPOT),
// so one test can hold the suite to the bounds across sources.
// Each function is defined next to the test of its source and evaluates
// the same runs that test does.

#include <string>
#include <vector>

namespace infrafit::test {

enum class ValidationMetric { TrainingSpeed, ServingThroughput, Latency };

struct ValidationFigure {
    std::string label;
    ValidationMetric metric = ValidationMetric::TrainingSpeed;
    bool fit = false;  ///< used to fit a default (in-sample)
    double error = 0;  ///< InfraFit ÷ measured − 1 (signed)
    /// A documented disagreement (training_runs.json `known_speed_gap`):
    /// counted in the medians and the reported worst, not held to 35 %.
    bool knownGap = false;
};

/// Megatron-LM and MosaicML runs (training_validation_test.cpp).
std::vector<ValidationFigure> trainingFigures();
/// TensorRT-LLM's published throughput and first-token latency
/// (serving_validation_test.cpp).
std::vector<ValidationFigure> servingTableFigures();
/// SGLang's online median TTFT/TPOT and offline throughput
/// (serving_latency_validation_test.cpp).
std::vector<ValidationFigure> onlineServingFigures();
/// MLPerf v4.1 server capacity under the SLA and Offline saturated
/// throughput (serving_capacity_validation_test.cpp).
std::vector<ValidationFigure> mlperfCapacityFigures();

} // namespace infrafit::test
