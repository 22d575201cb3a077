// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/search/recommend.h"

#include <QFutureWatcher>
#include <QObject>

#include <stop_token>

namespace infrafit::ui {

/// Runs core's recommend() off the GUI thread (docs/architecture.md
/// "Threads": snapshot → worker → result). The request is a copy taken on the GUI thread; the
/// worker's progress reaches the GUI through queued calls; cancel() asks
/// the search to stop through a std::stop_source and the partial result
/// arrives like a complete one. Never runs a nested event loop. GUI thread.
class RecommendRunner : public QObject {
    Q_OBJECT

public:
    explicit RecommendRunner(QObject* parent = nullptr);
    /// Stops a running search and waits for its worker (it returns promptly
    /// once stop is requested), so no callback outlives this object.
    ~RecommendRunner() override;

    /// Starts a search; false (and nothing happens) while one is running.
    bool start(RecommendRequest request, int threads = 0);
    /// Requests the running search to stop; finished() follows.
    void cancel();
    [[nodiscard]] bool isRunning() const { return mRunning; }
    [[nodiscard]] bool isCancelling() const { return mCancelling; }
    /// The last finished search's result (empty before the first).
    [[nodiscard]] const Recommendation& result() const { return mResult; }
    /// The workload the last finished search was for.
    [[nodiscard]] const Workload& workload() const { return mWorkload; }
    [[nodiscard]] const SearchConstraints& constraints() const { return mConstraints; }
    [[nodiscard]] QFutureWatcher<Recommendation>* watcher() { return &mWatcher; }

signals:
    /// Fraction of the search done, 0..1 (GUI thread).
    void progressChanged(double fraction);
    /// A search ended (completed or cancelled); result() holds it.
    void finished();

private:
    void onWorkerFinished();

    QFutureWatcher<Recommendation> mWatcher;
    std::stop_source mStop;
    Recommendation mResult;
    Workload mWorkload;
    Workload mPendingWorkload;
    SearchConstraints mConstraints;
    SearchConstraints mPendingConstraints;
    bool mCancelling = false;
    bool mRunning = false; ///< from start() until finished() is emitted
};

} // namespace infrafit::ui
