//! A statistical constant-time check of the prover's secret-dependent steps (dudect: Reparaz,
//! Balasch, Verbauwhede, eprint 2016/1123), with `dudect-bencher`.
//!
//! Each test times one operation on two classes of secret inputs, interleaved at random: *Left*
//! a fixed secret (the value 0 and one fixed blinding), *Right* fresh random secrets (values
//! across the whole range, 2^n − 1 among them). Welch's t-test compares the two timing
//! distributions at many percentile crops; |t| above 5 means the secret leaks through timing.
//! A small |t| is evidence, not proof: dudect only finds leaks these classes provoke.
//!
//! Run: `cargo bench -p rangeproof --bench constant_time` (add `-- --continuous <name>` to keep
//! sampling one test). The t-statistics of a run are recorded in SECURITY.md.

use curve25519_dalek::Scalar;
use dudect_bencher::ctbench::{run_benches_console, BenchFn, BenchMetadata, BenchName, BenchOpts};
use dudect_bencher::{BenchRng, Class, CtRunner};
use merlin::Transcript;
use rand::rngs::OsRng;
use rand::Rng;
use rangeproof::bulletproofs_plus::Statement;
use rangeproof::deployments::monero::transcript::MoneroTranscript;
use rangeproof::deployments::{dalek, monero, tari};
use rangeproof::{Ed25519, Group, RangeProof, RangeProofPlus, Ristretto255};

/// One secret input: a value and its blinding.
struct Secret {
    class: Class,
    value: u64,
    blinding: Scalar,
}

/// `count` inputs, each Left (fixed) or Right (random) by a fair coin.
fn secrets(count: usize, bits: u32) -> Vec<Secret> {
    let fixed = Ristretto255::random_scalar(&mut OsRng);
    (0..count)
        .map(|k| {
            if OsRng.gen::<bool>() {
                Secret {
                    class: Class::Left,
                    value: 0,
                    blinding: fixed,
                }
            } else {
                let value = match k % 8 {
                    0 => u64::MAX >> (64 - bits), // all ones
                    _ => OsRng.gen::<u64>() >> (64 - bits),
                };
                Secret {
                    class: Class::Right,
                    value,
                    blinding: Ristretto255::random_scalar(&mut OsRng),
                }
            }
        })
        .collect()
}

/// A Pedersen commitment v·B + γ·B̃: the constant-time MSM on secret scalars.
fn pedersen_commit(runner: &mut CtRunner, _rng: &mut BenchRng) {
    let pc = dalek::generators().pedersen();
    for s in secrets(400_000, 64) {
        runner.run_one(s.class, || pc.commit(Scalar::from(s.value), s.blinding));
    }
}

/// A whole Bulletproofs proof (8 bits, dalek): bit commitments by constant-time selection,
/// polynomial arithmetic, and the inner-product argument (variable-time over l(x), r(x), which
/// s_L, s_R mask uniformly: its timing must not depend on the value either).
fn bulletproofs_prove_n8(runner: &mut CtRunner, _rng: &mut BenchRng) {
    let gens = dalek::generators();
    for s in secrets(60_000, 8) {
        runner.run_one(s.class, || {
            RangeProof::prove_single(
                gens,
                &mut Transcript::new(b"ct"),
                s.value,
                &s.blinding,
                8,
                &mut OsRng,
            )
            .expect("proves")
        });
    }
}

/// A whole Bulletproofs+ proof (8 bits, Tari): the weighted inner-product argument.
fn bulletproofs_plus_prove_n8(runner: &mut CtRunner, _rng: &mut BenchRng) {
    let gens = tari::generators();
    let statement = Statement {
        bits: 8,
        extension_degree: 1,
        minimum_values: None,
    };
    for s in secrets(60_000, 8) {
        runner.run_one(s.class, || {
            RangeProofPlus::prove(
                gens,
                &mut Transcript::new(b"ct"),
                &statement,
                &[s.value],
                &[[s.blinding]],
                None,
                &mut OsRng,
            )
            .expect("proves")
        });
    }
}

