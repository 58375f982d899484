//! The multi-party protocol in process, against our single prover and the reference crate's
//! `range_proof_mpc` (its dealer checking the shares), side by side: 16 parties of one 64-bit
//! value each. `cargo bench -p rangeproof --bench mpc`. Fresh values and blindings every run.

use std::time::Duration;

use criterion::Criterion;
use curve25519_dalek::Scalar;
use merlin::Transcript;
use rand::rngs::OsRng;
use rand::RngCore;
use rangeproof::bulletproofs::mpc::{Dealer, Party};
use rangeproof::deployments::dalek;
use rangeproof::{Group, RangeProof, Ristretto255};

mod common;
use common::{fmt, mean};

const M: usize = 16;
const N: usize = 64;

fn inputs() -> (Vec<u64>, Vec<Scalar>) {
    (
        (0..M).map(|_| OsRng.next_u64()).collect(),
        (0..M)
            .map(|_| Ristretto255::random_scalar(&mut OsRng))
            .collect(),
    )
}

fn ours_mpc(values: &[u64], blindings: &[Scalar]) -> RangeProof<Ristretto255> {
    let gens = dalek::generators();
    let dealer = Dealer::start(gens, Transcript::new(b"mpc bench"), N, M).unwrap();
    let mut parties = Vec::with_capacity(M);
    let mut msgs = Vec::with_capacity(M);
    for j in 0..M {
        let party = Party::new(gens, N, &values[j..=j], &blindings[j..=j]).unwrap();
        let (party, msg) = party.commit(j, &mut OsRng).unwrap();
        parties.push(party);
        msgs.push(msg);
    }
    let (dealer, c) = dealer.receive_bit_commitments(msgs, &mut OsRng).unwrap();
    let (parties, msgs): (Vec<_>, Vec<_>) = parties
        .into_iter()
        .map(|p| p.apply_challenge(&c).unwrap())
        .unzip();
    let (dealer, c) = dealer.receive_poly_commitments(msgs).unwrap();
    let shares = parties
        .into_iter()
        .map(|p| p.apply_challenge(&c).unwrap())
        .collect();
    dealer.receive_shares(shares, &mut OsRng).unwrap().0
}

fn reference_mpc(values: &[u64], blindings: &[Scalar]) -> bulletproofs::RangeProof {
    use bulletproofs::range_proof_mpc::{dealer::Dealer, party::Party};
    use bulletproofs::{BulletproofGens, PedersenGens};
    let (bp, pc) = (BulletproofGens::new(N, M), PedersenGens::default());
    let mut transcript = Transcript::new(b"mpc bench");
    let dealer = Dealer::new(&bp, &pc, &mut transcript, N, M).unwrap();
    let (parties, bits): (Vec<_>, Vec<_>) = (0..M)
        .map(|j| {
            let blinding =
                curve25519_dalek_v4::Scalar::from_canonical_bytes(blindings[j].to_bytes()).unwrap();
            Party::new(&bp, &pc, values[j], blinding, N)
                .unwrap()
                .assign_position(j)
                .unwrap()
        })
        .unzip();
    let (dealer, c) = dealer.receive_bit_commitments(bits).unwrap();
    let (parties, polys): (Vec<_>, Vec<_>) =
        parties.into_iter().map(|p| p.apply_challenge(&c)).unzip();
    let (dealer, c) = dealer.receive_poly_commitments(polys).unwrap();
    let shares: Vec<_> = parties
        .into_iter()
        .map(|p| p.apply_challenge(&c).unwrap())
        .collect();
    dealer.receive_shares(&shares).unwrap()
}

fn bench(c: &mut Criterion) {
    let gens = dalek::generators();
    gens.table(N, M);
    let mut group = c.benchmark_group("mpc_m16");
    group.sample_size(10);
    group.bench_function("ours_mpc", |b| {
        b.iter_batched(
            inputs,
            |(v, g)| ours_mpc(&v, &g),
            criterion::BatchSize::SmallInput,
        )
    });
    group.bench_function("ours_single", |b| {
        b.iter_batched(
            inputs,
            |(v, g)| {
                RangeProof::prove_multiple(
                    gens,
                    &mut Transcript::new(b"mpc bench"),
                    &v,
                    &g,
                    N,
                    &mut OsRng,
                )
                .unwrap()
            },
            criterion::BatchSize::SmallInput,
        )
    });
    group.bench_function("reference_mpc", |b| {
        b.iter_batched(
            inputs,
            |(v, g)| reference_mpc(&v, &g),
            criterion::BatchSize::SmallInput,
        )
    });
    group.finish();
}

fn summary() {
    let get = |f: &str| mean("mpc_m16", f);
    if let (Some(mpc), Some(single), Some(reference)) =
        (get("ours_mpc"), get("ours_single"), get("reference_mpc"))
    {
        println!("\n| 16 parties x one 64-bit value, in process, one thread | time | ratio |");
        println!("|---|---|---|");
        println!("| ours, dealer checking every share | {} | |", fmt(mpc));
        println!(
            "| our single prover, same proof | {} | ours MPC / single = {:.2} |",
            fmt(single),
            mpc / single
        );
        println!("| reference `range_proof_mpc`, dealer checking | {} | ours MPC / reference MPC = {:.2} |", fmt(reference), mpc / reference);
    }
}

fn main() {
    let mut c = Criterion::default()
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(5))
        .configure_from_args();
    bench(&mut c);
    c.final_summary();
    summary();
}
