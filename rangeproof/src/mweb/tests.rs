//! The parser and the range proofs on Litecoin testnet4 data: blocks 2215584, 2215586 and
//! 2319633 and four mempool transactions from ltcd's `wire/testdata` (ltcsuite/ltcd at
//! 9037b9b4), read from `../shared/vectors/mweb/` beside the repository — copied from a
//! repository tree, they stay there; without them these tests say so and check nothing else.

use std::vec::Vec;

use rand::rngs::OsRng;

use super::*;
use crate::{DecodeError, ProofError};

fn shared(file: &str) -> Option<Vec<u8>> {
    let path = format!(
        "{}/../../shared/vectors/mweb/{file}",
        env!("CARGO_MANIFEST_DIR")
    );
    let bytes = std::fs::read(path).ok();
    if bytes.is_none() {
        shared_note::shared_absent(&format!("the MWEB vector tests: mweb/{file}"));
    }
    bytes
}

#[path = "../../tests/support/shared_note.rs"]
mod shared_note;

const BLOCKS: [(&str, usize, usize, usize, usize); 3] = [
    // file, transactions, MWEB inputs, outputs, kernels
    ("testnet4Block2215584.dat", 5, 0, 2, 1),
    ("testnet4Block2215586.dat", 37, 2, 6, 3),
    ("testnet4Block2319633.dat", 2, 0, 0, 0),
];

const TRANSACTIONS: [(&str, usize, usize, usize); 4] = [
    // file, MWEB inputs, outputs, kernels
    (
        "tx62e17562a697e3167e2b68bce5a927ac355249ef5751800c4dd927ddf57d9db2_mp.dat",
        5,
        2,
        1,
    ),
    (
        "tx8b8343978dbef95d54da796977e9a254565c0dc9ce54917d9111267547fcde03_mp.dat",
        0,
        2,
        1,
    ),
    (
        "txcc202c44db4d6faec57f42566c6b1e03139f924eaf685ae964b3076594d65349_mp.dat",
        1,
        1,
        1,
    ),
    (
        "txe6f8fdb15b27e603adcfa5aa4107a0e7a7b07e6dc76d2ba95a33710db02a0049_mp.dat",
        1,
        2,
        1,
    ),
];

fn counts(body: &TxBody) -> (usize, usize, usize) {
    (body.inputs.len(), body.outputs.len(), body.kernels.len())
}

#[test]
fn blocks_parse_to_their_last_byte_and_every_output_proof_verifies() {
    for (file, txs, inputs, outputs, kernels) in BLOCKS {
        let Some(bytes) = shared(file) else { continue };
        let block = Block::from_bytes(&bytes).expect(file);
        assert_eq!(block.transactions.len(), txs, "{file}");
        assert!(
            block.transactions.last().is_some_and(|t| t.is_hogex),
            "{file}"
        );
        let mweb = block.mweb.as_ref().expect("an MWEB block");
        assert_eq!(counts(&mweb.body), (inputs, outputs, kernels), "{file}");
        for output in &mweb.body.outputs {
            assert_eq!(output.message.bytes.len(), 59);
            assert!(output.message.standard.is_some());
        }
        let valid = verify_output_proofs(&mweb.body.outputs, &mut OsRng);
        assert!(valid.iter().all(|&v| v), "{file}: {valid:?}");
    }
    if let Some(bytes) = shared(BLOCKS[0].0) {
        let block = Block::from_bytes(&bytes).expect("parses");
        let header = &block.mweb.expect("MWEB").header;
        assert_eq!(header.height, 2_215_584);
        assert_eq!((header.output_mmr_size, header.kernel_mmr_size), (2, 1));
    }
    if let Some(bytes) = shared(BLOCKS[2].0) {
        let header = Block::from_bytes(&bytes)
            .expect("parses")
            .mweb
            .expect("MWEB")
            .header;
        assert_eq!((header.output_mmr_size, header.kernel_mmr_size), (3350, 0));
        assert_eq!(header.bytes.len(), 167);
    }
}

