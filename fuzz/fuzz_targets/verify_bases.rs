#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| rangeproof_fuzz::bases_targets::verify_bases(data));
