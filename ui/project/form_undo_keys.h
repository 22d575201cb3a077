// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QObject>
#include <QPointer>
#include <QWidget>

#include <vector>

namespace infrafit::ui {

/// Lets Ctrl+Z / Ctrl+Shift+Z (the platform's Undo and Redo keys) reach the
/// window's Undo and Redo actions, and so the project undo stack, while a
/// field of a project form has the focus: a line edit or spin box would
/// otherwise claim the keys for its own text history, which the form has
/// already turned into project edits (issue 23 item 9). Install on the
/// application; acts only on widgets inside the given roots. GUI thread.
class FormUndoKeys : public QObject {
    Q_OBJECT

public:
    FormUndoKeys(std::vector<QWidget*> roots, QObject* parent);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    std::vector<QPointer<QWidget>> mRoots;
};

} // namespace infrafit::ui
