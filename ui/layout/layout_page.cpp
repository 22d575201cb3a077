// SPDX-License-Identifier: Apache-2.0
#include "ui/layout/layout_page.h"

#include "core/base/input_error.h"
#include "core/io/output_file.h"
#include "core/layout/layout_parts.h"
#include "core/layout/plan_layout.h"
#include "core/project/resolve_configuration.h"
#include "ui/analysis/findings_model.h"
#include "ui/analysis/live_analysis.h"
#include "ui/dialogs/dialogs.h"
#include "ui/layout/drawing_painter.h"
#include "ui/layout/layout_drawing_view.h"
#include "ui/project/project_document.h"
#include "ui/qt_text.h"

#include <QAction>
#include <QBuffer>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPainter>
#include <QPdfWriter>
#include <QPrintDialog>
#include <QPrinter>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QSplitter>
#include <QSvgGenerator>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace infrafit::ui {

LayoutPage::LayoutPage(ProjectDocument* document, LiveAnalysis* analysis, QWidget* parent)
    : QWidget(parent), mDocument(document), mAnalysis(analysis),
      mLatest(this, [this](const Outcome& outcome) { showOutcome(outcome, {}); })
{
    auto* title = new QLabel(tr("<b>Layout</b> — the selected configuration in racks: row plan "
                                "with the fabric, and each rack's elevation, front and rear"),
        this);
    title->setWordWrap(true);
    mSummary = new QLabel(this);
    mSummary->setObjectName(QStringLiteral("layoutSummaryLabel"));
    mSummary->setWordWrap(true);
    mSummary->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto* zoomOutButton = new QPushButton(tr("Zoom &Out"), this);
    zoomOutButton->setObjectName(QStringLiteral("layoutZoomOutButton"));
    zoomOutButton->setToolTip(tr("Zoom out (Ctrl+-, or Ctrl+wheel)"));
    auto* zoomInButton = new QPushButton(tr("Zoom &In"), this);
    zoomInButton->setObjectName(QStringLiteral("layoutZoomInButton"));
    zoomInButton->setToolTip(tr("Zoom in (Ctrl+= or Ctrl++, or Ctrl+wheel)"));
    auto* fitButton = new QPushButton(tr("Fit &Width"), this);
    fitButton->setObjectName(QStringLiteral("layoutFitButton"));
    fitButton->setToolTip(tr("Fit the drawing's width to the window (Ctrl+0)"));
    mZoomLabel = new QLabel(this);
    mZoomLabel->setObjectName(QStringLiteral("layoutZoomLabel"));
    mExportButton = new QPushButton(tr("E&xport Drawing…"), this);
    mExportButton->setObjectName(QStringLiteral("layoutExportButton"));
    mExportButton->setToolTip(tr("Save the row plan and rack elevations as PDF or SVG"));
    mPrintButton = new QPushButton(tr("&Print…"), this);
    mPrintButton->setObjectName(QStringLiteral("layoutPrintButton"));
    auto* tools = new QHBoxLayout;
    mZoomButtons = {zoomOutButton, zoomInButton, fitButton};
    tools->addWidget(zoomOutButton);
    tools->addWidget(zoomInButton);
    tools->addWidget(fitButton);
    tools->addWidget(mZoomLabel);
    tools->addStretch(1);
    tools->addWidget(mExportButton);
    tools->addWidget(mPrintButton);

    mView = new LayoutDrawingView(this);
    mScroll = new QScrollArea(this);
    mScroll->setObjectName(QStringLiteral("layoutScrollArea"));
    mScroll->setWidget(mView);
    mScroll->setWidgetResizable(false);
    mScroll->setFocusPolicy(Qt::StrongFocus); // arrows and Page Up/Down scroll
    mScroll->setAccessibleName(tr("Rack layout drawing"));

    mFindings = new FindingsModel(this);
    mFindingsView = new QTableView(this);
    mFindingsView->setObjectName(QStringLiteral("layoutFindingsTableView"));
    mFindingsView->setModel(mFindings);
    mFindingsView->setAccessibleName(tr("Layout findings"));
    mFindingsView->verticalHeader()->setVisible(false);
    mFindingsView->setSelectionBehavior(QAbstractItemView::SelectRows);
    mFindingsView->setWordWrap(true);
    mFindingsView->horizontalHeader()->setSectionResizeMode(
        FindingsModel::MessageColumn, QHeaderView::Stretch);
    mFindingsView->horizontalHeader()->setSectionResizeMode(
        FindingsModel::CodeColumn, QHeaderView::ResizeToContents);
    mFindingsView->setColumnWidth(FindingsModel::SuggestionColumn, 260);

    auto* split = new QSplitter(Qt::Vertical, this);
    split->setObjectName(QStringLiteral("layoutSplitter"));
    split->addWidget(mScroll);
    split->addWidget(mFindingsView);
    split->setStretchFactor(0, 4);
    split->setStretchFactor(1, 1);
    split->setChildrenCollapsible(false);
    split->setSizes({700, 140});

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(title);
    layout->addWidget(mSummary);
    layout->addLayout(tools);
    layout->addWidget(split, 1);

    // Keyboard: the page's shortcuts work wherever the focus is inside it.
    const auto addShortcuts = [this](const QList<QKeySequence>& keys, auto slot) {
        auto* action = new QAction(this);
        action->setShortcuts(keys);
        action->setShortcutContext(Qt::WidgetWithChildrenShortcut);
        connect(action, &QAction::triggered, this, slot);
        addAction(action);
    };
    const auto standard = [](QKeySequence::StandardKey key, const QList<QKeySequence>& more) {
        QList<QKeySequence> keys = QKeySequence::keyBindings(key);
        for (const auto& k : more)
            if (!keys.contains(k))
                keys << k;
        return keys;
    };
    addShortcuts(
        standard(QKeySequence::ZoomIn,
            {QKeySequence(Qt::CTRL | Qt::Key_Equal), QKeySequence(Qt::CTRL | Qt::Key_Plus)}),
        [this] { zoomIn(); });
    addShortcuts(standard(QKeySequence::ZoomOut, {QKeySequence(Qt::CTRL | Qt::Key_Minus)}),
        [this] { zoomOut(); });
    addShortcuts({QKeySequence(Qt::CTRL | Qt::Key_0)}, [this] { fitToWidth(); });
    addShortcuts(
        standard(QKeySequence::Print, {QKeySequence(Qt::CTRL | Qt::Key_P)}), [this] { print(); });
    connect(zoomInButton, &QPushButton::clicked, this, &LayoutPage::zoomIn);
    connect(zoomOutButton, &QPushButton::clicked, this, &LayoutPage::zoomOut);
    connect(mView, &LayoutDrawingView::wheelZoomed, this, [this] { mFitWidth = false; });
    mScroll->viewport()->installEventFilter(this);
    connect(fitButton, &QPushButton::clicked, this, &LayoutPage::fitToWidth);
    connect(mExportButton, &QPushButton::clicked, this, &LayoutPage::exportWithDialog);
    connect(mPrintButton, &QPushButton::clicked, this, &LayoutPage::print);
    connect(mView, &LayoutDrawingView::zoomChanged, this, &LayoutPage::updateZoomLabel);
    updateZoomLabel();

    connect(mAnalysis, &LiveAnalysis::resultChanged, this, &LayoutPage::refresh);
    connect(mDocument, &ProjectDocument::changed, this, [this] {
        // Without configurations the live analysis may not announce a new
        // result; the empty state must not wait for one.
        if (mDocument->project().configurations.empty())
            refresh();
    });
    refresh();
}

