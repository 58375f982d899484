//! Solana documents: the batched range proof instruction of the ZK ElGamal proof program.
//!
//! ```json
//! {"scheme": "bulletproofs", "group": "ristretto255", "flavor": "solana",
//!  "kind": "u64" | "u128" | "u256", "bit_lengths": [64, 16, 32, 16],
//!  "commitments": ["<32-byte hex>", …], "proof": "<hex>", "proof_data": "<hex>"}
//! ```
//!
//! `commitments` and `bit_lengths` list the active slots in order; `proof_data` is the whole
//! instruction proof data — the 264-byte context, then the proof — exactly as the program
//! receives it. A document may carry `proof_data` alone, or `commitments`, `bit_lengths` and
//! `proof` alone (`kind` optional, then the lengths' total); `prove` writes all of them.
//!
//! The separate fields follow every document's rules: a shape the suite does not take (a bit
//! length outside 1 to 64, lengths whose total is no kind, more than 8 commitments, a `kind`
//! that is not their total) is unusable input. `proof_data` is the program's input: what the
//! program refuses in it (its length, its context's rules) is an invalid proof, as is proof
//! data that disagrees with the separate fields when both are present.

use crate::hex;
use rangeproof::deployments::solana::{Kind, ProofData};
use rangeproof::SuiteStatement;

use crate::document::malformed;
use crate::error::{DocumentError, Invalid};
use crate::fields::Fields;
use crate::info::DocumentInfo;
use crate::proof::{ParsedDocument, ProofDocument};
use crate::Document;

/// Longest `proof_data` we read: the U256 kind's, in hex.
const MAX_PROOF_DATA_HEX: usize = 2 * 1064;

/// What a Solana document adds to the statement, or why it is invalid whatever the proof
/// says.
pub(crate) struct Instruction {
    /// Each value's bit length.
    pub bit_lengths: Vec<usize>,
    /// The commitments' encodings.
    pub commitments: Vec<Vec<u8>>,
    /// The proof's bytes.
    pub proof: Vec<u8>,
    /// The program's refusal of the proof data, or the fields' disagreement with it.
    pub refusal: Option<Invalid>,
}

/// The instruction's fields, in the order documents write them.
pub(crate) const FIELDS: [&str; 3] = ["kind", "bit_lengths", "proof_data"];

/// A Solana document's fields as read.
struct Read<'a> {
    kind: Option<String>,
    bit_lengths: Option<Vec<usize>>,
    commitments: &'a [String],
    proof: Option<&'a str>,
    proof_data: Option<String>,
}

