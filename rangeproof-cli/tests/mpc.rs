//! The multi-party protocol over loopback TCP: one dealer process and K party processes. Honest
//! runs write a proof document that `rangeproof verify` accepts; a misbehaving party (a wrong
//! share, garbage bytes, a disconnect, silence) is named by the dealer, which exits 1 and writes
//! no proof, and nothing crashes.

use std::io::{BufRead, BufReader, Read};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_rangeproof"))
}

/// Starts a dealer for `parties` parties; returns it and the address it listens on.
fn start_dealer(
    parties: usize,
    bits: &str,
    flavor: &str,
    out: &Path,
    timeout_ms: &str,
) -> (Child, String) {
    start_dealer_with(parties, bits, flavor, out, timeout_ms, &[])
}

/// [`start_dealer`] with more arguments.
fn start_dealer_with(
    parties: usize,
    bits: &str,
    flavor: &str,
    out: &Path,
    timeout_ms: &str,
    more: &[&str],
) -> (Child, String) {
    let mut dealer = bin()
        .args([
            "mpc",
            "dealer",
            "--parties",
            &parties.to_string(),
            "--bits",
            bits,
            "--listen",
            "127.0.0.1:0",
            "--flavor",
            flavor,
            "--out",
            out.to_str().unwrap(),
            "--timeout-ms",
            timeout_ms,
        ])
        .args(more)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(dealer.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    let address = first
        .trim()
        .strip_prefix("listening on ")
        .expect("the dealer says where")
        .to_string();
    (dealer, address)
}

/// The dealer's exit code and standard error after a run with these parties (`values`,
/// optional misbehaviour), in this order.
fn run(parties: &[(&str, Option<&str>)], bits: &str, flavor: &str, out: &Path) -> (i32, String) {
    let (mut dealer, address) = start_dealer(parties.len(), bits, flavor, out, "3000");
    let mut children = Vec::new();
    for (values, misbehave) in parties {
        let mut cmd = bin();
        cmd.args([
            "mpc",
            "party",
            "--connect",
            &address,
            "--values",
            values,
            "--timeout-ms",
            "3000",
            "--discard-openings",
        ]);
        if let Some(m) = misbehave {
            cmd.args(["--misbehave", m]);
        }
        children.push(
            cmd.stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()
                .unwrap(),
        );
        // Connection order is position order.
        std::thread::sleep(Duration::from_millis(50));
    }
    let status = dealer.wait().unwrap();
    let mut stderr = String::new();
    dealer
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut stderr)
        .unwrap();
    for mut c in children {
        let _ = c.wait();
    }
    (status.code().unwrap(), stderr)
}

#[test]
fn honest_parties_make_a_proof_that_verifies() {
    let dir = tempfile::tempdir().unwrap();
    for (flavor, bits) in [("dalek", "64"), ("monero", "64"), ("dalek", "8")] {
        let out = dir.path().join(format!("{flavor}{bits}.json"));
        let parties = [("1", None), ("2,3", None), ("255", None)];
        let (code, stderr) = run(&parties, bits, flavor, &out);
        assert_eq!(code, 0, "{stderr}");
        let verify = bin()
            .args(["verify", out.to_str().unwrap()])
            .output()
            .unwrap();
        assert_eq!(
            verify.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&verify.stdout)
        );
        let doc: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
        assert_eq!(doc["commitments"].as_array().unwrap().len(), 4);
        assert_eq!(doc["flavor"], flavor);
    }
}

#[test]
fn misbehaving_parties_are_named_and_no_proof_is_written() {
    let dir = tempfile::tempdir().unwrap();
    for (mode, needle) in [
        ("wrong-share", "invalid share"),
        ("garbage", "not a protocol message"),
        ("disconnect", "disconnected"),
        ("silent", "timed out"),
    ] {
        let out = dir.path().join(format!("{mode}.json"));
        let parties = [("5", None), ("6", Some(mode)), ("7", None)];
        let (code, stderr) = run(&parties, "32", "dalek", &out);
        assert_eq!(code, 1, "{mode}: {stderr}");
        assert!(
            stderr.contains("party 1") && stderr.contains(needle),
            "{mode}: {stderr}"
        );
        assert!(stderr.contains("no proof written"), "{mode}: {stderr}");
        assert!(!out.exists(), "{mode}: no proof file");
    }
}

#[test]
fn a_party_that_never_connects_cannot_hang_the_dealer() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("missing.json");
    // Three parties announced, two come.
    let (mut dealer, address) = start_dealer(3, "8", "dalek", &out, "1500");
    let parties: Vec<_> = (0..2)
        .map(|_| {
            bin()
                .args([
                    "mpc",
                    "party",
                    "--connect",
                    &address,
                    "--values",
                    "1",
                    "--timeout-ms",
                    "3000",
                    "--discard-openings",
                ])
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()
                .unwrap()
        })
        .collect();
    let status = dealer.wait().unwrap();
    let mut stderr = String::new();
    dealer
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut stderr)
        .unwrap();
    for mut p in parties {
        let _ = p.wait();
    }
    assert_eq!(status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("party 2") && stderr.contains("did not connect"),
        "{stderr}"
    );
    assert!(!out.exists());
}

