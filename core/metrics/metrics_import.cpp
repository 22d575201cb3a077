// SPDX-License-Identifier: Apache-2.0
// Reading dcgm-exporter metrics. Formats: the Prometheus text exposition
// format 0.0.4 (prometheus.io/docs/instrumenting/exposition_formats/:
// `name{label="value",…} value [timestamp_ms]`, `#` lines are HELP/TYPE or
// comments, label values escape \\, \" and \n) and the Prometheus HTTP API
// (prometheus.io/docs/prometheus/latest/querying/api/: `data.resultType`
// "matrix" with `values: [[seconds, "value"], …]` or "vector" with `value`).
// The label set is dcgm-exporter's (internal/pkg/rendermetrics: gpu, UUID,
// pci_bus_id, device, modelName, GPU_I_PROFILE/GPU_I_ID for MIG, hostname;
// `Hostname` before May 2026); docs/reference/telemetry.md.
#include "core/metrics/metrics_import.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <fstream>
#include <istream>
#include <optional>
#include <unordered_map>

namespace infrafit {
namespace {

struct PromLabel {
    std::string_view name;
    std::string_view value;
};

/// Where an untimed sample of one file goes: scrape `scrape` after `base`.
struct PromFileCursor {
    double base = 0;
    double scrape = 0;
    bool untimed = false;
};

bool promNameChar(char c, bool first)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == ':'
        || (!first && c >= '0' && c <= '9');
}

void promSkipSpace(std::string_view s, std::size_t& i)
{
    while (i < s.size() && (s[i] == ' ' || s[i] == '\t'))
        ++i;
}

/// A sample value: a decimal or "NaN", "+Inf", "-Inf", "Inf".
std::optional<double> promNumber(std::string_view token)
{
    if (token == "NaN")
        return std::nan("");
    if (token == "+Inf" || token == "Inf")
        return HUGE_VAL;
    if (token == "-Inf")
        return -HUGE_VAL;
    if (!token.empty() && token.front() == '+')
        token.remove_prefix(1);
    double value = 0;
    const auto [end, ec] = std::from_chars(token.data(), token.data() + token.size(), value);
    if (ec != std::errc() || end != token.data() + token.size())
        return std::nullopt;
    return value;
}

} // namespace

struct MetricsImporter::State {
    MetricsImport result;
    std::unordered_map<std::string, std::size_t> seriesIndex;
    std::string keyBuffer;
    std::string unescaped; // label values with escapes, decoded
    double untimedBase = 0;

    void note(const std::string& file, std::size_t line, std::string message)
    {
        if (result.notes.size() < MetricsImport::kMaxNotes)
            result.notes.push_back({file, line, std::move(message)});
        else
            ++result.notesLeftOff;
    }

    void skip(const std::string& file, std::size_t line, std::string message)
    {
        ++result.skippedSamples;
        note(file, line, std::move(message));
    }

    GpuMetrics& gpuFor(const std::vector<PromLabel>& labels)
    {
        std::string_view host;
        std::string_view instance;
        std::string_view gpu;
        std::string_view mig;
        std::string_view uuid;
        std::string_view model;
        for (const auto& l : labels) {
            if (l.name == "gpu")
                gpu = l.value;
            else if (l.name == "hostname" || l.name == "Hostname")
                host = l.value;
            else if (l.name == "instance")
                instance = l.value;
            else if (l.name == "GPU_I_ID")
                mig = l.value;
            else if (l.name == "UUID" || l.name == "uuid" || l.name == "gpu_uuid")
                uuid = l.value;
            else if (l.name == "modelName" || l.name == "model_name")
                model = l.value;
        }
        if (host.empty()) // "10.0.0.5:9400" → the node, not the port
            host = instance.substr(0, instance.rfind(':'));
        keyBuffer.assign(host);
        keyBuffer.push_back('\x1f');
        keyBuffer.append(gpu);
        if (!mig.empty()) {
            keyBuffer.push_back('/');
            keyBuffer.append(mig);
        }
        const auto found = seriesIndex.find(keyBuffer);
        if (found != seriesIndex.end())
            return result.gpus[found->second];
        seriesIndex.emplace(keyBuffer, result.gpus.size());
        GpuMetrics& g = result.gpus.emplace_back();
        g.host = std::string(host);
        g.gpu = std::string(gpu);
        if (!mig.empty())
            g.gpu += "/" + std::string(mig);
        g.uuid = std::string(uuid);
        g.model = std::string(model);
        return g;
    }

