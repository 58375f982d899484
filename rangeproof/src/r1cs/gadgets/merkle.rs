//! Merkle-path membership with a circuit-friendly hash: a committed leaf lies in the tree with
//! a public root.
//!
//! The hash is MiMC in Miyaguchi–Preneel mode over the scalar field,
//! \\(H(x, k) = E_k(x) + x + k\\) with \\(E_k\\) = \\(r\\) rounds of
//! \\(x \mapsto (x + k + c_i)^5\\) (Albrecht et al., eprint 2016/492). \\(x^5\\) is a
//! permutation of the field because \\(\gcd(5, \ell - 1) = 1\\) for ristretto255's (and
//! Ed25519's) and secp256k1's scalar fields (3 does divide \\(\ell - 1\\) for both).
//!
//! The round count depends on the group ([`rounds`]): MiMC needs \\(5^r\\) at least the field's
//! size, \\(r \ge \lceil \log_5 \ell \rceil\\), against interpolation attacks, and we take one
//! round more: \\(r = \lceil \log_5 2^b \rceil + 1\\) for a \\(b\\)-bit order. That is
//! **110** rounds on ristretto255 and Ed25519 (\\(\ell \approx 2^{252}\\), \\(b = 253\\),
//! \\(\lceil \log_5 \ell \rceil = 109\\)) and **112** on secp256k1 (\\(n \approx 2^{256}\\),
//! \\(\lceil \log_5 n \rceil = 111\\)). (Before, every group took 110, one round short of
//! \\(\lceil \log_5 n \rceil\\) on secp256k1; curve25519's count, and so its hashes, roots and
//! circuits, are unchanged.) The round constants are SHA-256("rangeproof mimc5" ‖ u32le(i))
//! reduced into the field. Each round is three multipliers (\\(t^2, t^4, t^5\\)): \\(3r\\) per
//! hash, 330 on curve25519, 336 on secp256k1.
//!
//! A node is \\(H(\mathit{left}, \mathit{right})\\). Per level the path gives the sibling and a
//! direction bit (1: the current node is the right child); the bit is constrained boolean and
//! the pair ordered with one multiplier, \\(\mathit{left} = c + b(s - c)\\),
//! \\(\mathit{right} = s + c - \mathit{left}\\); the sibling takes half a multiplier (two
//! allocations share one). Depth \\(d\\) costs \\(\lceil (3r + 2.5)\, d \rceil\\) multipliers:
//! \\(\lceil 332.5\, d \rceil\\) on curve25519 (2660 at depth 8), \\(\lceil 338.5\, d \rceil\\)
//! on secp256k1.

use sha2::{Digest, Sha256};

use super::boolean::allocate_bit;
use crate::group::Group;
use crate::r1cs::{ConstraintSystem, Lc, R1csError};

/// One level of a path: the sibling and whether the current node is the right child.
pub type PathStep<G> = (<G as Group>::Scalar, bool);

/// Rounds beyond \\(\lceil \log_5 2^b \rceil\\) (see the module notes).
pub const ROUND_MARGIN: usize = 1;

/// MiMC rounds on ristretto255 and Ed25519 (their 253-bit order): [`rounds`] for them.
pub const CURVE25519_ROUNDS: usize = 110;

/// MiMC rounds on secp256k1 (its 256-bit order): [`rounds`] for it.
pub const SECP256K1_ROUNDS: usize = 112;

/// The MiMC round count of ristretto255 and Ed25519 only.
#[deprecated(
    note = "the round count depends on the group: use `rounds::<G>()` (110 on curve25519, 112 on secp256k1)"
)]
pub const ROUNDS: usize = CURVE25519_ROUNDS;

/// The bit length \\(b\\) of `G`'s order \\(\ell\\), read from the encoding of
/// \\(\ell - 1 = -1\\) (the same length: \\(\ell\\) is an odd prime), in either byte order.
pub fn order_bits<G: Group>() -> u32 {
    let minus_one = G::scalar_to_bytes(&-G::one());
    let one = G::scalar_to_bytes(&G::one());
    let little_endian = one.as_ref().first() == Some(&1);
    let mut big_endian = minus_one.as_ref().to_vec();
    if little_endian {
        big_endian.reverse();
    }
    let bytes = big_endian.len() as u32;
    big_endian
        .iter()
        .enumerate()
        .find(|(_, b)| **b != 0)
        .map_or(0, |(i, b)| 8 * (bytes - i as u32) - b.leading_zeros())
}

