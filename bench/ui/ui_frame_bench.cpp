// SPDX-License-Identifier: Apache-2.0
// By-hand measurement of the desktop app's frame times while editing: drives
// edits through QTest on the workload editor, the configuration builder and
// the catalog editor of a real MainWindow (with the example project and the
// default catalog, optionally grown to --parts N parts), and records the
// wall time of every step: the edit and everything it posts (the live
// analysis, the model updates, the repaint) until a zero timer runs again.
// Prints the longest step and the 95th percentile per scenario (and each
// step when there are few). The target is no frame over 50 ms.
#include "catalog/catalog_store.h"
#include "catalog/memory_tuning.h"
#include "ui/catalog/catalog_editor.h"
#include "ui/catalog/catalog_page.h"
#include "ui/catalog/part_table_model.h"
#include "ui/dialogs/dialogs.h"
#include "ui/main_window.h"
#include "ui/project/configuration_form.h"
#include "ui/project/configurations_page.h"
#include "ui/project/workload_form.h"
#include "ui/project/workloads_page.h"

#include <QAbstractSpinBox>
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QElapsedTimer>
#include <QLineEdit>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <algorithm>
#include <cstdio>
#include <functional>
#include <string>
#include <vector>

using namespace infrafit;
using namespace infrafit::ui;

namespace {

/// The frame time of each step of the scenario being recorded.
struct FrameMeter {
    bool recording = false;
    std::vector<double> stepsMs;
};

struct Scenario {
    std::string name;
    std::function<void()> setUp;
    std::vector<std::function<void()>> steps;
};

void report(const std::string& name, std::vector<double> turns)
{
    if (turns.empty()) {
        std::printf("%-34s no steps recorded\n", name.c_str());
        return;
    }
    if (turns.size() <= 12) {
        // Few steps: each one, in order, says which edit is slow.
        std::printf("%-34s each:", name.c_str());
        for (const double ms : turns)
            std::printf(" %.1f", ms);
        std::printf(" ms\n");
    }
    std::sort(turns.begin(), turns.end());
    const auto p95 = turns[std::min(turns.size() - 1, (turns.size() * 95) / 100)];
    std::printf("%-34s n %3zu  max %7.1f ms  p95 %6.1f ms  %s\n", name.c_str(), turns.size(),
                turns.back(), p95, turns.back() > 50 ? "OVER 50 ms" : "ok");
    std::fflush(stdout);
}

/// Runs every scenario's steps one event-loop turn apart (a 30 ms pause
/// between steps lets each repaint happen), then quits.
class Runner : public QObject {
public:
    Runner(std::vector<Scenario> scenarios, FrameMeter* meter)
        : mScenarios(std::move(scenarios)), mMeter(meter)
    {
    }
    void start() { QTimer::singleShot(500, this, [this] { next(); }); }

private:
    void next()
    {
        if (mScenario >= mScenarios.size()) {
            // Quitting closes the window, which asks about the edited
            // project: answer for the user, so the bench ends.
            Dialogs::setNextAnswer(QMessageBox::Discard);
            QApplication::quit();
            return;
        }
        auto& scenario = mScenarios[mScenario];
        if (mStep == 0) {
            if (scenario.setUp)
                scenario.setUp();
            // Let the set-up (page switch) settle before recording.
            ++mStep;
            QTimer::singleShot(300, this, [this] {
                mMeter->stepsMs.clear();
                mMeter->recording = true;
                next();
            });
            return;
        }
        const std::size_t index = mStep - 1;
        if (index >= scenario.steps.size()) {
            QTimer::singleShot(200, this, [this] {
                mMeter->recording = false;
                report(mScenarios[mScenario].name, mMeter->stepsMs);
                ++mScenario;
                mStep = 0;
                next();
            });
            return;
        }
        // One frame = the step plus the events it posted (model updates,
        // live analysis, the repaint), until a zero timer runs again.
        mStepClock.start();
        scenario.steps[index]();
        ++mStep;
        QTimer::singleShot(0, this, [this] {
            mMeter->stepsMs.push_back(static_cast<double>(mStepClock.nsecsElapsed()) / 1e6);
            QTimer::singleShot(30, this, [this] { next(); });
        });
    }

