//! Elements' blinded assets as a wallet makes them, for every front end alike: an asset's
//! blinded generator, and the asset surjection proof of an output over a transaction's inputs.

use k256::Scalar;
use rand_core::{OsRng, RngCore as _};
use rangeproof::liquid::secret_key;
use rangeproof::secp256k1_zkp::generator::{generator_generate_blinded, ValueGenerator};
use rangeproof::secp256k1_zkp::surjection;
use zeroize::Zeroizing;

use rangeproof_documents::{hex, ProofDocument};

fn bytes32(name: &str, bytes: &[u8]) -> Result<[u8; 32], String> {
    bytes
        .try_into()
        .map_err(|_| format!("{name}: {} bytes, expected 32", bytes.len()))
}

/// A blinding factor: 32 bytes big-endian, non-zero and below the group order.
fn blinding(name: &str, bytes: &[u8]) -> Result<Zeroizing<Scalar>, String> {
    let bytes = Zeroizing::new(bytes32(name, bytes)?);
    secret_key(&bytes)
        .map(Zeroizing::new)
        .map_err(|_| format!("{name}: zero or not below the group order"))
}

fn generator(tag: &[u8; 32], r: &Scalar) -> Result<ValueGenerator, String> {
    generator_generate_blinded(tag, r).ok_or_else(|| "an asset tag has no generator".into())
}

/// The blinded asset generator `A + r·G` of a 32-byte asset tag and blinding factor, in its
/// 33-byte encoding.
pub fn asset_generator(tag: &[u8], blinding_factor: &[u8]) -> Result<[u8; 33], String> {
    let tag = bytes32("the asset tag", tag)?;
    let r = blinding("the blinding factor", blinding_factor)?;
    Ok(generator(&tag, &r)?.to_bytes())
}

/// An asset surjection proof and the generators it is over.
pub struct SurjectionProved {
    /// The proof in Elements' serialization.
    pub proof: Vec<u8>,
    /// The inputs' blinded generators (33 bytes each), in input order.
    pub inputs: Vec<[u8; 33]>,
    /// The output's blinded generator.
    pub output: [u8; 33],
}

impl SurjectionProved {
    /// The proof as a document (`"scheme": "surjection"`, Elements' flavor) that every front
    /// end verifies.
    pub fn document(&self) -> ProofDocument {
        let generators: Vec<serde_json::Value> =
            self.inputs.iter().map(|g| hex::encode(g).into()).collect();
        let mut document = ProofDocument::new("surjection", "secp256k1", "elements");
        document.proof = Some(hex::encode(&self.proof));
        document.fields.insert("input_generators", generators);
        document
            .fields
            .insert("output_generator", hex::encode(self.output));
        document
    }
}

