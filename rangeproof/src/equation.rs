//! Verification equations as public data: how a proof system of any shape joins a
//! [`BatchVerifier`](crate::BatchVerifier).
//!
//! Most proofs in this field reduce "the proof is valid" to one multiscalar equation
//!
//! \\[ \sum_{S} \langle \mathbf s_S, \mathbf P_S \rangle + \sum_k c_k Q_k = 0, \\]
//!
//! where each \\(\mathbf P_S\\) is a *fixed* set of generators — the Pedersen bases \\(B,
//! \tilde B_k\\) and the vector generators \\(\mathbf G_j, \mathbf H_j\\) of a [`RangeGens`],
//! or a caller-owned [`GeneratorSet`] of any length (a norm argument's \\(\mathbf G\\) and
//! \\(\mathbf H\\) of unequal lengths, an asset generator list) — and the \\(Q_k\\) are the
//! proof's own points and commitments. A batch multiplies each proof's equation by an
//! independent random weight and adds them; the scalars aimed at the same fixed set are summed
//! across proofs (a set is named by its identity: the same object, by reference), so a batch of
//! \\(K\\) proofs multiplies each fixed generator once.
//!
//! A proof system outside this crate joins a batch by implementing [`PendingVerification`]:
//! replay the transcript, then hand the batch an [`Equation`]. An equation that needs scalars
//! inverted or points decoded can ask the batch for them
//! ([`to_invert`](PendingVerification::to_invert), [`to_decode`](PendingVerification::to_decode),
//! [`equation_with`](PendingVerification::equation_with)): a chunk of proofs then shares one
//! field inversion and decodes its points together. A proof whose check is not one
//! equation (a ring signature, a hash chain) joins with its settled verdict
//! ([`BatchVerifier::add_verdict`](crate::BatchVerifier::add_verdict)), so a batch of mixed
//! kinds still names every invalid proof.
//!
//! ```
//! use rangeproof::equation::{Equation, GeneratorSet, PendingVerification};
//! use rangeproof::{BatchVerifier, Group, Ristretto255};
//! use rand_core::OsRng;
//!
//! type G = Ristretto255;
//! // A toy proof system: "Y = <x, P>" for public x over a fixed set P, checked as
//! // <x, P> - Y = 0.
//! struct Claim<'g> { set: &'g GeneratorSet<G>, x: Vec<<G as Group>::Scalar>, y: <G as Group>::Point }
//! impl<'g> PendingVerification<'g, G> for Claim<'g> {
//!     fn equation(&self) -> Option<Equation<'g, G>> {
//!         let mut eq = Equation::new();
//!         eq.fixed(self.set, self.x.clone()).ok()?;
//!         eq.point(-G::one(), self.y);
//!         Some(eq)
//!     }
//! }
//!
//! let base = rangeproof::deployments::dalek::generators().pedersen().b;
//! let set = GeneratorSet::<G>::new((0..3).map(|_| base * G::random_scalar(&mut OsRng)).collect());
//! let x: Vec<_> = (0..3).map(|_| G::random_scalar(&mut OsRng)).collect();
//! let y = G::multiscalar_mul(&x, set.points());
//! let mut batch = BatchVerifier::new();
//! batch.add(Claim { set: &set, x: x.clone(), y }, &mut OsRng);
//! batch.add(Claim { set: &set, x, y: G::identity() }, &mut OsRng);
//! assert_eq!(batch.verify().unwrap_err().invalid, [1]);
//! ```

use crate::StatementError;
use alloc::vec::Vec;

use crate::generators::RangeGens;
use crate::group::{EncodedPoint, Group};
use crate::msm;
use crate::ProofError;

/// A caller-owned set of fixed generators, of any length. Equations name it by reference:
/// every scalar aimed at the same set, from any number of proofs, is summed before the one
/// multiscalar multiplication.
pub struct GeneratorSet<G: Group> {
    points: Vec<G::Point>,
    batch: Vec<G::BatchPoint>,
}

impl<G: Group> GeneratorSet<G> {
    /// A set of these points (converted once to the batch form the multiscalar multiplication
    /// takes).
    pub fn new(points: Vec<G::Point>) -> Self {
        let batch = G::batch_points(&points, &G::points_to_bytes(&points));
        GeneratorSet { points, batch }
    }

    /// The points, in order.
    pub fn points(&self) -> &[G::Point] {
        &self.points
    }

    /// How many points.
    pub fn len(&self) -> usize {
        self.points.len()
    }

    /// Whether the set is empty.
    pub fn is_empty(&self) -> bool {
        self.points.is_empty()
    }

    pub(crate) fn batch_points(&self) -> &[G::BatchPoint] {
        &self.batch
    }
}

impl<G: Group> core::fmt::Debug for GeneratorSet<G> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "GeneratorSet({} points)", self.points.len())
    }
}

/// Which of a [`RangeGens`]' vector chains a term aims at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Chain {
    G,
    H,
}

