//! Merkle-path membership with a circuit-friendly hash: a committed leaf lies in the tree with
//! a public root.
//!
//! The hash is MiMC in Miyaguchi–Preneel mode over the scalar field,
//! \\(H(x, k) = E_k(x) + x + k\\) with \\(E_k\\) = 110 rounds of
//! \\(x \mapsto (x + k + c_i)^5\\) (Albrecht et al., eprint 2016/492). \\(x^5\\) is a
//! permutation of the field because \\(\gcd(5, p - 1) = 1\\) for ristretto255's and
//! secp256k1's scalar fields (3 does divide \\(p - 1\\) for both), and 110 rounds exceed
//! \\(\log_5 p \approx 109\\) for their 253- and 256-bit orders. The round constants are
//! SHA-256("rangeproof mimc5" ‖ u32le(i)) reduced into the field. Each round is three
//! multipliers (\\(t^2, t^4, t^5\\)): 330 per hash.
//!
//! A node is \\(H(\mathit{left}, \mathit{right})\\). Per level the path gives the sibling and a
//! direction bit (1: the current node is the right child); the bit is constrained boolean and
//! the pair ordered with one multiplier, \\(\mathit{left} = c + b(s - c)\\),
//! \\(\mathit{right} = s + c - \mathit{left}\\); the sibling takes half a multiplier (two
//! allocations share one). Depth \\(d\\) costs \\(\lceil 332.5\, d \rceil\\) multipliers
//! (2660 at depth 8).

use sha2::{Digest, Sha256};

use super::boolean::allocate_bit;
use crate::group::Group;
use crate::r1cs::{ConstraintSystem, Lc, R1csError};

/// One level of a path: the sibling and whether the current node is the right child.
pub type PathStep<G> = (<G as Group>::Scalar, bool);

/// MiMC rounds.
pub const ROUNDS: usize = 110;

fn round_constants<G: Group>() -> Vec<G::Scalar> {
    (0..ROUNDS as u32)
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