fn party(address: &str, values: &str, openings: &[&str]) -> Command {
    let mut cmd = bin();
    cmd.args([
        "mpc",
        "party",
        "--connect",
        address,
        "--values",
        values,
        "--timeout-ms",
        "3000",
    ]);
    cmd.args(openings);
    cmd
}

fn dealer_stderr(mut dealer: Child) -> (i32, String) {
    let status = dealer.wait().unwrap();
    let mut stderr = String::new();
    dealer
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut stderr)
        .unwrap();
    (status.code().unwrap(), stderr)
}

/// A party whose openings cannot be written stops before it connects: the dealer reports the
/// missing party and writes no proof, so no output exists that nobody can open. (Before, the
/// party sent its share first and failed at the end, after the dealer had written a valid
/// proof.) Without --openings a party refuses to start unless --discard-openings says so.
#[test]
fn a_party_that_cannot_keep_its_openings_never_joins() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("proof.json");
    let taken = dir.path().join("taken.open.json");
    std::fs::write(&taken, "an earlier party's openings").unwrap();
    let (dealer, address) = start_dealer(2, "8", "dalek", &out, "1500");
    let kept = dir.path().join("kept.open.json");
    let mut first = party(&address, "1", &["--openings", kept.to_str().unwrap()])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let refused = party(&address, "2", &["--openings", taken.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(refused.status.code(), Some(2));
    let reason = String::from_utf8_lossy(&refused.stderr);
    assert!(reason.contains("already exists"), "{reason}");
    assert_eq!(reason.trim_end().lines().count(), 1, "{reason}");
    assert_eq!(
        std::fs::read_to_string(&taken).unwrap(),
        "an earlier party's openings"
    );
    let (code, stderr) = dealer_stderr(dealer);
    let _ = first.wait();
    assert_eq!(code, 1, "{stderr}");
    assert!(
        stderr.contains("party 1") && stderr.contains("did not connect"),
        "{stderr}"
    );
    assert!(!out.exists(), "no proof written");
    // The party that did connect but saw no proof through kept nothing either: its openings
    // file is removed when it never revealed a commitment.
    assert!(!kept.exists());

    let missing = party("127.0.0.1:9", "1", &[]).output().unwrap();
    assert_eq!(missing.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&missing.stderr).contains("--discard-openings"));
}

/// Honest parties with --openings keep self-describing openings: the statement (flavor,
/// label, bits, position) beside values, blindings and commitments — the commitments the
/// proof lists — and `prove --openings-in` proves for them again.
#[test]
fn parties_keep_openings_that_prove_again() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("proof.json");
    let (dealer, address) = start_dealer(2, "16", "dalek", &out, "3000");
    let files: Vec<_> = (0..2)
        .map(|i| dir.path().join(format!("party{i}.open.json")))
        .collect();
    let mut children = Vec::new();
    for (file, values) in files.iter().zip(["7,8", "9"]) {
        children.push(
            party(&address, values, &["--openings", file.to_str().unwrap()])
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()
                .unwrap(),
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    let (code, stderr) = dealer_stderr(dealer);
    for mut c in children {
        assert_eq!(c.wait().unwrap().code(), Some(0));
    }
    assert_eq!(code, 0, "{stderr}");
    let doc: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
    let mut listed = Vec::new();
    for (i, file) in files.iter().enumerate() {
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(file).unwrap().permissions().mode();
            assert_eq!(mode & 0o777, 0o600);
        }
        let openings: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(file).unwrap()).unwrap();
        assert_eq!(openings["flavor"], "dalek");
        assert_eq!(openings["transcript_label"], "rangeproof mpc");
        assert_eq!(openings["bits"], 16);
        assert_eq!(openings["position"], [0, 2][i]);
        listed.extend(openings["commitments"].as_array().unwrap().clone());
        let again = dir.path().join(format!("again{i}.json"));
        let status = bin()
            .args(["prove", "--openings-in", file.to_str().unwrap()])
            .args(["--out", again.to_str().unwrap()])
            .status()
            .unwrap();
        assert_eq!(status.code(), Some(0));
        let status = bin()
            .args(["verify", again.to_str().unwrap()])
            .stdout(Stdio::null())
            .status()
            .unwrap();
        assert_eq!(status.code(), Some(0));
    }
    assert_eq!(doc["commitments"].as_array().unwrap(), &listed);
}

/// The dealer claims --out before anyone connects: an existing file (a party's openings, say)
/// is refused at once and left as it was.
#[test]
fn the_dealer_never_overwrites_its_output() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("openings.json");
    std::fs::write(&out, "secret").unwrap();
    let result = bin()
        .args(["mpc", "dealer", "--parties", "1", "--bits", "8"])
        .args(["--listen", "127.0.0.1:0", "--out", out.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(result.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&result.stderr).contains("already exists"));
    assert!(result.stdout.is_empty(), "it never listened");
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "secret");
}

