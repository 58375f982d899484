//! SHA-256 preimage: knowledge of a message of at most 55 bytes (one block) whose SHA-256
//! digest is public.
//!
//! The circuit is the compression function of FIPS 180-4 §6.2.2 on one block, from the
//! standard initial value, with the padding of §5.1.1 enforced for a **secret** length: the
//! proof hides the message and its length.
//!
//! * Bits are the unit. A bit is a constant or a linear combination constrained to
//!   \\(\{0, 1\}\\); constants fold (the first rounds, whose state is the public IV, cost almost
//!   nothing). XOR of two variable bits is one multiplier (\\(a + b - 2ab\\)), the choice
//!   function \\(g + e(f - g)\\) one, majority two, a three-way XOR two.
//! * Additions mod \\(2^{32}\\) are linear: the sum of the words' bit combinations is
//!   decomposed into 32 fresh bits and a few carry bits (one multiplier each), constrained
//!   equal to it. Rotations and shifts are free (they re-index bits).
//! * Padding: message bytes 0..55 are 448 secret bits; a one-hot vector \\(s_j = [j = len]\\)
//!   (56 bits) selects the length, \\(len = \sum_j j s_j\\) is tied to the 6 length bits of
//!   the last word (\\(W_{15} = 8 \cdot len\\), \\(W_{14} = 0\\)), and each byte satisfies
//!   \\((1 - \sum_{k > j} s_k) \cdot byte_j = 128 s_j\\): bytes at the length are `0x80`,
//!   after it zero, before it free. One multiplier per byte.
//! * The output: for each digest word \\(d_i\\), \\(IV_i + state_i = d_i + 2^{32} c_i\\) with
//!   a carry bit \\(c_i\\).
//!
//! The prover's assignments are computed without branching on the message's bits (bitwise
//! operations on `bool`s, integer sums); the copy of the message into the padded block takes
//! time that depends on its length, as any handling of a variable-length slice does — callers
//! who must hide the length from timing should pad their buffers to 55 bytes themselves. The
//! proof's commitments are constant-time, as everywhere.
//!
//! About 25 600 multipliers (a power-of-two padding of \\(2^{15}\\)); see `metrics` in the
//! tests and BENCHMARKS.md for the exact count.

use merlin::Transcript;

use super::boolean::allocate_bit;
use crate::group::Group;
use crate::r1cs::{
    ConstraintSystem, Lc, PreparedCircuit, R1csConvention, R1csError, R1csGens, R1csProof,
    Variable, Verifier,
};
use crate::transcript::TranscriptProtocol;
use crate::BatchVerifier;
use rand_core::{CryptoRng, RngCore};

/// The longest message one block holds (64 − 1 − 8 bytes).
pub const MAX_MESSAGE_LEN: usize = 55;

const IV: [u32; 8] = [
    0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
];

const K: [u32; 64] = [
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
];

/// The scalar of a small signed integer.
fn small_scalar<G: Group>(c: i64) -> G::Scalar {
    let s = G::Scalar::from(c.unsigned_abs());
    if c < 0 {
        -s
    } else {
        s
    }
}

/// A linear combination with small integer coefficients: what this circuit's bits and sums
/// are (coefficients ±1, ±2, times \\(2^i\\) in sums: below \\(2^{37}\\)). Scaling and adding
/// them is integer arithmetic; they become scalar combinations only when handed to the
/// constraint system (building the circuit with scalar coefficients spent ~15 ms in scalar
/// multiplications, on both sides).
#[derive(Clone, Debug, Default)]
struct SmallLc {
    terms: Vec<(Variable, i64)>,
    constant: i64,
}

impl From<Variable> for SmallLc {
    fn from(v: Variable) -> Self {
        SmallLc::var(v)
    }
}

impl SmallLc {
    fn var(v: Variable) -> Self {
        SmallLc {
            terms: vec![(v, 1)],
            constant: 0,
        }
    }

    fn constant(c: i64) -> Self {
        SmallLc {
            terms: Vec::new(),
            constant: c,
        }
    }

