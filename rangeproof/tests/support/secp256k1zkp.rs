//! A safe wrapper over libsecp256k1-zkp's Bulletproofs (Grin's fork, through the
//! `grin_secp256k1zkp` crate's `ffi` module), for cross-tests and benchmarks.
//!
//! The C library aborts the process on an illegal argument by default; [`CLib::new`] installs a
//! callback that records the message instead, so a bad input becomes an `Err` here.

#![allow(dead_code)]

use std::ffi::{c_char, c_void, CStr};
use std::sync::Mutex;

use secp256k1zkp::{constants, ffi};

extern "C" {
    // Compiled into the crate's static library, not declared by its `ffi` module.
    fn secp256k1_context_set_illegal_callback(
        ctx: *mut ffi::Context,
        fun: Option<extern "C" fn(*const c_char, *mut c_void)>,
        data: *const c_void,
    );
}

static LAST_ILLEGAL: Mutex<Option<String>> = Mutex::new(None);

extern "C" fn record_illegal(message: *const c_char, _data: *mut c_void) {
    // SAFETY: the C library passes a NUL-terminated static string.
    let text = unsafe { CStr::from_ptr(message) }
        .to_string_lossy()
        .into_owned();
    *LAST_ILLEGAL.lock().unwrap() = Some(text);
}

/// The C library's context, scratch space and generators.
pub struct CLib {
    ctx: *mut ffi::Context,
    scratch: *mut ffi::ScratchSpace,
    gens: *mut ffi::BulletproofGenerators,
    pub generators_n: usize,
}

// SAFETY: the context is only used through &self after creation (the C library's verify and
// prove functions take it as const), and the scratch space is used by one call at a time
// because every method takes &mut self when it uses it.
unsafe impl Send for CLib {}

/// A proof's public parameters as the C library takes them.
pub struct CStatement<'a> {
    pub bits: usize,
    pub commitments: &'a [[u8; 33]],
    /// The value generator as x ‖ y (secp256k1_generator's internal form).
    pub value_gen: [u8; 64],
    pub min_values: Option<&'a [u64]>,
    pub extra: Option<&'a [u8]>,
}

impl Drop for CLib {
    fn drop(&mut self) {
        // SAFETY: each pointer was created by the matching constructor and is freed once.
        unsafe {
            ffi::secp256k1_bulletproof_generators_destroy(self.ctx, self.gens);
            ffi::secp256k1_scratch_space_destroy(self.scratch);
            ffi::secp256k1_context_destroy(self.ctx);
        }
    }
}

impl CLib {
    /// A context with `generators_n` Bulletproofs generators and a non-aborting callback.
    pub fn new(generators_n: usize) -> Self {
        // SAFETY: plain constructor calls; results are checked for null.
        unsafe {
            let ctx = ffi::secp256k1_context_create(
                ffi::SECP256K1_START_SIGN | ffi::SECP256K1_START_VERIFY,
            );
            assert!(!ctx.is_null());
            secp256k1_context_set_illegal_callback(ctx, Some(record_illegal), core::ptr::null());
            let scratch = ffi::secp256k1_scratch_space_create(ctx, 256 << 20);
            assert!(!scratch.is_null());
            let gens = ffi::secp256k1_bulletproof_generators_create(
                ctx,
                constants::GENERATOR_G.as_ptr(),
                generators_n,
            );
            assert!(!gens.is_null());
            CLib {
                ctx,
                scratch,
                gens,
                generators_n,
            }
        }
    }

    /// The message of the last illegal-argument callback, cleared.
    pub fn take_illegal() -> Option<String> {
        LAST_ILLEGAL.lock().unwrap().take()
    }

    /// `secp256k1_pedersen_commitment_parse`: 33 bytes to the 64-byte internal form.
    pub fn parse_commitment(&self, c: &[u8; 33]) -> Option<[u8; 64]> {
        let mut out = [0u8; 64];
        // SAFETY: `out` has the 64 bytes the function writes; `c` has 33 readable bytes.
        let ok = unsafe {
            ffi::secp256k1_pedersen_commitment_parse(self.ctx, out.as_mut_ptr(), c.as_ptr())
        };
        (ok == 1).then_some(out)
    }

