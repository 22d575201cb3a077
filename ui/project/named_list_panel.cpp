// SPDX-License-Identifier: Apache-2.0
#include "ui/project/named_list_panel.h"

#include <QHBoxLayout>
#include <QListWidget>
#include <QSignalBlocker>
#include <QToolButton>
#include <QVBoxLayout>

namespace infrafit::ui {

NamedListPanel::NamedListPanel(const QString& objectPrefix, const QString& itemNoun,
                               QWidget* parent)
    : QWidget(parent)
{
    mList = new QListWidget(this);
    mList->setObjectName(objectPrefix + QStringLiteral("ListWidget"));
    connect(mList, &QListWidget::currentRowChanged, this, &NamedListPanel::currentRowChanged);

    auto makeButton = [&](const QString& name, const QString& text, const QString& tip) {
        auto* button = new QToolButton(this);
        button->setObjectName(objectPrefix + name);
        button->setText(text);
        button->setToolTip(tip);
        return button;
    };
    auto* add = makeButton(QStringLiteral("AddButton"), tr("Add"), tr("Add a %1").arg(itemNoun));
    auto* duplicate = makeButton(QStringLiteral("DuplicateButton"), tr("Duplicate"),
                                 tr("Copy the selected %1").arg(itemNoun));
    auto* remove = makeButton(QStringLiteral("DeleteButton"), tr("Delete"),
                              tr("Delete the selected %1").arg(itemNoun));
    connect(add, &QToolButton::clicked, this, &NamedListPanel::addRequested);
    connect(duplicate, &QToolButton::clicked, this,
            [this] { emit duplicateRequested(mList->currentRow()); });
    connect(remove, &QToolButton::clicked, this,
            [this] { emit deleteRequested(mList->currentRow()); });

    auto* buttons = new QHBoxLayout;
    buttons->addWidget(add);
    buttons->addWidget(duplicate);
    buttons->addWidget(remove);
    buttons->addStretch(1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(mList, 1);
    layout->addLayout(buttons);
}

void NamedListPanel::setNames(const QStringList& names)
{
    const int row = mList->currentRow();
    {
        const QSignalBlocker blocker(mList);
        mList->clear();
        mList->addItems(names);
        mList->setCurrentRow(std::clamp(row, names.isEmpty() ? -1 : 0,
                                        static_cast<int>(names.size()) - 1));
    }
    if (mList->currentRow() != row)
        emit currentRowChanged(mList->currentRow());
}

int NamedListPanel::currentRow() const
{
    return mList->currentRow();
}

void NamedListPanel::setCurrentRow(int row)
{
    mList->setCurrentRow(row);
}

} // namespace infrafit::ui
