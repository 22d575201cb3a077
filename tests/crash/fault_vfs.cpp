// SPDX-License-Identifier: Apache-2.0
#include "crash/fault_vfs.h"

#include <sqlite3.h>

#include <atomic>
#include <cstring>
#include <stdexcept>

#include <unistd.h>

namespace infrafit::test {
namespace {

std::atomic<std::uint64_t> calls{0};
std::atomic<std::uint64_t> mainWrites{0};
std::atomic<std::uint64_t> syncCalls{0};
std::atomic<std::uint64_t> killAtCall{0};
FaultVfs::Calls killCalls = FaultVfs::Calls::Any;
FaultVfs::When killWhen = FaultVfs::When::Before;

sqlite3_vfs* realVfs = nullptr;
sqlite3_vfs shimVfs{};

/// Our file: SQLite allocates szOsFile bytes; the real file follows the header.
struct ShimFile {
    sqlite3_file base;
    bool mainDb;
    sqlite3_file* real() { return reinterpret_cast<sqlite3_file*>(this + 1); }
};

ShimFile* shim(sqlite3_file* file) { return reinterpret_cast<ShimFile*>(file); }

enum class Op { Write, Sync, Truncate };

/// Counts one call; true when it is the armed one.
bool counts(Op op, bool mainDb)
{
    const auto any = ++calls;
    const auto writes = op == Op::Write && mainDb ? ++mainWrites : mainWrites.load();
    const auto syncs = op == Op::Sync ? ++syncCalls : syncCalls.load();
    if (killAtCall == 0)
        return false;
    switch (killCalls) {
    case FaultVfs::Calls::Any: return any == killAtCall;
    case FaultVfs::Calls::MainDbWrite: return op == Op::Write && mainDb && writes == killAtCall;
    case FaultVfs::Calls::Sync: return op == Op::Sync && syncs == killAtCall;
    }
    return false;
}

/// Runs `call` with the kill armed around it.
template <typename Call>
int guarded(Op op, bool mainDb, Call&& call)
{
    const bool kill = counts(op, mainDb);
    if (kill && killWhen == FaultVfs::When::Before)
        ::_exit(FaultVfs::killedExitCode);
    const int rc = call();
    if (kill)
        ::_exit(FaultVfs::killedExitCode);
    return rc;
}

int shimClose(sqlite3_file* file)
{
    const int rc = shim(file)->real()->pMethods->xClose(shim(file)->real());
    file->pMethods = nullptr;
    return rc;
}
int shimRead(sqlite3_file* file, void* buffer, int amount, sqlite3_int64 offset)
{
    return shim(file)->real()->pMethods->xRead(shim(file)->real(), buffer, amount, offset);
}
int shimWrite(sqlite3_file* file, const void* buffer, int amount, sqlite3_int64 offset)
{
    return guarded(Op::Write, shim(file)->mainDb, [&] {
        return shim(file)->real()->pMethods->xWrite(shim(file)->real(), buffer, amount, offset);
    });
}
int shimTruncate(sqlite3_file* file, sqlite3_int64 size)
{
    return guarded(Op::Truncate, shim(file)->mainDb, [&] {
        return shim(file)->real()->pMethods->xTruncate(shim(file)->real(), size);
    });
}
int shimSync(sqlite3_file* file, int flags)
{
    return guarded(Op::Sync, shim(file)->mainDb, [&] {
        return shim(file)->real()->pMethods->xSync(shim(file)->real(), flags);
    });
}
int shimFileSize(sqlite3_file* file, sqlite3_int64* size)
{
    return shim(file)->real()->pMethods->xFileSize(shim(file)->real(), size);
}
int shimLock(sqlite3_file* file, int level)
{
    return shim(file)->real()->pMethods->xLock(shim(file)->real(), level);
}
int shimUnlock(sqlite3_file* file, int level)
{
    return shim(file)->real()->pMethods->xUnlock(shim(file)->real(), level);
}
int shimCheckReservedLock(sqlite3_file* file, int* out)
{
    return shim(file)->real()->pMethods->xCheckReservedLock(shim(file)->real(), out);
}
int shimFileControl(sqlite3_file* file, int op, void* arg)
{
    return shim(file)->real()->pMethods->xFileControl(shim(file)->real(), op, arg);
}
int shimSectorSize(sqlite3_file* file)
{
    return shim(file)->real()->pMethods->xSectorSize(shim(file)->real());
}
int shimDeviceCharacteristics(sqlite3_file* file)
{
    return shim(file)->real()->pMethods->xDeviceCharacteristics(shim(file)->real());
}
int shimShmMap(sqlite3_file* file, int page, int size, int extend, void volatile** out)
{
    return shim(file)->real()->pMethods->xShmMap(shim(file)->real(), page, size, extend, out);
}
int shimShmLock(sqlite3_file* file, int offset, int n, int flags)
{
    return shim(file)->real()->pMethods->xShmLock(shim(file)->real(), offset, n, flags);
}
void shimShmBarrier(sqlite3_file* file)
{
    shim(file)->real()->pMethods->xShmBarrier(shim(file)->real());
}
int shimShmUnmap(sqlite3_file* file, int deleteFlag)
{
    return shim(file)->real()->pMethods->xShmUnmap(shim(file)->real(), deleteFlag);
}
int shimFetch(sqlite3_file* file, sqlite3_int64 offset, int amount, void** out)
{
    return shim(file)->real()->pMethods->xFetch(shim(file)->real(), offset, amount, out);
}
int shimUnfetch(sqlite3_file* file, sqlite3_int64 offset, void* pointer)
{
    return shim(file)->real()->pMethods->xUnfetch(shim(file)->real(), offset, pointer);
}

const sqlite3_io_methods shimMethods = {
    3,
    shimClose,
    shimRead,
    shimWrite,
    shimTruncate,
    shimSync,
    shimFileSize,
    shimLock,
    shimUnlock,
    shimCheckReservedLock,
    shimFileControl,
    shimSectorSize,
    shimDeviceCharacteristics,
    shimShmMap,
    shimShmLock,
    shimShmBarrier,
    shimShmUnmap,
    shimFetch,
    shimUnfetch,
};

int shimOpen(sqlite3_vfs*, const char* name, sqlite3_file* file, int flags, int* outFlags)
{
    ShimFile* self = shim(file);
    self->base.pMethods = nullptr;
    self->mainDb = (flags & SQLITE_OPEN_MAIN_DB) != 0;
    const int rc = realVfs->xOpen(realVfs, name, self->real(), flags, outFlags);
    // The unix VFS's methods are version 3; ours forward every one of them.
    if (self->real()->pMethods)
        self->base.pMethods = &shimMethods;
    return rc;
}

int shimDelete(sqlite3_vfs*, const char* name, int syncDir)
{
    return realVfs->xDelete(realVfs, name, syncDir);
}
int shimAccess(sqlite3_vfs*, const char* name, int flags, int* out)
{
    return realVfs->xAccess(realVfs, name, flags, out);
}
int shimFullPathname(sqlite3_vfs*, const char* name, int size, char* out)
{
    return realVfs->xFullPathname(realVfs, name, size, out);
}
void* shimDlOpen(sqlite3_vfs*, const char* name) { return realVfs->xDlOpen(realVfs, name); }
void shimDlError(sqlite3_vfs*, int size, char* out) { realVfs->xDlError(realVfs, size, out); }
void (*shimDlSym(sqlite3_vfs*, void* handle, const char* symbol))(void)
{
    return realVfs->xDlSym(realVfs, handle, symbol);
}
void shimDlClose(sqlite3_vfs*, void* handle) { realVfs->xDlClose(realVfs, handle); }
int shimRandomness(sqlite3_vfs*, int size, char* out)
{
    return realVfs->xRandomness(realVfs, size, out);
}
int shimSleep(sqlite3_vfs*, int micros) { return realVfs->xSleep(realVfs, micros); }
int shimCurrentTime(sqlite3_vfs*, double* out) { return realVfs->xCurrentTime(realVfs, out); }
int shimGetLastError(sqlite3_vfs*, int size, char* out)
{
    return realVfs->xGetLastError(realVfs, size, out);
}
int shimCurrentTimeInt64(sqlite3_vfs*, sqlite3_int64* out)
{
    return realVfs->xCurrentTimeInt64(realVfs, out);
}

} // namespace

void FaultVfs::install()
{
    if (realVfs)
        return;
    realVfs = sqlite3_vfs_find(nullptr);
    if (!realVfs || realVfs->iVersion < 2)
        throw std::runtime_error("no default SQLite VFS of version 2 or later to wrap");
    shimVfs.iVersion = 2;
    shimVfs.szOsFile = static_cast<int>(sizeof(ShimFile)) + realVfs->szOsFile;
    shimVfs.mxPathname = realVfs->mxPathname;
    shimVfs.zName = "infrafit-fault";
    shimVfs.xOpen = shimOpen;
    shimVfs.xDelete = shimDelete;
    shimVfs.xAccess = shimAccess;
    shimVfs.xFullPathname = shimFullPathname;
    shimVfs.xDlOpen = shimDlOpen;
    shimVfs.xDlError = shimDlError;
    shimVfs.xDlSym = shimDlSym;
    shimVfs.xDlClose = shimDlClose;
    shimVfs.xRandomness = shimRandomness;
    shimVfs.xSleep = shimSleep;
    shimVfs.xCurrentTime = shimCurrentTime;
    shimVfs.xGetLastError = shimGetLastError;
    shimVfs.xCurrentTimeInt64 = shimCurrentTimeInt64;
    if (sqlite3_vfs_register(&shimVfs, 1) != SQLITE_OK)
        throw std::runtime_error("cannot register the fault-injecting SQLite VFS");
}

void FaultVfs::arm(std::uint64_t killAt, Calls which, When when)
{
    calls = 0;
    mainWrites = 0;
    syncCalls = 0;
    killCalls = which;
    killWhen = when;
    killAtCall = killAt;
}

std::uint64_t FaultVfs::count() { return calls; }

std::uint64_t FaultVfs::mainDbWrites() { return mainWrites; }

std::uint64_t FaultVfs::syncs() { return syncCalls; }

} // namespace infrafit::test
