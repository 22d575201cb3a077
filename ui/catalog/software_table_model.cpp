// SPDX-License-Identifier: Apache-2.0
#include "ui/catalog/software_table_model.h"

#include "ui/catalog/catalog_editor.h"
#include "ui/qt_text.h"

#include <QStringList>

namespace infrafit::ui {
namespace {

/// "R384 – R580", "11.0", or "—" when neither is known.
QString softwareRange(const std::string& first, const std::string& last)
{
    QString text = first.empty() ? QStringLiteral("—") : toQString(first);
    if (!last.empty())
        text += QStringLiteral(" – ") + toQString(last);
    return text;
}

} // namespace

SoftwareTableModel::SoftwareTableModel(CatalogEditor* editor, QObject* parent)
    : QAbstractTableModel(parent), mEditor(editor)
{
    connect(mEditor, &CatalogEditor::softwareChanged, this, [this] {
        beginResetModel();
        endResetModel();
    });
}

int SoftwareTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(mEditor->softwareTable().rows.size());
}

int SoftwareTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

const SoftwareCompat* SoftwareTableModel::rowAt(int row) const
{
    const auto& rows = mEditor->softwareTable().rows;
    return row >= 0 && row < static_cast<int>(rows.size()) ? &rows[static_cast<std::size_t>(row)]
                                                           : nullptr;
}

int SoftwareTableModel::rowOf(const std::string& architecture) const
{
    const auto& rows = mEditor->softwareTable().rows;
    for (std::size_t i = 0; i < rows.size(); ++i)
        if (rows[i].architecture == architecture)
            return static_cast<int>(i);
    return -1;
}

QVariant SoftwareTableModel::data(const QModelIndex& index, int role) const
{
    const SoftwareCompat* row = index.isValid() ? rowAt(index.row()) : nullptr;
    if (!row || (role != Qt::DisplayRole && role != Qt::ToolTipRole))
        return {};
    const auto orNone = [](const std::string& text) {
        return text.empty() ? QStringLiteral("—") : toQString(text);
    };
    switch (index.column()) {
    case ArchitectureColumn: return toQString(row->architecture);
    case VendorColumn: return orNone(row->vendor);
    case StackColumn: return toQString(softwareStackLabel(row->stack));
    case MinDriverColumn: return softwareRange(row->minDriverBranch, row->lastDriverBranch);
    case MinToolkitColumn: return softwareRange(row->minToolkitVersion, row->lastToolkitVersion);
    case RecommendedDriverColumn: return orNone(row->recommendedDriver);
    case RecommendedToolkitColumn: return orNone(row->recommendedToolkit);
    case ContainerImageColumn: return orNone(row->containerImage);
    case PrecisionsColumn: {
        QStringList list;
        for (const auto& p : row->precisions)
            list << toQString(p);
        return list.join(QStringLiteral(", "));
    }
    case FrameworksColumn: return QString::number(row->frameworks.size());
    case EndOfSupportColumn: return orNone(row->endOfSupport);
    case SourceColumn: return toQString(row->source);
    case SourceDateColumn: return toQString(row->sourceDate);
    default: return {};
    }
}

QVariant SoftwareTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case ArchitectureColumn: return tr("Architecture");
    case VendorColumn: return tr("Vendor");
    case StackColumn: return tr("Stack");
    case MinDriverColumn: return tr("Driver branches");
    case MinToolkitColumn: return tr("Toolkit releases");
    case RecommendedDriverColumn: return tr("Recommended driver");
    case RecommendedToolkitColumn: return tr("Recommended toolkit");
    case ContainerImageColumn: return tr("Container image");
    case PrecisionsColumn: return tr("Hardware precisions");
    case FrameworksColumn: return tr("Framework statements");
    case EndOfSupportColumn: return tr("End of support");
    case SourceColumn: return tr("Source");
    case SourceDateColumn: return tr("Checked");
    default: return {};
    }
}

} // namespace infrafit::ui
