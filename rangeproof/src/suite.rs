//! Every supported (scheme, group, flavor) triple by name, proving, verifying and batching
//! over encoded bytes.
//!
//! The typed API ([`crate::RangeProof`], [`crate::RangeProofPlus`], the generators and
//! transcripts of each flavor) is what applications written in Rust use. Front ends that take
//! their choice from data — the command-line tool's JSON documents, language bindings — use a
//! [`Suite`] instead: one value names a deployment, knows its limits, and proves, decodes,
//! verifies and batches proofs as bytes. Adding a deployment is adding a variant here (and
//! its flavor module); the front ends need no change.

use rand_core::{CryptoRng, RngCore};
use zeroize::Zeroizing;

use crate::bulletproofs_plus::{Statement, MAX_EXTENSION_DEGREE};
use crate::flavors::grin::{self, GrinRangeProof};
use crate::generators::{dalek, monero, tari};
use crate::group::{Encoding, Group};
use crate::transcript::monero::MoneroTranscript;
use crate::{
    BatchError, BatchVerifier, Ed25519, ProofError, RangeProof, RangeProofPlus, Ristretto255,
    Secp256k1,
};

/// A supported deployment: a proof system, a group, and a flavor (the wire, transcript and
/// generator conventions of a deployed implementation).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Suite {
    /// Bulletproofs on ristretto255, as the reference `bulletproofs` crate (dalek).
    DalekBulletproofs,
    /// Bulletproofs+ on ristretto255, as Tari.
    TariBulletproofsPlus,
    /// Monero's original Bulletproofs (Ed25519; transaction serialization).
    MoneroBulletproofs,
    /// Monero's Bulletproofs+ (Ed25519; transaction serialization).
    MoneroBulletproofsPlus,
    /// libsecp256k1-zkp's Bulletproofs on secp256k1, as Grin (and Elements' Confidential
    /// Assets, with asset value generators).
    GrinBulletproofs,
}

/// What a proof is about besides its commitments.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SuiteStatement {
    /// Bit size n.
    pub bits: usize,
    /// Blinding factors per commitment (1 unless the suite supports more).
    pub extension_degree: usize,
    /// Minimum-value promises, one per commitment, where the suite supports them.
    pub minimum_values: Option<Vec<u64>>,
    /// The transcript label, for suites whose transcript takes one (empty otherwise).
    pub transcript_label: Vec<u8>,
    /// secp256k1-zkp's generator count \\(N\\) (Grin only). `None` is Grin's 256, or the
    /// smallest power of two that fits \\(2nm\\) when that is larger
    /// ([`grin::default_generators_n`]).
    pub generators_n: Option<usize>,
    /// The value generator's 33-byte encoding (Grin only; `None` is \\(H\\)).
    pub value_generator: Option<Vec<u8>>,
    /// Extra data bound into the transcript (Grin only).
    pub extra_data: Option<Vec<u8>>,
}

/// A proof decoded by [`Suite::decode`], as the typed proof of its group.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DecodedProof {
    /// Bulletproofs on ristretto255 (dalek).
    Ristretto255Bulletproof(RangeProof<Ristretto255>),
    /// Bulletproofs+ on ristretto255 (Tari).
    Ristretto255BulletproofPlus(RangeProofPlus<Ristretto255>),
    /// Bulletproofs on Ed25519 (Monero).
    Ed25519Bulletproof(RangeProof<Ed25519>),
    /// Bulletproofs+ on Ed25519 (Monero).
    Ed25519BulletproofPlus(RangeProofPlus<Ed25519>),
    /// secp256k1-zkp's Bulletproofs on secp256k1 (Grin).
    Secp256k1GrinBulletproof(GrinRangeProof),
}

/// What [`Suite::recover`] gives back.
#[derive(Debug)]
pub struct Recovered {
    /// The value (Grin's rewind; Tari's mask recovery does not give it).
    pub value: Option<u64>,
    /// The blinding factors' encodings (Tari: one per extension degree; Grin: one).
    /// Wiped when dropped.
    pub blindings: Zeroizing<Vec<Vec<u8>>>,
    /// Grin's 20-byte message.
    pub message: Option<Vec<u8>>,
    /// Whether the recovered opening was checked to open the commitment: always for Grin
    /// (the rewind gives the value), for Tari only when the caller gave the value
    /// ([`Suite::recover_with_value`]). An unchecked Tari recovery with a wrong seed gives
    /// wrong blindings.
    pub checked: bool,
}

/// A proof made by [`Suite::prove`]: the proof, the commitments and (secret) their blindings,
/// all encoded.
pub struct Proved {
    /// The proof in the suite's wire format.
    pub proof: Vec<u8>,
    /// The commitments' encodings, in the order of the values.
    pub commitments: Vec<Vec<u8>>,
    /// Per commitment, its blinding factors' encodings. Wiped when dropped.
    pub blindings: Zeroizing<Vec<Vec<Vec<u8>>>>,
    /// The nonce that rewinds the proof, where the suite has one (Grin: it recovers the
    /// value, the message and the blinding). Wiped when dropped.
    pub rewind_nonce: Option<Zeroizing<[u8; 32]>>,
}

impl Suite {
    /// Every supported suite.
    pub const ALL: [Suite; 5] = [
        Suite::DalekBulletproofs,
        Suite::TariBulletproofsPlus,
        Suite::MoneroBulletproofs,
        Suite::MoneroBulletproofsPlus,
        Suite::GrinBulletproofs,
    ];