/// The smallest \\(r\\) with \\(5^r \ge 2^b\\): \\(\lceil b / \log_2 5 \rceil\\), with
/// \\(\log_2 5\\) rounded down (to nine decimals) so that \\(r\\) is never too small.
pub const fn log5_of_power_of_two_ceil(b: u32) -> usize {
    const LOG2_5_BELOW: u64 = 2_321_928_094; // log2(5) = 2.3219280948873...
    let target = b as u64 * 1_000_000_000;
    target.div_ceil(LOG2_5_BELOW) as usize
}

/// MiMC rounds over `G`'s scalar field: \\(\lceil \log_5 2^b \rceil\\) + [`ROUND_MARGIN`] for
/// its \\(b\\)-bit order, at least \\(\lceil \log_5 \ell \rceil + 1\\) (110 on ristretto255 and
/// Ed25519, 112 on secp256k1).
pub fn rounds<G: Group>() -> usize {
    log5_of_power_of_two_ceil(order_bits::<G>()) + ROUND_MARGIN
}

fn round_constants<G: Group>() -> Vec<G::Scalar> {
    (0..rounds::<G>() as u32)
        .map(|i| {
            let h = Sha256::new()
                .chain_update(b"rangeproof mimc5")
                .chain_update(i.to_le_bytes())
                .finalize();
            let mut wide = [0u8; 64];
            wide[..32].copy_from_slice(&h);
            G::scalar_from_bytes_wide(&wide)
        })
        .collect()
}

fn pow5<G: Group>(t: G::Scalar) -> G::Scalar {
    let t2 = t * t;
    t2 * t2 * t
}

/// The hash outside the circuit: \\(H(x, k)\\).
pub fn mimc_hash<G: Group>(x: G::Scalar, k: G::Scalar) -> G::Scalar {
    let mut state = x;
    for c in round_constants::<G>() {
        state = pow5::<G>(state + k + c);
    }
    state + x + k
}

/// The root of a path outside the circuit: `leaf` hashed with each `(sibling, is_right)`.
pub fn merkle_root<G: Group>(leaf: G::Scalar, path: &[PathStep<G>]) -> G::Scalar {
    path.iter().fold(leaf, |node, (sibling, is_right)| {
        if *is_right {
            mimc_hash::<G>(*sibling, node)
        } else {
            mimc_hash::<G>(node, *sibling)
        }
    })
}

/// `(node, sibling)` as `(left, right)`, selected in constant time (the direction is secret).
fn ordered<G: Group>(
    node: G::Scalar,
    sibling: G::Scalar,
    is_right: bool,
) -> (G::Scalar, G::Scalar) {
    use subtle::{Choice, ConditionallySelectable};
    let right = Choice::from(is_right as u8);
    (
        G::Scalar::conditional_select(&node, &sibling, right),
        G::Scalar::conditional_select(&sibling, &node, right),
    )
}

/// \\(H(x, k)\\) in the circuit; `values` are x and k on the prover.
pub fn mimc_gadget<G: Group, CS: ConstraintSystem<G> + ?Sized>(
    cs: &mut CS,
    x: Lc<G>,
    k: Lc<G>,
    values: Option<(G::Scalar, G::Scalar)>,
) -> (Lc<G>, Option<G::Scalar>) {
    let mut state = x.clone();
    let mut value = values.map(|v| v.0);
    for c in round_constants::<G>() {
        let t = state + k.clone() + Lc::<G>::constant(c);
        let t_value = value.zip(values).map(|(s, (_, kv))| s + kv + c);
        let (_, _, t2) = cs.multiply(t.clone(), t.clone());
        let (_, _, t4) = cs.multiply(t2.into(), t2.into());
        let (_, _, t5) = cs.multiply(t4.into(), t);
        state = t5.into();
        value = t_value.map(pow5::<G>);
    }
    let out_value = value.zip(values).map(|(s, (xv, kv))| s + xv + kv);
    (state + x + k, out_value)
}