    /// One sample of a known metric; false (with a note) when it is skipped.
    void addSample(const std::string& file, std::size_t line, const GpuMetricField& field,
        const std::vector<PromLabel>& labels, double value, std::optional<double> t,
        PromFileCursor& cursor)
    {
        if (std::isnan(value)) {
            skip(file, line, std::string(field.name) + ": NaN sample skipped");
            return;
        }
        // Infinite as written, or once in SI units (1e308 MiB of memory).
        if (!std::isfinite(value) || !std::isfinite(value * field.toSi)) {
            skip(file, line, std::string(field.name) + ": infinite sample skipped");
            return;
        }
        // Power, energy, activity, memory and traffic are never negative
        // (a negative value is a broken exporter); temperatures may be.
        const bool signedQuantity = field.quantity == GpuQuantity::GpuTempC
                                    || field.quantity == GpuQuantity::MemoryTempC;
        if (value < 0 && !signedQuantity) {
            skip(file, line, std::string(field.name) + ": negative sample skipped");
            return;
        }
        if (std::none_of(labels.begin(), labels.end(),
                [](const PromLabel& l) { return l.name == "gpu"; })) {
            skip(file, line, std::string(field.name) + ": no \"gpu\" label, sample skipped");
            return;
        }
        GpuMetrics& g = gpuFor(labels);
        auto& series = g.series[static_cast<std::size_t>(field.quantity)];
        double time = 0;
        if (t) {
            time = *t;
        } else {
            result.timestamped = false;
            cursor.untimed = true;
            time = cursor.base + cursor.scrape;
            if (!series.empty() && series.back().t >= time) {
                // The same GPU and metric again: the next scrape of the file.
                cursor.scrape += 1;
                time = cursor.base + cursor.scrape;
            }
        }
        series.push_back({time, value * field.toSi});
        ++result.samples;
    }

    void unknownMetric(const std::string& file, std::size_t line, std::string_view name)
    {
        auto [it, inserted] = unknownMetrics().try_emplace(std::string(name), 0);
        ++it->second;
        if (inserted)
            note(file, line,
                "metric \"" + std::string(name) + "\" is not one InfraFit reads; its samples are "
                    "skipped (counted in the summary)");
    }

    std::map<std::string, std::size_t>& unknownMetrics() { return result.unknownMetrics; }

    void parseTextLine(
        std::string_view s, const std::string& file, std::size_t line, PromFileCursor& cursor);
    void endFile(const PromFileCursor& cursor)
    {
        if (cursor.untimed)
            untimedBase = cursor.base + cursor.scrape + 1;
    }
};

