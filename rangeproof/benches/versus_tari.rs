//! Our Bulletproofs+ against Tari's `tari_bulletproofs_plus` 0.5, side by side in one run, with
//! ratios; plus our own Bulletproofs at the same shapes.
//!
//! `cargo bench --bench versus_tari` (add a filter argument to run a subset). Every iteration
//! uses a different proof or fresh random values. Both libraries run on `curve25519-dalek` 5
//! with the IFMA backend enabled by `.cargo/config.toml`.

use std::time::Duration;

use criterion::Criterion;
use curve25519_dalek::{RistrettoPoint, Scalar};
use merlin::Transcript;
use rand::rngs::OsRng;
use rand::RngCore;
use rangeproof::bulletproofs_plus::Statement;
use rangeproof::deployments::{dalek, tari};
use rangeproof::{BatchVerifier, Group, RangeProof, RangeProofPlus, Ristretto255};
use tari_bulletproofs_plus::commitment_opening::CommitmentOpening;
use tari_bulletproofs_plus::generators::pedersen_gens::ExtensionDegree;
use tari_bulletproofs_plus::range_parameters::RangeParameters;
use tari_bulletproofs_plus::range_proof::{RangeProof as TariProof, VerifyAction};
use tari_bulletproofs_plus::range_statement::RangeStatement;
use tari_bulletproofs_plus::range_witness::RangeWitness;
use tari_bulletproofs_plus::ristretto::create_pedersen_gens_with_extension_degree;

mod common;
use common::{fmt, mean};

const LABEL: &[u8] = b"bench";
const N: usize = 64;
const ROTATION: usize = 8;
const BATCH: usize = 1024;
const STATEMENT: Statement<'static> = Statement {
    bits: N,
    extension_degree: 1,
    minimum_values: None,
};

fn values(m: usize) -> Vec<u64> {
    (0..m).map(|_| OsRng.next_u64()).collect()
}

fn blindings(m: usize) -> Vec<[Scalar; 1]> {
    (0..m)
        .map(|_| [Ristretto255::random_scalar(&mut OsRng)])
        .collect()
}

struct Ours {
    proof: RangeProofPlus<Ristretto255>,
    commitments: Vec<[u8; 32]>,
}

fn ours(m: usize) -> Ours {
    let (proof, c) = RangeProofPlus::prove(
        tari::generators(),
        &mut Transcript::new(LABEL),
        &STATEMENT,
        &values(m),
        &blindings(m),
        None,
        &mut OsRng,
    )
    .unwrap();
    Ours {
        proof,
        commitments: c.iter().map(|c| c.bytes).collect(),
    }
}

struct OursBp {
    proof: RangeProof<Ristretto255>,
    commitments: Vec<[u8; 32]>,
}

fn ours_bp(m: usize) -> OursBp {
    let b: Vec<Scalar> = blindings(m).iter().map(|b| b[0]).collect();
    let (proof, c) = RangeProof::prove_multiple(
        dalek::generators(),
        &mut Transcript::new(LABEL),
        &values(m),
        &b,
        N,
        &mut OsRng,
    )
    .unwrap();
    OursBp {
        proof,
        commitments: c.iter().map(|c| c.bytes).collect(),
    }
}

fn params(m: usize) -> RangeParameters<RistrettoPoint> {
    RangeParameters::init(
        N,
        m,
        create_pedersen_gens_with_extension_degree(ExtensionDegree::DefaultPedersen),
    )
    .unwrap()
}

/// A Tari statement and witness for fresh random values.
fn tari_inputs(
    params: &RangeParameters<RistrettoPoint>,
    m: usize,
) -> (RangeStatement<RistrettoPoint>, RangeWitness) {
    let v = values(m);
    let b = blindings(m);
    let commitments: Vec<RistrettoPoint> = v
        .iter()
        .zip(&b)
        .map(|(v, b)| params.pc_gens().commit(&Scalar::from(*v), &b[..]).unwrap())
        .collect();
    let statement = RangeStatement::init(params.clone(), commitments, vec![None; m], None).unwrap();
    let openings = v
        .iter()
        .zip(&b)
        .map(|(v, b)| CommitmentOpening::new(*v, b.to_vec()))
        .collect();
    (statement, RangeWitness::init(openings).unwrap())
}

fn theirs(
    params: &RangeParameters<RistrettoPoint>,
    m: usize,
) -> (RangeStatement<RistrettoPoint>, TariProof<RistrettoPoint>) {
    let (statement, witness) = tari_inputs(params, m);
    let proof = TariProof::prove(
        &mut tari_merlin::Transcript::new(LABEL),
        &statement,
        &witness,
    )
    .unwrap();
    (statement, proof)
}

fn bench_verify(c: &mut Criterion) {
    let gens = tari::generators();
    for m in [1usize, 16] {
        let mut group = c.benchmark_group(format!("plus_verify_n64_m{m}"));
        let our_proofs: Vec<Ours> = (0..ROTATION).map(|_| ours(m)).collect();
        let our_bp: Vec<OursBp> = (0..ROTATION).map(|_| ours_bp(m)).collect();
        let p = params(m);
        let their_proofs: Vec<_> = (0..ROTATION).map(|_| theirs(&p, m)).collect();
        gens.table(N, m);
        dalek::generators().table(N, m);
        let mut i = 0;
        group.bench_function("ours", |b| {
            b.iter(|| {
                let p = &our_proofs[i % ROTATION];
                i += 1;
                p.proof
                    .verify(
                        gens,
                        &mut Transcript::new(LABEL),
                        &STATEMENT,
                        &p.commitments,
                        &mut OsRng,
                    )
                    .unwrap()
            })
        });
        group.bench_function("tari", |b| {
            b.iter(|| {
                let (statement, proof) = &their_proofs[i % ROTATION];
                i += 1;
                TariProof::verify_batch(
                    &mut [tari_merlin::Transcript::new(LABEL)],
                    core::slice::from_ref(statement),
                    core::slice::from_ref(proof),
                    VerifyAction::VerifyOnly,
                )
                .unwrap()
            })
        });
        group.bench_function("ours_bulletproofs", |b| {
            b.iter(|| {
                let p = &our_bp[i % ROTATION];
                i += 1;
                p.proof
                    .verify_multiple(
                        dalek::generators(),
                        &mut Transcript::new(LABEL),
                        &p.commitments,
                        N,
                        &mut OsRng,
                    )
                    .unwrap()
            })
        });
        group.finish();
    }
}

