//! `rangeproof mpc dealer|party`: the multi-party aggregation protocol over TCP.
//!
//! Frames are a 4-byte little-endian length and that many bytes (at most 1 MiB). A party
//! connects and says how many values it holds (`RPMH ‖ u16`); once every party has, the
//! dealer assigns positions in connection order and sends each its setup (`RPMS ‖ u16
//! position ‖ u16 m ‖ u8 bits ‖ u8 flavor ‖ 32-byte run nonce ‖ transcript label`); then the
//! protocol's messages (`bulletproofs::mpc`, encodings bound to the session *and this run*:
//! [`Session::for_run`]) alternate. Every read has a timeout, so a silent party cannot hang
//! the dealer; any failure names the party (index and address) and no proof is written. The
//! dealer writes an ordinary proof document.
//!
//! A party never lets the dealer finish a proof whose commitments nobody can open: its
//! openings file is created (new, owner-only) before it connects, and written and synced
//! before its first message reveals a commitment. Without `--openings` it refuses to start
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
use std::net::{TcpListener, TcpStream};
use std::path::PathBuf;
use std::time::Duration;

use clap::{Args, Subcommand};
use merlin::Transcript;
use rand_core::{OsRng, RngCore};
use rangeproof::bulletproofs::mpc::{
    BitChallenge, BitCommitment, Dealer, MpcError, Party, PolyChallenge, PolyCommitment,
    ProofShare, Session,
};
use rangeproof::generators::{dalek, monero};
use rangeproof::transcript::merlin_transcript;
use rangeproof::transcript::monero::MoneroTranscript;
use rangeproof::{Ed25519, Group, Ristretto255, Suite, SuiteStatement};
use rangeproof_cli::document::{Openings, ProofDocument, MAX_TRANSCRIPT_LABEL};
use zeroize::{Zeroize, Zeroizing};

use crate::output::{self, OutputFile};
use crate::Outcome;

const MAX_FRAME: usize = 1 << 20;

#[derive(Subcommand)]
pub enum MpcCommand {
    /// Run the dealer: wait for the parties, run the protocol, write the proof document.
    /// Plaintext TCP: for trusted networks, or behind TLS or an SSH tunnel (see SECURITY.md).
    Dealer(DealerArgs),
    /// Run a party: connect to the dealer with this party's values (plaintext TCP: trusted
    /// networks, or behind TLS or an SSH tunnel).
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
    /// Per-read timeout, in milliseconds.
    #[arg(long, default_value_t = 30_000)]
    timeout_ms: u64,
}