    /// `self + k · other`.
    fn add_scaled(mut self, other: &SmallLc, k: i64) -> Self {
        self.terms
            .extend(other.terms.iter().map(|(v, c)| (*v, c * k)));
        self.constant += other.constant * k;
        self
    }

    fn to_lc<G: Group>(&self) -> Lc<G> {
        let scalar = small_scalar::<G>;
        let mut lc = Lc::<G>::zero();
        for (v, c) in &self.terms {
            lc.push(*v, scalar(*c));
        }
        if self.constant != 0 {
            lc.push(Variable::One, scalar(self.constant));
        }
        lc
    }
}

/// A bit of the circuit: a public constant, or a combination constrained boolean elsewhere,
/// with its value on the prover.
#[derive(Clone, Debug)]
enum Bit {
    Const(bool),
    Var { lc: SmallLc, value: Option<bool> },
}

impl Bit {
    fn lc(&self) -> SmallLc {
        match self {
            Bit::Const(b) => SmallLc::constant(*b as i64),
            Bit::Var { lc, .. } => lc.clone(),
        }
    }

    fn var(v: Variable, value: Option<bool>) -> Self {
        Bit::Var {
            lc: SmallLc::var(v),
            value,
        }
    }

    fn value(&self) -> Option<bool> {
        match self {
            Bit::Const(b) => Some(*b),
            Bit::Var { value, .. } => *value,
        }
    }

    fn not(&self) -> Self {
        match self {
            Bit::Const(b) => Bit::Const(!b),
            Bit::Var { lc, value } => Bit::Var {
                lc: SmallLc::constant(1).add_scaled(lc, -1),
                value: value.map(|v| !v),
            },
        }
    }
}

/// 32 bits, least significant first.
type Word = Vec<Bit>;

fn const_word(w: u32) -> Word {
    (0..32).map(|i| Bit::Const((w >> i) & 1 == 1)).collect()
}

fn word_value(w: &Word) -> Option<u64> {
    w.iter().enumerate().try_fold(0u64, |acc, (i, b)| {
        b.value().map(|v| acc | ((v as u64) << i))
    })
}

/// `x >>> r` (rotate right).
fn rotr(w: &Word, r: usize) -> Word {
    (0..32).map(|i| w[(i + r) % 32].clone()).collect()
}

/// `x >> r` (shift right).
fn shr(w: &Word, r: usize) -> Word {
    (0..32)
        .map(|i| {
            if i + r < 32 {
                w[i + r].clone()
            } else {
                Bit::Const(false)
            }
        })
        .collect()
}

/// \\(a \oplus b\\): one multiplier when both are variables.
fn xor<G: Group, CS: ConstraintSystem<G> + ?Sized>(cs: &mut CS, a: &Bit, b: &Bit) -> Bit {
    match (a, b) {
        (Bit::Const(x), Bit::Const(y)) => Bit::Const(x ^ y),
        (Bit::Const(c), v) | (v, Bit::Const(c)) => {
            if *c {
                v.not()
            } else {
                v.clone()
            }
        }
        (Bit::Var { lc: x, value: vx }, Bit::Var { lc: y, value: vy }) => {
            let (_, _, t) = cs.multiply(x.to_lc::<G>(), y.to_lc::<G>());
            Bit::Var {
                lc: x.clone().add_scaled(y, 1).add_scaled(&SmallLc::var(t), -2),
                value: vx.zip(*vy).map(|(p, q)| p ^ q),
            }
        }
    }
}

/// \\(c ? x : y\\) = \\(y + c (x - y)\\): one multiplier when `c` and one of `x`, `y` vary.
fn choose<G: Group, CS: ConstraintSystem<G> + ?Sized>(
    cs: &mut CS,
    c: &Bit,
    x: &Bit,
    y: &Bit,
) -> Bit {
    match (c, x, y) {
        (Bit::Const(true), x, _) => x.clone(),
        (Bit::Const(false), _, y) => y.clone(),
        (c, Bit::Const(p), Bit::Const(q)) => match (p, q) {
            (true, true) => Bit::Const(true),
            (false, false) => Bit::Const(false),
            (true, false) => c.clone(),
            (false, true) => c.not(),
        },
        (c, x, y) => {
            let (_, _, o) = cs.multiply(
                c.lc().to_lc::<G>(),
                x.lc().add_scaled(&y.lc(), -1).to_lc::<G>(),
            );
            Bit::Var {
                lc: y.lc().add_scaled(&SmallLc::var(o), 1),
                value: c
                    .value()
                    .zip(x.value())
                    .zip(y.value())
                    .map(|((c, x), y)| (c & x) | (!c & y)), // no branch on secret bits
            }
        }
    }
}