/// Constrains: `leaf` (a committed value, typically) hashes up `path` (siblings, with
/// direction bits known to the prover) to `root`. The siblings are secret, so the proof hides
/// the leaf's position; the depth is public. `witness` is the prover's leaf value and path.
pub fn merkle_membership<G: Group, CS: ConstraintSystem<G> + ?Sized>(
    cs: &mut CS,
    leaf: Lc<G>,
    depth: usize,
    witness: Option<(G::Scalar, &[PathStep<G>])>,
    root: G::Scalar,
) -> Result<(), R1csError> {
    if witness.is_some_and(|(_, path)| path.len() != depth) {
        return Err(R1csError::Gadget(
            "merkle: the path length is not the depth",
        ));
    }
    let mut node = leaf;
    let mut node_value = witness.map(|w| w.0);
    for level in 0..depth {
        let step = witness.map(|(_, path)| path[level]);
        let sibling_var = cs.allocate(step.map(|s| s.0))?;
        let bit = allocate_bit(cs, step.map(|s| s.1))?;
        let sibling = Lc::<G>::from(sibling_var);
        // left = node + b (sibling − node), right = node + sibling − left.
        let (_, _, swap) = cs.multiply(bit.into(), sibling.clone() - node.clone());
        let left = node.clone() + swap;
        let right = node.clone() + sibling.clone() - left.clone();
        let pair = node_value
            .zip(step)
            .map(|(n, (s, is_right))| ordered::<G>(n, s, is_right));
        let (hash, hash_value) = mimc_gadget(cs, left, right, pair);
        node = hash;
        node_value = hash_value;
    }
    cs.constrain(node - Lc::<G>::constant(root));
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::r1cs::gadgets::test_support::{round_trip, satisfied};
    use crate::Ristretto255;
    use curve25519_dalek::Scalar;

    type G = Ristretto255;

    fn path(depth: usize, seed: u64) -> Vec<(Scalar, bool)> {
        (0..depth)
            .map(|i| (Scalar::from(seed * 1000 + i as u64), (seed >> i) & 1 == 1))
            .collect()
    }

    fn member(leaf: Scalar, claimed_leaf: Scalar, p: &[(Scalar, bool)], root: Scalar) -> bool {
        satisfied(|cs| {
            let (_, v) = cs.commit(leaf, Scalar::ONE);
            merkle_membership::<G, _>(cs, v.into(), p.len(), Some((claimed_leaf, p)), root)
        })
    }

    #[test]
    fn membership_holds_for_the_true_root_only() {
        let leaf = Scalar::from(77u64);
        for depth in [1usize, 3, 5] {
            let p = path(depth, depth as u64 * 5 + 1);
            let root = merkle_root::<G>(leaf, &p);
            assert!(member(leaf, leaf, &p, root));
            assert!(!member(leaf, leaf, &p, root + Scalar::ONE));
            // Another leaf, or the leaf with the other direction at one level.
            assert!(!member(leaf + Scalar::ONE, leaf + Scalar::ONE, &p, root));
            let mut flipped = p.clone();
            flipped[0].1 = !flipped[0].1;
            assert!(!member(leaf, leaf, &flipped, root));
        }
        assert!(!satisfied(|cs| merkle_membership::<G, _>(
            cs,
            Lc::<G>::zero(),
            2,
            Some((Scalar::ZERO, &path(1, 1))),
            Scalar::ZERO
        )));
    }

    /// `G`'s order \\(\ell\\) as little-endian 32-bit limbs, from the encoding of
    /// \\(\ell - 1\\).
    fn order_limbs<H: Group>() -> Vec<u64> {
        let mut bytes = H::scalar_to_bytes(&-H::one()).as_ref().to_vec();
        if H::scalar_to_bytes(&H::one()).as_ref()[0] != 1 {
            bytes.reverse(); // big-endian encodings (secp256k1)
        }
        let mut limbs: Vec<u64> = bytes
            .chunks(4)
            .map(|c| c.iter().rev().fold(0u64, |acc, b| acc << 8 | u64::from(*b)))
            .collect();
        // + 1
        for limb in limbs.iter_mut() {
            *limb += 1;
            if *limb >> 32 == 0 {
                break;
            }
            *limb &= 0xffff_ffff;
        }
        limbs
    }

    /// \\(5^e\\) as little-endian 32-bit limbs.
    fn pow5(e: usize) -> Vec<u64> {
        let mut limbs = vec![1u64];
        for _ in 0..e {
            let mut carry = 0;
            for limb in limbs.iter_mut() {
                let t = *limb * 5 + carry;
                *limb = t & 0xffff_ffff;
                carry = t >> 32;
            }
            if carry > 0 {
                limbs.push(carry);
            }
        }
        limbs
    }

    /// `a >= b` for little-endian limbs.
    fn at_least(a: &[u64], b: &[u64]) -> bool {
        let len = a.len().max(b.len());
        let at = |v: &[u64], i: usize| v.get(i).copied().unwrap_or(0);
        for i in (0..len).rev() {
            if at(a, i) != at(b, i) {
                return at(a, i) > at(b, i);
            }
        }
        true
    }

    /// The relation the round count must satisfy, in exact integer arithmetic on each group's
    /// order: \\(5^{r-1} \ge \ell\\), i.e. \\(r \ge \lceil \log_5 \ell \rceil + 1\\), and
    /// \\(r\\) is that bound exactly (one round of margin, no more). 110 rounds for every group
    /// (the count before) fails it on secp256k1: \\(5^{109} < 5^{110} < n\\).
    #[test]
    fn rounds_exceed_log5_of_each_order() {
        fn check<H: Group>(expected: usize) {
            let order = order_limbs::<H>();
            let r = rounds::<H>();
            assert_eq!(r, expected, "{}", H::NAME);
            let ceil_log5 = (0..).find(|e| at_least(&pow5(*e), &order)).unwrap();
            assert!(
                r > ceil_log5,
                "{}: {r} rounds, log5 order = {ceil_log5}",
                H::NAME
            );
            assert!(at_least(&pow5(r - ROUND_MARGIN), &order), "{}", H::NAME);
            assert_eq!(r, ceil_log5 + ROUND_MARGIN, "{}", H::NAME);
            // The bit length the count is computed from.
            let bits = order.iter().rposition(|l| *l != 0).unwrap() as u32 * 32
                + (64
                    - order
                        .iter()
                        .rev()
                        .find(|l| **l != 0)
                        .unwrap()
                        .leading_zeros());
            assert_eq!(order_bits::<H>(), bits, "{}", H::NAME);
        }
        check::<crate::Ristretto255>(CURVE25519_ROUNDS);
        check::<crate::group::Ed25519>(CURVE25519_ROUNDS);
        check::<crate::group::Secp256k1>(SECP256K1_ROUNDS);
        assert_eq!(order_bits::<crate::Ristretto255>(), 253);
        assert_eq!(order_bits::<crate::group::Secp256k1>(), 256);
        // The ceiling of b / log2(5) around the two orders' sizes, against exact powers.
        for b in 1..=300u32 {
            let r = log5_of_power_of_two_ceil(b);
            let two_b = {
                let mut v = vec![0u64; b as usize / 32 + 1];
                v[b as usize / 32] = 1 << (b % 32);
                v
            };
            assert!(
                at_least(&pow5(r), &two_b) && !at_least(&pow5(r - 1), &two_b),
                "b = {b}"
            );
        }
    }

    /// Known answers, computed independently (Python, from the module notes' definition):
    /// \\(H(1, 2)\\) with 110 rounds on ristretto255 — unchanged by the per-group count — and
    /// with 112 on secp256k1.
    #[test]
    fn known_answers() {
        let ours = Ristretto255::scalar_to_bytes(&mimc_hash::<G>(Scalar::ONE, Scalar::from(2u64)));
        assert_eq!(
            hex::encode(ours),
            "f37b981193b87e6bfdbb76668d79af2f164eea0a3cd672a98dd42d142734a609"
        );
        type K = crate::group::Secp256k1;
        let ours = K::scalar_to_bytes(&mimc_hash::<K>(K::one(), k256::Scalar::from(2u64)));
        assert_eq!(
            hex::encode(ours),
            "a836a4bd8cf3d230c1cb884e1b1c75ccdd026b3575896a1ddc595c74d4d8aab1"
        );
    }

    #[test]
    fn the_hash_is_not_symmetric_and_the_gadget_agrees_with_it() {
        let (a, b) = (Scalar::from(1u64), Scalar::from(2u64));
        assert_ne!(mimc_hash::<G>(a, b), mimc_hash::<G>(b, a));
        let p = path(4, 9);
        let leaf = Scalar::from(5u64);
        let root = merkle_root::<G>(leaf, &p);
        round_trip!(&[5], |cs, vars, values| {
            let witness = values.map(|_| (leaf, &p[..]));
            merkle_membership::<G, _>(cs, vars[0].into(), 4, witness, root)
        });
    }
}