#[derive(Args)]
pub struct PartyArgs {
    /// The dealer's address.
    #[arg(long)]
    connect: String,
    /// Comma-separated values this party proves.
    #[arg(long, value_delimiter = ',', required = true)]
    values: Vec<u64>,
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

fn send(stream: &mut TcpStream, bytes: &[u8]) -> std::io::Result<()> {
    stream.write_all(&(bytes.len() as u32).to_le_bytes())?;
    stream.write_all(bytes)
}

fn receive(stream: &mut TcpStream) -> Result<Vec<u8>, String> {
    let mut len = [0u8; 4];
    stream.read_exact(&mut len).map_err(describe)?;
    let len = u32::from_le_bytes(len) as usize;
    if len > MAX_FRAME {
        return Err(format!("a {len}-byte frame (at most {MAX_FRAME})"));
    }
    let mut buf = vec![0u8; len];
    stream.read_exact(&mut buf).map_err(describe)?;
    Ok(buf)
}

fn describe(e: std::io::Error) -> String {
    match e.kind() {
        std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut => "timed out".into(),
        std::io::ErrorKind::UnexpectedEof => "disconnected".into(),
        _ => e.to_string(),
    }
}

pub fn run(command: MpcCommand) -> Result<Outcome, String> {
    match command {
        MpcCommand::Dealer(args) => dealer(&args),
        MpcCommand::Party(args) => party(&args),
    }
}

/// A connected party as the dealer sees it.
struct Peer {
    stream: TcpStream,
    address: String,
    count: usize,
    position: usize,
}

fn blame(index: usize, peer: &Peer, what: impl std::fmt::Display) -> String {
    format!(
        "party {index} ({}, position {}): {what}",
        peer.address, peer.position
    )
}

fn dealer(args: &DealerArgs) -> Result<Outcome, String> {
    if args.parties == 0 || args.parties > rangeproof::MAX_AGGREGATION {
        return Err(format!(
            "--parties {}: 1 to {}",
            args.parties,
            rangeproof::MAX_AGGREGATION
        ));
    }
    if args.transcript_label.len() > MAX_TRANSCRIPT_LABEL {
        return Err(format!(
            "--transcript-label is {} bytes, longer than {MAX_TRANSCRIPT_LABEL}",
            args.transcript_label.len()
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
    let timeout = Some(Duration::from_millis(args.timeout_ms));
    let mut peers = Vec::with_capacity(args.parties);
    // Parties must connect within the timeout too (from the dealer's start or the previous
    // party's arrival): a missing party cannot hang the dealer either.
    listener.set_nonblocking(true).map_err(|e| e.to_string())?;
    for index in 0..args.parties {
        let deadline = std::time::Instant::now() + Duration::from_millis(args.timeout_ms);
        let (mut stream, address) = loop {
            match listener.accept() {
                Ok(accepted) => break accepted,
                Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {
                    if std::time::Instant::now() >= deadline {
                        eprintln!(
                            "error: party {index}: did not connect in time ({index} of {} connected); no proof written",
                            args.parties
                        );
                        return Ok(Outcome::Invalid);
                    }
                    std::thread::sleep(Duration::from_millis(10));
                }
                Err(e) => return Err(format!("accept: {e}")),
            }
        };
        stream.set_nonblocking(false).map_err(|e| e.to_string())?;
        stream
            .set_read_timeout(timeout)
            .map_err(|e| e.to_string())?;
        stream
            .set_write_timeout(timeout)
            .map_err(|e| e.to_string())?;
        let address = address.to_string();
        let hello = match receive(&mut stream) {
            Ok(h) => h,
            Err(e) => {
                eprintln!("error: party {index} ({address}): {e}; no proof written");
                return Ok(Outcome::Invalid);
            }
        };
        let count = match hello.as_slice() {
            [b'R', b'P', b'M', b'H', lo, hi] => usize::from(u16::from_le_bytes([*lo, *hi])),
            _ => 0,
        };
        if count == 0 || count > rangeproof::MAX_AGGREGATION {
            eprintln!("error: party {index} ({address}): not a valid hello; no proof written");
            return Ok(Outcome::Invalid);
        }
        peers.push(Peer {
            stream,
            address,
            count,
            position: 0,
        });
    }
    let mut position = 0;
    for p in &mut peers {
        p.position = position;
        position += p.count;
    }
    let m = position;
    match args.flavor.as_str() {
        "dalek" => {
            let label = args.transcript_label.as_bytes();
            let transcript: Transcript = merlin_transcript(label);
            run_dealer::<Ristretto255, _>(
                args,
                out,
                dalek::generators(),
                transcript,
                0,
                label,
                &mut peers,
                m,
            )
        }
        "monero" => run_dealer::<Ed25519, _>(
            args,
            out,
            monero::bulletproofs_generators(),
            MoneroTranscript::bulletproofs(),
            1,
            b"",
            &mut peers,
            m,
        ),
        other => Err(format!("unsupported --flavor {other:?} (dalek or monero)")),
    }
}

#[allow(clippy::too_many_arguments)]
fn run_dealer<G: Group, T: rangeproof::TranscriptProtocol<G> + Clone>(
    args: &DealerArgs,
    out: OutputFile,
    gens: &'static rangeproof::Generators<G>,
    transcript: T,
    flavor_code: u8,
    label: &[u8],
    peers: &mut [Peer],
    m: usize,
) -> Result<Outcome, String> {
    let flavor = if flavor_code == 0 { "dalek" } else { "monero" };
    // A fresh nonce per run goes into the session id: messages of another run are refused.
    let mut run_nonce = [0u8; 32];
    OsRng.fill_bytes(&mut run_nonce);
    let session = Session::for_run::<G>(flavor, args.bits, m, label, &run_nonce);
    let dealer =
        Dealer::start(gens, transcript, args.bits, m).map_err(|e| format!("cannot start: {e}"))?;
    for p in peers.iter_mut() {
        let mut setup = b"RPMS".to_vec();
        setup.extend_from_slice(&(p.position as u16).to_le_bytes());
        setup.extend_from_slice(&(m as u16).to_le_bytes());
        setup.push(args.bits as u8);
        setup.push(flavor_code);
        setup.extend_from_slice(&run_nonce);
        setup.extend_from_slice(label);
        send(&mut p.stream, &setup).map_err(|e| format!("party at {}: {e}", p.address))?;
    }
    let fail = |e: String| -> Result<Outcome, String> {
        eprintln!("error: {e}; no proof written");
        Ok(Outcome::Invalid)
    };
    let mut bits = Vec::new();
    for (i, p) in peers.iter_mut().enumerate() {
        match receive(&mut p.stream).and_then(|b| {
            BitCommitment::<G>::from_bytes(&b, &session, p.position).map_err(|e| e.to_string())
        }) {
            Ok(msg) if msg.commitments().len() == p.count => bits.push(msg),
            Ok(_) => return fail(blame(i, p, "another number of values than announced")),
            Err(e) => return fail(blame(i, p, e)),
        }
    }
    let (dealer, challenge) = match dealer.receive_bit_commitments(bits, &mut OsRng) {
        Ok(x) => x,
        Err(e) => return fail(format!("round 1: {e}")),
    };
    let mut polys = Vec::new();
    for (i, p) in peers.iter_mut().enumerate() {
        let sent = send(&mut p.stream, &challenge.to_bytes(&session, p.position)).map_err(describe);
        match sent.and_then(|()| receive(&mut p.stream)).and_then(|b| {
            PolyCommitment::<G>::from_bytes(&b, &session, p.position).map_err(|e| e.to_string())
        }) {
            Ok(msg) => polys.push(msg),
            Err(e) => return fail(blame(i, p, e)),
        }
    }
    let (dealer, challenge) = match dealer.receive_poly_commitments(polys) {
        Ok(x) => x,
        Err(e) => return fail(format!("round 2: {e}")),
    };
    let mut shares = Vec::new();
    for (i, p) in peers.iter_mut().enumerate() {
        let sent = send(&mut p.stream, &challenge.to_bytes(&session, p.position)).map_err(describe);
        match sent.and_then(|()| receive(&mut p.stream)).and_then(|b| {
            ProofShare::<G>::from_bytes(&b, &session, p.position).map_err(|e| e.to_string())
        }) {
            Ok(msg) => shares.push(msg),
            Err(e) => return fail(blame(i, p, e)),
        }
    }
    let (proof, commitments) = match dealer.receive_shares(shares, &mut OsRng) {
        Ok(x) => x,
        Err(MpcError::Blame(positions)) => {
            let named: Vec<String> = peers
                .iter()
                .enumerate()
                .filter(|(_, p)| positions.contains(&p.position))
                .map(|(i, p)| blame(i, p, "an invalid share"))
                .collect();
            return fail(named.join("; "));
        }
        Err(e) => return fail(format!("round 3: {e}")),
    };
    let proof_bytes = if flavor_code == 0 {
        proof.to_bytes()
    } else {
        proof.to_monero_bytes().map_err(|e| e.to_string())?
    };
    let doc = ProofDocument {
        scheme: "bulletproofs".into(),
        group: G::NAME.into(),
        flavor: flavor.into(),
        transcript_label: (flavor_code == 0).then(|| args.transcript_label.clone()),
        bits: args.bits,
        extension_degree: None,
        minimum_values: None,
        generators_n: None,
        value_generator: None,
        extra_data: None,
        commitments: commitments
            .iter()
            .map(|c| hex::encode(c.bytes.as_ref()))
            .collect(),
        proof: hex::encode(proof_bytes),
    };
    let text = serde_json::to_string_pretty(&doc).map_err(|e| e.to_string())?;
    out.write(&text)?;
    for p in peers.iter_mut() {
        let _ = send(&mut p.stream, b"RPMD");
    }
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
    // Before anything else: an openings file that cannot be created stops the party here,
    // before the dealer learns it exists.
    let openings = args
        .openings
        .as_deref()
        .map(|path| OutputFile::create_secret("--openings", path, &[]))
        .transpose()?;
    let mut stream = TcpStream::connect(&args.connect)
        .map_err(|e| format!("cannot connect to {}: {e}", args.connect))?;
    let timeout = Some(Duration::from_millis(args.timeout_ms));
    stream
        .set_read_timeout(timeout)
        .map_err(|e| e.to_string())?;
    let misbehave = args.misbehave.as_deref();
    if misbehave == Some("silent") {
        std::thread::sleep(Duration::from_millis(2 * args.timeout_ms));
        return Ok(Outcome::Ok);
    }
    let mut hello = b"RPMH".to_vec();
    hello.extend_from_slice(&(args.values.len() as u16).to_le_bytes());
    send(&mut stream, &hello).map_err(describe)?;
    let setup = receive(&mut stream)?;
    let (position, m, bits, flavor, run_nonce, label) = match setup.as_slice() {
        [b'R', b'P', b'M', b'S', p0, p1, m0, m1, bits, flavor, rest @ ..] if rest.len() >= 32 => {
            let (nonce, label) = rest.split_at(32);
            let mut run_nonce = [0u8; 32];
            run_nonce.copy_from_slice(nonce);
            (
                usize::from(u16::from_le_bytes([*p0, *p1])),
                usize::from(u16::from_le_bytes([*m0, *m1])),
                usize::from(*bits),
                *flavor,
                run_nonce,
                label.to_vec(),
            )
        }
        _ => return Err("the dealer sent no setup".into()),
    };
    if label.len() > MAX_TRANSCRIPT_LABEL {
        return Err(format!(
            "the dealer's transcript label is {} bytes, longer than {MAX_TRANSCRIPT_LABEL}",
            label.len()
        ));
    }
    let run = Run {
        position,
        m,
        bits,
        run_nonce,
        label: &label,
    };
    match flavor {
        0 => run_party::<Ristretto255>(
            args,
            openings,
            &mut stream,
            dalek::generators(),
            Suite::DalekBulletproofs,
            &run,
        ),
        1 => run_party::<Ed25519>(
            args,
            openings,
            &mut stream,
            monero::bulletproofs_generators(),
            Suite::MoneroBulletproofs,
            &run,
        ),
        _ => Err("the dealer named an unknown flavor".into()),
    }
}

/// What the dealer's setup tells a party.
struct Run<'a> {
    position: usize,
    m: usize,
    bits: usize,
    run_nonce: [u8; 32],
    label: &'a [u8],
}

fn run_party<G: Group>(
    args: &PartyArgs,
    openings: Option<OutputFile>,
    stream: &mut TcpStream,
    gens: &'static rangeproof::Generators<G>,
    suite: Suite,
    run: &Run<'_>,
) -> Result<Outcome, String> {
    let (position, bits) = (run.position, run.bits);
    let session = Session::for_run::<G>(suite.flavor(), bits, run.m, run.label, &run.run_nonce);
    let blindings: Zeroizing<Vec<G::Scalar>> = Zeroizing::new(
        args.values
            .iter()
            .map(|_| G::random_scalar(&mut OsRng))
            .collect(),
    );
    let party = Party::new(gens, bits, &args.values, &blindings).map_err(|e| e.to_string())?;
    let (party, msg) = party
        .commit(position, &mut OsRng)
        .map_err(|e| e.to_string())?;
    let misbehave = args.misbehave.as_deref();
    if misbehave == Some("disconnect") {
        return Ok(Outcome::Ok);
    }
    if misbehave == Some("garbage") {
        let mut junk = vec![0u8; 200];
        OsRng.fill_bytes(&mut junk);
        send(stream, &junk).map_err(describe)?;
        let _ = receive(stream);
        return Ok(Outcome::Ok);
    }
    let commitments: Vec<String> = msg
        .commitments()
        .iter()
        .map(|c| hex::encode(c.bytes.as_ref()))
        .collect();
    // The openings are on disk before the first message reveals a commitment: if they cannot
    // be written, the party stops here and the dealer writes no proof.
    if let Some(file) = openings {
        let statement = SuiteStatement {
            bits,
            extension_degree: 1,
            transcript_label: run.label.to_vec(),
            ..SuiteStatement::default()
        };
        let mut record = Openings::of(
            suite,
            &statement,
            &args.values,
            blindings
                .iter()
                .map(|b| vec![hex::encode(G::scalar_to_bytes(b).as_ref())])
                .collect(),
            commitments,
        );
        record.position = Some(position);
        let text =
            Zeroizing::new(serde_json::to_string_pretty(&record).map_err(|e| e.to_string())?);
        file.write(&text)?;
    }
    send(stream, &msg.to_bytes(&session)).map_err(describe)?;
    let challenge = BitChallenge::<G>::from_bytes(&receive(stream)?, &session, position)
        .map_err(|e| e.to_string())?;
    let (party, msg) = party
        .apply_challenge(&challenge)
        .map_err(|e| e.to_string())?;
    send(stream, &msg.to_bytes(&session)).map_err(describe)?;
    let challenge = PolyChallenge::<G>::from_bytes(&receive(stream)?, &session, position)
        .map_err(|e| e.to_string())?;
    let share = party
        .apply_challenge(&challenge)
        .map_err(|e| e.to_string())?;
    let mut bytes = share.to_bytes(&session);
    if misbehave == Some("wrong-share") {
        // Change the last scalar of r by one (its least significant byte's low bit).
        let at = bytes.len() - 32;
        bytes[at] ^= 1;
    }
    send(stream, &bytes).map_err(describe)?;
    match receive(stream) {
        Ok(done) if done == b"RPMD" => Ok(Outcome::Ok),
        _ => {
            eprintln!("error: the dealer did not finish the proof");
            Ok(Outcome::Invalid)
        }
    }
}
