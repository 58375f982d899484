//! The registry: a [`Suite`] is a handle to one [`ProofSuite`], and [`Suite::ALL`] lists every
//! suite the enabled features compile in. A range-proof deployment's line names its
//! convention type (`Suite::bulletproofs::<Dalek>()`); nothing else matches over suites.

use alloc::{format, string::String, vec::Vec};

use super::batch::InBatches;
use super::range::{Bulletproofs, BulletproofsPlus, RangeSuite};
use super::{ProofSuite, SuiteInfo};
#[cfg(feature = "solana")]
use crate::deployments::Solana;
#[cfg(feature = "tari")]
use crate::deployments::Tari;
use crate::deployments::{BulletproofsConvention, BulletproofsPlusConvention, Dalek};
#[cfg(feature = "monero")]
use crate::deployments::{MoneroBulletproofs, MoneroBulletproofsPlus};
use crate::group::Group;
use crate::Ristretto255;

/// A registered suite: a copyable handle to its [`ProofSuite`], compared by its names.
#[derive(Clone, Copy)]
pub struct Suite(pub(super) &'static dyn ProofSuite);

impl PartialEq for Suite {
    fn eq(&self, other: &Self) -> bool {
        let (a, b) = (self.0.info(), other.0.info());
        (a.scheme, a.group, a.flavor) == (b.scheme, b.group, b.flavor)
    }
}

impl Eq for Suite {}

impl core::hash::Hash for Suite {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        let info = self.0.info();
        (info.scheme, info.group, info.flavor).hash(state);
    }
}

impl core::fmt::Debug for Suite {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "{} {}/{}", self.scheme(), self.group(), self.flavor())
    }
}

impl Suite {
    /// Bulletproofs on ristretto255, as the reference `bulletproofs` crate (dalek).
    pub const DALEK_BULLETPROOFS: Suite = Suite::bulletproofs::<Dalek>();
    /// Bulletproofs+ on ristretto255, as Tari.
    #[cfg(feature = "tari")]
    pub const TARI_BULLETPROOFS_PLUS: Suite = Suite::bulletproofs_plus::<Tari>();
    /// Monero's original Bulletproofs (Ed25519; transaction serialization).
    #[cfg(feature = "monero")]
    pub const MONERO_BULLETPROOFS: Suite = Suite::bulletproofs::<MoneroBulletproofs>();
    /// Monero's Bulletproofs+ (Ed25519; transaction serialization).
    #[cfg(feature = "monero")]
    pub const MONERO_BULLETPROOFS_PLUS: Suite =
        Suite::bulletproofs_plus::<MoneroBulletproofsPlus>();
    /// Solana's ZK ElGamal proof program's batched range proofs (ristretto255; values of their
    /// own bit lengths summing to 64, 128 or 256).
    #[cfg(feature = "solana")]
    pub const SOLANA_BULLETPROOFS: Suite = Suite::bulletproofs::<Solana>();
    /// Sui's range proofs (fastcrypto's): the reference format under its transcript start and
    /// Pedersen bases, power-of-two counts.
    #[cfg(feature = "sui")]
    pub const SUI_BULLETPROOFS: Suite = Suite::bulletproofs::<crate::deployments::sui::Sui>();
    /// Aptos's Confidential APT range proofs: the reference format under Aptos's label and
    /// the caller's Pedersen bases, 1 to 16 values (powers of two).
    #[cfg(feature = "aptos")]
    pub const APTOS_BULLETPROOFS: Suite = Suite::bulletproofs::<crate::deployments::aptos::Aptos>();
    /// MobileCoin's range proofs: the reference format under its label and the token's
    /// value base, 64 bits, counts padded by repeating the last commitment.
    #[cfg(feature = "mobilecoin")]
    pub const MOBILECOIN_BULLETPROOFS: Suite =
        Suite::bulletproofs::<crate::deployments::mobilecoin::MobileCoin>();
    /// libsecp256k1-zkp's Bulletproofs on secp256k1, as Grin (and Elements' Confidential
    /// Assets, with asset value generators).
    #[cfg(feature = "secp256k1-zkp")]
    pub const GRIN_BULLETPROOFS: Suite = Suite::secp256k1_zkp_bulletproofs::<super::grin::Grin>();
    /// libsecp256k1-zkp's Bulletproofs as Litecoin's MWEB outputs carry them (one 64-bit value
    /// on \\(H\\), 256 generators, the output's message as extra data).
    #[cfg(feature = "mweb")]
    pub const MWEB_BULLETPROOFS: Suite = Suite::secp256k1_zkp_bulletproofs::<super::grin::Mweb>();
    /// Elements' Borromean range proofs on secp256k1, as Liquid runs them.
    #[cfg(feature = "secp256k1-zkp")]
    pub const ELEMENTS_BORROMEAN: Suite = Suite(&super::borromean::ElementsBorromean);
    /// Elements' asset surjection proofs on secp256k1 (verify and batch; proving is the typed
    /// API's).
    #[cfg(feature = "secp256k1-zkp")]
    pub const ELEMENTS_SURJECTION: Suite = Suite(&super::surjection::ElementsSurjection);

