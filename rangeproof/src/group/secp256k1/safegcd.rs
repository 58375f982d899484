//! Variable-time modular inversion by Bernstein and Yang's safegcd ("Fast constant-time gcd
//! computation and modular inversion", 2019), in the shape libsecp256k1's `modinv64` gives it:
//! 62 divsteps at a time on the bottom limbs, the resulting 2×2 transition matrix applied to
//! the full-width \\(f, g\\) and to the Bézout-like \\(d, e\\).
//!
//! Why by hand: `k256` inverts by exponentiation (\\(x^{p-2}\\), ≈ 7.8 µs here), which the
//! verifiers' batch normalizations and decodings pay again and again; safegcd needs a few
//! hundred divsteps in 62-step batches. Only public values are inverted here (verification);
//! the prover keeps `k256`'s constant-time arithmetic.
//!
//! # The algorithm (safegcd, variable-time variant)
//!
//! With \\(f = M\\) (odd), \\(g = x\\), \\(\eta = -1\\), \\(d = 0\\), \\(e = 1\\), each batch
//! runs 62 divsteps on \\(f \bmod 2^{62}, g \bmod 2^{62}\\) alone, recording their effect as
//! a matrix \\(t\\) with \\([f', g'] = t\,[f, g] / 2^{62}\\) (exact), and updates
//! \\([d, e] \gets t\,[d, e] / 2^{62} \bmod M\\) (the division made exact by adding multiples
//! of \\(M\\), using \\(M^{-1} \bmod 2^{62}\\)). The invariants \\(f \equiv d\,x\\),
//! \\(g \equiv e\,x \pmod M\\) hold throughout; when \\(g = 0\\), \\(f = \pm\gcd(M, x) = \pm 1\\)
//! and \\(x^{-1} = \pm d\\). Numbers are five signed 62-bit limbs (the top one carries the
//! sign), so every product fits an `i128`.

/// Bits per limb.
const LIMB_BITS: u32 = 62;
const M62: u64 = u64::MAX >> 2;

/// A number in five 62-bit limbs, least significant first; the top limb is signed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Signed62([i64; 5]);

impl Signed62 {
    /// From four little-endian 64-bit words.
    const fn from_words(a: &[u64; 4]) -> Self {
        Signed62([
            (a[0] & M62) as i64,
            ((a[0] >> 62 | a[1] << 2) & M62) as i64,
            ((a[1] >> 60 | a[2] << 4) & M62) as i64,
            ((a[2] >> 58 | a[3] << 6) & M62) as i64,
            (a[3] >> 56) as i64,
        ])
    }

    /// To four little-endian 64-bit words; the limbs must be normalized (in \\([0, 2^{62})\\),
    /// the top one below \\(2^{256 - 248}\\)).
    fn to_words(self) -> [u64; 4] {
        let v = self.0.map(|limb| limb as u64);
        [
            v[0] | v[1] << 62,
            v[1] >> 2 | v[2] << 60,
            v[2] >> 4 | v[3] << 58,
            v[3] >> 6 | v[4] << 56,
        ]
    }
}

/// A big-endian 32-byte number as four little-endian 64-bit words.
pub fn words_from_be(bytes: &[u8; 32]) -> [u64; 4] {
    let mut words = [0u64; 4];
    for (word, chunk) in words.iter_mut().zip(bytes.rchunks_exact(8)) {
        let mut eight = [0u8; 8];
        eight.copy_from_slice(chunk);
        *word = u64::from_be_bytes(eight);
    }
    words
}

/// Four little-endian 64-bit words as a big-endian 32-byte number.
pub fn be_from_words(words: &[u64; 4]) -> [u8; 32] {
    let mut bytes = [0u8; 32];
    for (chunk, word) in bytes.rchunks_exact_mut(8).zip(words) {
        chunk.copy_from_slice(&word.to_be_bytes());
    }
    bytes
}

/// An odd modulus below \\(2^{256}\\), with what the updates need of it.
pub struct Modulus {
    limbs: Signed62,
    /// \\(M^{-1} \bmod 2^{62}\\).
    inverse_62: u64,
}

impl Modulus {
    /// `words`: the modulus, four little-endian 64-bit words; it must be odd.
    pub const fn new(words: [u64; 4]) -> Self {
        // Newton's iteration for the inverse mod 2^64: each step doubles the correct low bits,
        // and x = m is right to 3 bits for odd m (m·m ≡ 1 mod 8).
        let m = words[0];
        let mut inverse = m;
        let mut step = 0;
        while step < 5 {
            inverse = inverse.wrapping_mul(2u64.wrapping_sub(m.wrapping_mul(inverse)));
            step += 1;
        }
        Modulus {
            limbs: Signed62::from_words(&words),
            inverse_62: inverse & M62,
        }
    }
}

