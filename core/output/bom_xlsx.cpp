// SPDX-License-Identifier: Apache-2.0
#include "core/output/bom_xlsx.h"

#include "core/output/report_format.h"
#include "core/output/bom_software.h"
#include "core/io/text_file.h"
#include "core/base/finite_value.h"

#include <xlsxwriter.h>

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <initializer_list>

#include <signal.h>
#include <unistd.h>

namespace infrafit {
namespace {

namespace fs = std::filesystem;

/// Formats shared by both sheets (owned by the workbook).
struct Formats {
    lxw_format* header = nullptr;
    lxw_format* bold = nullptr;
    lxw_format* usd = nullptr;
    lxw_format* usdBold = nullptr;
    lxw_format* count = nullptr;
    lxw_format* decimal = nullptr;
    lxw_format* wrap = nullptr;
};

Formats makeFormats(lxw_workbook* wb)
{
    Formats f;
    f.header = workbook_add_format(wb);
    format_set_bold(f.header);
    format_set_bg_color(f.header, 0xDDDDDD);
    format_set_bottom(f.header, LXW_BORDER_THIN);
    f.bold = workbook_add_format(wb);
    format_set_bold(f.bold);
    f.usd = workbook_add_format(wb);
    format_set_num_format(f.usd, "$#,##0.00");
    f.usdBold = workbook_add_format(wb);
    format_set_num_format(f.usdBold, "$#,##0.00");
    format_set_bold(f.usdBold);
    format_set_top(f.usdBold, LXW_BORDER_THIN);
    f.count = workbook_add_format(wb);
    format_set_num_format(f.count, "#,##0");
    f.decimal = workbook_add_format(wb);
    format_set_num_format(f.decimal, "#,##0.###");
    f.wrap = workbook_add_format(wb);
    format_set_text_wrap(f.wrap);
    return f;
}

std::string cellRef(lxw_row_t row, lxw_col_t col)
{
    std::string letters;
    for (int c = static_cast<int>(col) + 1; c > 0; c = (c - 1) / 26)
        letters.insert(letters.begin(), static_cast<char>('A' + (c - 1) % 26));
    return letters + std::to_string(row + 1);
}

void text(lxw_worksheet* ws, lxw_row_t row, lxw_col_t col, const std::string& value,
    lxw_format* format = nullptr)
{
    if (!value.empty())
        worksheet_write_string(ws, row, col, value.c_str(), format);
}

void number(
    lxw_worksheet* ws, lxw_row_t row, lxw_col_t col, double value, lxw_format* format = nullptr)
{
    worksheet_write_number(ws, row, col, finiteOrZero(value), format);
}

void formula(lxw_worksheet* ws, lxw_row_t row, lxw_col_t col, const std::string& f, double value,
    lxw_format* format)
{
    worksheet_write_formula_num(ws, row, col, f.c_str(), format, finiteOrZero(value));
}

/// A header row: `names` from column 0 in the header format.
void headerRow(lxw_worksheet* ws, lxw_row_t row, std::initializer_list<const char*> names,
    const Formats& f)
{
    lxw_col_t col = 0;
    for (const char* name : names)
        worksheet_write_string(ws, row, col++, name, f.header);
}

/// Writes the Lines sheet; returns the row of the total.
lxw_row_t writeLines(lxw_worksheet* ws, const BillOfMaterials& bom, const Formats& f)
{
    headerRow(ws, 0, {"Kind", "Vendor", "Model", "Part id", "Per node", "Nodes", "Quantity",
        "Unit price (USD)", "Extended (USD)", "Price", "Note", "Part number"}, f);
    worksheet_freeze_panes(ws, 1, 0);
    worksheet_set_column(ws, 0, 1, 12, nullptr);
    worksheet_set_column(ws, 2, 3, 30, nullptr);
    worksheet_set_column(ws, 4, 6, 10, nullptr);
    worksheet_set_column(ws, 7, 8, 16, nullptr);
    worksheet_set_column(ws, 9, 9, 11, nullptr);
    worksheet_set_column(ws, 10, 10, 44, nullptr);
    worksheet_set_column(ws, 11, 11, 22, nullptr);

    lxw_row_t row = 1;
    for (const auto& l : bom.lines) {
        text(ws, row, 0, kindLabel(l.kind));
        text(ws, row, 1, l.vendor);
        text(ws, row, 2, l.model);
        text(ws, row, 3, l.partId);
        if (l.quantityPerNode)
            number(ws, row, 4, static_cast<double>(*l.quantityPerNode), f.count);
        if (l.nodes)
            number(ws, row, 5, static_cast<double>(*l.nodes), f.count);
        number(ws, row, 6, static_cast<double>(l.totalQuantity), f.count);
        number(ws, row, 7, l.unitPriceUsd, f.usd);
        const bool priced
            = l.priceStatus == PriceStatus::Listed || l.priceStatus == PriceStatus::Estimated;
        if (priced)
            formula(ws, row, 8, "=" + cellRef(row, 6) + "*" + cellRef(row, 7), l.extendedPriceUsd,
                f.usd);
        else
            number(ws, row, 8, 0, f.usd);
        text(ws, row, 9, std::string(enumName(l.priceStatus)));
        text(ws, row, 10, l.note);
        // Last column, so the formulas' column letters stay those of earlier files.
        text(ws, row, 11, l.partNumber);
        ++row;
    }
    const lxw_row_t lastLine = row - 1;
    const std::string kinds = "$A$2:$A$" + std::to_string(lastLine + 1);
    const std::string extended = "$I$2:$I$" + std::to_string(lastLine + 1);
    ++row; // blank row between the lines and the subtotals
    for (const auto& s : bom.subtotals) {
        text(ws, row, 0, "Subtotal", f.bold);
        text(ws, row, 1, kindLabel(s.kind));
        formula(ws, row, 6,
            "=SUMIF(" + kinds + ",\"" + kindLabel(s.kind) + "\",$G$2:$G$"
                + std::to_string(lastLine + 1) + ")",
            static_cast<double>(s.quantity), f.count);
        formula(ws, row, 8, "=SUMIF(" + kinds + ",\"" + kindLabel(s.kind) + "\"," + extended + ")",
            s.extendedPriceUsd, f.usd);
        if (s.includesEstimates)
            text(ws, row, 9, "estimated");
        ++row;
    }
    const lxw_row_t totalRow = row;
    text(ws, totalRow, 0, "Total", f.bold);
    formula(ws, totalRow, 8, "=SUM(" + extended + ")", bom.totals.totalUsd, f.usdBold);
    text(ws, totalRow, 10, totalCaption(bom.totals), f.bold);
    row = totalRow + 1;
    for (const auto& missing : bom.totals.missingPrices)
        text(ws, row++, 10, "Price missing: " + missing);
    return totalRow;
}

void writeSummary(
    lxw_worksheet* ws, const BillOfMaterials& bom, const Formats& f, lxw_row_t totalRow)
{
    headerRow(ws, 0, {"Section", "Item", "Value", "Unit"}, f);
    worksheet_freeze_panes(ws, 1, 0);
    worksheet_set_column(ws, 0, 0, 18, nullptr);
    worksheet_set_column(ws, 1, 1, 30, nullptr);
    worksheet_set_column(ws, 2, 2, 24, nullptr);
    worksheet_set_column(ws, 3, 3, 60, nullptr);
    lxw_row_t row = 1;
    for (const auto& r : bomSummaryRows(bom)) {
        text(ws, row, 0, r.section);
        text(ws, row, 1, r.label);
        if (r.label == "Capital cost") {
            formula(ws, row, 2, "=Lines!" + cellRef(totalRow, 8), *r.value, f.usd);
        } else if (r.value) {
            number(ws, row, 2, *r.value, r.unit == "USD" ? f.usd : f.decimal);
        } else {
            text(ws, row, 2, r.text);
        }
        // A lower bound (a part without a price) says so beside its number.
        text(ws, row, 3,
            r.value && r.text.rfind("\u2265", 0) == 0 ? r.unit + ", lower bound: " + r.text
                                                      : r.unit);
        ++row;
    }
    ++row;
    text(ws, row, 0, "Findings", f.header);
    text(ws, row, 1, "Code", f.header);
    text(ws, row, 2, "Severity", f.header);
    text(ws, row, 3, "Message", f.header);
    ++row;
    for (const auto& finding : bom.summary.findings) {
        text(ws, row, 1, finding.code);
        text(ws, row, 2, std::string(enumName(finding.severity)));
        text(ws, row, 3,
            finding.message + (finding.suggestion.empty() ? "" : " " + finding.suggestion));
        ++row;
    }
    ++row;
    text(ws, row, 0, "Assumptions", f.header);
    text(ws, row, 1, "Key", f.header);
    text(ws, row, 2, "Value", f.header);
    text(ws, row, 3, "Unit and source", f.header);
    ++row;
    for (const auto& a : bom.summary.assumptions) {
        text(ws, row, 1, std::string(a.key));
        number(ws, row, 2, a.value, f.decimal);
        text(ws, row, 3, std::string(a.unit) + " - " + std::string(a.source));
        ++row;
    }
    // The project's requirements against the parts.
    if (!bom.summary.compliance.empty()) {
        ++row;
        text(ws, row, 0, "Compliance", f.header);
        text(ws, row, 1, "Requirement", f.header);
        text(ws, row, 2, "Status", f.header);
        text(ws, row, 3, "Part, value and source", f.header);
        ++row;
        for (const auto& item : bom.summary.compliance) {
            text(ws, row, 1, item.label);
            text(ws, row, 2, std::string(enumName(item.status)));
            text(ws, row, 3, item.partModel + ": " + item.value
                    + (item.source.empty() ? "" : " (source: " + item.source + ")"));
            ++row;
        }
    }
    // The recommended driver, toolkit and container image (bom_software.h).
    const auto softwareRows = bomSoftwareRows(bom.summary);
    if (softwareRows.empty())
        return;
    ++row;
    text(ws, row, 0, "Software stack", f.header);
    text(ws, row, 1, "Item", f.header);
    text(ws, row, 2, "Value", f.header);
    ++row;
    for (const auto& item : softwareRows) {
        text(ws, row, 1, item.label);
        text(ws, row, 2, item.value);
        ++row;
    }
}

/// Sheet "Cables": one row per cable of the rack layout (From | To | Type |
/// Length (m) | Purpose), header frozen, then the totals per cable type
/// (Type | Cables | Length (m) | Transceivers | Cable unit (USD) |
/// Transceiver unit (USD) | Total (USD)) with a SUM total: the same figures
/// as the cable CSV and, with `bom --layout-cables`, the BOM's cable lines.
void writeCables(lxw_worksheet* ws, const RackLayout& layout, const Formats& f)
{
    headerRow(ws, 0, {"From", "To", "Type", "Length (m)", "Purpose"}, f);
    worksheet_freeze_panes(ws, 1, 0);
    worksheet_set_column(ws, 0, 1, 28, nullptr);
    worksheet_set_column(ws, 2, 2, 14, nullptr);
    worksheet_set_column(ws, 3, 6, 14, nullptr);
    lxw_row_t row = 1;
    for (const auto& c : layout.cables) {
        text(ws, row, 0, c.from);
        text(ws, row, 1, c.to);
        text(ws, row, 2, c.type);
        number(ws, row, 3, c.lengthM, f.decimal);
        text(ws, row, 4, c.purpose);
        ++row;
    }
    ++row;
    headerRow(ws, row, {"Cable type", "Cables", "Length (m)", "Transceivers",
        "Cable unit (USD)", "Transceiver unit (USD)", "Total (USD)"}, f);
    ++row;
    const lxw_row_t firstTotal = row;
    double sum = 0;
    for (const auto& t : layout.cableTotals) {
        text(ws, row, 0, t.type);
        number(ws, row, 1, static_cast<double>(t.count), f.count);
        number(ws, row, 2, t.lengthM, f.decimal);
        number(ws, row, 3, static_cast<double>(t.count * t.transceiversPerCable), f.count);
        number(ws, row, 4, t.cableUnitUsd, f.usd);
        number(ws, row, 5, t.transceiverUnitUsd, f.usd);
        number(ws, row, 6, t.totalUsd, f.usd);
        sum += finiteOrZero(t.totalUsd);
        ++row;
    }
    text(ws, row, 0, "Total", f.bold);
    if (row > firstTotal)
        formula(ws, row, 6,
            "=SUM(" + cellRef(firstTotal, 6) + ":" + cellRef(row - 1, 6) + ")", sum, f.usdBold);
    else
        number(ws, row, 6, 0, f.usdBold);
}

std::time_t createdTime(const std::string& isoDate)
{
    std::tm tm {};
    if (std::sscanf(isoDate.c_str(), "%4d-%2d-%2d", &tm.tm_year, &tm.tm_mon, &tm.tm_mday) != 3)
        return 1; // 1970: any fixed value keeps the file reproducible
    tm.tm_year -= 1900;
    tm.tm_mon -= 1;
    const std::time_t t = timegm(&tm);
    return t > 0 ? t : 1;
}

/// The prefix of a scratch directory; the creating process's id follows it,
/// so a later run can tell a dead run's leftover from a live one's.
constexpr const char* kScratchPrefix = "infrafit-xlsx-";

/// Removes scratch directories left in `dir` by runs that were killed before
/// they could remove them: "infrafit-xlsx-<pid>-XXXXXX" whose process no
/// longer exists. A live process's directory (another export's) is left
/// alone. Errors are ignored: this is housekeeping.
void sweepDeadRuns(const fs::path& dir)
{
    std::error_code ec;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
        const std::string name = it->path().filename().string();
        if (name.rfind(kScratchPrefix, 0) != 0)
            continue;
        char* after = nullptr;
        const long pid = std::strtol(name.c_str() + std::strlen(kScratchPrefix), &after, 10);
        if (pid <= 0 || !after || *after != '-')
            continue;
        std::error_code ignored;
        if (::kill(static_cast<pid_t>(pid), 0) != 0 && errno == ESRCH
            && fs::is_directory(fs::symlink_status(it->path(), ignored)))
            fs::remove_all(it->path(), ignored);
    }
}

/// A private scratch directory for libxlsxwriter, which writes the workbook
/// only to a named file and keeps its parts in temporary files of its own
/// (named for an instant; libxlsxwriter 1.1.4's tmpfileplus). Both go into
/// "infrafit-xlsx-<pid>-XXXXXX" (mkdtemp: mode 0700, a new name that no
/// other file has), removed when this goes out of scope; a run killed
/// before that leaves the directory, which the next export removes
/// (sweepDeadRuns).
class ScratchDirectory {
public:
    ScratchDirectory()
    {
        const fs::path tmp = fs::temp_directory_path();
        sweepDeadRuns(tmp);
        std::string pattern
            = (tmp / (kScratchPrefix + std::to_string(::getpid()) + "-XXXXXX")).string();
        if (!::mkdtemp(pattern.data()))
            throw FileWriteError("cannot create a temporary directory for the XLSX workbook in "
                + tmp.string() + ": " + std::strerror(errno));
        mDir = pattern;
    }
    ~ScratchDirectory()
    {
        std::error_code ignored;
        fs::remove_all(mDir, ignored);
    }
    ScratchDirectory(const ScratchDirectory&) = delete;
    ScratchDirectory& operator=(const ScratchDirectory&) = delete;
    [[nodiscard]] const std::string& path() const { return mDir; }
    /// The workbook's file in this directory.
    [[nodiscard]] std::string workbook() const { return mDir + "/workbook.xlsx"; }

private:
    std::string mDir;
};

/// A workbook in `scratch` (see ScratchDirectory).
lxw_workbook* openWorkbook(const ScratchDirectory& scratch)
{
    lxw_workbook_options options {};
    options.tmpdir = const_cast<char*>(scratch.path().c_str());
    lxw_workbook* wb = workbook_new_opt(scratch.workbook().c_str(), &options);
    if (!wb)
        throw FileWriteError("cannot create an XLSX workbook in " + scratch.path());
    return wb;
}

/// Closes (writes) the workbook and returns the file's bytes.
std::string closeWorkbook(lxw_workbook* wb, const ScratchDirectory& scratch)
{
    const lxw_error error = workbook_close(wb);
    if (error != LXW_NO_ERROR)
        throw FileWriteError(std::string("cannot build the XLSX workbook: ") + lxw_strerror(error));
    try {
        return readTextFile(scratch.workbook());
    } catch (const std::exception& readError) {
        throw FileWriteError(
            std::string("cannot read back the XLSX workbook: ") + readError.what());
    }
}

} // namespace

