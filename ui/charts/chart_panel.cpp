// SPDX-License-Identifier: Apache-2.0
#include "ui/charts/chart_panel.h"

#include "core/io/output_file.h"
#include "ui/dialogs/dialogs.h"
#include "ui/qt_text.h"

#include <QBuffer>
#include <QChart>
#include <QChartView>
#include <QEvent>
#include <QLineSeries>
#include <QFileInfo>
#include <QPainter>
#include <QSvgGenerator>
#include <QToolButton>
#include <QVBoxLayout>


namespace infrafit::ui {

ChartPanel::ChartPanel(const QString& objectName, QWidget* parent) : QWidget(parent)
{
    setObjectName(objectName);
    auto* chart = new QChart;
    chart->setBackgroundRoundness(0);
    chart->setMargins(QMargins(4, 4, 4, 4));
    mView = new QChartView(chart, this);
    mView->setRenderHint(QPainter::Antialiasing);
    mView->setMinimumSize(280, 260);
    auto* exportButton = new QToolButton(this);
    exportButton->setObjectName(objectName + QStringLiteral("ExportButton"));
    exportButton->setText(tr("Export…"));
    exportButton->setToolTip(tr("Save this chart as PNG or SVG"));
    exportButton->setAutoRaise(true);
    connect(exportButton, &QToolButton::clicked, this, &ChartPanel::exportWithDialog);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(mView, 1);
    layout->addWidget(exportButton, 0, Qt::AlignRight);
    followPalette();
}

void ChartPanel::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange
        || event->type() == QEvent::ApplicationPaletteChange)
        followPalette();
}

void ChartPanel::followPalette()
{
    QChart* c = chart();
    const bool dark = palette().color(QPalette::Window).lightness() < 128;
    const QChart::ChartTheme theme = dark ? QChart::ChartThemeDark : QChart::ChartThemeLight;
    if (c->theme() != theme) {
        c->setTheme(theme); // recolours the series already shown too
        c->setBackgroundRoundness(0);
    }
    const QColor text = c->titleBrush().color();
    for (auto* series : c->series()) {
        auto* line = qobject_cast<QLineSeries*>(series);
        if (line && line->pen().style() == Qt::DashLine) {
            QPen pen = line->pen();
            pen.setColor(text);
            line->setPen(pen);
        }
    }
}

QChart* ChartPanel::chart() const
{
    return mView->chart();
}

QString ChartPanel::exportTo(const QString& path) const
{
    const QSize size = mView->size().expandedTo(QSize(800, 500));
    // Rendered in memory, then written by the one atomic writer every
    // InfraFit output uses (core/io/output_file.h).
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    if (QFileInfo(path).suffix().compare(QStringLiteral("svg"), Qt::CaseInsensitive) == 0) {
        QSvgGenerator generator;
        generator.setOutputDevice(&buffer);
        generator.setSize(size);
        generator.setViewBox(QRect(QPoint(0, 0), size));
        generator.setTitle(chart()->title());
        QPainter painter(&generator);
        mView->render(&painter, QRectF(QPoint(0, 0), size), mView->rect());
        painter.end();
    } else {
        QPixmap pixmap(size * 2);
        pixmap.setDevicePixelRatio(2);
        pixmap.fill(Qt::white);
        QPainter painter(&pixmap);
        painter.setRenderHint(QPainter::Antialiasing);
        mView->render(&painter, QRectF(QPoint(0, 0), size), mView->rect());
        painter.end();
        if (!pixmap.save(&buffer, "PNG"))
            return tr("Cannot encode %1 as PNG").arg(path);
    }
    buffer.close();
    try {
        writeFileAtomic(toStdString(path),
                        std::string(bytes.constData(), static_cast<std::size_t>(bytes.size())));
    } catch (const FileWriteError& error) {
        return QString::fromUtf8(error.what());
    }
    return {};
}

void ChartPanel::exportWithDialog()
{
    const QString path = Dialogs::saveFileName(this, tr("Export Chart"),
                                               tr("PNG image (*.png);;SVG drawing (*.svg)"),
                                               objectName() + QStringLiteral(".png"));
    if (path.isEmpty())
        return;
    const QString error = exportTo(path);
    if (!error.isEmpty())
        Dialogs::warning(this, tr("Export Chart"), error);
}

} // namespace infrafit::ui
