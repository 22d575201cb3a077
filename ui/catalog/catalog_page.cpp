// SPDX-License-Identifier: Apache-2.0
#include "ui/catalog/catalog_page.h"

#include "core/io/catalog_json.h"
#include "core/io/text_file.h"
#include "ui/catalog/catalog_editor.h"
#include "ui/catalog/software_panel.h"
#include "ui/catalog/field_delegate.h"
#include "ui/catalog/field_text.h"
#include "ui/catalog/part_filter_proxy_model.h"
#include "ui/catalog/part_table_model.h"
#include "ui/dialogs/dialogs.h"
#include "ui/qt_text.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QTabWidget>
#include <QTableView>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

#include <set>

namespace infrafit::ui {
namespace {

QToolButton* makeButton(QWidget* parent, const QString& objectName, const QString& text,
                        const QString& tip)
{
    auto* button = new QToolButton(parent);
    button->setObjectName(objectName);
    button->setText(text);
    button->setToolTip(tip);
    button->setToolButtonStyle(Qt::ToolButtonTextOnly);
    return button;
}

} // namespace

CatalogPage::CatalogPage(CatalogEditor* editor, QWidget* parent)
    : QWidget(parent), mEditor(editor)
{
    mFilterEdit = new QLineEdit(this);
    mFilterEdit->setObjectName(QStringLiteral("catalogFilterLineEdit"));
    mFilterEdit->setPlaceholderText(tr("Filter by any field (e.g. H100, sxm, 400)…"));
    mFilterEdit->setClearButtonEnabled(true);
    connect(mFilterEdit, &QLineEdit::textChanged, this, &CatalogPage::applyFilter);
    auto* filterLabel = new QLabel(tr("F&ilter:"), this);
    filterLabel->setBuddy(mFilterEdit);

    // Filter by one field: chooser, condition, value, the field's unit.
    mFieldCombo = new QComboBox(this);
    mFieldCombo->setObjectName(QStringLiteral("catalogFieldComboBox"));
    mFieldCombo->setToolTip(tr("Filter the shown table by one field"));
    auto* fieldLabel = new QLabel(tr("Fiel&d:"), this);
    fieldLabel->setBuddy(mFieldCombo);
    mConditionCombo = new QComboBox(this);
    mConditionCombo->setObjectName(QStringLiteral("catalogConditionComboBox"));
    mConditionCombo->setToolTip(tr("How the field is compared with the value"));
    mConditionCombo->setAccessibleName(tr("Condition"));
    mConditionCombo->addItem(tr("contains"), static_cast<int>(FieldCondition::Contains));
    mConditionCombo->addItem(QStringLiteral("≥"), static_cast<int>(FieldCondition::AtLeast));
    mConditionCombo->addItem(QStringLiteral("≤"), static_cast<int>(FieldCondition::AtMost));
    mConditionCombo->addItem(QStringLiteral("="), static_cast<int>(FieldCondition::Equals));
    mFieldValueEdit = new QLineEdit(this);
    mFieldValueEdit->setObjectName(QStringLiteral("catalogFieldValueLineEdit"));
    mFieldValueEdit->setAccessibleName(tr("Field filter value"));
    mFieldValueEdit->setClearButtonEnabled(true);
    mFieldUnitLabel = new QLabel(this);
    mFieldUnitLabel->setObjectName(QStringLiteral("catalogFieldUnitLabel"));
    connect(mFieldCombo, &QComboBox::currentIndexChanged, this, &CatalogPage::fieldChosen);
    connect(mConditionCombo, &QComboBox::currentIndexChanged, this,
            &CatalogPage::applyFieldFilter);
    connect(mFieldValueEdit, &QLineEdit::textChanged, this, &CatalogPage::applyFieldFilter);

    auto* addButton = makeButton(this, QStringLiteral("addPartButton"), tr("Add"),
                                 tr("Add a part of the shown kind (Ctrl+Shift+N)"));
    auto* duplicateButton = makeButton(this, QStringLiteral("duplicatePartButton"),
                                       tr("Duplicate"), tr("Copy the selected part (Ctrl+D)"));
    auto* deleteButton = makeButton(this, QStringLiteral("deletePartButton"), tr("Delete"),
                                    tr("Delete the selected parts (Del)"));
    auto* importButton = makeButton(this, QStringLiteral("importCatalogButton"), tr("Import…"),
                                    tr("Add or replace parts from a catalog file"));
    auto* exportButton = makeButton(this, QStringLiteral("exportCatalogButton"), tr("Export…"),
                                    tr("Save the shown kind to a catalog file"));
    connect(addButton, &QToolButton::clicked, this, &CatalogPage::addPart);
    connect(duplicateButton, &QToolButton::clicked, this, &CatalogPage::duplicateSelected);
    connect(deleteButton, &QToolButton::clicked, this, &CatalogPage::deleteSelected);
    connect(importButton, &QToolButton::clicked, this, &CatalogPage::importFile);
    connect(exportButton, &QToolButton::clicked, this, &CatalogPage::exportFile);

    auto* toolRow = new QHBoxLayout;
    toolRow->addWidget(filterLabel);
    toolRow->addWidget(mFilterEdit, 1);
    for (auto* button : {addButton, duplicateButton, deleteButton, importButton, exportButton})
        toolRow->addWidget(button);
    auto* fieldRow = new QHBoxLayout;
    fieldRow->addWidget(fieldLabel);
    fieldRow->addWidget(mFieldCombo);
    fieldRow->addWidget(mConditionCombo);
    fieldRow->addWidget(mFieldValueEdit, 1);
    fieldRow->addWidget(mFieldUnitLabel);

    mTabs = new QTabWidget(this);
    mTabs->setObjectName(QStringLiteral("catalogTabWidget"));
    mTabs->setDocumentMode(true);
    auto* delegate = new FieldDelegate(this);
    for (const auto kind : allPartKinds) {
        const auto i = static_cast<std::size_t>(kind);
        mModels[i] = new PartTableModel(kind, mEditor, this);
        connect(mModels[i], &PartTableModel::editRejected, this,
                [this](const QString& reason) { showMessage(reason, true); });
        mProxies[i] = new PartFilterProxyModel(this);
        mProxies[i]->setSourceModel(mModels[i]);
        auto* view = new QTableView(mTabs);
        view->setObjectName(toQString(enumName(kind)) + QStringLiteral("TableView"));
        view->setModel(mProxies[i]);
        view->setItemDelegate(delegate);
        view->setSortingEnabled(true);
        view->sortByColumn(0, Qt::AscendingOrder);
        view->setSelectionBehavior(QAbstractItemView::SelectRows);
        view->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed
                              | QAbstractItemView::AnyKeyPressed);
        view->setAlternatingRowColors(true);
        view->verticalHeader()->setVisible(false);
        view->verticalHeader()->setDefaultSectionSize(view->fontMetrics().height() + 8);
        view->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
        view->setWordWrap(false);
        mViews[i] = view;
        mTabs->addTab(view, toQString(partKindLabel(kind)));
    }