    /// `secp256k1_pedersen_commitment_serialize`.
    pub fn serialize_commitment(&self, internal: &[u8; 64]) -> [u8; 33] {
        let mut out = [0u8; 33];
        // SAFETY: buffers of the sizes the function reads and writes.
        unsafe {
            ffi::secp256k1_pedersen_commitment_serialize(
                self.ctx,
                out.as_mut_ptr(),
                internal.as_ptr(),
            )
        };
        out
    }

    /// `secp256k1_pedersen_commit(blind, value, value_gen, G)`, serialized.
    pub fn commit(&self, value: u64, blind: &[u8; 32], value_gen: &[u8; 64]) -> Option<[u8; 33]> {
        let mut internal = [0u8; 64];
        // SAFETY: buffers of the sizes the function reads and writes.
        let ok = unsafe {
            ffi::secp256k1_pedersen_commit(
                self.ctx,
                internal.as_mut_ptr(),
                blind.as_ptr(),
                value,
                value_gen.as_ptr(),
                constants::GENERATOR_G.as_ptr(),
            )
        };
        (ok == 1).then(|| self.serialize_commitment(&internal))
    }

    /// `secp256k1_generator_generate(seed)` as x ‖ y.
    pub fn generator_generate(&self, seed: &[u8; 32]) -> Option<[u8; 64]> {
        let mut gen = ffi::Generator([0u8; 64]);
        // SAFETY: `gen` is the 64-byte output, `seed` 32 readable bytes.
        let ok = unsafe { ffi::secp256k1_generator_generate(self.ctx, &mut gen, seed.as_ptr()) };
        (ok == 1).then_some(gen.0)
    }

    fn commitment_pointers(&self, commitments: &[[u8; 33]]) -> Option<Vec<[u8; 64]>> {
        commitments
            .iter()
            .map(|c| self.parse_commitment(c))
            .collect()
    }

    /// `secp256k1_bulletproof_rangeproof_verify`.
    pub fn verify(&mut self, proof: &[u8], st: &CStatement<'_>) -> bool {
        let Some(internal) = self.commitment_pointers(st.commitments) else {
            return false;
        };
        let flat: Vec<u8> = internal.iter().flatten().copied().collect();
        let (extra_ptr, extra_len) = st
            .extra
            .map_or((core::ptr::null(), 0), |e| (e.as_ptr(), e.len()));
        let min_ptr = st.min_values.map_or(core::ptr::null(), |m| m.as_ptr());
        // SAFETY: every pointer covers the lengths passed with it: `flat` holds n_commits
        // 64-byte commitments, `min_ptr` n_commits values when not null.
        let ok = unsafe {
            ffi::secp256k1_bulletproof_rangeproof_verify(
                self.ctx,
                self.scratch,
                self.gens,
                proof.as_ptr(),
                proof.len(),
                min_ptr,
                flat.as_ptr(),
                st.commitments.len(),
                st.bits,
                st.value_gen.as_ptr(),
                extra_ptr,
                extra_len,
            )
        };
        ok == 1
    }

