//! `rangeproof demo`: the main job on built-in defaults.
//!
//! A confidential payment: Alice spends a hidden 10 000-unit note, pays Bob 1 250, keeps
//! 8 700 in change and pays a public fee of 50. Observers see only commitments; an aggregated
//! range proof shows both outputs are in [0, 2^64) (so no output hides a negative amount), and
//! the commitments balance. The same outputs are then proved with Bulletproofs+ (Tari's format,
//! smaller) and the same commitments with Bulletproofs++ (smaller still), a block of payments of
//! the three kinds is verified in one batch, with a forged proof in it pinpointed, and the range proofs of three Monero mainnet transactions (one Bulletproofs+,
//! two original Bulletproofs; shipped in the `monero-oxide` 0.1.0 crate package, bundled) are
//! verified in one batch; on secp256k1, Grin's format and a Liquid output (Borromean), a
//! Liquid mainnet transaction (bundled from the `elements` 0.26.2 crate package) verified, and
//! both outputs paid to Litecoin MWEB stealth addresses, scanned by Bob's wallet, beside a
//! peg-in whose proofs libsecp256k1-zkp made.

use std::time::Instant;

use rand_core::OsRng;
use rangeproof::bulletproofs_plus::Statement;
use rangeproof::bulletproofs_pp::{self as bppp, Convention, Merlin};
use rangeproof::deployments::monero::transcript::MoneroTranscript;
use rangeproof::deployments::solana::ProofData;
use rangeproof::deployments::{dalek, monero, tari};
use rangeproof::secp256k1_zkp::bulletproofs::{
    self as grin, GrinProver, GrinStatement, GrinWitness,
};
use rangeproof::{
    BatchVerifier, Ed25519, Group, RangeProof, RangeProofPlus, Ristretto255, Suite, SuiteBatch,
    SuiteStatement,
};

use crate::bench::{fmt, prove, random_values, Sample};

const LABEL: &[u8] = b"rangeproof demo payment";
const BITS: usize = 64;
const BLOCK: usize = 128;

fn row(step: &str, proofs: usize, values: usize, bytes: usize, took: std::time::Duration) {
    say!(
        "| {step:<46} | {proofs:>6} | {values:>6} | {bytes:>9} | {:>10} |",
        fmt(took)
    );
}