/// The secp256k1 field's prime, \\(p = 2^{256} - 2^{32} - 977\\).
pub const FIELD: Modulus = Modulus::new([
    0xFFFF_FFFE_FFFF_FC2F,
    0xFFFF_FFFF_FFFF_FFFF,
    0xFFFF_FFFF_FFFF_FFFF,
    0xFFFF_FFFF_FFFF_FFFF,
]);

/// The secp256k1 group order \\(n\\) (for the tests and `internals` users: the verifiers' scalar
/// inversions stay with `k256`).
#[cfg(any(test, feature = "internals"))]
pub const ORDER: Modulus = Modulus::new([
    0xBFD2_5E8C_D036_4141,
    0xBAAE_DCE6_AF48_A03B,
    0xFFFF_FFFF_FFFF_FFFE,
    0xFFFF_FFFF_FFFF_FFFF,
]);

/// The transition matrix of 62 divsteps, scaled by \\(2^{62}\\): \\([u\ v; q\ r]\\).
struct Transition {
    u: i64,
    v: i64,
    q: i64,
    r: i64,
}

/// 62 divsteps on the bottom limbs `f0`, `g0` (`f0` odd), from `eta` (\\(-\delta\\)): the new
/// `eta` and the transition. Runs of zero bits of \\(g\\) are taken at once, and each odd step
/// cancels up to 6 (or 4) low bits of \\(g\\) with one multiple of \\(f\\) — the shortcuts of
/// the variable-time variant. The matrix entries are kept mod \\(2^{64}\\); they are at most
/// \\(2^{62}\\) in absolute value, so they read back as `i64` exactly.
///
/// `POSITIVE`: the *positive* divsteps of the Jacobi symbol — the swap does not negate
/// (\\(f, g \gets g, f\\)), so that \\(f, g\\) stay positive, and bit 0 of `jacobi` flips
/// whenever the symbol \\((g \mid f)\\) does: on halving \\(g\\) an odd number of times when
/// \\(f \equiv 3, 5 \pmod 8\\) (the second supplementary law), on swapping when both are
/// \\(3 \bmod 4\\) (reciprocity); adding a multiple of \\(f\\) to \\(g\\) leaves it. Then
/// `f0`, `g0` are the bottom 64 bits (the rules read \\(f \bmod 8\\)). Otherwise `jacobi` is
/// left alone.
fn divsteps_62<const POSITIVE: bool>(
    mut eta: i64,
    f0: u64,
    g0: u64,
    jacobi: &mut u64,
) -> (i64, Transition) {
    let (mut u, mut v, mut q, mut r) = (1u64, 0u64, 0u64, 1u64);
    let (mut f, mut g) = (f0, g0);
    let mut left = LIMB_BITS;
    loop {
        // Zeros of g, counted no further than the steps left (a sentinel bit at `left`).
        let zeros = (g | u64::MAX << left).trailing_zeros();
        g >>= zeros;
        u <<= zeros;
        v <<= zeros;
        eta -= i64::from(zeros);
        left -= zeros;
        if POSITIVE {
            *jacobi ^= u64::from(zeros) & ((f >> 1) ^ (f >> 2));
        }
        if left == 0 {
            break;
        }
        // f and g are odd here.
        let swapped = eta < 0;
        if swapped {
            eta = -eta;
            if POSITIVE {
                (f, g) = (g, f);
                (u, q) = (q, u);
                (v, r) = (r, v);
                *jacobi ^= (f & g) >> 1;
            } else {
                (f, g) = (g, f.wrapping_neg());
                (u, q) = (q, u.wrapping_neg());
                (v, r) = (r, v.wrapping_neg());
            }
        }
        let limit = (eta + 1).min(i64::from(left)) as u32;
        let (mask, w) = if swapped {
            // After a swap, cancel up to 6 bits: f·(f² − 2) ≡ −f⁻¹ mod 2⁶ for odd f.
            let mask = (u64::MAX >> (64 - limit)) & 63;
            let w = f
                .wrapping_mul(g)
                .wrapping_mul(f.wrapping_mul(f).wrapping_sub(2));
            (mask, w & mask)
        } else {
            // Up to 4 bits: f + ((f + 1) & 4)·2 ≡ f⁻¹ mod 2⁴ for odd f.
            let mask = (u64::MAX >> (64 - limit)) & 15;
            let inverse = f.wrapping_add((f.wrapping_add(1) & 4) << 1);
            (mask, inverse.wrapping_neg().wrapping_mul(g) & mask)
        };
        g = g.wrapping_add(f.wrapping_mul(w));
        q = q.wrapping_add(u.wrapping_mul(w));
        r = r.wrapping_add(v.wrapping_mul(w));
        debug_assert_eq!(g & mask, 0, "the step cancels the masked bits of g");
    }
    (
        eta,
        Transition {
            u: u as i64,
            v: v as i64,
            q: q as i64,
            r: r as i64,
        },
    )
}

