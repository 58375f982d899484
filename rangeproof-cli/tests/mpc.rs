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
