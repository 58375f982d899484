//! Fuzz target bodies for Bulletproofs++ ([`rangeproof::bulletproofs_pp`]), where no peer
//! exists: our optimized verifier against the slow reference verifier written separately from
//! the paper's equations (`bulletproofs_pp::reference`).
//!
//! * `verify_bppp`: over fixed valid proofs (both conventions, a few shapes, made once from a
//!   fixed seed), the input as a whole proof (first byte even) or an XOR mask over a valid one
//!   (first byte odd; the mask's third byte, when odd, also cuts or extends it): both verifiers
//!   give the same verdict, and a proof that differs from the valid one is rejected.
//! * `decode_bppp`: the input as a proof for a statement it also chooses (bits, values, base,
//!   minimums, convention): no panic, and the batch path (`PendingRangeProof`) agrees with the
//!   single verification on whether the bytes decode.

use std::sync::OnceLock;

use super::mask::proof_from;

use rand::{rngs::StdRng, Rng, SeedableRng};
use rangeproof::bulletproofs_pp::{
    self as bppp, reference, BpppGenerators, Convention, Merlin, Shape, Statement,
};
use rangeproof::equation::PendingVerification;
use rangeproof::secp256k1_zkp::bppp::Secp256k1Zkp;
use rangeproof::{EncodedPoint, Group};

struct Base<C: Convention> {
    shape: Shape,
    generators: BpppGenerators<C::Group>,
    commitments: Vec<EncodedPoint<C::Group>>,
    minimums: Vec<u64>,
    proof: Vec<u8>,
}

impl<C: Convention> Base<C> {
    fn statement(&self) -> Statement<'_, C> {
        Statement {
            shape: self.shape,
            generators: &self.generators,
            commitments: &self.commitments,
            minimums: &self.minimums,
            extra: b"fuzz",
        }
    }
}

fn make<C: Convention>(bits: usize, m: usize, base: Option<usize>, seed: u64) -> Base<C> {
    let mut rng = StdRng::seed_from_u64(seed);
    let shape = Shape::new(bits, m, base).expect("a valid shape");
    let generators = C::standard_generators(shape.g_len());
    let minimums: Vec<u64> = (0..m as u64).map(|j| j * 3).collect();
    let values: Vec<u64> = minimums
        .iter()
        .map(|min| min + (rng.gen::<u64>() >> (64 - bits)))
        .collect();
    let blindings: Vec<_> = (0..m)
        .map(|_| <C::Group>::random_scalar(&mut rng))
        .collect();
    let points: Vec<_> = values
        .iter()
        .zip(&blindings)
        .map(|(v, b)| generators.commit(*v, b))
        .collect();
    let commitments = EncodedPoint::from_points(&points);
    let mut base = Base {
        shape,
        generators,
        commitments,
        minimums,
        proof: Vec::new(),
    };
    base.proof = bppp::prove(&base.statement(), &values, &blindings, &mut rng).expect("proves");
    base
}

fn ristretto_bases() -> &'static [Base<Merlin>] {
    static BASES: OnceLock<Vec<Base<Merlin>>> = OnceLock::new();
    BASES.get_or_init(|| {
        vec![
            make::<Merlin>(64, 1, None, 1),
            make::<Merlin>(8, 3, Some(2), 2),
        ]
    })
}

fn secp_bases() -> &'static [Base<Secp256k1Zkp>] {
    static BASES: OnceLock<Vec<Base<Secp256k1Zkp>>> = OnceLock::new();
    BASES.get_or_init(|| {
        vec![
            make::<Secp256k1Zkp>(16, 1, Some(4), 3),
            make::<Secp256k1Zkp>(32, 2, None, 4),
        ]
    })
}

fn check<C: Convention>(base: &Base<C>, data: &[u8]) {
    let proof = proof_from(data, &base.proof);
    let statement = base.statement();
    let fast = bppp::verify(&statement, &proof).is_ok();
    let slow = reference::verify(&statement, &proof);
    assert_eq!(fast, slow, "the verifiers disagree");
    if proof != base.proof {
        assert!(!fast, "a changed proof verified");
    } else {
        assert!(fast, "the valid proof failed");
    }
    // The batch path: the same verdict.
    let pending = bppp::PendingRangeProof::new(&statement, &proof);
    let batch = pending.equation().is_some_and(|e| e.holds());
    assert_eq!(batch, fast, "the batch equation disagrees");
}

pub fn verify_bppp(data: &[u8]) {
    let pick = data.get(1).copied().unwrap_or(0) as usize;
    if pick.is_multiple_of(2) {
        let bases = ristretto_bases();
        check(&bases[(pick / 2) % bases.len()], data);
    } else {
        let bases = secp_bases();
        check(&bases[(pick / 2) % bases.len()], data);
    }
}

fn statement_check<C: Convention>(data: &[u8]) {
    let bits = [8, 16, 32, 64][data.first().map_or(0, |b| *b as usize) % 4];
    let m = 1 + data.get(1).map_or(0, |b| *b as usize) % 4;
    let base = [None, Some(2), Some(4), Some(16), Some(256), Some(3)]
        [data.get(2).map_or(0, |b| *b as usize) % 6];
    let Ok(shape) = Shape::new(bits, m, base) else {
        return;
    };
    let generators = C::standard_generators(shape.g_len());
    let points: Vec<_> = (0..m as u64)
        .map(|v| generators.commit(v, &<C::Group>::one()))
        .collect();
    let commitments = EncodedPoint::from_points(&points);
    let minimums: Vec<u64> = data
        .get(3..3 + m)
        .map_or(Vec::new(), |b| b.iter().map(|x| u64::from(*x)).collect());
    let statement = Statement::<C> {
        shape,
        generators: &generators,
        commitments: &commitments,
        minimums: &minimums,
        extra: &[],
    };
    let proof = data.get(3 + m..).unwrap_or(&[]);
    let single = bppp::verify(&statement, proof);
    let pending = bppp::PendingRangeProof::new(&statement, proof);
    // Random bytes never verify; the batch path refuses them too (at decoding or after).
    assert!(single.is_err());
    assert!(!pending.equation().is_some_and(|e| e.holds()));
}

pub fn decode_bppp(data: &[u8]) {
    match data.first() {
        Some(b) if b % 2 == 1 => statement_check::<Secp256k1Zkp>(&data[1..]),
        Some(_) => statement_check::<Merlin>(&data[1..]),
        None => {}
    }
}
