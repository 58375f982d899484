//! `rangeproof mpc dealer|party`: the multi-party aggregation protocol over TCP.
//!
//! The protocol's wire format and both sides of a run are the shared transport's
//! (`rangeproof_app::transport`: frames, hello, setup with the dealer's run nonce,
//! session-bound messages). This file owns what is TCP's and the command line's: listening
//! and connecting, a timeout on every read (so a silent party cannot hang the dealer) and, on
//! the dealer's side, a deadline per round (so a party trickling a byte at a time cannot either:
//! `transport::RoundDeadline`), the
//! output and openings files, the proof document, exit codes, and the hidden test-only
//! misbehaviour. Parties take positions in connection order; any failure names the party
//! (index and address) and no proof is written.
//!
//! A party never lets the dealer finish a proof whose commitments nobody can open: its
//! openings file is claimed (an existing path refused, a temporary owner-only file created
//! beside it) before it connects, and written, synced and put in place before its first
//! message reveals a commitment. Without `--openings` it refuses to start
//! unless `--discard-openings` says the outputs are not meant to be spent.
//!
//! **Trust.** This transport is plaintext TCP for trusted networks, or behind TLS or an SSH
//! tunnel. The first `--parties` connections become the parties. A man-in-the-middle can read
//! every message (what the dealer reads: commitments, the parties' polynomial commitments and
//! proof shares — not the values or blindings), delay or drop messages (the run aborts, no
//! proof is written), and take a party's place (a proof over commitments of its choosing, which
//! the real party would not find in the proof). It cannot make the dealer write a proof that
//! does not verify, nor one for an out-of-range value: the dealer verifies the proof and names
//! the parties whose shares are bad. Messages carry the run's session id, so a recorded run
//! cannot be replayed into another.

use std::io::{Read, Write};
use std::net::{Shutdown, TcpListener, TcpStream};
use std::path::PathBuf;
use std::time::{Duration, Instant};

use clap::{Args, Subcommand};
use rand_core::{OsRng, RngCore};
use rangeproof_app::transport::{self, MpcDeployment, Peer, RoundDeadline};
use rangeproof_documents::request::Field;
use rangeproof_documents::{RequestError, MAX_TRANSCRIPT_LABEL};
use zeroize::{Zeroize, Zeroizing};

use crate::output::{self, OutputFile};
use crate::Outcome;

#[derive(Subcommand)]
pub enum MpcCommand {
    /// Run the dealer: wait for the parties, run the protocol, write the proof document.
    /// Plaintext TCP: for trusted networks, or behind TLS or an SSH tunnel (see SECURITY.md).
    #[command(after_help = "Example:
  rangeproof mpc dealer --parties 2 --bits 64 --listen 127.0.0.1:7000 --out proof.json")]
    Dealer(DealerArgs),
    /// Run a party: connect to the dealer with this party's values (plaintext TCP: trusted
    /// networks, or behind TLS or an SSH tunnel).
    #[command(after_help = "Example:
  rangeproof mpc party --connect 127.0.0.1:7000 --values-file mine.txt --openings mine.open.json")]
    Party(PartyArgs),
}

#[derive(Args)]
pub struct DealerArgs {
    /// Number of parties to wait for.
    #[arg(long)]
    parties: usize,
    /// Bit size n: 8, 16, 32 or 64.
    #[arg(long)]
    bits: usize,
    /// Address to listen on, e.g. 127.0.0.1:7000.
    #[arg(long)]
    listen: String,
    /// The session's transcript label (dalek flavor).
    #[arg(long, default_value = "rangeproof mpc")]
    transcript_label: String,
    /// dalek (ristretto255, default) or monero (Ed25519).
    #[arg(long, default_value = "dalek")]
    flavor: String,
    /// Where to write the proof document: a new file (an existing path or a symlink is
    /// refused unless --force), claimed before listening.
    #[arg(long)]
    out: PathBuf,
    /// Let --out replace an existing file (written beside it and renamed).
    #[arg(long)]
    force: bool,
    /// Write the proof document on one line (JSON lines) instead of pretty-printed.
    #[arg(long)]
    compact: bool,
    /// Per-read timeout, in milliseconds.
    #[arg(long, default_value_t = 30_000)]
    timeout_ms: u64,
    /// Per-round deadline, in milliseconds: each party's whole answer must arrive within it
    /// of the dealer's message (and its hello within it of connecting), however it trickles.
    #[arg(long, default_value_t = 120_000)]
    round_timeout_ms: u64,
}

