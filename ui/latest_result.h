// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QFutureWatcher>
#include <QObject>
#include <QtConcurrent/QtConcurrentRun>

#include <functional>
#include <utility>

namespace infrafit::ui {

/// A page's background computation of the newest snapshot of its inputs
/// (the project and catalog as they were when it started). Each change
/// starts a new snapshot; a result that belongs to an older snapshot, or
/// one already shown, is dropped, so the page never shows a stale answer
/// over a newer one. The result is shown on the owner's (GUI) thread.
template <class Result>
class LatestResult {
public:
    using Show = std::function<void(const Result&)>;

    LatestResult(QObject* owner, Show show) : mShow(std::move(show))
    {
        QObject::connect(
            &mWatcher, &QFutureWatcher<Result>::finished, owner, [this] { take(); });
    }
    ~LatestResult() { mWatcher.waitForFinished(); }
    LatestResult(const LatestResult&) = delete;
    LatestResult& operator=(const LatestResult&) = delete;

    /// The inputs changed: whatever runs now belongs to an older snapshot.
    void newSnapshot() { ++mGeneration; }
    /// The newest snapshot needed no computation (an empty state or an
    /// error the page shows itself).
    void shownWithoutWork() { mShown = mGeneration; }
    /// Computes `work` (a callable returning Result, holding copies of what
    /// it reads) on a worker thread for the newest snapshot.
    template <class Work>
    void run(Work&& work)
    {
        mRunning = mGeneration;
        mWatcher.setFuture(QtConcurrent::run(std::forward<Work>(work)));
    }
    /// Waits for a computation in progress and shows its result if it is
    /// still the newest (tests, exports).
    void wait()
    {
        mWatcher.waitForFinished();
        take();
    }

private:
    void take()
    {
        if (mRunning != mGeneration || mShown == mRunning || !mWatcher.isFinished()
            || mWatcher.future().resultCount() == 0)
            return;
        mShown = mRunning;
        mShow(mWatcher.result());
    }

    Show mShow;
    QFutureWatcher<Result> mWatcher;
    quint64 mGeneration = 0;
    quint64 mRunning = 0; ///< the snapshot the worker computes
    quint64 mShown = 0;   ///< the snapshot on screen
};

} // namespace infrafit::ui
