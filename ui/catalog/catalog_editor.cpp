// SPDX-License-Identifier: Apache-2.0
#include "ui/catalog/catalog_editor.h"

#include "core/io/software_compat_json.h"
#include "core/parts/part_validation.h"
#include "ui/commands/catalog_commands.h"
#include "ui/qt_text.h"

#include "ui/dialogs/dialogs.h"

#include <QStringList>
#include <QTimer>
#include <QUndoStack>

#include <algorithm>
#include <iterator>
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

bool partBefore(const Part& a, const Part& b)
{
    const auto kindA = static_cast<int>(kindOf(a));
    const auto kindB = static_cast<int>(kindOf(b));
    return kindA != kindB ? kindA < kindB : infoOf(a).id < infoOf(b).id;
}

bool samePart(const Part& a, const Part& b)
{
    if (kindOf(a) != kindOf(b))
        return false;
    const auto& fields = fieldsOf(kindOf(a));
    return std::all_of(fields.begin(), fields.end(), [&](const FieldSpec& field) {
        return sameValue(field.view(a), field.view(b));
    });
}

/// Above this many touched parts a full re-read is cheaper than updating
/// the cache part by part.
constexpr std::size_t maxIncrementalParts = 256;

} // namespace

CatalogEditor::CatalogEditor(catalog::CatalogStore& store, QObject* parent)
    : QObject(parent), mStore(store), mUndoStack(new QUndoStack(this)),
      mWatchTimer(new QTimer(this))
{
    reload();
    mWatchTimer->setInterval(watchIntervalMs);
    connect(mWatchTimer, &QTimer::timeout, this, [this] { checkForChanges(); });
    mWatchTimer->start();
}

void CatalogEditor::reload()
{
    std::vector<Part> listed = mStore.list();
    // The store lists by kind, then id in byte order: already sorted, which
    // is_sorted checks in one pass (stable_sort would still merge).
    if (!std::is_sorted(listed.begin(), listed.end(), partBefore))
        std::stable_sort(listed.begin(), listed.end(), partBefore);
    // Room to add parts: growing a full vector of 100,000 parts moves all
    // 57 MB of them, a 70 ms stall on the first part added after a load.
    mParts.clear();
    mParts.reserve(listed.size() + listed.size() / 8 + 16);
    std::move(listed.begin(), listed.end(), std::back_inserter(mParts));
    // Versions read after the parts: a part changed in between has a newer
    // version than its cached copy and is re-read at the next look.
    try {
        mDataVersion = mStore.dataVersion();
        mVersions.clear();
        const auto versions = mStore.versions();
        mVersions.reserve(versions.size());
        for (const auto& [id, version] : versions)
            mVersions.emplace(id, version);
    } catch (const std::exception& error) {
        emit errorOccurred(QString::fromUtf8(error.what()));
    }
    emit partsReloaded();
    emit partsChanged();
    reloadSoftware();
}

void CatalogEditor::reloadSoftware()
{
    SoftwareTable table;
    try {
        table = mStore.softwareTable();
    } catch (const std::exception& error) {
        emit errorOccurred(QString::fromUtf8(error.what()));
        return;
    }
    if (softwareTableToJson(table) == softwareTableToJson(mSoftware))
        return;
    mSoftware = std::move(table);
    emit softwareChanged();
}

bool CatalogEditor::applySoftware(const std::function<void(catalog::CatalogStore&)>& operation)
{
    bool ok = true;
    try {
        operation(mStore);
    } catch (const std::exception& error) {
        ok = false;
        mLastError = QString::fromUtf8(error.what());
        emit errorOccurred(mLastError);
    }
    reloadSoftware();
    return ok;
}

QString CatalogEditor::softwareRowProblems(const SoftwareCompat& row,
                                           const std::string& replacing) const
{
    std::vector<Problem> problems;
    softwareCompatFromJson(softwareCompatToJson(row), "", problems);
    if (row.architecture != replacing && mSoftware.find(row.architecture))
        problems.push_back({"/architecture", "already has a row (\"" + row.architecture + "\")"});
    QStringList lines;
    for (const auto& problem : problems)
        lines << (problem.pointer.empty() ? QStringLiteral("/") : toQString(problem.pointer))
                     + QStringLiteral(": ") + toQString(problem.message);
    return lines.join(QLatin1Char('\n'));
}

