//! Fuzz target bodies for secp256k1-zkp's (Grin's) Bulletproofs, ours against the C library
//! itself (through `grin_secp256k1zkp`'s FFI, the wrapper `zkp` that the including crate
//! provides at its root: `rangeproof/tests/support/secp256k1zkp.rs`, with a non-aborting
//! illegal-argument callback).
//!
//! * `decode_grin`: any bytes, at every aggregated length: decoding never panics, and
//!   re-encoding is canonical: the bytes of a decoded proof decode to a proof with the same
//!   points and scalars and the same bytes (the input itself may differ from them only where
//!   the C verifier is lenient: padding sign bits, abscissas at or above p).
//! * `verify_grin`: on a fixed valid statement (Grin's mainnet genesis output, m = 1, and a
//!   two-value proof made by the C library), our verdict equals the C library's, for the input
//!   as a whole proof (first byte even) or as an XOR mask over the valid proof (first byte odd;
//!   the mask's length also cuts or extends the proof). The C verifier's leniencies (sign bits
//!   past the last point, abscissas at or above p) are ours too, so the verdicts must agree on
//!   every input.
//! * `decode_xonly`: the x-only decoders' square roots, sixteen at a time with AVX-512 IFMA and
//!   one at a time, on field elements from the input (32-byte records, the first byte's low bit
//!   choosing the abscissa itself or \\(x^3 + 7\\) of it, as the decoders lift it): our field
//!   accepts exactly the encodings below \\(p\\) that `k256` accepts, and both square-root paths
//!   agree with `k256`'s on which elements are squares and on the (residue) root.

use std::sync::Mutex;
use std::sync::OnceLock;

use rangeproof::secp256k1_zkp::bulletproofs::{
    self as grin, GrinRangeProof, GrinStatement, ValueGenerator,
};

use super::zkp::{CLib, CStatement};

struct GrinBase {
    generators_n: usize,
    proof: &'static str,
    commitments: &'static [&'static str],
}

