#![doc = include_str!("../../docs/cluster.md")]
