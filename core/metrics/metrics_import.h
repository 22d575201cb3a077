// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/metrics/dcgm_fields.h"

#include <array>
#include <cstddef>
#include <iosfwd>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace infrafit {

/// One sample: seconds since the epoch (or, for a scrape saved without
/// timestamps, the scrape's position: 0, 1, 2, …) and the value in SI units.
struct TimedValue {
    double t = 0;
    double v = 0;
};

/// Everything measured about one GPU (or one MIG instance of it).
struct GpuMetrics {
    std::string host;  ///< `hostname`/`Hostname` label, else Prometheus' `instance`
    std::string gpu;   ///< `gpu` index label; "0/3" for MIG instance 3 of GPU 0
    std::string uuid;
    std::string model; ///< `modelName` label, e.g. "NVIDIA H100 80GB HBM3"
    std::array<std::vector<TimedValue>, kGpuQuantityCount> series;

    [[nodiscard]] const std::vector<TimedValue>& of(GpuQuantity q) const
    {
        return series[static_cast<std::size_t>(q)];
    }
};

/// Something in the input that was skipped, with where it is.
struct ImportNote {
    std::string file;
    std::size_t line = 0; ///< 1-based; 0 for the whole file
    std::string message;
};

/// The result of reading one or more metric files.
struct MetricsImport {
    std::vector<GpuMetrics> gpus;          ///< in the order first seen
    std::vector<ImportNote> notes;         ///< the first kMaxNotes problems
    std::size_t notesLeftOff = 0;          ///< problems beyond those
    std::size_t samples = 0;               ///< accepted samples
    std::size_t skippedSamples = 0;        ///< malformed, NaN, or without a GPU label
    std::map<std::string, std::size_t> unknownMetrics; ///< name → samples not read
    bool timestamped = true;               ///< every sample carried a time

    static constexpr std::size_t kMaxNotes = 200;
};

/// Reads dcgm-exporter metrics: the Prometheus text exposition format as
/// scraped from `/metrics` (one scrape or many, with or without
/// timestamps; Prometheus "Exposition formats", text format 0.0.4), and
/// the JSON of a Prometheus HTTP API query (`/api/v1/query_range`, result
/// type "matrix", or `/api/v1/query`, "vector"). Unknown metrics are
/// counted and skipped; malformed lines are reported with their line
/// number and skipped; nothing throws on bad content.
class MetricsImporter {
public:
    MetricsImporter();
    ~MetricsImporter();
    MetricsImporter(const MetricsImporter&) = delete;
    MetricsImporter& operator=(const MetricsImporter&) = delete;

    /// Text exposition format from a stream, read line by line (a 1 GB
    /// file is never held in memory at once).
    void addPrometheusText(std::istream& in, const std::string& file);
    void addPrometheusText(std::string_view text, const std::string& file);
    /// A Prometheus HTTP API response body.
    void addPrometheusJson(std::string_view text, const std::string& file);
    /// A file of either kind (JSON when its first non-blank byte is '{').
    /// A file that cannot be opened is a note, not an exception.
    void addFile(const std::string& path);

    /// The samples read so far, each series sorted by time.
    MetricsImport finish();

private:
    struct State;
    std::unique_ptr<State> mState;
};

} // namespace infrafit
