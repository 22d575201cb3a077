// SPDX-License-Identifier: Apache-2.0
#include "ui/dialogs/dialogs.h"

#include <QFileDialog>
#include <QInputDialog>
#include <QLineEdit>
#include <QPushButton>

#include <algorithm>
#include <optional>
#include <vector>

namespace infrafit::ui {
namespace {

std::optional<QString> nextFileName;
QString nextSelectedFilter;
std::optional<QString> nextText;
std::optional<QMessageBox::StandardButton> nextAnswer;
std::optional<int> nextChoice;
QString lastWarningText;
QString lastInformationText;
QString lastSuggestedName;
bool suppressWarnings = false;

} // namespace

QString Dialogs::openFileName(QWidget* parent, const QString& title, const QString& filter)
{
    if (nextFileName)
        return *std::exchange(nextFileName, std::nullopt);
    return QFileDialog::getOpenFileName(parent, title, {}, filter);
}

QString Dialogs::saveFileName(QWidget* parent, const QString& title, const QString& filter,
                              const QString& suggested, QString* selectedFilter)
{
    lastSuggestedName = suggested;
    if (nextFileName) {
        if (selectedFilter)
            *selectedFilter = std::exchange(nextSelectedFilter, QString());
        return *std::exchange(nextFileName, std::nullopt);
    }
    return QFileDialog::getSaveFileName(parent, title, suggested, filter, selectedFilter);
}

QString Dialogs::textInput(QWidget* parent, const QString& title, const QString& label,
                           const QString& text)
{
    if (nextText)
        return *std::exchange(nextText, std::nullopt);
    bool ok = false;
    const QString answer =
        QInputDialog::getText(parent, title, label, QLineEdit::Normal, text, &ok);
    return ok ? answer : QString();
}

void Dialogs::setNextText(const QString& text)
{
    nextText = text;
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

void Dialogs::information(QWidget* parent, const QString& title, const QString& text)
{
    lastInformationText = text;
    if (!suppressWarnings)
        QMessageBox::information(parent, title, text);
}

int Dialogs::choose(QWidget* parent, const QString& title, const QString& text,
                    const QStringList& choices)
{
    lastInformationText = text;
    if (nextChoice)
        return *std::exchange(nextChoice, std::nullopt);
    QMessageBox box(QMessageBox::Warning, title, text, QMessageBox::NoButton, parent);
    std::vector<QAbstractButton*> buttons;
    for (int i = 0; i < choices.size(); ++i) {
        buttons.push_back(box.addButton(choices[i], i == 0 ? QMessageBox::AcceptRole
                                                           : QMessageBox::RejectRole));
    }
    if (!buttons.empty())
        box.setDefaultButton(qobject_cast<QPushButton*>(buttons.front()));
    box.exec();
    const auto it = std::find(buttons.begin(), buttons.end(), box.clickedButton());
    return it == buttons.end() ? -1 : static_cast<int>(it - buttons.begin());
}

void Dialogs::setNextChoice(int choice)
{
    nextChoice = choice;
}

QString Dialogs::lastInformation()
{
    return lastInformationText;
}

void Dialogs::setNextFileName(const QString& fileName, const QString& selectedFilter)
{
    nextFileName = fileName;
    nextSelectedFilter = selectedFilter;
}

void Dialogs::setNextAnswer(QMessageBox::StandardButton answer)
{
    nextAnswer = answer;
}

QString Dialogs::lastSuggestedFileName()
{
    return lastSuggestedName;
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