/// Scalars aimed at one party's vector chain of a [`RangeGens`].
pub(crate) struct ChainTerm<'g, G: Group> {
    pub(crate) gens: &'g RangeGens<G>,
    pub(crate) party: usize,
    pub(crate) chain: Chain,
    pub(crate) scalars: Vec<G::Scalar>,
}

/// One proof's verification equation: terms over fixed generator sets plus the proof's own
/// points; valid when the sum is the identity. Built by a [`PendingVerification`], unweighted
/// (the batch applies the weight).
pub struct Equation<'g, G: Group> {
    /// Scalars of a [`RangeGens`]' Pedersen bases \\(B, \tilde B_1, \dots\\).
    pub(crate) pedersen: Vec<(&'g RangeGens<G>, Vec<G::Scalar>)>,
    /// Scalars of party `j`'s chain \\(\mathbf G_j\\) or \\(\mathbf H_j\\) of a [`RangeGens`].
    pub(crate) chains: Vec<ChainTerm<'g, G>>,
    /// Scalars of caller-owned sets.
    pub(crate) sets: Vec<(&'g GeneratorSet<G>, Vec<G::Scalar>)>,
    /// The proof's decoded points with their scalars (batch form at hand).
    pub(crate) scalars: Vec<G::Scalar>,
    pub(crate) points: Vec<EncodedPoint<G>>,
    /// Points given in the group's own form with their scalars: converted to batch form
    /// together when the equation joins a batch (one shared encoding pass, not one per point).
    pub(crate) computed_scalars: Vec<G::Scalar>,
    pub(crate) computed_points: Vec<G::Point>,
}

impl<G: Group> Default for Equation<'_, G> {
    fn default() -> Self {
        Self::new()
    }
}

impl<'g, G: Group> Equation<'g, G> {
    /// The empty equation (which holds).
    pub fn new() -> Self {
        Equation {
            pedersen: Vec::new(),
            chains: Vec::new(),
            sets: Vec::new(),
            scalars: Vec::new(),
            points: Vec::new(),
            computed_scalars: Vec::new(),
            computed_points: Vec::new(),
        }
    }

    /// Adds \\(\langle \mathbf s, \mathbf P \rangle\\) for the first `scalars.len()` points of
    /// `set`. Fails (the equation unchanged) when there are more scalars than points.
    pub fn fixed(
        &mut self,
        set: &'g GeneratorSet<G>,
        scalars: Vec<G::Scalar>,
    ) -> Result<(), ProofError> {
        if scalars.len() > set.len() {
            return Err(StatementError::TooManyScalars {
                scalars: scalars.len(),
                generators: set.len(),
            }
            .into());
        }
        self.sets.push((set, scalars));
        Ok(())
    }

    /// Adds \\(b B + \sum_k s_k \tilde B_k\\) over `gens`' Pedersen bases (`blinding` no longer
    /// than the flavor's blinding bases).
    pub fn pedersen(
        &mut self,
        gens: &'g RangeGens<G>,
        b: G::Scalar,
        blinding: &[G::Scalar],
    ) -> Result<(), ProofError> {
        let bases = gens.pedersen().blinding.len();
        if blinding.len() > bases {
            return Err(StatementError::TooManyScalars {
                scalars: 1 + blinding.len(),
                generators: 1 + bases,
            }
            .into());
        }
        let mut scalars = Vec::with_capacity(1 + blinding.len());
        scalars.push(b);
        scalars.extend_from_slice(blinding);
        self.pedersen.push((gens, scalars));
        Ok(())
    }

    /// Adds \\(\langle \mathbf s, \mathbf G_j \rangle\\) over party `party`'s first
    /// `scalars.len()` generators \\(G_{j,i}\\) of `gens` (the Bulletproofs \\(\mathbf G\\)).
    pub fn vector_g(
        &mut self,
        gens: &'g RangeGens<G>,
        party: usize,
        scalars: Vec<G::Scalar>,
    ) -> Result<(), ProofError> {
        self.chain(gens, party, Chain::G, scalars)
    }

    /// Adds \\(\langle \mathbf s, \mathbf H_j \rangle\\), likewise (the Bulletproofs
    /// \\(\mathbf H\\)).
    pub fn vector_h(
        &mut self,
        gens: &'g RangeGens<G>,
        party: usize,
        scalars: Vec<G::Scalar>,
    ) -> Result<(), ProofError> {
        self.chain(gens, party, Chain::H, scalars)
    }

    fn chain(
        &mut self,
        gens: &'g RangeGens<G>,
        party: usize,
        chain: Chain,
        scalars: Vec<G::Scalar>,
    ) -> Result<(), ProofError> {
        if party >= gens.party_capacity() || scalars.len() > gens.gens_capacity() {
            return Err(StatementError::TooManyScalars {
                scalars: scalars.len(),
                generators: if party >= gens.party_capacity() {
                    0
                } else {
                    gens.gens_capacity()
                },
            }
            .into());
        }
        self.chains.push(ChainTerm {
            gens,
            party,
            chain,
            scalars,
        });
        Ok(())
    }