const BASES: [GrinBase; 2] = [
    // Grin's mainnet genesis coinbase output (vectors/grin-bp-secp256k1.json, case 0).
    GrinBase {
        generators_n: 256,
        proof: concat!(
            "9330ad8cde205f317c6537eca96b866293a0489615a9a277b4d3a597c873544c82474932b641e06ac8719604",
            "ee52e895e8cd4621b6bfb85780cd9becce14d0700b83a664db2f52a26c425fd777ad88944cdfff38043a2793",
            "ed4d9aa67e36cbfd5585579fc69dda930418af5eaf603654f6f751258d2dfc8c2113c171e130f31ec1e6cce2",
            "a718e435298fce5d64ffe1bd3464fd7c87cfa92093855be034bfe4439e928bd92ad77fd0a0e00355ee1d1a9c",
            "eb1ed0c408dcfdba8c583e7598dc700aaa9f91432097259a405f5b7315a2f7658861e3349bb0dc8bf883726a",
            "215f0149ded6613e5ac0670c0c5202247d7c27c8a7d03bdb03c9cf5455463f9b42cf87403e31f8383cc4f49a",
            "34c62ae459f5801a9eed4f0ee3dfd5f55b7011c0cae393c474abd6f8c7965b9b5fff3104dd4e39542077c0c8",
            "dd2f8ffceb6bb598512d90506d0a7184f20f1498cf458787f23284b54888c9be416d103f760406357a16b6d8",
            "41a303d5c95b6b474d2d7f0fea0a2a76c897dd2110e9303f54684169421147684c6f1819c33cef3f38ec995a",
            "508450c02cd1872f8065fdee723109c18b1dd2ddde75825546ecf0df0793c353b20c946cd64122cea8c116f4",
            "32336899a16ad24a2aafcb8f900e09a1147135fcf2a54cbf81db308a47a08a49c77c130e5dc5e661cd55a5cc",
            "69e607055a5b08111bf61a62ea5778f85119043633f1cab8c756d756c5a34851024ac311a596b1cd919bbca4",
            "3226f0ba057f6b57de2f6955b0823c3826de7f6096c1c1b6b9b8e4063e1645c0bff32f80561aaa959d97120f",
            "bc2ecd9d2be28bd0c17811dc59a88049f6d8952ee9a0a0207693c89ca3ad1197e9bfdfc03be9d845aea8d663",
            "969217e3b494cee9e652bc9f8713e2fd5cb1843848f46c3a6ab024d0e3d57ca45454cdbda414adaa835fa147",
            "deb4ffb7129cf3a8d86726a0144794",
        ),
        commitments: &["08b7e57c448db5ef25aa119dde2312c64d7ff1b890c416c6dda5ec73cbfed2edea"],
    },
    // libsecp256k1-zkp, m = 2, 64 bits (case 3 of the vectors).
    GrinBase {
        generators_n: 256,
        proof: concat!(
            "e2f4d24115ef77ba19f0bebd6c73ef47cb752e597270533ed048d86e045892b634f7cd0d7616bfe0be7ef7c3",
            "d1f508a92d39549cbf5d042250e17dc93a32d5b40e088b546e3336776f2d9a539eaf1a02b9bc13e283b34729",
            "0eaa58616efa7e87fc3ee7f2b3600febb2a31288c5fe5da6bf465cb737303422a0e1e7f83e1a07653108911c",
            "a1f74dfacc7ccf70fa5af87d62689dead8c6f0e220fbd78fe60ba50845c6adb86161b3633bad0758e8cbc9f7",
            "5ae348744d6a407f1bfa655a2da6c53ec21ec2d7f32ad722935f31276d7473f96e70d74c9c09aa50f9641017",
            "75e00606a025a18620692958c517c2f415f5e58aa9c126d9086cd3c6cc7a69a351f70bd82f6346017a28d1a7",
            "3694c7307e9d8ea3b6224a5724f6b3e0ca9e3772fc4c7eaa925ae9c426eb371a7d9093c3aaa53599a21a0f26",
            "b4a94bd2464e014d6d6196648676a0d2edcdd4248f1ea0cd61e52d521deb183b75834e283d9e3fd6883c5f14",
            "a0d30fc9b0a2a2f47427562ab7bcd9dd9fc452d2fc2f94902a3d57d376aedffc8c09026e17be4bd9f10fb7fd",
            "d29553735b61e218a5a85099565d0ff37b549c9e3e6e002faee6b89d9d663af9862083919af8674fa9e5e9fe",
            "e331c848527b5d24d27020f5a13de54ae32ee10b1534f3bea02fe4c8a39eff60f19f0748aa9222aec516bc05",
            "937c841feb804771dd0036caae57c2a0027b2dbc21c3fee936d32fe73782e72b3f9fb758ed7358ba4f5bec01",
            "9f16beb190d4350105560201b0b73c44094180883753ae181c4af18db02f08a6166aa3aa3cfb7999f60cea68",
            "3e9f8ed0b148cf477c1f38f4cb31565186aa23583e0d3992d6eed75900c7aab17280694dc287d916eec54625",
            "d663717aa3f0bc0ad1fa23c45362d3e6059a288f0aaa4530fc35beb982c0a72d93f1461008df1c7110107356",
            "02f2d8917232a6eeb82dc06ad456080477e36df7d97f98147c2224c6366798e605a366002b6fb5a11fb69e9d",
            "cc76be869f6d6e557d3411e13d30ae54787ee0b402cdccde940998860ffc12d707978e",
        ),
        commitments: &["09b4a95b2a9b5e4c9212db40a48750d5637b52e47327bdd5e61a53ded18fad686c", "082c07e3c27e3f339a6903dc54e732930aff5904ab6ec25827dadf4b79fc2b57a6"],
    },
];

fn hex_bytes(h: &str) -> Vec<u8> {
    hex::decode(h).expect("valid hex constant")
}

fn statement(base: &GrinBase) -> GrinStatement {
    let commitments = base
        .commitments
        .iter()
        .map(|c| <[u8; 33]>::try_from(hex_bytes(c).as_slice()).expect("33 bytes"))
        .collect();
    GrinStatement {
        generators_n: base.generators_n,
        ..GrinStatement::grin(commitments)
    }
}

/// One C context per generator count, shared by the runs.
fn c_library() -> &'static Mutex<CLib> {
    static LIB: OnceLock<Mutex<CLib>> = OnceLock::new();
    LIB.get_or_init(|| Mutex::new(CLib::new(256)))
}

