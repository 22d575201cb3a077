// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "catalog/catalog_store.h"
#include "core/io/project_json.h"
#include "ui/analysis/live_analysis.h"
#include "ui/main_window.h"

#include "support/fixtures.h"

#include <memory>

namespace infrafit::test {

/// A main window over a fresh default catalog in a temporary directory, with
/// autosave going there too, and the fine-tune example open and analysed.
/// The live analysis runs on a worker: after an edit, `settle()` before
/// checking what follows from the analysis (findings, dashboard).
struct WindowFixture {
    TempDir dir;
    std::unique_ptr<ui::MainWindow> window;

    WindowFixture()
    {
        auto store = catalog::CatalogStore::open(dir.file("catalog.sqlite"));
        window = std::make_unique<ui::MainWindow>(std::move(store),
                                                  QString::fromStdString(dir.file("autosave")));
        window->openExample(QStringLiteral("llama3-70b-finetune.infrafit.json"));
        settle();
    }

    /// Waits for the newest analysis and lets every page show it.
    void settle() const { window->liveAnalysis()->waitForResult(); }
};

} // namespace infrafit::test
