//! Each gadget of `rangeproof::r1cs::gadgets`, used once: a circuit built by the prover (with
//! values) and by the verifier (without), proved and verified.
//!
//! `cargo run --release -p rangeproof --example gadgets`

use curve25519_dalek::Scalar;
use merlin::Transcript;
use rand_core::OsRng;
use rangeproof::r1cs::gadgets::{boolean, comparison, merkle, range, sha256, shuffle};
use rangeproof::r1cs::{generators, ConstraintSystem, Prover, R1csConvention, R1csError, Verifier};
use rangeproof::{Group, Ristretto255};

type G = Ristretto255;

/// Commits `values` on a prover and a verifier, runs `circuit` on both (the verifier's call
/// gets `None` for the values), proves and verifies; prints the gadget's size.
fn run(
    name: &str,
    values: &[u64],
    circuit: impl Fn(
        &mut dyn Builder,
        &[rangeproof::r1cs::Variable],
        Option<&[u64]>,
    ) -> Result<(), R1csError>,
) -> Result<(), R1csError> {
    let gens = generators::dalek();
    let mut prover = Prover::new(
        gens,
        R1csConvention::Bound,
        Transcript::new(b"gadget example"),
    );
    let (commitments, vars): (Vec<_>, Vec<_>) = values
        .iter()
        .map(|v| prover.commit(Scalar::from(*v), G::random_scalar(&mut OsRng)))
        .unzip();
    circuit(&mut prover, &vars, Some(values))?;
    let multipliers = prover.metrics().multipliers;
    let proof = prover.prove()?;

    let mut verifier = Verifier::new(
        gens,
        R1csConvention::Bound,
        Transcript::new(b"gadget example"),
    );
    let vars = commitments
        .iter()
        .map(|c| verifier.commit(c))
        .collect::<Result<Vec<_>, _>>()?;
    circuit(&mut verifier, &vars, None)?;
    verifier.verify(&proof)?;
    println!(
        "{name:<12} {multipliers:>6} multipliers, {:>5}-byte proof: verified",
        proof.to_bytes().len()
    );
    Ok(())
}

/// The constraint-system calls the examples need, object-safe (gadgets take any
/// `ConstraintSystem<G>`; this trait lets one closure serve prover and verifier).
trait Builder: ConstraintSystem<G> {}
impl<T: ConstraintSystem<G>> Builder for T {}

fn main() -> Result<(), R1csError> {
    // boolean: a committed flag is 0 or 1.
    run("boolean", &[1], |cs, v, _| {
        boolean::constrain_boolean(cs, v[0].into());
        Ok(())
    })?;
    // range: a committed amount lies in [0, 2^32).
    run("range", &[1_000_000], |cs, v, values| {
        range::range_proof(cs, v[0].into(), values.map(|x| x[0]), 32)
    })?;
    // comparison: a committed bid is below a committed limit (both 32-bit).
    run("comparison", &[700, 1000], |cs, v, values| {
        comparison::less_than(
            cs,
            v[0].into(),
            v[1].into(),
            values.map(|x| (x[0], x[1])),
            32,
        )
    })?;
    // merkle: a committed leaf is in a depth-8 tree with a public root.
    let leaf = Scalar::from(42u64);
    let path: Vec<merkle::PathStep<G>> = (0..8u64)
        .map(|i| (Scalar::from(1000 + i), i % 3 == 0))
        .collect();
    let root = merkle::merkle_root::<G>(leaf, &path);
    run("merkle", &[42], |cs, v, values| {
        let witness = values.map(|_| (leaf, &path[..]));
        merkle::merkle_membership(cs, v[0].into(), path.len(), witness, root)
    })?;

    // shuffle and SHA-256 have their own entry points (a shuffle draws a challenge after the
    // commitments; SHA-256 takes a message, not committed values).
    let gens = generators::dalek();
    let open = |v: &[u64]| -> Vec<shuffle::Opening<G>> {
        v.iter()
            .map(|x| (Scalar::from(*x), G::random_scalar(&mut OsRng)))
            .collect()
    };
    let proved = shuffle::prove_shuffle(
        gens,
        R1csConvention::Dalek,
        b"example",
        &open(&[5, 3, 9, 3]),
        &open(&[3, 9, 3, 5]),
    )?;
    let (i, o) = (&proved.input_commitments, &proved.output_commitments);
    shuffle::verify_shuffle(gens, R1csConvention::Dalek, b"example", i, o, &proved.proof)?;
    println!("shuffle      (k = 4, reference transcript): verified");
    let (proof, digest) = sha256::prove_sha256_preimage(gens, R1csConvention::Bound, b"hello")?;
    sha256::verify_sha256_preimage(gens, R1csConvention::Bound, &digest, &proof)?;
    println!(
        "sha256       (preimage of {}…): verified",
        hex_prefix(&digest)
    );
    Ok(())
}

fn hex_prefix(bytes: &[u8]) -> String {
    bytes[..6].iter().map(|b| format!("{b:02x}")).collect()
}