/// \\([f, g] \gets t\,[f, g] / 2^{62}\\), exactly (the divsteps made the low 62 bits zero), on
/// the bottom `len` limbs (the ones above are sign extension: see [`invert_vartime`]).
fn update_fg(f: &mut Signed62, g: &mut Signed62, t: &Transition, len: usize) {
    let (u, v, q, r) = (
        i128::from(t.u),
        i128::from(t.v),
        i128::from(t.q),
        i128::from(t.r),
    );
    let (f0, g0) = (i128::from(f.0[0]), i128::from(g.0[0]));
    let mut cf = u * f0 + v * g0;
    let mut cg = q * f0 + r * g0;
    debug_assert_eq!(cf as u64 & M62, 0);
    debug_assert_eq!(cg as u64 & M62, 0);
    cf >>= LIMB_BITS;
    cg >>= LIMB_BITS;
    for i in 1..len {
        let (fi, gi) = (i128::from(f.0[i]), i128::from(g.0[i]));
        cf += u * fi + v * gi;
        cg += q * fi + r * gi;
        f.0[i - 1] = (cf as u64 & M62) as i64;
        g.0[i - 1] = (cg as u64 & M62) as i64;
        cf >>= LIMB_BITS;
        cg >>= LIMB_BITS;
    }
    f.0[len - 1] = cf as i64;
    g.0[len - 1] = cg as i64;
}

/// \\([d, e] \gets t\,[d, e] / 2^{62} \bmod M\\), keeping both in \\((-2M, M)\\): multiples
/// \\(m_d, m_e\\) of \\(M\\) chosen so the low 62 bits vanish (with \\(M^{-1} \bmod 2^{62}\\)),
/// plus \\(M\\)'s worth of correction for a negative input.
fn update_de(d: &mut Signed62, e: &mut Signed62, t: &Transition, modulus: &Modulus) {
    let m = &modulus.limbs.0;
    let (sd, se) = (d.0[4] >> 63, e.0[4] >> 63);
    let mut md = (t.u & sd) + (t.v & se);
    let mut me = (t.q & sd) + (t.r & se);
    let (u, v, q, r) = (
        i128::from(t.u),
        i128::from(t.v),
        i128::from(t.q),
        i128::from(t.r),
    );
    let (d0, e0) = (i128::from(d.0[0]), i128::from(e.0[0]));
    let mut cd = u * d0 + v * e0;
    let mut ce = q * d0 + r * e0;
    md -= (modulus
        .inverse_62
        .wrapping_mul(cd as u64)
        .wrapping_add(md as u64)
        & M62) as i64;
    me -= (modulus
        .inverse_62
        .wrapping_mul(ce as u64)
        .wrapping_add(me as u64)
        & M62) as i64;
    cd += i128::from(m[0]) * i128::from(md);
    ce += i128::from(m[0]) * i128::from(me);
    debug_assert_eq!(cd as u64 & M62, 0);
    debug_assert_eq!(ce as u64 & M62, 0);
    cd >>= LIMB_BITS;
    ce >>= LIMB_BITS;
    for (i, &limb) in m.iter().enumerate().skip(1) {
        let (di, ei, mi) = (i128::from(d.0[i]), i128::from(e.0[i]), i128::from(limb));
        cd += u * di + v * ei + mi * i128::from(md);
        ce += q * di + r * ei + mi * i128::from(me);
        d.0[i - 1] = (cd as u64 & M62) as i64;
        e.0[i - 1] = (ce as u64 & M62) as i64;
        cd >>= LIMB_BITS;
        ce >>= LIMB_BITS;
    }
    d.0[4] = cd as i64;
    e.0[4] = ce as i64;
}