#[test]
fn mempool_transactions_parse_and_their_output_proofs_verify() {
    for (file, inputs, outputs, kernels) in TRANSACTIONS {
        let Some(bytes) = shared(file) else { continue };
        let tx = Transaction::from_bytes(&bytes).expect(file);
        let mweb = tx.mweb.as_ref().expect("an MWEB transaction");
        assert_eq!(counts(&mweb.body), (inputs, outputs, kernels), "{file}");
        assert!(verify_output_proofs(&mweb.body.outputs, &mut OsRng)
            .iter()
            .all(|&v| v));
    }
    // The peg-in carries a canonical part; the others are MWEB-only. The peg-out's kernel:
    // fee 2510, one peg-out of 1 600 000 to a 22-byte script.
    if let Some(bytes) = shared(TRANSACTIONS[1].0) {
        let tx = Transaction::from_bytes(&bytes).expect("parses");
        assert!(!tx.is_mweb_only() && tx.has_witness);
        assert_eq!(
            tx.mweb.expect("MWEB").body.kernels[0].pegin,
            Some(1_999_998_370)
        );
    }
    if let Some(bytes) = shared(TRANSACTIONS[2].0) {
        let tx = Transaction::from_bytes(&bytes).expect("parses");
        assert!(tx.is_mweb_only());
        let kernel = &tx.mweb.as_ref().expect("MWEB").body.kernels[0];
        assert_eq!((kernel.features, kernel.fee), (0x15, Some(2510)));
        assert_eq!(kernel.pegouts.len(), 1);
        assert_eq!(kernel.pegouts[0].amount, 1_600_000);
        assert_eq!(kernel.pegouts[0].script_pubkey.len(), 22);
    }
}

/// Every byte of an output's proof, commitment and message, changed: its proof fails alone
/// and, in a batch with the block's other output, exactly it is named.
#[test]
fn every_altered_byte_of_an_output_fails_and_the_batch_names_it() {
    let Some(bytes) = shared(BLOCKS[0].0) else {
        return;
    };
    let block = Block::from_bytes(&bytes).expect("parses");
    let outputs = &block.mweb.as_ref().expect("MWEB").body.outputs;
    let (target, other) = (&outputs[0], &outputs[1]);
    let check = |altered: &Output| {
        assert_eq!(
            verify_output_proofs(core::slice::from_ref(altered), &mut OsRng),
            [false]
        );
        assert_eq!(
            verify_output_proofs(&[other.clone(), altered.clone()], &mut OsRng),
            [true, false]
        );
    };
    for i in 0..PROOF_LEN {
        let mut proof = *target.proof;
        proof[i] ^= 0x01;
        check(&Output {
            proof: &proof,
            ..target.clone()
        });
    }
    for i in 0..33 {
        let mut commitment = target.commitment;
        commitment[i] ^= 0x01;
        check(&Output {
            commitment,
            ..target.clone()
        });
    }
    for i in 0..target.message.bytes.len() {
        let mut message = target.message.bytes.to_vec();
        message[i] ^= 0x01;
        check(&Output {
            message: OutputMessage {
                bytes: &message,
                ..target.message.clone()
            },
            ..target.clone()
        });
    }
    // Another output's message, or none at all.
    check(&Output {
        message: other.message.clone(),
        ..target.clone()
    });
}

fn malformed(result: Result<impl core::fmt::Debug, ProofError>) -> bool {
    matches!(
        result,
        Err(ProofError::Decode(DecodeError::MalformedTransaction(_)))
    )
}