QString CatalogEditor::putSoftwareRow(const SoftwareCompat& row, const std::string& replacing)
{
    if (QString problems = softwareRowProblems(row, replacing); !problems.isEmpty())
        return problems;
    std::optional<SoftwareCompat> before;
    if (!replacing.empty()) {
        const SoftwareCompat* old = mSoftware.find(replacing);
        if (!old)
            return tr("No software row for %1.").arg(toQString(replacing));
        if (softwareCompatToJson(*old) == softwareCompatToJson(row))
            return {};
        before = *old;
    }
    const QString text = before ? tr("Edit software row %1").arg(toQString(replacing))
                                : tr("Add software row %1").arg(toQString(row.architecture));
    return push(new CmdSoftwareRowSet(*this, std::move(before), row, text));
}

QString CatalogEditor::removeSoftwareRow(const std::string& architecture)
{
    const SoftwareCompat* old = mSoftware.find(architecture);
    if (!old)
        return tr("No software row for %1.").arg(toQString(architecture));
    return push(new CmdSoftwareRowSet(*this, *old, std::nullopt,
                                      tr("Remove software row %1").arg(toQString(architecture))));
}

std::vector<Part>::const_iterator CatalogEditor::locate(std::string_view id) const
{
    for (const auto kind : allPartKinds) {
        const auto it = std::lower_bound(
            mParts.begin(), mParts.end(), std::pair<PartKind, std::string_view>{kind, id},
            [](const Part& part, const std::pair<PartKind, std::string_view>& key) {
                const auto partKind = static_cast<int>(kindOf(part));
                const auto keyKind = static_cast<int>(key.first);
                return partKind != keyKind ? partKind < keyKind
                                           : std::string_view(infoOf(part).id) < key.second;
            });
        if (it != mParts.end() && kindOf(*it) == kind && infoOf(*it).id == id)
            return it;
    }
    return mParts.end();
}

const Part* CatalogEditor::findPart(std::string_view id) const
{
    const auto it = locate(id);
    return it == mParts.end() ? nullptr : &*it;
}

void CatalogEditor::storeCached(Part part)
{
    const auto existing = locate(infoOf(part).id);
    if (existing != mParts.end() && kindOf(*existing) == kindOf(part)) {
        mParts[static_cast<std::size_t>(existing - mParts.cbegin())] = std::move(part);
        return;
    }
    if (existing != mParts.end())
        mParts.erase(existing);
    const auto at = std::upper_bound(mParts.begin(), mParts.end(), part, partBefore);
    mParts.insert(at, std::move(part));
}

bool CatalogEditor::apply(const std::function<void(catalog::CatalogStore&)>& operation,
                          const std::vector<std::string>& ids)
{
    bool ok = true;
    try {
        operation(mStore);
    } catch (const std::exception& error) {
        ok = false;
        mLastError = QString::fromUtf8(error.what());
        emit errorOccurred(mLastError);
    }
    return refresh(ids) && ok;
}

bool CatalogEditor::refresh(const std::vector<std::string>& ids)
{
    std::set<std::string> unique(ids.begin(), ids.end());
    if (unique.size() > maxIncrementalParts) {
        reload();
        return true;
    }
    // Re-read what the operation touched: the cache follows the database
    // whether the operation succeeded, failed, or failed half-way.
    std::vector<PartChange> changes;
    try {
        for (const auto& id : unique) {
            PartChange change;
            const auto cached = locate(id);
            if (cached != mParts.end())
                change.before = *cached;
            change.after = mStore.find(id);
            const auto version = mStore.version(id);
            if (version)
                mVersions[id] = *version;
            else
                mVersions.erase(id);
            if (change.after)
                storeCached(*change.after);
            else if (cached != mParts.end())
                mParts.erase(cached);
            if (change.before || change.after)
                changes.push_back(std::move(change));
        }
    } catch (const std::exception& error) {
        // The database cannot even be read: re-read it all.
        mLastError = QString::fromUtf8(error.what());
        emit errorOccurred(mLastError);
        reload();
        return false;
    }
    // An unchanged part is no change.
    std::erase_if(changes, [](const PartChange& change) {
        return change.before && change.after && samePart(*change.before, *change.after);
    });
    if (!changes.empty()) {
        emit partsEdited(changes);
        emit partsChanged();
    }
    return true;
}

std::int64_t CatalogEditor::cachedVersion(std::string_view id) const
{
    const auto it = mVersions.find(std::string(id));
    return it == mVersions.end() ? 0 : it->second;
}

