#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| rangeproof_fuzz::solana_targets::verify_solana(data));