#[test]
fn truncated_extended_and_non_canonical_input_is_refused() {
    let Some(bytes) = shared(TRANSACTIONS[2].0) else {
        return;
    };
    for len in 0..bytes.len() {
        assert!(malformed(Transaction::from_bytes(&bytes[..len])), "{len}");
    }
    let mut longer = bytes.clone();
    longer.push(0);
    assert!(malformed(Transaction::from_bytes(&longer)));
    // The MWEB input count (one, at byte 73) as `fd 01 00`.
    assert_eq!(bytes[73], 1);
    let mut wide = bytes[..73].to_vec();
    wide.extend([0xfd, 0x01, 0x00]);
    wide.extend(&bytes[74..]);
    assert!(malformed(Transaction::from_bytes(&wide)));
    // A presence byte other than 00/01; flags with unknown bits.
    let mut presence = bytes.clone();
    presence[8] = 0x02;
    assert!(malformed(Transaction::from_bytes(&presence)));
    let mut flags = bytes.clone();
    flags[5] = 0x0a;
    assert!(malformed(Transaction::from_bytes(&flags)));
    // A commitment and a key with the wrong prefix (the input's commitment at 74 + 33, its
    // output key after it: keys Core parses as points).
    for at in [74 + 33, 74 + 66] {
        let mut prefix = bytes.clone();
        prefix[at] = 0x04;
        assert!(malformed(Transaction::from_bytes(&prefix)), "{at}");
    }
    // Too large, before anything is read.
    let huge = vec![0u8; MAX_BYTES + 1];
    assert!(matches!(
        Transaction::from_bytes(&huge),
        Err(ProofError::Decode(DecodeError::TooLarge { .. }))
    ));
    if let Some(block) = shared(BLOCKS[0].0) {
        for len in (0..block.len()).step_by(7) {
            assert!(malformed(Block::from_bytes(&block[..len])), "{len}");
        }
        // The block's MWEB presence byte (1212) other than 01: absent, as Core reads it
        // (`OptionalPtr`); then the MWEB block's bytes are left over.
        let mut presence = block.clone();
        presence[1212] = 0x02;
        assert!(malformed(Block::from_bytes(&presence)));
        let parsed = Block::from_bytes(&presence[..1213]).expect("no MWEB block");
        assert!(parsed.mweb.is_none());
    }
}

/// The kernel and stealth sums of the mempool transactions (their own offsets) and of block
/// 2215584 (the first MWEB block of this chain segment with kernels: its header's cumulative
/// kernel offset is this block's own when the previous one is zero, as the research notes
/// found), and their failure when a commitment, a fee or an offset changes.
#[test]
fn kernel_and_stealth_sums_hold_and_catch_changes() {
    use super::sums::{kernel_sum_holds, stealth_sum_holds};
    for (file, ..) in TRANSACTIONS {
        let Some(bytes) = shared(file) else { continue };
        let tx = Transaction::from_bytes(&bytes).expect(file);
        let mweb = tx.mweb.expect("MWEB");
        assert!(kernel_sum_holds(&mweb.body, &mweb.kernel_offset), "{file}");
        assert!(
            stealth_sum_holds(&mweb.body, &mweb.stealth_offset),
            "{file}"
        );
        // Another offset; another fee; an output's commitment negated (08 ↔ 09).
        let mut offset = mweb.kernel_offset;
        offset[31] ^= 1;
        assert!(!kernel_sum_holds(&mweb.body, &offset), "{file}");
        let mut stealth = mweb.stealth_offset;
        stealth[31] ^= 1;
        assert!(!stealth_sum_holds(&mweb.body, &stealth), "{file}");
        let mut body = mweb.body.clone();
        body.kernels[0].fee = body.kernels[0].fee.map(|f| f + 1);
        assert!(!kernel_sum_holds(&body, &mweb.kernel_offset), "{file}");
        let mut body = mweb.body.clone();
        body.outputs[0].commitment[0] ^= 1;
        assert!(!kernel_sum_holds(&body, &mweb.kernel_offset), "{file}");
        let mut body = mweb.body.clone();
        body.outputs[0].sender_pubkey[0] ^= 1;
        assert!(!stealth_sum_holds(&body, &mweb.stealth_offset), "{file}");
        // An offset not below the group order is refused.
        assert!(!kernel_sum_holds(&mweb.body, &[0xff; 32]));
    }
    if let Some(bytes) = shared(BLOCKS[0].0) {
        let block = Block::from_bytes(&bytes).expect("parses");
        let mweb = block.mweb.expect("MWEB");
        assert!(kernel_sum_holds(&mweb.body, &mweb.header.kernel_offset));
        assert!(stealth_sum_holds(&mweb.body, &mweb.header.stealth_offset));
    }
    for (file, ..) in &BLOCKS[1..] {
        let Some(bytes) = shared(file) else { continue };
        let block = Block::from_bytes(&bytes).expect(file);
        let mweb = block.mweb.expect("MWEB");
        assert!(
            stealth_sum_holds(&mweb.body, &mweb.header.stealth_offset),
            "{file}"
        );
    }
}