LayoutPage::~LayoutPage() = default;

void LayoutPage::waitForLayout()
{
    mLatest.wait();
}

void LayoutPage::refresh()
{
    mLatest.newSnapshot();
    const Project& project = mDocument->project();
    if (project.configurations.empty()) {
        mLatest.shownWithoutWork();
        showOutcome(std::nullopt,
            tr("This project has no configuration. Add one on the Configurations page "
               "to see its racks, power distribution and fabric here."));
        return;
    }
    // Snapshot on the GUI thread: the resolved configuration and, when the
    // live analysis evaluated it, its infrastructure report.
    const std::size_t index
        = std::min(static_cast<std::size_t>(std::max(0, mAnalysis->configurationIndex())),
            project.configurations.size() - 1);
    ResolvedConfiguration config;
    const PartLookup lookup = [this](std::string_view id) -> std::optional<Part> {
        if (const Part* part = mAnalysis->findPart(id))
            return *part;
        return std::nullopt;
    };
    try {
        config = resolveConfiguration(project, index, lookup);
    } catch (const InputError& error) {
        QStringList lines;
        for (const auto& problem : error.problems())
            lines << toQString(problem.pointer) + QStringLiteral(": ") + toQString(problem.message);
        mLatest.shownWithoutWork();
        showOutcome(std::nullopt,
            tr("Configuration %1 cannot be laid out yet:\n%2")
                .arg(toQString(project.configurations[index].name), lines.join(QLatin1Char('\n'))));
        return;
    }
    std::optional<InfrastructureReport> infrastructure;
    if (!mAnalysis->isPending()) {
        const auto& result = mAnalysis->result();
        if (result && result->infrastructure && result->configurationName == config.config.name)
            infrastructure = result->infrastructure;
    }
    mTitle = toQString(config.config.name);
    mSummary->show();
    mSummary->setText(tr("Laying out %1…").arg(mTitle.toHtmlEscaped()));
    // The catalog's switches and PDUs, as `infrafit-cli layout` and the BOM
    // reports take them (core/layout/layout_parts.h); looked up here, on the
    // thread that owns the catalog (a few id lookups and a fabric check).
    if (!infrastructure)
        infrastructure = checkInfrastructure(config, {});
    LayoutInputs inputs = layoutInputsFor(config, infrastructure->fabric, lookup);
    mLatest.run([config = std::move(config), infra = std::move(*infrastructure),
                    inputs = std::move(inputs)] {
        Outcome outcome;
        outcome.layout = planLayout(layoutRequestFor(config, infra, inputs));
        outcome.drawing = drawLayout(outcome.layout, config.config.name);
        return outcome;
    });
}

