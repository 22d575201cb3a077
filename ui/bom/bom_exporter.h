// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/output/bom_export.h"

#include <QObject>
#include <QString>

#include <optional>

class QWidget;

namespace infrafit::ui {

class CatalogEditor;
class LiveAnalysis;
class ProjectDocument;

/// Export BOM…: the bill of materials of the selected configuration, with
/// the selected workload's evaluation (as the dashboard shows it), in the
/// format the file name's suffix names (csv, xlsx, pdf, html, json). Core
/// builds and writes the report atomically; this only picks the inputs.
class BomExporter : public QObject {
    Q_OBJECT

public:
    BomExporter(ProjectDocument* document, CatalogEditor* catalog, LiveAnalysis* analysis,
        QObject* parent = nullptr);

    /// The format a path's suffix names, or nothing.
    [[nodiscard]] static std::optional<BomFormat> formatFor(const QString& path);
    /// Builds and writes the BOM; returns an error message or empty.
    [[nodiscard]] QString exportTo(const QString& path) const;
    /// Asks for a file (Dialogs::saveFileName) and exports; errors are shown
    /// with Dialogs::warning, success is announced with exported(). A name
    /// typed without an extension gets that of the file type chosen in the
    /// dialog (PDF when none).
    void exportWithDialog(QWidget* parent);
    /// The extension (".xlsx") a save dialog filter names ("Excel workbook
    /// (*.xlsx)"), or empty.
    [[nodiscard]] static QString extensionOfFilter(const QString& filter);

signals:
    /// A bill of materials was written to `path`.
    void exported(const QString& path);

private:
    ProjectDocument* mDocument;
    CatalogEditor* mCatalog;
    LiveAnalysis* mAnalysis;
};

} // namespace infrafit::ui
