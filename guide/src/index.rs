#![doc = include_str!("../../docs/README.md")]
