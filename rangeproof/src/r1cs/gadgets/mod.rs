//! Gadgets: reusable pieces of circuits, each written once for prover and verifier.
//!
//! | gadget | statement | multipliers |
//! |---|---|---|
//! | [`shuffle`] | two committed lists are permutations of each other | \\(2(k-1)\\) |

pub mod shuffle;
