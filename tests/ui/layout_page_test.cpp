// SPDX-License-Identifier: Apache-2.0
// The Layout page paints core's rack layout of the selected configuration:
// racks for the example, an empty state without configurations, zoom by
// keyboard, wheel and fit, a new layout after a configuration edit or a
// change of selection, export as PDF and SVG, and a repaint at any size.
#include "ui/analysis/findings_model.h"
#include "ui/dialogs/dialogs.h"
#include "ui/layout/layout_drawing_view.h"
#include "ui/layout/layout_page.h"
#include "ui/project/project_document.h"

#include "ui_fixture.h"

#include <catch2/catch.hpp>

#include <QApplication>
#include <QFile>
#include <QImage>
#include <QLabel>
#include <QPushButton>
#include <QRegularExpression>
#include <QScrollArea>
#include <QScrollBar>
#include <QTableView>
#include <QTest>
#include <QWheelEvent>

using namespace infrafit;
using namespace infrafit::ui;

namespace {

int layoutTestNodes(const RackLayout& layout)
{
    int nodes = 0;
    for (const auto& rack : layout.racks)
        for (const auto& d : rack.devices)
            nodes += d.role == DeviceRole::GpuNode ? 1 : 0;
    return nodes;
}

} // namespace

TEST_CASE("the layout page shows the example's racks", "[ui][layout]")
{
    test::WindowFixture f;
    auto* page = f.window->layoutPage();
    REQUIRE(page);
    f.window->showPage(MainWindow::LayoutPageIndex);
    page->waitForLayout();
    const auto& layout = page->layout();
    REQUIRE(layout);
    // The fine-tune example's selected configuration: 4 DGX nodes.
    CHECK(layoutTestNodes(*layout) == 4);
    REQUIRE_FALSE(layout->racks.empty());
    const auto& drawing = page->view()->drawing();
    CHECK(drawing.pages.size()
        == 1 + (layout->racks.size() + layoutDrawingRacksPerPage - 1) / layoutDrawingRacksPerPage);
    const auto* summary = page->findChild<QLabel*>(QStringLiteral("layoutSummaryLabel"));
    REQUIRE(summary);
    const auto& config = f.window->document()->project().configurations.at(0);
    CHECK(summary->text().contains(QString::fromStdString(config.name)));
    CHECK(summary->text().contains(QStringLiteral("rack")));
    // The layout's findings, one row each.
    auto* findings = page->findChild<QTableView*>(QStringLiteral("layoutFindingsTableView"));
    REQUIRE(findings);
    CHECK(findings->model()->rowCount() == static_cast<int>(layout->findings.size()));
    CHECK(page->findChild<QPushButton*>(QStringLiteral("layoutExportButton"))->isEnabled());

    // The view paints the drawing at a small and a large size: some pixel
    // has a GPU node's colour (core's role colour, 0.55 0.75 0.45).
    for (const double zoom : {0.3, 2.0}) {
        page->view()->setZoom(zoom);
        QImage image(page->view()->size(), QImage::Format_ARGB32);
        image.fill(Qt::transparent);
        page->view()->render(&image);
        bool found = false;
        const QColor node = QColor::fromRgbF(0.55f, 0.75f, 0.45f);
        for (int y = 0; y < image.height() && !found; y += 1)
            for (int x = 0; x < image.width() && !found; x += 1) {
                const QColor c = image.pixelColor(x, y);
                found = std::abs(c.red() - node.red()) <= 2
                    && std::abs(c.green() - node.green()) <= 2
                    && std::abs(c.blue() - node.blue()) <= 2;
            }
        CHECK(found);
    }
}

TEST_CASE("the layout page has an empty state without configurations", "[ui][layout]")
{
    test::WindowFixture f;
    auto* page = f.window->layoutPage();
    Project project = f.window->document()->project();
    project.configurations.clear();
    f.window->document()->apply(project, QStringLiteral("remove configurations"));
    f.settle();
    page->waitForLayout();
    CHECK_FALSE(page->layout());
    CHECK(page->view()->drawing().pages.empty());
    CHECK(page->view()->emptyText().contains(QStringLiteral("no configuration")));
    CHECK_FALSE(page->findChild<QPushButton*>(QStringLiteral("layoutExportButton"))->isEnabled());
    CHECK_FALSE(page->findChild<QPushButton*>(QStringLiteral("layoutPrintButton"))->isEnabled());
    CHECK_FALSE(page->findChild<QPushButton*>(QStringLiteral("layoutZoomInButton"))->isEnabled());
    CHECK(
        page->findChild<QTableView*>(QStringLiteral("layoutFindingsTableView"))->model()->rowCount()
        == 0);
    CHECK_FALSE(page->exportTo(QString::fromStdString(f.dir.file("none.pdf"))).isEmpty());
    // Painting the empty state does not crash.
    QImage image(QSize(400, 200), QImage::Format_ARGB32);
    page->view()->resize(400, 200);
    page->view()->render(&image);

    // Undo brings the configurations, and the racks, back.
    f.window->document()->undoStack()->undo();
    f.settle();
    page->waitForLayout();
    REQUIRE(page->layout());
    CHECK(layoutTestNodes(*page->layout()) == 4);
}