    /// The proof system's name: `"bulletproofs"` or `"bulletproofs+"`.
    pub fn scheme(self) -> &'static str {
        match self {
            Suite::DalekBulletproofs | Suite::MoneroBulletproofs | Suite::GrinBulletproofs => {
                "bulletproofs"
            }
            Suite::TariBulletproofsPlus | Suite::MoneroBulletproofsPlus => "bulletproofs+",
        }
    }

    /// The group's name.
    pub fn group(self) -> &'static str {
        match self {
            Suite::DalekBulletproofs | Suite::TariBulletproofsPlus => Ristretto255::NAME,
            Suite::MoneroBulletproofs | Suite::MoneroBulletproofsPlus => Ed25519::NAME,
            Suite::GrinBulletproofs => Secp256k1::NAME,
        }
    }

    /// The flavor's name: `"dalek"`, `"tari"`, `"monero"` or `"grin"`.
    pub fn flavor(self) -> &'static str {
        match self {
            Suite::DalekBulletproofs => "dalek",
            Suite::TariBulletproofsPlus => "tari",
            Suite::MoneroBulletproofs | Suite::MoneroBulletproofsPlus => "monero",
            Suite::GrinBulletproofs => "grin",
        }
    }

    /// The suite with these names.
    pub fn find(scheme: &str, group: &str, flavor: &str) -> Option<Suite> {
        Suite::ALL
            .into_iter()
            .find(|s| s.scheme() == scheme && s.group() == group && s.flavor() == flavor)
    }

    /// The suite for a scheme with an optional group and flavor: the only one that matches
    /// what is given (ristretto255 with its flavor when neither is given).
    pub fn resolve(scheme: &str, group: Option<&str>, flavor: Option<&str>) -> Option<Suite> {
        let mut matches = Suite::ALL.into_iter().filter(|s| {
            s.scheme() == scheme
                && group.is_none_or(|g| g == s.group())
                && flavor.is_none_or(|f| f == s.flavor())
        });
        let first = matches.next()?;
        match matches.next() {
            None => Some(first),
            // Ambiguous (neither group nor flavor given): the ristretto255 default.
            Some(_) => Suite::ALL
                .into_iter()
                .find(|s| s.scheme() == scheme && s.group() == Ristretto255::NAME),
        }
    }

    /// Whether the suite's transcript takes a label (merlin's do; Monero's has none).
    pub fn takes_transcript_label(self) -> bool {
        matches!(self, Suite::DalekBulletproofs | Suite::TariBulletproofsPlus)
    }

    /// The bit sizes the suite proves.
    pub fn supported_bits(self) -> &'static [usize] {
        match self {
            Suite::DalekBulletproofs | Suite::TariBulletproofsPlus => {
                &crate::bulletproofs::VALID_BITSIZES
            }
            Suite::MoneroBulletproofs | Suite::MoneroBulletproofsPlus => &[monero::MONERO_BITS],
            Suite::GrinBulletproofs => &grin::VALID_BITS,
        }
    }

    /// The most values one proof covers.
    pub fn max_values(self) -> usize {
        match self {
            Suite::DalekBulletproofs | Suite::TariBulletproofsPlus => crate::MAX_AGGREGATION,
            Suite::MoneroBulletproofs | Suite::MoneroBulletproofsPlus => {
                monero::MONERO_MAX_AGGREGATION
            }
            Suite::GrinBulletproofs => grin::MAX_VALUES,
        }
    }

    /// The most blinding factors per commitment.
    pub fn max_extension_degree(self) -> usize {
        match self {
            Suite::TariBulletproofsPlus => MAX_EXTENSION_DEGREE,
            _ => 1,
        }
    }

    /// Whether the suite supports minimum-value promises (Grin's only for one value).
    pub fn supports_minimum_values(self) -> bool {
        matches!(self, Suite::TariBulletproofsPlus | Suite::GrinBulletproofs)
    }

    /// Whether values must come in power-of-two counts (secp256k1-zkp's verifier rejects other
    /// counts; the other suites pad).
    pub fn needs_power_of_two_values(self) -> bool {
        self == Suite::GrinBulletproofs
    }

    /// Refuses a statement that sets what the suite does not use — minimum values where there
    /// are none, more than one blinding per commitment, a transcript label for a transcript
    /// that takes none, Grin's fields elsewhere — instead of proving or verifying as if they
    /// were absent. Every proving, committing, verifying, batching and recovering call runs
    /// it first.
    pub fn check_statement(self, statement: &SuiteStatement) -> Result<(), ProofError> {
        let degree = statement.extension_degree;
        if degree == 0 || degree > MAX_EXTENSION_DEGREE {
            return Err(ProofError::InvalidExtensionDegree(degree));
        }
        if degree > self.max_extension_degree() {
            return Err(ProofError::UnusedStatementField(
                "extension degree above 1 (one blinding per commitment)",
            ));
        }
        if statement.minimum_values.is_some() && !self.supports_minimum_values() {
            return Err(ProofError::UnusedStatementField("minimum values"));
        }
        if !statement.transcript_label.is_empty() && !self.takes_transcript_label() {
            return Err(ProofError::UnusedStatementField("transcript label"));
        }
        if self != Suite::GrinBulletproofs {
            for (field, present) in [
                (
                    "generator count (generators_n)",
                    statement.generators_n.is_some(),
                ),
                ("value generator", statement.value_generator.is_some()),
                ("extra data", statement.extra_data.is_some()),
            ] {
                if present {
                    return Err(ProofError::UnusedStatementField(field));
                }
            }
        }
        Ok(())
    }

    /// Length in bytes of a commitment (a point of the suite's group).
    pub fn commitment_len(self) -> usize {
        match self {
            Suite::DalekBulletproofs | Suite::TariBulletproofsPlus => {
                <Ristretto255 as Group>::PointEncoding::LEN
            }
            Suite::MoneroBulletproofs | Suite::MoneroBulletproofsPlus => {
                <Ed25519 as Group>::PointEncoding::LEN
            }
            Suite::GrinBulletproofs => <Secp256k1 as Group>::PointEncoding::LEN,
        }
    }

    /// Proves that every value lies in range under `statement`, with fresh random blindings.
    pub fn prove<R: RngCore + CryptoRng>(
        self,
        statement: &SuiteStatement,
        values: &[u64],
        rng: &mut R,
    ) -> Result<Proved, ProofError> {
        let blindings = self.random_blindings(values.len(), statement.extension_degree, rng);
        self.prove_with_blindings(statement, values, &blindings, rng)
    }

    /// Fresh random blindings, `per_value` for each of `values` values, encoded for
    /// [`Self::prove_with_blindings`] and [`Self::commit`]. Wiped when dropped.
    pub fn random_blindings<R: RngCore + CryptoRng>(
        self,
        values: usize,
        per_value: usize,
        rng: &mut R,
    ) -> Zeroizing<Vec<Vec<Vec<u8>>>> {
        Zeroizing::new(
            (0..values)
                .map(|_| (0..per_value).map(|_| self.random_scalar(rng)).collect())
                .collect(),
        )
    }

    /// A random scalar of the suite's group, encoded.
    fn random_scalar<R: RngCore + CryptoRng>(self, rng: &mut R) -> Vec<u8> {
        match self {
            Suite::DalekBulletproofs | Suite::TariBulletproofsPlus => {
                Ristretto255::random_scalar(rng).to_bytes().to_vec()
            }
            Suite::MoneroBulletproofs | Suite::MoneroBulletproofsPlus => {
                Ed25519::random_scalar(rng).to_bytes().to_vec()
            }
            Suite::GrinBulletproofs => {
                Secp256k1::scalar_to_bytes(&Secp256k1::random_scalar(rng)).to_vec()
            }
        }
    }

    /// Proves that every value lies in range under `statement`, for commitments with the given
    /// blindings (per value, `extension_degree` canonical scalar encodings of the suite's
    /// group): the commitments of existing outputs, whose openings the caller holds.
    pub fn prove_with_blindings<R: RngCore + CryptoRng>(
        self,
        statement: &SuiteStatement,
        values: &[u64],
        blindings: &[Vec<Vec<u8>>],
        rng: &mut R,
    ) -> Result<Proved, ProofError> {
        self.prove_inner(statement, values, blindings, None, rng)
    }

    /// [`Self::prove_with_blindings`] with a recovery nonce (32 bytes) that lets its holder
    /// recover the openings later ([`Self::recover`]): Tari's seed nonce (a canonical scalar;
    /// one value per proof) or Grin's rewind nonce. Other suites have none
    /// ([`ProofError::NoRecoveryNonce`]). A nonce must serve one proof only.
    pub fn prove_recoverable<R: RngCore + CryptoRng>(
        self,
        statement: &SuiteStatement,
        values: &[u64],
        blindings: &[Vec<Vec<u8>>],
        nonce: &[u8; 32],
        rng: &mut R,
    ) -> Result<Proved, ProofError> {
        self.prove_inner(statement, values, blindings, Some(nonce), rng)
    }

    /// Recovers what a recovery nonce gives back from a proof: Tari's blindings (mask
    /// recovery; one commitment; a wrong nonce gives wrong blindings, which only a caller who
    /// knows the value can tell), or Grin's value, blinding and 20-byte message (rewind; a
    /// wrong nonce is [`ProofError::RewindFailed`]). The proof is checked first: a proof that
    /// does not verify recovers nothing.
    pub fn recover(
        self,
        statement: &SuiteStatement,
        proof: &[u8],
        commitments: &[Vec<u8>],
        nonce: &[u8; 32],
    ) -> Result<Recovered, ProofError> {
        self.recover_with_value(statement, proof, commitments, nonce, None)
    }

    /// [`Self::recover`], checking the recovered opening against the commitment: with the
    /// value the caller knows (Tari's mask recovery does not give it), or with the value the
    /// rewind gives (Grin). An opening that does not make the commitment — a wrong seed — is
    /// [`ProofError::RewindFailed`], never blindings that open nothing.
    pub fn recover_with_value(
        self,
        statement: &SuiteStatement,
        proof: &[u8],
        commitments: &[Vec<u8>],
        nonce: &[u8; 32],
        value: Option<u64>,
    ) -> Result<Recovered, ProofError> {
        if !matches!(self, Suite::TariBulletproofsPlus | Suite::GrinBulletproofs) {
            self.check_statement(statement)?;
            return Err(ProofError::NoRecoveryNonce);
        }
        self.verify(statement, proof, commitments, &mut rand_core::OsRng)?;
        let mut recovered = match self {
            Suite::TariBulletproofsPlus => {
                let [commitment] = commitments else {
                    return Err(ProofError::MaskRecoveryNeedsSingleProof);
                };
                let seed = crate::group::decode_scalar::<Ristretto255>(nonce)?;
                let proof = RangeProofPlus::<Ristretto255>::from_bytes(proof)?;
                let encoding = encodings::<Ristretto255>(core::slice::from_ref(commitment))?;
                let masks = proof.recover_mask(
                    tari::generators(),
                    &mut merlin_transcript(&statement.transcript_label),
                    &plus_statement(statement),
                    &encoding[0],
                    &seed,
                )?;
                // A wrong seed gives wrong masks: only the value can tell (checked below).
                Recovered {
                    value: None,
                    blindings: Zeroizing::new(
                        masks.iter().map(|m| m.to_bytes().to_vec()).collect(),
                    ),
                    message: None,
                    checked: false,
                }
            }
            _ => {
                let rewound = grin::rewind(proof, &grin_statement(statement, commitments)?, nonce)?;
                let blinding = rewound.blinding.ok_or(ProofError::RewindFailed)?;
                Recovered {
                    value: Some(rewound.value),
                    blindings: Zeroizing::new(vec![Secp256k1::scalar_to_bytes(&blinding).to_vec()]),
                    message: Some(rewound.message.to_vec()),
                    checked: false,
                }
            }
        };
        if let Some(given) = value {
            if recovered.value.is_some_and(|v| v != given) {
                return Err(ProofError::RewindFailed);
            }
        }
        if let Some(value) = value.or(recovered.value) {
            // The one commitment's blindings, as `commit` takes them (a copy wiped on drop).
            let per_value = Zeroizing::new(vec![recovered.blindings.to_vec()]);
            let made = self.commit(statement, &[value], &per_value)?;
            if made.first() != commitments.first() {
                return Err(ProofError::RewindFailed);
            }
            recovered.checked = true;
        }
        Ok(recovered)
    }

    fn prove_inner<R: RngCore + CryptoRng>(
        self,
        statement: &SuiteStatement,
        values: &[u64],
        blindings: &[Vec<Vec<u8>>],
        nonce: Option<&[u8; 32]>,
        rng: &mut R,
    ) -> Result<Proved, ProofError> {
        self.check_statement(statement)?;
        let degree = statement.extension_degree;
        if nonce.is_some() && !matches!(self, Suite::TariBulletproofsPlus | Suite::GrinBulletproofs)
        {
            return Err(ProofError::NoRecoveryNonce);
        }
        if blindings.len() != values.len() {
            return Err(ProofError::MismatchedLengths {
                values: values.len(),
                blindings: blindings.len(),
            });
        }
        match self {
            Suite::DalekBulletproofs => {
                if degree != 1 || statement.minimum_values.is_some() {
                    return Err(ProofError::WrongFlavor);
                }
                let blindings = single_blindings::<Ristretto255>(blindings)?;
                let (proof, commitments) = RangeProof::prove_multiple(
                    dalek::generators(),
                    &mut merlin_transcript(&statement.transcript_label),
                    values,
                    &blindings,
                    statement.bits,
                    rng,
                )?;
                Ok(proved::<Ristretto255, _>(
                    proof.to_bytes(),
                    &commitments,
                    blindings.iter().map(core::slice::from_ref),
                ))
            }
            Suite::TariBulletproofsPlus => {
                let blindings = decode_blindings::<Ristretto255>(blindings, degree)?;
                let seed = nonce
                    .map(crate::group::decode_scalar::<Ristretto255>)
                    .transpose()?;
                let (proof, commitments) = RangeProofPlus::prove(
                    tari::generators(),
                    &mut merlin_transcript(&statement.transcript_label),
                    &plus_statement(statement),
                    values,
                    &blindings,
                    seed.as_ref(),
                    rng,
                )?;
                Ok(proved::<Ristretto255, _>(
                    proof.to_bytes(),
                    &commitments,
                    blindings.iter().map(Vec::as_slice),
                ))
            }
            Suite::MoneroBulletproofs => {
                monero_statement(statement)?;
                let masks = single_blindings::<Ed25519>(blindings)?;
                let (proof, commitments) = RangeProof::prove_multiple(
                    monero::bulletproofs_generators(),
                    &mut MoneroTranscript::bulletproofs(),
                    values,
                    &masks,
                    statement.bits,
                    rng,
                )?;
                Ok(proved::<Ed25519, _>(
                    proof.to_monero_bytes()?,
                    &commitments,
                    masks.iter().map(core::slice::from_ref),
                ))
            }
            Suite::MoneroBulletproofsPlus => {
                monero_statement(statement)?;
                let masks = decode_blindings::<Ed25519>(blindings, 1)?;
                let (proof, commitments) = RangeProofPlus::prove(
                    monero::bulletproofs_plus_generators(),
                    &mut MoneroTranscript::bulletproofs_plus(),
                    &plus_statement(statement),
                    values,
                    &masks,
                    None,
                    rng,
                )?;
                Ok(proved::<Ed25519, _>(
                    proof.to_monero_bytes()?,
                    &commitments,
                    masks.iter().map(Vec::as_slice),
                ))
            }
            Suite::GrinBulletproofs => {
                let prover = grin_prover(statement, values.len())?;
                let blindings = single_blindings::<Secp256k1>(blindings)?;
                let nonce = Zeroizing::new(match nonce {
                    Some(given) => *given,
                    None => {
                        let mut fresh = [0u8; 32];
                        rng.fill_bytes(&mut fresh);
                        fresh
                    }
                });
                let witness = grin::GrinWitness {
                    values: values.to_vec(),
                    blindings: blindings.to_vec(),
                    rewind_nonce: *nonce,
                    // One nonce for both: rewinding recovers the blinding too.
                    private_nonce: None,
                    message: None,
                };
                let (st, proof) = prover.prove(&witness)?;
                Ok(Proved {
                    proof,
                    commitments: st.commitments.iter().map(|c| c.to_vec()).collect(),
                    blindings: Zeroizing::new(
                        blindings
                            .iter()
                            .map(|b| vec![Secp256k1::scalar_to_bytes(b).to_vec()])
                            .collect(),
                    ),
                    rewind_nonce: Some(nonce),
                })
            }
        }
    }

    /// The commitments to `values` with `blindings` (per value, `extension_degree` canonical
    /// scalar encodings), encoded as the suite's proofs and documents carry them: what
    /// [`Self::prove_with_blindings`] would commit to, without proving (constant-time in the
    /// openings).
    pub fn commit(
        self,
        statement: &SuiteStatement,
        values: &[u64],
        blindings: &[Vec<Vec<u8>>],
    ) -> Result<Vec<Vec<u8>>, ProofError> {
        self.check_statement(statement)?;
        if blindings.len() != values.len() {
            return Err(ProofError::MismatchedLengths {
                values: values.len(),
                blindings: blindings.len(),
            });
        }
        fn each<G: Group>(
            pc: &crate::PedersenGens<G>,
            values: &[u64],
            blindings: &[Vec<G::Scalar>],
        ) -> Result<Vec<Vec<u8>>, ProofError> {
            values
                .iter()
                .zip(blindings)
                .map(|(v, b)| {
                    let c = pc.commit_extended(G::Scalar::from(*v), b)?;
                    Ok(G::point_to_bytes(&c).as_ref().to_vec())
                })
                .collect()
        }
        let degree = statement.extension_degree;
        match self {
            Suite::DalekBulletproofs => each(
                dalek::generators().pedersen(),
                values,
                &decode_blindings::<Ristretto255>(blindings, 1)?,
            ),
            Suite::TariBulletproofsPlus => each(
                tari::generators().pedersen(),
                values,
                &decode_blindings::<Ristretto255>(blindings, degree)?,
            ),
            Suite::MoneroBulletproofs => each(
                monero::bulletproofs_generators().pedersen(),
                values,
                &decode_blindings::<Ed25519>(blindings, 1)?,
            ),
            Suite::MoneroBulletproofsPlus => each(
                monero::bulletproofs_plus_generators().pedersen(),
                values,
                &decode_blindings::<Ed25519>(blindings, 1)?,
            ),
            Suite::GrinBulletproofs => {
                let value_generator = match &statement.value_generator {
                    None => grin::ValueGenerator::h(),
                    Some(bytes) => grin::ValueGenerator::from_bytes(bytes)?,
                };
                let blindings = single_blindings::<Secp256k1>(blindings)?;
                Ok(values
                    .iter()
                    .zip(blindings.iter())
                    .map(|(v, b)| {
                        let c = grin::commit(*v, b, &value_generator);
                        Secp256k1::point_to_bytes(&c).to_vec()
                    })
                    .collect())
            }
        }
    }

    /// Decodes a proof in the suite's wire format (lengths, canonical points and scalars)
    /// into the typed proof, without verifying it.
    pub fn decode(self, proof: &[u8]) -> Result<DecodedProof, ProofError> {
        Ok(match self {
            Suite::DalekBulletproofs => {
                DecodedProof::Ristretto255Bulletproof(RangeProof::from_bytes(proof)?)
            }
            Suite::TariBulletproofsPlus => {
                DecodedProof::Ristretto255BulletproofPlus(RangeProofPlus::from_bytes(proof)?)
            }
            Suite::MoneroBulletproofs => {
                DecodedProof::Ed25519Bulletproof(RangeProof::from_monero_bytes(proof)?)
            }
            Suite::MoneroBulletproofsPlus => {
                DecodedProof::Ed25519BulletproofPlus(RangeProofPlus::from_monero_bytes(proof)?)
            }
            Suite::GrinBulletproofs => {
                DecodedProof::Secp256k1GrinBulletproof(GrinRangeProof::from_bytes_any(proof)?)
            }
        })
    }

    /// Verifies one proof (in the suite's wire format) for `commitments` (encoded).
    pub fn verify<R: RngCore + CryptoRng>(
        self,
        statement: &SuiteStatement,
        proof: &[u8],
        commitments: &[Vec<u8>],
        rng: &mut R,
    ) -> Result<(), ProofError> {
        self.check_statement(statement)?;
        match self {
            Suite::DalekBulletproofs => RangeProof::<Ristretto255>::from_bytes(proof)?
                .verify_multiple(
                    dalek::generators(),
                    &mut merlin_transcript(&statement.transcript_label),
                    &encodings::<Ristretto255>(commitments)?,
                    statement.bits,
                    rng,
                ),
            Suite::TariBulletproofsPlus => RangeProofPlus::<Ristretto255>::from_bytes(proof)?
                .verify(
                    tari::generators(),
                    &mut merlin_transcript(&statement.transcript_label),
                    &plus_statement(statement),
                    &encodings::<Ristretto255>(commitments)?,
                    rng,
                ),
            Suite::MoneroBulletproofs => {
                monero_statement(statement)?;
                RangeProof::<Ed25519>::from_monero_bytes(proof)?.verify_multiple(
                    monero::bulletproofs_generators(),
                    &mut MoneroTranscript::bulletproofs(),
                    &encodings::<Ed25519>(commitments)?,
                    statement.bits,
                    rng,
                )
            }
            Suite::MoneroBulletproofsPlus => {
                monero_statement(statement)?;
                RangeProofPlus::<Ed25519>::from_monero_bytes(proof)?.verify(
                    monero::bulletproofs_plus_generators(),
                    &mut MoneroTranscript::bulletproofs_plus(),
                    &plus_statement(statement),
                    &encodings::<Ed25519>(commitments)?,
                    rng,
                )
            }
            Suite::GrinBulletproofs => {
                grin::verify(proof, &grin_statement(statement, commitments)?)
            }
        }
    }
}

