//! `solana-zk-sdk` 8.1.0 as the cross-tests, benchmarks and the fuzz target drive it: its
//! batched range proof instructions' proof data, made and verified as the program does.

#![allow(dead_code)]

use bytemuck::{bytes_of, pod_read_unaligned};
use solana_zk_elgamal_proof_interface::proof_data::{
    BatchedRangeProofU128Data, BatchedRangeProofU256Data, BatchedRangeProofU64Data,
};
use solana_zk_sdk::encryption::pedersen::{Pedersen, PedersenOpening};
use solana_zk_sdk::zk_elgamal_proof_program::{
    build_batched_range_proof_u128_data, build_batched_range_proof_u256_data,
    build_batched_range_proof_u64_data, VerifyZkProof,
};

/// The SDK's proof data for `values` of `bit_lengths` under the openings `blindings`
/// (canonical scalars), through the builder of the lengths' total.
pub fn prove(values: &[u64], bit_lengths: &[usize], blindings: &[[u8; 32]]) -> Vec<u8> {
    let openings: Vec<PedersenOpening> = blindings
        .iter()
        .map(|b| PedersenOpening::from_bytes(b).expect("a canonical scalar"))
        .collect();
    let commitments: Vec<_> = values
        .iter()
        .zip(&openings)
        .map(|(v, o)| Pedersen::with(*v, o))
        .collect();
    let c: Vec<_> = commitments.iter().collect();
    let o: Vec<_> = openings.iter().collect();
    let (v, l) = (values.to_vec(), bit_lengths.to_vec());
    match bit_lengths.iter().sum::<usize>() {
        64 => bytes_of(&build_batched_range_proof_u64_data(c, v, l, o).expect("the SDK proves"))
            .to_vec(),
        128 => bytes_of(&build_batched_range_proof_u128_data(c, v, l, o).expect("the SDK proves"))
            .to_vec(),
        _ => bytes_of(&build_batched_range_proof_u256_data(c, v, l, o).expect("the SDK proves"))
            .to_vec(),
    }
}

/// The program's verdict: `verify_proof` on the Pod type of the data's length (data of any
/// other length does not parse as an instruction).
pub fn accepts(data: &[u8]) -> bool {
    match data.len() {
        936 => pod_read_unaligned::<BatchedRangeProofU64Data>(data)
            .verify_proof()
            .is_ok(),
        1000 => pod_read_unaligned::<BatchedRangeProofU128Data>(data)
            .verify_proof()
            .is_ok(),
        1064 => pod_read_unaligned::<BatchedRangeProofU256Data>(data)
            .verify_proof()
            .is_ok(),
        _ => false,
    }
}
