// SPDX-License-Identifier: Apache-2.0
#include "ui/recommend/recommend_runner.h"

#include <QPointer>
#include <QtConcurrent/QtConcurrentRun>

namespace infrafit::ui {

RecommendRunner::RecommendRunner(QObject* parent) : QObject(parent)
{
    connect(&mWatcher, &QFutureWatcher<Recommendation>::finished, this,
        &RecommendRunner::onWorkerFinished);
}

RecommendRunner::~RecommendRunner()
{
    if (isRunning()) {
        mStop.request_stop();
        mWatcher.waitForFinished();
    }
}

bool RecommendRunner::start(RecommendRequest request, int threads)
{
    if (isRunning())
        return false;
    mStop = std::stop_source();
    mCancelling = false;
    mRunning = true;
    mPendingWorkload = request.workload;
    mPendingConstraints = request.constraints;
    SearchControl control;
    control.threads = threads;
    control.stop = mStop.get_token();
    // Called on a worker thread: hand the fraction to the GUI thread. The
    // destructor waits for the worker, so `this` outlives every call.
    control.progress = [this](double fraction) {
        QMetaObject::invokeMethod(
            this, [this, fraction] { emit progressChanged(fraction); }, Qt::QueuedConnection);
    };
    mWatcher.setFuture(
        QtConcurrent::run([request = std::move(request), control = std::move(control)] {
            return recommend(request, control);
        }));
    emit progressChanged(0);
    return true;
}

void RecommendRunner::cancel()
{
    if (!isRunning())
        return;
    mCancelling = true;
    mStop.request_stop();
}

void RecommendRunner::onWorkerFinished()
{
    mResult = mWatcher.future().result();
    mWorkload = mPendingWorkload;
    mConstraints = mPendingConstraints;
    mCancelling = false;
    mRunning = false;
    emit finished();
}

} // namespace infrafit::ui
