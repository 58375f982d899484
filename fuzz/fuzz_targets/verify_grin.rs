#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| rangeproof_fuzz::grin_targets::verify_grin(data));