#[derive(Args)]
pub struct PartyArgs {
    /// The dealer's address.
    #[arg(long)]
    connect: String,
    /// Comma-separated values this party proves. They appear in the process list: prefer
    /// --values-file for real amounts.
    #[arg(
        long,
        value_delimiter = ',',
        value_parser = crate::secrets::Amounts,
        allow_hyphen_values = true,
        required_unless_present = "values_file",
        conflicts_with = "values_file"
    )]
    values: Vec<u64>,
    /// Read this party's values from this file (`-`: standard input), separated by commas or
    /// whitespace.
    #[arg(long)]
    values_file: Option<PathBuf>,
    /// Write this party's openings (values, blindings, commitments, the statement) to this new
    /// file (owner-only; an existing path is refused before connecting). Required: the
    /// commitments in the proof can be spent only with them.
    #[arg(long)]
    openings: Option<PathBuf>,
    /// Run without --openings: the blindings are discarded and nobody can open this party's
    /// commitments (tests, demonstrations).
    #[arg(long, conflicts_with = "openings")]
    discard_openings: bool,
    /// Per-read timeout, in milliseconds.
    #[arg(long, default_value_t = 30_000)]
    timeout_ms: u64,
    /// Test only: misbehave (wrong-share, garbage, disconnect, silent).
    #[arg(long, hide = true)]
    misbehave: Option<String>,
}

pub fn run(command: MpcCommand) -> Result<Outcome, String> {
    match command {
        MpcCommand::Dealer(args) => dealer(&args),
        MpcCommand::Party(args) => party(&args),
    }
}

/// A failed run: named on standard error, exit 1, no proof.
fn no_proof(reason: impl std::fmt::Display) -> Result<Outcome, String> {
    eprintln!("error: {reason}; no proof written");
    Ok(Outcome::Invalid)
}

fn dealer(args: &DealerArgs) -> Result<Outcome, String> {
    if args.parties == 0 || args.parties > rangeproof::MAX_AGGREGATION {
        return Err(format!(
            "--parties {}: 1 to {}",
            args.parties,
            rangeproof::MAX_AGGREGATION
        ));
    }
    let flavor = MpcDeployment::from_name(&args.flavor)
        .ok_or_else(|| format!("unsupported --flavor {:?} (dalek or monero)", args.flavor))?;
    if args.transcript_label.len() > MAX_TRANSCRIPT_LABEL {
        return Err(format!(
            "--transcript-label is {} bytes, longer than {MAX_TRANSCRIPT_LABEL}",
            args.transcript_label.len()
        ));
    }
    // Every argument is checked before listening, with `prove`'s words: a run that cannot
    // prove must not make parties connect first.
    let suite = flavor.suite();
    if !suite.supported_bits().contains(&args.bits) {
        return Err(RequestError::UnsupportedBits(args.bits).describe(Field::flag, Some(suite)));
    }
    if args.timeout_ms == 0 || args.round_timeout_ms < args.timeout_ms {
        return Err(format!(
            "--timeout-ms {} and --round-timeout-ms {}: a read timeout above 0, and a round at least as long",
            args.timeout_ms, args.round_timeout_ms
        ));
    }
    // Claimed before anyone connects: a refused path costs the parties nothing, and a file
    // that exists (a party's openings, say) is never overwritten. Removed again if no proof
    // is written.
    let out = OutputFile::create("--out", &args.out, args.force, &[])?;
    let listener = TcpListener::bind(&args.listen)
        .map_err(|e| format!("cannot listen on {}: {e}", args.listen))?;
    // Scripts (and the tests) wait for this line before starting the parties.
    say!(
        "listening on {}",
        listener.local_addr().map_err(|e| e.to_string())?
    );
    output::flush();
    let per_read = Duration::from_millis(args.timeout_ms);
    let per_round = Duration::from_millis(args.round_timeout_ms);
    let mut peers = Vec::with_capacity(args.parties);
    // Parties must connect within the timeout too (from the dealer's start or the previous
    // party's arrival): a missing party cannot hang the dealer either.
    listener.set_nonblocking(true).map_err(|e| e.to_string())?;
    for index in 0..args.parties {
        let deadline = Instant::now() + Duration::from_millis(args.timeout_ms);
        let (stream, address) = loop {
            match listener.accept() {
                Ok(accepted) => break accepted,
                Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {
                    if Instant::now() >= deadline {
                        return no_proof(format!(
                            "party {index}: did not connect in time ({index} of {} connected)",
                            args.parties
                        ));
                    }
                    std::thread::sleep(Duration::from_millis(10));
                }
                Err(e) => return Err(format!("accept: {e}")),
            }
        };
        stream.set_nonblocking(false).map_err(|e| e.to_string())?;
        let mut stream =
            RoundDeadline::new(stream, per_read, per_round).map_err(|e| e.to_string())?;
        let address = address.to_string();
        let hello = match transport::receive_hello(&mut stream) {
            Ok(hello) => hello,
            Err(e) => return no_proof(format!("party {index} ({address}): {e}")),
        };
        peers.push(Peer {
            stream,
            name: address,
            values: hello.values,
            position: 0,
        });
    }
    let label = args.transcript_label.as_bytes();
    let doc = match transport::run_dealer(&mut peers, flavor, args.bits, label, &mut OsRng) {
        Ok(doc) => doc,
        Err(failure) => return no_proof(failure),
    };
    let m = doc.commitments.len();
    let text = output::json(&doc, args.compact)?;
    out.write(&text)?;
    transport::announce_done(&mut peers);
    eprintln!(
        "proof for {m} values from {} parties written to {}",
        peers.len(),
        args.out.display()
    );
    Ok(Outcome::Ok)
}