/// Reads a Solana document's instruction: `proof_data`, the separate fields, or both.
/// `Err` is a reason the document is unusable (exit 2).
pub(crate) fn instruction(doc: &ProofDocument, bits: Option<usize>) -> Result<Instruction, String> {
    if bits.is_some() {
        return Err(
            "solana documents have no bits (each value has its own: bit_lengths, and kind): remove the field"
                .into(),
        );
    }
    let doc = Read {
        kind: doc.fields.typed("kind")?,
        bit_lengths: doc.fields.read_with("bit_lengths", |v| {
            crate::proof::bounded::list::<_, usize>(v, "bit_lengths")
        })?,
        commitments: &doc.commitments,
        proof: doc.proof.as_deref(),
        proof_data: doc.fields.typed("proof_data")?,
    };
    let kind = doc
        .kind
        .as_deref()
        .map(|name| {
            Kind::from_name(name).ok_or_else(|| {
                format!("unknown kind {name:?} (supported: \"u64\", \"u128\", \"u256\")")
            })
        })
        .transpose()?;
    let data = doc
        .proof_data
        .as_deref()
        .map(|text| {
            if text.len() > MAX_PROOF_DATA_HEX {
                return Err(format!(
                    "proof_data is {} hex digits, longer than any instruction's",
                    text.len()
                ));
            }
            hex::decode(text).map_err(|e| format!("proof_data is not hex: {e}"))
        })
        .transpose()?;
    let fields = !doc.commitments.is_empty() || doc.bit_lengths.is_some() || doc.proof.is_some();
    let separate = if fields {
        let Some(bit_lengths) = doc.bit_lengths else {
            return Err("solana documents need bit_lengths beside commitments".into());
        };
        if doc.proof.is_none() {
            return Err("solana documents need proof beside bit_lengths".into());
        }
        let total: usize = bit_lengths.iter().sum();
        if let Some(kind) = kind {
            if kind.bits() != total {
                return Err(format!(
                    "kind {} is {} bits, but bit_lengths sum to {total}",
                    kind.name(),
                    kind.bits()
                ));
            }
        }
        Some(bit_lengths)
    } else if data.is_none() {
        return Err(
            "solana documents need proof_data, or commitments, bit_lengths and proof".into(),
        );
    } else {
        None
    };
    let Some(data) = data else {
        return Ok(Instruction {
            bit_lengths: separate.unwrap_or_default(),
            commitments: Vec::new(), // the caller reads the separate ones
            proof: Vec::new(),
            refusal: None,
        });
    };
    let parsed = match ProofData::from_bytes(&data) {
        Ok(parsed) => parsed,
        Err(e) => {
            return Ok(Instruction {
                bit_lengths: separate.unwrap_or_default(),
                commitments: Vec::new(),
                proof: Vec::new(),
                refusal: Some(Invalid::Proof(e)),
            })
        }
    };
    let own = Instruction {
        bit_lengths: parsed.bit_lengths().to_vec(),
        commitments: parsed.commitment_list(),
        proof: parsed.proof().to_vec(),
        refusal: None,
    };
    let disagreement = if kind.is_some_and(|k| k != parsed.kind()) {
        Some("kind")
    } else if separate.is_some_and(|lengths| lengths != own.bit_lengths) {
        Some("bit_lengths")
    } else if fields && !same_hex(doc.commitments, &own.commitments) {
        Some("commitments")
    } else if fields
        && !doc
            .proof
            .is_some_and(|text| hex::decode(text).is_ok_and(|p| p == own.proof))
    {
        Some("proof")
    } else {
        None
    };
    Ok(Instruction {
        refusal: disagreement.map(Invalid::ProofDataDisagrees),
        ..own
    })
}

/// Whether hex strings are these bytes.
fn same_hex(texts: &[String], bytes: &[Vec<u8>]) -> bool {
    texts.len() == bytes.len()
        && texts
            .iter()
            .zip(bytes)
            .all(|(t, b)| hex::decode(t).is_ok_and(|d| &d == b))
}

/// The instruction's fields of a proof made under `statement`: `kind`, `bit_lengths` and
/// `proof_data` (what `prove` writes beside `commitments` and `proof`).
pub(crate) fn fields_of(
    statement: &SuiteStatement,
    proof: &[u8],
    commitments: &[Vec<u8>],
) -> Fields {
    let bit_lengths = if statement.bit_lengths.is_empty() {
        vec![statement.bits; commitments.len()]
    } else {
        statement.bit_lengths.clone()
    };
    let kind = Kind::from_bits(bit_lengths.iter().sum()).map(|k| k.name().to_string());
    let encodings: Option<Vec<[u8; 32]>> = commitments
        .iter()
        .map(|c| <[u8; 32]>::try_from(c.as_slice()).ok())
        .collect();
    let data = encodings
        .and_then(|c| ProofData::new(c, bit_lengths.clone(), proof.to_vec()).ok())
        .map(|data| hex::encode(data.to_bytes()));
    let mut fields = Fields::new();
    if let Some(kind) = kind {
        fields.insert("kind", kind);
    }
    fields.insert("bit_lengths", bit_lengths);
    if let Some(data) = data {
        fields.insert("proof_data", data);
    }
    fields
}

impl ProofDocument {
    /// The document of a Solana batched range proof instruction's proof data (context, then
    /// proof) taken from a transaction: `proof_data` alone, its context read by the program's
    /// rules when the document is verified.
    pub fn of_solana_proof_data(proof_data: &[u8]) -> ProofDocument {
        let mut doc = ProofDocument::new("bulletproofs", "ristretto255", "solana");
        doc.fields.insert("proof_data", hex::encode(proof_data));
        doc
    }
}

