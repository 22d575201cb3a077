// SPDX-License-Identifier: Apache-2.0
#include "ui/catalog/software_panel.h"

#include "core/io/software_compat_json.h"
#include "ui/catalog/catalog_editor.h"
#include "ui/catalog/software_table_model.h"
#include "ui/qt_text.h"

#include <QComboBox>
#include <QDate>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QKeySequence>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QKeyEvent>
#include <QSplitter>
#include <QStringList>
#include <QTableView>
#include <QVBoxLayout>

#include <nlohmann/json.hpp>

namespace infrafit::ui {
namespace {

QLineEdit* softwareLineEdit(QWidget* parent, const char* objectName, const QString& tip,
                            const QString& placeholder = {})
{
    auto* edit = new QLineEdit(parent);
    edit->setObjectName(QString::fromLatin1(objectName));
    edit->setToolTip(tip);
    edit->setPlaceholderText(placeholder);
    return edit;
}

/// The frameworks as the catalog file writes them, one statement a line.
QString softwareFrameworksText(const std::vector<FrameworkFeature>& features)
{
    const nlohmann::json list = frameworkFeaturesToJson(features);
    if (list.empty())
        return QStringLiteral("[]");
    QString text = QStringLiteral("[\n");
    for (std::size_t i = 0; i < list.size(); ++i)
        text += QStringLiteral("  ") + toQString(list[i].dump())
                + (i + 1 < list.size() ? QStringLiteral(",\n") : QStringLiteral("\n"));
    return text + QStringLiteral("]");
}

} // namespace

SoftwarePanel::SoftwarePanel(CatalogEditor* editor, QWidget* parent)
    : QWidget(parent), mEditor(editor)
{
    setObjectName(QStringLiteral("softwarePanel"));
    auto* intro = new QLabel(
        tr("The software compatibility rows of this catalog, one per GPU architecture: the "
           "analysis, the recommendation, the bill of materials and the portfolio check plans "
           "against these (FP8 on Ampere, a driver older than the GPU). Every row names its "
           "source and the date it was checked. Changes are saved at once and can be undone "
           "(Ctrl+Z)."),
        this);
    intro->setWordWrap(true);

    mModel = new SoftwareTableModel(mEditor, this);
    mView = new QTableView(this);
    mView->setObjectName(QStringLiteral("softwareTableView"));
    mView->setModel(mModel);
    mView->setSelectionBehavior(QAbstractItemView::SelectRows);
    mView->setSelectionMode(QAbstractItemView::SingleSelection);
    mView->setEditTriggers(QAbstractItemView::NoEditTriggers);
    mView->setAlternatingRowColors(true);
    mView->setWordWrap(false);
    mView->verticalHeader()->setVisible(false);
    mView->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    mView->horizontalHeader()->setStretchLastSection(true);
    for (int c = 0; c < SoftwareTableModel::ColumnCount; ++c)
        mView->setColumnWidth(c, c == SoftwareTableModel::SourceColumn ? 260 : 120);
    mView->setColumnWidth(SoftwareTableModel::ArchitectureColumn, 140);

    auto* addButton = new QPushButton(tr("&Add Row"), this);
    addButton->setObjectName(QStringLiteral("softwareAddButton"));
    addButton->setToolTip(tr("Start a new row in the form (an architecture without a row)"));
    auto* removeButton = new QPushButton(tr("Re&move Row"), this);
    removeButton->setObjectName(QStringLiteral("softwareRemoveButton"));
    removeButton->setToolTip(tr("Remove the selected row (Delete); undo puts it back"));
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(addButton);
    buttons->addWidget(removeButton);
    buttons->addStretch(1);

    auto* left = new QWidget(this);
    auto* leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->addWidget(mView, 1);
    leftLayout->addLayout(buttons);

    // The form: one field per column of the catalog file's row.
    auto* form = new QWidget(this);
    auto* formLayout = new QFormLayout(form);
    mFormTitle = new QLabel(form);
    mFormTitle->setObjectName(QStringLiteral("softwareFormTitleLabel"));
    QFont titleFont = mFormTitle->font();
    titleFont.setBold(true);
    mFormTitle->setFont(titleFont);
    formLayout->addRow(mFormTitle);
    mArchitecture = softwareLineEdit(form, "softwareArchitectureLineEdit",
                                     tr("Equals the GPUs' architecture field (e.g. Hopper)"));
    mVendor = softwareLineEdit(form, "softwareVendorLineEdit", tr("GPU vendor"));
    mStack = new QComboBox(form);
    mStack->setObjectName(QStringLiteral("softwareStackComboBox"));
    for (const auto stack : {SoftwareStack::Cuda, SoftwareStack::Rocm, SoftwareStack::Synapseai})
        mStack->addItem(toQString(softwareStackLabel(stack)), toQString(enumName(stack)));
    mMinDriver = softwareLineEdit(form, "softwareMinDriverLineEdit",
                                  tr("First driver branch for the architecture"), tr("e.g. R570"));
    mLastDriver = softwareLineEdit(form, "softwareLastDriverLineEdit",
                                   tr("Last driver branch, when support has an announced end"),
                                   tr("none"));
    mMinToolkit = softwareLineEdit(form, "softwareMinToolkitLineEdit",
                                   tr("First CUDA / ROCm / Intel Gaudi software release"),
                                   tr("e.g. 12.8"));
    mLastToolkit = softwareLineEdit(form, "softwareLastToolkitLineEdit",
                                    tr("Last release, when support has an announced end (12.x = "
                                       "every 12 release)"),
                                    tr("none"));
    mRecommendedDriver = softwareLineEdit(form, "softwareRecommendedDriverLineEdit",
                                          tr("The driver a bill of materials recommends"));
    mRecommendedToolkit = softwareLineEdit(form, "softwareRecommendedToolkitLineEdit",
                                           tr("The toolkit a bill of materials recommends"));
    mContainerImage = softwareLineEdit(form, "softwareContainerImageLineEdit",
                                       tr("A container image that carries a matching stack"));
    mPrecisions = softwareLineEdit(form, "softwarePrecisionsLineEdit",
                                   tr("Formats with hardware math, comma-separated"),
                                   tr("e.g. fp32, bf16, fp16, fp8"));
    mEndOfSupport = softwareLineEdit(form, "softwareEndOfSupportLineEdit",
                                     tr("Published end of support (YYYY-MM)"), tr("none"));
    mSource = softwareLineEdit(form, "softwareSourceLineEdit",
                               tr("URLs or documents the row comes from, ;-separated (required)"));
    mSourceDate = softwareLineEdit(form, "softwareSourceDateLineEdit",
                                   tr("ISO date the source was checked (required)"),
                                   tr("YYYY-MM-DD"));
    mNotes = new QPlainTextEdit(form);
    mNotes->setObjectName(QStringLiteral("softwareNotesPlainTextEdit"));
    mNotes->setTabChangesFocus(true);
    mNotes->setMaximumHeight(70);
    mFrameworks = new QPlainTextEdit(form);
    mFrameworks->setObjectName(QStringLiteral("softwareFrameworksPlainTextEdit"));
    mFrameworks->setTabChangesFocus(true);
    mFrameworks->setLineWrapMode(QPlainTextEdit::NoWrap);
    mFrameworks->setToolTip(
        tr("What the frameworks support on this architecture, as in a catalog file: "
           "{\"framework\", \"feature\", \"min_version\" or \"supported\": false, \"source\"}, "
           "one statement a line (docs/user-guide.md \"Software compatibility\")"));
    QFont mono = mFrameworks->font();
    mono.setStyleHint(QFont::Monospace);
    mono.setFamily(QStringLiteral("monospace"));
    mFrameworks->setFont(mono);
    mFrameworks->setMinimumHeight(140);
    formLayout->addRow(tr("Arc&hitecture:"), mArchitecture);
    formLayout->addRow(tr("&Vendor:"), mVendor);
    formLayout->addRow(tr("S&tack:"), mStack);
    formLayout->addRow(tr("First driver &branch:"), mMinDriver);
    formLayout->addRow(tr("Last driver branch:"), mLastDriver);
    formLayout->addRow(tr("First tool&kit:"), mMinToolkit);
    formLayout->addRow(tr("Last toolkit:"), mLastToolkit);
    formLayout->addRow(tr("Recommended driver:"), mRecommendedDriver);
    formLayout->addRow(tr("Recommended toolkit:"), mRecommendedToolkit);
    formLayout->addRow(tr("Container &image:"), mContainerImage);
    formLayout->addRow(tr("&Precisions:"), mPrecisions);
    formLayout->addRow(tr("End of support:"), mEndOfSupport);
    formLayout->addRow(tr("&Source:"), mSource);
    formLayout->addRow(tr("Checked &on:"), mSourceDate);
    formLayout->addRow(tr("&Notes:"), mNotes);
    formLayout->addRow(tr("Frame&works:"), mFrameworks);

    auto* applyButton = new QPushButton(tr("Appl&y"), form);
    applyButton->setObjectName(QStringLiteral("softwareApplyButton"));
    applyButton->setToolTip(tr("Store the form as the row (Ctrl+Return)"));
    applyButton->setDefault(true);
    auto* revertButton = new QPushButton(tr("Revert"), form);
    revertButton->setObjectName(QStringLiteral("softwareRevertButton"));
    revertButton->setToolTip(tr("Show the stored row again"));
    auto* formButtons = new QHBoxLayout;
    formButtons->addStretch(1);
    formButtons->addWidget(revertButton);
    formButtons->addWidget(applyButton);
    formLayout->addRow(formButtons);
    mMessage = new QLabel(form);
    mMessage->setObjectName(QStringLiteral("softwareMessageLabel"));
    mMessage->setWordWrap(true);
    mMessage->setTextInteractionFlags(Qt::TextSelectableByMouse);
    mMessage->hide();
    formLayout->addRow(mMessage);

    auto* scroll = new QScrollArea(this);
    scroll->setObjectName(QStringLiteral("softwareFormScrollArea"));
    scroll->setWidget(form);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);

