#![doc = include_str!("../../docs/solana.md")]
