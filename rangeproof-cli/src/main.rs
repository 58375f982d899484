//! `rangeproof`: prove, verify, benchmark and demonstrate range proofs from the command line.
//!
//! Exit codes are a contract: 0 when every proof is valid (or the command succeeded), 1 when
//! some proof is invalid, 2 when the input is unusable; errors are one line on stderr.

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
mod liquid;
mod mpc;
mod output;
mod plot;
mod progress;
mod prove;
mod recover;
mod secrets;
mod verify;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(
    name = "rangeproof",
    version,
    about = "Bulletproofs range proofs and circuit proofs: prove, verify, benchmark"
)]
struct Cli {
    /// Use at most this many threads (default: every core). Large multiscalar
    /// multiplications, batch verification's per-proof work and failure search, and generator
    /// derivation run in parallel.
    #[arg(long, global = true)]
    threads: Option<usize>,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Prove and verify a small confidential payment and a batch of proofs, with timings.
    Demo,
    /// Prove that hidden values lie in [0, 2^bits) and write a proof document.
    Prove(Box<prove::ProveArgs>),
    /// Pedersen commitments for given openings (or fresh ones, written to --openings).
    Commit(commit::CommitArgs),
    /// Give back what a recovery nonce opens: Tari's blindings; Grin's and Elements' Borromean
    /// proofs' value, blinding and message.
    Recover(recover::RecoverArgs),
    /// Verify proof documents (several files are verified in one batch).
    Verify(verify::VerifyArgs),
    /// Time proving, verifying and batch verification at several sizes.
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

/// Sizes the thread pool (`--threads`); without the `parallel` feature only 1 is accepted.
fn set_threads(threads: Option<usize>) -> Result<(), String> {
    match threads {
        None => Ok(()),
        Some(0) => Err("--threads must be at least 1".into()),
        Some(n) if n > max_threads() => Err(format!(
            "--threads {n}: at most {} on this machine (four per core, at least 64)",
            max_threads()
        )),
        #[cfg(feature = "parallel")]
        Some(n) => rayon::ThreadPoolBuilder::new()
            .num_threads(n)
            .build_global()
            .map_err(|e| format!("--threads: {e}")),
        #[cfg(not(feature = "parallel"))]
        Some(1) => Ok(()),
        #[cfg(not(feature = "parallel"))]
        Some(_) => Err("this build runs on one thread (built without `parallel`)".into()),
    }
}

/// How a command ended: maps to the exit code.
pub enum Outcome {
    /// Success, or every proof valid: exit 0.
    Ok,
    /// Some proof invalid: exit 1.
    Invalid,
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        // --help and --version are successes.
        Err(e) if !e.use_stderr() => {
            let _ = e.print();
            return ExitCode::SUCCESS;
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
    if let Err(reason) = set_threads(cli.threads) {
        eprintln!("error: {reason}");
        return ExitCode::from(2);
    }
    let result = match cli.command {
        Command::Demo => demo::run().map(|()| Outcome::Ok),
        Command::Prove(args) => prove::run(*args).map(|()| Outcome::Ok),
        Command::Verify(args) => verify::run(&args),
        Command::Commit(args) => commit::run(&args),
        Command::Recover(args) => recover::run(&args),
        Command::Bench(args) => bench::run(&args).map(|()| Outcome::Ok),
        Command::Circuit { command } => circuit::run(command),
        Command::Liquid { command } => liquid::run(command),
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
        Err(reason) => {
            eprintln!("error: {reason}");
            ExitCode::from(2)
        }
    }
}
