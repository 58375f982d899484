//! `dapol-peer ACCOUNTS_CSV HEIGHT PROOFS`: builds the `dapol` 0.4 tree (NDM-SMT, one thread)
//! of the accounts in a CSV file (`id,balance`), then generates and verifies inclusion proofs
//! for the first `PROOFS` accounts, and prints the timings as one JSON object. The benchmark
//! script runs our build on the same file and height and reports the ratios.

use std::time::Instant;

use dapol::{
    AccumulatorType, DapolTree, Entity, EntityId, Height, MaxLiability, MaxThreadCount, Salt,
    Secret,
};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() != 4 {
        eprintln!("usage: dapol-peer ACCOUNTS_CSV HEIGHT PROOFS");
        std::process::exit(2);
    }
    let height: u8 = args[2].parse().expect("HEIGHT is an integer");
    let proofs: usize = args[3].parse().expect("PROOFS is an integer");
    let text = std::fs::read_to_string(&args[1]).expect("the accounts file is readable");
    let entities: Vec<Entity> = text
        .lines()
        .skip(1)
        .filter(|l| !l.is_empty())
        .map(|line| {
            let (id, balance) = line.split_once(',').expect("id,balance rows");
            Entity {
                id: id.parse::<EntityId>().expect("an id of at most 64 bytes"),
                liability: balance.parse().expect("an integer balance"),
            }
        })
        .collect();
    let ids: Vec<EntityId> = entities.iter().take(proofs).map(|e| e.id.clone()).collect();
    let accounts = entities.len();

    let started = Instant::now();
    let tree = DapolTree::new(
        AccumulatorType::NdmSmt,
        Secret::from(1u64),
        Salt::from(2u64),
        Salt::from(3u64),
        MaxLiability::default(),
        MaxThreadCount::from(1u8),
        Height::expect_from(height),
        entities,
    )
    .expect("the tree builds");
    let build = started.elapsed().as_secs_f64();

    let started = Instant::now();
    let made: Vec<_> = ids
        .iter()
        .map(|id| tree.generate_inclusion_proof(id).expect("a proof"))
        .collect();
    let prove = started.elapsed().as_secs_f64();

    let started = Instant::now();
    for proof in &made {
        proof.verify(*tree.root_hash()).expect("the proof verifies");
    }
    let verify = started.elapsed().as_secs_f64();
    let bytes: usize = made
        .iter()
        .map(|p| bincode::serialize(p).expect("serializes").len())
        .sum();

    println!(
        "{}",
        serde_json::json!({
            "accounts": accounts,
            "height": height,
            "bits": MaxLiability::default().as_range_proof_upper_bound_bit_length(),
            "build_seconds": build,
            "proofs": made.len(),
            "prove_seconds": prove,
            "verify_seconds": verify,
            "proof_bytes": bytes as f64 / made.len().max(1) as f64,
        })
    );
}