/// Proofs of any suites, verified together: one [`BatchVerifier`] (one multiscalar
/// multiplication) per group.
#[derive(Default)]
pub struct SuiteBatch {
    ristretto255: BatchVerifier<'static, Ristretto255>,
    ed25519: BatchVerifier<'static, Ed25519>,
    secp256k1: BatchVerifier<'static, Secp256k1>,
    /// Per proof added: its group's batch and its position there.
    positions: Vec<(BatchGroup, usize)>,
}

/// Which group's batch a proof went to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
enum BatchGroup {
    #[default]
    Ristretto255,
    Ed25519,
    Secp256k1,
}

impl SuiteBatch {
    /// An empty batch.
    pub fn new() -> Self {
        Self::default()
    }

    /// Number of proofs added.
    pub fn len(&self) -> usize {
        self.positions.len()
    }

    /// Whether no proof was added.
    pub fn is_empty(&self) -> bool {
        self.positions.is_empty()
    }

    /// Decodes a proof and adds it; returns its position. A proof that does not decode (or a
    /// commitment of the wrong length) is not added: its error is returned instead.
    pub fn add<R: RngCore + CryptoRng>(
        &mut self,
        suite: Suite,
        statement: &SuiteStatement,
        proof: &[u8],
        commitments: &[Vec<u8>],
        rng: &mut R,
    ) -> Result<usize, ProofError> {
        suite.check_statement(statement)?;
        let position = match suite {
            Suite::DalekBulletproofs => {
                let proof = RangeProof::<Ristretto255>::from_bytes(proof)?;
                let commitments = encodings::<Ristretto255>(commitments)?;
                let k = self.ristretto255.add_bulletproof(
                    dalek::generators(),
                    &proof,
                    &mut merlin_transcript(&statement.transcript_label),
                    &commitments,
                    statement.bits,
                    rng,
                );
                (BatchGroup::Ristretto255, k)
            }
            Suite::TariBulletproofsPlus => {
                let proof = RangeProofPlus::<Ristretto255>::from_bytes(proof)?;
                let commitments = encodings::<Ristretto255>(commitments)?;
                let k = self.ristretto255.add_bulletproof_plus(
                    tari::generators(),
                    &proof,
                    &mut merlin_transcript(&statement.transcript_label),
                    &plus_statement(statement),
                    &commitments,
                    rng,
                );
                (BatchGroup::Ristretto255, k)
            }
            Suite::MoneroBulletproofs => {
                monero_statement(statement)?;
                let proof = RangeProof::<Ed25519>::from_monero_bytes(proof)?;
                let commitments = encodings::<Ed25519>(commitments)?;
                let k = self.ed25519.add_bulletproof(
                    monero::bulletproofs_generators(),
                    &proof,
                    &mut MoneroTranscript::bulletproofs(),
                    &commitments,
                    statement.bits,
                    rng,
                );
                (BatchGroup::Ed25519, k)
            }
            Suite::MoneroBulletproofsPlus => {
                monero_statement(statement)?;
                let proof = RangeProofPlus::<Ed25519>::from_monero_bytes(proof)?;
                let commitments = encodings::<Ed25519>(commitments)?;
                let k = self.ed25519.add_bulletproof_plus(
                    monero::bulletproofs_plus_generators(),
                    &proof,
                    &mut MoneroTranscript::bulletproofs_plus(),
                    &plus_statement(statement),
                    &commitments,
                    rng,
                );
                (BatchGroup::Ed25519, k)
            }
            Suite::GrinBulletproofs => {
                let st = grin_statement(statement, commitments)?;
                // Decoding errors are reported here, as for the other suites; a proof that
                // decodes but fails its transcript (a degenerate challenge) is an invalid one.
                let pending = match grin::PendingGrinProof::new(proof, &st) {
                    Err(ProofError::VerificationFailed) => Err(ProofError::VerificationFailed),
                    Err(e) => return Err(e),
                    Ok(p) => Ok(p),
                };
                let k = self.secp256k1.add_grin_pending(pending, rng);
                (BatchGroup::Secp256k1, k)
            }
        };
        self.positions.push(position);
        Ok(self.positions.len() - 1)
    }