impl Document {
    /// Solana instruction proof data given as JSON without a document's suite
    /// (`{"proof_data": …, "bit_lengths": …}`, as the bundled `solana-transfer.json` holds it)
    /// read as the Solana document it would be, so that `rangeproof info` can say what such a
    /// file holds. [`Self::parse`] refuses it ([`DocumentError::SolanaProofData`]): a document
    /// names its suite.
    pub fn parse_solana_proof_data(text: &str) -> Result<ParsedDocument, DocumentError> {
        let mut fields: serde_json::Map<String, serde_json::Value> =
            serde_json::from_str(text).map_err(|e| malformed("not Solana proof data", &e))?;
        if fields.contains_key("scheme") || !fields.contains_key("proof_data") {
            return Err(DocumentError::Malformed(
                "not Solana proof data: a proof_data field and no scheme".into(),
            ));
        }
        let suite = rangeproof::Suite::SOLANA_BULLETPROOFS;
        for (name, value) in [
            ("scheme", suite.scheme()),
            ("group", suite.group()),
            ("flavor", suite.flavor()),
        ] {
            fields.insert(name.into(), value.into());
        }
        // The proof data states the bit lengths (and so the kind): a document carrying it alone
        // is read from it, and lengths given beside it (without the proof) must agree.
        let given = if fields.contains_key("proof") {
            None
        } else {
            fields.remove("kind");
            fields.remove("bit_lengths")
        };
        let parsed =
            Document::parse(&serde_json::Value::Object(fields).to_string())?.into_proof()?;
        if let Some(given) = given {
            let stated = serde_json::Value::from(parsed.statement.bit_lengths.clone());
            if given != stated {
                return Err(DocumentError::Field(format!(
                    "bit_lengths {given} but the proof data states {stated}"
                )));
            }
        }
        Ok(parsed)
    }
}

impl DocumentInfo {
    /// What Solana instruction proof data without a document's suite says
    /// ([`crate::Document::parse_solana_proof_data`]), read as the document it would be.
    pub fn of_solana_proof_data(doc: &ParsedDocument) -> Result<DocumentInfo, String> {
        let mut info = DocumentInfo::of_range(doc)?;
        info.read_from = Some(
            "Solana instruction proof data (not a proof document: no scheme, group or flavor)"
                .into(),
        );
        Ok(info)
    }
}

#[cfg(test)]
mod tests {
    use rand_core::OsRng;
    use rangeproof::{ProofError, StatementError, SuiteBatch, SuiteContext};
    use serde_json::{json, Value};

    use super::*;
    use crate::document::Document;
    use crate::proof::ProofDocument;
    use crate::DocumentError;
    use rangeproof::Suite;

    /// A Solana proof's document, as `prove` writes it.
    fn document(bit_lengths: &[usize], values: &[u64]) -> Value {
        let statement = SuiteStatement {
            bit_lengths: bit_lengths.to_vec(),
            extension_degree: 1,
            ..SuiteStatement::default()
        };
        let proved = Suite::SOLANA_BULLETPROOFS
            .prove(&statement, values, &mut OsRng)
            .unwrap();
        let doc = ProofDocument::of(
            Suite::SOLANA_BULLETPROOFS,
            &statement,
            &proved.proof,
            &proved.commitments,
        );
        serde_json::to_value(doc).unwrap()
    }

    fn parse(doc: &Value) -> Result<Document, DocumentError> {
        Document::parse(&doc.to_string())
    }

    fn verdict(doc: &Value) -> Result<(), Invalid> {
        parse(doc)
            .expect("usable")
            .verify_in(SuiteContext::global())
    }

    fn without(doc: &Value, fields: &[&str]) -> Value {
        let mut doc = doc.clone();
        for field in fields {
            doc.as_object_mut().unwrap().remove(*field);
        }
        doc
    }