/// Majority: \\(a \oplus b\\) ? \\(c\\) : \\(b\\).
fn maj<G: Group, CS: ConstraintSystem<G> + ?Sized>(cs: &mut CS, a: &Bit, b: &Bit, c: &Bit) -> Bit {
    let d = xor(cs, a, b);
    choose(cs, &d, c, b)
}

fn xor3_word<G: Group, CS: ConstraintSystem<G> + ?Sized>(
    cs: &mut CS,
    a: &Word,
    b: &Word,
    c: &Word,
) -> Word {
    (0..32)
        .map(|i| {
            let ab = xor(cs, &a[i], &b[i]);
            xor(cs, &ab, &c[i])
        })
        .collect()
}

/// \\(\sum\\) words + `constant` mod \\(2^{32}\\), as fresh boolean bits.
fn add<G: Group, CS: ConstraintSystem<G> + ?Sized>(
    cs: &mut CS,
    words: &[&Word],
    constant: u32,
) -> Result<Word, R1csError> {
    // Constant bits join the constant; only variable bits enter the combination.
    let mut sum = SmallLc::constant(constant as i64);
    let mut max = constant as u64;
    let mut value = Some(constant as u64);
    for w in words {
        max += u32::MAX as u64;
        value = value.zip(word_value(w)).map(|(s, x)| s + x);
        for (i, bit) in w.iter().enumerate() {
            match bit {
                Bit::Const(b) => sum.constant += (*b as i64) << i,
                Bit::Var { lc, .. } => sum = sum.add_scaled(lc, 1 << i),
            }
        }
    }
    let carry_bits = (64 - max.leading_zeros() as usize).saturating_sub(32);
    let mut out = Vec::with_capacity(32);
    for i in 0..32 + carry_bits {
        let b = value.map(|v| (v >> i) & 1 == 1);
        let var = allocate_bit(cs, b)?;
        sum.terms.push((var, -(1 << i)));
        if i < 32 {
            out.push(Bit::var(var, b));
        }
    }
    cs.constrain(sum.to_lc::<G>());
    Ok(out)
}

