//! Elements' proofs against libsecp256k1-zkp (the Elements fork, through the `secp256k1-zkp`
//! 0.11 crate), side by side in one run, one thread, alternating ours and theirs per
//! iteration, every iteration on another proof or fresh inputs: Borromean range proofs with
//! Liquid's parameters (verify, sign, rewind, and ours in a batch of 1000 against the C
//! library's single verification, per proof), surjection proofs over 3 and 256 inputs, and
//! the range proofs of the Liquid transactions of `vectors/elements-tx/`.
//!
//! `cargo bench -p rangeproof --bench versus_elements` (prints the CPU and one table).

use k256::elliptic_curve::Field;
use rand::rngs::OsRng;
use rand::Rng;
use rangeproof::liquid::{self, Transaction};
use rangeproof::secp256k1_zkp::borromean::{self, ProofParameters};
use rangeproof::secp256k1_zkp::generator::{
    generator_generate_blinded, Commitment, ValueGenerator,
};
use rangeproof::secp256k1_zkp::surjection;
use rangeproof::{BatchVerifier, Secp256k1};
use secp256k1_zkp as zkp;

mod common;
use common::{cpu, interleaved, row};

const POOL: usize = 16;
const BATCH: usize = 1000;

/// One Liquid output: our types and the C library's.
struct Output {
    proof: Vec<u8>,
    commitment: Commitment,
    generator: ValueGenerator,
    nonce: [u8; 32],
    c_commitment: zkp::PedersenCommitment,
    c_generator: zkp::Generator,
}

const SCRIPT: &[u8] = b"\x00\x14twenty-byte-program!";

fn scalar_bytes() -> [u8; 32] {
    k256::Scalar::random(&mut OsRng).to_bytes().into()
}

fn scalar(b: &[u8; 32]) -> k256::Scalar {
    rangeproof::liquid::secret_key(b).unwrap()
}

fn output(secp: &zkp::Secp256k1<zkp::All>) -> Output {
    let (tag, abf, vbf, nonce) = (
        OsRng.gen::<[u8; 32]>(),
        scalar_bytes(),
        scalar_bytes(),
        scalar_bytes(),
    );
    let value = OsRng.gen_range(1..1u64 << 50);
    let generator = generator_generate_blinded(&tag, &scalar(&abf)).unwrap();
    let message = [tag, abf].concat();
    let proved = borromean::prove(
        value,
        &scalar(&vbf),
        &generator,
        &nonce,
        &ProofParameters::LIQUID,
        &message,
        SCRIPT,
    )
    .unwrap();
    let c_generator = zkp::Generator::new_blinded(
        secp,
        zkp::Tag::from(tag),
        zkp::Tweak::from_inner(abf).unwrap(),
    );
    let c_commitment = zkp::PedersenCommitment::new(
        secp,
        value,
        zkp::Tweak::from_inner(vbf).unwrap(),
        c_generator,
    );
    Output {
        proof: proved.proof,
        commitment: proved.commitment,
        generator,
        nonce,
        c_commitment,
        c_generator,
    }
}

