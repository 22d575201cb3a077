// SPDX-License-Identifier: Apache-2.0
// The promises of core/io/output_file.h (issue 22 items 2 and 3): every
// output replaces only a regular file, keeps its mode, follows symbolic
// links, never writes over an input, and leaves no temporary file behind.
#include "core/output/bom_export.h"
#include "core/io/output_file.h"

#include "support/child_process.h"
#include "support/fixtures.h"

#include <catch2/catch.hpp>

#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <set>

#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace infrafit;
using infrafit::test::readBytes;
using infrafit::test::TempDir;
using infrafit::test::writeBytes;

namespace {

namespace fs = std::filesystem;

mode_t modeOf(const std::string& path)
{
    struct stat info { };
    REQUIRE(::lstat(path.c_str(), &info) == 0);
    return info.st_mode & 07777;
}

/// The names in `dir`, so a test can tell that no temporary was left.
std::set<std::string> namesIn(const fs::path& dir)
{
    std::set<std::string> names;
    for (const auto& entry : fs::directory_iterator(dir))
        names.insert(entry.path().filename().string());
    return names;
}

std::string messageOf(const std::function<void()>& write)
{
    try {
        write();
    } catch (const FileWriteError& error) {
        return error.what();
    }
    return "(no error)";
}

} // namespace

TEST_CASE("a replaced file keeps its permission bits", "[io][output]")
{
    TempDir dir;
    const auto path = dir.file("private.json");
    for (const mode_t mode : {mode_t(0600), mode_t(0640), mode_t(0755)}) {
        writeBytes(path, "old\n");
        REQUIRE(::chmod(path.c_str(), mode) == 0);
        writeFileAtomic(path, "new\n");
        CHECK(readBytes(path) == "new\n");
        CHECK(modeOf(path) == mode);
    }
    CHECK(namesIn(dir.path()) == std::set<std::string> {"private.json"});
}

TEST_CASE("a new file gets 0666 minus the umask", "[io][output]")
{
    TempDir dir;
    const mode_t old = ::umask(027);
    writeFileAtomic(dir.file("new.json"), "x");
    ::umask(old);
    CHECK(modeOf(dir.file("new.json")) == 0640);
}

TEST_CASE("a read-only file is refused, or as root replaced keeping 0444", "[io][output]")
{
    TempDir dir;
    const auto path = dir.file("frozen.json");
    writeBytes(path, "old\n");
    REQUIRE(::chmod(path.c_str(), 0444) == 0);
    if (::geteuid() == 0) {
        // Root may write any file, as the shell's ">" would; the mode stays.
        writeFileAtomic(path, "new\n");
        CHECK(readBytes(path) == "new\n");
    } else {
        CHECK_THAT(messageOf([&] { writeFileAtomic(path, "new\n"); }),
            Catch::Contains("frozen.json: cannot write: the file is read-only"));
        CHECK(readBytes(path) == "old\n");
    }
    CHECK(modeOf(path) == 0444);
    CHECK(namesIn(dir.path()) == std::set<std::string> {"frozen.json"});
}

TEST_CASE("directories, FIFOs and devices are refused, not replaced", "[io][output]")
{
    TempDir dir;
    const auto fifo = dir.file("pipe");
    REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
    CHECK_THAT(messageOf([&] { writeFileAtomic(fifo, "x"); }),
        Catch::Contains("pipe: cannot write: it is a FIFO (named pipe); InfraFit writes "
                        "only regular files"));
    struct stat info { };
    REQUIRE(::lstat(fifo.c_str(), &info) == 0);
    CHECK(S_ISFIFO(info.st_mode));

    fs::create_directory(dir.file("folder"));
    CHECK_THAT(messageOf([&] { writeFileAtomic(dir.file("folder"), "x"); }),
        Catch::Contains("cannot write: it is a directory"));
    CHECK(fs::is_directory(dir.file("folder")));

    // A device, reached through a link in the test's own folder: the link is
    // followed, and the device refused before anything is created.
    fs::create_symlink("/dev/null", dir.file("null-link"));
    CHECK_THAT(messageOf([&] { writeFileAtomic(dir.file("null-link"), "x"); }),
        Catch::Contains("cannot write: it is a character device"));
    REQUIRE(::lstat("/dev/null", &info) == 0);
    CHECK(S_ISCHR(info.st_mode));
    CHECK(namesIn(dir.path()) == std::set<std::string> {"pipe", "folder", "null-link"});
}