    /// Adds \\(c Q\\) for a point in the group's own form (one the verifier computed). A batch
    /// converts an equation's such points together; a proof's decoded points are cheaper through
    /// [`Self::encoded_point`].
    pub fn point(&mut self, scalar: G::Scalar, point: G::Point) {
        self.computed_scalars.push(scalar);
        self.computed_points.push(point);
    }

    /// Adds \\(c Q\\) for a decoded point (its batch form is at hand: no conversion).
    pub fn encoded_point(&mut self, scalar: G::Scalar, point: &EncodedPoint<G>) {
        self.scalars.push(scalar);
        self.points.push(*point);
    }

    /// How many fixed-generator scalars the equation carries (what folding it costs).
    pub(crate) fn fixed_scalars(&self) -> usize {
        self.pedersen.iter().map(|(_, s)| s.len()).sum::<usize>()
            + self.chains.iter().map(|c| c.scalars.len()).sum::<usize>()
            + self.sets.iter().map(|(_, s)| s.len()).sum::<usize>()
    }

    /// Whether the equation holds on its own: one multiscalar multiplication.
    pub fn holds(&self) -> bool {
        let mut scalars = Vec::with_capacity(
            self.fixed_scalars() + self.scalars.len() + self.computed_scalars.len(),
        );
        let mut points = Vec::with_capacity(scalars.capacity());
        for (gens, s) in &self.pedersen {
            let pedersen = gens.pedersen();
            scalars.extend_from_slice(s);
            points.push(pedersen.b);
            points.extend_from_slice(&pedersen.blinding[..s.len() - 1]);
        }
        for term in &self.chains {
            let (g, h) = term
                .gens
                .vector()
                .party_gens(term.party, term.scalars.len());
            scalars.extend_from_slice(&term.scalars);
            points.extend_from_slice(match term.chain {
                Chain::G => g,
                Chain::H => h,
            });
        }
        for (set, s) in &self.sets {
            scalars.extend_from_slice(s);
            points.extend_from_slice(&set.points[..s.len()]);
        }
        scalars.extend_from_slice(&self.scalars);
        for p in &self.points {
            let Ok(p) = p.point() else {
                return false;
            };
            points.push(p);
        }
        scalars.extend_from_slice(&self.computed_scalars);
        points.extend_from_slice(&self.computed_points);
        G::is_identity(&msm::vartime::<G>(&scalars, &points))
    }
}

/// A proof whose transcript has been replayed, waiting for its group equation: what a proof
/// system implements to join a [`BatchVerifier`](crate::BatchVerifier) with
/// [`BatchVerifier::add`](crate::BatchVerifier::add).
///
/// The batch computes the equation a chunk of proofs at a time (in parallel with the
/// `parallel` feature), multiplies it by a random weight of its own and folds it into its
/// running sums; when the batch fails it computes the equation again to find the invalid
/// proofs, so the equation must be a function of the proof alone.
pub trait PendingVerification<'g, G: Group>: Send + Sync {
    /// The verification equation, unweighted; `None` rejects the proof (a degenerate
    /// challenge, a point that does not decode).
    fn equation(&self) -> Option<Equation<'g, G>>;

    /// Scalars the equation needs inverted, in the group's fast form (none by default): a batch
    /// inverts those of a whole chunk of proofs with one field inversion and calls
    /// [`Self::equation_with`]. A zero among them rejects the proof.
    fn to_invert(&self) -> Vec<G::FastScalar> {
        Vec::new()
    }

    /// Point encodings the equation needs decoded (none by default): a batch decodes those of a
    /// whole chunk of proofs together (sixteen at a time on curve25519's engine). One that does
    /// not decode rejects the proof.
    fn to_decode(&self) -> Vec<G::PointEncoding> {
        Vec::new()
    }

    /// The equation given the inverses of [`Self::to_invert`]'s scalars and the points of
    /// [`Self::to_decode`]'s encodings, in their order; by default [`Self::equation`]. It must
    /// be the equation [`Self::equation`] gives (a single check, and the batch's search for the
    /// invalid proofs, may use either).
    fn equation_with(
        &self,
        inverses: &[G::FastScalar],
        decoded: &[EncodedPoint<G>],
    ) -> Option<Equation<'g, G>> {
        let _ = (inverses, decoded);
        self.equation()
    }
}

/// A proof whose check is not a group equation — a ring signature's hash chain — but that
/// shares work with the other proofs of its kind when they are checked together (Borromean
/// rings: one field inversion per chain step for all of them).
///
/// [`BatchVerifier::add_deferred`](crate::BatchVerifier::add_deferred) keeps it until the
/// batch is verified; then every deferred proof of one concrete type is settled by one call
/// of [`settle_together`](SettledTogether::settle_together), and the invalid ones are named
/// with the batch's other proofs.
pub trait SettledTogether: core::any::Any + Send + Sync {
    /// The verdicts of `all` — every deferred proof of the batch whose type is this one's,
    /// `self` among them, in the order they were added — one per proof, computed together.
    /// An entry of another type (which the batch never passes) is invalid.
    fn settle_together(&self, all: &[&dyn core::any::Any]) -> Vec<bool>;
}
