// SPDX-License-Identifier: Apache-2.0
#include "ui/project/configuration_form.h"

#include "core/project/configuration_fields.h"

#include "ui/catalog/catalog_editor.h"

#include "ui/project/form_fields.h"
#include "ui/project/project_field_rows.h"

#include <QCompleter>
#include <QFormLayout>
#include <QGroupBox>
#include <QLineEdit>
#include <QSignalBlocker>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <tuple>
#include <optional>

namespace infrafit::ui {

using namespace form;

namespace {

bool isOptionalKind(PartKind kind)
{
    return kind != PartKind::Gpu && kind != PartKind::Chassis;
}

QString partLabel(const Part& part)
{
    const auto& info = infoOf(part);
    return toQString(info.vendor) + QStringLiteral(" ") + toQString(info.model)
           + QStringLiteral("  [") + toQString(info.id) + QStringLiteral("]");
}

/// Gives an editable part picker a completer that finds the typed text
/// anywhere in a part's label, attached only while the user types. An
/// attached completer is handed the chosen item's text on every change of
/// choice and then matches all items against it again on each insert or
/// removal: ~20-30 ms per choice or catalog edit among 100,000 parts.
void searchWhileTyping(QComboBox* combo)
{
    auto* completer = new QCompleter(combo->model(), combo);
    completer->setFilterMode(Qt::MatchContains);
    completer->setCaseSensitivity(Qt::CaseInsensitive);
    completer->setCompletionMode(QCompleter::PopupCompletion);
    combo->setCompleter(nullptr);
    QObject::connect(combo->lineEdit(), &QLineEdit::textEdited, combo,
                     [combo, completer](const QString& text) {
                         if (combo->completer() == completer)
                             return;
                         combo->setCompleter(completer);
                         completer->setCompletionPrefix(text);
                         completer->complete();
                     });
    // Detached once the choice is made or the picker is left (queued: the
    // completer may be the one emitting).
    const auto detach = [combo] {
        QMetaObject::invokeMethod(
            combo, [combo] { combo->setCompleter(nullptr); }, Qt::QueuedConnection);
    };
    QObject::connect(combo, &QComboBox::activated, combo, detach);
    QObject::connect(combo->lineEdit(), &QLineEdit::editingFinished, combo, detach);
}

} // namespace

ConfigurationForm::ConfigurationForm(QWidget* parent) : QWidget(parent)
{
    auto* parts = new QGroupBox(tr("Parts per node"), this);
    auto* partsForm = new QFormLayout(parts);
    mName = new QLineEdit(this);
    mName->setObjectName(QStringLiteral("configurationNameLineEdit"));
    for (const auto kind : allPartKinds) {
        auto* combo = new QComboBox(parts);
        combo->setObjectName(toQString(enumName(kind)) + QStringLiteral("PartComboBox"));
        combo->setEditable(true);
        combo->setInsertPolicy(QComboBox::NoInsert);
        combo->setMinimumContentsLength(28);
        searchWhileTyping(combo);
        combo->setToolTip(tr("Type to search the catalog"));
        mPartCombos[static_cast<std::size_t>(kind)] = combo;
    }
    // Ranges from core's registry (core/project/configuration_fields.cpp),
    // the file reader's.
    const auto countBox = [parts](const char* name, const char* key) {
        const auto& field = *findConfigurationField(key);
        return intBox(parts, QString::fromLatin1(name), static_cast<int>(field.minimum),
                      static_cast<int>(field.maximum), tr(" per node"));
    };
    mGpus = countBox("gpusPerNode", "gpus_per_node");
    mCpus = countBox("cpusPerNode", "cpus_per_node");
    mNvme = countBox("nvmePerNode", "nvme_per_node");
    mNics = countBox("nicsPerNode", "nics_per_node");
    mPsus = countBox("psusPerNode", "psus_per_node");
    mRedundancy = enumCombo<PsuRedundancy>(parts, QStringLiteral("psuRedundancy"));
    auto row = [&](const QString& label, QWidget* picker, QWidget* count) {
        auto* line = new QHBoxLayout;
        line->addWidget(picker, 1);
        if (count)
            line->addWidget(count);
        partsForm->addRow(label, line);
    };
    partsForm->addRow(tr("&Name:"), mName);
    row(tr("Chassis:"), partCombo(PartKind::Chassis), nullptr);
    row(tr("GPU:"), partCombo(PartKind::Gpu), mGpus);
    row(tr("CPU:"), partCombo(PartKind::Cpu), mCpus);
    row(tr("NVMe drive:"), partCombo(PartKind::Nvme), mNvme);
    row(tr("NIC:"), partCombo(PartKind::Nic), mNics);
    row(tr("PSU:"), partCombo(PartKind::Psu), mPsus);
    partsForm->addRow(tr("PSU redundancy:"), mRedundancy);
    // Per-GPU power limit (docs/user-guide.md "Power and energy"); the
    // analysis checks it against the GPU's own range.
    mGpuPowerLimit = numberBox(parts, QStringLiteral("gpuPowerLimit"), 0,
                               findConfigurationField("gpu_power_limit_w")->maximum, 0, tr(" W"));
    mGpuPowerLimit->setSpecialValueText(tr("rated power"));
    mGpuPowerLimit->setToolTip(tr("Power limit set on every GPU (nvidia-smi -pl); "
                                  "lowest value = the GPU's rated power (no limit)."));
    partsForm->addRow(tr("GPU power &limit:"), mGpuPowerLimit);
    row(tr("Cooling:"), partCombo(PartKind::Cooling), nullptr);
    // The fabric's switch and the rack PDU (issue 18); "(default)" = the
    // fabric's default switch and the catalog's default PDU.
    row(tr("Fabric switch:"), partCombo(PartKind::Switch), nullptr);
    row(tr("PDU:"), partCombo(PartKind::Pdu), nullptr);

    auto* cluster = new QGroupBox(tr("Cluster and rack"), this);
    auto* clusterForm = new QFormLayout(cluster);
    const auto& nodes = *findConfigurationField("nodes");
    mNodes = intBox(cluster, QStringLiteral("nodes"), static_cast<int>(nodes.minimum),
                    static_cast<int>(nodes.maximum), tr(" nodes"), tr(" node"));
    const auto& rackKw = *findConfigurationField("rack.power_limit_kw");
    // An exclusive 0: the box starts one shown step above it.
    mRackKw = numberBox(cluster, QStringLiteral("rackPowerLimit"),
                        rackKw.minimum + std::pow(10.0, -rackKw.decimals), rackKw.maximum,
                        rackKw.decimals, tr(" kW"));
    mRackKw->setToolTip(tr("Usable power of one rack feed (under 2N, one feed's budget)."));
    const auto& units = *findConfigurationField("rack.units");
    mRackUnits = intBox(cluster, QStringLiteral("rackUnits"), static_cast<int>(units.minimum),
                        static_cast<int>(units.maximum), tr(" U"));
    clusterForm->addRow(tr("Nodes:"), mNodes);
    clusterForm->addRow(tr("Rack power budget:"), mRackKw);
    clusterForm->addRow(tr("Rack height:"), mRackUnits);

    auto* hostStorage = new QGroupBox(tr("Host memory and shared storage"), this);
    mHostStorage = std::make_unique<form::FieldRowForm<Configuration>>(
        new QFormLayout(hostStorage), hostStorage,
        form::configurationRows("Host memory and shared storage"));
    auto* rackLayout = new QGroupBox(tr("Rack layout"), this);
    mRackLayout = std::make_unique<form::FieldRowForm<Configuration>>(
        new QFormLayout(rackLayout), rackLayout, form::configurationRows("Rack layout"));

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(parts);
    layout->addWidget(cluster);
    layout->addWidget(hostStorage);
    layout->addWidget(rackLayout);
    layout->addStretch(1);

    // Each edit names its field's key: the undo merge key is that key and
    // the row ("configuration/<row>/<key>"), never arithmetic on ids.
    for (const auto kind : allPartKinds) {
        const QString field = toQString(enumName(kind));
        connect(partCombo(kind), &QComboBox::activated, this,
                [this, field] { emit edited(field, field); });
    }
    const std::tuple<QSpinBox*, QString, QString> counts[] = {
        {mGpus, tr("GPUs per node"), QStringLiteral("gpus_per_node")},
        {mCpus, tr("CPUs per node"), QStringLiteral("cpus_per_node")},
        {mNvme, tr("drives per node"), QStringLiteral("nvme_per_node")},
        {mNics, tr("NICs per node"), QStringLiteral("nics_per_node")},
        {mPsus, tr("PSUs per node"), QStringLiteral("psus_per_node")},
        {mNodes, tr("nodes"), QStringLiteral("nodes")},
        {mRackUnits, tr("rack height"), QStringLiteral("rack.units")}};
    for (const auto& [box, field, key] : counts) {
        connect(box, &QSpinBox::valueChanged, this,
                [this, field = field, key = key] { emit edited(field, key); });
    }
    connect(mRackKw, &QDoubleSpinBox::valueChanged, this, [this] {
        emit edited(tr("rack power budget"), QStringLiteral("rack.power_limit_kw"));
    });
    connect(mGpuPowerLimit, &QDoubleSpinBox::valueChanged, this, [this] {
        emit edited(tr("GPU power limit"), QStringLiteral("gpu_power_limit_w"));
    });
    connect(mRedundancy, &QComboBox::currentIndexChanged, this,
            [this] { emit edited(tr("PSU redundancy"), QStringLiteral("psu_redundancy")); });
    connect(mName, &QLineEdit::editingFinished, this,
            [this] { emit edited(tr("name"), QStringLiteral("name")); });
    mHostStorage->watch(this, [this](const form::FieldRowEdit<Configuration>& edit) {
        emit edited(edit.label, edit.key);
    });
    mRackLayout->watch(this, [this](const form::FieldRowEdit<Configuration>& edit) {
        emit edited(edit.label, edit.key);
    });
    describeRanges(this);
}

ConfigurationForm::~ConfigurationForm() = default;

QComboBox* ConfigurationForm::partCombo(PartKind kind) const
{
    return mPartCombos[static_cast<std::size_t>(kind)];
}

int ConfigurationForm::rowOf(PartKind kind, std::string_view id) const
{
    const auto& ids = mPartIds[static_cast<std::size_t>(kind)];
    const auto it = std::find(ids.begin(), ids.end(), id);
    return it == ids.end() ? -1 : static_cast<int>(it - ids.begin());
}

void ConfigurationForm::appendChoice(PartKind kind, const QString& label, const std::string& id)
{
    partCombo(kind)->addItem(label, toQString(id));
    mPartIds[static_cast<std::size_t>(kind)].push_back(id);
}

int ConfigurationForm::insertChoice(PartKind kind, const QString& label, const std::string& id)
{
    auto* combo = partCombo(kind);
    // Binary search over the sorted rows after "(none)".
    int low = isOptionalKind(kind) ? 1 : 0;
    int high = combo->count();
    while (low < high) {
        const int middle = (low + high) / 2;
        if (combo->itemText(middle).compare(label, Qt::CaseInsensitive) <= 0)
            low = middle + 1;
        else
            high = middle;
    }
    combo->insertItem(low, label, toQString(id));
    auto& ids = mPartIds[static_cast<std::size_t>(kind)];
    ids.insert(ids.begin() + low, id);
    return low;
}

void ConfigurationForm::setParts(const std::vector<Part>& parts)
{
    for (const auto kind : allPartKinds) {
        auto* combo = partCombo(kind);
        const QSignalBlocker blocker(combo);
        const std::string current = selectedPart(kind);
        combo->clear();
        mPartIds[static_cast<std::size_t>(kind)].clear();
        if (isOptionalKind(kind)) {
            // No switch or PDU chosen: the layout takes a default (issue 18).
            const bool layoutPart = kind == PartKind::Switch || kind == PartKind::Pdu;
            appendChoice(kind, layoutPart ? tr("(default)") : tr("(none)"), {});
        }
        // Sorted by label, as insertChoice() keeps them when parts are added.
        std::vector<std::pair<QString, const std::string*>> choices;
        for (const auto& part : parts) {
            if (kindOf(part) == kind)
                choices.emplace_back(partLabel(part), &infoOf(part).id);
        }
        std::stable_sort(choices.begin(), choices.end(), [](const auto& a, const auto& b) {
            return a.first.compare(b.first, Qt::CaseInsensitive) < 0;
        });
        for (const auto& [label, id] : choices)
            appendChoice(kind, label, *id);
        combo->setCurrentIndex(std::max(0, rowOf(kind, current)));
        combo->lineEdit()->setCursorPosition(0);
    }
}

void ConfigurationForm::applyPartChanges(const std::vector<PartChange>& changes)
{
    for (const auto& change : changes) {
        int row = -1;
        std::optional<PartKind> beforeKind;
        if (change.before) {
            beforeKind = kindOf(*change.before);
            row = rowOf(*beforeKind, infoOf(*change.before).id);
        }
        const std::optional<PartKind> afterKind =
            change.after ? std::optional(kindOf(*change.after)) : std::nullopt;
        if (row >= 0 && beforeKind == afterKind
            && partCombo(*afterKind)->itemText(row) == partLabel(*change.after)) {
            auto* combo = partCombo(*afterKind);
            combo->setItemData(row, toQString(infoOf(*change.after).id));
            mPartIds[static_cast<std::size_t>(*afterKind)][static_cast<std::size_t>(row)] =
                infoOf(*change.after).id;
            continue;
        }
        // A new label (added, renamed or re-kinded part): out and in again at
        // its sorted place; the choice stays on the same part.
        bool wasSelected = false;
        if (row >= 0) {
            auto* combo = partCombo(*beforeKind);
            const QSignalBlocker blocker(combo);
            wasSelected = combo->currentIndex() == row && beforeKind == afterKind;
            combo->removeItem(row);
            auto& ids = mPartIds[static_cast<std::size_t>(*beforeKind)];
            ids.erase(ids.begin() + row);
        }
        if (afterKind) {
            auto* combo = partCombo(*afterKind);
            const QSignalBlocker blocker(combo);
            const int at = insertChoice(*afterKind, partLabel(*change.after), infoOf(*change.after).id);
            if (wasSelected) {
                combo->setCurrentIndex(at);
                combo->lineEdit()->setCursorPosition(0);
            }
        }
    }
}

void ConfigurationForm::selectPart(PartKind kind, const std::string& id)
{
    auto* combo = partCombo(kind);
    int index = rowOf(kind, id);
    if (index < 0 && !id.empty()) {
        // An id the catalog does not have: keep it visible so the finding
        // about it makes sense, rather than silently picking another part.
        appendChoice(kind, tr("%1 (not in the catalog)").arg(toQString(id)), id);
        index = combo->count() - 1;
    }
    combo->setCurrentIndex(std::max(0, index));
    combo->lineEdit()->setCursorPosition(0); // a long name shows its start, not its end
}

std::string ConfigurationForm::selectedPart(PartKind kind) const
{
    return toStdString(partCombo(kind)->currentData().toString());
}

void ConfigurationForm::setConfiguration(const Configuration& c)
{
    mBase = c;
    const QList<QWidget*> editors = findChildren<QWidget*>();
    std::vector<std::unique_ptr<QSignalBlocker>> blockers;
    for (auto* editor : editors)
        blockers.push_back(std::make_unique<QSignalBlocker>(editor));
    mName->setText(toQString(c.name));
    selectPart(PartKind::Chassis, c.chassisId);
    selectPart(PartKind::Gpu, c.gpuId);
    selectPart(PartKind::Cpu, c.cpuId);
    selectPart(PartKind::Nvme, c.nvmeId);
    selectPart(PartKind::Nic, c.nicId);
    selectPart(PartKind::Psu, c.psuId);
    selectPart(PartKind::Cooling, c.coolingId);
    selectPart(PartKind::Switch, c.switchId);
    selectPart(PartKind::Pdu, c.pduId);
    mGpus->setValue(c.gpusPerNode);
    mCpus->setValue(c.cpusPerNode);
    mNvme->setValue(c.nvmePerNode);
    mNics->setValue(c.nicsPerNode);
    mPsus->setValue(c.psusPerNode);
    setEnum(mRedundancy, c.psuRedundancy);
    mNodes->setValue(c.nodes);
    mRackKw->setValue(c.rack.powerLimitKw);
    mRackUnits->setValue(c.rack.units);
    mGpuPowerLimit->setValue(c.gpuPowerLimitW.value_or(0.0));
    mHostStorage->load(c);
    mRackLayout->load(c);
    blockers.clear();
    syncCountSuffixes(this);
}

Configuration ConfigurationForm::configuration() const
{
    Configuration c = mBase;
    c.name = toStdString(mName->text().trimmed());
    c.chassisId = selectedPart(PartKind::Chassis);
    c.gpuId = selectedPart(PartKind::Gpu);
    c.cpuId = selectedPart(PartKind::Cpu);
    c.nvmeId = selectedPart(PartKind::Nvme);
    c.nicId = selectedPart(PartKind::Nic);
    c.psuId = selectedPart(PartKind::Psu);
    c.coolingId = selectedPart(PartKind::Cooling);
    c.switchId = selectedPart(PartKind::Switch);
    c.pduId = selectedPart(PartKind::Pdu);
    c.gpusPerNode = mGpus->value();
    // A part that is not used has no count, and a count needs a part.
    c.cpusPerNode = c.cpuId.empty() ? 0 : std::max(1, mCpus->value());
    c.nvmePerNode = c.nvmeId.empty() ? 0 : std::max(1, mNvme->value());
    c.nicsPerNode = c.nicId.empty() ? 0 : std::max(1, mNics->value());
    c.psusPerNode = c.psuId.empty() ? 0 : std::max(1, mPsus->value());
    c.psuRedundancy = enumValue<PsuRedundancy>(mRedundancy);
    c.nodes = mNodes->value();
    c.rack.powerLimitKw = mRackKw->value();
    c.rack.units = mRackUnits->value();
    if (mGpuPowerLimit->value() > 0)
        c.gpuPowerLimitW = mGpuPowerLimit->value();
    else
        c.gpuPowerLimitW.reset();
    mHostStorage->store(c);
    mRackLayout->store(c);
    return c;
}

} // namespace infrafit::ui
