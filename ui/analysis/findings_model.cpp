// SPDX-License-Identifier: Apache-2.0
#include "ui/analysis/findings_model.h"

#include "ui/qt_text.h"

#include <QApplication>
#include <QColor>
#include <QStyle>

#include <algorithm>

namespace infrafit::ui {

FindingsModel::FindingsModel(QObject* parent) : QAbstractTableModel(parent) {}

void FindingsModel::setFindings(Findings findings)
{
    beginResetModel();
    mFindings = std::move(findings);
    endResetModel();
}

int FindingsModel::count(Severity severity) const
{
    return static_cast<int>(std::count_if(mFindings.begin(), mFindings.end(),
                                          [&](const Finding& f) { return f.severity == severity; }));
}

int FindingsModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(mFindings.size());
}

int FindingsModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant FindingsModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Finding& finding = mFindings[static_cast<std::size_t>(index.row())];
    if (role == Qt::DisplayRole || role == Qt::ToolTipRole) {
        switch (index.column()) {
        case SeverityColumn:
            switch (finding.severity) {
            case Severity::Error: return tr("Error");
            case Severity::Warning: return tr("Warning");
            case Severity::Info: return tr("Info");
            }
            return {};
        case MessageColumn: return toQString(finding.message);
        case SuggestionColumn: return toQString(finding.suggestion);
        case CodeColumn: return toQString(finding.code);
        default: return {};
        }
    }
    if (role == Qt::DecorationRole && index.column() == SeverityColumn) {
        const auto icon = finding.severity == Severity::Error     ? QStyle::SP_MessageBoxCritical
                          : finding.severity == Severity::Warning ? QStyle::SP_MessageBoxWarning
                                                                  : QStyle::SP_MessageBoxInformation;
        return QApplication::style()->standardIcon(icon);
    }
    return {};
}

QVariant FindingsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case SeverityColumn: return tr("Severity");
    case MessageColumn: return tr("Finding");
    case SuggestionColumn: return tr("What to change");
    case CodeColumn: return tr("Code");
    default: return {};
    }
}

} // namespace infrafit::ui
