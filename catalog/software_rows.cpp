// SPDX-License-Identifier: Apache-2.0
#include "catalog/software_rows.h"

#include "catalog/sqlite/database.h"
#include "catalog/sqlite/statement.h"
#include "core/io/software_compat_json.h"

#include <nlohmann/json.hpp>

#include <string>

namespace infrafit::catalog {
namespace {

constexpr std::string_view softwareRowsColumns
    = "architecture, vendor, stack, min_driver_branch, last_driver_branch, "
      "min_toolkit_version, last_toolkit_version, recommended_driver, recommended_toolkit, "
      "container_image, precisions, frameworks, end_of_support, source, source_date, notes";

std::string softwareRowsText(const sqlite::Statement& s, int column)
{
    const auto text = s.columnTextOrNull(column);
    return text ? std::string(*text) : std::string();
}

void softwareRowsBindText(sqlite::Statement& s, int index, const std::string& text)
{
    if (text.empty())
        s.bindNull(index);
    else
        s.bind(index, std::string_view(text));
}

} // namespace

SoftwareTable readSoftwareRows(sqlite::Database& db)
{
    SoftwareTable table;
    auto s = db.prepare("SELECT " + std::string(softwareRowsColumns)
                        + " FROM software_compat ORDER BY architecture");
    while (s.step()) {
        SoftwareCompat row;
        row.architecture = softwareRowsText(s, 0);
        row.vendor = softwareRowsText(s, 1);
        int stack = 0;
        const std::string stackName = softwareRowsText(s, 2);
        for (std::size_t i = 0; i < EnumNames<SoftwareStack>::names.size(); ++i)
            if (EnumNames<SoftwareStack>::names[i] == stackName)
                stack = static_cast<int>(i);
        row.stack = static_cast<SoftwareStack>(stack);
        row.minDriverBranch = softwareRowsText(s, 3);
        row.lastDriverBranch = softwareRowsText(s, 4);
        row.minToolkitVersion = softwareRowsText(s, 5);
        row.lastToolkitVersion = softwareRowsText(s, 6);
        row.recommendedDriver = softwareRowsText(s, 7);
        row.recommendedToolkit = softwareRowsText(s, 8);
        row.containerImage = softwareRowsText(s, 9);
        // The JSON columns were written by putSoftwareRow from validated
        // rows; a hand-edited database that breaks them loses that list only.
        const auto precisions
            = nlohmann::json::parse(softwareRowsText(s, 10), nullptr, false);
        if (precisions.is_array())
            for (const auto& p : precisions)
                if (p.is_string())
                    row.precisions.push_back(p.get<std::string>());
        const auto frameworks
            = nlohmann::json::parse(softwareRowsText(s, 11), nullptr, false);
        std::vector<Problem> ignored;
        if (frameworks.is_array())
            row.frameworks = frameworkFeaturesFromJson(frameworks, "/frameworks", ignored);
        row.endOfSupport = softwareRowsText(s, 12);
        row.source = softwareRowsText(s, 13);
        row.sourceDate = softwareRowsText(s, 14);
        row.notes = softwareRowsText(s, 15);
        table.rows.push_back(std::move(row));
    }
    s.reset();
    return table;
}

bool putSoftwareRow(sqlite::Database& db, const SoftwareCompat& row)
{
    const bool existed = eraseSoftwareRow(db, row.architecture);
    auto s = db.prepare("INSERT INTO software_compat (" + std::string(softwareRowsColumns)
                        + ") VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, "
                          "?14, ?15, ?16)");
    s.bind(1, std::string_view(row.architecture));
    softwareRowsBindText(s, 2, row.vendor);
    s.bind(3, enumName(row.stack));
    softwareRowsBindText(s, 4, row.minDriverBranch);
    softwareRowsBindText(s, 5, row.lastDriverBranch);
    softwareRowsBindText(s, 6, row.minToolkitVersion);
    softwareRowsBindText(s, 7, row.lastToolkitVersion);
    softwareRowsBindText(s, 8, row.recommendedDriver);
    softwareRowsBindText(s, 9, row.recommendedToolkit);
    softwareRowsBindText(s, 10, row.containerImage);
    s.bind(11, std::string_view(nlohmann::json(row.precisions).dump()));
    s.bind(12, std::string_view(frameworkFeaturesToJson(row.frameworks).dump()));
    softwareRowsBindText(s, 13, row.endOfSupport);
    s.bind(14, std::string_view(row.source));
    s.bind(15, std::string_view(row.sourceDate));
    softwareRowsBindText(s, 16, row.notes);
    s.step();
    s.reset();
    return existed;
}

bool eraseSoftwareRow(sqlite::Database& db, std::string_view architecture)
{
    auto s = db.prepare("DELETE FROM software_compat WHERE architecture = ?1");
    s.bind(1, architecture);
    s.step();
    s.reset();
    return db.changes() > 0;
}

} // namespace infrafit::catalog
