// SPDX-License-Identifier: Apache-2.0
#include "ui/measurements/measurement_table_model.h"

#include "ui/project/project_document.h"

#include <algorithm>
#include <cmath>

namespace infrafit::ui {
namespace {

QString measurementOptionalText(const std::optional<double>& v)
{
    return v ? QString::number(*v, 'g', 6) : QString();
}

/// Which figure a row measures: 0 step time, 1 tokens/s, 2 output tokens/s.
int measurementFigureIndex(const Measurement& m)
{
    return m.stepTimeS ? 0 : m.tokensPerS ? 1 : m.outputTokensPerS ? 2 : -1;
}

std::optional<double>& measurementFigureSlot(Measurement& m, int figure)
{
    return figure == 0 ? m.stepTimeS : figure == 1 ? m.tokensPerS : m.outputTokensPerS;
}

} // namespace

MeasurementTableModel::MeasurementTableModel(ProjectDocument* document, QObject* parent)
    : QAbstractTableModel(parent), mDocument(document)
{
    connect(mDocument, &ProjectDocument::changed, this, [this] {
        beginResetModel();
        endResetModel();
    });
}

QStringList MeasurementTableModel::figureLabels()
{
    return {tr("Step time (s)"), tr("Tokens/s"), tr("Output tokens/s")};
}

int MeasurementTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(mDocument->project().measurements.size());
}

int MeasurementTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant MeasurementTableModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount()
        || (role != Qt::DisplayRole && role != Qt::EditRole))
        return {};
    const auto& m = mDocument->project().measurements[static_cast<std::size_t>(index.row())];
    const int figure = measurementFigureIndex(m);
    switch (index.column()) {
    case NameColumn:
        return QString::fromStdString(m.name);
    case WorkloadColumn:
        return QString::fromStdString(m.workload);
    case ConfigurationColumn:
        return QString::fromStdString(m.configuration);
    case FigureColumn:
        return figure >= 0 ? figureLabels().at(figure) : QString();
    case ValueColumn:
        return figure == 0 ? QVariant(*m.stepTimeS)
            : figure == 1  ? QVariant(*m.tokensPerS)
            : figure == 2  ? QVariant(*m.outputTokensPerS)
                           : QVariant();
    case TtftP50Column:
        return measurementOptionalText(m.ttftMs.p50);
    case TtftP99Column:
        return measurementOptionalText(m.ttftMs.p99);
    case TpotP50Column:
        return measurementOptionalText(m.tpotMs.p50);
    case TpotP99Column:
        return measurementOptionalText(m.tpotMs.p99);
    default:
        return {};
    }
}

QVariant MeasurementTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    const QStringList names {tr("Run"), tr("Workload"), tr("Configuration"), tr("Figure"),
        tr("Measured"), tr("TTFT p50 (ms)"), tr("TTFT p99 (ms)"), tr("TPOT p50 (ms)"),
        tr("TPOT p99 (ms)")};
    return section >= 0 && section < names.size() ? names.at(section) : QVariant();
}

Qt::ItemFlags MeasurementTableModel::flags(const QModelIndex& index) const
{
    if (!index.isValid())
        return Qt::NoItemFlags;
    return Qt::ItemIsSelectable | Qt::ItemIsEnabled | Qt::ItemIsEditable;
}

bool MeasurementTableModel::setData(const QModelIndex& index, const QVariant& value, int role)
{
    if (!index.isValid() || role != Qt::EditRole || index.row() >= rowCount())
        return false;
    Project after = mDocument->project();
    auto& m = after.measurements[static_cast<std::size_t>(index.row())];
    const QString text = value.toString().trimmed();
    bool ok = true;
    const auto number = [&]() -> std::optional<double> {
        if (text.isEmpty())
            return std::nullopt;
        const double v = text.toDouble(&ok);
        ok = ok && std::isfinite(v) && v > 0;
        return ok ? std::optional<double>(v) : std::nullopt;
    };
    switch (index.column()) {
    case NameColumn: {
        const std::string name = text.toStdString();
        for (std::size_t i = 0; i < after.measurements.size(); ++i)
            if (static_cast<int>(i) != index.row() && after.measurements[i].name == name)
                return false; // names stay unique
        if (name.empty())
            return false;
        m.name = name;
        break;
    }
    case WorkloadColumn:
        m.workload = text.toStdString();
        break;
    case ConfigurationColumn:
        m.configuration = text.toStdString();
        break;
    case FigureColumn: {
        const QStringList keys {QStringLiteral("step_time_s"), QStringLiteral("tokens_per_s"),
            QStringLiteral("output_tokens_per_s")};
        auto figure = static_cast<int>(figureLabels().indexOf(text));
        if (figure < 0)
            figure = static_cast<int>(keys.indexOf(text));
        if (figure < 0)
            return false;
        const int old = measurementFigureIndex(m);
        const double v = old >= 0 ? *measurementFigureSlot(m, old) : 1.0;
        m.stepTimeS.reset();
        m.tokensPerS.reset();
        m.outputTokensPerS.reset();
        measurementFigureSlot(m, figure) = v;
        break;
    }
    case ValueColumn: {
        const auto v = number();
        if (!ok || !v)
            return false;
        const int figure = std::max(0, measurementFigureIndex(m));
        measurementFigureSlot(m, figure) = v;
        break;
    }
    case TtftP50Column:
    case TtftP99Column:
    case TpotP50Column:
    case TpotP99Column: {
        const auto v = number();
        if (!ok)
            return false;
        auto& l = index.column() <= TtftP99Column ? m.ttftMs : m.tpotMs;
        (index.column() == TtftP50Column || index.column() == TpotP50Column ? l.p50 : l.p99) = v;
        break;
    }
    default:
        return false;
    }
    mDocument->apply(std::move(after), tr("Edit measured run"),
        QStringLiteral("measurement/%1/%2").arg(index.row()).arg(index.column()));
    return true;
}

} // namespace infrafit::ui