pub fn run() -> Result<(), String> {
    let start = Instant::now();
    let gens = dalek::generators();
    let pc = gens.pedersen();
    gens.table(BITS, 1);
    tari::generators().table(BITS, 1);
    monero::bulletproofs_plus_generators().table(BITS, 1);
    // Monero's original Bulletproofs too: the mainnet row verifies both kinds.
    monero::bulletproofs_generators().table(BITS, 1);
    grin::GrinGenerators::get(grin::GRIN_GENERATORS_N)
        .map_err(|e| e.to_string())?
        .warm_up();
    let setup = start.elapsed();

    say!(
        "Confidential payment: Alice pays Bob 1250, keeps 8700 change, pays a public fee of 50.\n"
    );
    say!(
        "| {:<46} | {:>6} | {:>6} | {:>9} | {:>10} |",
        "step",
        "proofs",
        "values",
        "bytes",
        "time"
    );
    say!(
        "|{:-<48}|{:->8}|{:->8}|{:->11}|{:->12}|",
        "",
        "",
        "",
        "",
        ""
    );
    row("derive generators and tables (all flavors)", 0, 0, 0, setup);

    // Alice's input note and its blinding (she knows both; the chain only has the commitment).
    let input_value = 10_000u64;
    let input_blinding = Ristretto255::random_scalar(&mut OsRng);
    let input = pc.commit(input_value.into(), input_blinding);
    let outputs = [1_250u64, 8_700];
    let fee = input_value - outputs.iter().sum::<u64>();
    let blindings = [
        Ristretto255::random_scalar(&mut OsRng),
        Ristretto255::random_scalar(&mut OsRng),
    ];

    let t = Instant::now();
    let (proof, commitments) = RangeProof::prove_multiple(
        gens,
        &mut merlin::Transcript::new(LABEL),
        &outputs,
        &blindings,
        BITS,
        &mut OsRng,
    )
    .map_err(|e| e.to_string())?;
    row(
        "Bulletproofs: prove both outputs (aggregated)",
        1,
        2,
        proof.serialized_size(),
        t.elapsed(),
    );

    let bytes = proof.to_bytes();
    let encoded: Vec<[u8; 32]> = commitments.iter().map(|c| c.bytes).collect();
    let t = Instant::now();
    let received = RangeProof::<Ristretto255>::from_bytes(&bytes).map_err(|e| e.to_string())?;
    received
        .verify_multiple(
            gens,
            &mut merlin::Transcript::new(LABEL),
            &encoded,
            BITS,
            &mut OsRng,
        )
        .map_err(|e| format!("demo proof failed to verify: {e}"))?;
    row(
        "Bulletproofs: verify it from the wire bytes",
        1,
        2,
        bytes.len(),
        t.elapsed(),
    );

    // Balance: input - outputs - fee·B must be a commitment to 0, i.e. a multiple of B̃ whose
    // discrete log (the blinding excess) Alice knows and can sign with.
    let point = |c: &rangeproof::EncodedPoint<Ristretto255>| c.point().map_err(|e| e.to_string());
    let excess = input
        - point(&commitments[0])?
        - point(&commitments[1])?
        - pc.b * <Ristretto255 as Group>::Scalar::from(fee);
    let expected = pc.b_blinding() * (input_blinding - blindings[0] - blindings[1]);
    if excess != expected {
        return Err("demo commitments do not balance".into());
    }

    // The same outputs with Bulletproofs+ (Tari's bases: same value base, its own blinding base).
    let statement = Statement {
        bits: BITS,
        extension_degree: 1,
        minimum_values: None,
    };
    let plus_blindings = [[blindings[0]], [blindings[1]]];
    let t = Instant::now();
    let (plus, plus_commitments) = RangeProofPlus::prove(
        tari::generators(),
        &mut merlin::Transcript::new(LABEL),
        &statement,
        &outputs,
        &plus_blindings,
        None,
        &mut OsRng,
    )
    .map_err(|e| e.to_string())?;
    row(
        "Bulletproofs+: prove both outputs",
        1,
        2,
        plus.serialized_size(),
        t.elapsed(),
    );
    let plus_bytes = plus.to_bytes();
    let plus_encoded: Vec<[u8; 32]> = plus_commitments.iter().map(|c| c.bytes).collect();
    let t = Instant::now();
    RangeProofPlus::<Ristretto255>::from_bytes(&plus_bytes)
        .map_err(|e| e.to_string())?
        .verify(
            tari::generators(),
            &mut merlin::Transcript::new(LABEL),
            &statement,
            &plus_encoded,
            &mut OsRng,
        )
        .map_err(|e| format!("demo Bulletproofs+ proof failed to verify: {e}"))?;
    row(
        "Bulletproofs+: verify it from the wire bytes",
        1,
        2,
        plus_bytes.len(),
        t.elapsed(),
    );

    // The same commitments as the Bulletproofs proof (the reference crate's Pedersen bases),
    // proved again with Bulletproofs++ in our ristretto255 convention.
    let pp_shape = bppp::Shape::new(BITS, outputs.len(), None).map_err(|e| e.to_string())?;
    let pp_gens = Merlin::standard_generators(pp_shape.g_len());
    let pp_statement = bppp::Statement::<Merlin> {
        shape: pp_shape,
        generators: &pp_gens,
        commitments: &commitments,
        minimums: &[],
        extra: LABEL,
    };
    let t = Instant::now();
    let pp_bytes =
        bppp::prove(&pp_statement, &outputs, &blindings, &mut OsRng).map_err(|e| e.to_string())?;
    row(
        "Bulletproofs++: prove both outputs",
        1,
        2,
        pp_bytes.len(),
        t.elapsed(),
    );
    let t = Instant::now();
    bppp::verify(&pp_statement, &pp_bytes)
        .map_err(|e| format!("demo Bulletproofs++ proof failed to verify: {e}"))?;
    row(
        "Bulletproofs++: verify it from the wire bytes",
        1,
        2,
        pp_bytes.len(),
        t.elapsed(),
    );

    // A block of payments: Bulletproofs, Bulletproofs+ and Bulletproofs++ in turn, one proof
    // each.
    let block: Vec<Sample> = (0..BLOCK)
        .map(|k| {
            prove(
                [
                    Suite::DALEK_BULLETPROOFS,
                    Suite::TARI_BULLETPROOFS_PLUS,
                    Suite::BULLETPROOFS_PP,
                ][k % 3],
                BITS,
                &random_values(BITS, 1),
            )
        })
        .collect();
    let block_bytes: usize = block.iter().map(Sample::size).sum();
    let t = Instant::now();
    for s in &block {
        if !s.verify() {
            return Err("a block proof failed to verify".into());
        }
    }
    row(
        "block (BP, BP+, BP++): verify one at a time",
        BLOCK,
        BLOCK,
        block_bytes,
        t.elapsed(),
    );

    let t = Instant::now();
    let mut batch = SuiteBatch::new();
    for s in &block {
        s.add_to(&mut batch, &s.commitments);
    }
    batch.verify().map_err(|e| e.to_string())?;
    row(
        "block (BP, BP+, BP++): verify in one batch",
        BLOCK,
        BLOCK,
        block_bytes,
        t.elapsed(),
    );

    // Give one proof another payment's commitment: the batch fails and names it.
    let culprit = BLOCK - 1;
    let t = Instant::now();
    let mut batch = SuiteBatch::new();
    for (k, s) in block.iter().enumerate() {
        let commitments = if k == culprit {
            &block[0].commitments
        } else {
            &s.commitments
        };
        s.add_to(&mut batch, commitments);
    }
    let failure = batch.verify().err().ok_or("the tampered block verified")?;
    row(
        "block with one forged proof: find it",
        BLOCK,
        BLOCK,
        0,
        t.elapsed(),
    );
    if failure.invalid != [culprit] {
        return Err(format!(
            "batch blamed {:?}, expected [{culprit}]",
            failure.invalid
        ));
    }

    // Monero: the range proofs of three mainnet transactions (bundled: shipped in the
    // monero-oxide 0.1.0 crate package), Bulletproofs+ and Bulletproofs in one batch.
    let mainnet = monero_mainnet()?;
    let statement = Statement {
        bits: 64,
        extension_degree: 1,
        minimum_values: None,
    };
    let mainnet_outputs: usize = mainnet.iter().map(|c| c.commitments.len()).sum();
    let mainnet_bytes: usize = mainnet.iter().map(|c| c.proof.len()).sum();
    let t = Instant::now();
    let mut batch = BatchVerifier::new();
    let mut plus = Vec::new();
    let mut original = Vec::new();
    for case in &mainnet {
        if case.plus {
            plus.push(
                RangeProofPlus::<Ed25519>::from_monero_bytes(&case.proof)
                    .map_err(|e| e.to_string())?,
            );
        } else {
            original.push(
                RangeProof::<Ed25519>::from_monero_bytes(&case.proof).map_err(|e| e.to_string())?,
            );
        }
    }
    let (mut plus_proofs, mut original_proofs) = (plus.iter(), original.iter());
    for case in &mainnet {
        if case.plus {
            let p = plus_proofs.next().ok_or("one decoded proof per case")?;
            batch.add_bulletproof_plus(
                monero::bulletproofs_plus_generators(),
                p,
                &mut MoneroTranscript::bulletproofs_plus(),
                &statement,
                &case.commitments,
                &mut OsRng,
            );
        } else {
            let p = original_proofs.next().ok_or("one decoded proof per case")?;
            batch.add_bulletproof(
                monero::bulletproofs_generators(),
                p,
                &mut MoneroTranscript::bulletproofs(),
                &case.commitments,
                64,
                &mut OsRng,
            );
        }
    }
    batch
        .verify()
        .map_err(|e| format!("Monero mainnet proofs failed to verify: {e}"))?;
    row(
        "Monero mainnet BP+ & BP (3 txs): decode, batch",
        mainnet.len(),
        mainnet_outputs,
        mainnet_bytes,
        t.elapsed(),
    );

    // Solana: the same outputs as a batched range proof instruction's proof data (U128: two
    // 64-bit values), then a confidential transfer's proof data the SDK made (bundled).
    let t = Instant::now();
    let solana_statement = SuiteStatement {
        bit_lengths: vec![64, 64],
        extension_degree: 1,
        ..SuiteStatement::default()
    };
    let solana_proved = Suite::SOLANA_BULLETPROOFS
        .prove(&solana_statement, &outputs, &mut OsRng)
        .map_err(|e| e.to_string())?;
    let ours = solana_proof_data(&solana_proved.commitments, &solana_proved.proof)?;
    row(
        "Solana: prove both outputs as proof data",
        1,
        2,
        ours.len(),
        t.elapsed(),
    );
    let transfer = solana_transfer()?;
    let t = Instant::now();
    for data in [&ours, &transfer] {
        verify_solana(data)?;
    }
    row(
        "Solana: verify it, and an SDK transfer's",
        2,
        6,
        ours.len() + transfer.len(),
        t.elapsed(),
    );

    // secp256k1: the same outputs in libsecp256k1-zkp's format (Grin), then Grin's genesis.
    let t = Instant::now();
    let witness = GrinWitness {
        values: outputs.to_vec(),
        blindings: vec![
            rangeproof::Secp256k1::random_scalar(&mut OsRng),
            rangeproof::Secp256k1::random_scalar(&mut OsRng),
        ],
        rewind_nonce: {
            let mut n = [0u8; 32];
            rand_core::RngCore::fill_bytes(&mut OsRng, &mut n);
            n
        },
        private_nonce: None,
        message: None,
    };
    let (grin_statement, grin_proof) = GrinProver::grin()
        .prove(&witness)
        .map_err(|e| e.to_string())?;
    row(
        "Grin (secp256k1): prove both outputs",
        1,
        2,
        grin_proof.len(),
        t.elapsed(),
    );
    let t = Instant::now();
    grin::verify(&grin_proof, &grin_statement)
        .map_err(|e| format!("demo Grin proof failed to verify: {e}"))?;
    row(
        "Grin (secp256k1): verify it from wire bytes",
        1,
        2,
        grin_proof.len(),
        t.elapsed(),
    );
    let (genesis_commitment, genesis_proof) = grin_genesis()?;
    let t = Instant::now();
    grin::verify(
        &genesis_proof,
        &GrinStatement::grin(vec![genesis_commitment]),
    )
    .map_err(|e| format!("Grin's genesis proof failed to verify: {e}"))?;
    row(
        "Grin mainnet genesis coinbase output: verify",
        1,
        1,
        genesis_proof.len(),
        t.elapsed(),
    );

    let liquid = liquid_rows(&outputs)?;

    let litecoin = litecoin_rows(&outputs)?;

    let digest = circuit_rows()?;

    say!();
    say!("Outputs in range and balanced: input = 1250 + 8700 + fee {fee} (checked on commitments only).");
    say!(
        "Proof size for two 64-bit amounts: {} bytes (Bulletproofs), {} bytes (Bulletproofs+), {} bytes (Bulletproofs++).",
        bytes.len(),
        plus_bytes.len(),
        pp_bytes.len()
    );
    say!("The forged proof in the block was identified: position {culprit}.");
    say!(
        "{} Monero mainnet range proofs ({mainnet_outputs} outputs) verified in one batch.",
        mainnet.len()
    );
    say!(
        "On secp256k1: both outputs in {} bytes (libsecp256k1-zkp's format); Grin's genesis proof verified.",
        grin_proof.len()
    );
    say!(
        "Liquid: Bob's output as Elements proves it ({} bytes, Borromean); a mainnet transaction's {} range proofs verified in one batch.",
        liquid.0, liquid.1
    );
    say!(
        "Litecoin MWEB: both outputs paid to stealth addresses ({} bytes each with proof and signature); Bob's wallet found his {}; a peg-in whose {} proofs libsecp256k1-zkp made verified as Litecoin Core does, and refused without its canonical peg-in output (pegin-count-mismatch: it would mint).",
        litecoin.0, litecoin.1, litecoin.2
    );
    say!(
        "Circuits: a mix of 8 committed amounts shuffled; a secret message with SHA-256 {}… proved known (25 998 gates).",
        hex::encode(&digest[..8])
    );
    Ok(())
}

