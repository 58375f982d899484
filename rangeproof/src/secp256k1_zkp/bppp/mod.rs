//! Bulletproofs++ (Eagen, Kanjalkar, Ruffing, Nick; eprint 2022/510) as libsecp256k1-zkp's
//! experimental `bppp` module has it: so far its **weighted norm argument**
//! ([`norm_argument`]), byte-compatible with the C module's own test vectors. The reciprocal
//! range proof built on it comes next.

pub mod norm_argument;

#[cfg(test)]
mod tests;
