// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/layout/rack_layout.h"
#include "core/output/layout_drawing.h"

#include "ui/latest_result.h"

#include <QWidget>

#include <optional>

class QLabel;
class QPagedPaintDevice;
class QPushButton;
class QScrollArea;
class QTableView;

namespace infrafit::ui {

class FindingsModel;
class LayoutDrawingView;
class LiveAnalysis;
class ProjectDocument;

/// The Layout page (`--page layout`): the selected configuration laid out
/// in racks by core's planLayout() and drawn by core's drawLayout(): a row
/// plan (racks in rows, cold and hot aisles, fabric links between racks)
/// and every rack's elevation, front and rear, with each device in its
/// units, blanking panels, the PDUs, and the rack's power, weight and
/// current per phase of each feed; the layout's findings (over a limit,
/// loss of a feed, phase imbalance, outlets) below. Zoom with Ctrl+wheel,
/// Ctrl+= / Ctrl++ and Ctrl+-, Ctrl+0 fits the width; print, or export the
/// drawing as PDF (QPdfWriter) or SVG (QSvgGenerator).
///
/// Follows the live analysis: when its result changes (a project or
/// catalog edit, another configuration selected) the page takes a snapshot
/// on the GUI thread (the resolved configuration and the analysis'
/// infrastructure report, or checkInfrastructure() without a workload) and
/// lays it out on a worker; a result of an older snapshot is dropped. GUI
/// thread only.
class LayoutPage : public QWidget {
    Q_OBJECT

public:
    LayoutPage(ProjectDocument* document, LiveAnalysis* analysis, QWidget* parent = nullptr);
    ~LayoutPage() override;

    [[nodiscard]] LayoutDrawingView* view() const { return mView; }
    /// The layout shown; empty in the empty state.
    [[nodiscard]] const std::optional<RackLayout>& layout() const { return mLayout; }
    /// Waits for a layout in progress and shows it (tests, exports).
    void waitForLayout();

    /// Writes the drawing to `path`, PDF (one A4 page per drawing page) or
    /// SVG by its suffix, atomically. Returns an error text, empty on success.
    QString exportTo(const QString& path) const;
    /// Asks for a file (Dialogs::saveFileName) and exports to it.
    void exportWithDialog();
    /// The print dialog, then the drawing to the chosen printer.
    void print();
    /// Fits the drawing's width to the visible area, and keeps it fitted
    /// when the page is resized or a new drawing comes, until the user
    /// zooms in or out (the page starts fitted).
    void fitToWidth();
    void zoomIn();
    void zoomOut();
    [[nodiscard]] bool fitsWidth() const { return mFitWidth; }

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

signals:
    void layoutChanged();

private:
    struct Outcome {
        RackLayout layout;
        LayoutDrawing drawing;
    };
    void refresh();
    void showOutcome(const std::optional<Outcome>& outcome, const QString& emptyText);
    void updateZoomLabel();
    /// Every page on `device`, one drawing page per device page, scaled to fit.
    void paintPages(QPagedPaintDevice& device) const;

    ProjectDocument* mDocument;
    LiveAnalysis* mAnalysis;
    QLabel* mSummary = nullptr;
    QLabel* mZoomLabel = nullptr;
    QList<QPushButton*> mZoomButtons;
    QPushButton* mExportButton = nullptr;
    QPushButton* mPrintButton = nullptr;
    QScrollArea* mScroll = nullptr;
    LayoutDrawingView* mView = nullptr;
    FindingsModel* mFindings = nullptr;
    QTableView* mFindingsView = nullptr;
    std::optional<RackLayout> mLayout;
    QString mTitle;
    bool mFitWidth = true;
    LatestResult<Outcome> mLatest;
};

} // namespace infrafit::ui