/// Liquid rows: Bob's output as Elements proves it (a blinded asset, a Borromean proof with
/// Liquid's parameters that Bob's blinding key unblinds), and a Liquid mainnet transaction
/// (bundled from the `elements` 0.26.2 crate package, `tests/data/2in4out_tx.hex`) whose range
/// proofs are verified in one batch. Returns the proof's size and the mainnet proofs counted.
fn liquid_rows(outputs: &[u64]) -> Result<(usize, usize), String> {
    use rangeproof::liquid::{self, Transaction, Verdict};
    use rangeproof::secp256k1_zkp::borromean::{self, ProofParameters};
    use rangeproof::secp256k1_zkp::generator::generator_generate_blinded;

    let random = || {
        let mut bytes = [0u8; 32];
        rand_core::RngCore::fill_bytes(&mut OsRng, &mut bytes);
        // Below the order with overwhelming probability; refused otherwise.
        liquid::secret_key(&bytes)
    };
    let t = Instant::now();
    let asset_blinding = random().map_err(|e| e.to_string())?;
    let generator = generator_generate_blinded(&[0x6f; 32], &asset_blinding)
        .ok_or("the demo's asset has no generator")?;
    let blinding = random().map_err(|e| e.to_string())?;
    let mut nonce = [0u8; 32];
    rand_core::RngCore::fill_bytes(&mut OsRng, &mut nonce);
    let mut message = [0x6f; 32].to_vec();
    message.extend_from_slice(&asset_blinding.to_bytes());
    let script = b"\x00\x14Bob's witness program";
    let proved = borromean::prove(
        outputs[0],
        &blinding,
        &generator,
        &nonce,
        &ProofParameters::LIQUID,
        &message,
        script,
    )
    .map_err(|e| e.to_string())?;
    row(
        "Liquid (Borromean): prove Bob's output",
        1,
        1,
        proved.proof.len(),
        t.elapsed(),
    );
    let t = Instant::now();
    let rewound = borromean::rewind(
        &proved.proof,
        &proved.commitment,
        &generator,
        script,
        &nonce,
    )
    .map_err(|e| format!("demo Borromean proof failed to rewind: {e}"))?;
    if rewound.value != outputs[0] || rewound.message[..32] != [0x6f; 32] {
        return Err("the demo's Borromean proof rewound to another opening".into());
    }
    row(
        "Liquid (Borromean): verify and rewind it",
        1,
        1,
        proved.proof.len(),
        t.elapsed(),
    );
    let hex_tx = include_str!("../data/liquid-2in4out_tx.hex");
    let t = Instant::now();
    let bytes =
        hex::decode(hex_tx.trim()).map_err(|e| format!("bundled Liquid transaction: {e}"))?;
    let tx =
        Transaction::from_bytes(&bytes).map_err(|e| format!("bundled Liquid transaction: {e}"))?;
    let report = liquid::verify_transaction(&tx, None).map_err(|e| e.to_string())?;
    // Without the spent outputs only the range proofs are checked: incomplete, nothing invalid.
    if report.verdict() == liquid::TransactionVerdict::Invalid {
        return Err("the bundled Liquid transaction's proofs failed to verify".into());
    }
    let proven = report
        .outputs
        .iter()
        .filter(|o| o.range_proof == Verdict::Valid)
        .count();
    let proof_bytes = tx.outputs().map(|o| o.rangeproof.len()).sum();
    row(
        "Liquid mainnet tx: batch its range proofs",
        proven,
        proven,
        proof_bytes,
        t.elapsed(),
    );
    Ok((proved.proof.len(), proven))
}

