// SPDX-License-Identifier: Apache-2.0
#include "ui/project/project_document.h"

#include "core/io/project_json.h"
#include "core/project/calibration_profile.h"
#include "ui/commands/project_commands.h"
#include "ui/qt_text.h"

#include <QFileInfo>
#include <QUndoStack>

namespace infrafit::ui {

ProjectDocument::ProjectDocument(QObject* parent) : QObject(parent), mUndoStack(new QUndoStack(this))
{
    connect(mUndoStack, &QUndoStack::cleanChanged, this,
            [this](bool clean) { emit modifiedChanged(!clean); });
}

bool ProjectDocument::isModified() const
{
    return !mUndoStack->isClean();
}

QString ProjectDocument::displayName() const
{
    return mFilePath.isEmpty() ? tr("Untitled") : QFileInfo(mFilePath).fileName();
}

void ProjectDocument::apply(Project after, const QString& text, const QString& mergeKey)
{
    // New or changed workloads carry the profile's fits like the others
    // (core/project/calibration_profile.h).
    applyCalibrationProfile(after);
    mUndoStack->push(new CmdProjectEdit(*this, mProject, std::move(after), text, mergeKey));
}

void ProjectDocument::applyWorkload(std::size_t row, Workload after, const QString& text,
                                    const QString& mergeKey)
{
    if (row >= mProject.workloads.size())
        return;
    after.calibration = mProject.workloads[row].calibration;
    mUndoStack->push(
        new CmdWorkloadEdit(*this, row, mProject.workloads[row], std::move(after), text, mergeKey));
}

void ProjectDocument::setWorkload(std::size_t row, Workload workload)
{
    if (row >= mProject.workloads.size())
        return;
    mProject.workloads[row] = std::move(workload);
    emit changed();
}

void ProjectDocument::setProject(Project project)
{
    mProject = std::move(project);
    emit changed();
}

void ProjectDocument::reset(Project project)
{
    applyCalibrationProfile(project);
    mUndoStack->clear();
    mFilePath.clear();
    setProject(std::move(project));
    emit filePathChanged(mFilePath);
    emit modifiedChanged(false);
}

std::vector<Problem> ProjectDocument::open(const QString& path)
{
    std::vector<Problem> ignored;
    Project loaded = readProjectFile(toStdString(path), &ignored);
    mUndoStack->clear();
    mFilePath = path;
    setProject(std::move(loaded));
    emit filePathChanged(mFilePath);
    emit modifiedChanged(false);
    return ignored;
}

void ProjectDocument::saveAs(const QString& path)
{
    writeProjectFile(mPrepareSave ? mPrepareSave(mProject) : mProject, toStdString(path));
    if (mFilePath != path) {
        mFilePath = path;
        emit filePathChanged(mFilePath);
    }
    mUndoStack->setClean();
}

} // namespace infrafit::ui