    auto* splitter = new QSplitter(Qt::Horizontal, this);
    splitter->addWidget(left);
    splitter->addWidget(scroll);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);
    splitter->setChildrenCollapsible(false);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addWidget(intro);
    layout->addWidget(splitter, 1);

    connect(addButton, &QPushButton::clicked, this, &SoftwarePanel::newRow);
    connect(removeButton, &QPushButton::clicked, this, &SoftwarePanel::removeSelected);
    connect(applyButton, &QPushButton::clicked, this, [this] { applyForm(); });
    connect(revertButton, &QPushButton::clicked, this, [this] {
        if (mEditing.empty())
            newRow();
        else
            editRow(mEditing);
    });
    // Keys as an event filter, so they act wherever the focus is in the
    // table or the form (a QShortcut would also need the window active).
    mView->installEventFilter(this);
    for (auto* edit : form->findChildren<QLineEdit*>())
        edit->installEventFilter(this);
    for (auto* edit : form->findChildren<QPlainTextEdit*>())
        edit->installEventFilter(this);
    connect(mView->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex& current) {
                if (const SoftwareCompat* row = mModel->rowAt(current.row());
                    row && row->architecture != mEditing)
                    editRow(row->architecture);
            });
    // Undo, redo or another program changed the rows: show the stored state.
    connect(mEditor, &CatalogEditor::softwareChanged, this, [this] {
        if (!mEditing.empty() && mModel->rowOf(mEditing) >= 0)
            editRow(mEditing);
        else if (mModel->rowCount() > 0 && !mEditing.empty())
            editRow(mModel->rowAt(0)->architecture);
    });
    setTabOrder(mView, addButton);
    setTabOrder(addButton, removeButton);
    setTabOrder(removeButton, mArchitecture);

    if (mModel->rowCount() > 0)
        editRow(mModel->rowAt(0)->architecture);
    else
        newRow();
}