/// Litecoin MWEB rows: both outputs made for stealth addresses as Litecoin Core makes them
/// (Bob's and Alice's change: the message, the range proof with it as extra data, the
/// signature), verified in one batch each (proofs, signatures) and scanned by Bob's wallet; then
/// a peg-in transaction whose range proofs libsecp256k1-zkp made (bundled from
/// `vectors/mweb-made-here.json`) checked as Core checks it, and the same without its canonical
/// side refused. Returns an output's size, the value Bob found and the peg-in's output count.
fn litecoin_rows(outputs: &[u64]) -> Result<(usize, u64, usize), String> {
    use rangeproof::mweb::{make_output, spend_pubkey, Made, Wallet};
    use rangeproof::mweb::{verify_output_proofs, Output, Transaction};
    use rangeproof::mweb::{verify_signatures, SignatureCheck};
    use rangeproof::mweb::{verify_transaction, Check, Verdict};

    let wallet = |seed: u8| -> Result<Wallet, String> {
        let mut scan = [seed; 32];
        rand_core::RngCore::fill_bytes(&mut OsRng, &mut scan[1..]);
        let mut spend_secret = zeroize::Zeroizing::new([0u8; 32]);
        rand_core::RngCore::fill_bytes(&mut OsRng, &mut spend_secret[1..]);
        let spend = spend_pubkey(&spend_secret).map_err(|e| e.to_string())?;
        Wallet::new(&scan, &spend, 4).map_err(|e| e.to_string())
    };
    let (bob, alice) = (wallet(0x0b)?, wallet(0x0a)?);
    let t = Instant::now();
    let made: Vec<Made> = [(&bob, outputs[0]), (&alice, outputs[1])]
        .into_iter()
        .map(|(w, value)| {
            let (a, b) = w.address(0).ok_or("an address")?;
            make_output((&a, &b), value, &mut OsRng).map_err(|e| e.to_string())
        })
        .collect::<Result<_, String>>()?;
    let size = made[0].to_bytes().len();
    row(
        "Litecoin MWEB: pay both to stealth addresses",
        2,
        2,
        2 * size,
        t.elapsed(),
    );
    let t = Instant::now();
    let outs: Vec<Output> = made.iter().map(Made::output).collect();
    let checks: Vec<SignatureCheck> = outs.iter().map(SignatureCheck::output).collect();
    if !verify_output_proofs(&outs, &mut OsRng).iter().all(|&v| v)
        || !verify_signatures(&checks, &mut OsRng).iter().all(|&v| v)
    {
        return Err("the demo's MWEB outputs failed to verify".into());
    }
    let found = bob
        .scan(&outs[0])
        .filter(|_| bob.scan(&outs[1]).is_none())
        .ok_or("Bob's wallet did not find his output alone")?;
    row(
        "Litecoin MWEB: verify them, Bob's wallet scans",
        2,
        2,
        2 * size,
        t.elapsed(),
    );
    let hex_tx = include_str!("../data/mweb-pegin-secp256k1-zkp.hex");
    let t = Instant::now();
    let bytes = hex::decode(hex_tx.trim()).map_err(|e| format!("bundled MWEB peg-in: {e}"))?;
    let tx = Transaction::from_bytes(&bytes).map_err(|e| format!("bundled MWEB peg-in: {e}"))?;
    let report =
        verify_transaction(&tx, &mut OsRng).ok_or("the bundled peg-in has no MWEB data")?;
    if report.verdict() != Verdict::Valid {
        return Err("the bundled MWEB peg-in failed to verify".into());
    }
    row(
        "Litecoin MWEB peg-in (C-made proofs): verify",
        report.outputs.len(),
        report.outputs.len(),
        bytes.len(),
        t.elapsed(),
    );
    // The same MWEB data without its canonical side — no input paying for the peg-in, no
    // output locking it to the kernel: it balances, and would mint coins. Core refuses it.
    let t = Instant::now();
    let mut minting = tx.clone();
    minting.inputs.clear();
    minting.outputs.clear();
    let refused =
        verify_transaction(&minting, &mut OsRng).ok_or("the bundled peg-in has no MWEB data")?;
    let rule = refused.finding(Check::PegIns).map(|f| f.rule);
    if refused.verdict() != Verdict::Invalid || rule != Some("pegin-count-mismatch") {
        return Err("a peg-in without its canonical output was not refused".into());
    }
    row(
        "Litecoin MWEB: peg-in output removed: refused",
        report.outputs.len(),
        report.outputs.len(),
        bytes.len(),
        t.elapsed(),
    );
    Ok((size, found.value, report.outputs.len()))
}

