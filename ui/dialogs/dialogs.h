// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QMessageBox>
#include <QString>
#include <QStringList>

class QWidget;

namespace infrafit::ui {

/// File and message dialogs behind a seam: tests queue the answer a dialog
/// would give, so no test ever blocks on a modal. Without a queued answer
/// the real dialog is shown.
class Dialogs {
public:
    static QString openFileName(QWidget* parent, const QString& title, const QString& filter);
    static QString saveFileName(QWidget* parent, const QString& title, const QString& filter,
                                const QString& suggested = {});
    static QMessageBox::StandardButton question(QWidget* parent, const QString& title,
                                                const QString& text,
                                                QMessageBox::StandardButtons buttons);
    static void warning(QWidget* parent, const QString& title, const QString& text);

    /// Test seams: the next dialog of that sort returns this without showing.
    static void setNextFileName(const QString& fileName);
    static void setNextAnswer(QMessageBox::StandardButton answer);
    /// The text of the last warning shown (or suppressed in tests).
    static QString lastWarning();
    /// Tests call this so warnings are recorded instead of shown.
    static void setSuppressWarnings(bool suppress);
};

} // namespace infrafit::ui
