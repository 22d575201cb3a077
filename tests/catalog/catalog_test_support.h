// SPDX-License-Identifier: Apache-2.0
#pragma once

// Helpers for the catalog tests: a self-removing temporary folder, file
// bytes, and parts of every kind built from the field registry.

#include "core/io/part_json.h"
#include "core/parts/field_spec.h"

#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>
#include <string>
#include <vector>

namespace infrafit::catalog::test {

/// A unique folder under the system temp dir, removed with its contents.
class TempDir {
public:
    TempDir()
    {
        static std::atomic<int> counter{0};
        std::random_device random;
        mPath = std::filesystem::temp_directory_path()
                / ("infrafit-catalog-test-" + std::to_string(random()) + "-"
                   + std::to_string(counter++));
        std::filesystem::create_directories(mPath);
    }
    ~TempDir()
    {
        std::error_code ignored;
        std::filesystem::remove_all(mPath, ignored);
    }
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;

    [[nodiscard]] std::string file(const std::string& name) const { return (mPath / name).string(); }
    [[nodiscard]] const std::filesystem::path& path() const { return mPath; }

private:
    std::filesystem::path mPath;
};

inline std::string readBytes(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

inline void writeBytes(const std::string& path, const std::string& bytes)
{
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out << bytes;
}

/// A valid value for `spec` that differs from the type's default.
inline FieldValue sampleValue(PartKind kind, const FieldSpec& spec, int variant)
{
    switch (spec.type) {
    case FieldType::Number:
        if (spec.maximum >= 2000)
            return 1234.5678901234567 + variant;
        if (spec.maximum <= 10)
            return (spec.minimum + spec.maximum) / 2;
        return spec.minimum + 1.5;
    case FieldType::Integer:
        if (spec.key == "phases")
            return 3.0; // a PDU is single or three phase: 2 is refused (part_validation)
        return spec.minimum + 1;
    case FieldType::Text: return "text of " + std::string(spec.key) + " " + std::to_string(variant);
    case FieldType::Choice: return std::string(spec.choices.back());
    case FieldType::TextList:
        if (spec.key == "estimated_fields")
            return std::vector<std::string>{"vendor", std::string(fieldsOf(kind).back().key)};
        if (spec.key == "partition_profiles")
            return std::vector<std::string>{
                "1g.10gb compute=1/7 memory=1/8 memory_gb=10 max=7",
                "7g.80gb compute=7/7 memory=8/8 memory_gb=80 max=1"};
        if (spec.choices.size() >= 2)
            return std::vector<std::string>{std::string(spec.choices[1]),
                                            std::string(spec.choices[0])};
        return std::vector<std::string>{"a", "b \"quoted\""};
    case FieldType::Flag: return true;
    }
    return std::monostate{};
}

/// A part of `kind` with every field set (optional ones included).
inline Part fullPart(PartKind kind, const std::string& id, int variant = 0)
{
    Part part = makePart(kind);
    for (const auto& spec : fieldsOf(kind))
        spec.set(part, sampleValue(kind, spec, variant));
    infoOf(part).id = id;
    return part;
}

/// A part of `kind` with only the required fields set.
inline Part minimalPart(PartKind kind, const std::string& id)
{
    Part part = makePart(kind);
    for (const auto& spec : fieldsOf(kind)) {
        if (spec.required)
            spec.set(part, sampleValue(kind, spec, 0));
    }
    infoOf(part).id = id;
    return part;
}

inline Part gpuPart(const std::string& id, const std::string& vendor = "Acme",
                    const std::string& model = "Model")
{
    Part part = fullPart(PartKind::Gpu, id);
    infoOf(part).vendor = vendor;
    infoOf(part).model = model;
    return part;
}

/// Field-by-field equality through the registry (parts have no operator==).
inline bool sameFields(const Part& a, const Part& b)
{
    if (kindOf(a) != kindOf(b))
        return false;
    for (const auto& spec : fieldsOf(kindOf(a))) {
        if (!(spec.get(a) == spec.get(b)))
            return false;
    }
    return partToJson(a) == partToJson(b);
}

inline std::vector<std::string> idsOf(const std::vector<Part>& parts)
{
    std::vector<std::string> ids;
    for (const auto& part : parts)
        ids.push_back(infoOf(part).id);
    return ids;
}

} // namespace infrafit::catalog::test