/// A party's values can come from a file or standard input (`--values-file`), never from the
/// process list; they land in its openings as given.
#[test]
fn parties_read_their_values_from_files() {
    use std::io::Write;
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("proof.json");
    let values = dir.path().join("values.txt");
    std::fs::write(&values, "7\n65535\n").unwrap();
    let (dealer, address) = start_dealer(2, "16", "dalek", &out, "3000");
    let openings: Vec<_> = (0..2)
        .map(|i| dir.path().join(format!("party{i}.open.json")))
        .collect();
    let run_party = |source: &str, openings: &Path| {
        let mut cmd = bin();
        cmd.args([
            "mpc",
            "party",
            "--connect",
            &address,
            "--values-file",
            source,
        ])
        .args(["--openings", openings.to_str().unwrap()])
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null());
        cmd.spawn().unwrap()
    };
    let mut first = run_party(values.to_str().unwrap(), &openings[0]);
    std::thread::sleep(Duration::from_millis(50));
    let mut second = run_party("-", &openings[1]);
    second.stdin.take().unwrap().write_all(b"9, 0").unwrap();
    let (code, stderr) = dealer_stderr(dealer);
    assert_eq!(first.wait().unwrap().code(), Some(0));
    assert_eq!(second.wait().unwrap().code(), Some(0));
    assert_eq!(code, 0, "{stderr}");
    for (file, expected) in openings.iter().zip([[7, 65535], [9, 0]]) {
        let recorded: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(file).unwrap()).unwrap();
        assert_eq!(recorded["values"], serde_json::json!(expected));
    }
    let status = bin()
        .args(["verify", out.to_str().unwrap()])
        .stdout(Stdio::null())
        .status()
        .unwrap();
    assert_eq!(status.code(), Some(0));

    // The openings never go over the values' own file.
    let refused = bin()
        .args(["mpc", "party", "--connect", "127.0.0.1:9"])
        .args(["--values-file", values.to_str().unwrap()])
        .args(["--openings", values.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(refused.status.code(), Some(2));
    assert_eq!(std::fs::read_to_string(&values).unwrap(), "7\n65535\n");
}

/// A party that trickles its hello a byte at a time — each read within the per-read timeout,
/// the message never within the round — is dropped and named when the round's deadline
/// passes, however long it would go on.
#[test]
fn a_party_trickling_a_byte_at_a_time_is_dropped_at_the_rounds_deadline() {
    use std::io::Write;
    use std::time::Instant;
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("trickled.json");
    let (mut dealer, address) = start_dealer_with(
        1,
        "8",
        "dalek",
        &out,
        "500",
        &["--round-timeout-ms", "1500"],
    );
    let started = Instant::now();
    let mut party = std::net::TcpStream::connect(&address).unwrap();
    // A hello frame, then the start of a 100-byte frame: 40 bytes, one every 200 ms (8 s in
    // all, each byte well within the 500 ms per-read timeout).
    let mut bytes = 6u32.to_le_bytes().to_vec();
    bytes.extend_from_slice(b"RPMH\x01\x00");
    bytes.extend_from_slice(&100u32.to_le_bytes());
    bytes.extend_from_slice(&[7; 26]);
    let total = bytes.len();
    let mut sent = 0;
    for byte in bytes {
        if party.write_all(&[byte]).is_err() {
            break;
        }
        sent += 1;
        std::thread::sleep(Duration::from_millis(200));
        if let Ok(Some(_)) = dealer.try_wait() {
            break;
        }
    }
    let (code, stderr) = dealer_stderr(dealer);
    let took = started.elapsed();
    assert_eq!(code, 1, "{stderr}");
    assert!(
        stderr.contains("party 0") && stderr.contains("round's deadline"),
        "{stderr}"
    );
    // Dropped at the round's deadline (1.5 s), before the trickle ended (8 s): the dealer
    // stopped reading while bytes were still coming (no wall-clock bound to race a loaded
    // machine: the trickle's end is the bound).
    assert!(sent < total, "{took:?}: all {total} bytes were read");
    assert!(!out.exists());
}

/// Arguments the dealer cannot prove with are refused before it listens, in `prove`'s words.
#[test]
fn the_dealer_checks_its_arguments_before_listening() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("never.json");
    for (flavor, bits) in [("dalek", "12"), ("monero", "8")] {
        let dealer = bin()
            .args([
                "mpc",
                "dealer",
                "--parties",
                "2",
                "--bits",
                bits,
                "--flavor",
                flavor,
                "--listen",
                "127.0.0.1:0",
                "--out",
                out.to_str().unwrap(),
            ])
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&dealer.stderr).to_string();
        let stdout = String::from_utf8_lossy(&dealer.stdout).to_string();
        assert_eq!(dealer.status.code(), Some(2), "{stderr}");
        assert!(!stdout.contains("listening"), "{stdout}");
        let prove = bin()
            .args(["prove", "--flavor", flavor, "--bits", bits, "--values", "1"])
            .output()
            .unwrap();
        assert_eq!(prove.status.code(), Some(2));
        assert_eq!(
            stderr,
            String::from_utf8_lossy(&prove.stderr),
            "{flavor} {bits}"
        );
        assert_eq!(stderr.trim().lines().count(), 1, "{stderr}");
        assert!(!out.exists());
    }
}