bool SoftwarePanel::eventFilter(QObject* watched, QEvent* event)
{
    if (event->type() == QEvent::KeyPress) {
        const auto* key = static_cast<QKeyEvent*>(event);
        if (watched == mView && key->matches(QKeySequence::Delete)) {
            removeSelected();
            return true;
        }
        if (watched != mView && (key->key() == Qt::Key_Return || key->key() == Qt::Key_Enter)
            && key->modifiers().testFlag(Qt::ControlModifier)) {
            applyForm();
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

void SoftwarePanel::selectEditing()
{
    const int row = mModel->rowOf(mEditing);
    if (row < 0) {
        mView->clearSelection();
        return;
    }
    const QModelIndex index = mModel->index(row, 0);
    if (mView->currentIndex().row() != row)
        mView->setCurrentIndex(index);
    mView->scrollTo(index);
}

void SoftwarePanel::loadForm(const SoftwareCompat& row)
{
    mArchitecture->setText(toQString(row.architecture));
    mVendor->setText(toQString(row.vendor));
    mStack->setCurrentIndex(mStack->findData(toQString(enumName(row.stack))));
    mMinDriver->setText(toQString(row.minDriverBranch));
    mLastDriver->setText(toQString(row.lastDriverBranch));
    mMinToolkit->setText(toQString(row.minToolkitVersion));
    mLastToolkit->setText(toQString(row.lastToolkitVersion));
    mRecommendedDriver->setText(toQString(row.recommendedDriver));
    mRecommendedToolkit->setText(toQString(row.recommendedToolkit));
    mContainerImage->setText(toQString(row.containerImage));
    QStringList precisions;
    for (const auto& p : row.precisions)
        precisions << toQString(p);
    mPrecisions->setText(precisions.join(QStringLiteral(", ")));
    mEndOfSupport->setText(toQString(row.endOfSupport));
    mSource->setText(toQString(row.source));
    mSourceDate->setText(toQString(row.sourceDate));
    mNotes->setPlainText(toQString(row.notes));
    mFrameworks->setPlainText(softwareFrameworksText(row.frameworks));
}

void SoftwarePanel::editRow(const std::string& architecture)
{
    const int index = mModel->rowOf(architecture);
    const SoftwareCompat* row = mModel->rowAt(index);
    if (!row)
        return;
    mEditing = architecture;
    loadForm(*row);
    mFormTitle->setText(tr("Row %1").arg(toQString(architecture)));
    selectEditing();
}

void SoftwarePanel::newRow()
{
    mEditing.clear();
    SoftwareCompat row;
    row.sourceDate = toStdString(QDate::currentDate().toString(Qt::ISODate));
    loadForm(row);
    mFormTitle->setText(tr("New row"));
    mView->clearSelection();
    showMessage(tr("Fill in the architecture, its source and the date, then Apply."), false);
    mArchitecture->setFocus();
}

QString SoftwarePanel::applyForm()
{
    nlohmann::json j = nlohmann::json::object();
    const auto text = [&j](const char* key, const QLineEdit* edit) {
        const QString value = edit->text().trimmed();
        if (!value.isEmpty())
            j[key] = toStdString(value);
    };
    j["architecture"] = toStdString(mArchitecture->text().trimmed());
    text("vendor", mVendor);
    j["stack"] = toStdString(mStack->currentData().toString());
    text("min_driver_branch", mMinDriver);
    text("last_driver_branch", mLastDriver);
    text("min_toolkit_version", mMinToolkit);
    text("last_toolkit_version", mLastToolkit);
    text("recommended_driver", mRecommendedDriver);
    text("recommended_toolkit", mRecommendedToolkit);
    text("container_image", mContainerImage);
    nlohmann::json precisions = nlohmann::json::array();
    for (const QString& p : mPrecisions->text().split(QLatin1Char(','), Qt::SkipEmptyParts))
        if (!p.trimmed().isEmpty())
            precisions.push_back(toStdString(p.trimmed()));
    j["precisions"] = std::move(precisions);
    const QString frameworks = mFrameworks->toPlainText().trimmed();
    QStringList problems;
    if (frameworks.isEmpty()) {
        j["frameworks"] = nlohmann::json::array();
    } else {
        auto parsed = nlohmann::json::parse(toStdString(frameworks), nullptr, false);
        if (parsed.is_discarded())
            problems << tr("/frameworks: is not a JSON list of statements; write one "
                           "{\"framework\": …, \"feature\": …} per line inside [ ]");
        else
            j["frameworks"] = std::move(parsed);
    }
    text("end_of_support", mEndOfSupport);
    j["source"] = toStdString(mSource->text().trimmed());
    j["source_date"] = toStdString(mSourceDate->text().trimmed());
    const QString notes = mNotes->toPlainText().trimmed();
    if (!notes.isEmpty())
        j["notes"] = toStdString(notes);

    std::optional<SoftwareCompat> row;
    if (problems.isEmpty()) {
        std::vector<Problem> found;
        row = softwareCompatFromJson(j, "", found);
        for (const auto& problem : found)
            problems << toQString(problem.pointer) + QStringLiteral(": ")
                            + toQString(problem.message);
    }
    QString result = problems.join(QLatin1Char('\n'));
    if (result.isEmpty() && row)
        result = mEditor->putSoftwareRow(*row, mEditing);
    else if (result.isEmpty())
        result = tr("The row could not be read.");
    if (!result.isEmpty()) {
        showMessage(tr("Not saved:\n%1").arg(result), true);
        return result;
    }
    mEditing = row->architecture;
    editRow(mEditing);
    showMessage(tr("Saved row %1.").arg(toQString(mEditing)), false);
    return {};
}

void SoftwarePanel::removeSelected()
{
    const SoftwareCompat* row = mModel->rowAt(mView->currentIndex().row());
    if (!row)
        return;
    const std::string architecture = row->architecture;
    const QString error = mEditor->removeSoftwareRow(architecture);
    if (!error.isEmpty()) {
        showMessage(error, true);
        return;
    }
    showMessage(tr("Removed row %1 (Ctrl+Z puts it back).").arg(toQString(architecture)), false);
    if (mModel->rowCount() > 0)
        editRow(mModel->rowAt(std::min(mView->currentIndex().row(), mModel->rowCount() - 1))
                    ->architecture);
    else
        newRow();
}

void SoftwarePanel::showMessage(const QString& text, bool isError)
{
    mMessage->setText(text);
    mMessage->setVisible(!text.isEmpty());
    mMessage->setStyleSheet(isError ? QStringLiteral("color: #c0392b;") : QString());
    mMessage->setProperty("isError", isError);
}

} // namespace infrafit::ui