/// Arithmetic-circuit rows: a shuffle of committed amounts (the reference's gadget and
/// transcript) and knowledge of a SHA-256 preimage. Returns the digest.
fn circuit_rows() -> Result<[u8; 32], String> {
    use curve25519_dalek::Scalar;
    use rangeproof::r1cs::gadgets::sha256::{prove_sha256_preimage, verify_sha256_preimage};
    use rangeproof::r1cs::gadgets::shuffle::{prove_shuffle, verify_shuffle};
    use rangeproof::r1cs::{generators as r1cs_gens, R1csConvention};

    let gens = r1cs_gens::dalek();
    let amounts = [1250u64, 8700, 50, 42, 7, 900, 3, 1250];
    let open = |v: &[u64]| -> Vec<(Scalar, Scalar)> {
        v.iter()
            .map(|v| (Scalar::from(*v), Ristretto255::random_scalar(&mut OsRng)))
            .collect()
    };
    let mut mixed = amounts;
    mixed.reverse();
    let t = Instant::now();
    let label = b"rangeproof demo mix";
    let proved = prove_shuffle(
        gens,
        R1csConvention::Dalek,
        label,
        &open(&amounts),
        &open(&mixed),
    )
    .map_err(|e| e.to_string())?;
    let size = proved.proof.to_bytes().len();
    row(
        "circuit: shuffle 8 committed amounts, prove",
        1,
        16,
        size,
        t.elapsed(),
    );
    let t = Instant::now();
    let (i, o) = (&proved.input_commitments, &proved.output_commitments);
    verify_shuffle(gens, R1csConvention::Dalek, label, i, o, &proved.proof)
        .map_err(|e| format!("demo shuffle proof failed to verify: {e}"))?;
    row("circuit: shuffle, verify", 1, 16, size, t.elapsed());

    let t = Instant::now();
    gens.prepare(1 << 15);
    row(
        "circuit: derive 2^15 generators (first use)",
        0,
        0,
        0,
        t.elapsed(),
    );
    let t = Instant::now();
    let (proof, digest) =
        prove_sha256_preimage(gens, R1csConvention::Bound, b"a secret only Alice knows")
            .map_err(|e| e.to_string())?;
    let size = proof.to_bytes().len();
    row("circuit: SHA-256 preimage, prove", 1, 0, size, t.elapsed());
    let t = Instant::now();
    verify_sha256_preimage(gens, R1csConvention::Bound, &digest, &proof)
        .map_err(|e| format!("demo SHA-256 proof failed to verify: {e}"))?;
    row("circuit: SHA-256 preimage, verify", 1, 0, size, t.elapsed());
    Ok(digest)
}