/// Allocates the padded block's secret bits and constrains the padding; returns \\(W_0..W_{15}\\).
fn padded_block<G: Group, CS: ConstraintSystem<G> + ?Sized>(
    cs: &mut CS,
    message: Option<&[u8]>,
) -> Result<Vec<Word>, R1csError> {
    let len = message.map(|m| m.len());
    // Bytes 0..55 of the block: the message, 0x80, zeros.
    let mut byte_bits: Vec<[Bit; 8]> = Vec::with_capacity(56);
    for j in 0..MAX_MESSAGE_LEN + 1 {
        let byte = message.map(|m| match j.cmp(&m.len()) {
            core::cmp::Ordering::Less => m[j],
            core::cmp::Ordering::Equal => 0x80,
            core::cmp::Ordering::Greater => 0,
        });
        let mut bits: [Bit; 8] = core::array::from_fn(|_| Bit::Const(false));
        for (i, bit) in bits.iter_mut().enumerate() {
            let b = byte.map(|x| (x >> i) & 1 == 1);
            *bit = Bit::Var {
                lc: allocate_bit(cs, b)?.into(),
                value: b,
            };
        }
        byte_bits.push(bits);
    }
    // The one-hot length selector and the 6 length bits.
    let mut selectors = Vec::with_capacity(56);
    let mut one_hot = Lc::<G>::zero();
    let mut weighted = Lc::<G>::zero();
    for j in 0..MAX_MESSAGE_LEN + 1 {
        let s = allocate_bit(cs, len.map(|l| l == j))?;
        one_hot = one_hot + s;
        weighted.push(s, G::Scalar::from(j as u64));
        selectors.push(s);
    }
    cs.constrain(one_hot - Lc::<G>::constant(G::one()));
    let mut len_bits = Vec::with_capacity(6);
    let mut len_lc = Lc::<G>::zero();
    for i in 0..6 {
        let b = len.map(|l| (l >> i) & 1 == 1);
        let var = allocate_bit(cs, b)?;
        len_lc.push(var, G::Scalar::from(1u64 << i));
        len_bits.push(Bit::Var {
            lc: var.into(),
            value: b,
        });
    }
    cs.constrain(weighted - len_lc);
    // (1 − Σ_{k>j} s_k) · byte_j = 128 s_j.
    let mut after = Lc::<G>::zero();
    for j in (0..MAX_MESSAGE_LEN + 1).rev() {
        let byte = byte_bits[j]
            .iter()
            .enumerate()
            .fold(SmallLc::default(), |acc, (i, b)| {
                acc.add_scaled(&b.lc(), 1 << i)
            });
        let (_, _, o) = cs.multiply(
            Lc::<G>::constant(G::one()) - after.clone(),
            byte.to_lc::<G>(),
        );
        cs.constrain(Lc::<G>::from(o) - Lc::<G>::from(selectors[j]) * G::Scalar::from(128));
        after = after + selectors[j];
    }
    // Big-endian words: bit i of W_t is bit i % 8 of byte 4t + 3 − i / 8.
    let mut words = Vec::with_capacity(16);
    for t in 0..14 {
        words.push(
            (0..32)
                .map(|i| byte_bits[4 * t + 3 - i / 8][i % 8].clone())
                .collect(),
        );
    }
    words.push(const_word(0));
    // W_15 = 8 · len: bits 3..8 are the length bits.
    words.push(
        (0..32)
            .map(|i| {
                if (3..9).contains(&i) {
                    len_bits[i - 3].clone()
                } else {
                    Bit::Const(false)
                }
            })
            .collect(),
    );
    Ok(words)
}

/// Constrains: the prover knows a message (`message` on the prover, at most 55 bytes) with
/// SHA-256 digest `digest`.
pub fn sha256_preimage<G: Group, CS: ConstraintSystem<G> + ?Sized>(
    cs: &mut CS,
    message: Option<&[u8]>,
    digest: &[u8; 32],
) -> Result<(), R1csError> {
    if message.is_some_and(|m| m.len() > MAX_MESSAGE_LEN) {
        return Err(R1csError::Gadget(
            "sha256: the message is longer than 55 bytes",
        ));
    }
    let mut w = padded_block(cs, message)?;
    // Message schedule (§6.2.2 step 1).
    for t in 16..64 {
        let s0 = {
            let x = &w[t - 15];
            xor3_word(cs, &rotr(x, 7), &rotr(x, 18), &shr(x, 3))
        };
        let s1 = {
            let x = &w[t - 2];
            xor3_word(cs, &rotr(x, 17), &rotr(x, 19), &shr(x, 10))
        };
        let next = add(cs, &[&s1, &w[t - 7], &s0, &w[t - 16]], 0)?;
        w.push(next);
    }
    // Rounds (steps 2–3).
    let mut state: Vec<Word> = IV.iter().map(|x| const_word(*x)).collect();
    for t in 0..64 {
        let (a, b, c, d) = (&state[0], &state[1], &state[2], &state[3]);
        let (e, f, g, h) = (&state[4], &state[5], &state[6], &state[7]);
        let sigma1 = xor3_word(cs, &rotr(e, 6), &rotr(e, 11), &rotr(e, 25));
        let ch: Word = (0..32).map(|i| choose(cs, &e[i], &f[i], &g[i])).collect();
        let sigma0 = xor3_word(cs, &rotr(a, 2), &rotr(a, 13), &rotr(a, 22));
        let majority: Word = (0..32).map(|i| maj(cs, &a[i], &b[i], &c[i])).collect();
        let new_e = add(cs, &[d, h, &sigma1, &ch, &w[t]], K[t])?;
        let new_a = add(cs, &[h, &sigma1, &ch, &w[t], &sigma0, &majority], K[t])?;
        state = vec![
            new_a,
            a.clone(),
            b.clone(),
            c.clone(),
            new_e,
            e.clone(),
            f.clone(),
            g.clone(),
        ];
    }
    // H_i = IV_i + state_i mod 2^32 must be the digest's word i: IV_i + state_i − d_i = 2^32 c_i.
    // Each of these eight constraints has its constant last ([`Sha256Circuit`]).
    for (i, (word, constant)) in state.iter().zip(digest_constants(digest)).enumerate() {
        let total = word_value(word).map(|v| v + IV[i] as u64);
        let carry = allocate_bit(cs, total.map(|t| t >> 32 == 1))?;
        let mut lc = SmallLc::constant(constant);
        for (k, bit) in word.iter().enumerate() {
            lc = lc.add_scaled(&bit.lc(), 1 << k);
        }
        lc.terms.push((carry, -(1 << 32)));
        cs.constrain(lc.to_lc::<G>());
    }
    Ok(())
}