bool CatalogEditor::checkForChanges()
{
    std::vector<std::string> changed;
    try {
        const std::int64_t dataVersion = mStore.dataVersion();
        if (dataVersion == mDataVersion)
            return false;
        mDataVersion = dataVersion;
        reloadSoftware(); // one small table: re-read whole
        // Ordered by id (byte order), so a cached id's presence is a binary search.
        const auto stored = mStore.versions();
        std::size_t added = 0;
        for (const auto& [id, version] : stored) {
            const auto it = mVersions.find(id);
            if (it == mVersions.end())
                ++added;
            if (it == mVersions.end() || it->second != version)
                changed.push_back(id);
        }
        // Fewer cached ids still stored than cached: some were removed.
        if (stored.size() - added < mVersions.size()) {
            for (const auto& entry : mVersions) {
                const auto at = std::lower_bound(
                    stored.begin(), stored.end(), entry.first,
                    [](const auto& row, const std::string& key) { return row.first < key; });
                if (at == stored.end() || at->first != entry.first)
                    changed.push_back(entry.first);
            }
        }
    } catch (const std::exception&) {
        // Busy or unreadable for a moment: the next tick looks again.
        mDataVersion = 0;
        return false;
    }
    if (changed.empty())
        return false;
    return refresh(changed);
}

bool CatalogEditor::writeField(const std::string& id, const FieldSpec& field,
                               const FieldValue& seen, const FieldValue& value)
{
    std::int64_t expected = cachedVersion(id);
    bool written = false;
    try {
        for (int attempt = 0; attempt < 3 && !written; ++attempt) {
            try {
                mStore.setField(id, field, value, expected);
                written = true;
            } catch (const catalog::StoreError& error) {
                if (error.kind() != catalog::StoreErrorKind::Conflict)
                    throw;
                const auto current = mStore.find(id);
                const auto version = mStore.version(id);
                if (!current || !version)
                    throw catalog::StoreError(
                        catalog::StoreErrorKind::NotFound,
                        mStore.path() + ": part \"" + id
                            + "\" was removed by another program; the edit was not applied");
                expected = *version;
                const FieldValue theirs = field.get(*current);
                // Their change left this field as the user saw it: no conflict.
                if (theirs == seen || theirs == value)
                    continue;
                const int choice = Dialogs::choose(
                    nullptr, tr("Part changed by another program"),
                    tr("Another program changed %1 while you edited it: its %2 is now "
                       "\u201c%3\u201d, and your edit sets it to \u201c%4\u201d.\n\nKeep the "
                       "other program's value, or overwrite it with yours?")
                        .arg(toQString(id), toQString(field.label),
                             toQString(formatFieldValue(theirs)),
                             toQString(formatFieldValue(value))),
                    {tr("Keep their value"), tr("Overwrite with mine")});
                if (choice != 1)
                    break;
            }
        }
    } catch (const std::exception& error) {
        mLastError = QString::fromUtf8(error.what());
        emit errorOccurred(mLastError);
    }
    refresh({id});
    return written;
}

QString CatalogEditor::push(QUndoCommand* command)
{
    mLastError.clear();
    mUndoStack->push(command); // runs the command; a failed one is dropped
    return mLastError;
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
    if (field.key != "id")
        return push(new CmdPartFieldSet(*this, id, field, field.get(*current), value, text));
    const std::string newId = infoOf(edited).id;
    const QString error = push(new CmdPartReplace(*this, *current, std::move(edited), text));
    if (error.isEmpty() && newId != id)
        emit partRenamed(toQString(id), toQString(newId));
    return error;
}

QString CatalogEditor::addPart(const Part& part)
{
    auto problems = validatePart(part);
    if (findPart(infoOf(part).id))
        problems.push_back({"/id", "is already used by another part"});
    if (!problems.empty())
        return describe(problems);
    return push(new CmdPartAdd(*this, part));
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
    return push(new CmdPartsRemove(*this, std::move(removed)));
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
    return push(new CmdPartsImport(*this, parts, std::move(replaced)));
}

std::string CatalogEditor::unusedId(const std::string& base) const
{
    // Lookups in the sorted cache: no set of every id, so this stays
    // instant with 100,000 parts.
    if (!findPart(base))
        return base;
    for (int n = 2;; ++n) {
        std::string candidate = base + "-" + std::to_string(n);
        if (!findPart(candidate))
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
