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
    /// `selectedFilter`, when given, receives the file type the user chose
    /// (so a name typed without an extension can get that type's).
    static QString saveFileName(QWidget* parent, const QString& title, const QString& filter,
                                const QString& suggested = {}, QString* selectedFilter = nullptr);
    /// A line of text (e.g. a new name); empty when cancelled.
    static QString textInput(QWidget* parent, const QString& title, const QString& label,
                             const QString& text);
    static QMessageBox::StandardButton question(QWidget* parent, const QString& title,
                                                const QString& text,
                                                QMessageBox::StandardButtons buttons);
    static void warning(QWidget* parent, const QString& title, const QString& text);
    static void information(QWidget* parent, const QString& title, const QString& text);
    /// A message with one button per choice (the first is the default);
    /// returns the index of the chosen one, or -1 when the box was closed.
    static int choose(QWidget* parent, const QString& title, const QString& text,
                      const QStringList& choices);

    /// Test seams: the next dialog of that sort returns this without showing.
    /// `selectedFilter`: the file type a save dialog reports as chosen.
    static void setNextFileName(const QString& fileName, const QString& selectedFilter = {});
    static void setNextText(const QString& text);
    static void setNextAnswer(QMessageBox::StandardButton answer);
    static void setNextChoice(int choice);
    /// The file name the last save dialog proposed (shown or answered by a test).
    static QString lastSuggestedFileName();
    /// The text of the last warning shown (or suppressed in tests).
    static QString lastWarning();
    /// The text of the last information message (or choice) shown.
    static QString lastInformation();
    /// Tests call this so warnings and information are recorded instead of shown.
    static void setSuppressWarnings(bool suppress);
};

} // namespace infrafit::ui