std::string bomToXlsx(const BillOfMaterials& bom)
{
    // libxlsxwriter 1.1.4 writes only to a named file: build the workbook in
    // a private temporary file and return its bytes (the caller writes them
    // atomically where the user asked).
    ScratchDirectory scratch;
    lxw_workbook* wb = openWorkbook(scratch);
    const std::string title = bomTitle(bom.summary);
    const std::string company = bom.summary.projectName;
    lxw_doc_properties properties {};
    properties.title = const_cast<char*>(title.c_str());
    properties.company = const_cast<char*>(company.c_str());
    properties.author = const_cast<char*>("InfraFit");
    properties.created = createdTime(bom.summary.date);
    workbook_set_properties(wb, &properties);
    const Formats formats = makeFormats(wb);
    lxw_worksheet* summary = workbook_add_worksheet(wb, "Summary");
    lxw_worksheet* lines = workbook_add_worksheet(wb, "Lines");
    const lxw_row_t totalRow = writeLines(lines, bom, formats);
    writeSummary(summary, bom, formats, totalRow);
    if (bom.layout)
        writeCables(workbook_add_worksheet(wb, "Cables"), *bom.layout, formats);
    return closeWorkbook(wb, scratch);
}

std::string cableListToXlsx(const RackLayout& layout, const std::string& title)
{
    ScratchDirectory scratch;
    lxw_workbook* wb = openWorkbook(scratch);
    lxw_doc_properties properties {};
    properties.title = const_cast<char*>(title.c_str());
    properties.author = const_cast<char*>("InfraFit");
    properties.created = 1; // reproducible: the cable list carries no date
    workbook_set_properties(wb, &properties);
    writeCables(workbook_add_worksheet(wb, "Cables"), layout, makeFormats(wb));
    return closeWorkbook(wb, scratch);
}

} // namespace infrafit