TEST_CASE("symbolic links are followed; the link stays a link", "[io][output]")
{
    TempDir dir;
    fs::create_directory(dir.file("real"));
    writeBytes(dir.file("real/target.json"), "old\n");
    fs::create_symlink("real/target.json", dir.file("link.json"));
    writeFileAtomic(dir.file("link.json"), "new\n");
    CHECK(fs::is_symlink(dir.file("link.json")));
    CHECK(readBytes(dir.file("real/target.json")) == "new\n");
    CHECK(resolveOutputPath(dir.file("link.json")) == dir.file("real/target.json"));

    // A dangling link creates the file it names, as the shell's ">" does.
    fs::create_symlink("real/created.json", dir.file("dangling.json"));
    writeFileAtomic(dir.file("dangling.json"), "made\n");
    CHECK(fs::is_symlink(dir.file("dangling.json")));
    CHECK(readBytes(dir.file("real/created.json")) == "made\n");

    // A loop is refused.
    fs::create_symlink("loop-b", dir.file("loop-a"));
    fs::create_symlink("loop-a", dir.file("loop-b"));
    CHECK_THAT(messageOf([&] { writeFileAtomic(dir.file("loop-a"), "x"); }),
        Catch::Contains("too many levels of symbolic links"));
    CHECK(namesIn(dir.file("real")) == std::set<std::string> {"target.json", "created.json"});
}

TEST_CASE("a hard-linked file: the name written is replaced, other names keep the old file",
    "[io][output]")
{
    TempDir dir;
    writeBytes(dir.file("a.json"), "old\n");
    fs::create_hard_link(dir.file("a.json"), dir.file("b.json"));
    writeFileAtomic(dir.file("a.json"), "new\n");
    CHECK(readBytes(dir.file("a.json")) == "new\n");
    CHECK(readBytes(dir.file("b.json")) == "old\n");
}

TEST_CASE("a write that fails part way leaves the old file and no temporary", "[io][output]")
{
    TempDir dir;
    const auto path = dir.file("big.json");
    writeBytes(path, "old\n");
    // In a child limited to 1,000-byte files: the write fails with EFBIG.
    const pid_t pid = test::forkChild([&] {
        ::signal(SIGXFSZ, SIG_IGN);
        const rlimit limit {1000, 1000};
        ::setrlimit(RLIMIT_FSIZE, &limit);
        try {
            writeFileAtomic(path, std::string(5000, 'x'));
        } catch (const FileWriteError& error) {
            if (std::string(error.what()).find("big.json: cannot write: File too large")
                != std::string::npos)
                ::_exit(42);
        }
        ::_exit(3);
    });
    REQUIRE(pid > 0);
    CHECK(test::waitChild(pid).exitCode == 42);
    CHECK(readBytes(path) == "old\n");
    CHECK(namesIn(dir.path()) == std::set<std::string> {"big.json"});
}

TEST_CASE("an output that is an input is refused however it is named", "[io][output]")
{
    TempDir dir;
    const auto input = dir.file("project.json");
    writeBytes(input, "{}");
    fs::create_directory(dir.file("sub"));
    fs::create_symlink(input, dir.file("alias.json"));
    fs::create_hard_link(input, dir.file("hard.json"));
    for (const auto& output :
        {input, dir.file("sub/../project.json"), dir.file("alias.json"), dir.file("hard.json")}) {
        INFO(output);
        CHECK_THAT(messageOf([&] {
            checkOutputIsNotInput(output, {"/nonexistent", input});
        }),
            Catch::Contains("refusing to write: it is the same file as the input " + input));
    }
    // Not yet existing: the same path, spelt differently.
    CHECK_THAT(messageOf([&] {
        checkOutputIsNotInput(dir.file("sub/../new.sqlite"), databaseFiles(dir.file("new.sqlite")));
    }),
        Catch::Contains("same file as the input " + dir.file("new.sqlite")));
    // The files SQLite keeps beside a database are inputs too.
    CHECK_THAT(messageOf([&] {
        checkOutputIsNotInput(dir.file("c.sqlite-wal"), databaseFiles(dir.file("c.sqlite")));
    }),
        Catch::Contains("same file as the input " + dir.file("c.sqlite-wal")));
    // Another file is fine.
    CHECK_NOTHROW(checkOutputIsNotInput(dir.file("other.json"), {input}));
    CHECK(readBytes(input) == "{}");
}