    /// `secp256k1_bulletproof_rangeproof_verify_multi`: proofs of one shape (same length,
    /// bits and commitment count), value generator H, and each proof's extra data when
    /// `extras` is given (one per proof; Litecoin's MWEB passes each output's message).
    pub fn verify_multi(
        &mut self,
        proofs: &[Vec<u8>],
        commitments: &[Vec<[u8; 33]>],
        bits: usize,
        extras: Option<&[Vec<u8>]>,
    ) -> bool {
        if extras.is_some_and(|e| e.len() != proofs.len()) {
            return false;
        }
        let Some(internal) = commitments
            .iter()
            .map(|cs| {
                self.commitment_pointers(cs)
                    .map(|v| v.iter().flatten().copied().collect::<Vec<u8>>())
            })
            .collect::<Option<Vec<Vec<u8>>>>()
        else {
            return false;
        };
        let commit_ptrs: Vec<*const u8> = internal.iter().map(|c| c.as_ptr()).collect();
        let proof_ptrs: Vec<*const u8> = proofs.iter().map(|p| p.as_ptr()).collect();
        let gens: Vec<u8> = (0..proofs.len())
            .flat_map(|_| constants::GENERATOR_H)
            .collect();
        let extra_ptrs: Option<Vec<*const u8>> =
            extras.map(|e| e.iter().map(|x| x.as_ptr()).collect());
        let extra_lens: Option<Vec<usize>> = extras.map(|e| e.iter().map(Vec::len).collect());
        // SAFETY: n_proofs pointers each to a proof of plen bytes and to n_commits 64-byte
        // commitments; n_proofs 64-byte value generators; when given, n_proofs extra-data
        // pointers each with its length (checked above).
        let ok = unsafe {
            ffi::secp256k1_bulletproof_rangeproof_verify_multi(
                self.ctx,
                self.scratch,
                self.gens,
                proof_ptrs.as_ptr(),
                proofs.len(),
                proofs[0].len(),
                core::ptr::null(),
                commit_ptrs.as_ptr(),
                commitments[0].len(),
                bits,
                gens.as_ptr(),
                extra_ptrs
                    .as_ref()
                    .map_or(core::ptr::null(), |p| p.as_ptr()),
                extra_lens
                    .as_ref()
                    .map_or(core::ptr::null(), |l| l.as_ptr()),
            )
        };
        ok == 1
    }

    /// `secp256k1_bulletproof_rangeproof_prove` (single prover): returns the proof.
    #[allow(clippy::too_many_arguments)]
    pub fn prove(
        &mut self,
        bits: usize,
        values: &[u64],
        blinds: &[[u8; 32]],
        value_gen: &[u8; 64],
        min_values: Option<&[u64]>,
        nonce: &[u8; 32],
        private_nonce: Option<&[u8; 32]>,
        extra: Option<&[u8]>,
        message: Option<&[u8; 20]>,
    ) -> Option<Vec<u8>> {
        let mut proof = vec![0u8; 5134];
        let mut plen = proof.len();
        let blind_ptrs: Vec<*const u8> = blinds.iter().map(|b| b.as_ptr()).collect();
        let (extra_ptr, extra_len) =
            extra.map_or((core::ptr::null(), 0), |e| (e.as_ptr(), e.len()));
        // SAFETY: `proof` has `plen` writable bytes; `values`, `blind_ptrs` (and `min_values`
        // when given) have n_commits entries; nonces are 32 bytes, the message 20.
        let ok = unsafe {
            ffi::secp256k1_bulletproof_rangeproof_prove(
                self.ctx,
                self.scratch,
                self.gens,
                proof.as_mut_ptr(),
                &mut plen,
                core::ptr::null_mut(),
                core::ptr::null_mut(),
                core::ptr::null_mut(),
                values.as_ptr(),
                min_values.map_or(core::ptr::null(), |m| m.as_ptr()),
                blind_ptrs.as_ptr(),
                core::ptr::null(),
                values.len(),
                value_gen.as_ptr(),
                bits,
                nonce.as_ptr(),
                private_nonce.map_or(core::ptr::null(), |n| n.as_ptr()),
                extra_ptr,
                extra_len,
                message.map_or(core::ptr::null(), |m| m.as_ptr()),
            )
        };
        (ok == 1).then(|| {
            proof.truncate(plen);
            proof
        })
    }

    /// `secp256k1_bulletproof_rangeproof_rewind`: (value, blinding, message).
    pub fn rewind(
        &self,
        proof: &[u8],
        min_value: u64,
        commitment: &[u8; 33],
        value_gen: &[u8; 64],
        nonce: &[u8; 32],
        extra: Option<&[u8]>,
    ) -> Option<(u64, [u8; 32], [u8; 20])> {
        let internal = self.parse_commitment(commitment)?;
        let mut value = 0u64;
        let mut blind = [0u8; 32];
        let mut message = [0u8; 20];
        let (extra_ptr, extra_len) =
            extra.map_or((core::ptr::null(), 0), |e| (e.as_ptr(), e.len()));
        // SAFETY: output buffers of 8, 32 and 20 bytes; inputs of the lengths passed.
        let ok = unsafe {
            ffi::secp256k1_bulletproof_rangeproof_rewind(
                self.ctx,
                &mut value,
                blind.as_mut_ptr(),
                proof.as_ptr(),
                proof.len(),
                min_value,
                internal.as_ptr(),
                value_gen.as_ptr(),
                nonce.as_ptr(),
                extra_ptr,
                extra_len,
                message.as_mut_ptr(),
            )
        };
        (ok == 1).then_some((value, blind, message))
    }