/// A Monero Bulletproofs+ proof (64 bits, Ed25519: points published times 8⁻¹).
fn monero_bulletproofs_plus_prove(runner: &mut CtRunner, _rng: &mut BenchRng) {
    let gens = monero::bulletproofs_plus_generators();
    let statement = Statement {
        bits: 64,
        extension_degree: 1,
        minimum_values: None,
    };
    for s in secrets(6_000, 64) {
        runner.run_one(s.class, || {
            RangeProofPlus::<Ed25519>::prove(
                gens,
                &mut MoneroTranscript::bulletproofs_plus(),
                &statement,
                &[s.value],
                &[[s.blinding]],
                None,
                &mut OsRng,
            )
            .expect("proves")
        });
    }
}

/// The negative control: a variable-time scalar multiplication (the verifier's kind), on the
/// same classes. It must show a large |t|, or the harness could not see a leak at all.
/// secp256k1's constant-time MSM (signed radix-16 Straus, full-table scans), as the Grin prover
/// computes S: 16 fixed points, secret scalars (fixed vs random, with the edge 2^64 - 1).
fn secp256k1_constant_time_msm(runner: &mut CtRunner, _rng: &mut BenchRng) {
    use rangeproof::Secp256k1;
    let points: Vec<k256::ProjectivePoint> = (0..16)
        .map(|_| k256::ProjectivePoint::GENERATOR * Secp256k1::random_scalar(&mut OsRng))
        .collect();
    let fixed: Vec<k256::Scalar> = vec![k256::Scalar::from(3u64); 16];
    for s in secrets(100_000, 64) {
        // Both classes draw the same random scalars before the timed call (the operating
        // system's random source disturbs the caches: drawing in one class only showed up as
        // a difference between the classes, |t| = 84, with the MSM untouched).
        let random: Vec<k256::Scalar> = (0..16)
            .map(|i| {
                if i == 0 {
                    k256::Scalar::from(s.value)
                } else {
                    Secp256k1::random_scalar(&mut OsRng)
                }
            })
            .collect();
        let scalars = match s.class {
            Class::Left => fixed.clone(),
            Class::Right => random,
        };
        runner.run_one(s.class, || Secp256k1::multiscalar_mul(&scalars, &points));
    }
}

/// A whole secp256k1-zkp (Grin) proof, 8 bits: the value is the secret that tells the classes
/// apart (blindings and nonces are fresh per proof in both classes: see below); the nonces as in
/// use (they blind l(x), r(x), over which the
/// inner-product argument runs in variable time, as the C library's does).
fn grin_prove_n8(runner: &mut CtRunner, _rng: &mut BenchRng) {
    use rangeproof::secp256k1_zkp::bulletproofs::{GrinProver, GrinWitness};
    let prover = GrinProver {
        bits: 8,
        ..GrinProver::grin()
    };
    for s in secrets(60_000, 8) {
        // A fresh blinding in both classes: the commitment is published, and its encoding's
        // residuosity test is variable-time on that public point (SECURITY.md). With a fixed
        // blinding the fixed class would publish one commitment over and over, and dudect
        // would time that public output instead of the secrets.
        let blinding = <rangeproof::Secp256k1 as Group>::random_scalar(&mut OsRng);
        let witness = GrinWitness {
            values: vec![s.value],
            blindings: vec![blinding],
            rewind_nonce: OsRng.gen(),
            private_nonce: Some(OsRng.gen()),
            message: None,
        };
        runner.run_one(s.class, || prover.prove(&witness).expect("proves"));
    }
}

/// A whole Borromean range proof (Elements), 8 bits (four rings): the value is the secret that
/// tells the classes apart, blinding and nonce fresh per proof in both classes. The digits decide which ring positions
/// are real: the signer's passes take the same steps whatever they are.
fn borromean_prove_n8(runner: &mut CtRunner, _rng: &mut BenchRng) {
    use rangeproof::secp256k1_zkp::borromean::{prove, ProofParameters};
    use rangeproof::secp256k1_zkp::generator::generator_generate_blinded;
    let parameters = ProofParameters {
        min_value: 0,
        exp: 0,
        min_bits: 8,
    };
    let generator = generator_generate_blinded(&[7; 32], &k256::Scalar::ONE).expect("a generator");
    for s in secrets(20_000, 8) {
        // A fresh blinding in both classes (see `grin_prove_n8`): the classes differ in the
        // secret value.
        let blinding = <rangeproof::Secp256k1 as Group>::random_scalar(&mut OsRng);
        let nonce: [u8; 32] = OsRng.gen();
        runner.run_one(s.class, || {
            prove(
                s.value,
                &blinding,
                &generator,
                &nonce,
                &parameters,
                b"",
                b"",
            )
            .expect("proves")
        });
    }
}