/// The bundled range proof of Grin's mainnet genesis coinbase output, and its commitment.
/// The instruction proof data of a proof made by the suite.
fn solana_proof_data(commitments: &[Vec<u8>], proof: &[u8]) -> Result<Vec<u8>, String> {
    let commitments = commitments
        .iter()
        .map(|c| <[u8; 32]>::try_from(c.as_slice()).map_err(|_| "a 32-byte commitment"))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(ProofData::new(commitments, vec![64, 64], proof.to_vec())
        .map_err(|e| e.to_string())?
        .to_bytes())
}

/// Verifies instruction proof data as the ZK ElGamal proof program would.
fn verify_solana(bytes: &[u8]) -> Result<(), String> {
    let data = ProofData::from_bytes(bytes).map_err(|e| e.to_string())?;
    Suite::SOLANA_BULLETPROOFS
        .verify(
            &data.statement(),
            data.proof(),
            &data.commitment_list(),
            &mut OsRng,
        )
        .map_err(|e| format!("Solana proof data failed to verify: {e}"))
}

/// A confidential transfer's range proof data made by solana-zk-sdk 8.1.0 (bundled: a case of
/// `vectors/solana-zk-sdk-instructions-ristretto255.json`).
fn solana_transfer() -> Result<Vec<u8>, String> {
    let json: serde_json::Value =
        serde_json::from_str(include_str!("../data/solana-transfer.json"))
            .map_err(|e| e.to_string())?;
    hex::decode(json["proof_data"].as_str().ok_or("proof_data")?).map_err(|e| e.to_string())
}

