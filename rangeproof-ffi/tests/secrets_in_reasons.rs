//! No reason the C library writes shows a secret: requests with refused values (out of range,
//! negative, out of the bit size, of the wrong type) and refused blinding factors (32 bytes of
//! 0xff, not below any group's order; not hex) get reasons that name the field and its
//! position, never the amount or the blinding — a reason is printed and logged. Through the C
//! ABI, as a C caller calls it.

use std::ffi::{c_char, CStr};

use rangeproof_ffi::{
    rp_context_create, rp_context_destroy, rp_pedersen_commit, rp_pedersen_commitment,
    rp_prove_document, rp_solana_batched_range_proof_prove,
};

const SECRET: &str = "123456789123456789";
const TOO_LARGE: &str = "123456789123456789123456789";

fn blinding_hex() -> String {
    "ff".repeat(32)
}

/// The secrets `reason` shows, in any spelling.
fn shown(reason: &str) -> Vec<String> {
    let hex = blinding_hex();
    [SECRET.to_string(), hex.clone(), hex.to_uppercase()]
        .into_iter()
        .filter(|needle| reason.contains(needle.as_str()))
        .collect()
}

/// `rp_prove_document` on `request`: its result and reason.
fn prove(request: &str) -> (i32, String) {
    let ctx = rp_context_create();
    let mut proof = vec![0u8; 1 << 16];
    let mut openings = vec![0u8; 1 << 16];
    let (mut proof_len, mut openings_len) = (proof.len(), openings.len());
    let mut reason = [0u8; 512];
    // SAFETY: every buffer is as long as its length says; the request is `request.len()` bytes.
    let got = unsafe {
        rp_prove_document(
            ctx,
            request.as_ptr().cast::<c_char>(),
            request.len(),
            proof.as_mut_ptr().cast::<c_char>(),
            &mut proof_len,
            openings.as_mut_ptr().cast::<c_char>(),
            &mut openings_len,
            reason.as_mut_ptr().cast::<c_char>(),
            reason.len(),
        )
    };
    // SAFETY: made by rp_context_create.
    unsafe { rp_context_destroy(ctx) };
    (got, text(&reason))
}

fn text(reason: &[u8]) -> String {
    CStr::from_bytes_until_nul(reason)
        .unwrap()
        .to_string_lossy()
        .into_owned()
}

#[test]
fn refused_requests_name_the_field_never_the_secret() {
    let b = blinding_hex();
    let cases = [
        (
            format!(r#"{{"bits": 64, "values": [{TOO_LARGE}]}}"#),
            "values[0]: a number out of range",
        ),
        (
            format!(r#"{{"bits": 64, "values": [1, -{SECRET}]}}"#),
            "values[1]: a negative number",
        ),
        (
            format!(r#"{{"bits": 64, "values": ["{SECRET}"]}}"#),
            "values[0]: a string",
        ),
        (
            format!(r#"{{"bits": 64, "values": [{SECRET}.5]}}"#),
            "values[0]: a number with a fraction",
        ),
        (
            format!(r#"{{"bits": 32, "values": [{SECRET}]}}"#),
            "value 1 of 1 is out of range",
        ),
        (
            format!(r#"{{"bits": 64, "values": [{SECRET}], "blindings": [["{b}"]]}}"#),
            "cannot prove",
        ),
        (
            format!(
                r#"{{"group": "secp256k1", "flavor": "grin", "bits": 64, "values": [{SECRET}], "blindings": [["{b}"]]}}"#
            ),
            "",
        ),
        (
            format!(r#"{{"bits": 64, "values": [{SECRET}], "blindings": [["{b}zz"]]}}"#),
            "blindings: not hex",
        ),
        (
            format!(r#"{{"bits": 64, "values": [{SECRET}], "blindings": [[{SECRET}]]}}"#),
            "a number where a string is expected",
        ),
        (
            format!(
                r#"{{"scheme": "bulletproofs+", "flavor": "tari", "bits": 64, "values": [{SECRET}], "rewind_nonce": "{b}zz"}}"#
            ),
            "rewind_nonce: not hex",
        ),
    ];
    for (request, expected) in cases {
        let (got, reason) = prove(&request);
        assert_eq!(got, -1, "{request}: {reason}");
        assert!(reason.contains(expected), "{request}: {reason}");
        assert!(shown(&reason).is_empty(), "{request}: {reason}");
    }
}

/// Item 3 of the fresh-clone report: a bit size past every integer is out of range, in words.
#[test]
fn a_bit_size_out_of_range_is_said_to_be() {
    let (got, reason) = prove(r#"{"bits": 18446744073709551616, "values": [1]}"#);
    assert_eq!(got, -1);
    assert!(reason.contains("bits: a number out of range"), "{reason}");
    assert!(
        !reason.contains("floating point") && !reason.contains("usize"),
        "{reason}"
    );
}

#[test]
fn the_other_provers_reasons_show_no_secret() {
    let ctx = rp_context_create();
    let mut reason = [0u8; 512];
    // Solana: a value past its bit length, and a blinding past the order.
    let values = [123_456_789_123_456_789u64, 1];
    let lengths = [32usize, 32];
    for blindings in [[0u8; 64], [0xff; 64]] {
        let mut data = [0u8; 1064];
        let mut len = data.len();
        // SAFETY: `n` (2) values, lengths and 32-byte blindings; the buffers' lengths.
        let got = unsafe {
            rp_solana_batched_range_proof_prove(
                ctx,
                values.as_ptr(),
                lengths.as_ptr(),
                blindings.as_ptr(),
                2,
                data.as_mut_ptr(),
                &mut len,
                reason.as_mut_ptr().cast::<c_char>(),
                reason.len(),
            )
        };
        let said = text(&reason);
        assert_eq!(got, -1, "{said}");
        assert!(shown(&said).is_empty(), "{said}");
    }
    // A Pedersen commitment with a blinding past the order: -1, and nothing to show.
    let mut commitment = rp_pedersen_commitment { data: [0; 64] };
    let blind = [0xffu8; 32];
    // SAFETY: a live context, a writable commitment, 32 readable bytes, H.
    let got = unsafe {
        rp_pedersen_commit(
            ctx,
            &mut commitment,
            blind.as_ptr(),
            123_456_789_123_456_789,
            std::ptr::null(),
        )
    };
    assert_eq!(got, -1);
    // SAFETY: made by rp_context_create.
    unsafe { rp_context_destroy(ctx) };
}