void LayoutPage::showOutcome(const std::optional<Outcome>& outcome, const QString& emptyText)
{
    mExportButton->setEnabled(outcome.has_value());
    mPrintButton->setEnabled(outcome.has_value());
    for (auto* button : mZoomButtons)
        button->setEnabled(outcome.has_value());
    if (!outcome) {
        // The reason fills the drawing's place; the summary stays empty.
        mLayout.reset();
        mSummary->clear();
        mSummary->hide();
        mView->setDrawing({});
        mView->setEmptyText(emptyText);
        mView->resize(mScroll->viewport()->size());
        mFindings->setFindings({});
        emit layoutChanged();
        return;
    }
    mLayout = outcome->layout;
    // The summary is core's own sentence (the layout.summary finding).
    QString summary;
    for (const auto& f : outcome->layout.findings)
        if (f.code == "layout.summary")
            summary = toQString(f.message);
    int errors = 0, warnings = 0;
    for (const auto& f : outcome->layout.findings) {
        errors += f.severity == Severity::Error ? 1 : 0;
        warnings += f.severity == Severity::Warning ? 1 : 0;
    }
    mSummary->setText(
        tr("<b>%1</b>: %2 %3")
            .arg(mTitle.toHtmlEscaped(), summary.toHtmlEscaped(),
                errors + warnings == 0
                    ? tr("Every rack within its limits.")
                    : tr("%1 and %2 below.")
                          .arg(errors == 1 ? tr("1 error") : tr("%1 errors").arg(errors),
                              warnings == 1 ? tr("1 warning") : tr("%1 warnings").arg(warnings))));
    mView->setDrawing(outcome->drawing);
    if (mFitWidth)
        fitToWidth();
    mFindings->setFindings(outcome->layout.findings);
    mFindingsView->resizeRowsToContents();
    emit layoutChanged();
}

void LayoutPage::updateZoomLabel()
{
    mZoomLabel->setText(tr("%1 %").arg(std::lround(mView->zoom() * 100)));
}

void LayoutPage::fitToWidth()
{
    mFitWidth = true;
    // The viewport without a vertical scroll bar's width, so that fitting
    // does not make the bar appear and the drawing no longer fit.
    int width = mScroll->viewport()->width();
    if (!mScroll->verticalScrollBar()->isVisible())
        width -= mScroll->verticalScrollBar()->sizeHint().width();
    mView->fitToWidth(width);
}

void LayoutPage::zoomIn()
{
    mFitWidth = false;
    mView->zoomIn();
}

void LayoutPage::zoomOut()
{
    mFitWidth = false;
    mView->zoomOut();
}

