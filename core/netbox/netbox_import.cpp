// SPDX-License-Identifier: Apache-2.0
#include "core/netbox/netbox_import.h"

#include "core/io/part_json.h"
#include "core/io/text_file.h"
#include "core/netbox/netbox_device_type.h"
#include "core/netbox/netbox_names.h"
#include "core/parts/field_spec.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <map>

namespace infrafit {

namespace {

/// Mass of one weight unit in kg (NetBox weight_unit: kg, g, lb, oz; the
/// pound and ounce as defined by the international yard and pound
/// agreement of 1959: 1 lb = 0.45359237 kg, 1 oz = 1/16 lb).
std::optional<double> netboxKgPerUnit(std::string_view unit)
{
    if (unit == "kg")
        return 1.0;
    if (unit == "g")
        return 0.001;
    if (unit == "lb")
        return 0.45359237;
    if (unit == "oz")
        return 0.45359237 / 16;
    return std::nullopt;
}

/// Reads scalars of a YAML map with problems named by NetBox key.
class NetboxYamlReader {
public:
    NetboxYamlReader(const YAML::Node& map, std::vector<Problem>& problems)
        : mMap(map), mProblems(problems)
    {
    }

    std::optional<std::string> text(const std::string& pointer, const char* key) const
    {
        const YAML::Node node = mMap[key];
        if (!node)
            return std::nullopt;
        if (!node.IsScalar()) {
            mProblems.push_back({pointer + key, "must be text"});
            return std::nullopt;
        }
        return node.Scalar();
    }

    std::optional<double> number(const std::string& pointer, const char* key) const
    {
        const auto value = text(pointer, key);
        if (!value)
            return std::nullopt;
        double parsed = 0;
        try {
            parsed = mMap[key].as<double>();
        } catch (const YAML::Exception&) {
            mProblems.push_back({pointer + key, "must be a number (got \"" + *value + "\")"});
            return std::nullopt;
        }
        if (!std::isfinite(parsed)) {
            mProblems.push_back({pointer + key, "must be a finite number"});
            return std::nullopt;
        }
        return parsed;
    }

