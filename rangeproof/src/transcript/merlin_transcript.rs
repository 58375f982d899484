//! The merlin (STROBE-128) transcript, as used by the reference `bulletproofs` crate.
//!
//! Byte-for-byte what the reference absorbs: `dom-sep` messages, `n` and `m` as u64, every
//! commitment `V`, every prover message, and 64-byte challenges reduced mod ℓ. It does **not**
//! absorb the generators: they are fixed by the deployment (the dalek generator chains), so a
//! transcript label is all that separates applications. Callers choose that label.
//!
//! Tari's `tari_merlin` is this same STROBE-128 construction (a port to a newer `rand_core`),
//! so the same implementation serves Tari's Bulletproofs+, whose statement
//! absorption (which does include the Pedersen bases) lives in [`crate::bulletproofs_plus`].

use merlin::{Transcript, TranscriptRng};
use rand_core::{CryptoRng, RngCore};

use super::TranscriptProtocol;
use crate::group::Group;

impl<G: Group> TranscriptProtocol<G> for Transcript {
    type WitnessRng = TranscriptRng;

    fn rangeproof_domain_sep(&mut self, n: u64, m: u64) {
        self.append_message(b"dom-sep", b"rangeproof v1");
        Transcript::append_u64(self, b"n", n);
        Transcript::append_u64(self, b"m", m);
    }

    fn innerproduct_domain_sep(&mut self, n: u64) {
        self.append_message(b"dom-sep", b"ipp v1");
        Transcript::append_u64(self, b"n", n);
    }

    fn append_domain_separator(&mut self, message: &'static [u8]) {
        self.append_message(b"dom-sep", message);
    }

    fn append_u64(&mut self, label: &'static [u8], value: u64) {
        Transcript::append_u64(self, label, value);
    }

    fn append_bytes(&mut self, label: &'static [u8], bytes: &[u8]) {
        self.append_message(label, bytes);
    }

    fn append_point(&mut self, label: &'static [u8], point: &G::PointEncoding) {
        self.append_message(label, point.as_ref());
    }

    fn append_scalar(&mut self, label: &'static [u8], scalar: &G::Scalar) {
        self.append_message(label, G::scalar_to_bytes(scalar).as_ref());
    }

    fn challenge_scalar(&mut self, label: &'static [u8]) -> G::Scalar {
        let mut buf = [0u8; 64];
        self.challenge_bytes(label, &mut buf);
        G::scalar_from_bytes_wide(&buf)
    }

    fn witness_rng<R: RngCore + CryptoRng>(
        &self,
        witness: &[(&'static [u8], &[u8])],
        rng: &mut R,
    ) -> TranscriptRng {
        let mut builder = self.build_rng();
        for (label, bytes) in witness {
            builder = builder.rekey_with_witness_bytes(label, bytes);
        }
        builder.finalize(rng)
    }
}