/// The x ‖ y form of H, as the C library takes generators.
fn h_xy() -> [u8; 64] {
    use k256::elliptic_curve::sec1::ToEncodedPoint;
    let e = ValueGenerator::h()
        .point()
        .to_affine()
        .to_encoded_point(false);
    let mut out = [0u8; 64];
    out[..32].copy_from_slice(e.x().expect("finite"));
    out[32..].copy_from_slice(e.y().expect("finite"));
    out
}

/// Decoding at every length: no panic; what decodes re-encodes to bytes that decode the same.
pub fn decode_grin(data: &[u8]) {
    if let Ok(proof) = GrinRangeProof::from_bytes_any(data) {
        let bytes = proof.to_bytes();
        assert_eq!(bytes.len(), data.len());
        let again = GrinRangeProof::from_bytes_any(&bytes).expect("re-encoding decodes");
        assert_eq!(again.to_bytes(), bytes);
        // Same group elements and scalars: only the lenient spellings were normalized.
        assert!(again.same_elements(&proof));
    }
    for log_nm in 1..15 {
        let _ = GrinRangeProof::from_bytes(data, 1 << log_nm);
    }
}

/// Our verdict equals libsecp256k1-zkp's.
pub fn verify_grin(data: &[u8]) {
    let Some((&mode, rest)) = data.split_first() else {
        return;
    };
    let base = &BASES[usize::from(mode >> 1) % BASES.len()];
    let valid = hex_bytes(base.proof);
    let proof: Vec<u8> = if mode & 1 == 0 {
        rest.to_vec()
    } else {
        // XOR mask over the valid proof; a longer mask extends it, a shorter one cuts it when
        // its first byte says so.
        let cut = rest.first().is_some_and(|b| b & 0x80 != 0);
        let len = if cut {
            rest.len().min(valid.len())
        } else {
            valid.len().max(rest.len())
        };
        (0..len)
            .map(|i| valid.get(i).copied().unwrap_or(0) ^ rest.get(i).copied().unwrap_or(0))
            .collect()
    };
    let st = statement(base);
    let ours = grin::verify(&proof, &st).is_ok();
    let theirs = {
        let mut c = c_library().lock().unwrap_or_else(|e| e.into_inner());
        let cs = CStatement {
            bits: st.bits,
            commitments: &st.commitments,
            value_gen: h_xy(),
            min_values: None,
            extra: None,
        };
        // The C verifier reads at most its maximum proof length; longer inputs are refused by
        // both without reaching it.
        proof.len() <= 1319 && c.verify(&proof, &cs)
    };
    assert_eq!(
        ours,
        theirs,
        "verdicts differ on a {}-byte proof",
        proof.len()
    );
    assert!(
        CLib::take_illegal().is_none(),
        "the C library saw an illegal argument"
    );
}

/// See the module notes (`decode_xonly`).
pub fn decode_xonly(data: &[u8]) {
    use rangeproof::group::secp256k1::field::FieldElement;
    use rangeproof::group::secp256k1::field_x8::sqrt_batch;

    let mut ours = Vec::new();
    let mut theirs = Vec::new();
    for record in data.chunks_exact(33).take(80) {
        let mut input = [0u8; 32];
        input.copy_from_slice(&record[1..]);
        let k: Option<k256::FieldElement> = k256::FieldElement::from_bytes(&input.into()).into();
        let x = FieldElement::from_bytes(&input);
        assert_eq!(x.is_some(), k.is_some(), "{input:02x?}");
        let (Some(x), Some(k)) = (x, k) else {
            continue;
        };
        assert_eq!(x.to_bytes(), input);
        // The decoders' input: the abscissa's x^3 + 7 (or the element itself).
        let k = if record[0] & 1 == 1 {
            (k.square() * k + k256::FieldElement::from_u64(7)).normalize()
        } else {
            k
        };
        let bytes: [u8; 32] = k.to_bytes().into();
        ours.push(FieldElement::from_bytes(&bytes).expect("below p"));
        theirs.push(k);
    }
    let vector = sqrt_batch(&ours, true);
    let serial = sqrt_batch(&ours, false);
    for ((k, v), s) in theirs.iter().zip(&vector).zip(&serial) {
        let root: Option<k256::FieldElement> = k.sqrt().into();
        let root: Option<[u8; 32]> = root.map(|r| r.normalize().to_bytes().into());
        assert_eq!(v.map(|r| r.to_bytes()), root, "{:02x?}", k.to_bytes());
        assert_eq!(s.map(|r| r.to_bytes()), root, "{:02x?}", k.to_bytes());
    }
}