void MetricsImporter::State::parseTextLine(
    std::string_view s, const std::string& file, std::size_t line, PromFileCursor& cursor)
{
    while (!s.empty() && (s.back() == '\r' || s.back() == ' ' || s.back() == '\t'))
        s.remove_suffix(1);
    std::size_t i = 0;
    promSkipSpace(s, i);
    if (i == s.size() || s[i] == '#')
        return;
    const std::size_t nameStart = i;
    while (i < s.size() && promNameChar(s[i], i == nameStart))
        ++i;
    if (i == nameStart) {
        skip(file, line, "the line does not start with a metric name");
        return;
    }
    const std::string_view name = s.substr(nameStart, i - nameStart);
    const auto field = gpuMetricField(name);
    if (!field) {
        unknownMetric(file, line, name);
        return;
    }
    thread_local std::vector<PromLabel> labels;
    labels.clear();
    unescaped.clear();
    // Escaped values are decoded into `unescaped`; reserve so views into it
    // stay valid while a line's labels are read.
    unescaped.reserve(s.size());
    promSkipSpace(s, i);
    if (i < s.size() && s[i] == '{') {
        ++i;
        for (;;) {
            promSkipSpace(s, i);
            if (i >= s.size()) {
                skip(file, line, std::string(name) + ": the line ends inside its labels (truncated?)");
                return;
            }
            if (s[i] == '}') {
                ++i;
                break;
            }
            const std::size_t labelStart = i;
            while (i < s.size() && promNameChar(s[i], i == labelStart))
                ++i;
            const std::string_view labelName = s.substr(labelStart, i - labelStart);
            promSkipSpace(s, i);
            if (i >= s.size()) {
                skip(file, line, std::string(name) + ": the line ends inside its labels (truncated?)");
                return;
            }
            if (labelName.empty() || s[i] != '=') {
                skip(file, line,
                    std::string(name) + ": a label is not written name=\"value\" (at column "
                        + std::to_string(labelStart + 1) + ")");
                return;
            }
            ++i;
            promSkipSpace(s, i);
            if (i >= s.size() || s[i] != '"') {
                skip(file, line, std::string(name) + ": label " + std::string(labelName)
                        + " has no quoted value");
                return;
            }
            ++i;
            const std::size_t valueStart = i;
            bool escaped = false;
            while (i < s.size() && s[i] != '"') {
                if (s[i] == '\\' && i + 1 < s.size()) {
                    escaped = true;
                    ++i;
                }
                ++i;
            }
            if (i >= s.size()) {
                skip(file, line, std::string(name) + ": the line ends inside a label value (truncated?)");
                return;
            }
            std::string_view value = s.substr(valueStart, i - valueStart);
            if (escaped) {
                const std::size_t from = unescaped.size();
                for (std::size_t k = 0; k < value.size(); ++k) {
                    char c = value[k];
                    if (c == '\\' && k + 1 < value.size()) {
                        c = value[++k];
                        if (c == 'n')
                            c = '\n';
                    }
                    unescaped.push_back(c);
                }
                value = std::string_view(unescaped).substr(from);
            }
            labels.push_back({labelName, value});
            ++i; // closing quote
            promSkipSpace(s, i);
            if (i < s.size() && s[i] == ',')
                ++i;
            else if (i < s.size() && s[i] != '}') {
                skip(file, line,
                    std::string(name) + ": labels must be separated by commas (at column "
                        + std::to_string(i + 1) + ")");
                return;
            }
        }
    }
    promSkipSpace(s, i);
    const std::size_t valueStart = i;
    while (i < s.size() && s[i] != ' ' && s[i] != '\t')
        ++i;
    const std::string_view valueText = s.substr(valueStart, i - valueStart);
    if (valueText.empty()) {
        skip(file, line, std::string(name) + ": no value (truncated line?)");
        return;
    }
    const auto value = promNumber(valueText);
    if (!value) {
        skip(file, line,
            std::string(name) + ": \"" + std::string(valueText.substr(0, 40)) + "\" is not a number");
        return;
    }
    promSkipSpace(s, i);
    std::optional<double> time;
    if (i < s.size()) {
        const std::string_view stamp = s.substr(i);
        long long ms = 0;
        const auto [end, ec] = std::from_chars(stamp.data(), stamp.data() + stamp.size(), ms);
        if (ec != std::errc() || end != stamp.data() + stamp.size()) {
            skip(file, line,
                std::string(name) + ": \"" + std::string(stamp.substr(0, 40))
                    + "\" is not a timestamp in milliseconds");
            return;
        }
        time = static_cast<double>(ms) / 1000.0;
    }
    addSample(file, line, *field, labels, *value, time, cursor);
}

MetricsImporter::MetricsImporter() : mState(std::make_unique<State>()) { }
MetricsImporter::~MetricsImporter() = default;

void MetricsImporter::addPrometheusText(std::string_view text, const std::string& file)
{
    PromFileCursor cursor {mState->untimedBase};
    std::size_t line = 0;
    while (!text.empty()) {
        const std::size_t end = text.find('\n');
        ++line;
        mState->parseTextLine(text.substr(0, end), file, line, cursor);
        if (end == std::string_view::npos)
            break;
        text.remove_prefix(end + 1);
    }
    mState->endFile(cursor);
}

void MetricsImporter::addPrometheusText(std::istream& in, const std::string& file)
{
    // Read in blocks and split lines here: std::getline would hold a file
    // without newlines in memory whole. A line longer than a block is
    // reported and skipped.
    constexpr std::size_t kBlock = 1 << 20;
    PromFileCursor cursor {mState->untimedBase};
    std::string buffer;
    std::vector<char> block(kBlock);
    std::size_t line = 0;
    bool discarding = false;
    while (in) {
        in.read(block.data(), static_cast<std::streamsize>(block.size()));
        const auto got = static_cast<std::size_t>(in.gcount());
        if (got == 0)
            break;
        buffer.append(block.data(), got);
        std::size_t start = 0;
        for (std::size_t nl = buffer.find('\n'); nl != std::string::npos;
             nl = buffer.find('\n', start)) {
            ++line;
            if (discarding)
                discarding = false;
            else
                mState->parseTextLine(
                    std::string_view(buffer).substr(start, nl - start), file, line, cursor);
            start = nl + 1;
        }
        buffer.erase(0, start);
        if (buffer.size() > kBlock) {
            if (!discarding)
                mState->skip(file, line + 1, "a line longer than 1 MiB was skipped");
            discarding = true;
            buffer.clear();
        }
    }
    if (!buffer.empty() && !discarding)
        mState->parseTextLine(buffer, file, ++line, cursor);
    mState->endFile(cursor);
}

