// SPDX-License-Identifier: Apache-2.0
#include "app/cli/cli.h"

#include "app/cli/arguments.h"
#include "app/cli/commands.h"
#include "app/cli/escaping_stream.h"

#include "catalog/catalog_store.h"
#include "core/base/input_error.h"
#include "core/io/text_file.h"

#include <ostream>

namespace infrafit::cli {
namespace {

constexpr const char* helpText = R"(infrafit-cli - plan AI training and inference hardware

Usage:
  infrafit-cli analyze   PROJECT [--workload NAME] [--config NAME] [--format json|text] [--db FILE]
  infrafit-cli recommend PROJECT --workload NAME [--top N] [--budget-usd X] [--rack-kw X]
                                [--deadline-days X] [--min-tokens-per-s X] [--ttft-ms X]
                                [--tpot-ms X] [--request-rate X] [--max-nodes N] [--max-gpus N]
                                [--max-racks N] [--budget-basis capex|tco]
                                [--site-kw X] [--power-caps F,...]
                                [--redundancy none|N+1|N+N] [--cooling air,...] [--vendors a,b]
                                [--parts id,...] [--threads N] [--format json|text] [--explain]
                                [--db FILE]
  infrafit-cli compare   PROJECT [--baseline WORKLOAD/CONFIG] [--workload NAME] [--config NAME]
                                [--format json|text|csv] [--db FILE]
  infrafit-cli bom       PROJECT --config NAME [--workload NAME]
                                --format csv|xlsx|pdf|html|json --output FILE
                                [--layout-cables] [--db FILE]
  infrafit-cli layout    PROJECT --config NAME [--workload NAME]
                                --format json|svg|pdf|csv|xlsx --output FILE [--db FILE]
  infrafit-cli netbox    export PROJECT --config NAME [--workload NAME] --output DIR
                                [--db FILE]
  infrafit-cli netbox    import DIR_OR_YAML... [--db FILE]
  infrafit-cli calibrate PROJECT [--runs FILE] [--metrics FILE...] [--output PROJECT]
                                [--profile NAME] [--right-size-max-nodes N]
                                [--format json|text] [--db FILE]
  infrafit-cli utilisation --metrics FILE... [--project PROJECT --config NAME]
                                [--format json|text] [--db FILE]
  infrafit-cli portfolio PROJECT [--config NAME] [--format json|text] [--db FILE]
  infrafit-cli portfolio PROJECT --recommend [--top N] [--max-nodes N] [--threads N]
                                [--format json|text] [--db FILE]
  infrafit-cli catalog   list [KIND] [--filter TEXT] [--format text|json] [--db FILE]
  infrafit-cli catalog   import FILE [--db FILE]
  infrafit-cli catalog   export FILE [--kind KIND] [--db FILE]
  infrafit-cli --help | --version

KIND is one of gpu, chassis, cpu, nvme, nic, psu, cooling, switch, pdu; `catalog list software`
lists the software compatibility rows (GPU architecture to driver, toolkit, frameworks).
The catalog database defaults to $XDG_DATA_HOME/infrafit/catalog.sqlite
(~/.local/share/infrafit/catalog.sqlite); it is created from the built-in
default catalog on first use. --db FILE uses another database.
A catalog database that is corrupt, another program's or from a newer
InfraFit is refused and left unchanged. --reset-broken-catalog (accepted by
every command that reads the catalog) then moves it, with its -wal/-shm
files, to CATALOG.broken-YYYYMMDD-HHMMSS beside it and starts a fresh
default catalog. A write that waits more than 5 s for another InfraFit
window or program writing the same catalog fails with exit status 1.
bom dates its report today (UTC), or SOURCE_DATE_EPOCH when set.
Outputs (bom --output, catalog export FILE) replace only regular files,
atomically, keeping their permissions and following symbolic links; an
output that is one of the command's inputs (the project or the catalog
database, under any name) is refused. Control characters from files are
printed as \u00XX escapes.

Exit status: 0 done (findings, even errors, are results); 2 bad input (one
line per problem on stderr naming the file, the JSON pointer and the problem);
1 anything else.
)";

int dispatch(const std::vector<std::string>& args, std::ostream& out, std::ostream& err)
{
    if (args.empty()) {
        err << helpText;
        return ExitBadInput;
    }
    const std::string& command = args.front();
    const std::vector<std::string> rest(args.begin() + 1, args.end());
    if (command == "--help" || command == "-h" || command == "help") {
        out << helpText;
        return ExitOk;
    }
    if (command == "--version") {
        out << "infrafit-cli " << INFRAFIT_VERSION << "\n";
        return ExitOk;
    }
    for (const auto& word : rest) {
        if (word == "--help" || word == "-h") {
            out << helpText;
            return ExitOk;
        }
    }
    if (command == "catalog")
        return catalogCommand(rest, out, err);
    if (command == "analyze")
        return analyzeCommand(rest, out, err);
    if (command == "recommend")
        return recommendCommand(rest, out, err);
    if (command == "compare")
        return compareCommand(rest, out, err);
    if (command == "bom")
        return bomCommand(rest, out, err);
    if (command == "layout")
        return layoutCommand(rest, out, err);
    if (command == "netbox")
        return netboxCommand(rest, out, err);
    if (command == "calibrate")
        return calibrateCommand(rest, out, err);
    if (command == "utilisation")
        return utilisationCommand(rest, out, err);
    if (command == "portfolio")
        return portfolioCommand(rest, out, err);
    throw UsageError("unknown command \"" + command + "\"");
}

int runEscaped(const std::vector<std::string>& args, std::ostream& out, std::ostream& err)
{
    try {
        return dispatch(args, out, err);
    } catch (const UsageError& error) {
        err << "infrafit-cli: " << error.what() << " (see infrafit-cli --help)\n";
        return ExitBadInput;
    } catch (const InputError& error) {
        for (const auto& line : error.lines())
            err << line << "\n";
        return ExitBadInput;
    } catch (const FileWriteError& error) {
        err << error.what() << "\n";
        return ExitBadInput;
    } catch (const catalog::StoreError& error) {
        err << error.what() << "\n";
        switch (error.kind()) {
        case catalog::StoreErrorKind::NotADatabase:
        case catalog::StoreErrorKind::NewerSchema:
        case catalog::StoreErrorKind::InvalidPart:
        case catalog::StoreErrorKind::DuplicateId:
        case catalog::StoreErrorKind::NotFound:
            return ExitBadInput;
        case catalog::StoreErrorKind::Busy:
        case catalog::StoreErrorKind::Conflict:
        case catalog::StoreErrorKind::Io:
            return ExitFailure;
        }
        return ExitFailure;
    } catch (const std::exception& error) {
        err << "infrafit-cli: " << error.what() << "\n";
        return ExitFailure;
    } catch (...) {
        err << "infrafit-cli: unexpected error\n";
        return ExitFailure;
    }
}

} // namespace

int run(const std::vector<std::string>& args, std::ostream& out, std::ostream& err)
{
    // Everything printed passes through an escaping buffer: names, ids and
    // values from untrusted files cannot drive the terminal (issue 22).
    EscapingStreamBuf outBuffer(out.rdbuf());
    EscapingStreamBuf errBuffer(err.rdbuf());
    std::ostream escapedOut(&outBuffer);
    std::ostream escapedErr(&errBuffer);
    const int code = runEscaped(args, escapedOut, escapedErr);
    escapedOut.flush();
    escapedErr.flush();
    outBuffer.finish();
    errBuffer.finish();
    return code;
}

} // namespace infrafit::cli