/// Every kernel, input and output signature of the vectors verifies, and none with any of its
/// 64 bytes changed or under another object's message; a peg-in's canonical program is its
/// kernel's ID, and block 2215586's inputs spend block 2215584's outputs by ID.
#[test]
fn signatures_and_ids_as_core_makes_them() {
    use super::signatures::*;
    let mut bodies = Vec::new();
    let mut files = Vec::new();
    for (file, ..) in BLOCKS {
        if let Some(bytes) = shared(file) {
            files.push(bytes);
        }
    }
    for (file, ..) in TRANSACTIONS {
        if let Some(bytes) = shared(file) {
            files.push(bytes);
        }
    }
    let (mut kernels, mut inputs, mut outputs) = (0, 0, 0);
    for bytes in &files {
        let body = match Block::from_bytes(bytes) {
            Ok(block) => block.mweb.expect("MWEB").body,
            Err(_) => {
                Transaction::from_bytes(bytes)
                    .expect("parses")
                    .mweb
                    .expect("MWEB")
                    .body
            }
        };
        for k in &body.kernels {
            assert!(kernel_signature_holds(k));
            kernels += 1;
        }
        for i in &body.inputs {
            assert!(input_signature_holds(i));
            inputs += 1;
        }
        for o in &body.outputs {
            assert!(output_signature_holds(o));
            outputs += 1;
        }
        bodies.push(body);
    }
    if files.len() == BLOCKS.len() + TRANSACTIONS.len() {
        assert_eq!((kernels, inputs, outputs), (8, 9, 15));
    }
    // Altered signatures, and another object's message.
    for body in &bodies {
        for k in &body.kernels {
            for i in 0..64 {
                let mut signature = k.signature;
                signature[i] ^= 0x01;
                assert!(!kernel_signature_holds(&Kernel {
                    signature,
                    ..k.clone()
                }));
            }
            let key = kernel_key(k).expect("key");
            assert!(!verify_signature(&key, &[0; 32], &k.signature));
        }
        for i in &body.inputs {
            let mut signature = i.signature;
            signature[5] ^= 0x01;
            assert!(!input_signature_holds(&Input {
                signature,
                ..i.clone()
            }));
        }
        for o in &body.outputs {
            let mut signature = o.signature;
            signature[40] ^= 0x01;
            assert!(!output_signature_holds(&Output {
                signature,
                ..o.clone()
            }));
            let mut receiver = o.receiver_pubkey;
            receiver[0] ^= 0x01;
            assert!(!output_signature_holds(&Output {
                receiver_pubkey: receiver,
                ..o.clone()
            }));
        }
    }
    // The stripped peg-in in block 2215584 (`59 20 <kernel ID>`), and the spends.
    let (Some(first), Some(second)) = (shared(BLOCKS[0].0), shared(BLOCKS[1].0)) else {
        return;
    };
    let first = Block::from_bytes(&first).expect("parses");
    let mweb = first.mweb.as_ref().expect("MWEB");
    let id = kernel_id(&mweb.body.kernels[0]);
    let pegin = first
        .transactions
        .iter()
        .flat_map(|t| &t.outputs)
        .find(|o| o.script_pubkey.len() == 34 && o.script_pubkey[..2] == [0x59, 0x20])
        .expect("a peg-in output");
    assert_eq!(pegin.script_pubkey[2..], id);
    assert_eq!(Some(pegin.value), mweb.body.kernels[0].pegin);
    let second = Block::from_bytes(&second).expect("parses");
    let spent: Vec<[u8; 32]> = second
        .mweb
        .expect("MWEB")
        .body
        .inputs
        .iter()
        .map(|i| i.output_id)
        .collect();
    let made: Vec<[u8; 32]> = mweb.body.outputs.iter().map(output_id).collect();
    let mut sorted = spent.clone();
    sorted.sort();
    let mut made_sorted = made.clone();
    made_sorted.sort();
    assert_eq!(sorted, made_sorted);
}

