//! Replays the committed fuzz corpus (`fuzz/corpus/<target>/*`: inputs the fuzzers found,
//! minimized with `cargo fuzz cmin`, and any input that once crashed a target, kept as a
//! regression) through the fuzz targets' bodies, on the stable toolchain. The bodies are the
//! fuzz crate's own (`fuzz/src/targets.rs`, included below), so what the fuzzers check is what
//! this test checks. A missing or empty corpus directory fails the test.
//!
//! The CLI parser's corpus is replayed by `rangeproof-cli/tests/fuzz_corpus.rs`.

use std::path::{Path, PathBuf};

#[path = "../../fuzz/src/targets.rs"]
mod targets;

/// Solana's batched range proofs against solana-zk-sdk.
#[path = "../../fuzz/src/solana_targets.rs"]
mod solana_targets;

/// `solana-zk-sdk` as the cross-tests drive it (the fuzz target's `super::solana_sdk`).
use crate::solana_sdk;

/// Litecoin's MWEB parser and verifier.
#[path = "../../fuzz/src/mweb_targets.rs"]
mod mweb_targets;
/// The peg-in builder the MWEB target shares with the tests (its `super::mweb_build`).
use crate::mweb_build;

/// The masked targets' input rule, shared by their bodies (`super::mask`).
#[path = "../../fuzz/src/mask.rs"]
mod mask;

/// Runs `body` on every file of `fuzz/corpus/<target>/`; panics (naming the file) if one fails,
/// and if the directory is missing or has no files.
fn replay(target: &str, body: fn(&[u8])) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../fuzz/corpus")
        .join(target);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("the corpus {} is missing: {e}", dir.display()))
        .map(|entry| entry.expect("a directory entry").path())
        .filter(|path| path.is_file())
        .collect();
    assert!(!files.is_empty(), "the corpus {} is empty", dir.display());
    files.sort();
    for file in &files {
        let data = std::fs::read(file).expect("a readable corpus file");
        if std::panic::catch_unwind(|| body(&data)).is_err() {
            panic!("{target} fails on {}", file.display());
        }
    }
}

#[test]
fn decode_dalek() {
    replay("decode_dalek", targets::decode_dalek);
}

#[test]
fn decode_tari() {
    replay("decode_tari", targets::decode_tari);
}

#[test]
fn decode_monero_bp() {
    replay("decode_monero_bp", targets::decode_monero_bp);
}

#[test]
fn decode_monero_bpp() {
    replay("decode_monero_bpp", targets::decode_monero_bpp);
}

#[test]
fn verify_dalek() {
    replay("verify_dalek", targets::verify_dalek);
}

#[test]
fn verify_tari() {
    replay("verify_tari", targets::verify_tari);
}

#[test]
fn verify_monero_bp() {
    replay("verify_monero_bp", targets::verify_monero_bp);
}

#[test]
fn verify_monero_bpp() {
    replay("verify_monero_bpp", targets::verify_monero_bpp);
}

#[test]
fn batch() {
    replay("batch", targets::batch);
}

use crate::zkp;

#[path = "../../fuzz/src/grin_targets.rs"]
mod grin_targets;

#[test]
fn decode_grin() {
    replay("decode_grin", grin_targets::decode_grin);
}

#[test]
fn verify_grin() {
    replay("verify_grin", grin_targets::verify_grin);
}

#[test]
fn decode_xonly() {
    replay("decode_xonly", grin_targets::decode_xonly);
}

#[test]
fn decode_mpc() {
    replay("decode_mpc", targets::decode_mpc);
}

#[test]
fn decode_r1cs() {
    replay("decode_r1cs", targets::decode_r1cs);
}

#[test]
fn decompress() {
    replay("decompress", targets::decompress);
}

#[path = "../../fuzz/src/elements_targets.rs"]
mod elements_targets;

#[test]
fn verify_borromean() {
    replay("verify_borromean", elements_targets::verify_borromean);
}

#[test]
fn prove_surjection() {
    replay("prove_surjection", elements_targets::prove_surjection);
}

#[test]
fn verify_surjection() {
    replay("verify_surjection", elements_targets::verify_surjection);
}

#[test]
fn parse_liquid_tx() {
    replay("parse_liquid_tx", elements_targets::parse_liquid_tx);
}

#[path = "../../fuzz/src/bppp_targets.rs"]
mod bppp_targets;

#[test]
fn verify_bppp() {
    replay("verify_bppp", bppp_targets::verify_bppp);
}

#[test]
fn decode_bppp() {
    replay("decode_bppp", bppp_targets::decode_bppp);
}

#[path = "../../fuzz/src/bases_targets.rs"]
mod bases_targets;

#[test]
fn verify_bases() {
    replay("verify_bases", bases_targets::verify_bases);
}

#[test]
fn verify_solana() {
    replay("verify_solana", solana_targets::verify_solana);
}

#[test]
fn parse_mweb() {
    replay("parse_mweb", mweb_targets::parse_mweb);
}

#[test]
fn mweb_pegins() {
    replay("mweb_pegins", mweb_targets::mweb_pegins);
}

#[test]
fn mweb_blocks() {
    replay("mweb_blocks", mweb_targets::mweb_blocks);
}

#[test]
fn mweb_sums() {
    replay("mweb_sums", mweb_targets::mweb_sums);
}

/// The sums target's seeds reach each verdict its oracle can give (so agreement is not
/// agreement on "fails" alone).
#[test]
fn mweb_sums_seeds_reach_both_verdicts() {
    let seed = |name: &str| {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../fuzz/corpus/mweb_sums")
            .join(name);
        mweb_targets::sums_verdicts(&std::fs::read(path).expect("a seed"))
    };
    assert_eq!(seed("seed-balanced"), (true, true));
    assert_eq!(seed("seed-offset-balances"), (true, true));
    assert_eq!(seed("seed-inputs-cancel-outputs"), (false, true));
    assert_eq!(seed("seed-sender-keys-cancel"), (false, false));
    assert_eq!(seed("seed-offset-cancels-excess"), (false, true));
}
