// SPDX-License-Identifier: Apache-2.0
#include "ui/project/form_undo_keys.h"

#include <QAbstractSpinBox>
#include <QComboBox>
#include <QKeyEvent>
#include <QLineEdit>

namespace infrafit::ui {

FormUndoKeys::FormUndoKeys(std::vector<QWidget*> roots, QObject* parent) : QObject(parent)
{
    for (auto* root : roots)
        mRoots.emplace_back(root);
}

bool FormUndoKeys::eventFilter(QObject* watched, QEvent* event)
{
    if (event->type() != QEvent::ShortcutOverride)
        return false;
    auto* widget = qobject_cast<QWidget*>(watched);
    if (!widget
        || !(qobject_cast<QLineEdit*>(widget) || qobject_cast<QAbstractSpinBox*>(widget)
            || qobject_cast<QComboBox*>(widget)))
        return false;
    auto* key = static_cast<QKeyEvent*>(event);
    if (!key->matches(QKeySequence::Undo) && !key->matches(QKeySequence::Redo))
        return false;
    for (const auto& root : mRoots) {
        if (root && (root == widget || root->isAncestorOf(widget))) {
            // Not accepted: the key goes on to the window's shortcuts.
            event->ignore();
            return true;
        }
    }
    return false;
}

} // namespace infrafit::ui
