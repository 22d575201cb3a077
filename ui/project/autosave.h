// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QDateTime>
#include <QObject>
#include <QString>

class QTimer;

namespace infrafit::ui {

class ProjectDocument;

/// Writes the open project to a recovery file every `intervalMs` while it
/// has unsaved changes, and removes that file when the changes are saved or
/// discarded. After a crash the next start finds the file and offers to
/// recover it. The recovery file lives in the user's data directory.
class Autosave : public QObject {
    Q_OBJECT

public:
    Autosave(ProjectDocument* document, const QString& directory, int intervalMs = 30000,
             QObject* parent = nullptr);

    /// The recovery file's path.
    [[nodiscard]] QString recoveryPath() const;
    /// A recovery file left by a session that did not end cleanly.
    [[nodiscard]] bool hasRecovery() const;
    [[nodiscard]] QDateTime recoveryTime() const;
    /// The file the recovered project had been saved as (may be empty).
    [[nodiscard]] QString recoveryOriginalPath() const;
    /// Writes the recovery file now if the project has unsaved changes.
    void saveNow();
    /// Deletes the recovery file (after a save, a discard or a recovery).
    void clear();

private:
    ProjectDocument* mDocument;
    QString mDirectory;
    QTimer* mTimer = nullptr;
};

} // namespace infrafit::ui