/// A whole Bulletproofs++ proof (8 bits, base 4, ristretto255): digits by shifts, the
/// multiplicities by comparing every digit with every base position, reciprocals by the
/// constant-time batch inversion, M, D, R, S by the constant-time MSM; then the norm argument
/// on the blinded witness (variable-time by design: uniformly distributed whatever the value).
fn bulletproofs_pp_prove_n8(runner: &mut CtRunner, _rng: &mut BenchRng) {
    use rangeproof::bulletproofs_pp::{self as bppp, Convention, Merlin, Shape, Statement};
    let shape = Shape::new(8, 1, None).expect("a shape");
    let gens = Merlin::standard_generators(shape.g_len());
    for s in secrets(60_000, 8) {
        let commitment = rangeproof::EncodedPoint::from_point(gens.commit(s.value, &s.blinding));
        let statement = Statement::<Merlin> {
            shape,
            generators: &gens,
            commitments: core::slice::from_ref(&commitment),
            minimums: &[],
            extra: b"ct",
        };
        runner.run_one(s.class, || {
            bppp::prove(&statement, &[s.value], &[s.blinding], &mut OsRng).expect("proves")
        });
    }
}

/// A whole arithmetic-circuit proof (the range gadget, 8 bits, bound transcript): the
/// assignment's commitments, the polynomial arithmetic and the inner-product rounds.
fn r1cs_range_prove_n8(runner: &mut CtRunner, _rng: &mut BenchRng) {
    use rangeproof::r1cs::gadgets::range::range_proof;
    use rangeproof::r1cs::{generators, Prover, R1csConvention};
    let gens = generators::dalek();
    for s in secrets(40_000, 8) {
        runner.run_one(s.class, || {
            let mut prover = Prover::new(gens, R1csConvention::Bound, Transcript::new(b"ct"));
            let (_, v) = prover.commit(Scalar::from(s.value), s.blinding);
            range_proof(&mut prover, v.into(), Some(s.value), 8).expect("fits");
            prover.prove().expect("proves")
        });
    }
}

fn control_variable_time_mul(runner: &mut CtRunner, _rng: &mut BenchRng) {
    use curve25519_dalek::traits::VartimeMultiscalarMul;
    let p = dalek::generators().pedersen().b;
    for s in secrets(100_000, 64) {
        runner.run_one(s.class, || {
            curve25519_dalek::RistrettoPoint::vartime_multiscalar_mul([Scalar::from(s.value)], [p])
        });
    }
}

/// `dudect-bencher`'s own `main` (its `ctbench_main!`) refuses the `--bench` flag `cargo bench`
/// passes, so this one reads the two options it needs and ignores the rest.
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let value_of = |flag: &str| {
        args.iter()
            .position(|a| a == flag)
            .and_then(|i| args.get(i + 1))
            .cloned()
    };
    let continuous = value_of("--continuous");
    let opts = BenchOpts {
        continuous: continuous.is_some(),
        filter: continuous.or_else(|| value_of("--filter")),
        file_out: None,
    };
    let benches: Vec<BenchMetadata> = [
        ("pedersen_commit", pedersen_commit as BenchFn),
        ("bulletproofs_prove_n8", bulletproofs_prove_n8),
        ("bulletproofs_plus_prove_n8", bulletproofs_plus_prove_n8),
        (
            "monero_bulletproofs_plus_prove",
            monero_bulletproofs_plus_prove,
        ),
        ("secp256k1_constant_time_msm", secp256k1_constant_time_msm),
        ("grin_prove_n8", grin_prove_n8),
        ("borromean_prove_n8", borromean_prove_n8),
        ("bulletproofs_pp_prove_n8", bulletproofs_pp_prove_n8),
        ("r1cs_range_prove_n8", r1cs_range_prove_n8),
        ("control_variable_time_mul", control_variable_time_mul),
    ]
    .into_iter()
    .map(|(name, benchfn)| BenchMetadata {
        name: BenchName(name),
        seed: None,
        benchfn,
    })
    .collect();
    run_benches_console(opts, benches).expect("writes to the console");
}
