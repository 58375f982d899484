//! `rangeproof mweb verify` on Litecoin testnet4 data (`../shared/vectors/mweb/`, read there:
//! copied from ltcd's repository tree, it is not committed here; without it these tests say
//! so): exit 0 valid, 1 invalid naming the output, 2 unusable with a one-line reason, 3
//! incomplete; raw and hex input; JSON lines.

use std::path::PathBuf;

mod common;
use common::{code, rangeproof, stderr, stdout};

fn shared(file: &str) -> Option<PathBuf> {
    let path = PathBuf::from(format!(
        "{}/../../shared/vectors/mweb/{file}",
        env!("CARGO_MANIFEST_DIR")
    ));
    if path.exists() {
        return Some(path);
    }
    use std::io::Write;
    let _ = writeln!(
        std::io::stderr(),
        "note: ../shared/vectors/mweb/{file} is not beside the repository: the MWEB command-line \
         tests did not run on it"
    );
    None
}

const BLOCK: &str = "testnet4Block2215584.dat";
const TX: &str = "txe6f8fdb15b27e603adcfa5aa4107a0e7a7b07e6dc76d2ba95a33710db02a0049_mp.dat";

#[test]
fn blocks_and_transactions_get_their_verdicts() {
    let (Some(block), Some(tx)) = (shared(BLOCK), shared(TX)) else {
        return;
    };
    let (block, tx) = (block.to_str().unwrap(), tx.to_str().unwrap());
    // A block alone: its kernel sum needs the previous offset (incomplete, 3); with it, valid.
    let out = rangeproof(&["mweb", "verify", block]);
    assert_eq!(code(&out), 3, "{}", stderr(&out));
    assert!(stdout(&out).contains("kernel sum: not checked"));
    let zero = "0".repeat(64);
    let out = rangeproof(&["mweb", "verify", block, "--previous-kernel-offset", &zero]);
    assert_eq!(code(&out), 0, "{}", stdout(&out));
    // A mempool transaction, as hex, in JSON lines: two outputs, then the verdict.
    let dir = tempfile::tempdir().unwrap();
    let hex_path = dir.path().join("tx.hex");
    std::fs::write(&hex_path, hex::encode(std::fs::read(tx).unwrap()) + "\n").unwrap();
    let out = rangeproof(&["mweb", "verify", "--json", hex_path.to_str().unwrap()]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let lines: Vec<serde_json::Value> = stdout(&out)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[1]["output"], 1);
    assert_eq!(lines[1]["range_proof"], true);
    assert_eq!(lines[2]["verdict"], "valid");
    assert_eq!(lines[2]["checks"]["kernel_sum"], "holds");
}

#[test]
fn a_changed_proof_byte_is_invalid_and_names_the_output() {
    let Some(tx) = shared(TX) else { return };
    let mut bytes = std::fs::read(tx).unwrap();
    // The second output starts at 1168; its proof 99 + 59 bytes later.
    bytes[1168 + 99 + 59 + 300] ^= 1;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("tx.dat");
    std::fs::write(&path, &bytes).unwrap();
    let out = rangeproof(&["mweb", "verify", "--json", path.to_str().unwrap()]);
    assert_eq!(code(&out), 1, "{}", stderr(&out));
    let lines: Vec<serde_json::Value> = stdout(&out)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines[0]["range_proof"], true);
    assert_eq!(lines[1]["range_proof"], false);
    assert_eq!(lines[2]["verdict"], "invalid");
}

#[test]
fn unusable_input_is_exit_2_with_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let garbage = dir.path().join("garbage.dat");
    std::fs::write(&garbage, [0u8, 1, 2, 3]).unwrap();
    let odd_hex = dir.path().join("odd.hex");
    std::fs::write(&odd_hex, "abc").unwrap();
    let missing = dir.path().join("missing.dat");
    for path in [&garbage, &odd_hex, &missing] {
        let out = rangeproof(&["mweb", "verify", path.to_str().unwrap()]);
        assert_eq!(code(&out), 2, "{}", stderr(&out));
        assert_eq!(stderr(&out).trim().lines().count(), 1, "{}", stderr(&out));
        assert!(stdout(&out).is_empty());
    }
    let out = rangeproof(&[
        "mweb",
        "verify",
        garbage.to_str().unwrap(),
        "--previous-kernel-offset",
        "12",
    ]);
    assert_eq!(code(&out), 2);
    if let Some(block) = shared(BLOCK) {
        let bytes = std::fs::read(block).unwrap();
        let truncated = dir.path().join("truncated.dat");
        std::fs::write(&truncated, &bytes[..bytes.len() - 1]).unwrap();
        let out = rangeproof(&["mweb", "verify", truncated.to_str().unwrap()]);
        assert_eq!(code(&out), 2, "{}", stderr(&out));
    }
}