/// The constants the digest puts in the circuit: \(IV_i - d_i\) for its words \(d_i\).
fn digest_constants(digest: &[u8; 32]) -> [i64; 8] {
    core::array::from_fn(|i| {
        let d = u32::from_be_bytes([
            digest[4 * i],
            digest[4 * i + 1],
            digest[4 * i + 2],
            digest[4 * i + 3],
        ]);
        IV[i] as i64 - d as i64
    })
}

/// The SHA-256 preimage circuit built once ([`PreparedCircuit`]): proofs for any digest are
/// checked without building the circuit again — the digest is the constants of eight of its
/// constraints. Decides exactly as [`verify_sha256_preimage`] (tested), in less
/// time: no gadget run, no hashing of the shared constraints, a compact flattening.
pub struct Sha256Circuit<'g, G: Group> {
    circuit: PreparedCircuit<'g, G>,
}

impl<'g, G: Group> Sha256Circuit<'g, G>
where
    Transcript: TranscriptProtocol<G>,
{
    /// Builds and prepares the circuit over `gens` under `flavor`.
    pub fn new(gens: &'g R1csGens<G>, flavor: R1csConvention) -> Result<Self, R1csError> {
        // Two digests whose constants IV_i − d_i all differ and none is zero.
        let build = |digest: &[u8; 32]| {
            let mut verifier = Verifier::new(gens, flavor, sha256_transcript(digest));
            sha256_preimage::<G, _>(&mut verifier, None, digest).map(|()| verifier)
        };
        Ok(Sha256Circuit {
            circuit: PreparedCircuit::new(build(&[0; 32])?, build(&[0xff; 32])?)?,
        })
    }

    /// Checks a proof of knowledge of a preimage of `digest`.
    pub fn verify(&self, digest: &[u8; 32], proof: &R1csProof<G>) -> Result<(), R1csError> {
        let constants = digest_constants(digest).map(small_scalar::<G>);
        self.circuit
            .verify(sha256_transcript(digest), &[], &constants, proof)
    }

    /// Adds a proof of a preimage of `digest` to `batch`; returns its position there.
    pub fn add_to<R: RngCore + CryptoRng>(
        &self,
        batch: &mut BatchVerifier<'g, G>,
        digest: &[u8; 32],
        proof: &R1csProof<G>,
        rng: &mut R,
    ) -> usize {
        let constants = digest_constants(digest).map(small_scalar::<G>);
        batch.add_prepared_r1cs(
            &self.circuit,
            sha256_transcript(digest),
            &[],
            &constants,
            proof,
            rng,
        )
    }
}

/// The transcript of a SHA-256 preimage proof: an application label, then the digest (so the
/// statement is bound under either convention).
pub fn sha256_transcript(digest: &[u8; 32]) -> Transcript {
    let mut t = Transcript::new(b"rangeproof sha256 preimage");
    t.append_message(b"digest", digest);
    t
}