TEST_CASE("the XLSX export leaves no temporary file, even after a killed run", "[io][output][xlsx]")
{
    TempDir dir;
    TempDir privateTemp;
    const char* oldTmp = std::getenv("TMPDIR");
    const std::string savedTmp = oldTmp ? oldTmp : "";
    ::setenv("TMPDIR", privateTemp.path().c_str(), 1);
    BillOfMaterials bom;
    bom.summary.configurationName = "c";
    exportBom(bom, BomFormat::Xlsx, dir.file("bom.xlsx"));
    CHECK(readBytes(dir.file("bom.xlsx")).rfind("PK", 0) == 0); // a ZIP file
    CHECK(namesIn(privateTemp.path()).empty());
    // libxlsxwriter names its scratch files: a run killed mid-way may leave
    // its scratch directory, which the next export removes.
    for (int kill = 0; kill < 5; ++kill) {
        const pid_t pid = test::forkChild([&] {
            for (;;)
                (void)renderBom(bom, BomFormat::Xlsx);
        });
        REQUIRE(pid > 0);
        test::killAfter(pid, std::chrono::milliseconds(20 + 15 * kill));
        exportBom(bom, BomFormat::Xlsx, dir.file("bom.xlsx"));
        std::string left;
        for (const auto& name : namesIn(privateTemp.path()))
            left += " " + name;
        INFO("left in the temporary directory:" << left);
        CHECK(namesIn(privateTemp.path()).empty());
    }
    if (oldTmp)
        ::setenv("TMPDIR", savedTmp.c_str(), 1);
    else
        ::unsetenv("TMPDIR");
}

TEST_CASE("an XLSX export removes the scratch directories of dead runs only", "[io][output][xlsx]")
{
    TempDir dir;
    TempDir privateTemp;
    const char* oldTmp = std::getenv("TMPDIR");
    const std::string savedTmp = oldTmp ? oldTmp : "";
    ::setenv("TMPDIR", privateTemp.path().c_str(), 1);
    // A process that has ended and been reaped: its id names no process.
    const pid_t dead = test::forkChild([] {});
    REQUIRE(dead > 0);
    test::waitChild(dead);
    const std::string deadRun = "infrafit-xlsx-" + std::to_string(dead) + "-a1b2c3";
    const std::string liveRun = "infrafit-xlsx-" + std::to_string(::getpid()) + "-d4e5f6";
    for (const auto& name : {deadRun, liveRun}) {
        fs::create_directory(privateTemp.path() / name);
        writeBytes((privateTemp.path() / name / "workbook.xlsx").string(), "x");
    }
    // Not ours: a file with our prefix, and another file.
    writeBytes(
        (privateTemp.path() / ("infrafit-xlsx-" + std::to_string(dead) + "-notes")).string(), "x");
    writeBytes((privateTemp.path() / "other.xlsx").string(), "x");
    BillOfMaterials bom;
    exportBom(bom, BomFormat::Xlsx, dir.file("bom.xlsx"));
    CHECK(namesIn(privateTemp.path())
        == std::set<std::string> {
            liveRun, "infrafit-xlsx-" + std::to_string(dead) + "-notes", "other.xlsx"});
    if (oldTmp)
        ::setenv("TMPDIR", savedTmp.c_str(), 1);
    else
        ::unsetenv("TMPDIR");
}
