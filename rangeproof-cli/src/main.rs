//! `rangeproof`: prove, verify, benchmark and demonstrate range proofs from the command line.
//!
//! Exit codes are a contract: 0 when every proof is valid (or the command succeeded), 1 when
//! some proof is invalid, 2 when the input is unusable (errors are one line on stderr; a
//! command given without its subcommand gets the usage it lacks), 3 when a check could not
//! run; an interrupted run (SIGINT, SIGTERM, SIGHUP) removes its unfinished outputs and exits
//! 130.

/// `println!` that never panics: a closed pipe or a full disk is handled by [`output`].
macro_rules! say {
    () => {
        $crate::output::say("")
    };
    ($($arg:tt)*) => {
        $crate::output::say(format!($($arg)*))
    };
}

mod bench;
mod circuit;
mod commit;
mod demo;
mod documents;
mod info;
mod liquid;
mod mpc;
mod mweb;
mod output;
mod plot;
mod progress;
mod prove;
mod recover;
mod secrets;
mod verify;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Said once, at the top: what the global option governs and the exit codes every command
/// keeps (each command's help lists `--threads` in one line under "Global options").
const ROOT_AFTER_HELP: &str = "\
Threads: every command uses all of this machine's cores, but bench, which measures on one
thread unless asked. --threads N (before or after the command; at most four per core) uses at
most N threads instead: --threads 1 leaves the other cores free.

Exit codes: 0 valid (or done), 1 some proof invalid, 2 unusable input (one line on stderr),
3 incomplete: nothing invalid, but a check could not run (`liquid verify-tx` without --spent),
130 interrupted (Ctrl-C or SIGTERM: outputs not yet written are removed).
Secrets (values, blindings, nonces, keys) can come from files or standard input: see each
command's --…-file options.

Examples:
  rangeproof demo
  rangeproof prove --bits 64 --values-file amounts.txt --openings openings.json --out proof.json
  rangeproof verify proof.json more.json";

