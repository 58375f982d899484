#![no_main]

libfuzzer_sys::fuzz_target!(
    |data: &[u8]| rangeproof_fuzz::elements_targets::prove_surjection(data)
);