/// Brings `r` from \\((-2M, M)\\) to \\([0, M)\\), negated first when `sign` is negative.
fn normalize(r: &mut Signed62, sign: i64, modulus: &Modulus) {
    let m = &modulus.limbs.0;
    let add_if = |r: &mut Signed62, mask: i64| {
        for (limb, mi) in r.0.iter_mut().zip(m) {
            *limb += mi & mask;
        }
    };
    let propagate = |r: &mut Signed62| {
        for i in 0..4 {
            r.0[i + 1] += r.0[i] >> LIMB_BITS;
            r.0[i] &= M62 as i64;
        }
    };
    add_if(r, r.0[4] >> 63);
    let negate = sign >> 63;
    for limb in &mut r.0 {
        *limb = (*limb ^ negate) - negate;
    }
    propagate(r);
    add_if(r, r.0[4] >> 63);
    propagate(r);
}

/// \\(x^{-1} \bmod M\\) for `x` below `M` (four little-endian words), in variable time;
/// zero for zero (as exponentiation gives).
pub fn invert_vartime(x: &[u64; 4], modulus: &Modulus) -> [u64; 4] {
    let mut f = modulus.limbs;
    let mut g = Signed62::from_words(x);
    let (mut d, mut e) = (Signed62([0; 5]), Signed62([1, 0, 0, 0, 0]));
    let mut eta = -1;
    // f and g shrink as the divsteps go: once the top limbs of both are mere sign extension
    // (0 or −1), the limb below takes the sign and the updates work on one limb fewer.
    let mut len = 5;
    while !g.0[..len].iter().all(|&limb| limb == 0) {
        let (next, t) = divsteps_62::<false>(eta, f.0[0] as u64, g.0[0] as u64, &mut 0);
        eta = next;
        update_de(&mut d, &mut e, &t, modulus);
        update_fg(&mut f, &mut g, &t, len);
        let (top_f, top_g) = (f.0[len - 1], g.0[len - 1]);
        if len > 1 && (top_f ^ (top_f >> 63)) == 0 && (top_g ^ (top_g >> 63)) == 0 {
            f.0[len - 2] |= ((top_f as u64) << LIMB_BITS) as i64;
            g.0[len - 2] |= ((top_g as u64) << LIMB_BITS) as i64;
            len -= 1;
        }
    }
    // f = ±1 (M is prime, x < M), or f = ±M for x = 0 (then d = 0).
    normalize(&mut d, f.0[len - 1], modulus);
    d.to_words()
}

/// Rounds of 62 positive divsteps [`jacobi_vartime`] tries before giving up (1550 divsteps;
/// random inputs need about 750, so giving up is astronomically rare).
const JACOBI_ROUNDS: usize = 25;