/// Whole checks: every mempool transaction and every block is valid as Core finds it (block
/// 2215584's kernel sum with a previous cumulative offset of zero, the others' not checked
/// without their predecessor: incomplete); a changed proof byte, an output out of order, a
/// changed header field or HogEx output make them invalid, naming what fails.
#[test]
fn transactions_and_blocks_verify_as_core_finds_them() {
    use super::verify::{
        verify_block, verify_blocks_with, verify_transaction, Check, Options, Status, Verdict,
    };
    for (file, ..) in TRANSACTIONS {
        let Some(bytes) = shared(file) else { continue };
        let tx = Transaction::from_bytes(&bytes).expect(file);
        let report = verify_transaction(&tx, &mut OsRng).expect("MWEB");
        assert_eq!(report.verdict(), Verdict::Valid, "{file}: {report:?}");
    }
    let zero = [0u8; 32];
    for (k, (file, ..)) in BLOCKS.iter().enumerate() {
        let Some(bytes) = shared(file) else { continue };
        let block = Block::from_bytes(&bytes).expect(file);
        let report = verify_block(&block, None, &mut OsRng).expect("MWEB");
        assert_eq!(report.verdict(), Verdict::Incomplete, "{file}: {report:?}");
        assert_eq!(report.status(Check::KernelSum), Some(Status::NotChecked));
        if k == 0 {
            // Testnet4's MWEB activation block: its HogEx is the network's first, whose
            // inputs are all peg-ins — chain state to know, so not checked; all else holds.
            let report = verify_block(&block, Some(&zero), &mut OsRng).expect("MWEB");
            assert_eq!(report.verdict(), Verdict::Incomplete, "{report:?}");
            for (check, status) in &report.checks {
                let expected = match check {
                    Check::HogExInputs => Status::NotChecked,
                    _ => Status::Holds,
                };
                assert_eq!(*status, expected, "{check:?}");
            }
        } else {
            let report = verify_block(&block, None, &mut OsRng).expect("MWEB");
            assert_eq!(
                report.status(Check::HogExInputs),
                Some(Status::Holds),
                "{file}"
            );
            assert_eq!(report.status(Check::Height), Some(Status::Holds), "{file}");
            assert_eq!(report.status(Check::UnexpectedPegIns), Some(Status::Holds));
        }
        // Any other previous offset: the sum no longer holds.
        let report = verify_block(&block, Some(&[1; 32]), &mut OsRng).expect("MWEB");
        assert_eq!(
            report.status(Check::KernelSum),
            Some(Status::Fails),
            "{file}"
        );
    }
    let Some(bytes) = shared(BLOCKS[1].0) else {
        return;
    };
    let block = Block::from_bytes(&bytes).expect("parses");
    // Every check run, whatever fails first (each change below breaks one of them).
    let full = Options {
        full_report: true,
        ..Options::default()
    };
    let verdict_with = |change: &dyn Fn(&mut Block)| {
        let mut changed = block.clone();
        change(&mut changed);
        let reports = verify_blocks_with(&[changed], None, &full, &mut OsRng);
        reports.into_iter().next().flatten().expect("MWEB")
    };
    // A proof byte: that output's proof, and its signature (the message hashes the proof).
    let mut proof = *block.mweb.as_ref().expect("MWEB").body.outputs[3].proof;
    proof[100] ^= 1;
    let mut changed = block.clone();
    changed.mweb.as_mut().expect("MWEB").body.outputs[3].proof = &proof;
    // (The output's ID changes with its proof, so the block's order and roots fail too: the
    // full report checks the proofs all the same.)
    let report = verify_blocks_with(&[changed], None, &full, &mut OsRng)
        .pop()
        .flatten()
        .expect("MWEB");
    assert_eq!(report.verdict(), Verdict::Invalid);
    let failing: Vec<usize> = (0..6)
        .filter(|&i| report.outputs[i].range_proof != Some(true))
        .collect();
    assert_eq!(failing, [3]);
    // Two outputs swapped: out of order.
    let report = verdict_with(&|b| b.mweb.as_mut().expect("MWEB").body.outputs.swap(0, 1));
    assert_eq!(report.status(Check::Sorted), Some(Status::Fails));
    // A kernel twice: a duplicate, and the count and the root no longer match the header.
    let report = verdict_with(&|b| {
        let body = &mut b.mweb.as_mut().expect("MWEB").body;
        body.kernels.push(body.kernels[2].clone());
    });
    for check in [Check::Unique, Check::KernelCount, Check::KernelRoot] {
        assert_eq!(report.status(check), Some(Status::Fails), "{check:?}");
    }
    // The header's stealth offset; the HogEx's first output; a peg-in amount.
    let report = verdict_with(&|b| b.mweb.as_mut().expect("MWEB").header.stealth_offset[31] ^= 1);
    assert_eq!(report.status(Check::StealthSum), Some(Status::Fails));
    let report = verdict_with(&|b| {
        let hogex = b.transactions.last_mut().expect("HogEx");
        hogex.outputs[0].value += 1;
        hogex.outputs[0].script_pubkey = &hogex.outputs[0].script_pubkey[..33];
    });
    assert_eq!(report.status(Check::HogExHeader), Some(Status::Fails));
    let report = verdict_with(&|b| {
        let kernel = &mut b.mweb.as_mut().expect("MWEB").body.kernels[0];
        kernel.pegin = kernel.pegin.map(|p| p + 1);
    });
    assert_eq!(report.status(Check::PegIns), Some(Status::Fails));
    assert_eq!(
        report.kernels[0],
        Some(false),
        "the kernel's signature covers its peg-in amount"
    );
    // By default a failing cheap check stops there: no signature, proof or sum is checked.
    let mut changed = block.clone();
    let kernel = &mut changed.mweb.as_mut().expect("MWEB").body.kernels[0];
    kernel.pegin = kernel.pegin.map(|p| p + 1);
    let report = verify_block(&changed, None, &mut OsRng).expect("MWEB");
    assert_eq!(report.verdict(), Verdict::Invalid);
    assert_eq!(report.status(Check::PegIns), Some(Status::Fails));
    assert_eq!(report.status(Check::StealthSum), Some(Status::NotChecked));
    assert!(report
        .kernels
        .iter()
        .chain(&report.inputs)
        .all(Option::is_none));
    assert!(report
        .outputs
        .iter()
        .all(|o| o.range_proof.is_none() && o.signature.is_none()));
}