#[derive(Parser)]
#[command(
    name = "rangeproof",
    version,
    about = "Bulletproofs range proofs and circuit proofs: prove, verify, benchmark",
    after_help = ROOT_AFTER_HELP
)]
struct Cli {
    /// Use at most N threads (default: one per core, bench one; 1 runs on one core).
    #[arg(long, global = true, value_name = "N", help_heading = "Global options")]
    threads: Option<usize>,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Prove and verify a small confidential payment and a batch of proofs, with timings.
    #[command(after_help = "Example:\n  rangeproof demo")]
    Demo,
    /// Prove that hidden values lie in [0, 2^bits) and write a proof document.
    #[command(after_help = "Examples:
  rangeproof prove --bits 64 --values-file amounts.txt --openings openings.json --out proof.json
  rangeproof prove --scheme bulletproofs+ --group ed25519 --flavor monero --bits 64 --values 1250,8700
  rangeproof prove --openings-in openings.json --out again.json")]
    Prove(Box<prove::ProveArgs>),
    /// Pedersen commitments for given openings (or fresh ones, written to --openings).
    #[command(after_help = "Examples:
  rangeproof commit --values-file amounts.txt --blindings-file blindings.txt
  rangeproof commit --values 1250 --group secp256k1 --openings openings.json")]
    Commit(commit::CommitArgs),
    /// Give back what a recovery nonce opens: Tari's blindings; Grin's and Elements' Borromean
    /// proofs' value, blinding and message.
    #[command(
        after_help = "Recovery works on proofs of one value made with a recovery nonce, of the \
suites bulletproofs+ ristretto255/tari (the blindings), bulletproofs secp256k1/grin and borromean \
secp256k1/elements (value, blinding and message).

Examples:
  rangeproof recover --nonce-file nonce.txt grin-proof.json
  rangeproof recover --nonce-file - --value 1500 tari-proof.json < nonce.txt"
    )]
    Recover(recover::RecoverArgs),
    /// Verify proof documents (several files are verified in one batch).
    #[command(after_help = "Examples:
  rangeproof verify proof.json
  rangeproof verify --json blocks/*.json
  rangeproof verify - < proof.json")]
    Verify(verify::VerifyArgs),
    /// What proof documents say, without secrets or verifying: scheme, sizes, a Borromean
    /// proof's range (and the value an exact-value proof reveals), a surjection proof's ring.
    #[command(after_help = "Examples:
  rangeproof info proof.json
  rangeproof info --json liquid/*.json")]
    Info(info::InfoArgs),
    /// Time proving, verifying and batch verification at several sizes (one thread unless
    /// --threads).
    #[command(after_help = "Examples:
  rangeproof bench --millis 1000 --plot bench.svg
  rangeproof bench --threads 2")]
    Bench(bench::BenchArgs),
    /// Arithmetic-circuit (R1CS) proofs: a SHA-256 preimage, a shuffle of committed values.
    Circuit {
        #[command(subcommand)]
        command: circuit::CircuitCommand,
    },
    /// Liquid (Elements) transactions: verify their proofs and balance, unblind an output.
    Liquid {
        #[command(subcommand)]
        command: liquid::LiquidCommand,
    },
    /// Litecoin's MWEB: verify transactions and blocks as Litecoin Core does.
    Mweb {
        #[command(subcommand)]
        command: mweb::MwebCommand,
    },
    /// The multi-party aggregation protocol over TCP: a dealer and its parties.
    Mpc {
        #[command(subcommand)]
        command: mpc::MpcCommand,
    },
}

/// The most threads `--threads` takes: four per core (at least 64), so a typo such as
/// `--threads 100000` is refused at once instead of spawning threads for minutes.
fn max_threads() -> usize {
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    (4 * cores).max(64)
}

/// Checks a thread count (`--threads`): at least 1, at most [`max_threads`], and only 1
/// without the `parallel` feature.
fn check_threads(n: usize) -> Result<(), String> {
    match n {
        0 => Err("--threads must be at least 1".into()),
        n if n > max_threads() => Err(format!(
            "--threads {n}: at most {} on this machine (four per core, at least 64)",
            max_threads()
        )),
        #[cfg(not(feature = "parallel"))]
        2.. => Err("this build runs on one thread (built without `parallel`)".into()),
        _ => Ok(()),
    }
}

/// Sizes the global thread pool (`--threads`, checked).
fn set_threads(threads: Option<usize>) -> Result<(), String> {
    let Some(n) = threads else { return Ok(()) };
    check_threads(n)?;
    #[cfg(feature = "parallel")]
    rayon::ThreadPoolBuilder::new()
        .num_threads(n)
        .build_global()
        .map_err(|e| format!("--threads: {e}"))?;
    Ok(())
}

/// Whether clap refused the command line for a missing subcommand (with
/// `arg_required_else_help`, which the derive sets, it shows the help instead).
fn missing_subcommand(kind: clap::error::ErrorKind) -> bool {
    use clap::error::ErrorKind;
    matches!(
        kind,
        ErrorKind::MissingSubcommand | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
    )
}

/// How a command ended: maps to the exit code.
pub enum Outcome {
    /// Success, or every proof valid: exit 0.
    Ok,
    /// Some proof invalid: exit 1.
    Invalid,
    /// Nothing invalid, but a check could not run (what is missing is said): exit 3.
    Incomplete,
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        // --help and --version are successes.
        Err(e) if !e.use_stderr() => {
            let _ = e.print();
            return ExitCode::SUCCESS;
        }
        // A command without its subcommand (`rangeproof`, `rangeproof circuit`): the usage
        // it needs, as clap lays it out (on stderr), and unusable input.
        Err(e) if missing_subcommand(e.kind()) => {
            let _ = e.print();
            return ExitCode::from(2);
        }
        // Everything else is unusable input, reported on one line.
        Err(e) => {
            let text = e.render().to_string();
            let reason: Vec<&str> = text
                .lines()
                .map(str::trim)
                .filter(|l| {
                    !l.is_empty()
                        && !l.starts_with("Usage:")
                        && !l.starts_with("For more information")
                })
                .collect();
            eprintln!("{}", reason.join(" "));
            return ExitCode::from(2);
        }
    };
    // Ctrl-C, SIGTERM, SIGHUP: remove the outputs not yet in place and exit 130. (Without a
    // handler, the run would still end, leaving nothing half-written: outputs are put in
    // place whole.)
    let _ = ctrlc::set_handler(|| output::interrupted());
    // `bench` measures in a pool of its own: one thread unless --threads says otherwise, so
    // that its figures compare with the criterion benches' (one thread).
    let bench_threads = cli.threads.unwrap_or(1);
    let threads = match cli.command {
        Command::Bench(_) => check_threads(bench_threads),
        _ => set_threads(cli.threads),
    };
    if let Err(reason) = threads {
        eprintln!("error: {reason}");
        return ExitCode::from(2);
    }
    let result = match cli.command {
        Command::Demo => demo::run().map(|()| Outcome::Ok),
        Command::Prove(args) => prove::run(*args).map(|()| Outcome::Ok),
        Command::Verify(args) => verify::run(&args),
        Command::Info(args) => info::run(&args),
        Command::Commit(args) => commit::run(&args),
        Command::Recover(args) => recover::run(&args),
        Command::Bench(args) => bench::run(&args, bench_threads).map(|()| Outcome::Ok),
        Command::Circuit { command } => circuit::run(command),
        Command::Liquid { command } => liquid::run(command),
        Command::Mweb { command } => mweb::run(command),
        Command::Mpc { command } => mpc::run(command),
    };
    // Standard output that failed (a full disk; not a closed pipe: see `output`) makes the
    // result unusable, whatever the verdicts were.
    if let Some(reason) = output::finish() {
        eprintln!("error: {reason}");
        return ExitCode::from(2);
    }
    match result {
        Ok(Outcome::Ok) => ExitCode::SUCCESS,
        Ok(Outcome::Invalid) => ExitCode::from(1),
        Ok(Outcome::Incomplete) => ExitCode::from(3),
        Err(reason) => {
            eprintln!("error: {reason}");
            ExitCode::from(2)
        }
    }
}