fn grin_genesis() -> Result<([u8; 33], Vec<u8>), String> {
    let json: serde_json::Value = serde_json::from_str(include_str!("../data/grin-genesis.json"))
        .map_err(|e| format!("bundled Grin genesis: {e}"))?;
    let field = |k: &str| {
        json[k]
            .as_str()
            .ok_or(format!("bundled Grin genesis: {k}"))
            .and_then(|h| hex::decode(h).map_err(|e| e.to_string()))
    };
    let commitment = <[u8; 33]>::try_from(field("commitment")?.as_slice())
        .map_err(|_| "bundled Grin genesis: commitment length".to_string())?;
    Ok((commitment, field("proof")?))
}

/// A Monero proof as serialized in its transaction, and the on-chain commitments.
struct MoneroCase {
    /// Bulletproofs+ (RCT type 6), else the original Bulletproofs.
    plus: bool,
    proof: Vec<u8>,
    commitments: Vec<[u8; 32]>,
}

/// The bundled Monero mainnet range proofs (`data/monero-mainnet.json`: the three RingCT
/// transactions the `monero-oxide` 0.1.0 crate package ships in its test vectors).
fn monero_mainnet() -> Result<Vec<MoneroCase>, String> {
    let json: serde_json::Value = serde_json::from_str(include_str!("../data/monero-mainnet.json"))
        .map_err(|e| format!("bundled vectors: {e}"))?;
    let cases = json["cases"]
        .as_array()
        .ok_or("bundled vectors: no cases")?;
    cases
        .iter()
        .map(|case| {
            let proof = hex::decode(case["proof"].as_str().ok_or("bundled vectors: proof")?)
                .map_err(|e| e.to_string())?;
            let commitments = case["commitments"]
                .as_array()
                .ok_or("bundled vectors: commitments")?
                .iter()
                .map(|c| {
                    let bytes = hex::decode(c.as_str().ok_or("bundled vectors: commitment")?)
                        .map_err(|e| e.to_string())?;
                    <[u8; 32]>::try_from(bytes.as_slice())
                        .map_err(|_| "bundled vectors: commitment length".to_string())
                })
                .collect::<Result<Vec<_>, String>>()?;
            Ok(MoneroCase {
                plus: case["scheme"] == "bulletproofs+",
                proof,
                commitments,
            })
        })
        .collect()
}