/// Outputs made here for a wallet's address: their proof and signature verify, the wallet
/// finds them with their value and a blinding factor that opens the commitment, another
/// wallet (or the same one without that address) does not, and a changed message is not
/// found either.
#[test]
fn a_wallet_finds_the_outputs_made_for_it_and_no_others() {
    use super::signatures::output_signature_holds;
    use super::wallet::{make_output, Wallet};
    use k256::elliptic_curve::PrimeField;
    use rand::RngCore;
    let random_secret = || {
        let mut k = [0u8; 32];
        OsRng.fill_bytes(&mut k[1..]);
        k
    };
    let spend_secret = k256::Scalar::from(0x5eed_u64) * k256::Scalar::from(OsRng.next_u64() | 1);
    let spend = k256::ProjectivePoint::GENERATOR * spend_secret;
    let spend: [u8; 33] = {
        use k256::elliptic_curve::sec1::ToEncodedPoint;
        spend
            .to_affine()
            .to_encoded_point(true)
            .as_bytes()
            .try_into()
            .unwrap()
    };
    let scan = random_secret();
    let wallet = Wallet::new(&scan, &spend, 8).expect("a wallet");
    let stranger = Wallet::new(&random_secret(), &spend, 8).expect("a wallet");
    let narrow = Wallet::new(&scan, &spend, 3).expect("a wallet");
    for (address, value) in [(0u32, 0u64), (3, 1), (7, u64::MAX), (5, 123_456_789)] {
        let (a_i, b_i) = wallet.address(address).expect("an address");
        let made = make_output((&a_i, &b_i), value, &mut OsRng).expect("made");
        let output = made.output();
        assert_eq!(
            verify_output_proofs(core::slice::from_ref(&output), &mut OsRng),
            [true]
        );
        assert!(output_signature_holds(&output));
        // It parses back from its bytes as the same output.
        let bytes = made.to_bytes();
        assert_eq!(Output::from_bytes(&bytes).expect("parses"), output);
        let owned = wallet.scan(&output).expect("found");
        assert_eq!((owned.address, owned.value), (address, value));
        let blinding = k256::Scalar::from_repr(owned.blinding.into()).unwrap();
        let opened = k256::ProjectivePoint::GENERATOR * blinding
            + crate::secp256k1_zkp::generator::h() * k256::Scalar::from(value);
        assert_eq!(
            crate::secp256k1_zkp::generator::Commitment::from_point(opened)
                .unwrap()
                .to_bytes(),
            output.commitment
        );
        assert!(stranger.scan(&output).is_none());
        assert_eq!(narrow.scan(&output).is_some(), address < 3);
        let mut fields = output.message.standard.clone().unwrap();
        fields.masked_value ^= 1;
        let changed = Output {
            message: OutputMessage {
                standard: Some(fields),
                ..output.message.clone()
            },
            ..output.clone()
        };
        assert!(wallet.scan(&changed).is_none());
    }
}

