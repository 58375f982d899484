//! Hex as documents spell it: pairs of digits, either case, and nothing else.
//!
//! Decoding is `const-hex`'s, table-driven: `hex` 0.4's decoding took a byte pair per call
//! through an iterator and was most of a document's parse (BENCHMARKS.md, issue 42). Unlike
//! `hex`, `const-hex` also takes a `0x` prefix; that is refused here, so a document's bytes
//! have one spelling as before.

pub use const_hex::{encode, FromHexError};

/// The bytes `text` spells, refusing a `0x` prefix (at the `x`, as any other non-digit).
pub fn decode(text: impl AsRef<[u8]>) -> Result<Vec<u8>, FromHexError> {
    let text = text.as_ref();
    if let [b'0', x @ (b'x' | b'X'), ..] = text {
        return Err(FromHexError::InvalidHexCharacter {
            c: char::from(*x),
            index: 1,
        });
    }
    const_hex::decode(text)
}

/// Why text is not hex, without quoting it (it may be a secret's: a blinding, a nonce): where
/// it stops being hex, or that its length is odd.
pub fn reason(error: &FromHexError) -> String {
    match error {
        FromHexError::InvalidHexCharacter { index, .. } => {
            format!("character {} is not a hex digit", index + 1)
        }
        FromHexError::OddLength => "an odd number of hex digits".into(),
        FromHexError::InvalidStringLength => "the wrong length".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spells_bytes_one_way() {
        assert_eq!(decode("00ffAb").unwrap(), [0, 255, 0xab]);
        assert_eq!(decode("").unwrap(), Vec::<u8>::new());
        for refused in ["0x00", "0X00", "0", "0g", " 00", "00 ", "+0"] {
            assert!(decode(refused).is_err(), "{refused:?}");
        }
        assert_eq!(
            reason(&decode("ffzz").unwrap_err()),
            "character 3 is not a hex digit"
        );
        assert_eq!(
            reason(&decode("fff").unwrap_err()),
            "an odd number of hex digits"
        );
        // Every byte both ways, as `encode` writes it.
        let all: Vec<u8> = (0..=255).collect();
        assert_eq!(decode(encode(&all)).unwrap(), all);
        assert_eq!(decode(encode(&all).to_uppercase()).unwrap(), all);
    }
}