    /// Checks every proof added; on failure, the positions (in the order added) of the
    /// invalid ones.
    pub fn verify(&mut self) -> Result<(), BatchError> {
        let failed =
            |result: Result<(), BatchError>| result.err().map_or(Vec::new(), |e| e.invalid);
        let (bad_ristretto, bad_ed25519, bad_secp256k1) = (
            failed(self.ristretto255.verify()),
            failed(self.ed25519.verify()),
            failed(self.secp256k1.verify()),
        );
        let invalid: Vec<usize> = self
            .positions
            .iter()
            .enumerate()
            .filter(|(_, (group, k))| match group {
                BatchGroup::Ristretto255 => bad_ristretto.contains(k),
                BatchGroup::Ed25519 => bad_ed25519.contains(k),
                BatchGroup::Secp256k1 => bad_secp256k1.contains(k),
            })
            .map(|(i, _)| i)
            .collect();
        if invalid.is_empty() {
            Ok(())
        } else {
            Err(BatchError { invalid })
        }
    }
}

use crate::transcript::merlin_transcript;

fn plus_statement(statement: &SuiteStatement) -> Statement<'_> {
    Statement {
        bits: statement.bits,
        extension_degree: statement.extension_degree,
        minimum_values: statement.minimum_values.as_deref(),
    }
}

