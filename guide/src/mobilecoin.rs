#![doc = include_str!("../../docs/mobilecoin.md")]