    mMessageLabel = new QLabel(this);
    mMessageLabel->setObjectName(QStringLiteral("catalogMessageLabel"));
    mMessageLabel->setWordWrap(true);
    mMessageLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    mMessageLabel->hide(); // shown with the first message
    auto* legend = new QLabel(tr("Double-click or type to edit; every change is saved at once and "
                                 "can be undone (Ctrl+Z). * estimate — hover a cell for its "
                                 "source. TFLOPS are dense peak; GB = 10⁹ bytes."),
                              this);
    legend->setObjectName(QStringLiteral("catalogLegendLabel"));
    legend->setWordWrap(true);
    legend->setEnabled(false);

    auto* parts = new QWidget(this);
    auto* partsLayout = new QVBoxLayout(parts);
    partsLayout->setContentsMargins(6, 6, 6, 6);
    partsLayout->addLayout(toolRow);
    partsLayout->addLayout(fieldRow);
    partsLayout->addWidget(mTabs, 1);
    partsLayout->addWidget(mMessageLabel);
    partsLayout->addWidget(legend);
    // The catalog's software compatibility rows beside its parts.
    mSoftware = new SoftwarePanel(mEditor, this);
    mArea = new QTabWidget(this);
    mArea->setObjectName(QStringLiteral("catalogAreaTabWidget"));
    mArea->addTab(parts, tr("Parts"));
    mArea->addTab(mSoftware, tr("Software compatibility"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(mArea);

    connect(mEditor, &CatalogEditor::partsReloaded, this, &CatalogPage::refresh);
    connect(mEditor, &CatalogEditor::partsEdited, this, &CatalogPage::applyChanges);
    // A good edit after a refused one: the refusal no longer applies.
    connect(mEditor, &CatalogEditor::partsEdited, this, [this] {
        if (mMessageLabel->property("isError").toBool())
            showMessage({}, false);
    });
    connect(mEditor, &CatalogEditor::errorOccurred, this, [this](const QString& message) {
        showMessage(message, true);
        Dialogs::warning(this, tr("Catalog"),
                         tr("The change could not be saved, so it was not made:\n\n%1")
                             .arg(message));
    });
    connect(mTabs, &QTabWidget::currentChanged, this, &CatalogPage::fillFieldChooser);
    mSearchPreparation = new QTimer(this);
    mSearchPreparation->setInterval(0);
    connect(mSearchPreparation, &QTimer::timeout, this, &CatalogPage::prepareSearchTexts);
    setTabOrder(mFilterEdit, mFieldCombo);
    setTabOrder(mFieldCombo, mConditionCombo);
    setTabOrder(mConditionCombo, mFieldValueEdit);
    refresh();
    fillFieldChooser();
}

void CatalogPage::showSoftware(bool show)
{
    mArea->setCurrentWidget(show ? static_cast<QWidget*>(mSoftware) : mArea->widget(0));
}

void CatalogPage::applyChanges(const std::vector<PartChange>& changes)
{
    for (auto* model : mModels)
        model->applyChanges(changes);
    updateTabTitles();
    mSearchPreparation->start();
}

void CatalogPage::prepareSearchTexts()
{
    // About 2 ms per slice: idle turns stay far below a frame.
    constexpr std::size_t rowsPerSlice = 2000;
    for (auto* model : mModels) {
        if (!model->prepareSearchTexts(rowsPerSlice))
            return;
    }
    mSearchPreparation->stop();
}

PartFilterProxyModel* CatalogPage::proxy(PartKind kind) const
{
    return mProxies[static_cast<std::size_t>(kind)];
}

void CatalogPage::fillFieldChooser()
{
    const QString chosenKey = mFieldCombo->currentData().toString();
    const PartTableModel* shown = model(currentKind());
    {
        const QSignalBlocker blocker(mFieldCombo);
        mFieldCombo->clear();
        mFieldCombo->addItem(tr("Any field"), QString());
        for (int column = 0; column < shown->columnCount(); ++column) {
            const FieldSpec* field = shown->fieldAt(column);
            if (field->type == FieldType::Flag)
                continue;
            mFieldCombo->addItem(shown->headerData(column, Qt::Horizontal).toString(),
                                 toQString(field->key));
        }
        mFieldCombo->setCurrentIndex(std::max(0, mFieldCombo->findData(chosenKey)));
    }
    fieldChosen();
}

void CatalogPage::fieldChosen()
{
    const FieldSpec* field =
        findField(currentKind(), toStdString(mFieldCombo->currentData().toString()));
    const bool numeric =
        field && (field->type == FieldType::Number || field->type == FieldType::Integer);
    mConditionCombo->setEnabled(numeric);
    mFieldValueEdit->setEnabled(field != nullptr);
    if (!numeric)
        mConditionCombo->setCurrentIndex(0); // text and lists: "contains"
    else if (mConditionCombo->currentIndex() == 0)
        mConditionCombo->setCurrentIndex(1); // numbers: ">=" to start with
    mFieldUnitLabel->setText(field ? toQString(field->unit) : QString());
    mFieldValueEdit->setPlaceholderText(field ? fieldHint(*field) : QString());
    applyFieldFilter();
}

void CatalogPage::applyFieldFilter()
{
    // The field filter acts on the shown kind only; a tab left behind shows all.
    const PartKind kind = currentKind();
    if (kind != mFieldFilterKind)
        proxy(mFieldFilterKind)->clearFieldFilter();
    mFieldFilterKind = kind;
    const int column =
        model(kind)->columnOf(toStdString(mFieldCombo->currentData().toString()));
    const auto condition = static_cast<FieldCondition>(mConditionCombo->currentData().toInt());
    const bool valid = proxy(kind)->setFieldFilter(column, condition, mFieldValueEdit->text());
    mFieldValueEdit->setProperty("isError", !valid);
    mFieldValueEdit->setStyleSheet(valid ? QString() : QStringLiteral("color: #d9534f;"));
    if (!valid)
        showMessage(tr("Type a number to compare %1 with.").arg(mFieldCombo->currentText()), true);
    updateTabTitles();
}

void CatalogPage::refresh()
{
    std::array<std::vector<Part>, partKindCount> byKind;
    for (const auto& part : mEditor->parts())
        byKind[static_cast<std::size_t>(kindOf(part))].push_back(part);
    for (std::size_t i = 0; i < byKind.size(); ++i)
        mModels[i]->setParts(std::move(byKind[i]));
    if (!mColumnsSized) {
        // Size columns once: long free text (sources, notes) must not push the
        // figures off screen, and later edits must not make columns jump.
        for (auto* view : mViews) {
            view->resizeColumnsToContents();
            for (int c = 0; c < view->model()->columnCount(); ++c)
                view->setColumnWidth(c, std::min(view->columnWidth(c), 260));
        }
        mColumnsSized = true;
    }
    updateTabTitles();
    mSearchPreparation->start();
}

PartTableModel* CatalogPage::model(PartKind kind) const
{
    return mModels[static_cast<std::size_t>(kind)];
}

QTableView* CatalogPage::view(PartKind kind) const
{
    return mViews[static_cast<std::size_t>(kind)];
}

PartKind CatalogPage::currentKind() const
{
    return static_cast<PartKind>(std::max(0, mTabs->currentIndex()));
}

void CatalogPage::setCurrentKind(PartKind kind)
{
    mTabs->setCurrentIndex(static_cast<int>(kind));
}

std::vector<std::string> CatalogPage::selectedIds() const
{
    const auto kind = currentKind();
    auto* view = this->view(kind);
    auto* filtered = mProxies[static_cast<std::size_t>(kind)];
    std::set<int> rows;
    for (const auto& index : view->selectionModel()->selectedIndexes())
        rows.insert(filtered->mapToSource(index).row());
    if (rows.empty() && view->currentIndex().isValid())
        rows.insert(filtered->mapToSource(view->currentIndex()).row());
    std::vector<std::string> ids;
    for (int row : rows) {
        if (const Part* part = model(kind)->partAt(row))
            ids.push_back(infoOf(*part).id);
    }
    return ids;
}

void CatalogPage::selectId(const std::string& id)
{
    const auto kind = currentKind();
    auto* source = model(kind);
    for (int row = 0; row < source->rowCount(); ++row) {
        if (infoOf(*source->partAt(row)).id == id) {
            const auto index =
                mProxies[static_cast<std::size_t>(kind)]->mapFromSource(source->index(row, 0));
            view(kind)->setCurrentIndex(index);
            view(kind)->scrollTo(index);
            return;
        }
    }
}

void CatalogPage::addPart()
{
    const Part part = mEditor->newPartTemplate(currentKind());
    const QString error = mEditor->addPart(part);
    if (!error.isEmpty()) {
        showMessage(error, true);
        return;
    }
    mFilterEdit->clear();
    selectId(infoOf(part).id);
    showMessage(tr("Added %1; edit its figures in place.").arg(toQString(infoOf(part).id)), false);
}

void CatalogPage::duplicateSelected()
{
    const auto ids = selectedIds();
    if (ids.empty()) {
        showMessage(tr("Select a part to duplicate."), true);
        return;
    }
    const std::string newId = mEditor->unusedId(ids.front() + "-copy");
    const QString error = mEditor->duplicatePart(ids.front());
    showMessage(error.isEmpty() ? tr("Duplicated as %1.").arg(toQString(newId)) : error,
                !error.isEmpty());
    if (error.isEmpty())
        selectId(newId);
}

void CatalogPage::deleteSelected()
{
    const auto ids = selectedIds();
    if (ids.empty()) {
        showMessage(tr("Select the parts to delete."), true);
        return;
    }
    const QString error = mEditor->removeParts(ids);
    showMessage(error.isEmpty() ? (ids.size() == 1 ? tr("Deleted 1 part. Undo with Ctrl+Z.")
                                                    : tr("Deleted %1 parts. Undo with Ctrl+Z.")
                                                          .arg(ids.size()))
                                : error,
                !error.isEmpty());
}

void CatalogPage::importFile()
{
    const QString file = Dialogs::openFileName(this, tr("Import Catalog"),
                                               tr("InfraFit catalogs (*.json);;All files (*)"));
    if (file.isEmpty())
        return;
    try {
        const auto document = readCatalogFile(toStdString(file));
        const QString error = mEditor->importParts(document.parts);
        if (!error.isEmpty()) {
            showMessage(error, true);
            return;
        }
        QString text = (document.parts.size() == 1
                            ? tr("Imported 1 part from %1.")
                            : tr("Imported %1 parts from %2.").arg(document.parts.size()))
                           .arg(file);
        if (!document.warnings.empty())
            text += document.warnings.size() == 1
                ? tr(" 1 unknown field ignored.")
                : tr(" %1 unknown fields ignored.").arg(document.warnings.size());
        showMessage(text, false);
    } catch (const InputError& error) {
        QStringList lines;
        for (const auto& line : error.lines())
            lines << toQString(line);
        Dialogs::warning(this, tr("Import Catalog"),
                         tr("Nothing was imported:\n\n%1").arg(lines.join(QLatin1Char('\n'))));
        showMessage(error.problems().size() == 1
                        ? tr("Nothing was imported: %1 has 1 problem.").arg(file)
                        : tr("Nothing was imported: %1 has %2 problems.")
                              .arg(file)
                              .arg(error.problems().size()),
                    true);
    }
}

void CatalogPage::exportFile()
{
    const auto kind = currentKind();
    const QString suggested = toQString(enumName(kind)) + QStringLiteral("-catalog.json");
    const QString file = Dialogs::saveFileName(this, tr("Export %1").arg(toQString(partKindLabel(kind))),
                                               tr("InfraFit catalogs (*.json)"), suggested);
    if (file.isEmpty())
        return;
    try {
        checkOutputIsNotInput(toStdString(file), databaseFiles(mEditor->store().path()));
        writeFileAtomic(toStdString(file), catalogToJson(model(kind)->parts()));
        const auto exported = model(kind)->parts().size();
        showMessage((exported == 1 ? tr("Exported 1 part to %1.")
                                   : tr("Exported %1 parts to %2.").arg(exported))
                        .arg(file),
                    false);
    } catch (const FileWriteError& error) {
        Dialogs::warning(this, tr("Export Catalog"), QString::fromUtf8(error.what()));
        showMessage(QString::fromUtf8(error.what()), true);
    }
}

void CatalogPage::applyFilter(const QString& text)
{
    for (auto* each : mProxies)
        each->setText(text);
    updateTabTitles();
}

void CatalogPage::updateTabTitles()
{
    for (const auto kind : allPartKinds) {
        const auto i = static_cast<std::size_t>(kind);
        mTabs->setTabText(static_cast<int>(i), toQString(partKindLabel(kind))
                                                   + QStringLiteral(" (")
                                                   + QString::number(mProxies[i]->rowCount())
                                                   + QStringLiteral(")"));
    }
}

void CatalogPage::focusFilter()
{
    mFilterEdit->setFocus(Qt::ShortcutFocusReason);
    mFilterEdit->selectAll();
}

void CatalogPage::showMessage(const QString& text, bool isError)
{
    mMessageLabel->setText(text);
    mMessageLabel->setVisible(!text.isEmpty()); // no empty gap under the table
    mMessageLabel->setStyleSheet(isError ? QStringLiteral("color: #d9534f;")
                                         : QString());
    mMessageLabel->setProperty("isError", isError);
}

} // namespace infrafit::ui