bool LayoutPage::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == mScroll->viewport() && event->type() == QEvent::Resize
        && mView->drawing().pages.empty())
        mView->resize(mScroll->viewport()->size()); // the empty state fills the view
    if (watched == mScroll->viewport() && event->type() == QEvent::Resize && mFitWidth
        && !mView->drawing().pages.empty())
        QMetaObject::invokeMethod(
            this,
            [this] {
                if (mFitWidth)
                    fitToWidth();
            },
            Qt::QueuedConnection);
    return QWidget::eventFilter(watched, event);
}

void LayoutPage::paintPages(QPagedPaintDevice& device) const
{
    QPainter painter(&device);
    const auto& pages = mView->drawing().pages;
    for (std::size_t i = 0; i < pages.size(); ++i) {
        if (i > 0)
            device.newPage();
        const auto& page = pages[i];
        const QRect area = painter.viewport();
        // Drawing points to device units, never larger than print size.
        const double natural = device.logicalDpiX() / 72.0;
        const double scale
            = std::min({natural, page.width > 0 ? area.width() / page.width : natural,
                page.height > 0 ? area.height() / page.height : natural});
        painter.save();
        painter.scale(scale, scale);
        paintDrawingPage(painter, page);
        painter.restore();
    }
}

QString LayoutPage::exportTo(const QString& path) const
{
    if (mView->drawing().pages.empty())
        return tr("There is no layout to export: the project needs a configuration.");
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix != QStringLiteral("pdf") && suffix != QStringLiteral("svg"))
        return tr("Cannot tell the format of %1: name it .pdf or .svg.").arg(path);
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    const QString title = tr("%1: rack layout").arg(mTitle);
    if (suffix == QStringLiteral("pdf")) {
        QPdfWriter writer(&buffer);
        writer.setTitle(title);
        writer.setCreator(QStringLiteral("InfraFit"));
        writer.setPageSize(QPageSize(QPageSize::A4));
        writer.setPageMargins(QMarginsF(10, 10, 10, 10), QPageLayout::Millimeter);
        paintPages(writer);
    } else {
        const QSizeF size = mView->drawingSize();
        QSvgGenerator generator;
        generator.setOutputDevice(&buffer);
        generator.setTitle(title);
        generator.setSize(QSize(
            static_cast<int>(std::ceil(size.width())), static_cast<int>(std::ceil(size.height()))));
        generator.setViewBox(QRectF(QPointF(0, 0), size));
        QPainter painter(&generator);
        double top = 0;
        for (const auto& page : mView->drawing().pages) {
            painter.save();
            painter.translate(0, top);
            paintDrawingPage(painter, page);
            painter.restore();
            top += page.height;
        }
    }
    buffer.close();
    try {
        std::vector<std::string> inputs;
        if (!mDocument->filePath().isEmpty())
            inputs.push_back(toStdString(mDocument->filePath()));
        checkOutputIsNotInput(toStdString(path), inputs);
        writeFileAtomic(toStdString(path), buffer.data().toStdString());
    } catch (const std::exception& error) {
        return QString::fromUtf8(error.what());
    }
    return {};
}

void LayoutPage::exportWithDialog()
{
    if (mView->drawing().pages.empty())
        return;
    QString chosenFilter;
    QString path = Dialogs::saveFileName(this, tr("Export Rack Layout"),
        tr("PDF drawing (*.pdf);;SVG drawing (*.svg)"), mTitle + QStringLiteral("-layout.pdf"),
        &chosenFilter);
    if (path.isEmpty())
        return;
    if (QFileInfo(path).suffix().isEmpty())
        path += chosenFilter.contains(QStringLiteral("svg")) ? QStringLiteral(".svg")
                                                             : QStringLiteral(".pdf");
    if (const QString error = exportTo(path); !error.isEmpty())
        Dialogs::warning(this, tr("Export Rack Layout"), error);
}

void LayoutPage::print()
{
    if (mView->drawing().pages.empty())
        return;
    QPrinter printer(QPrinter::HighResolution);
    printer.setDocName(tr("%1: rack layout").arg(mTitle));
    QPrintDialog dialog(&printer, this);
    dialog.setWindowTitle(tr("Print Rack Layout"));
    if (dialog.exec() != QDialog::Accepted)
        return;
    paintPages(printer);
}

} // namespace infrafit::ui
