// SPDX-License-Identifier: Apache-2.0
// The Portfolio page shows core's packing of the project's portfolio as a GPU-by-GPU map
// coloured by workload, with a legend, an empty state, and a repaint at any size.
#include "ui/portfolio/gpu_map_widget.h"
#include "ui/portfolio/portfolio_page.h"

#include "ui_fixture.h"

#include <catch2/catch.hpp>

#include <QImage>
#include <QLabel>

using namespace infrafit;
using namespace infrafit::ui;

TEST_CASE("the portfolio page maps the shared-cluster example GPU by GPU", "[ui][portfolio]")
{
    test::WindowFixture f;
    auto* page = f.window->portfolioPage();
    REQUIRE(page);
    // The fixture's fine-tune example has no portfolio: the empty state, no plan.
    page->waitForPlan();
    CHECK_FALSE(page->map()->plan());

    REQUIRE(f.window->openExample(QStringLiteral("shared-cluster-portfolio.infrafit.json")));
    f.window->showPage(MainWindow::PortfolioPageIndex);
    page->waitForPlan();
    const auto& plan = page->map()->plan();
    REQUIRE(plan);
    CHECK(plan->fits);
    CHECK(plan->entries.size() == 4);
    CHECK(static_cast<int>(plan->gpus.size()) == plan->nodes * plan->gpusPerNode);
    const auto* summary = page->findChild<QLabel*>(QStringLiteral("portfolioSummaryLabel"));
    REQUIRE(summary);
    CHECK(summary->text().contains(QStringLiteral("fits")));
    // The MIG GPU's instances carry their placement slots, which the map draws them at.
    int migInstances = 0;
    for (const auto& gpu : plan->gpus)
        if (gpu.partitionMode == "mig")
            for (const auto& o : gpu.occupants) {
                CHECK(o.startSlot >= 0);
                CHECK(o.slotCount > 0);
                ++migInstances;
            }
    CHECK(migInstances >= 2);

    // Distinct colours per workload, and the map paints at a small and a large size.
    CHECK(GpuMapWidget::workloadColor(0) != GpuMapWidget::workloadColor(1));
    for (const QSize size : {QSize(320, 160), QSize(1400, 900)}) {
        page->map()->resize(size);
        QImage image(size, QImage::Format_ARGB32);
        image.fill(Qt::transparent);
        page->map()->render(&image);
        // Some pixel has the first workload's colour.
        bool found = false;
        const QRgb want = GpuMapWidget::workloadColor(0).rgb();
        for (int y = 0; y < image.height() && !found; y += 2)
            for (int x = 0; x < image.width() && !found; x += 2)
                found = image.pixel(x, y) == want;
        CHECK(found);
    }
}
