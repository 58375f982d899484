//! Where a Bulletproof's values lie in its vectors, and which generators they use.
//!
//! The proof's vectors \\(\mathbf a_L, \mathbf a_R, \mathbf s_L, \mathbf s_R\\) have length
//! \\(N\\), a power of two. Value \\(j\\) takes \\(n_j\\) consecutive slots after the values
//! before it, starting at \\(o_j = \sum_{i<j} n_i\\); slot \\(o_j + k\\) holds its bit \\(k\\),
//! weighted by \\(z^{2+j} 2^k\\) in \\(r(X)\\) (eq. 70–71 with each value's own
//! \\(\mathbf 2^{n_j}\\)). In the paper and the reference crate every \\(n_j\\) is the same
//! \\(n\\) and \\(m\\) values are padded with zeros to a power of two; Solana's batched range
//! proofs give each value its own bit length and no padding, the lengths summing to \\(N\\).
//!
//! The vector generators come as party shares of `party_bits` each (see
//! `crate::generators`): slot \\(i\\) uses share \\(\lfloor i / \mathrm{party\\_bits}\rfloor\\)'s
//! generator \\(i \bmod \mathrm{party\\_bits}\\). The reference crate gives each value its own
//! share (`party_bits` = n); Solana reads all of \\(\mathbf G\\) from one chain (one share of
//! \\(N\\)).

use alloc::{vec, vec::Vec};

/// The layout of one proof's values: each value's bit length (padding values included) and
/// the share length of its generators. Built by a convention's
/// [`BulletproofsConvention::layout`](super::BulletproofsConvention::layout).
// Hidden with the sealed trait's `layout` rule, its only maker.
#[doc(hidden)]
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BitLayout {
    /// Each value's bit length \\(n_j\\), padding values last (their values are zero and
    /// they have no commitment).
    bit_lengths: Vec<usize>,
    /// The real values \\(m\\): the first `values` entries of `bit_lengths`.
    values: usize,
    /// Generators per party share.
    party_bits: usize,
}

impl BitLayout {
    /// The reference's layout: `m` values of `n` bits padded with zero values to a power of
    /// two, value \\(j\\) on party share \\(j\\).
    pub(crate) fn uniform(n: usize, m: usize) -> Self {
        BitLayout {
            bit_lengths: vec![n; m.next_power_of_two()],
            values: m,
            party_bits: n,
        }
    }

    /// Values of their own bit lengths, in order on one generator chain, no padding (the
    /// lengths' sum must be a power of two: the caller checks it).
    pub(crate) fn one_chain(bit_lengths: &[usize]) -> Self {
        BitLayout {
            bit_lengths: bit_lengths.to_vec(),
            values: bit_lengths.len(),
            party_bits: bit_lengths.iter().sum(),
        }
    }

    /// Each value's bit length, padding values included.
    pub fn bit_lengths(&self) -> &[usize] {
        &self.bit_lengths
    }

    /// The real values' bit lengths (what a transcript absorbs).
    pub fn value_bit_lengths(&self) -> &[usize] {
        &self.bit_lengths[..self.values]
    }

    /// The number of real values \\(m\\).
    pub fn values(&self) -> usize {
        self.values
    }

    /// \\(N\\), the length of the proof's vectors.
    pub fn vector_len(&self) -> usize {
        self.party_bits * self.parties()
    }

    /// Generators per party share.
    pub fn party_bits(&self) -> usize {
        self.party_bits
    }

    /// The party shares the proof's generators come from.
    pub fn parties(&self) -> usize {
        self.bit_lengths.iter().sum::<usize>() / self.party_bits
    }

    /// The bit size every value shares, if they all share one (the reference's layouts).
    pub fn uniform_bits(&self) -> Option<usize> {
        let n = self.bit_lengths[0];
        self.bit_lengths.iter().all(|&l| l == n).then_some(n)
    }

    /// Per value (padding included), its first slot \\(o_j\\) and bit length \\(n_j\\).
    pub(crate) fn blocks(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        self.bit_lengths.iter().scan(0, |offset, &n| {
            let start = *offset;
            *offset += n;
            Some((start, n))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::BitLayout;

    #[test]
    fn uniform_layouts_pad_to_a_power_of_two_on_party_shares() {
        let layout = BitLayout::uniform(32, 3);
        assert_eq!(layout.bit_lengths(), &[32; 4]);
        assert_eq!(layout.value_bit_lengths(), &[32; 3]);
        assert_eq!(
            (layout.vector_len(), layout.party_bits(), layout.parties()),
            (128, 32, 4)
        );
        assert_eq!(layout.uniform_bits(), Some(32));
        let blocks: Vec<_> = layout.blocks().collect();
        assert_eq!(blocks, [(0, 32), (32, 32), (64, 32), (96, 32)]);
    }

    #[test]
    fn one_chain_layouts_keep_each_length_and_do_not_pad() {
        let layout = BitLayout::one_chain(&[1, 63, 64]);
        assert_eq!(layout.bit_lengths(), &[1, 63, 64]);
        assert_eq!(layout.values(), 3);
        assert_eq!(
            (layout.vector_len(), layout.party_bits(), layout.parties()),
            (128, 128, 1)
        );
        assert_eq!(layout.uniform_bits(), None);
        let blocks: Vec<_> = layout.blocks().collect();
        assert_eq!(blocks, [(0, 1), (1, 63), (64, 64)]);
    }
}
