//! The public batch trait from outside the crate: a proof system of its own shape joins a
//! [`BatchVerifier`] beside Bulletproofs, and the batch names every invalid proof of either.

use merlin::Transcript;
use proptest::prelude::*;
use rand::rngs::OsRng;
use rangeproof::deployments::{dalek, Dalek, Generators};
use rangeproof::equation::{Equation, GeneratorSet, PendingVerification};
use rangeproof::{BatchVerifier, Group, ProofError, RangeProof, Ristretto255};

type G = Ristretto255;
type Scalar = <G as Group>::Scalar;
type Point = <G as Group>::Point;

fn random_points(count: usize) -> Vec<Point> {
    let base = dalek::generators().pedersen().b;
    (0..count)
        .map(|_| base * G::random_scalar(&mut OsRng))
        .collect()
}

fn random_scalars(count: usize) -> Vec<Scalar> {
    (0..count).map(|_| G::random_scalar(&mut OsRng)).collect()
}

/// A norm-argument-shaped claim over two sets of unequal lengths and the Pedersen bases:
/// \\(C = \langle a, \mathbf G \rangle + \langle b, \mathbf H \rangle + v B + r \tilde B\\) for
/// public a, b, v, r — checked as that sum minus C.
struct NormClaim<'g> {
    long: &'g GeneratorSet<G>,
    short: &'g GeneratorSet<G>,
    gens: &'g Generators<Dalek>,
    a: Vec<Scalar>,
    b: Vec<Scalar>,
    v: Scalar,
    r: Scalar,
    c: Point,
}

impl<'g> NormClaim<'g> {
    fn honest(
        long: &'g GeneratorSet<G>,
        short: &'g GeneratorSet<G>,
        gens: &'g Generators<Dalek>,
        a_len: usize,
    ) -> Self {
        let (a, b) = (random_scalars(a_len), random_scalars(short.len()));
        let (v, r) = (G::random_scalar(&mut OsRng), G::random_scalar(&mut OsRng));
        let c = G::vartime_multiscalar_mul(&a, &long.points()[..a_len])
            + G::vartime_multiscalar_mul(&b, short.points())
            + gens.pedersen().commit(v, r);
        NormClaim {
            long,
            short,
            gens,
            a,
            b,
            v,
            r,
            c,
        }
    }
}

impl<'g> PendingVerification<'g, G> for NormClaim<'g> {
    fn equation(&self) -> Option<Equation<'g, G>> {
        let mut equation = Equation::new();
        equation.fixed(self.long, self.a.clone()).ok()?;
        equation.fixed(self.short, self.b.clone()).ok()?;
        equation.pedersen(self.gens, self.v, &[self.r]).ok()?;
        equation.point(-G::one(), self.c);
        Some(equation)
    }
}

/// A claim over the Bulletproofs vector chains themselves:
/// \\(C = \langle a, \mathbf G_j \rangle + \langle b, \mathbf H_k \rangle\\).
struct ChainClaim<'g> {
    gens: &'g Generators<Dalek>,
    party_g: usize,
    party_h: usize,
    a: Vec<Scalar>,
    b: Vec<Scalar>,
    c: Point,
}

impl<'g> PendingVerification<'g, G> for ChainClaim<'g> {
    fn equation(&self) -> Option<Equation<'g, G>> {
        let mut equation = Equation::new();
        equation
            .vector_g(self.gens, self.party_g, self.a.clone())
            .ok()?;
        equation
            .vector_h(self.gens, self.party_h, self.b.clone())
            .ok()?;
        equation.point(-G::one(), self.c);
        Some(equation)
    }
}

/// A proof whose replay already failed (a degenerate challenge): no equation.
struct Degenerate;

impl<'g> PendingVerification<'g, G> for Degenerate {
    fn equation(&self) -> Option<Equation<'g, G>> {
        None
    }
}

fn chain_claim(
    gens: &Generators<Dalek>,
    party_g: usize,
    party_h: usize,
    n: usize,
) -> ChainClaim<'_> {
    let (a, b) = (random_scalars(n), random_scalars(n));
    let (g, _) = gens.party_generators(party_g, n).unwrap();
    let (_, h) = gens.party_generators(party_h, n).unwrap();
    let c = G::vartime_multiscalar_mul(&a, g) + G::vartime_multiscalar_mul(&b, h);
    ChainClaim {
        gens,
        party_g,
        party_h,
        a,
        b,
        c,
    }
}

fn prove_bulletproof(gens: &Generators<Dalek>, value: u64) -> (RangeProof<G>, [u8; 32]) {
    let blinding = G::random_scalar(&mut OsRng);
    let mut t = Transcript::new(b"public batch");
    let (proof, commitment) =
        RangeProof::prove_single(gens, &mut t, value, &blinding, 32, &mut OsRng).unwrap();
    (proof, commitment.bytes)
}

/// What goes into a batch in the mixed tests.
#[derive(Clone, Copy, Debug)]
enum Kind {
    Norm,
    Chain,
    Bulletproof,
    Verdict,
}