fn main() {
    let secp = zkp::Secp256k1::new();
    println!("CPU: {}\n", cpu());
    println!("| benchmark (one thread; alternating runs; varied inputs) | ours (median) | libsecp256k1-zkp (median) | median of ours / C |");
    println!("|---|---|---|---|");
    let pool: Vec<Output> = (0..POOL).map(|_| output(&secp)).collect();
    let c_proofs: Vec<zkp::RangeProof> = pool
        .iter()
        .map(|o| zkp::RangeProof::from_slice(&o.proof).unwrap())
        .collect();

    row(
        "Borromean verify (Liquid: 52 bits, 4174 bytes)",
        interleaved(
            200,
            |i| {
                let o = &pool[i % POOL];
                borromean::verify(&o.proof, &o.commitment, &o.generator, SCRIPT).unwrap();
            },
            |i| {
                let o = &pool[i % POOL];
                c_proofs[i % POOL]
                    .verify(&secp, o.c_commitment, SCRIPT, o.c_generator)
                    .unwrap();
            },
        ),
    );
    row(
        "Borromean rewind",
        interleaved(
            100,
            |i| {
                let o = &pool[i % POOL];
                borromean::rewind(&o.proof, &o.commitment, &o.generator, SCRIPT, &o.nonce).unwrap();
            },
            |i| {
                let o = &pool[i % POOL];
                c_proofs[i % POOL]
                    .rewind(
                        &secp,
                        o.c_commitment,
                        zkp::SecretKey::from_slice(&o.nonce).unwrap(),
                        SCRIPT,
                        o.c_generator,
                    )
                    .unwrap();
            },
        ),
    );
    // Signing: fresh amounts, blinding factors and nonces every round, the same for both.
    // (value, asset tag, asset blinding, value blinding, nonce)
    type SignInputs = (u64, [u8; 32], [u8; 32], [u8; 32], [u8; 32]);
    let inputs: Vec<SignInputs> = (0..62)
        .map(|_| {
            (
                OsRng.gen_range(1..1u64 << 50),
                OsRng.gen(),
                scalar_bytes(),
                scalar_bytes(),
                scalar_bytes(),
            )
        })
        .collect();
    row(
        "Borromean sign (Liquid parameters)",
        interleaved(
            60,
            |i| {
                let (value, tag, abf, vbf, nonce) = &inputs[i];
                let generator = generator_generate_blinded(tag, &scalar(abf)).unwrap();
                borromean::prove(
                    *value,
                    &scalar(vbf),
                    &generator,
                    nonce,
                    &ProofParameters::LIQUID,
                    &[*tag, *abf].concat(),
                    SCRIPT,
                )
                .unwrap();
            },
            |i| {
                let (value, tag, abf, vbf, nonce) = &inputs[i];
                let g = zkp::Generator::new_blinded(
                    &secp,
                    zkp::Tag::from(*tag),
                    zkp::Tweak::from_inner(*abf).unwrap(),
                );
                let c = zkp::PedersenCommitment::new(
                    &secp,
                    *value,
                    zkp::Tweak::from_inner(*vbf).unwrap(),
                    g,
                );
                zkp::RangeProof::new(
                    &secp,
                    1,
                    c,
                    *value,
                    zkp::Tweak::from_inner(*vbf).unwrap(),
                    &[*tag, *abf].concat(),
                    SCRIPT,
                    zkp::SecretKey::from_slice(nonce).unwrap(),
                    0,
                    52,
                    g,
                )
                .unwrap();
            },
        ),
    );
    // A batch of 1000 against the C library's single verification, per proof.
    let one_batch = || {
        let mut batch: BatchVerifier<'static, Secp256k1> = BatchVerifier::new();
        for k in 0..BATCH {
            let o = &pool[k % POOL];
            batch.add_deferred(
                borromean::pending(&o.proof, &o.commitment, &o.generator, SCRIPT).unwrap(),
            );
        }
        batch.verify().unwrap();
    };
    let (o, t, _) = interleaved(
        5,
        |_| one_batch(),
        |i| {
            for k in 0..BATCH {
                let o = &pool[(i + k) % POOL];
                c_proofs[(i + k) % POOL]
                    .verify(&secp, o.c_commitment, SCRIPT, o.c_generator)
                    .unwrap();
            }
        },
    );
    row(
        &format!("Borromean, batch of {BATCH}, per proof (theirs: single verify)"),
        (o / BATCH as f64, t / BATCH as f64, o / t),
    );

    for (n, used) in [(3usize, 3usize), (256, 3), (256, 256)] {
        let cases: Vec<_> = (0..8)
            .map(|_| {
                let tags: Vec<[u8; 32]> = (0..n).map(|_| OsRng.gen()).collect();
                let abfs: Vec<[u8; 32]> = (0..n).map(|_| scalar_bytes()).collect();
                let inputs: Vec<ValueGenerator> = tags
                    .iter()
                    .zip(&abfs)
                    .map(|(t, b)| generator_generate_blinded(t, &scalar(b)).unwrap())
                    .collect();
                let real = OsRng.gen_range(0..n);
                let out_abf = scalar_bytes();
                let output = generator_generate_blinded(&tags[real], &scalar(&out_abf)).unwrap();
                let mut ring: Vec<usize> = (0..n).filter(|&j| j != real).collect();
                ring.truncate(used - 1);
                ring.push(real);
                let selection = surjection::Selection::new(n, &ring, real).unwrap();
                let proof = surjection::generate(
                    &selection,
                    &inputs,
                    &output,
                    &scalar(&abfs[real]),
                    &scalar(&out_abf),
                    None,
                )
                .unwrap();
                let c_inputs: Vec<zkp::Generator> = inputs
                    .iter()
                    .map(|g| zkp::Generator::from_slice(&g.to_bytes()).unwrap())
                    .collect();
                let c_output = zkp::Generator::from_slice(&output.to_bytes()).unwrap();
                let c_proof = zkp::SurjectionProof::from_slice(&proof.to_bytes()).unwrap();
                (proof, inputs, output, c_proof, c_inputs, c_output)
            })
            .collect();
        row(
            &format!("surjection verify, {n} inputs, {used} in the ring"),
            interleaved(
                if used > 100 { 20 } else { 200 },
                |i| {
                    let (p, inputs, output, ..) = &cases[i % 8];
                    surjection::verify(p, inputs, output).unwrap();
                },
                |i| {
                    let (_, _, _, c, ci, co) = &cases[i % 8];
                    assert!(c.verify(&secp, *co, ci));
                },
            ),
        );
    }

    // The Liquid transactions: parse and verify every range proof (ours: in one batch;
    // theirs: each with the C library, parsed by rust-elements), per transaction.
    let txs: Vec<Vec<u8>> = [
        "1in2out_tx",
        "1in3out_tx",
        "2in3out_tx",
        "2in3out_tx2",
        "2in4out_tx",
        "2in5out_tx",
        "3in3out_tx",
        "4in3out_tx",
    ]
    .iter()
    .map(|name| {
        let path = format!(
            "{}/../vectors/elements-tx/{name}.hex",
            env!("CARGO_MANIFEST_DIR")
        );
        hex::decode(std::fs::read_to_string(path).unwrap().trim()).unwrap()
    })
    .collect();
    let proofs: usize = txs
        .iter()
        .map(|t| {
            Transaction::from_bytes(t)
                .unwrap()
                .outputs()
                .filter(|o| !o.rangeproof.is_empty())
                .count()
        })
        .sum();
    let (o, t, r) = interleaved(
        30,
        |i| {
            let tx = Transaction::from_bytes(&txs[i % txs.len()]).unwrap();
            let report = liquid::verify_transaction(&tx, None).unwrap();
            assert_ne!(report.verdict(), liquid::TransactionVerdict::Invalid);
        },
        |i| {
            let tx: elements::Transaction =
                elements::encode::deserialize(&txs[i % txs.len()]).unwrap();
            for out in &tx.output {
                if let (
                    elements::confidential::Value::Confidential(c),
                    elements::confidential::Asset::Confidential(g),
                    Some(p),
                ) = (out.value, out.asset, out.witness.rangeproof.as_ref())
                {
                    p.verify(&secp, c, out.script_pubkey.as_bytes(), g).unwrap();
                }
            }
        },
    );
    row(
        &format!(
            "Liquid transaction: parse, verify its range proofs ({} txs, {proofs} proofs; per tx)",
            txs.len()
        ),
        (o, t, r),
    );
}