    std::vector<Scenario> mScenarios;
    FrameMeter* mMeter;
    QElapsedTimer mStepClock;
    std::size_t mScenario = 0;
    std::size_t mStep = 0;
};

std::vector<QAbstractSpinBox*> editableSpins(QWidget* form)
{
    std::vector<QAbstractSpinBox*> spins;
    for (auto* spin : form->findChildren<QAbstractSpinBox*>()) {
        if (spin->isVisibleTo(form) && spin->isEnabled() && !spin->isReadOnly())
            spins.push_back(spin);
    }
    return spins;
}

/// Steps that nudge each spin box up and back down with the keyboard.
std::vector<std::function<void()>> spinSteps(QWidget* form, int rounds)
{
    std::vector<std::function<void()>> steps;
    for (int i = 0; i < rounds; ++i) {
        steps.emplace_back([form, i] {
            const auto spins = editableSpins(form);
            if (spins.empty())
                return;
            auto* spin = spins[static_cast<std::size_t>(i / 2) % spins.size()];
            spin->setFocus();
            QTest::keyClick(spin, i % 2 == 0 ? Qt::Key_Up : Qt::Key_Down);
        });
    }
    return steps;
}

std::vector<Part> generatedGpus(const Part& model, int count)
{
    std::vector<Part> parts;
    parts.reserve(static_cast<std::size_t>(count));
    for (int i = 0; i < count; ++i) {
        Part part = model;
        char id[32];
        std::snprintf(id, sizeof id, "bench-gpu-%06d", i);
        infoOf(part).id = id;
        infoOf(part).model += " #" + std::to_string(i);
        std::get<Gpu>(part).memoryGb = 16 + (i % 20) * 8;
        parts.push_back(std::move(part));
    }
    return parts;
}

} // namespace