/// Adds one entry of `kind` (valid or broken) to `batch`.
fn add<'g>(
    batch: &mut BatchVerifier<'g, G>,
    sets: &'g (GeneratorSet<G>, GeneratorSet<G>),
    gens: &'g Generators<Dalek>,
    kind: Kind,
    valid: bool,
) -> usize {
    let offset = random_points(1)[0];
    match kind {
        Kind::Norm => {
            // Different lengths of a into the long set: the sums grow to the longest.
            let a_len = 1 + (offset.compress().as_bytes()[0] as usize % sets.0.len());
            let mut claim = NormClaim::honest(&sets.0, &sets.1, gens, a_len);
            if !valid {
                claim.c += offset;
            }
            batch.add(claim, &mut OsRng)
        }
        Kind::Chain => {
            let mut claim = chain_claim(gens, 1, 3, 16);
            if !valid {
                claim.b[5] += G::one();
            }
            batch.add(claim, &mut OsRng)
        }
        Kind::Bulletproof => {
            let (proof, commitment) = prove_bulletproof(gens, 1 << 20);
            let commitment = if valid {
                commitment
            } else {
                prove_bulletproof(gens, 7).1
            };
            let mut t = Transcript::new(b"public batch");
            batch.add_bulletproof(gens, &proof, &mut t, &[commitment], 32, &mut OsRng)
        }
        Kind::Verdict => batch.add_verdict(valid),
    }
}

fn sets() -> (GeneratorSet<G>, GeneratorSet<G>) {
    (
        GeneratorSet::new(random_points(24)),
        GeneratorSet::new(random_points(5)),
    )
}

#[test]
fn valid_claims_of_every_shape_pass_together() {
    let gens = dalek::generators();
    let sets = sets();
    let mut batch = BatchVerifier::new();
    for kind in [
        Kind::Norm,
        Kind::Chain,
        Kind::Bulletproof,
        Kind::Norm,
        Kind::Verdict,
    ] {
        add(&mut batch, &sets, gens, kind, true);
    }
    assert_eq!(batch.len(), 5);
    assert_eq!(batch.verify(), Ok(()));
}

#[test]
fn each_invalid_entry_is_named_among_valid_ones() {
    let gens = dalek::generators();
    let sets = sets();
    for bad_kind in [Kind::Norm, Kind::Chain, Kind::Bulletproof, Kind::Verdict] {
        let mut batch = BatchVerifier::new();
        let mut bad = Vec::new();
        for (i, kind) in [Kind::Norm, Kind::Chain, Kind::Bulletproof, Kind::Verdict]
            .into_iter()
            .cycle()
            .take(9)
            .enumerate()
        {
            let valid = !(matches!(
                (kind, bad_kind),
                (Kind::Norm, Kind::Norm)
                    | (Kind::Chain, Kind::Chain)
                    | (Kind::Bulletproof, Kind::Bulletproof)
                    | (Kind::Verdict, Kind::Verdict)
            ) && i >= 4);
            let position = add(&mut batch, &sets, gens, kind, valid);
            assert_eq!(position, i);
            if !valid {
                bad.push(i);
            }
        }
        assert_eq!(batch.verify().unwrap_err().invalid, bad, "{bad_kind:?}");
    }
}

#[test]
fn a_proof_without_an_equation_is_rejected_alone() {
    let gens = dalek::generators();
    let sets = sets();
    let mut batch = BatchVerifier::new();
    add(&mut batch, &sets, gens, Kind::Norm, true);
    batch.add(Degenerate, &mut OsRng);
    add(&mut batch, &sets, gens, Kind::Bulletproof, true);
    assert_eq!(batch.verify().unwrap_err().invalid, [1]);
}

#[test]
fn a_single_public_entry_is_checked_on_its_own() {
    let gens = dalek::generators();
    let sets = sets();
    for valid in [true, false] {
        let mut batch = BatchVerifier::new();
        add(&mut batch, &sets, gens, Kind::Norm, valid);
        assert_eq!(batch.verify().is_ok(), valid);
        let mut batch = BatchVerifier::new();
        add(&mut batch, &sets, gens, Kind::Chain, valid);
        assert_eq!(batch.verify().is_ok(), valid);
    }
}

#[test]
fn equations_refuse_more_scalars_than_generators() {
    let gens = dalek::generators();
    let (long, short) = sets();
    let mut equation = Equation::<G>::new();
    assert_eq!(
        equation.fixed(&short, random_scalars(6)),
        Err(ProofError::Statement(
            rangeproof::StatementError::TooManyScalars {
                scalars: 6,
                generators: 5
            }
        ))
    );
    assert!(equation.fixed(&long, random_scalars(24)).is_ok());
    let too_many_bases = random_scalars(gens.pedersen().blinding.len() + 1);
    assert!(equation.pedersen(gens, G::one(), &too_many_bases).is_err());
    assert!(equation
        .vector_g(gens, 0, random_scalars(gens.gens_capacity() + 1))
        .is_err());
    assert!(equation
        .vector_h(gens, gens.party_capacity(), random_scalars(1))
        .is_err());
    assert!(gens.party_generators(gens.party_capacity(), 1).is_err());
    // The refused terms left the equation as it was: only the 24-term set is in it, with
    // random scalars, so it does not hold; the empty equation does.
    assert!(!equation.holds());
    assert!(Equation::<G>::new().holds());
}