    #[test]
    fn documents_carry_the_instruction_and_verify_from_either_half() {
        let doc = document(&[64, 16, 32, 16], &[1_000_000, 65535, 7, 0]);
        assert_eq!(doc["kind"], "u128");
        assert_eq!(doc["bit_lengths"], json!([64, 16, 32, 16]));
        assert!(doc.get("bits").is_none() && doc.get("transcript_label").is_none());
        let data = hex::decode(doc["proof_data"].as_str().unwrap()).unwrap();
        assert_eq!(data.len(), 1000);
        assert_eq!(
            hex::encode(&data[264..]),
            doc["proof"].as_str().unwrap(),
            "the proof data ends with the proof"
        );
        verdict(&doc).expect("both halves");
        verdict(&without(&doc, &["proof_data"])).expect("the fields alone");
        verdict(&without(&doc, &["kind"])).expect("kind is optional");
        let alone = without(&doc, &["kind", "bit_lengths", "commitments", "proof"]);
        verdict(&alone).expect("the proof data alone");
        let Document::Proof(parsed) = parse(&alone).unwrap() else {
            panic!("a proof document")
        };
        assert_eq!(parsed.statement.bit_lengths, vec![64, 16, 32, 16]);
        assert_eq!(parsed.commitments.len(), 4);
        // One batch: the halves and the whole, with another suite's proof.
        let dalek = crate::proof::tests_support::dalek_document();
        let mut batch = SuiteBatch::new();
        for d in [&doc, &alone, &without(&doc, &["proof_data"]), &dalek] {
            let Document::Proof(parsed) = parse(d).unwrap() else {
                panic!("a proof document")
            };
            parsed.add_to(&mut batch).unwrap();
        }
        assert_eq!(batch.verify(), Ok(()));
    }

    #[test]
    fn uniform_statements_write_each_values_length() {
        let statement = SuiteStatement {
            bits: 32,
            extension_degree: 1,
            ..SuiteStatement::default()
        };
        let proved = Suite::SOLANA_BULLETPROOFS
            .prove(&statement, &[1, 2], &mut OsRng)
            .unwrap();
        let doc = ProofDocument::of(
            Suite::SOLANA_BULLETPROOFS,
            &statement,
            &proved.proof,
            &proved.commitments,
        );
        assert_eq!(doc.fields.get("bit_lengths"), Some(&json!([32, 32])));
        assert_eq!(doc.fields.get("kind"), Some(&json!("u64")));
        assert_eq!(doc.fields.get("bits"), None);
        verdict(&serde_json::to_value(doc).unwrap()).unwrap();
    }