void MetricsImporter::addPrometheusJson(std::string_view text, const std::string& file)
{
    nlohmann::json doc;
    try {
        doc = nlohmann::json::parse(text);
    } catch (const nlohmann::json::parse_error& e) {
        mState->note(file, 0,
            "not valid JSON at byte " + std::to_string(e.byte) + "; the file was skipped");
        return;
    }
    if (!doc.is_object()) {
        mState->note(file, 0, "/: a Prometheus API response is a JSON object; the file was skipped");
        return;
    }
    if (doc.value("status", std::string()) == "error") {
        mState->note(file, 0,
            "/status: the query failed: " + doc.value("error", std::string("no message")));
        return;
    }
    const auto data = doc.find("data");
    if (data == doc.end() || !data->is_object() || !data->contains("result")
        || !(*data)["result"].is_array()) {
        mState->note(file, 0, "/data/result: missing; not a Prometheus query response");
        return;
    }
    PromFileCursor cursor {mState->untimedBase};
    const auto& results = (*data)["result"];
    std::vector<PromLabel> labels;
    for (std::size_t r = 0; r < results.size(); ++r) {
        const auto& series = results[r];
        const std::string where = "/data/result/" + std::to_string(r);
        if (!series.is_object() || !series.contains("metric") || !series["metric"].is_object()) {
            mState->skip(file, 0, where + "/metric: missing; series skipped");
            continue;
        }
        const auto& metric = series["metric"];
        const std::string name = metric.value("__name__", std::string());
        const auto field = gpuMetricField(name);
        if (!field) {
            if (name.empty())
                mState->skip(file, 0,
                    where + "/metric/__name__: missing (query the metric by name, without "
                            "functions); series skipped");
            else
                mState->unknownMetric(file, 0, name);
            continue;
        }
        labels.clear();
        for (auto it = metric.begin(); it != metric.end(); ++it)
            if (it.value().is_string())
                labels.push_back({it.key(), it.value().get_ref<const std::string&>()});
        std::vector<const nlohmann::json*> points;
        if (series.contains("values") && series["values"].is_array())
            for (const auto& p : series["values"])
                points.push_back(&p);
        else if (series.contains("value"))
            points.push_back(&series["value"]);
        for (std::size_t k = 0; k < points.size(); ++k) {
            const auto& p = *points[k];
            double value = 0;
            if (!p.is_array() || p.size() != 2 || !p[0].is_number() || !p[1].is_string()
                || !promNumber(p[1].get_ref<const std::string&>())) {
                mState->skip(file, 0,
                    where + "/values/" + std::to_string(k)
                        + ": not [seconds, \"value\"]; sample skipped");
                continue;
            }
            value = *promNumber(p[1].get_ref<const std::string&>());
            mState->addSample(file, 0, *field, labels, value, p[0].get<double>(), cursor);
        }
    }
    mState->endFile(cursor);
}

void MetricsImporter::addFile(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        mState->note(path, 0, "cannot be opened; skipped");
        return;
    }
    char first = 0;
    while (in.get(first) && (first == ' ' || first == '\n' || first == '\r' || first == '\t')) { }
    if (!in) {
        mState->note(path, 0, "is empty; skipped");
        return;
    }
    in.unget();
    if (first == '{') {
        std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        addPrometheusJson(text, path);
        return;
    }
    addPrometheusText(in, path);
}

MetricsImport MetricsImporter::finish()
{
    for (auto& gpu : mState->result.gpus)
        for (auto& series : gpu.series)
            if (!std::is_sorted(series.begin(), series.end(),
                    [](const TimedValue& a, const TimedValue& b) { return a.t < b.t; }))
                std::stable_sort(series.begin(), series.end(),
                    [](const TimedValue& a, const TimedValue& b) { return a.t < b.t; });
    MetricsImport out = std::move(mState->result);
    mState = std::make_unique<State>();
    return out;
}

} // namespace infrafit