/// Many entries (more than one chunk of the batch's folding) with a random set of invalid
/// ones: exactly those are named.
#[test]
fn many_entries_across_chunks_name_exactly_the_invalid() {
    let gens = dalek::generators();
    let sets = sets();
    let mut batch = BatchVerifier::new();
    let mut bad = Vec::new();
    for i in 0..300 {
        let valid = !matches!(i, 3 | 150 | 256 | 299);
        let kind = if i % 2 == 0 {
            Kind::Norm
        } else {
            Kind::Verdict
        };
        add(&mut batch, &sets, gens, kind, valid);
        if !valid {
            bad.push(i);
        }
    }
    assert_eq!(batch.verify().unwrap_err().invalid, bad);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(12))]

    /// Any pattern of valid and invalid claims over unequal sets: the batch names exactly the
    /// invalid ones.
    #[test]
    fn the_invalid_positions_are_exactly_named(pattern in proptest::collection::vec(any::<(bool, bool)>(), 1..12)) {
        let gens = dalek::generators();
        let sets = sets();
        let mut batch = BatchVerifier::new();
        let mut bad = Vec::new();
        for (i, (valid, norm)) in pattern.into_iter().enumerate() {
            add(&mut batch, &sets, gens, if norm { Kind::Norm } else { Kind::Chain }, valid);
            if !valid {
                bad.push(i);
            }
        }
        match batch.verify() {
            Ok(()) => prop_assert!(bad.is_empty()),
            Err(e) => prop_assert_eq!(e.invalid, bad),
        }
    }
}

/// A claim that needs an inversion and a decoding: "\\(Y = x^{-1} P\\)" for public x and a point
/// P given by its encoding. It asks the batch for both (`to_invert`, `to_decode`), and its
/// `equation` (used alone) does the same work itself; the batch must hand over exactly x⁻¹ and P.
struct InverseClaim {
    x: Scalar,
    p: [u8; 32],
    y: Point,
}

impl<'g> PendingVerification<'g, G> for InverseClaim {
    fn equation(&self) -> Option<Equation<'g, G>> {
        let inverse = G::to_fast(&G::invert(&self.x));
        let p = rangeproof::EncodedPoint::<G>::decode(&self.p).ok()?;
        self.equation_with(&[inverse], &[p])
    }

    fn to_invert(&self) -> Vec<<G as Group>::FastScalar> {
        vec![G::to_fast(&self.x)]
    }

    fn to_decode(&self) -> Vec<[u8; 32]> {
        vec![self.p]
    }

    fn equation_with(
        &self,
        inverses: &[<G as Group>::FastScalar],
        decoded: &[rangeproof::EncodedPoint<G>],
    ) -> Option<Equation<'g, G>> {
        let ([inverse], [p]) = (inverses, decoded) else {
            return None;
        };
        let mut eq = Equation::new();
        eq.encoded_point(G::from_fast(inverse), p);
        eq.point(-G::one(), self.y);
        Some(eq)
    }
}

#[test]
fn a_batch_shares_inversions_and_decoding_with_outside_proof_systems() {
    let honest = || {
        let x = G::random_scalar(&mut OsRng);
        let p = random_points(1)[0];
        InverseClaim {
            x,
            p: G::point_to_bytes(&p),
            y: p * G::invert(&x),
        }
    };
    // Alone, and in one batch (with Bulletproofs) where a wrong Y, a zero x and an encoding that
    // does not decode are each named.
    assert!(honest().equation().unwrap().holds());
    let mut batch = BatchVerifier::new();
    let mut wrong = honest();
    wrong.y += random_points(1)[0];
    let mut zero = honest();
    zero.x = G::zero();
    let mut undecodable = honest();
    undecodable.p = [0xff; 32];
    let gens = dalek::generators();
    let (proof, commitment) = RangeProof::prove_single(
        gens,
        &mut Transcript::new(b"t"),
        9,
        &G::random_scalar(&mut OsRng),
        8,
        &mut OsRng,
    )
    .unwrap();
    batch.add(honest(), &mut OsRng);
    batch.add(wrong, &mut OsRng);
    batch.add_bulletproof(
        gens,
        &proof,
        &mut Transcript::new(b"t"),
        &[commitment.bytes],
        8,
        &mut OsRng,
    );
    batch.add(zero, &mut OsRng);
    batch.add(undecodable, &mut OsRng);
    for _ in 0..20 {
        batch.add(honest(), &mut OsRng);
    }
    assert_eq!(batch.verify().unwrap_err().invalid, [1, 3, 4]);
}