    std::optional<bool> flag(const std::string& pointer, const char* key) const
    {
        const auto value = text(pointer, key);
        if (!value)
            return std::nullopt;
        try {
            return mMap[key].as<bool>();
        } catch (const YAML::Exception&) {
            mProblems.push_back({pointer + key, "must be true or false (got \"" + *value + "\")"});
            return std::nullopt;
        }
    }

private:
    const YAML::Node& mMap;
    std::vector<Problem>& mProblems;
};

/// The components of one list key ("interfaces", "power-ports"…): each a
/// map; a problem names the list and the item.
std::vector<YAML::Node> netboxItems(const YAML::Node& root, const char* key,
                                    std::vector<Problem>& problems)
{
    std::vector<YAML::Node> items;
    const YAML::Node list = root[key];
    if (!list)
        return items;
    if (!list.IsSequence()) {
        problems.push_back({std::string("/") + key, "must be a list"});
        return items;
    }
    for (std::size_t i = 0; i < list.size(); ++i) {
        if (!list[i].IsMap())
            problems.push_back({"/" + std::string(key) + "/" + std::to_string(i), "must be a map"});
        else
            items.push_back(list[i]);
    }
    return items;
}

/// The "infrafit: {…}" line of an InfraFit export's comments, parsed.
std::optional<nlohmann::json> netboxInfrafitBlock(const std::string& comments,
                                                   std::vector<Problem>& problems)
{
    const auto at = comments.find("infrafit: ");
    if (at == std::string::npos)
        return std::nullopt;
    const auto end = comments.find('\n', at);
    const std::string text = comments.substr(at + 10, end == std::string::npos ? end : end - at - 10);
    try {
        auto block = nlohmann::json::parse(text);
        if (block.is_object())
            return block;
    } catch (const nlohmann::json::exception&) {
    }
    problems.push_back({"/comments", "its \"infrafit:\" line is not a JSON object"});
    return std::nullopt;
}

struct NetboxPortGroup {
    NetboxPortKind kind;
    int count = 0;
};

void netboxReadPorts(const std::vector<YAML::Node>& interfaces, nlohmann::json& part,
                     NetboxImport& result, std::vector<Problem>& problems)
{
    std::vector<NetboxPortGroup> groups;
    std::map<std::string, int> unknown;
    for (std::size_t i = 0; i < interfaces.size(); ++i) {
        NetboxYamlReader r(interfaces[i], problems);
        const std::string at = "/interfaces/" + std::to_string(i) + "/";
        if (r.flag(at, "mgmt_only").value_or(false))
            continue;
        const auto type = r.text(at, "type");
        if (!type) {
            problems.push_back({at + "type", "is required"});
            continue;
        }
        const auto kind = netboxPortKind(*type);
        if (!kind) {
            ++unknown[*type];
            continue;
        }
        auto same = std::find_if(groups.begin(), groups.end(), [&](const NetboxPortGroup& g) {
            return g.kind.protocol == kind->protocol && g.kind.speedGbps == kind->speedGbps;
        });
        if (same == groups.end())
            groups.push_back({*kind, 1});
        else
            ++same->count;
    }
    for (const auto& [type, count] : unknown)
        result.ignored.push_back(std::to_string(count) + " interfaces of type " + type);
    if (groups.empty())
        return;
    // The most numerous group are the ports; a faster group, the uplinks.
    std::stable_sort(groups.begin(), groups.end(),
                     [](const NetboxPortGroup& a, const NetboxPortGroup& b) { return a.count > b.count; });
    const auto& main = groups.front();
    part["ports"] = main.count;
    part["port_speed_gbps"] = main.kind.speedGbps;
    part["protocol"] = std::string(enumName(main.kind.protocol));
    if (!main.kind.connector.empty() && !part.contains("connector"))
        part["connector"] = main.kind.connector;
    result.mapped.emplace_back("ports, port_speed_gbps, protocol (from interfaces)");
    for (std::size_t g = 1; g < groups.size(); ++g) {
        if (groups[g].kind.speedGbps > main.kind.speedGbps && !part.contains("uplink_ports")) {
            part["uplink_ports"] = groups[g].count;
            part["uplink_speed_gbps"] = groups[g].kind.speedGbps;
            result.mapped.emplace_back("uplink_ports, uplink_speed_gbps (from interfaces)");
        } else {
            result.ignored.push_back(std::to_string(groups[g].count) + " further ports at "
                                     + formatFieldValue(groups[g].kind.speedGbps) + " Gb/s");
        }
    }
}

} // namespace

/// InfraFit fields read from a NetBox key of another name.
constexpr std::pair<const char*, const char*> netboxSourceKeys[] = {
    {"rack_units", "u_height"}, {"vendor", "manufacturer"}, {"weight_kg", "weight"}};

NetboxImport importNetboxDeviceType(std::string_view yamlText, const std::string& file)
{
    std::vector<Problem> problems;
    YAML::Node root;
    try {
        root = YAML::Load(std::string(yamlText));
    } catch (const YAML::Exception& error) {
        throw InputError(file, "/", "is not valid YAML: line " + std::to_string(error.mark.line + 1)
                                        + ", column " + std::to_string(error.mark.column + 1)
                                        + ": " + error.msg);
    }
    if (!root.IsMap())
        throw InputError(file, "/", "must be a device-type map (manufacturer, model, slug, …)");

    NetboxImport result;
    result.file = file;
    const NetboxYamlReader r(root, problems);
    const auto comments = r.text("/", "comments").value_or("");
    nlohmann::json part = netboxInfrafitBlock(comments, problems).value_or(nlohmann::json::object());

    const auto setText = [&](const char* key, const char* field) {
        if (const auto value = r.text("/", key)) {
            part[field] = *value;
            result.mapped.push_back(std::string(field) + " (from " + key + ")");
        }
    };
    for (const char* required : {"manufacturer", "model", "slug"})
        if (!root[required])
            problems.push_back({std::string("/") + required, "is required in a NetBox device type"});
    setText("manufacturer", "vendor");
    setText("model", "model");
    setText("part_number", "part_number");
    const auto slug = r.text("/", "slug");
    if (slug && !part.contains("id"))
        part["id"] = *slug;
    if (const auto height = r.number("/", "u_height")) {
        if (*height < 0 || *height != std::floor(*height))
            problems.push_back({"/u_height", "must be a whole number of rack units (got "
                                                 + formatFieldValue(*height) + ")"});
        else
            part["rack_units"] = *height;
    }
    const auto weight = r.number("/", "weight");
    const auto weightUnit = r.text("/", "weight_unit");
    if (weight && !weightUnit)
        problems.push_back({"/weight_unit", "is required with weight"});
    if (weight && weightUnit) {
        if (const auto perUnit = netboxKgPerUnit(*weightUnit)) {
            part["weight_kg"] = std::round(*weight * *perUnit * 1000) / 1000;
            result.mapped.emplace_back("weight_kg (from weight, weight_unit)");
        } else {
            problems.push_back({"/weight_unit", "must be kg, g, lb or oz (got \"" + *weightUnit + "\")"});
        }
    }

    const auto outlets = netboxItems(root, "power-outlets", problems);
    const auto powerPorts = netboxItems(root, "power-ports", problems);
    const auto interfaces = netboxItems(root, "interfaces", problems);
    if (!part.contains("kind")) {
        int networkPorts = 0;
        for (const auto& iface : interfaces)
            networkPorts += !(iface["mgmt_only"] && iface["mgmt_only"].IsScalar()
                              && iface["mgmt_only"].Scalar() == "true");
        part["kind"] = !outlets.empty() ? "pdu" : networkPorts >= 8 ? "switch" : "";
        if (part["kind"] == "")
            problems.push_back({"/", "cannot tell the part kind: no power-outlets (a PDU) and "
                                     "fewer than 8 network interfaces (a switch); servers are "
                                     "imported only from files InfraFit wrote"});
    }
    const std::string kindName = part["kind"].is_string() ? part["kind"].get<std::string>() : "";
    if (kindName == "switch") {
        if (const auto full = r.flag("/", "is_full_depth"))
            part["full_depth"] = *full;
        if (const auto airflow = r.text("/", "airflow")) {
            part["airflow"] = *airflow;
            result.mapped.emplace_back("airflow");
        }
        netboxReadPorts(interfaces, part, result, problems);
        if (!powerPorts.empty()) {
            part["power_supplies"] = powerPorts.size();
            double maxDraw = 0;
            double allocated = 0;
            bool anyAllocated = false;
            for (std::size_t i = 0; i < powerPorts.size(); ++i) {
                NetboxYamlReader port(powerPorts[i], problems);
                const std::string at = "/power-ports/" + std::to_string(i) + "/";
                maxDraw = std::max(maxDraw, port.number(at, "maximum_draw").value_or(0));
                if (const auto a = port.number(at, "allocated_draw")) {
                    allocated += *a;
                    anyAllocated = true;
                }
            }
            // 1+1 switch PSUs: one carries the whole switch, so its maximum
            // is one port's maximum_draw times half the ports (the export's rule).
            if (maxDraw > 0) {
                part["max_power_w"] = maxDraw * static_cast<double>((powerPorts.size() + 1) / 2);
                result.mapped.emplace_back("max_power_w (from power-ports maximum_draw)");
            }
            if (anyAllocated) {
                part["typical_power_w"] = allocated;
                result.mapped.emplace_back("typical_power_w (from power-ports allocated_draw)");
            }
            result.mapped.emplace_back("power_supplies (from power-ports)");
        }
    } else if (kindName == "pdu") {
        int c13 = 0;
        int c19 = 0;
        std::map<std::string, int> otherOutlets;
        std::vector<std::string> legs;
        for (std::size_t i = 0; i < outlets.size(); ++i) {
            NetboxYamlReader outlet(outlets[i], problems);
            const std::string at = "/power-outlets/" + std::to_string(i) + "/";
            const auto type = outlet.text(at, "type").value_or("");
            if (type == "iec-60320-c13")
                ++c13;
            else if (type == "iec-60320-c19")
                ++c19;
            else
                ++otherOutlets[type.empty() ? "(no type)" : type];
            if (const auto leg = outlet.text(at, "feed_leg");
                leg && std::find(legs.begin(), legs.end(), *leg) == legs.end())
                legs.push_back(*leg);
        }
        part["outlets_c13"] = c13;
        part["outlets_c19"] = c19;
        part["phases"] = legs.size() > 1 ? 3 : 1;
        result.mapped.emplace_back("outlets_c13, outlets_c19, phases (from power-outlets and feed legs)");
        for (const auto& [type, count] : otherOutlets)
            result.ignored.push_back(std::to_string(count) + " power outlets of type " + type);
        if (!powerPorts.empty()) {
            NetboxYamlReader input(powerPorts.front(), problems);
            if (const auto plug = input.text("/power-ports/0/", "type"); plug && *plug != "other")
                part["input_plug"] = *plug;
        }
    }
    for (const char* key : {"console-ports", "console-server-ports", "front-ports", "rear-ports",
                            "module-bays", "device-bays", "inventory-items"})
        if (root[key])
            result.ignored.emplace_back(key);

    std::optional<Part> parsed;
    if (problems.empty()) {
        parsed = partFromJson(part, "", problems);
        // A value the part's rules refuse is reported where the file has
        // it, under its NetBox key ("/u_height", not "/rack_units").
        for (auto& problem : problems)
            for (const auto& [field, key] : netboxSourceKeys)
                if (problem.pointer == "/" + std::string(field) && root[key]) {
                    problem.pointer = "/" + std::string(key);
                    problem.message += " (InfraFit's " + std::string(field) + ")";
                }
    }
    if (!problems.empty() || !parsed)
        throw InputError(file, std::move(problems));
    result.part = std::move(*parsed);
    const PartKind kind = kindOf(result.part);
    for (const auto& spec : fieldsOf(kind))
        if (std::holds_alternative<std::monostate>(spec.view(result.part)))
            result.blank.emplace_back(spec.key);
    return result;
}

NetboxImportBatch importNetboxDeviceTypes(const std::vector<std::string>& paths)
{
    namespace fs = std::filesystem;
    std::vector<std::string> files;
    for (const auto& path : paths) {
        std::error_code ec;
        if (fs::is_directory(path, ec)) {
            std::vector<std::string> found;
            // With its subfolders: `netbox export` writes device-types/, and
            // the devicetype-library keeps one folder per manufacturer.
            for (const auto& entry : fs::recursive_directory_iterator(
                     path, fs::directory_options::skip_permission_denied, ec)) {
                const auto ext = entry.path().extension().string();
                if (entry.is_regular_file() && (ext == ".yaml" || ext == ".yml"))
                    found.push_back(entry.path().string());
            }
            std::sort(found.begin(), found.end());
            files.insert(files.end(), found.begin(), found.end());
        } else {
            files.push_back(path);
        }
    }
    NetboxImportBatch batch;
    std::map<std::string, std::string> idFile;
    for (const auto& file : files) {
        try {
            auto imported = importNetboxDeviceType(readTextFile(file), file);
            const std::string id = infoOf(imported.part).id;
            const auto [it, fresh] = idFile.emplace(id, file);
            if (!fresh)
                throw InputError(file, "/slug", "part id \"" + id + "\" is also imported from "
                                                    + it->second);
            batch.imports.push_back(std::move(imported));
        } catch (const InputError& error) {
            batch.errors.push_back(error);
        }
    }
    return batch;
}

} // namespace infrafit