int main(int argc, char** argv)
{
    // As the app does at start (app/gui/main.cpp).
    infrafit::catalog::keepFreedMemoryForReuse();
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QStandardPaths::setTestModeEnabled(true);
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("infrafit-frame-bench"));
    int extraParts = 0;
    int rounds = 20;
    const QStringList args = QApplication::arguments();
    for (int i = 1; i + 1 < args.size(); ++i) {
        if (args[i] == QStringLiteral("--parts"))
            extraParts = args[i + 1].toInt();
        else if (args[i] == QStringLiteral("--rounds"))
            rounds = std::max(2, args[i + 1].toInt());
    }

    QTemporaryDir dir;
    const std::string dbPath = QString(dir.path() + QStringLiteral("/catalog.sqlite")).toStdString();
    QElapsedTimer clock;
    clock.start();
    {
        auto store = catalog::CatalogStore::open(dbPath);
        if (extraParts > 0) {
            const auto gpus = store.list(PartKind::Gpu);
            store.importParts(generatedGpus(gpus.front(), extraParts));
        }
        std::printf("catalog: %zu parts (prepared in %.1f s)\n", store.count(),
                    static_cast<double>(clock.elapsed()) / 1e3);
    }
    clock.restart();
    MainWindow window(catalog::CatalogStore::open(dbPath), dir.path() + QStringLiteral("/autosave"));
    window.openExample(QStringLiteral("llama3-70b-finetune.infrafit.json"));
    window.resize(1400, 900);
    window.show();
    std::printf("window built in %.0f ms (not a frame: set-up)\n",
                static_cast<double>(clock.elapsed()));

    auto* catalogPage = window.catalogPage();
    auto* gpuView = catalogPage->view(PartKind::Gpu);
    auto* gpuModel = catalogPage->model(PartKind::Gpu);
    const int tdpColumn = gpuModel->columnOf("tdp_w");
    auto* undo = window.findChild<QAction*>(QStringLiteral("undoAction"));
    auto* redo = window.findChild<QAction*>(QStringLiteral("redoAction"));

    std::vector<Scenario> scenarios;
    scenarios.push_back({"workload editor (spin boxes)",
                         [&] { window.showPage(MainWindow::WorkloadsPageIndex); },
                         spinSteps(window.workloadsPage()->form(), rounds)});
    scenarios.push_back({"configuration builder (spin boxes)",
                         [&] { window.showPage(MainWindow::ConfigurationsPageIndex); },
                         spinSteps(window.configurationsPage()->form(), rounds)});
    {
        std::vector<std::function<void()>> steps;
        steps.emplace_back([&] {
            auto* combo = window.configurationsPage()->form()->findChild<QComboBox*>(
                QStringLiteral("gpuPartComboBox"));
            if (combo) {
                combo->setFocus();
                QTest::keyClick(combo, Qt::Key_Down);
            }
        });
        steps.emplace_back([&] {
            auto* combo = window.configurationsPage()->form()->findChild<QComboBox*>(
                QStringLiteral("gpuPartComboBox"));
            if (combo)
                QTest::keyClick(combo, Qt::Key_Up);
        });
        scenarios.push_back({"configuration builder (GPU choice)", {}, steps});
    }
    {
        // Type a new TDP into a GPU cell and press Return, then undo and redo.
        std::vector<std::function<void()>> steps;
        for (int i = 0; i < rounds; ++i) {
            steps.emplace_back([&, i] {
                const auto index = gpuView->model()->index(i % gpuView->model()->rowCount(),
                                                           tdpColumn);
                gpuView->setFocus();
                gpuView->setCurrentIndex(index);
                gpuView->scrollTo(index);
                QTest::keyClick(gpuView, Qt::Key_F2);
            });
            steps.emplace_back([&, i] {
                if (auto* editor = qobject_cast<QLineEdit*>(QApplication::focusWidget())) {
                    editor->selectAll();
                    QTest::keyClicks(editor, QString::number(600 + i));
                }
            });
            steps.emplace_back([&] {
                if (auto* editor = QApplication::focusWidget())
                    QTest::keyClick(editor, Qt::Key_Return);
            });
        }
        for (int i = 0; i < rounds / 2; ++i)
            steps.emplace_back([&] { undo->trigger(); });
        for (int i = 0; i < rounds / 2; ++i)
            steps.emplace_back([&] { redo->trigger(); });
        scenarios.push_back({"catalog editor (edit, undo, redo)",
                             [&] {
                                 window.showPage(MainWindow::CatalogPageIndex);
                                 catalogPage->setCurrentKind(PartKind::Gpu);
                             },
                             steps});
    }
    {
        std::vector<std::function<void()>> steps;
        for (int i = 0; i < rounds / 4; ++i) {
            steps.emplace_back([&] { catalogPage->addPart(); });
            steps.emplace_back([&] { catalogPage->duplicateSelected(); });
            steps.emplace_back([&] { catalogPage->deleteSelected(); });
        }
        scenarios.push_back({"catalog editor (add, duplicate, delete)", {}, steps});
    }
    {
        std::vector<std::function<void()>> steps;
        auto* filter = catalogPage->findChild<QLineEdit*>(QStringLiteral("catalogFilterLineEdit"));
        for (const auto key : {Qt::Key_H, Qt::Key_1, Qt::Key_0, Qt::Key_0}) {
            steps.emplace_back([filter, key] {
                filter->setFocus();
                QTest::keyClick(filter, key);
            });
        }
        steps.emplace_back([filter] { filter->clear(); });
        scenarios.push_back({"catalog filter (typing)", {}, steps});
    }

    FrameMeter meter;
    Runner runner(std::move(scenarios), &meter);
    runner.start();
    return QApplication::exec();
}
