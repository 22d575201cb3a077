// SPDX-License-Identifier: Apache-2.0
#include "catalog/catalog_import.h"

#include "core/io/catalog_json.h"
#include "core/io/text_file.h"

#include <condition_variable>
#include <deque>
#include <exception>
#include <mutex>
#include <thread>

namespace infrafit::catalog {
namespace {

/// Parts per hand-over: large enough that locking is rare, small enough that
/// storing starts at once and at most a few batches wait in memory.
constexpr std::size_t batchSize = 2000;
constexpr std::size_t maxWaitingBatches = 4;

/// The parser thread's batches on their way to the storing thread.
class BatchQueue {
public:
    /// Parser side: waits while the queue is full; drops the batch once the
    /// storing side has given up (its transaction is being rolled back).
    void push(std::vector<Part>&& batch)
    {
        std::unique_lock lock(mMutex);
        mChanged.wait(lock, [this] { return mBatches.size() < maxWaitingBatches || mAbandoned; });
        if (mAbandoned)
            return;
        mBatches.push_back(std::move(batch));
        mChanged.notify_all();
    }
    /// Parser side: no more batches; `error` is why, when parsing failed.
    void close(std::exception_ptr error)
    {
        const std::lock_guard lock(mMutex);
        mClosed = true;
        mError = std::move(error);
        mChanged.notify_all();
    }
    /// Storing side: the next batch, false at the end; rethrows the parse error.
    bool pop(std::vector<Part>& batch)
    {
        std::unique_lock lock(mMutex);
        mChanged.wait(lock, [this] { return !mBatches.empty() || mClosed; });
        if (!mBatches.empty()) {
            batch = std::move(mBatches.front());
            mBatches.pop_front();
            mChanged.notify_all();
            return true;
        }
        if (mError)
            std::rethrow_exception(mError);
        return false;
    }
    /// Storing side: stop accepting batches (the parser then runs to its end).
    void abandon()
    {
        const std::lock_guard lock(mMutex);
        mAbandoned = true;
        mBatches.clear();
        mChanged.notify_all();
    }

private:
    std::mutex mMutex;
    std::condition_variable mChanged;
    std::deque<std::vector<Part>> mBatches;
    bool mClosed = false;
    bool mAbandoned = false;
    std::exception_ptr mError;
};

/// A repeated "parts" member voided the batches already stored.
struct PartsReplaced {};

} // namespace

FileImportResult importCatalogFile(CatalogStore& store, const std::string& path)
{
    // Read first, on this thread: a missing or oversized file fails before
    // the database is touched, as it always did.
    const std::string text = readTextFile(path);
    BatchQueue queue;
    CatalogDocument document;
    bool replaced = false;
    std::thread parser([&] {
        try {
            const auto handOver = [&queue](std::vector<Part>&& batch) {
                queue.push(std::move(batch));
            };
            document = parseCatalogInBatches(text, path, batchSize, handOver, &replaced);
            queue.close(replaced ? std::make_exception_ptr(PartsReplaced{}) : nullptr);
        } catch (...) {
            queue.close(std::current_exception());
        }
    });
    FileImportResult result;
    try {
        // The software rows are read once the parser is done, which it is
        // when the queue is closed and drained (the last pop fails).
        result.summary = store.importBatches(
            [&](std::vector<Part>& batch) {
                if (!queue.pop(batch))
                    return false;
                result.parts += batch.size();
                return true;
            },
            [&]() -> const SoftwareTable* {
                return document.software ? &*document.software : nullptr;
            },
            &result.softwareRows);
    } catch (const PartsReplaced&) {
        parser.join();
        // Rare: the file names "parts" twice and the last one counts.
        result.parts = document.parts.size();
        result.summary = store.importParts(document.parts);
        if (document.software) {
            const auto software = store.importSoftware(*document.software);
            result.softwareRows = software.added + software.replaced;
        }
        result.warnings = std::move(document.warnings);
        return result;
    } catch (...) {
        queue.abandon();
        parser.join();
        throw;
    }
    parser.join();
    result.warnings = std::move(document.warnings);
    return result;
}

} // namespace infrafit::catalog
