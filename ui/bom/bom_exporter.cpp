// SPDX-License-Identifier: Apache-2.0
#include "ui/bom/bom_exporter.h"

#include "core/bom/build_bom.h"
#include "core/base/input_error.h"
#include "core/io/text_file.h"
#include "core/project/resolve_configuration.h"
#include "ui/analysis/live_analysis.h"
#include "ui/catalog/catalog_editor.h"
#include "ui/dialogs/dialogs.h"
#include "ui/project/project_document.h"
#include "ui/qt_text.h"

#include <QFileInfo>

namespace infrafit::ui {

BomExporter::BomExporter(
    ProjectDocument* document, CatalogEditor* catalog, LiveAnalysis* analysis, QObject* parent)
    : QObject(parent), mDocument(document), mCatalog(catalog), mAnalysis(analysis)
{
}

std::optional<BomFormat> BomExporter::formatFor(const QString& path)
{
    QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == QStringLiteral("htm"))
        suffix = QStringLiteral("html");
    return enumFromName<BomFormat>(toStdString(suffix));
}

QString BomExporter::exportTo(const QString& path) const
{
    const auto format = formatFor(path);
    if (!format)
        return tr("Cannot tell the format of %1: name it .csv, .xlsx, .pdf, .html or .json.")
            .arg(path);
    const Project& project = mDocument->project();
    if (project.configurations.empty())
        return tr("The project has no configuration to export a bill of materials for.");
    const PartLookup lookup = [this](std::string_view id) -> std::optional<Part> {
        if (const Part* part = mCatalog->findPart(id))
            return *part;
        return std::nullopt;
    };
    BomContext context;
    context.projectName = project.name;
    context.date = reportDateToday();
    // The catalog's software rows pick the recommended driver and toolkit.
    context.software = &mCatalog->softwareTable();
    // The catalog's switches and PDUs stand in the report's rack drawings.
    context.catalog = &lookup;
    try {
        const auto index = static_cast<std::size_t>(mAnalysis->configurationIndex());
        const ResolvedConfiguration resolved = resolveConfiguration(project, index, lookup);
        // The dashboard's own evaluation, so the report shows what the user sees.
        const auto& evaluation = mAnalysis->result();
        BillOfMaterials bom = evaluation && evaluation->infrastructure
            ? buildBom(resolved, *evaluation, context)
            : buildProjectBom(project, lookup, resolved.config.name, {}, context);
        // The compliance table, as the CLI's bom writes it (buildProjectBom
        // adds it itself).
        if (evaluation && evaluation->infrastructure)
            addComplianceTable(bom, project.requirements, resolved);
        // Neither the project file nor the catalog database may be overwritten.
        std::vector<std::string> inputs = databaseFiles(mCatalog->store().path());
        if (!mDocument->filePath().isEmpty())
            inputs.push_back(toStdString(mDocument->filePath()));
        checkOutputIsNotInput(toStdString(path), inputs);
        exportBom(bom, *format, toStdString(path));
    } catch (const InputError& error) {
        QStringList lines;
        for (const auto& problem : error.problems())
            lines << toQString(problem.pointer) + QStringLiteral(": ") + toQString(problem.message);
        return tr("The configuration cannot be exported yet:\n%1")
            .arg(lines.join(QLatin1Char('\n')));
    } catch (const std::exception& error) {
        return QString::fromUtf8(error.what());
    }
    return {};
}

void BomExporter::exportWithDialog(QWidget* parent)
{
    const Project& project = mDocument->project();
    if (project.configurations.empty()) {
        Dialogs::warning(parent, tr("Export BOM"),
            tr("Add a configuration first: the bill of materials lists its parts."));
        return;
    }
    const auto index = static_cast<std::size_t>(mAnalysis->configurationIndex());
    const QString suggested
        = toQString(
              project.configurations.at(std::min(index, project.configurations.size() - 1)).name)
        + QStringLiteral("-bom.pdf");
    QString chosenFilter;
    QString path = Dialogs::saveFileName(parent, tr("Export Bill of Materials"),
        tr("PDF report (*.pdf);;Excel workbook (*.xlsx);;CSV (*.csv);;HTML (*.html);;JSON "
           "(*.json)"),
        suggested, &chosenFilter);
    if (path.isEmpty())
        return;
    if (QFileInfo(path).suffix().isEmpty()) {
        const QString extension = extensionOfFilter(chosenFilter);
        path += extension.isEmpty() ? QStringLiteral(".pdf") : extension;
    }
    if (const QString error = exportTo(path); !error.isEmpty()) {
        Dialogs::warning(parent, tr("Export BOM"), error);
        return;
    }
    emit exported(path);
}

QString BomExporter::extensionOfFilter(const QString& filter)
{
    const qsizetype star = filter.indexOf(QStringLiteral("(*."));
    if (star < 0)
        return {};
    const qsizetype end = filter.indexOf(QLatin1Char(')'), star);
    const QString extension = filter.mid(star + 2, end < 0 ? -1 : end - star - 2);
    return extension.contains(QLatin1Char(' ')) ? extension.section(QLatin1Char(' '), 0, 0)
                                                : extension;
}

} // namespace infrafit::ui
