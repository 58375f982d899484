#![doc = include_str!("../../docs/grin.md")]
