// SPDX-License-Identifier: Apache-2.0
#include "ui/catalog/catalog_editor.h"

#include "core/parts/part_validation.h"
#include "ui/commands/catalog_commands.h"
#include "ui/qt_text.h"

#include <QUndoStack>

#include <set>

namespace infrafit::ui {
namespace {

QString describe(const std::vector<Problem>& problems)
{
    QStringList lines;
    for (const auto& problem : problems) {
        QString field = toQString(problem.pointer);
        if (field.startsWith(QLatin1Char('/')))
            field.remove(0, 1);
        lines << field + QStringLiteral(": ") + toQString(problem.message);
    }
    return lines.join(QLatin1Char('\n'));
}

} // namespace

CatalogEditor::CatalogEditor(catalog::CatalogStore& store, QObject* parent)
    : QObject(parent), mStore(store), mUndoStack(new QUndoStack(this))
{
    reload();
}

void CatalogEditor::reload()
{
    mParts = mStore.list();
    emit partsChanged();
}

const Part* CatalogEditor::findPart(const std::string& id) const
{
    for (const auto& part : mParts) {
        if (infoOf(part).id == id)
            return &part;
    }
    return nullptr;
}

bool CatalogEditor::apply(const std::function<void(catalog::CatalogStore&)>& operation)
{
    bool ok = true;
    try {
        operation(mStore);
    } catch (const std::exception& error) {
        ok = false;
        emit errorOccurred(QString::fromUtf8(error.what()));
    }
    reload();
    return ok;
}

QString CatalogEditor::setField(const std::string& id, const FieldSpec& field,
                                const FieldValue& value)
{
    const Part* current = findPart(id);
    if (!current)
        return tr("No part with id %1.").arg(toQString(id));
    if (field.get(*current) == value)
        return {};
    Part edited = *current;
    field.set(edited, value);
    auto problems = validatePart(edited);
    if (field.key == "id" && infoOf(edited).id != id && findPart(infoOf(edited).id))
        problems.push_back({"/id", "is already used by another part"});
    if (!problems.empty())
        return describe(problems);
    const QString text = tr("Set %1 of %2 to %3")
                             .arg(toQString(field.label), toQString(id),
                                  toQString(formatFieldValue(value)));
    mUndoStack->push(new CmdPartReplace(*this, *current, std::move(edited), text));
    return {};
}

QString CatalogEditor::addPart(const Part& part)
{
    auto problems = validatePart(part);
    if (findPart(infoOf(part).id))
        problems.push_back({"/id", "is already used by another part"});
    if (!problems.empty())
        return describe(problems);
    mUndoStack->push(new CmdPartAdd(*this, part));
    return {};
}

QString CatalogEditor::duplicatePart(const std::string& id)
{
    const Part* original = findPart(id);
    if (!original)
        return tr("No part with id %1.").arg(toQString(id));
    Part copy = *original;
    auto& info = infoOf(copy);
    info.id = unusedId(id + "-copy");
    info.model += " (copy)";
    return addPart(copy);
}

QString CatalogEditor::removeParts(const std::vector<std::string>& ids)
{
    std::vector<Part> removed;
    for (const auto& id : ids) {
        if (const Part* part = findPart(id))
            removed.push_back(*part);
    }
    if (removed.empty())
        return tr("Nothing to delete.");
    mUndoStack->push(new CmdPartsRemove(*this, std::move(removed)));
    return {};
}

QString CatalogEditor::importParts(const std::vector<Part>& parts)
{
    auto problems = validateParts(parts, "");
    if (!problems.empty())
        return describe(problems);
    std::vector<Part> replaced;
    for (const auto& part : parts) {
        if (const Part* existing = findPart(infoOf(part).id))
            replaced.push_back(*existing);
    }
    mUndoStack->push(new CmdPartsImport(*this, parts, std::move(replaced)));
    return {};
}

std::string CatalogEditor::unusedId(const std::string& base) const
{
    std::set<std::string_view> used;
    for (const auto& part : mParts)
        used.insert(infoOf(part).id);
    if (!used.count(base))
        return base;
    for (int n = 2;; ++n) {
        std::string candidate = base + "-" + std::to_string(n);
        if (!used.count(candidate))
            return candidate;
    }
}

Part CatalogEditor::newPartTemplate(PartKind kind) const
{
    Part part = makePart(kind);
    auto& info = infoOf(part);
    info.id = unusedId("new-" + std::string(enumName(kind)));
    info.vendor = "Vendor";
    info.model = "New " + std::string(enumName(kind));
    info.confidence = Confidence::Estimate;
    // Required figures start at a valid value for the user to overwrite.
    for (const auto& field : fieldsOf(kind)) {
        if (!field.required)
            continue;
        const FieldValue current = field.get(part);
        if (const auto* number = std::get_if<double>(&current)) {
            if ((field.positive && *number <= 0) || *number < field.minimum)
                field.set(part, FieldValue{std::max(1.0, field.minimum)});
        }
    }
    return part;
}

} // namespace infrafit::ui
