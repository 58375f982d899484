//! What a receiver reads back with its secrets, for every front end alike: the opening of a
//! proof document recovered with its nonce (Tari's masks, Grin's rewind), and a Liquid output
//! unblinded with the receiver's blinding key. The error says whether the input was unusable
//! or the secret does not open the proof.

use rangeproof::liquid::{self, Transaction};
use rangeproof::{ProofError, Recovered};
use zeroize::Zeroizing;

use rangeproof_documents::ParsedDocument;

/// Why nothing was recovered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecoverError {
    /// The input cannot be recovered from at all (a proof without a nonce, a key of the
    /// wrong length, an output that is not confidential): the reason names it.
    Unusable(String),
    /// The secret does not open the proof: a wrong nonce or key, a proof made without one, or
    /// (with a value given) a wrong value.
    Failed(String),
}

impl std::fmt::Display for RecoverError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RecoverError::Unusable(reason) | RecoverError::Failed(reason) => f.write_str(reason),
        }
    }
}

impl std::error::Error for RecoverError {}

/// Recovers a document's opening with its nonce. When a value is known — given, or rewound
/// (Grin) — the opening is checked against the document's commitment and `checked` says so:
/// Tari's mask recovery does not fail for a wrong seed, it gives wrong blindings, which only
/// the value can expose.
pub fn recover(
    document: &ParsedDocument,
    nonce: &[u8],
    value: Option<u64>,
) -> Result<Recovered, RecoverError> {
    let nonce: Zeroizing<[u8; 32]> = Zeroizing::new(nonce.try_into().map_err(|_| {
        RecoverError::Unusable(format!("the nonce has {} bytes, expected 32", nonce.len()))
    })?);
    document
        .suite
        .recover_with_value(
            &document.statement,
            &document.proof,
            &document.commitments,
            &nonce,
            value,
        )
        .map_err(|e| match e {
            ProofError::NoRecoveryNonce => RecoverError::Unusable(format!(
                "{} proofs carry no recovery nonce (Tari's and Grin's do)",
                document.suite.flavor()
            )),
            ProofError::MaskRecoveryNeedsSingleProof => RecoverError::Unusable(e.to_string()),
            ProofError::RewindFailed => RecoverError::Failed(
                "the recovered blindings and the value do not open the commitment: a wrong \
                 nonce, a proof made without one, or a wrong value"
                    .into(),
            ),
            other => RecoverError::Failed(other.to_string()),
        })
}

/// Unblinds output `output` of a Liquid transaction with the receiver's 32-byte blinding key:
/// its value, asset and both blinding factors, checked to make the output's commitment and
/// generator.
pub fn unblind(
    tx: &[u8],
    output: usize,
    blinding_key: &[u8],
) -> Result<liquid::Unblinded, RecoverError> {
    let unusable = RecoverError::Unusable;
    let tx = crate::liquid::bytes_of(tx).map_err(|e| unusable(format!("tx: {e}")))?;
    let tx = Transaction::from_bytes(&tx).map_err(|e| unusable(format!("tx: {e}")))?;
    let out = tx.output(output).ok_or_else(|| {
        unusable(format!(
            "output {output}: the transaction has {} outputs",
            tx.n_outputs()
        ))
    })?;
    let key_bytes: Zeroizing<[u8; 32]> = Zeroizing::new(blinding_key.try_into().map_err(|_| {
        unusable(format!(
            "the blinding key has {} bytes, expected 32",
            blinding_key.len()
        ))
    })?);
    let key =
        Zeroizing::new(liquid::secret_key(&key_bytes).map_err(|_| {
            unusable("the blinding key is zero or not below the group order".into())
        })?);
    liquid::unblind(&out, &key).map_err(|e| match e {
        ProofError::Unsupported(why) => unusable(why.into()),
        other => RecoverError::Failed(format!("the key does not unblind this output: {other}")),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use rangeproof_documents::request::{self, ProveRequest};
    use rangeproof_documents::Document;

    fn proved(request: &str) -> (ParsedDocument, Vec<Vec<Vec<u8>>>) {
        let request = ProveRequest::from_json(request).unwrap();
        let checked = request.check(request.json_parameters().unwrap()).unwrap();
        let made = request::prove(
            rangeproof::SuiteContext::global(),
            &checked,
            &request.values,
            None,
        )
        .unwrap();
        let Document::Proof(parsed) =
            Document::parse(&serde_json::to_string(&made.proof).unwrap()).unwrap()
        else {
            unreachable!("a range proof document")
        };
        let blindings = made
            .openings
            .blindings
            .iter()
            .map(|each| each.iter().map(|b| hex::decode(b).unwrap()).collect())
            .collect();
        (parsed, blindings)
    }

    #[test]
    fn grin_rewinds_and_a_wrong_nonce_fails() {
        let nonce = "07".repeat(32);
        let (doc, blindings) = proved(&format!(
            r#"{{"group": "secp256k1", "flavor": "grin", "bits": 64, "values": [4321], "rewind_nonce": "{nonce}"}}"#
        ));
        let got = recover(&doc, &[7; 32], None).unwrap();
        assert_eq!((got.value, got.checked), (Some(4321), true));
        assert_eq!(got.blindings.to_vec(), blindings[0]);
        assert!(matches!(
            recover(&doc, &[8; 32], None),
            Err(RecoverError::Failed(_))
        ));
        assert!(matches!(
            recover(&doc, &[7; 31], None),
            Err(RecoverError::Unusable(_))
        ));
        // The commitments the same openings make.
        let again = request::commit(
            doc.suite,
            1,
            None,
            None,
            Default::default(),
            &[4321],
            &blindings,
        )
        .unwrap();
        assert_eq!(again, doc.commitments);
    }

    #[test]
    fn proofs_without_a_nonce_are_unusable_for_recovery() {
        let (doc, _) =
            proved(r#"{"group": "ed25519", "flavor": "monero", "bits": 64, "values": [5]}"#);
        assert!(matches!(
            recover(&doc, &[7; 32], None),
            Err(RecoverError::Unusable(_))
        ));
    }

    #[test]
    fn unblinding_refuses_what_is_not_a_transaction_or_key() {
        assert!(matches!(
            unblind(&[0; 10], 0, &[1; 32]),
            Err(RecoverError::Unusable(_))
        ));
        let tx = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../vectors/elements-tx/1in2out_tx.hex"
        ))
        .unwrap();
        let tx = hex::decode(tx.trim()).unwrap();
        assert!(matches!(
            unblind(&tx, 99, &[1; 32]),
            Err(RecoverError::Unusable(_))
        ));
        assert!(matches!(
            unblind(&tx, 0, &[1; 31]),
            Err(RecoverError::Unusable(_))
        ));
        assert!(matches!(
            unblind(&tx, 0, &[0; 32]),
            Err(RecoverError::Unusable(_))
        ));
        // A key that is not the receiver's.
        assert!(matches!(
            unblind(&tx, 0, &[1; 32]),
            Err(RecoverError::Failed(_))
        ));
    }
}