/// A chain segment checked together gives each block the report it gets alone, with the
/// block before's header offset as its previous kernel offset; a changed proof in the second
/// block is named there and nowhere else.
#[test]
fn a_chain_segment_in_one_batch_reports_as_its_blocks_alone() {
    use super::verify::{verify_block, verify_blocks, verify_blocks_with, Status, Verdict};
    let (Some(first), Some(second)) = (shared(BLOCKS[0].0), shared(BLOCKS[1].0)) else {
        return;
    };
    let zero = [0u8; 32];
    let blocks = [
        Block::from_bytes(&first).unwrap(),
        Block::from_bytes(&second).unwrap(),
    ];
    // 2215584 and 2215586 are not consecutive: the second's kernel sum is not checked.
    let alone = [
        verify_block(&blocks[0], Some(&zero), &mut OsRng),
        verify_block(&blocks[1], None, &mut OsRng),
    ];
    assert_eq!(verify_blocks(&blocks, Some(&zero), &mut OsRng), alone);
    // The same block again, its header naming the first as its previous block, at the next
    // height: a segment, the second takes the first's header offset.
    let mut header = *blocks[0].header;
    header[4..36].copy_from_slice(&blocks[0].hash());
    let mut next = blocks[0].clone();
    next.header = &header;
    next.mweb.as_mut().unwrap().header.height += 1;
    let between = blocks[0].mweb.as_ref().unwrap().header.kernel_offset;
    // Its HogEx, the network's first, spends peg-ins only: alone that rests on chain state,
    // after a block with a HogEx it fails (its first input must spend that one). All else
    // is as alone (the full report, so the cryptography runs despite that failure).
    let full = super::verify::Options {
        full_report: true,
        ..Default::default()
    };
    let segment = verify_blocks_with(
        &[blocks[0].clone(), next.clone()],
        Some(&zero),
        &full,
        &mut OsRng,
    );
    assert_eq!(
        segment[0],
        verify_blocks_with(&blocks[..1], Some(&zero), &full, &mut OsRng)[0]
    );
    let mut linked = segment[1].clone().unwrap();
    let unlinked = verify_blocks_with(&[next.clone()], Some(&between), &full, &mut OsRng)
        .pop()
        .unwrap()
        .unwrap();
    let hogex_inputs = super::verify::Check::HogExInputs;
    assert_eq!(unlinked.status(hogex_inputs), Some(Status::NotChecked));
    assert_eq!(linked.status(hogex_inputs), Some(Status::Fails));
    let finding = linked.findings.iter().position(|f| f.check == hogex_inputs);
    assert_eq!(
        linked.findings.remove(finding.unwrap()).rule,
        "invalid-hogex-input"
    );
    for (check, status) in &mut linked.checks {
        if *check == hogex_inputs {
            *status = Status::NotChecked;
        }
    }
    assert_eq!(linked, unlinked);
    // Valid but for its HogEx, testnet4's first (block 2215584 activated the MWEB), whose
    // inputs are all peg-ins: whether a HogEx is the network's first is chain state.
    let first_report = alone[0].as_ref().unwrap();
    assert_eq!(first_report.verdict(), Verdict::Incomplete);
    assert_eq!(
        first_report.status(super::verify::Check::HogExInputs),
        Some(super::verify::Status::NotChecked)
    );

    let mut changed = second.clone();
    let proof = *blocks[1].mweb.as_ref().unwrap().body.outputs[3].proof;
    let at = second.windows(675).position(|w| w == proof).unwrap() + 500;
    changed[at] ^= 0x20;
    let blocks = [blocks[0].clone(), Block::from_bytes(&changed).unwrap()];
    let reports = verify_blocks(&blocks, Some(&zero), &mut OsRng);
    assert_eq!(reports[0], alone[0]);
    let outputs = &reports[1].as_ref().unwrap().outputs;
    let invalid: Vec<usize> = (0..outputs.len())
        .filter(|&k| outputs[k].range_proof != Some(true))
        .collect();
    assert_eq!(invalid, vec![3]);
}