/// Monero proves 64-bit values with one blinding each, no minimums, no label.
fn monero_statement(statement: &SuiteStatement) -> Result<(), ProofError> {
    if statement.extension_degree != 1
        || statement.minimum_values.is_some()
        || !statement.transcript_label.is_empty()
        || has_grin_fields(statement)
    {
        return Err(ProofError::WrongFlavor);
    }
    Ok(())
}

fn has_grin_fields(statement: &SuiteStatement) -> bool {
    statement.generators_n.is_some()
        || statement.value_generator.is_some()
        || statement.extra_data.is_some()
}

/// Grin's parameters from a suite statement for `m` values: one blinding per value, no label.
fn grin_prover(statement: &SuiteStatement, m: usize) -> Result<grin::GrinProver, ProofError> {
    if statement.extension_degree != 1 || !statement.transcript_label.is_empty() {
        return Err(ProofError::WrongFlavor);
    }
    Ok(grin::GrinProver {
        bits: statement.bits,
        generators_n: statement
            .generators_n
            .unwrap_or_else(|| grin::default_generators_n(statement.bits, m)),
        value_generator: match &statement.value_generator {
            None => grin::ValueGenerator::h(),
            Some(bytes) => grin::ValueGenerator::from_bytes(bytes)?,
        },
        min_values: statement.minimum_values.clone(),
        extra_data: statement.extra_data.clone(),
    })
}