TEST_CASE("the layout page zooms by keyboard, wheel and fit", "[ui][layout]")
{
    test::WindowFixture f;
    auto* page = f.window->layoutPage();
    f.window->resize(1280, 900);
    f.window->showPage(MainWindow::LayoutPageIndex);
    f.window->show();
    f.window->activateWindow();
    REQUIRE(QTest::qWaitForWindowActive(f.window.get()));
    page->waitForLayout();
    auto* view = page->view();
    auto* scroll = page->findChild<QScrollArea*>(QStringLiteral("layoutScrollArea"));
    REQUIRE(scroll);
    scroll->setFocus();
    // The page starts fitted to its width; a zoom by the user ends that.
    CHECK(page->fitsWidth());
    page->zoomOut();
    CHECK_FALSE(page->fitsWidth());
    view->setZoom(1.0);
    const int width = view->width();

    QTest::keyClick(scroll, Qt::Key_Equal, Qt::ControlModifier);
    CHECK(view->zoom() == Approx(LayoutDrawingView::zoomStep));
    CHECK(view->width() > width);
    QTest::keyClick(scroll, Qt::Key_Minus, Qt::ControlModifier);
    QTest::keyClick(scroll, Qt::Key_Minus, Qt::ControlModifier);
    CHECK(view->zoom() == Approx(1.0 / LayoutDrawingView::zoomStep));
    CHECK(view->width() < width);
    auto* zoomLabel = page->findChild<QLabel*>(QStringLiteral("layoutZoomLabel"));
    REQUIRE(zoomLabel);
    CHECK(zoomLabel->text() == QStringLiteral("80 %"));

    // Ctrl+wheel zooms; the wheel alone leaves the zoom to scroll.
    const double before = view->zoom();
    const QPointF at(10, 10);
    QWheelEvent plain(at, view->mapToGlobal(at), {}, QPoint(0, 120), Qt::NoButton, Qt::NoModifier,
        Qt::NoScrollPhase, false);
    QApplication::sendEvent(view, &plain);
    CHECK(view->zoom() == Approx(before));
    QWheelEvent ctrl(at, view->mapToGlobal(at), {}, QPoint(0, 120), Qt::NoButton,
        Qt::ControlModifier, Qt::NoScrollPhase, false);
    QApplication::sendEvent(view, &ctrl);
    CHECK(view->zoom() == Approx(before * LayoutDrawingView::zoomStep));

    // Fit: the drawing's width fills the visible area; Ctrl+0 does the same.
    view->setZoom(4.0);
    QTest::keyClick(scroll, Qt::Key_0, Qt::ControlModifier);
    CHECK(page->fitsWidth());
    QApplication::processEvents();
    QApplication::processEvents();
    CHECK(view->width() <= scroll->viewport()->width());
    CHECK(view->width()
        >= scroll->viewport()->width() - scroll->verticalScrollBar()->sizeHint().width() - 4);
    // Clamped at both ends.
    view->setZoom(100);
    CHECK(view->zoom() == LayoutDrawingView::maximumZoom);
    view->setZoom(0);
    CHECK(view->zoom() == LayoutDrawingView::minimumZoom);
}

TEST_CASE("the layout page follows the configuration", "[ui][layout]")
{
    test::WindowFixture f;
    auto* page = f.window->layoutPage();
    page->waitForLayout();
    REQUIRE(page->layout());
    CHECK(layoutTestNodes(*page->layout()) == 4);

    // An edit of the selected configuration: twelve nodes.
    Project project = f.window->document()->project();
    project.configurations.at(0).nodes = 12;
    f.window->document()->apply(project, QStringLiteral("12 nodes"));
    f.settle();
    page->waitForLayout();
    REQUIRE(page->layout());
    CHECK(layoutTestNodes(*page->layout()) == 12);

    // Another configuration selected: its racks and its name.
    f.window->liveAnalysis()->setSelection(0, 1);
    f.settle();
    page->waitForLayout();
    REQUIRE(page->layout());
    CHECK(layoutTestNodes(*page->layout()) == 4);
    const auto& second = f.window->document()->project().configurations.at(1);
    CHECK(page->findChild<QLabel*>(QStringLiteral("layoutSummaryLabel"))
              ->text()
              .contains(QString::fromStdString(second.name)));
    CHECK(page->view()->drawing().pages.front().title == second.name + ": row plan");
}

TEST_CASE("the layout page exports its drawing as PDF and SVG", "[ui][layout]")
{
    test::WindowFixture f;
    auto* page = f.window->layoutPage();
    page->waitForLayout();
    REQUIRE(page->layout());
    Dialogs::setSuppressWarnings(true);

    const QString pdf = QString::fromStdString(f.dir.file("layout.pdf"));
    Dialogs::setNextFileName(pdf);
    page->exportWithDialog();
    QFile pdfFile(pdf);
    REQUIRE(pdfFile.open(QIODevice::ReadOnly));
    const QByteArray pdfBytes = pdfFile.readAll();
    CHECK(pdfBytes.startsWith("%PDF"));
    // One PDF page per drawing page.
    const auto pages = QString::fromLatin1(pdfBytes).count(
        QRegularExpression(QStringLiteral("/Type\\s*/Page[^s]")));
    CHECK(pages == static_cast<qsizetype>(page->view()->drawing().pages.size()));

    const QString svg = QString::fromStdString(f.dir.file("layout.svg"));
    CHECK(page->exportTo(svg).isEmpty());
    QFile svgFile(svg);
    REQUIRE(svgFile.open(QIODevice::ReadOnly));
    const QByteArray svgBytes = svgFile.readAll();
    CHECK(svgBytes.contains("<svg"));
    CHECK(svgBytes.contains("cold aisle"));
    CHECK(svgBytes.contains(page->layout()->racks.front().name.c_str()));

    CHECK(page->exportTo(QString::fromStdString(f.dir.file("layout.png")))
              .contains(QStringLiteral(".pdf or .svg")));
    Dialogs::setSuppressWarnings(false);
}