/// Proves that an output of `output_tag` (blinded by `output_blinding`) has the asset of one of
/// the inputs (`input_tags`, blinded by `input_blindings`): `n_to_use` inputs in the ring,
/// drawn as libsecp256k1-zkp draws them (at most `max_iterations` draws) from a 32-byte seed.
///
/// The seed decides which inputs join the ring beside the one spent: it must be secret and
/// fresh, or an observer who knows it learns which input the output's asset came from. With
/// `seed` `None` (what a wallet passes) it is drawn here from the operating system's source;
/// a caller passes one only to reproduce a proof (the C library's vectors, a test). Hedged
/// either way: fresh randomness joins the statement and the keys in the ring's nonces.
pub fn prove_surjection(
    input_tags: &[impl AsRef<[u8]>],
    input_blindings: &[impl AsRef<[u8]>],
    output_tag: &[u8],
    output_blinding: &[u8],
    seed: Option<&[u8]>,
    n_to_use: usize,
    max_iterations: usize,
) -> Result<SurjectionProved, String> {
    if input_tags.len() != input_blindings.len() {
        return Err(format!(
            "{} input tags, {} input blindings: one each",
            input_tags.len(),
            input_blindings.len()
        ));
    }
    let tags = input_tags
        .iter()
        .map(|t| bytes32("an input tag", t.as_ref()))
        .collect::<Result<Vec<_>, _>>()?;
    let blindings = input_blindings
        .iter()
        .map(|b| blinding("an input blinding", b.as_ref()))
        .collect::<Result<Vec<_>, _>>()?;
    let out_tag = bytes32("the output tag", output_tag)?;
    let out_blinding = blinding("the output blinding", output_blinding)?;
    let seed = match seed {
        Some(given) => Zeroizing::new(bytes32("the seed", given)?),
        None => {
            let mut fresh = Zeroizing::new([0u8; 32]);
            OsRng.fill_bytes(fresh.as_mut_slice());
            fresh
        }
    };
    let inputs = tags
        .iter()
        .zip(&blindings)
        .map(|(t, r)| generator(t, r))
        .collect::<Result<Vec<_>, _>>()?;
    let output = generator(&out_tag, &out_blinding)?;
    let selection = surjection::initialize(&tags, n_to_use, &out_tag, max_iterations, &seed)
        .map_err(|e| e.to_string())?;
    let mut extra = Zeroizing::new([0u8; 32]);
    OsRng.fill_bytes(extra.as_mut_slice());
    let proof = surjection::generate(
        &selection,
        &inputs,
        &output,
        &blindings[selection.input_index()],
        &out_blinding,
        Some(&extra),
    )
    .map_err(|e| e.to_string())?;
    Ok(SurjectionProved {
        proof: proof.to_bytes(),
        inputs: inputs.iter().map(ValueGenerator::to_bytes).collect(),
        output: output.to_bytes(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use rangeproof_documents::Document;

    #[test]
    fn a_surjection_document_verifies_and_its_inputs_matter() {
        let tags: Vec<[u8; 32]> = (1..=4u8).map(|k| [k; 32]).collect();
        let blindings: Vec<[u8; 32]> = (1..=4u8).map(|k| [k; 32]).collect();
        // No seed: drawn fresh, as a wallet proves.
        let proved = prove_surjection(&tags, &blindings, &tags[2], &[9; 32], None, 3, 100).unwrap();
        assert_eq!(proved.output, asset_generator(&tags[2], &[9; 32]).unwrap());
        let text = serde_json::to_string(&proved.document()).unwrap();
        assert_eq!(Document::parse(&text).unwrap().verify(), Ok(()));
        let mut changed = proved.document();
        changed.fields.insert(
            "output_generator",
            hex::encode(asset_generator(&tags[0], &[9; 32]).unwrap()),
        );
        let text = serde_json::to_string(&changed).unwrap();
        assert!(Document::parse(&text).unwrap().verify().is_err());
    }

    /// Without a seed the ring's inputs are drawn afresh each time; a seed given (to reproduce
    /// a proof) draws the same ring each time. A proof's ring is its bitmap (after the 2-byte
    /// input count).
    #[test]
    fn the_ring_is_drawn_from_a_fresh_secret_seed_unless_one_is_given() {
        let tags: Vec<[u8; 32]> = (1..=8u8).map(|k| [k; 32]).collect();
        let ring = |seed: Option<&[u8]>| {
            let proved = prove_surjection(&tags, &tags, &tags[5], &[9; 32], seed, 3, 100).unwrap();
            proved.proof[2..3].to_vec()
        };
        let fresh: std::collections::BTreeSet<Vec<u8>> = (0..10).map(|_| ring(None)).collect();
        // 21 rings hold the spent input: ten draws all alike happen with odds 21^-9.
        assert!(fresh.len() > 1, "ten proofs drew one ring: {fresh:?}");
        // A zero seed, given to reproduce: the same ring each time.
        let seeded: std::collections::BTreeSet<Vec<u8>> =
            (0..4).map(|_| ring(Some(&[0; 32]))).collect();
        assert_eq!(seeded.len(), 1);
    }

    #[test]
    fn bad_keys_and_shapes_are_named() {
        assert!(asset_generator(&[1; 31], &[1; 32])
            .unwrap_err()
            .contains("asset tag"));
        assert!(asset_generator(&[1; 32], &[0; 32])
            .unwrap_err()
            .contains("zero"));
        let tags = [[1u8; 32], [2; 32]];
        let err = prove_surjection(&tags, &[[1u8; 32]], &tags[0], &[9; 32], None, 1, 10);
        assert!(err.err().unwrap().contains("one each"));
        // An output asset no input has.
        assert!(prove_surjection(&tags, &tags, &[3; 32], &[9; 32], None, 2, 10).is_err());
    }
}
