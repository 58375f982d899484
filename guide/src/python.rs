#![doc = include_str!("../../docs/python.md")]