/// The Jacobi symbol \\((x \mid M)\\) for `x` below `M` (four little-endian words): 1, −1,
/// or 0 for \\(x = 0\\); `None` when the divsteps did not finish within their budget (the
/// caller then asks an exponentiation). For the prime \\(M\\) here it is the Legendre symbol:
/// 1 exactly for the nonzero squares. Variable time: for public values.
pub fn jacobi_vartime(x: &[u64; 4], modulus: &Modulus) -> Option<i8> {
    if *x == [0; 4] {
        return Some(0);
    }
    let (mut f, mut g) = (modulus.limbs, Signed62::from_words(x));
    let (mut eta, mut jacobi, mut len) = (-1i64, 0u64, 5usize);
    let bottom = |n: &Signed62| n.0[0] as u64 | (n.0[1] as u64) << LIMB_BITS;
    for _ in 0..JACOBI_ROUNDS {
        let (next, t) = divsteps_62::<true>(eta, bottom(&f), bottom(&g), &mut jacobi);
        eta = next;
        update_fg(&mut f, &mut g, &t, len);
        // f and g stay positive and shrink to gcd(M, x) = 1; then (g | 1) = 1 and the symbol
        // is the flips counted.
        if f.0[0] == 1 && f.0[1..len].iter().all(|&limb| limb == 0) {
            return Some(if jacobi & 1 == 0 { 1 } else { -1 });
        }
        if len > 1 && f.0[len - 1] == 0 && g.0[len - 1] == 0 {
            len -= 1;
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use k256::elliptic_curve::ff::{Field, PrimeField};
    use k256::{FieldBytes, FieldElement, Scalar};
    use rand::RngCore;

    fn words(be: &[u8]) -> [u64; 4] {
        words_from_be(be.try_into().unwrap())
    }

    fn bytes(w: &[u64; 4]) -> [u8; 32] {
        be_from_words(w)
    }

    fn field_inverse(x: &FieldElement) -> FieldElement {
        let got = invert_vartime(&words(&x.to_bytes()), &FIELD);
        Option::from(FieldElement::from_bytes(&FieldBytes::from(bytes(&got)))).unwrap()
    }

    fn scalar_inverse(x: &Scalar) -> Scalar {
        let got = invert_vartime(&words(&x.to_bytes()), &ORDER);
        Option::from(Scalar::from_repr(FieldBytes::from(bytes(&got)))).unwrap()
    }

    #[test]
    fn limbs_round_trip() {
        let mut rng = rand::thread_rng();
        for _ in 0..100 {
            let w = [
                rng.next_u64(),
                rng.next_u64(),
                rng.next_u64(),
                rng.next_u64(),
            ];
            assert_eq!(Signed62::from_words(&w).to_words(), w);
        }
        assert_eq!(
            FIELD.inverse_62.wrapping_mul(FIELD.limbs.0[0] as u64) & M62,
            1
        );
        assert_eq!(
            ORDER.inverse_62.wrapping_mul(ORDER.limbs.0[0] as u64) & M62,
            1
        );
    }

    /// Against exponentiation (k256's inversions), on random values and the edges: 0 (gives
    /// 0), 1, 2, −1, −2, and values with long runs of zero or one bits.
    #[test]
    fn inverses_match_exponentiation() {
        let mut rng = rand::thread_rng();
        let mut fields: Vec<FieldElement> =
            (0..2000).map(|_| FieldElement::random(&mut rng)).collect();
        let mut scalars: Vec<Scalar> = (0..2000).map(|_| Scalar::random(&mut rng)).collect();
        for small in [1u64, 2, 3, 977, 1 << 32, u64::MAX] {
            fields.push(FieldElement::from_u64(small));
            fields.push(-FieldElement::from_u64(small));
            scalars.push(Scalar::from(small));
            scalars.push(-Scalar::from(small));
        }
        for shift in [1u32, 61, 62, 63, 64, 124, 200, 255] {
            let power = (0..shift).fold(FieldElement::ONE, |acc, _| acc.double().normalize());
            fields.push(power);
            fields.push(power - FieldElement::ONE);
            let power = (0..shift).fold(Scalar::ONE, |acc, _| acc.double());
            scalars.push(power);
            scalars.push(power - Scalar::ONE);
        }
        for x in &fields {
            let expected: FieldElement = Option::from(x.invert()).unwrap();
            assert_eq!(field_inverse(x).normalize(), expected.normalize());
        }
        for x in &scalars {
            let expected: Scalar = Option::from(x.invert()).unwrap();
            assert_eq!(scalar_inverse(x), expected);
        }
        assert_eq!(invert_vartime(&[0; 4], &FIELD), [0; 4]);
        assert_eq!(invert_vartime(&[0; 4], &ORDER), [0; 4]);
    }

    /// Against square roots (k256's, by exponentiation): the symbol is 1 exactly for nonzero
    /// squares, on random values, their squares and the edges (0, 1, 2, 4, −1, −2, 2^k).
    #[test]
    fn jacobi_symbols_match_square_roots() {
        let mut rng = rand::thread_rng();
        let mut values: Vec<FieldElement> =
            (0..2000).map(|_| FieldElement::random(&mut rng)).collect();
        let squares: Vec<FieldElement> = values.iter().take(200).map(|x| x.square()).collect();
        values.extend(squares);
        for small in [0u64, 1, 2, 3, 4, 7, 977] {
            values.push(FieldElement::from_u64(small));
            values.push(-FieldElement::from_u64(small));
        }
        for shift in [1u32, 62, 63, 64, 124, 255] {
            values.push((0..shift).fold(FieldElement::ONE, |acc, _| acc.double().normalize()));
        }
        let (mut residues, mut others) = (0, 0);
        for x in &values {
            let x = x.normalize();
            let symbol = jacobi_vartime(&words(&x.to_bytes()), &FIELD).expect("converges");
            let expected = if bool::from(x.is_zero()) {
                0
            } else if bool::from(x.sqrt().is_some()) {
                residues += 1;
                1
            } else {
                others += 1;
                -1
            };
            assert_eq!(symbol, expected, "{:?}", x.to_bytes());
        }
        assert!(residues > 900 && others > 900, "both kinds were tested");
        // p ≡ 3 mod 4: −1 is a non-residue; p ≡ 7 mod 8: 2 is a residue.
        let minus_one = words(&(-FieldElement::ONE).normalize().to_bytes());
        assert_eq!(jacobi_vartime(&minus_one, &FIELD), Some(-1));
        assert_eq!(jacobi_vartime(&[2, 0, 0, 0], &FIELD), Some(1));
    }
}