    /// Bulletproofs++ on ristretto255, in our conventions (merlin, the reference crate's
    /// Pedersen commitments).
    pub const BULLETPROOFS_PP: Suite =
        Suite(&super::bppp::BulletproofsPlusPlus::<crate::bulletproofs_pp::Merlin>::SUITE);
    /// Bulletproofs++ on secp256k1, in libsecp256k1-zkp's conventions.
    #[cfg(feature = "secp256k1-zkp")]
    pub const SECP256K1_ZKP_BULLETPROOFS_PP: Suite = Suite(
        &super::bppp::BulletproofsPlusPlus::<crate::secp256k1_zkp::bppp::Secp256k1Zkp>::SUITE,
    );

    /// The registry: every suite the enabled features compile in, in the order front ends
    /// list them. A new suite is one line here.
    pub const ALL: &'static [Suite] = &[
        #[cfg(feature = "dalek")]
        Suite::DALEK_BULLETPROOFS,
        #[cfg(feature = "tari")]
        Suite::TARI_BULLETPROOFS_PLUS,
        #[cfg(feature = "monero")]
        Suite::MONERO_BULLETPROOFS,
        #[cfg(feature = "monero")]
        Suite::MONERO_BULLETPROOFS_PLUS,
        #[cfg(feature = "solana")]
        Suite::SOLANA_BULLETPROOFS,
        #[cfg(feature = "sui")]
        Suite::SUI_BULLETPROOFS,
        #[cfg(feature = "aptos")]
        Suite::APTOS_BULLETPROOFS,
        #[cfg(feature = "mobilecoin")]
        Suite::MOBILECOIN_BULLETPROOFS,
        #[cfg(feature = "secp256k1-zkp")]
        Suite::GRIN_BULLETPROOFS,
        #[cfg(feature = "mweb")]
        Suite::MWEB_BULLETPROOFS,
        #[cfg(feature = "secp256k1-zkp")]
        Suite::ELEMENTS_BORROMEAN,
        #[cfg(feature = "secp256k1-zkp")]
        Suite::ELEMENTS_SURJECTION,
        Suite::BULLETPROOFS_PP,
        #[cfg(feature = "secp256k1-zkp")]
        Suite::SECP256K1_ZKP_BULLETPROOFS_PP,
        // The deployment that exists for the tests (`deployments::testing`): in this crate's
        // tests, and in every build with the `testing` feature — the workspace's test builds,
        // where the front ends take it through this line alone.
        #[cfg(any(test, feature = "testing"))]
        Suite::bulletproofs::<crate::deployments::testing::Relabelled>(),
    ];

    /// The suite of Bulletproofs under the deployment `C`: a registry line for a deployment
    /// of Bulletproofs is this and nothing else.
    pub const fn bulletproofs<C: BulletproofsConvention>() -> Suite
    where
        C::Group: InBatches,
    {
        Suite(&RangeSuite::<Bulletproofs<C>>::NEW)
    }

    /// The suite of Bulletproofs+ under the deployment `C` (see [`Suite::bulletproofs`]).
    pub const fn bulletproofs_plus<C: BulletproofsPlusConvention>() -> Suite
    where
        C::Group: InBatches,
    {
        Suite(&RangeSuite::<BulletproofsPlus<C>>::NEW)
    }

    /// The suite of libsecp256k1-zkp's Bulletproofs under the flavor `F`.
    #[cfg(feature = "secp256k1-zkp")]
    const fn secp256k1_zkp_bulletproofs<F: super::grin::ZkpDeployment>() -> Suite {
        Suite(&RangeSuite::<super::grin::GrinBulletproofs<F>>::NEW)
    }

    /// A suite implemented outside this crate (not in [`Suite::ALL`]): for applications with a
    /// deployment of their own.
    pub const fn custom(suite: &'static dyn ProofSuite) -> Suite {
        Suite(suite)
    }

    /// Names and limits.
    pub fn info(self) -> &'static SuiteInfo {
        self.0.info()
    }

    /// The proof system's name (`"bulletproofs"`, `"bulletproofs+"`, `"borromean"`, ...).
    pub fn scheme(self) -> &'static str {
        self.info().scheme
    }

    /// The group's name.
    pub fn group(self) -> &'static str {
        self.info().group
    }

    /// The flavor's name (a deployment's conventions): `"dalek"`, `"tari"`, `"monero"` or
    /// `"grin"`.
    pub fn flavor(self) -> &'static str {
        self.info().flavor
    }

    /// `scheme group/flavor`, as messages name a suite.
    pub fn name(self) -> String {
        format!("{} {}/{}", self.scheme(), self.group(), self.flavor())
    }

    /// Every registered suite's name (`scheme group/flavor`), comma-separated: what messages
    /// list as supported.
    pub fn supported_names() -> String {
        let names: Vec<String> = Suite::ALL.iter().map(|s| s.name()).collect();
        names.join(", ")
    }

    /// The suite with these names.
    pub fn find(scheme: &str, group: &str, flavor: &str) -> Option<Suite> {
        Suite::ALL
            .iter()
            .copied()
            .find(|s| s.scheme() == scheme && s.group() == group && s.flavor() == flavor)
    }

    /// The suite for a scheme with an optional group and flavor: the only one that matches
    /// what is given; when several match, the named group's first (its default), or
    /// ristretto255's when no group is given.
    pub fn resolve(scheme: &str, group: Option<&str>, flavor: Option<&str>) -> Option<Suite> {
        let mut matches = Suite::ALL.iter().copied().filter(|s| {
            s.scheme() == scheme
                && group.is_none_or(|g| g == s.group())
                && flavor.is_none_or(|f| f == s.flavor())
        });
        let first = matches.next()?;
        match matches.next() {
            None => Some(first),
            // Ambiguous in a named group (Grin's and MWEB's Bulletproofs on secp256k1): the
            // group's first, its default.
            Some(_) if group.is_some() => Some(first),
            // Ambiguous (neither group nor flavor given): the ristretto255 default.
            Some(_) => Suite::ALL
                .iter()
                .copied()
                .find(|s| s.scheme() == scheme && s.group() == Ristretto255::NAME),
        }
    }

    /// Whether the suite's transcript takes a label (merlin's do; Monero's has none).
    pub fn takes_transcript_label(self) -> bool {
        self.info().transcript_label
    }

    /// Whether each value has a bit length of its own (Solana's batched range proofs):
    /// statements then carry [`SuiteStatement::bit_lengths`](super::SuiteStatement::bit_lengths),
    /// and [`Self::supported_bits`] lists the totals they may sum to.
    pub fn takes_bit_lengths(self) -> bool {
        self.info().bit_lengths
    }

    /// The bit sizes the suite proves.
    pub fn supported_bits(self) -> &'static [usize] {
        self.info().bits
    }

    /// The most values one proof covers.
    pub fn max_values(self) -> usize {
        self.info().max_values
    }

    /// The most blinding factors per commitment.
    pub fn max_extension_degree(self) -> usize {
        self.info().max_extension_degree
    }

    /// Whether the suite supports minimum-value promises (Grin's only for one value).
    pub fn supports_minimum_values(self) -> bool {
        self.info().minimum_values
    }

    /// Whether values must come in power-of-two counts (secp256k1-zkp's verifier rejects other
    /// counts; the other suites pad).
    pub fn needs_power_of_two_values(self) -> bool {
        self.info().power_of_two_values
    }

    /// Whether statements take libsecp256k1-zkp's value generator and extra data.
    pub fn takes_secp256k1_zkp_fields(self) -> bool {
        self.parameter("value_generator").is_some()
    }

    /// Whether statements take a generator count (`generators_n`).
    pub fn takes_generator_count(self) -> bool {
        self.parameter("generators_n").is_some()
    }

    /// The parameter of this name the suite declares, if it does.
    pub fn parameter(self, name: &str) -> Option<&'static super::ParameterSpec> {
        self.info().parameters.iter().find(|spec| spec.name == name)
    }

    /// Whether proofs can carry a recovery nonce.
    pub fn has_recovery_nonce(self) -> bool {
        self.info().recovery_nonce
    }

    /// The generator count a statement without one means (suites that take one).
    pub fn default_generators_n(self, bits: usize, values: usize) -> Option<usize> {
        self.0.default_generators_n(bits, values)
    }

    /// Length in bytes of a commitment (a point of the suite's group).
    pub fn commitment_len(self) -> usize {
        self.info().commitment_len
    }
}
