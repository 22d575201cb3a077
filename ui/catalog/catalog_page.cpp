// SPDX-License-Identifier: Apache-2.0
#include "ui/catalog/catalog_page.h"

#include "ui/catalog/part_table_model.h"
#include "ui/qt_text.h"

#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QSortFilterProxyModel>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>

namespace infrafit::ui {

CatalogPage::CatalogPage(QWidget* parent) : QWidget(parent)
{
    mFilterEdit = new QLineEdit(this);
    mFilterEdit->setObjectName(QStringLiteral("catalogFilterLineEdit"));
    mFilterEdit->setPlaceholderText(tr("Filter by any field (e.g. H100, sxm, 400)…"));
    mFilterEdit->setClearButtonEnabled(true);
    connect(mFilterEdit, &QLineEdit::textChanged, this, &CatalogPage::applyFilter);

    mTabs = new QTabWidget(this);
    mTabs->setObjectName(QStringLiteral("catalogTabWidget"));
    mTabs->setDocumentMode(true);
    for (const auto kind : allPartKinds) {
        const auto i = static_cast<std::size_t>(kind);
        mModels[i] = new PartTableModel(kind, this);
        mProxies[i] = new QSortFilterProxyModel(this);
        mProxies[i]->setSourceModel(mModels[i]);
        mProxies[i]->setFilterCaseSensitivity(Qt::CaseInsensitive);
        mProxies[i]->setFilterKeyColumn(-1);
        mProxies[i]->setSortRole(PartTableModel::SortRole);
        auto* view = new QTableView(mTabs);
        view->setObjectName(toQString(enumName(kind)) + QStringLiteral("TableView"));
        view->setModel(mProxies[i]);
        view->setSortingEnabled(true);
        view->sortByColumn(0, Qt::AscendingOrder);
        view->setSelectionBehavior(QAbstractItemView::SelectRows);
        view->setEditTriggers(QAbstractItemView::NoEditTriggers);
        view->setAlternatingRowColors(true);
        view->verticalHeader()->setVisible(false);
        view->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
        view->setWordWrap(false);
        mViews[i] = view;
        mTabs->addTab(view, toQString(partKindLabel(kind)));
    }

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addWidget(mFilterEdit);
    layout->addWidget(mTabs, 1);
    auto* legend = new QLabel(tr("* estimate — hover a cell for its source. Figures are dense "
                                 "peak TFLOPS; GB = 10⁹ bytes."),
                              this);
    legend->setObjectName(QStringLiteral("catalogLegendLabel"));
    legend->setEnabled(false);
    layout->addWidget(legend);
}

void CatalogPage::setParts(const std::vector<Part>& parts)
{
    std::array<std::vector<Part>, 7> byKind;
    for (const auto& part : parts)
        byKind[static_cast<std::size_t>(kindOf(part))].push_back(part);
    for (std::size_t i = 0; i < byKind.size(); ++i) {
        mModels[i]->setParts(std::move(byKind[i]));
        mViews[i]->resizeColumnsToContents();
        // Long free text (sources, notes) must not push the figures off screen.
        for (int c = 0; c < mModels[i]->columnCount(); ++c)
            mViews[i]->setColumnWidth(c, std::min(mViews[i]->columnWidth(c), 260));
    }
    updateTabTitles();
}

PartTableModel* CatalogPage::model(PartKind kind) const
{
    return mModels[static_cast<std::size_t>(kind)];
}

QTableView* CatalogPage::view(PartKind kind) const
{
    return mViews[static_cast<std::size_t>(kind)];
}

void CatalogPage::applyFilter(const QString& text)
{
    for (auto* proxy : mProxies)
        proxy->setFilterFixedString(text);
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

} // namespace infrafit::ui