/// Proves knowledge of `message` (at most 55 bytes); returns the proof and the digest.
pub fn prove_sha256_preimage<G: Group>(
    gens: &R1csGens<G>,
    flavor: R1csConvention,
    message: &[u8],
) -> Result<(R1csProof<G>, [u8; 32]), R1csError>
where
    Transcript: TranscriptProtocol<G>,
{
    use sha2::{Digest, Sha256};
    let digest: [u8; 32] = Sha256::digest(message).into();
    let mut prover = crate::r1cs::Prover::new(gens, flavor, sha256_transcript(&digest));
    sha256_preimage::<G, _>(&mut prover, Some(message), &digest)?;
    Ok((prover.prove()?, digest))
}

/// Checks a proof of knowledge of a preimage of `digest`.
pub fn verify_sha256_preimage<G: Group>(
    gens: &R1csGens<G>,
    flavor: R1csConvention,
    digest: &[u8; 32],
    proof: &R1csProof<G>,
) -> Result<(), R1csError>
where
    Transcript: TranscriptProtocol<G>,
{
    let mut verifier = crate::r1cs::Verifier::new(gens, flavor, sha256_transcript(digest));
    sha256_preimage::<G, _>(&mut verifier, None, digest)?;
    verifier.verify(proof)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::r1cs::gadgets::test_support::{satisfied, TestProver};
    use crate::r1cs::{generators, ConstraintSystem};
    use crate::Ristretto255;
    use sha2::{Digest, Sha256};

    fn holds(message: &[u8], digest: &[u8; 32]) -> bool {
        satisfied(|cs: &mut TestProver| {
            sha256_preimage::<Ristretto255, _>(cs, Some(message), digest)
        })
    }

    /// The circuit agrees with SHA-256 on every length 0..=55, and refuses a wrong digest.
    #[test]
    fn satisfied_exactly_by_preimages() {
        for len in 0..=MAX_MESSAGE_LEN {
            let message: Vec<u8> = (0..len).map(|i| (i * 37 + len) as u8).collect();
            let digest: [u8; 32] = Sha256::digest(&message).into();
            assert!(holds(&message, &digest), "len {len}");
            let mut wrong = digest;
            wrong[len % 32] ^= 1 << (len % 8);
            assert!(!holds(&message, &wrong), "len {len}, wrong digest");
        }
        assert!(holds(b"abc", &Sha256::digest(b"abc").into()));
        assert!(!satisfied(|cs: &mut TestProver| sha256_preimage::<
            Ristretto255,
            _,
        >(
            cs,
            Some(&[0u8; 56]),
            &[0; 32]
        )));
    }

    #[test]
    fn fits_in_two_to_the_fifteen_multipliers() {
        let mut prover = TestProver::new(
            generators::dalek(),
            R1csConvention::Bound,
            sha256_transcript(&[0; 32]),
        );
        sha256_preimage::<Ristretto255, _>(&mut prover, Some(b""), &[0; 32]).unwrap();
        let m = prover.metrics();
        assert!(m.multipliers <= 1 << 15, "{m:?}");
        assert!(m.multipliers > 1 << 14, "{m:?}");
    }

    /// One whole proof: 1377 bytes at 2^15 multipliers (one phase), verifies for its digest,
    /// not for another.
    #[test]
    fn proves_and_verifies() {
        let gens = generators::dalek();
        let (proof, digest) =
            prove_sha256_preimage(gens, R1csConvention::Bound, b"rangeproof").unwrap();
        assert_eq!(proof.to_bytes().len(), 1377);
        verify_sha256_preimage(gens, R1csConvention::Bound, &digest, &proof).unwrap();
        let mut other = digest;
        other[0] ^= 1;
        assert!(verify_sha256_preimage(gens, R1csConvention::Bound, &other, &proof).is_err());
    }

    /// The prepared circuit decides as the plain verifier: both flavors, alone and in a
    /// batch that names the invalid, for proofs of two digests, a wrong digest and a changed
    /// proof.
    #[test]
    fn the_prepared_circuit_decides_as_the_plain_verifier() {
        use rand_core::OsRng;
        let gens = generators::dalek();
        for flavor in [R1csConvention::Bound, R1csConvention::Dalek] {
            let prepared = Sha256Circuit::<Ristretto255>::new(gens, flavor).unwrap();
            let (p1, d1) = prove_sha256_preimage(gens, flavor, b"first").unwrap();
            let (p2, d2) = prove_sha256_preimage(gens, flavor, b"").unwrap();
            let mut wrong = d1;
            wrong[31] ^= 0x80;
            let mut changed = p2.to_bytes();
            changed[200] ^= 1; // inside A_O2's encoding … or a point that no longer decodes
            let changed = R1csProof::<Ristretto255>::from_bytes(&changed);
            let mut cases = vec![
                (d1, &p1, true),
                (d2, &p2, true),
                (wrong, &p1, false),
                (d1, &p2, false),
            ];
            if let Ok(changed) = &changed {
                cases.push((d2, changed, false));
            }
            let mut batch = BatchVerifier::new();
            for (digest, proof, valid) in &cases {
                let plain = verify_sha256_preimage(gens, flavor, digest, proof);
                assert_eq!(plain.is_ok(), *valid, "{flavor:?}");
                assert_eq!(prepared.verify(digest, proof), plain, "{flavor:?}");
                prepared.add_to(&mut batch, digest, proof, &mut OsRng);
            }
            let expected: Vec<usize> = (0..cases.len()).filter(|&i| !cases[i].2).collect();
            assert_eq!(batch.verify().unwrap_err().invalid, expected, "{flavor:?}");
            let mut valid_only = BatchVerifier::new();
            prepared.add_to(&mut valid_only, &d1, &p1, &mut OsRng);
            prepared.add_to(&mut valid_only, &d2, &p2, &mut OsRng);
            valid_only.verify().unwrap();
        }
    }

    /// The prepared circuit's digest and flattening equal the plain verifier's for digests
    /// whose constants are zero (a digest word equal to the IV's: the constant term is then
    /// absent from the constraint), negative and positive.
    #[test]
    fn the_prepared_digest_and_weights_are_the_plain_ones() {
        use crate::r1cs::transcript::{circuit_digest, CircuitShape};
        let gens = generators::dalek();
        let prepared = Sha256Circuit::<Ristretto255>::new(gens, R1csConvention::Bound).unwrap();
        let mut iv_words = [0u8; 32];
        for (i, word) in IV.iter().enumerate() {
            iv_words[4 * i..4 * i + 4].copy_from_slice(&word.to_be_bytes());
        }
        let mut mixed = iv_words;
        mixed[0] ^= 0xff;
        mixed[9] = 0;
        for digest in [iv_words, mixed, [0xff; 32], [0; 32]] {
            let mut verifier =
                Verifier::new(gens, R1csConvention::Bound, sha256_transcript(&digest));
            sha256_preimage::<Ristretto255, _>(&mut verifier, None, &digest).unwrap();
            let built = verifier.into_parts().unwrap();
            let shape = CircuitShape {
                committed: 0,
                multipliers: built.multipliers,
                phase_one_multipliers: built.multipliers,
            };
            let constants = digest_constants(&digest).map(small_scalar::<Ristretto255>);
            assert_eq!(
                prepared.circuit.digest(&constants),
                circuit_digest::<Ristretto255>(shape, &built.constraints),
            );
            let z = Ristretto255::random_scalar(&mut rand_core::OsRng);
            let plain =
                crate::r1cs::flatten::<Ristretto255>(&built.constraints, z, built.multipliers, 0)
                    .unwrap();
            let compact = prepared.circuit.flatten(z, &constants);
            let canonical = |v: &[<Ristretto255 as Group>::FastScalar]| {
                v.iter().map(Ristretto255::from_fast).collect::<Vec<_>>()
            };
            assert_eq!(canonical(&plain.w_l), canonical(&compact.w_l));
            assert_eq!(canonical(&plain.w_r), canonical(&compact.w_r));
            assert_eq!(canonical(&plain.w_o), canonical(&compact.w_o));
            assert_eq!(
                Ristretto255::from_fast(&plain.w_c),
                Ristretto255::from_fast(&compact.w_c)
            );
        }
    }
}