    /// One step of the multi-party protocol (`secp256k1_bulletproof_rangeproof_prove` with
    /// `t_one`/`t_two`/`tau_x`): `step` 1 returns this party's T1, T2 shares (as 33-byte SEC1
    /// keys); step 2 (given the summed T1, T2) this party's τx share; step 0 (given the sums
    /// and the summed τx) the proof.
    #[allow(clippy::too_many_arguments)]
    pub fn multisig_step(
        &mut self,
        step: u8,
        value: u64,
        blind: &[u8; 32],
        commitment: &[u8; 33],
        nonce: &[u8; 32],
        private_nonce: &[u8; 32],
        t_sums: Option<(&[u8; 33], &[u8; 33])>,
        tau_x_sum: Option<&[u8; 32]>,
    ) -> Option<MultisigOutput> {
        let internal = self.parse_commitment(commitment)?;
        let commit_ptrs = [internal.as_ptr()];
        let blind_ptrs = [blind.as_ptr()];
        let mut t1 = ffi::PublicKey([0u8; 64]);
        let mut t2 = ffi::PublicKey([0u8; 64]);
        if let Some((a, b)) = t_sums {
            t1 = self.parse_pubkey(a)?;
            t2 = self.parse_pubkey(b)?;
        }
        let mut tau_x = tau_x_sum.copied().unwrap_or([0u8; 32]);
        let mut proof = vec![0u8; 5134];
        let mut plen = proof.len();
        let last = step == 0;
        // SAFETY: as in `prove`; `t1`/`t2` are 64-byte public keys, `tau_x` 32 bytes.
        let ok = unsafe {
            ffi::secp256k1_bulletproof_rangeproof_prove(
                self.ctx,
                self.scratch,
                self.gens,
                if last {
                    proof.as_mut_ptr()
                } else {
                    core::ptr::null_mut()
                },
                if last {
                    &mut plen
                } else {
                    core::ptr::null_mut()
                },
                if step == 1 {
                    core::ptr::null_mut()
                } else {
                    tau_x.as_mut_ptr()
                },
                &mut t1,
                &mut t2,
                &value,
                core::ptr::null(),
                blind_ptrs.as_ptr(),
                commit_ptrs.as_ptr(),
                1,
                constants::GENERATOR_H.as_ptr(),
                64,
                nonce.as_ptr(),
                private_nonce.as_ptr(),
                core::ptr::null(),
                0,
                core::ptr::null(),
            )
        };
        if ok != 1 {
            return None;
        }
        Some(match step {
            1 => MultisigOutput::TShares(self.serialize_pubkey(&t1), self.serialize_pubkey(&t2)),
            2 => MultisigOutput::TauX(tau_x),
            _ => {
                proof.truncate(plen);
                MultisigOutput::Proof(proof)
            }
        })
    }

    fn parse_pubkey(&self, key: &[u8; 33]) -> Option<ffi::PublicKey> {
        let mut pk = ffi::PublicKey([0u8; 64]);
        // SAFETY: 33 readable bytes in, a 64-byte key out.
        let ok = unsafe { ffi::secp256k1_ec_pubkey_parse(self.ctx, &mut pk, key.as_ptr(), 33) };
        (ok == 1).then_some(pk)
    }

    fn serialize_pubkey(&self, pk: &ffi::PublicKey) -> [u8; 33] {
        let mut out = [0u8; 33];
        let mut len = 33usize;
        // SAFETY: a 33-byte output buffer for a compressed key.
        unsafe {
            ffi::secp256k1_ec_pubkey_serialize(
                self.ctx,
                out.as_mut_ptr(),
                &mut len,
                pk,
                ffi::SECP256K1_SER_COMPRESSED,
            )
        };
        out
    }
}

/// What a multi-party step returns.
pub enum MultisigOutput {
    TShares([u8; 33], [u8; 33]),
    TauX([u8; 32]),
    Proof(Vec<u8>),
}