fn bench_batch(c: &mut Criterion) {
    let gens = tari::generators();
    let mut group = c.benchmark_group(format!("plus_batch_verify_n64_m1_x{BATCH}"));
    group.sample_size(10);
    let sets: Vec<Vec<Ours>> = (0..2)
        .map(|_| (0..BATCH).map(|_| ours(1)).collect())
        .collect();
    let p = params(1);
    let their_sets: Vec<(Vec<_>, Vec<_>)> = (0..2)
        .map(|_| (0..BATCH).map(|_| theirs(&p, 1)).unzip())
        .collect();
    let mut i = 0;
    group.bench_function("ours", |b| {
        b.iter(|| {
            let set = &sets[i % 2];
            i += 1;
            let mut batch = BatchVerifier::new();
            for p in set {
                batch.add_bulletproof_plus(
                    gens,
                    &p.proof,
                    &mut Transcript::new(LABEL),
                    &STATEMENT,
                    &p.commitments,
                    &mut OsRng,
                );
            }
            batch.verify().unwrap()
        })
    });
    group.bench_function("tari", |b| {
        b.iter(|| {
            let (statements, proofs) = &their_sets[i % 2];
            i += 1;
            let mut transcripts: Vec<_> = (0..BATCH)
                .map(|_| tari_merlin::Transcript::new(LABEL))
                .collect();
            TariProof::verify_batch(
                &mut transcripts,
                statements,
                proofs,
                VerifyAction::VerifyOnly,
            )
            .unwrap()
        })
    });
    group.finish();
}

fn bench_prove(c: &mut Criterion) {
    let gens = tari::generators();
    for m in [1usize, 16] {
        let mut group = c.benchmark_group(format!("plus_prove_n64_m{m}"));
        if m > 1 {
            group.sample_size(10);
        }
        group.bench_function("ours", |b| {
            b.iter_batched(
                || (values(m), blindings(m)),
                |(v, bl)| {
                    RangeProofPlus::prove(
                        gens,
                        &mut Transcript::new(LABEL),
                        &STATEMENT,
                        &v,
                        &bl,
                        None,
                        &mut OsRng,
                    )
                    .unwrap()
                },
                criterion::BatchSize::SmallInput,
            )
        });
        let p = params(m);
        group.bench_function("tari", |b| {
            b.iter_batched(
                || tari_inputs(&p, m),
                |(statement, witness)| {
                    TariProof::prove(
                        &mut tari_merlin::Transcript::new(LABEL),
                        &statement,
                        &witness,
                    )
                    .unwrap()
                },
                criterion::BatchSize::SmallInput,
            )
        });
        group.finish();
    }
}

fn summary(filter: Option<&str>) {
    let selected = |name: &str| filter.is_none_or(|f| name.contains(f));
    println!("\n| benchmark (n = 64, one thread) | ours | Tari | ours / Tari |");
    println!("|---|---|---|---|");
    for m in [1usize, 16] {
        for op in ["verify", "prove"] {
            let group = format!("plus_{op}_n64_m{m}");
            if selected(&group) {
                if let (Some(o), Some(t)) = (mean(&group, "ours"), mean(&group, "tari")) {
                    println!(
                        "| BP+ {op}, m = {m} | {} | {} | {:.2} |",
                        fmt(o),
                        fmt(t),
                        o / t
                    );
                }
            }
        }
    }
    let group = format!("plus_batch_verify_n64_m1_x{BATCH}");
    if selected(&group) {
        if let (Some(o), Some(t)) = (mean(&group, "ours"), mean(&group, "tari")) {
            let (o, t) = (o / BATCH as f64, t / BATCH as f64);
            println!(
                "| BP+ batch verify {BATCH} proofs (m = 1), per proof | {} | {} | {:.2} |",
                fmt(o),
                fmt(t),
                o / t
            );
        }
    }
    println!("\n| our BP+ against our Bulletproofs (n = 64) | BP+ | BP | BP+ / BP |");
    println!("|---|---|---|---|");
    for m in [1usize, 16] {
        let group = format!("plus_verify_n64_m{m}");
        if let (Some(p), Some(b)) = (mean(&group, "ours"), mean(&group, "ours_bulletproofs")) {
            println!(
                "| verify, m = {m} | {} | {} | {:.2} |",
                fmt(p),
                fmt(b),
                p / b
            );
        }
    }
    for (m, d) in [(1usize, 1usize), (16, 1), (1, 3)] {
        println!(
            "| proof size, m = {m}, extension degree {d} | {} B | {} B | |",
            RangeProofPlus::<Ristretto255>::size_for(N, m, d),
            RangeProof::<Ristretto255>::size_for(N, m)
        );
    }
}

fn main() {
    let filter = std::env::args().skip(1).find(|a| !a.starts_with("--"));
    let mut c = Criterion::default()
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(4))
        .sample_size(20)
        .configure_from_args();
    bench_verify(&mut c);
    bench_batch(&mut c);
    bench_prove(&mut c);
    c.final_summary();
    summary(filter.as_deref());
}
