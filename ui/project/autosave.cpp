// SPDX-License-Identifier: Apache-2.0
#include "ui/project/autosave.h"

#include "core/io/project_json.h"
#include "core/io/text_file.h"
#include "ui/project/project_document.h"
#include "ui/qt_text.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTimer>

namespace infrafit::ui {

Autosave::Autosave(ProjectDocument* document, const QString& directory, int intervalMs,
                   QObject* parent)
    : QObject(parent), mDocument(document), mDirectory(directory), mTimer(new QTimer(this))
{
    mTimer->setInterval(intervalMs);
    connect(mTimer, &QTimer::timeout, this, &Autosave::saveNow);
    mTimer->start();
    connect(mDocument, &ProjectDocument::modifiedChanged, this, [this](bool modified) {
        if (!modified)
            clear();
    });
}

QString Autosave::recoveryPath() const
{
    return QDir(mDirectory).filePath(QStringLiteral("recovery.infrafit.json"));
}

bool Autosave::hasRecovery() const
{
    return QFileInfo::exists(recoveryPath());
}

QDateTime Autosave::recoveryTime() const
{
    return QFileInfo(recoveryPath()).lastModified();
}

QString Autosave::recoveryOriginalPath() const
{
    QFile file(recoveryPath() + QStringLiteral(".origin"));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QString::fromUtf8(file.readAll()).trimmed();
}

void Autosave::saveNow()
{
    if (!mDocument->isModified())
        return;
    QDir().mkpath(mDirectory);
    try {
        writeProjectFile(mDocument->project(), toStdString(recoveryPath()));
        // Atomic like the recovery file itself: a crash mid-write must not
        // leave a truncated path to the original.
        writeFileAtomic(toStdString(recoveryPath() + QStringLiteral(".origin")),
                        toStdString(mDocument->filePath()));
    } catch (const std::exception&) {
        // Recovery is best effort: a full disk must not interrupt editing.
    }
}

void Autosave::clear()
{
    QFile::remove(recoveryPath());
    QFile::remove(recoveryPath() + QStringLiteral(".origin"));
}

} // namespace infrafit::ui
