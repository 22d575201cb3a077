// SPDX-License-Identifier: Apache-2.0
#include "ui/dialogs/dialogs.h"

#include <QFileDialog>

#include <optional>

namespace infrafit::ui {
namespace {

std::optional<QString> nextFileName;
std::optional<QMessageBox::StandardButton> nextAnswer;
QString lastWarningText;
bool suppressWarnings = false;

} // namespace

QString Dialogs::openFileName(QWidget* parent, const QString& title, const QString& filter)
{
    if (nextFileName)
        return *std::exchange(nextFileName, std::nullopt);
    return QFileDialog::getOpenFileName(parent, title, {}, filter);
}

QString Dialogs::saveFileName(QWidget* parent, const QString& title, const QString& filter,
                              const QString& suggested)
{
    if (nextFileName)
        return *std::exchange(nextFileName, std::nullopt);
    return QFileDialog::getSaveFileName(parent, title, suggested, filter);
}

QMessageBox::StandardButton Dialogs::question(QWidget* parent, const QString& title,
                                              const QString& text,
                                              QMessageBox::StandardButtons buttons)
{
    if (nextAnswer)
        return *std::exchange(nextAnswer, std::nullopt);
    return QMessageBox::question(parent, title, text, buttons);
}

void Dialogs::warning(QWidget* parent, const QString& title, const QString& text)
{
    lastWarningText = text;
    if (!suppressWarnings)
        QMessageBox::warning(parent, title, text);
}

void Dialogs::setNextFileName(const QString& fileName)
{
    nextFileName = fileName;
}

void Dialogs::setNextAnswer(QMessageBox::StandardButton answer)
{
    nextAnswer = answer;
}

QString Dialogs::lastWarning()
{
    return lastWarningText;
}

void Dialogs::setSuppressWarnings(bool suppress)
{
    suppressWarnings = suppress;
}

} // namespace infrafit::ui