    #[test]
    fn proof_data_that_disagrees_with_the_fields_is_invalid() {
        let doc = document(&[32, 16, 16], &[5, 6, 7]);
        let other = document(&[32, 16, 16], &[5, 6, 7]);
        let with = |field: &str, value: Value| {
            let mut d = doc.clone();
            d[field] = value;
            d
        };
        let disagree = |d: &Value, field: &'static str| {
            assert_eq!(verdict(d), Err(Invalid::ProofDataDisagrees(field)));
        };
        let mut kind_only = without(&doc, &["bit_lengths", "commitments", "proof"]);
        kind_only["kind"] = json!("u128");
        disagree(&kind_only, "kind");
        disagree(&with("bit_lengths", json!([16, 32, 16])), "bit_lengths");
        disagree(
            &with("commitments", other["commitments"].clone()),
            "commitments",
        );
        disagree(&with("proof", other["proof"].clone()), "proof");
        // The other proof's data with these fields.
        disagree(
            &with("proof_data", other["proof_data"].clone()),
            "commitments",
        );
    }

    #[test]
    fn proof_data_the_program_refuses_is_invalid_with_its_reason() {
        let doc = document(&[32, 32], &[5, 6]);
        let data = hex::decode(doc["proof_data"].as_str().unwrap()).unwrap();
        let alone = |bytes: &[u8]| {
            json!({"scheme": "bulletproofs", "group": "ristretto255", "flavor": "solana",
                "proof_data": hex::encode(bytes)})
        };
        let refused = |f: &dyn Fn(&mut Vec<u8>)| {
            let mut bytes = data.clone();
            f(&mut bytes);
            verdict(&alone(&bytes))
        };
        let decode = |e| Err(Invalid::Proof(ProofError::Decode(e)));
        let statement = |e| Err(Invalid::Proof(ProofError::Statement(e)));
        use rangeproof::DecodeError;
        assert_eq!(
            refused(&|b| b[258] = 1),
            decode(DecodeError::NonZeroUnusedSlot)
        );
        assert_eq!(
            refused(&|b| b[256] = 0),
            statement(StatementError::InvalidBitLength(0))
        );
        assert_eq!(
            refused(&|b| b[256] = 16),
            statement(StatementError::InvalidBitTotal {
                total: 48,
                allowed: &[64]
            })
        );
        assert_eq!(
            refused(&|b| b.truncate(935)),
            decode(DecodeError::InvalidLength(935))
        );
        assert_eq!(
            refused(&|b| b[264..296].fill(0)),
            decode(DecodeError::IdentityPoint)
        );
        // Refused with the fields beside it too (they are well-formed; the data is not).
        let mut d = doc.clone();
        let mut bytes = data.clone();
        bytes[259] = 8;
        d["proof_data"] = json!(hex::encode(&bytes));
        assert_eq!(verdict(&d), decode(DecodeError::NonZeroUnusedSlot));
        // And in a batch: refused before any equation.
        let Document::Proof(parsed) = parse(&d).unwrap() else {
            panic!("a proof document")
        };
        assert!(parsed.add_to(&mut SuiteBatch::new()).is_err());
    }

    /// A document whose separate `proof` is of another kind's length than its `bit_lengths`'
    /// sum (a U128 proof, 7 rounds, with lengths summing to 64) is invalid: the program would
    /// read it under the discriminator its lengths name, where its rounds do not fit.
    #[test]
    fn a_proof_of_another_kind_than_its_bit_lengths_is_invalid() {
        let doc = document(&[64, 32, 32], &[5, 6, 7]);
        let fields = without(&doc, &["proof_data", "kind"]);
        verdict(&fields).expect("valid as made");
        assert_eq!(
            hex::decode(fields["proof"].as_str().unwrap())
                .unwrap()
                .len(),
            Kind::U128.proof_len()
        );
        let mut shorter = fields.clone();
        shorter["bit_lengths"] = json!([32, 16, 16]);
        assert_eq!(
            verdict(&shorter),
            Err(Invalid::Proof(ProofError::VerificationFailed))
        );
        // And the other way: a U64 proof under lengths summing to 128.
        let small = without(&document(&[32, 32], &[5, 6]), &["proof_data", "kind"]);
        let mut longer = small.clone();
        longer["bit_lengths"] = json!([64, 64]);
        assert_eq!(
            verdict(&longer),
            Err(Invalid::Proof(ProofError::VerificationFailed))
        );
    }

    #[test]
    fn malformed_fields_are_unusable_with_a_reason() {
        let doc = document(&[64], &[5]);
        let unusable = |d: Value, needle: &str| {
            let reason = parse(&d).expect_err("unusable").to_string();
            assert!(reason.contains(needle), "{reason}");
        };
        let mut d = doc.clone();
        d["bits"] = json!(64);
        unusable(d, "no bits");
        let mut d = doc.clone();
        d["kind"] = json!("u512");
        unusable(d, "unknown kind");
        let mut d = doc.clone();
        d["kind"] = json!("u128");
        unusable(without(&d, &["proof_data"]), "bit_lengths sum to 64");
        unusable(
            without(&doc, &["proof_data", "bit_lengths"]),
            "need bit_lengths",
        );
        unusable(without(&doc, &["proof_data", "proof"]), "need proof");
        unusable(
            without(
                &doc,
                &["proof_data", "proof", "bit_lengths", "commitments", "kind"],
            ),
            "need proof_data",
        );
        let mut d = doc.clone();
        d["bit_lengths"] = json!([65]);
        unusable(without(&d, &["proof_data", "kind"]), "bit length 65");
        let mut d = doc.clone();
        d["proof_data"] = json!("zz");
        unusable(d, "proof_data is not hex");
        let mut d = doc.clone();
        d["proof_data"] = json!("00".repeat(2000));
        unusable(d, "longer than any instruction");
        // Other suites' documents take none of these fields.
        let dalek = crate::proof::tests_support::dalek_document();
        for (field, value) in [
            ("kind", json!("u64")),
            ("bit_lengths", json!([64])),
            ("proof_data", json!("00")),
        ] {
            let mut d = dalek.clone();
            d[field] = value;
            unusable(d, &format!("have no {field}"));
        }
    }
}