/// The party's amounts are secrets: wiped when the arguments are dropped.
impl Drop for PartyArgs {
    fn drop(&mut self) {
        self.values.zeroize();
    }
}

fn party(args: &PartyArgs) -> Result<Outcome, String> {
    if args.openings.is_none() && !args.discard_openings {
        return Err("give --openings FILE to keep this party's blindings (the proof's commitments can be spent only with them), or --discard-openings to run without".into());
    }
    let values = match &args.values_file {
        Some(path) => crate::secrets::read_values("--values-file", path)?,
        None => Zeroizing::new(args.values.clone()),
    };
    let values_file: Vec<&std::path::Path> = args
        .values_file
        .as_deref()
        .filter(|path| path.as_os_str() != rangeproof_documents::input::STDIN)
        .into_iter()
        .collect();
    // Before anything else: an openings file that cannot be created stops the party here,
    // before the dealer learns it exists.
    let openings = args
        .openings
        .as_deref()
        .map(|path| OutputFile::create_secret("--openings", path, &values_file))
        .transpose()?;
    let stream = TcpStream::connect(&args.connect)
        .map_err(|e| format!("cannot connect to {}: {e}", args.connect))?;
    let timeout = Some(Duration::from_millis(args.timeout_ms));
    stream
        .set_read_timeout(timeout)
        .map_err(|e| e.to_string())?;
    stream
        .set_write_timeout(timeout)
        .map_err(|e| e.to_string())?;
    if args.misbehave.as_deref() == Some("silent") {
        std::thread::sleep(Duration::from_millis(2 * args.timeout_ms));
        return Ok(Outcome::Ok);
    }
    let mut stream = Misbehaving {
        inner: stream,
        mode: args.misbehave.clone(),
        frames: 0,
    };
    // The openings go to disk before the first message reveals a commitment (the transport
    // calls this in between): if they cannot be written, the party stops and the dealer
    // writes no proof.
    let keep = move |record: &rangeproof_documents::Openings| match openings {
        Some(file) => {
            let text =
                Zeroizing::new(serde_json::to_string_pretty(record).map_err(|e| e.to_string())?);
            file.write(&text)
        }
        None => Ok(()),
    };
    match transport::run_party(&mut stream, &values, keep, &mut OsRng) {
        // The dealer said it wrote the proof: one line, so that a party's log says what
        // happened and where its openings are.
        Ok(()) => {
            match &args.openings {
                Some(path) => eprintln!(
                    "proof written by the dealer; openings in {}",
                    path.display()
                ),
                None => eprintln!(
                    "proof written by the dealer; openings discarded (--discard-openings)"
                ),
            }
            Ok(Outcome::Ok)
        }
        Err(reason) if reason.contains("did not finish") => {
            eprintln!("error: {reason}");
            Ok(Outcome::Invalid)
        }
        Err(reason) => Err(reason),
    }
}

/// The hidden `--misbehave` modes, as a stream that alters the party's frames (the transport
/// writes each frame whole; the party's frames are hello, bit commitment, polynomial
/// commitment, share): `wrong-share` flips a bit of the share's last scalar, `garbage` sends
/// 200 random bytes instead of the bit commitment, `disconnect` closes the connection instead
/// of sending it. (`silent` never speaks: handled before the run.)
struct Misbehaving {
    inner: TcpStream,
    mode: Option<String>,
    frames: usize,
}

impl Read for Misbehaving {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        self.inner.read(buf)
    }
}

impl Write for Misbehaving {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.frames += 1;
        match (self.mode.as_deref(), self.frames) {
            (Some("wrong-share"), 4) => {
                let mut altered = buf.to_vec();
                let at = altered.len() - 32;
                altered[at] ^= 1;
                self.inner.write_all(&altered)?;
            }
            (Some("garbage"), 2) => {
                let mut junk = vec![0u8; 4 + 200];
                junk[..4].copy_from_slice(&200u32.to_le_bytes());
                OsRng.fill_bytes(&mut junk[4..]);
                self.inner.write_all(&junk)?;
            }
            (Some("disconnect"), 2) => {
                let _ = self.inner.shutdown(Shutdown::Both);
                return Err(std::io::ErrorKind::BrokenPipe.into());
            }
            _ => self.inner.write_all(buf)?,
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.inner.flush()
    }
}