fn grin_statement(
    statement: &SuiteStatement,
    commitments: &[Vec<u8>],
) -> Result<grin::GrinStatement, ProofError> {
    Ok(grin_prover(statement, commitments.len())?.statement(encodings::<Secp256k1>(commitments)?))
}

/// The commitments as the group's encodings (a wrong length is an invalid point).
fn encodings<G: Group>(commitments: &[Vec<u8>]) -> Result<Vec<G::PointEncoding>, ProofError> {
    commitments
        .iter()
        .map(|c| G::PointEncoding::try_from(c.as_slice()).map_err(|_| ProofError::InvalidPoint))
        .collect()
}

/// Per value, exactly `degree` canonical scalars of `G`.
fn decode_blindings<G: Group>(
    blindings: &[Vec<Vec<u8>>],
    degree: usize,
) -> Result<Zeroizing<Vec<Vec<G::Scalar>>>, ProofError> {
    let mut out = Zeroizing::new(Vec::with_capacity(blindings.len()));
    for per_value in blindings {
        if per_value.len() != degree {
            return Err(ProofError::InvalidExtensionDegree(per_value.len()));
        }
        let mut scalars = Vec::with_capacity(degree);
        for bytes in per_value {
            let encoding = G::ScalarEncoding::try_from(bytes.as_slice())
                .map_err(|_| ProofError::NonCanonicalScalar)?;
            scalars.push(crate::group::decode_scalar::<G>(&encoding)?);
        }
        out.push(scalars);
    }
    Ok(out)
}

/// Per value, exactly one canonical scalar of `G`.
fn single_blindings<G: Group>(
    blindings: &[Vec<Vec<u8>>],
) -> Result<Zeroizing<Vec<G::Scalar>>, ProofError> {
    let decoded = decode_blindings::<G>(blindings, 1)?;
    Ok(Zeroizing::new(decoded.iter().map(|b| b[0]).collect()))
}

