// SPDX-License-Identifier: Apache-2.0
// Issue 23 item 9: keyboard and window. Ctrl+Z in a form field undoes the
// project edit, Ctrl+F finds in the catalog, Save As has Ctrl+Shift+S,
// Help links the user guide, the window fits a small screen, Undo works
// on the Catalog page, a good catalog edit clears a stale refusal, and a
// part added to the catalog is sorted into the pickers.
#include "catalog/default_catalog.h"
#include "ui/catalog/catalog_editor.h"
#include "ui/catalog/catalog_page.h"
#include "ui/project/configuration_form.h"
#include "ui/project/configurations_page.h"
#include "ui/project/project_document.h"
#include "ui/project/workload_form.h"
#include "ui/project/workloads_page.h"

#include "ui_fixture.h"

#include <catch2/catch.hpp>

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QScreen>
#include <QSpinBox>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTableView>
#include <QTest>
#include <QUndoStack>

using namespace infrafit;
using namespace infrafit::ui;

namespace {

QAction* keyboardAction(const test::WindowFixture& f, const char* name)
{
    return f.window->findChild<QAction*>(QString::fromLatin1(name));
}

} // namespace

TEST_CASE(
    "Ctrl+Z in a focused form field undoes through the project undo stack", "[ui][keyboard][undo]")
{
    test::WindowFixture f;
    f.window->showPage(MainWindow::WorkloadsPageIndex);
    f.window->show();
    f.window->activateWindow();
    REQUIRE(QTest::qWaitForWindowActive(f.window.get()));
    auto* sequence = f.window->workloadsPage()->form()->findChild<QSpinBox*>(
        QStringLiteral("sequenceLengthSpinBox"));
    REQUIRE(sequence);
    const int before = sequence->value();
    sequence->setValue(before * 2);
    REQUIRE(f.window->document()->project().workloads[0].sequenceLength == before * 2);
    sequence->setFocus();
    QTest::keyClick(sequence, Qt::Key_Z, Qt::ControlModifier);
    CHECK(f.window->document()->project().workloads[0].sequenceLength == before);
    CHECK(sequence->value() == before);
}

TEST_CASE("Ctrl+F shows the catalog and focuses its filter", "[ui][keyboard]")
{
    test::WindowFixture f;
    auto* find = keyboardAction(f, "findInCatalogAction");
    REQUIRE(find);
    CHECK(find->shortcut() == QKeySequence(QKeySequence::Find));
    find->trigger();
    auto* filter
        = f.window->catalogPage()->findChild<QLineEdit*>(QStringLiteral("catalogFilterLineEdit"));
    REQUIRE(filter);
    auto* pages = f.window->findChild<QStackedWidget*>();
    REQUIRE(pages);
    CHECK(pages->currentWidget() == f.window->catalogPage());
    CHECK(f.window->focusWidget() == filter);
}

TEST_CASE("Save As has Ctrl+Shift+S and Help links the user guide", "[ui][keyboard]")
{
    test::WindowFixture f;
    auto* saveAs = keyboardAction(f, "saveAsAction");
    REQUIRE(saveAs);
    CHECK(saveAs->shortcuts().contains(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S)));
    CHECK(keyboardAction(f, "userGuideAction"));
    // From the build tree the guide is found in the source tree's docs/.
    const QString guide = MainWindow::userGuidePath();
    if (!guide.isEmpty())
        CHECK(guide.endsWith(QStringLiteral("user-guide.md")));
}

TEST_CASE("the window fits a 1280 x 720 screen", "[ui][window]")
{
    test::WindowFixture f;
    const QRect room(0, 0, 1280, 720);
    f.window->resize(1280, 800);
    f.window->move(0, -40);
    f.window->fitIntoScreen(room, true);
    const QRect frame = f.window->frameGeometry();
    INFO(frame.x() << "," << frame.y() << " " << frame.width() << "x" << frame.height());
    CHECK(room.contains(frame));
    // Shown and laid out, the pages' minimum sizes still fit the room.
    f.window->show();
    REQUIRE(QTest::qWaitForWindowExposed(f.window.get()));
    const QSize minimum = f.window->minimumSizeHint();
    INFO("minimum size hint " << minimum.width() << "x" << minimum.height());
    CHECK(minimum.width() <= room.width());
    CHECK(minimum.height() <= room.height());
    CHECK(f.window->height() <= room.height());
}

TEST_CASE("Undo on the Catalog page undoes catalog edits", "[ui][undo]")
{
    test::WindowFixture f;
    f.window->showPage(MainWindow::CatalogPageIndex);
    auto* undo = keyboardAction(f, "undoAction");
    REQUIRE(undo);
    const auto before = f.window->catalogEditor()->parts().size();
    f.window->catalogPage()->addPart();
    REQUIRE(f.window->catalogEditor()->parts().size() == before + 1);
    CHECK(undo->isEnabled());
    undo->trigger();
    CHECK(f.window->catalogEditor()->parts().size() == before);
}

TEST_CASE("a part added to the catalog is sorted into the pickers", "[ui][configurations]")
{
    test::WindowFixture f;
    auto* gpus = f.window->configurationsPage()->form()->partCombo(PartKind::Gpu);
    REQUIRE(gpus->count() > 3);
    // A copy of a catalog GPU under a name that sorts first.
    const Part* existing = f.window->catalogEditor()->findPart("nvidia-h100-sxm5-80gb");
    REQUIRE(existing);
    Part gpu = *existing;
    infoOf(gpu).id = "aaa-first-gpu";
    infoOf(gpu).vendor = "AAA";
    infoOf(gpu).model = "First";
    REQUIRE(f.window->catalogEditor()->addPart(gpu).isEmpty());
    CHECK(gpus->itemData(0).toString() == QStringLiteral("aaa-first-gpu"));
    for (int i = 1; i < gpus->count(); ++i) {
        INFO(gpus->itemText(i - 1).toStdString() << " / " << gpus->itemText(i).toStdString());
        CHECK(gpus->itemText(i - 1).compare(gpus->itemText(i), Qt::CaseInsensitive) <= 0);
    }
}

TEST_CASE("a good catalog edit clears the message of a refused one", "[ui][catalog][validation]")
{
    test::WindowFixture f;
    auto* view = f.window->catalogPage()->findChild<QTableView*>(QStringLiteral("gpuTableView"));
    REQUIRE(view);
    auto* model = view->model();
    int memory = -1;
    for (int c = 0; c < model->columnCount(); ++c)
        if (model->headerData(c, Qt::Horizontal).toString().startsWith(QStringLiteral("Memory (")))
            memory = c;
    REQUIRE(memory >= 0);
    const QModelIndex cell = model->index(0, memory);
    auto* message
        = f.window->catalogPage()->findChild<QLabel*>(QStringLiteral("catalogMessageLabel"));
    REQUIRE(message);
    CHECK_FALSE(model->setData(cell, QStringLiteral("-5"), Qt::EditRole));
    CHECK(message->property("isError").toBool());
    CHECK_FALSE(message->text().isEmpty());
    REQUIRE(model->setData(cell, QStringLiteral("96"), Qt::EditRole));
    CHECK(message->text().isEmpty());
}

TEST_CASE("the GUI's counts agree with their nouns", "[ui][window][text]")
{
    // Issue 23 item 11: "75 part(s)", "node(s)" without a translation file.
    test::WindowFixture f;
    const QString status = f.window->statusBar()->currentMessage();
    CHECK(status.contains(QStringLiteral(" parts in ")));
    CHECK_FALSE(status.contains(QStringLiteral("(s)")));
}
