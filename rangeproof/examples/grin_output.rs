//! A Grin output: verify the range proof of Grin's mainnet genesis coinbase output (its 33-byte
//! commitment and 675-byte proof, as the chain stores them), then make an output of our own and
//! rewind its proof with the nonce, as a Grin wallet restores its outputs from a seed.
//!
//! ```text
//! cargo run --release --example grin_output
//! ```

use rangeproof::secp256k1_zkp::bulletproofs::{self as grin, GrinStatement, GrinWitness};
use rangeproof::{Group, Secp256k1};
use serde_json::Value;

const VECTORS: &str = include_str!("../../vectors/grin-bp-secp256k1.json");

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // The genesis block's coinbase output (provenance in vectors/README.md).
    let file: Value = serde_json::from_str(VECTORS)?;
    let genesis = file["cases"]
        .as_array()
        .ok_or("no cases")?
        .iter()
        .find(|case| {
            case["provenance"]
                .as_str()
                .is_some_and(|p| p.contains("mainnet genesis"))
        })
        .ok_or("no mainnet genesis case")?;
    let commitment = hex::decode(genesis["commitments"][0].as_str().ok_or("no commitment")?)?;
    let commitment = <[u8; 33]>::try_from(commitment.as_slice())?;
    let proof = hex::decode(genesis["proof"].as_str().ok_or("no proof")?)?;
    // Grin's statement: 64 bits, 256 generators, H as the value generator, nothing else.
    let statement = GrinStatement::grin(vec![commitment]);
    grin::verify(&proof, &statement)?;
    println!("mainnet genesis output {}: valid", hex::encode(commitment));
    let mut tampered = proof.clone();
    tampered[100] ^= 1;
    if grin::verify(&tampered, &statement).is_ok() {
        return Err("a proof with a flipped bit verified".into());
    }
    println!("the same proof with one bit flipped: invalid");

    // An output of our own. The prover is deterministic, as libsecp256k1-zkp's: every secret
    // it draws derives from the rewind nonce, which a wallet derives from its seed.
    let mut rng = rand::rngs::OsRng;
    let blinding = Secp256k1::random_scalar(&mut rng);
    let nonce: [u8; 32] = rand::Rng::gen(&mut rng);
    let witness = GrinWitness {
        values: vec![42_000_000_000],
        blindings: vec![blinding],
        rewind_nonce: nonce,
        private_nonce: None,
        message: None,
    };
    let (statement, proof) = grin::prove(64, &witness)?;
    grin::verify(&proof, &statement)?;
    let rewound = grin::rewind(&proof, &statement, &nonce)?;
    println!(
        "our output {}: valid; rewound with its nonce: {} nanogrin, blinding {}",
        hex::encode(statement.commitments[0]),
        rewound.value,
        if rewound.blinding == Some(blinding) {
            "recovered"
        } else {
            "not recovered"
        }
    );
    if rewound.value != witness.values[0] || rewound.blinding != Some(blinding) {
        return Err("rewinding did not recover the opening".into());
    }
    Ok(())
}