fn proved<'a, G: Group, I: Iterator<Item = &'a [G::Scalar]>>(
    proof: Vec<u8>,
    commitments: &[crate::EncodedPoint<G>],
    blindings: I,
) -> Proved {
    Proved {
        proof,
        commitments: commitments
            .iter()
            .map(|c| c.bytes.as_ref().to_vec())
            .collect(),
        blindings: Zeroizing::new(
            blindings
                .map(|b| {
                    b.iter()
                        .map(|s| G::scalar_to_bytes(s).as_ref().to_vec())
                        .collect()
                })
                .collect(),
        ),
        rewind_nonce: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::OsRng;

    fn statement(suite: Suite, bits: usize) -> SuiteStatement {
        SuiteStatement {
            bits,
            extension_degree: 1,
            minimum_values: None,
            transcript_label: if suite.takes_transcript_label() {
                b"suite".to_vec()
            } else {
                Vec::new()
            },
            ..SuiteStatement::default()
        }
    }

    #[test]
    fn names_resolve_both_ways() {
        for suite in Suite::ALL {
            assert_eq!(
                Suite::find(suite.scheme(), suite.group(), suite.flavor()),
                Some(suite)
            );
            assert_eq!(
                Suite::resolve(suite.scheme(), Some(suite.group()), None),
                Some(suite)
            );
            assert_eq!(
                Suite::resolve(suite.scheme(), None, Some(suite.flavor())),
                Some(suite)
            );
        }
        assert_eq!(
            Suite::resolve("bulletproofs", None, None),
            Some(Suite::DalekBulletproofs)
        );
        assert_eq!(
            Suite::resolve("bulletproofs+", None, None),
            Some(Suite::TariBulletproofsPlus)
        );
        assert_eq!(Suite::resolve("bulletproofs", None, Some("tari")), None);
        assert_eq!(Suite::find("groth16", "ristretto255", "dalek"), None);
    }

    /// Every suite: prove, verify alone, verify in one mixed batch, and name the invalid ones.
    #[test]
    fn every_suite_proves_verifies_and_batches() {
        let mut made = Vec::new();
        for suite in Suite::ALL {
            let bits = *suite.supported_bits().last().expect("some bit size");
            let st = statement(suite, bits);
            let values = [0, u64::MAX >> (64 - bits), 7, 1];
            let proved = suite.prove(&st, &values, &mut OsRng).expect("proves");
            assert_eq!(proved.commitments.len(), 4);
            assert!(proved
                .commitments
                .iter()
                .all(|c| c.len() == suite.commitment_len()));
            assert_eq!(proved.blindings.len(), 4);
            suite
                .verify(&st, &proved.proof, &proved.commitments, &mut OsRng)
                .expect("verifies");
            assert!(suite.decode(&proved.proof).is_ok());
            assert!(suite
                .decode(&proved.proof[..proved.proof.len() - 1])
                .is_err());
            let mut wrong = proved.commitments.clone();
            wrong.swap(0, 2);
            assert_eq!(
                suite.verify(&st, &proved.proof, &wrong, &mut OsRng),
                Err(ProofError::VerificationFailed)
            );
            made.push((suite, st, proved, wrong));
        }
        let mut batch = SuiteBatch::new();
        for (suite, st, proved, _) in &made {
            batch
                .add(*suite, st, &proved.proof, &proved.commitments, &mut OsRng)
                .unwrap();
        }
        assert_eq!(batch.verify(), Ok(()));
        let mut batch = SuiteBatch::new();
        for (k, (suite, st, proved, wrong)) in made.iter().enumerate() {
            let commitments = if k % 2 == 1 {
                wrong
            } else {
                &proved.commitments
            };
            batch
                .add(*suite, st, &proved.proof, commitments, &mut OsRng)
                .unwrap();
        }
        assert_eq!(
            batch.verify(),
            Err(BatchError {
                invalid: vec![1, 3]
            })
        );
        assert_eq!(
            made.len(),
            5,
            "the Grin suite (index 4) was checked valid in the mix"
        );
        // Undecodable input is refused at `add`, with its reason.
        let (suite, st, proved, _) = &made[0];
        assert!(batch
            .add(
                *suite,
                st,
                &proved.proof[1..],
                &proved.commitments,
                &mut OsRng
            )
            .is_err());
        assert_eq!(
            batch.add(*suite, st, &proved.proof, &[vec![0u8; 31]], &mut OsRng),
            Err(ProofError::InvalidPoint)
        );
    }

    /// Existing openings prove: the same blindings give the same commitments (so a proof can
    /// be made for outputs that already exist), the proof verifies, and bad openings are
    /// refused with typed errors.
    #[test]
    fn every_suite_proves_for_given_blindings() {
        for suite in Suite::ALL {
            let st = statement(suite, 64);
            let values = [7u64, u64::MAX];
            let first = suite.prove(&st, &values, &mut OsRng).unwrap();
            let again = suite
                .prove_with_blindings(&st, &values, &first.blindings, &mut OsRng)
                .unwrap();
            assert_eq!(again.commitments, first.commitments, "{suite:?}");
            let committed = suite.commit(&st, &values, &first.blindings).unwrap();
            assert_eq!(
                committed, first.commitments,
                "{suite:?}: commit agrees with prove"
            );
            suite
                .verify(&st, &again.proof, &again.commitments, &mut OsRng)
                .unwrap();
            let short = &first.blindings[..1];
            assert!(matches!(
                suite.prove_with_blindings(&st, &values, short, &mut OsRng),
                Err(ProofError::MismatchedLengths { .. })
            ));
            let mut bad = first.blindings.to_vec();
            bad[0][0] = vec![0xff; bad[0][0].len()];
            assert!(suite
                .prove_with_blindings(&st, &values, &bad, &mut OsRng)
                .is_err());
            bad[0][0] = vec![1; 5];
            assert!(suite
                .prove_with_blindings(&st, &values, &bad, &mut OsRng)
                .is_err());
            let mut two = first.blindings.to_vec();
            let extra = two[1][0].clone();
            two[1].push(extra);
            assert!(suite
                .prove_with_blindings(&st, &values, &two, &mut OsRng)
                .is_err());
        }
    }

    /// Tari's mask recovery and Grin's rewind through the suite: the nonce gives back the
    /// blindings (and Grin's value); another nonce does not; other suites have none.
    #[test]
    fn recovery_nonces_recover_openings() {
        let nonce = Ristretto255::random_scalar(&mut OsRng).to_bytes();
        for suite in [Suite::TariBulletproofsPlus, Suite::GrinBulletproofs] {
            let st = statement(suite, 64);
            let blindings = suite.random_blindings(1, 1, &mut OsRng);
            let p = suite
                .prove_recoverable(&st, &[4242], &blindings, &nonce, &mut OsRng)
                .unwrap();
            let got = suite
                .recover(&st, &p.proof, &p.commitments, &nonce)
                .unwrap();
            assert_eq!(got.blindings.as_slice(), &blindings[0][..], "{suite:?}");
            if suite == Suite::GrinBulletproofs {
                assert_eq!(got.value, Some(4242));
            }
            let mut other = nonce;
            other[0] ^= 1;
            match suite.recover(&st, &p.proof, &p.commitments, &other) {
                Ok(wrong) => assert_ne!(wrong.blindings.as_slice(), &blindings[0][..]),
                Err(e) => assert_eq!(e, ProofError::RewindFailed),
            }
            // A tampered proof recovers nothing.
            let mut bad = p.proof.clone();
            let last = bad.len() - 1;
            bad[last - 40] ^= 1;
            assert!(suite.recover(&st, &bad, &p.commitments, &nonce).is_err());
        }
        let st = statement(Suite::DalekBulletproofs, 64);
        let b = Suite::DalekBulletproofs.random_blindings(1, 1, &mut OsRng);
        assert_eq!(
            Suite::DalekBulletproofs
                .prove_recoverable(&st, &[1], &b, &nonce, &mut OsRng)
                .err(),
            Some(ProofError::NoRecoveryNonce)
        );
    }

    /// A recovery is checked against the commitment whenever the value is known: Grin's rewind
    /// always, Tari's mask recovery when the caller gives the value. A wrong seed then fails
    /// instead of returning blindings that open nothing.
    #[test]
    fn recoveries_are_checked_against_the_commitment() {
        let seed = Ristretto255::random_scalar(&mut OsRng).to_bytes();
        let tari = Suite::TariBulletproofsPlus;
        let st = statement(tari, 64);
        let blindings = tari.random_blindings(1, 1, &mut OsRng);
        let p = tari
            .prove_recoverable(&st, &[77], &blindings, &seed, &mut OsRng)
            .unwrap();
        let plain = tari
            .prove_with_blindings(&st, &[77], &blindings, &mut OsRng)
            .unwrap();
        let recover = |proof: &[u8], nonce: &[u8; 32], value| {
            tari.recover_with_value(&st, proof, &p.commitments, nonce, value)
        };
        let good = recover(&p.proof, &seed, Some(77)).unwrap();
        assert!(good.checked);
        assert_eq!(good.blindings.as_slice(), &blindings[0][..]);
        let unchecked = recover(&p.proof, &seed, None).unwrap();
        assert!(!unchecked.checked);
        let mut wrong = seed;
        wrong[0] ^= 1;
        assert_eq!(
            recover(&p.proof, &wrong, Some(77)).err(),
            Some(ProofError::RewindFailed)
        );
        assert_eq!(
            recover(&p.proof, &seed, Some(78)).err(),
            Some(ProofError::RewindFailed)
        );
        // A proof made without a seed recovers nothing that opens the commitment.
        assert_eq!(
            recover(&plain.proof, &seed, Some(77)).err(),
            Some(ProofError::RewindFailed)
        );
        assert!(!recover(&plain.proof, &seed, None).unwrap().checked);

        let grin = Suite::GrinBulletproofs;
        let st = statement(grin, 64);
        let blindings = grin.random_blindings(1, 1, &mut OsRng);
        let p = grin
            .prove_recoverable(&st, &[5], &blindings, &seed, &mut OsRng)
            .unwrap();
        let got = grin.recover(&st, &p.proof, &p.commitments, &seed).unwrap();
        assert!(got.checked);
        assert_eq!(
            grin.recover_with_value(&st, &p.proof, &p.commitments, &seed, Some(6))
                .err(),
            Some(ProofError::RewindFailed)
        );
        assert_eq!(
            Suite::DalekBulletproofs
                .recover(
                    &statement(Suite::DalekBulletproofs, 64),
                    &p.proof,
                    &[],
                    &seed
                )
                .err(),
            Some(ProofError::NoRecoveryNonce)
        );
    }

    /// A statement field the suite does not use is refused by every entry point, not ignored:
    /// dalek's verify used to accept minimum values and check a proof without them.
    #[test]
    fn statements_with_fields_the_suite_does_not_use_are_refused() {
        let dalek = Suite::DalekBulletproofs;
        let st = statement(dalek, 64);
        let p = dalek.prove(&st, &[3], &mut OsRng).unwrap();
        dalek
            .verify(&st, &p.proof, &p.commitments, &mut OsRng)
            .unwrap();
        type Mutation = fn(&mut SuiteStatement);
        let mutations: [(Suite, Mutation); 8] = [
            (dalek, |s| s.minimum_values = Some(vec![0])),
            (dalek, |s| s.extension_degree = 2),
            (dalek, |s| s.extension_degree = 0),
            (dalek, |s| s.generators_n = Some(256)),
            (dalek, |s| s.value_generator = Some(vec![0x0a; 33])),
            (dalek, |s| s.extra_data = Some(vec![1])),
            (Suite::MoneroBulletproofs, |s| {
                s.transcript_label = b"x".to_vec()
            }),
            (Suite::GrinBulletproofs, |s| s.extension_degree = 3),
        ];
        for (suite, mutate) in mutations {
            let mut bad = statement(suite, 64);
            mutate(&mut bad);
            let err = suite.check_statement(&bad).unwrap_err();
            assert!(
                matches!(
                    err,
                    ProofError::UnusedStatementField(_) | ProofError::InvalidExtensionDegree(_)
                ),
                "{suite:?}: {err:?}"
            );
            assert_eq!(suite.prove(&bad, &[3], &mut OsRng).err(), Some(err));
            if suite == dalek {
                assert_eq!(
                    suite
                        .verify(&bad, &p.proof, &p.commitments, &mut OsRng)
                        .err(),
                    Some(err)
                );
                let mut batch = SuiteBatch::new();
                assert_eq!(
                    batch
                        .add(suite, &bad, &p.proof, &p.commitments, &mut OsRng)
                        .err(),
                    Some(err)
                );
                assert_eq!(
                    suite.commit(&bad, &[3], &[vec![vec![1; 32]]]).err(),
                    Some(err)
                );
            }
        }
    }

    #[test]
    fn monero_statements_are_monero_shaped() {
        for suite in [Suite::MoneroBulletproofs, Suite::MoneroBulletproofsPlus] {
            let mut st = statement(suite, 64);
            st.transcript_label = b"label".to_vec();
            assert_eq!(
                suite.prove(&st, &[1], &mut OsRng).err(),
                Some(ProofError::UnusedStatementField("transcript label"))
            );
        }
    }
}
