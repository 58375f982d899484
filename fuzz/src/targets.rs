//! Fuzz target bodies: every decoder, every verifier against its deployed peer, the batch
//! verifier. Plain functions over bytes, with no libFuzzer dependency: `fuzz_targets/*.rs` call
//! them under `cargo fuzz`, and `rangeproof/tests/fuzz_corpus.rs` includes this file (by
//! `#[path]`) to replay the committed corpus on the stable toolchain. It may only use crates
//! that both places have, under the same names: `rangeproof`, `bulletproofs`,
//! `tari_bulletproofs_plus`, `tari_merlin`, `monero_bulletproofs`, `monero_ed25519`,
//! `curve25519_dalek` (5), `curve25519_dalek_v4`, `merlin`, `rand_core`, `hex`.
//!
//! What each target asserts:
//!
//! * `decode_*`: our decoder accepts exactly what the peer's decoder accepts, except for what we
//!   check earlier than the peer (a point that does not decompress, more than 12 rounds; for
//!   Monero also zero or unequal L/R counts and bytes after the proof), each of which the peer's
//!   verifier rejects; and what we decode re-encodes to the same bytes, on both sides.
//! * `verify_*`: on a fixed valid statement, our verdict equals the peer's, for the input as a
//!   whole proof (first byte even) or as an XOR mask over a fixed valid proof (first byte odd),
//!   which reaches deep into verification. The one deliberate difference (Monero's reader
//!   ignores bytes after the proof; we reject them) is asserted as such.
//! * `decode_r1cs`: the R1CS proof decoder is canonical, and a mutated reference shuffle proof
//!   never verifies.
//! * `batch`: several proofs from the input, of all four conventions, in one batch per group:
//!   never a panic, and the batch blames exactly the proofs the single verifiers reject.

use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

use curve25519_dalek::ristretto::CompressedRistretto;
use curve25519_dalek::RistrettoPoint;
use merlin::Transcript;
use rand_core::OsRng;
use rangeproof::bulletproofs_plus::Statement;
use rangeproof::deployments::monero::transcript::MoneroTranscript;
use rangeproof::deployments::{dalek, monero, tari};
use rangeproof::{BatchVerifier, Ed25519, RangeProof, RangeProofPlus, Ristretto255};
use tari_bulletproofs_plus::generators::pedersen_gens::ExtensionDegree;
use tari_bulletproofs_plus::range_parameters::RangeParameters;
use tari_bulletproofs_plus::range_proof::{RangeProof as TariProof, VerifyAction};
use tari_bulletproofs_plus::range_statement::RangeStatement;
use tari_bulletproofs_plus::ristretto::create_pedersen_gens_with_extension_degree;

/// The transcript label of the dalek and Tari base proofs (Monero's transcript has none).
const LABEL: &[u8] = b"rangeproof fuzz";

// ---------------------------------------------------------------------------------------------
// Fixed valid statements and proofs
// ---------------------------------------------------------------------------------------------

/// A valid proof and its statement, stored as bytes so every run mutates the same proof (made
/// once by our prover or the peer's; see each constant).
struct Base {
    /// Bit size.
    n: usize,
    /// Extension degree (Tari), 1 otherwise.
    d: usize,
    /// Minimum-value promises (Tari), one per commitment.
    minimums: Option<&'static [u64]>,
    proof: &'static str,
    commitments: &'static [&'static str],
}

/// dalek Bulletproofs (label `rangeproof fuzz`).
const DALEK: [Base; 2] = [
    // Ours: n = 8, v = [200]: 480 bytes.
    Base {
        n: 8,
        d: 1,
        minimums: None,
        proof: concat!(
            "42fc50e57b0c6dbd0e2aab433755a59a27268286979399ab99f53d9541286064124cbad52c2f81021df6b8a3",
            "0c6c7d4aa6d205d65e72515ca429ef68943bec5d1a505defb5d464a76d167a25132c156c2f0791727bbe7ad6",
            "9c8f5d4169e20e0f7e300985c1f9ed961ece44e17dec8f13c5a57cbe04c5da37d59ab15b2d03b235b158317e",
            "9359de673ee5227d233144dd99bf0919c18305266962057174c3610a2bcf7c88bb55d31f261250c234d6a609",
            "093f18a90f9c8b3916c9e0d1ad8c160b87b09c48a3c729ca6008160e7618980564f1f4c5d2793f782358d9da",
            "5e2f62070a1c80dae632e5cfa323a36b13880314b18043ff16f64d816dfa1645715c522bf823dfd4532d122a",
            "2d7c12ae8f100f68cd658463dac868189ae7c07d2fb8d452b44f67c882f0106f366a9219a9be094b379e6970",
            "a81e869f2ba8e73815a1c95b4676b699be227b7ed8254f1959e9ccb4a84c2c00897ea4ed902b9f909b206072",
            "0e3c6f14b99452832a06dc4195a95a7c1461a46d4bdc8bd9ae0ca110739e2c6ab2617b43eaa4fd1a5b6fe7f1",
            "c214e86bbf802e0054f26635cd63a41f23bf7e170666e666203ef5192f844b7a86abe598cbc0de0040667308",
            "e2cc9ee140f25d093aa6581c64a27dc45962c08721e28f9de40a0e11eec0af2250a60173592aa904",
        ),
        commitments: &[
            "26de85f6f05261f859c2bff5f3aede634d64663857ade31e66973b71d0713135",
        ],
    },
    // The reference's: n = 8, v = [0, 255]: 544 bytes.
    Base {
        n: 8,
        d: 1,
        minimums: None,
        proof: concat!(
            "5677344e52aedb7ad1928b890d6d3f5921225f97ef9938dcebcd37717e9bf537ce9b2e48508395347c3af452",
            "501c2f91e6761d712cb5adee5adc982084962f5316551b05f9ec58f76dffeea48e3ef707a111cefc41652ff6",
            "ca30530b33a1132e0623a774caf38f7f71585c9ba43f82da168c57355116a94bf13f069082902506354cf63f",
            "3a59ccc786d504774014acd63fbdecf1dd79cdefed9995d3e45e29041e29a5714ceb9f10be25807e9dbdd3a9",
            "809c4fe64d1e43efe1f7de31d3b9300eae4667ee8fd01c989120dc9d3ed8f39bcd6b832c84cfda0a19fe9c2c",
            "217ea20d2200743797623f2beeac311642c00d1eb99fb13946c270ae329dad4de339c36d88bb33c43a4fea2b",
            "c3e800d8b590ea6d302874da0613c53038613f734043145c0a3b9ade60f8b1dc35b069b4605e51f8084d0a5c",
            "b023e783a4f1acdf1d6c093e94c9cf6395456f0ccabab9ef83202e2acc28c0dd9d7899d4415ba682d7306659",
            "e0ee8884144cd559c16b2f9c34f68e8bad2a2959f1e25e07968afe4958a3ce481eaa2ce05277716df2802ea6",
            "5138aeb3cae227d963ceb87004f00b9177c540468a1bde08a161b369353570c4606a51faa43ad00436e5b9e2",
            "b5b725c8d180693c4ce0928940ab4054aafa94b0ac1f73fa441544010893d5816a173772e43ff10a5392bb6d",
            "3d3e55a4711c8798a0531a5d0d98ec5fa74b7142b51bcba05d656b0905e12769050b3669bd3b22635939748b",
            "77332c1dcffddb14597c9be92fc9900c",
        ),
        commitments: &[
            "5ae9621ab0e4b05c5a6e233ff7f45bb93fe921eebee60bf956015090b993fd77",
            "b4f8f7934c754e2615c0c61c1b4457a9bea46b9ed9539f2e14c66f1b78ffd538",
        ],
    },
];

/// Tari Bulletproofs+ (label `rangeproof fuzz`).
const TARI: [Base; 2] = [
    // Ours: n = 8, d = 2, v = [3, 255], minimums [3, 0]: 481 bytes.
    Base {
        n: 8,
        d: 2,
        minimums: Some(&[3, 0]),
        proof: concat!(
            "0295beb7a0f07b124de24294221561fbc1b86253d2a22f01e9575387b50921480b2c02c521d3dc9d645d5507",
            "343b4bf86ed248fa9f0fcfecc999df238120dab50b9e0033f94953a2fb3ce631e872cab4dd8426a14c089db7",
            "a2d66c20d26ce02e7a70db0b2da3087e7eeaa67bb045c5e6b8f25238b2a3f6791e87bc70a31f60733b86fa71",
            "09613bf15544e4c8517ac4dc0490d6b5b4b59da8de6f578a42cc15f8300f3f7e8b137750537fd305e7a4b291",
            "fc74031f865adb7b05591207cdd41e24063f7bd2d2090644c9f4cfe4f9e03d59d7f32e1f059024f9e75e995f",
            "cc60fcd406b27a5f9a54c84d03b7d9d411be71bfc0a91ede56d3040c812a5cbe27c69abf7ccca9dd012c1bfe",
            "4c3d2f8f95cb01077364e1608bc36f9560e73c7ce38a69bc62dae0aaf0411ac9f8a497a43d8c62503cfd1a6c",
            "ec33b6cd7cba36ffbed406be0eba7c6066cbf192791f23cf00e98452dc734aff8d30e4750a9bb1b223e71116",
            "7324b5575a559875b80a41912f56369adaceb6456ad49dca621fd7b4f62f008a0052ff26d11a880469f8d9a9",
            "f37a39823a5acf63891d378cfe294c766e0763a7449cbe2654b9932b8ef131d8a3bae1def8451efef97fd568",
            "5042a7c9d06cbb6c3b5445f27476bc26fa0a000086efb71359a5155397690d08bf17a0266ea7b93e19",
        ),
        commitments: &[
            "f8789170c67074d026dc4c7720db4346a4756370afa926ea81674fb4fe35ca33",
            "b67c0de1848081d5c20dd9baec7af8bdfd85a603cb0baaa90478eaa15209bd3d",
        ],
    },
    // Tari's: n = 8, d = 1, v = [77]: 385 bytes.
    Base {
        n: 8,
        d: 1,
        minimums: None,
        proof: concat!(
            "0142e3a52d92b5c2a9dad0081119772bd1249554a1f0f1fc90156bca76b612b308d44e883d243483a7742e13",
            "e7483fa00a80461b6547e84feee9f5491b8f292e20a2500e1391421b498b80ea804af62140dd336167f8bffc",
            "e85bd91b03c4d9e321f6108bc84051ca87e44d463c3d479a6447d73d221b8e5bea38e81fc3ef125017f74068",
            "99f037e7cd4c297aa852bab1a99182fcba51c2050ecec60ad30423c100220731dbb6736bd68df87b4b6e1de7",
            "a08a6e51f1e3ebebfce8b522ac3a093c0356595581ce869afad1ba9ed9b2a2c06de355f9a0418e4d7c6596ad",
            "3a222f017aec5296f05a30d3a0b4a12347f22f9c6ee60753eae7000a261bdb8e44f0c8bb232c0e9dc997b53e",
            "c77f5cbf6c3d525595b53b459b393822b5ffe38107a8b24f6bbe02ce84ba8aa56f60d887451072b29330a0e7",
            "23c2bf71dd0ad446282c9b60588641683a02fd9a329f1c44c8fb1b20f53a4517dba3b725fa1b323e13368c90",
            "771a85c544e6cad6b39a357a811e1da7e2a244aec78ea2f1bc9a982b196f86bf4c",
        ),
        commitments: &[
            "98c695f4eb8fca247477bcb8fa0bc85fd797832b8f14c4d2c4dee84f798fd04d",
        ],
    },
];

/// Monero original Bulletproofs (commitments are the on-chain C = 8 V).
const MONERO_BP: [Base; 2] = [
    // Ours: v = [0]: 674 bytes.
    Base {
        n: 64,
        d: 1,
        minimums: None,
        proof: concat!(
            "f11d2a969cc078f9eb3b755dc61003cd7ad10fe4081708ea4bada29b26df1ffdcdb8144bab3787586d1b7d8e",
            "c3597fefdc8419ff8cec1b6f176c6e08639976d1ca12c719348c7a57df3523804a75e01e790970287a73d08c",
            "bcc5eb55200098926d11416b2cb3c8445e660ca8da728c73456f454a5931d7e81d858a0cd64e2e5aca98ecf8",
            "5798e3125d37b8995722c10e5315cff6e4dad7adf0db0a18f7e6ef0dadd6dbc64d7b2eb832b00c3e489d9b4c",
            "648381b443fe3c7a56f34e69a198430106b0c755f96d60bcdb946ead8adf0af44c31d0acc7fcd18d3b9ebb37",
            "f88995e4178ba09c1974482b9b171401dc1f8e463227a70cda3414bdaeffe60af70801212fcdfee07c5bb73f",
            "53cd5de06ea8071460e982dc01b7ba7279087e56cabc346c287ecbca393bfd183ce773b6eb126a15c34c51f3",
            "65ced43abc28beae1b78881d0ee45afed4712ab9bc21495c4a5e35995bd2d213aef46366d0e92d8fe99e9486",
            "300f5ad856d2456f4c491e3a98b8a32b99c1323ebd04ef0bf457378e6d56cbe9e206a495b8b35597fc14a37d",
            "94eebfe04db9c42b8562ccd77838757ecc042f61d3225c0b7c63a1de282ed0e286956732a5b5aa5697955b8a",
            "e6abd2e7d4b070388e156cc25b3f6dd69a27c5469dfd67419b18cfc778fbde8ce5672108254706d76c4ec9b6",
            "9f56baebf70f994ac671661baba54c36c3eb2cbf4b4603d45a248b425d38d0ade23e541fce99adfd36fd573a",
            "bb27a5212a1b5afc18c56c173917e19dcc48eecc76afa7e440c0d1fb33352b926c1daea25a78fb6236af6071",
            "50481146875c2c5228cd6f9bd97b5949d11209238863840a8fc6ff019add110a8cc1a1a45b02178c31f0d446",
            "c44474338a959496852d455d2e1028f5ca3bd59859790de93703a6d03a0f78430f2d358d91b4b2d87173f103",
            "e989b89b9bd132d8ce4d3ef4c008",
        ),
        commitments: &[
            "deea426b998cc9a6e0afcf59fffb0f5404e7e0360a31d49da19cb66bfc8b1b63",
        ],
    },
    // monero-oxide's: v = [12345, 0]: 738 bytes.
    Base {
        n: 64,
        d: 1,
        minimums: None,
        proof: concat!(
            "0723f6b02c643d4c201d5f70559aeae6144e509065fd8855b8f0feb04583c192b860b2f77341367e2e2067d5",
            "c7551de3f332ca67706027aaa7637ac10def87473009ff7599aa7397becc18f7c50251a93b6afbb7c02d2c7f",
            "a4dcdb95e954e6b915f2bea6d046c49c6d54ec12b89d3906b64229724f45f96306f25c73b8ad95f82cfbe0b7",
            "a276c5c44fab891d3e7f3a4993a3edeb28067e003c1835cf5f3ff50639364796733932b9867f04b234745647",
            "0ac262b415661d970d724ed5c50240010727ba1b53b2f89d02eed3517bc5b2a5be1903f43d1471a03a520022",
            "5dc9d5954a72121dbd6844446fce8b6d6c958deba0ffa35c03ff2f7b5241e8e6968a07f3f95ea915dbfc91d4",
            "d0ed38265772991d591f513378601443e5e7473c7da2e756a5408f2a463560186f1f2eecd1d91202ae17995c",
            "9677042aeabfbde70af2e83c59f5cceb0964f95739e388c0a271c0874bac8fdafff437178af898fe48db62d8",
            "200d8e2fef36363a7e08800b98c4204564a8072ad180d48d0259e9839d3e386e38e95a78541a8d8d150c3f39",
            "81b8f21d3b83a74679fe12f5bfe0c1acf8410248bb075e36b4e1db9133cb7f6ab6b1f8bf39cc93de81f7a927",
            "3df30b15997d81d0e29b10c0b2096f964e7100b5ce34fa3cf31fda6d8e71692472d04abe3d4c44d8259af765",
            "a2e198e2df1aa706be2b8fd0a55f37363fe77b74b14221c3ff35331750409777d24a50109335ab5293ae4d04",
            "adfd124af218451f3e76eb09f5ef061b48183c83d3fb247b6e67e6683fe235cb359b01666accbb955f690103",
            "ecd79bc2ad600402d79c61d24e7195686b4f329f7f449f9b1dea675c62c4457830fc28a6554bf7a1ecc1e13c",
            "96c565913bc70631f2426e1fb20105201def0c0c1c04b92b317ce193d8b3183adaa24a371c397897254a6114",
            "dbcc7003585172176e00a39b5d0d4f525292ab880d3298dd7901bfd955ee202ec906069c81a0a11387457497",
            "4f0f1d6ec81e9937fd248eed9c3bae05e9e27e5a09d9f759086af66d493fd8f97e05",
        ),
        commitments: &[
            "fc9c5ccc39d9809402f84115901fb1d3e132a722a121687d08f485ed9a845b32",
            "d58b15cd173182871cfc66db2667d349e66ec7d19a92c087f0aa5a4cb79c26ea",
        ],
    },
];

/// Monero Bulletproofs+ (commitments are the on-chain C = 8 V).
const MONERO_BPP: [Base; 2] = [
    // Ours: v = [2^64 - 1]: 578 bytes.
    Base {
        n: 64,
        d: 1,
        minimums: None,
        proof: concat!(
            "c8e8f2875346558f78a4e71f27f3df018c36278687d752fc6ad01152e4b47db492c176224cfdb4a0b8e28003",
            "f4dbb51dceca58541621c5a598be14ce49e773cccfcc1f9bbb7364a441394fc5c60d24a5d210c5702b239955",
            "276c869fda943ee2f5ad63de5421757763c51534cedb48813f0a100e757ae858b0057bad846a250b208e77aa",
            "3401611708506a1c6adac737b097857e4182f00f8d60f3559ce5f400520e28efb3e727f993ced805b5b7d761",
            "87ec3cf6a99d32b9cc594c04b81d8e0a0626ea80cb3d153070f739c831ae7cf0b1887779ecab5d2f5a0dbba4",
            "c6cc2aab5c55d893c482638e3a7e383d3bc156bfc873b8f55e685cb51aa954c093f19aaf3bb30df53079db53",
            "6ef0b67dbd364a30aacfd2d48050aced440cef73d03c7671037cec2b9e061a49f8671def6a30a92a2ab99b0c",
            "cb08fd43fe8b119ea33f08d3481aabf65b38d9dc09c54668e9dae2fa5f53c873180af3e643cc96676e236543",
            "5e055a2443d6a77bf75bcfa5922ea6ddf46af1bd5599838e5363b388c4d8724e6d0672181f4e54228b545bb3",
            "867ec0a6fba7c742ae8f9ac36ab07fe25f4dabe52d1cb6b68178ade7aa456990cd42a69ef3fe8da67d04a96d",
            "fc75068879c8ada3b7822543a2fefa1f8dece3b4aaed6381469c6ec3a584ef000a564f9dc4ad926ad1bb3641",
            "98f3c5d8ae5dac2342975c281dc1fbefaf9550e284f598835c2e63714464e097c5252ac16781145fa185bba9",
            "b3dbbe4055f474a23d9c068843de997c2c82ec7990c7eba1ceb933b27b6a3c61fac6f00d9564545c21347156",
            "816f377b571d",
        ),
        commitments: &[
            "46537d05a7e20446e3d1bbaf4dfaa5bea3818df7e5eca2eed1aeed5d35b0922b",
        ],
    },
    // monero-oxide's: v = [12345, 0]: 642 bytes.
    Base {
        n: 64,
        d: 1,
        minimums: None,
        proof: concat!(
            "f8832ebbd338e7ff1301a9034105bfb5e04f59f485ff6f6adbd4ed19e5754b2b00a05828ec048c9291be9b3f",
            "be39a00ef4f1530ebd64cf4e7dc59edb96c551fdd502e062174e8d8fa963a03a3f8d6020c394d7630cb97082",
            "26b8034d3528ba6a4a108e6823418a9e0ad48ec8bd8697f5b8447a2d5bc89bf229a72a2222c1a404764a338a",
            "c83ce389a56351b1cc26c5a337e937619c304c72f985805e5960df05eab1ab4cb95552f3c6677a2ac0f3d7f6",
            "a30cb814b7ca956451703909fb74c00607a75cf242954ef5ca2e15ffafa4ff5a571b9e7463cf6f5509b84be1",
            "5339d7918a790da1c9ba6df11f2a16cae214c4dc20d8b96ff5eee2f31460aebfe088ad53f145b14e9ac48723",
            "feaff778315b8daa9551677b248b3aa5fb056065b6906bff6d6dc793fea8516cf21a451eac698e53afc20624",
            "f65286cc96a0e63c50308b68439050353cd3490c8e88e2248e1d440bb65f505232d2cc75afb2f83bcb4cd435",
            "e88cac6cb64ac5cad387612456378d2a962c7bb363393d863b690b0ab79f1a4bb6cc3cf55d6c8ffa86ff0859",
            "5127faa3c8024e8b7db684dc6def759a00c878dc06074927e071ca57092168a209cd1664b90eb3d77157524f",
            "517965a07ead1c88b310844fb08bff768cda6e5822ed37af2b6f3061c32696942771829df86e65dfa4126fc4",
            "58cfbe52d46111da81a095171e0aa854b7583b59cef2ed3d39b603c060f5cee373339ce8234e442d2f69f8f4",
            "66ee94826112923848e3de41a8b99020f2992c748241c8f7c159745802bce6daab2ba2b2d2a1628b436c88ba",
            "174663963ba0f572bbbf5a184e7d3d61059f74d4c0ac23ef49d9e72b589a56001aeb60495dc24040d3ab01c8",
            "9c52a4dda1abd1d2614eeeb2e3308b6a4d2a8d6ec1e12a882a00",
        ),
        commitments: &[
            "b228fb604296311f224fc77c15150a35127d1a76ee8e4f7d4a0dafb160b893b1",
            "8ea2000d5001bcbb6b804c9f13a22dbe6554145488c1362bc9330bb5c4557179",
        ],
    },
];

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Convention {
    Dalek,
    Tari,
    MoneroOriginal,
    MoneroPlus,
}

impl Convention {
    const ALL: [Convention; 4] = [
        Convention::Dalek,
        Convention::Tari,
        Convention::MoneroOriginal,
        Convention::MoneroPlus,
    ];

    fn bases(self) -> &'static [Base] {
        match self {
            Convention::Dalek => &DALEK,
            Convention::Tari => &TARI,
            Convention::MoneroOriginal => &MONERO_BP,
            Convention::MoneroPlus => &MONERO_BPP,
        }
    }
}

/// A statement and proof under test.
#[derive(Clone, Debug)]
struct Case {
    convention: Convention,
    n: usize,
    d: usize,
    with_minimums: bool,
    proof: Vec<u8>,
    commitments: Vec<[u8; 32]>,
    /// One per commitment (zeros without minimum values); moves with its commitment.
    minimums: Vec<u64>,
}

fn hex32(h: &str) -> [u8; 32] {
    hex::decode(h).expect("hex").try_into().expect("32 bytes")
}

impl Case {
    fn base(convention: Convention, index: usize) -> Case {
        let bases = convention.bases();
        let base = &bases[index % bases.len()];
        let commitments: Vec<[u8; 32]> = base.commitments.iter().map(|h| hex32(h)).collect();
        Case {
            convention,
            n: base.n,
            d: base.d,
            with_minimums: base.minimums.is_some(),
            proof: hex::decode(base.proof).expect("hex"),
            minimums: base
                .minimums
                .map_or(vec![0; commitments.len()], <[u64]>::to_vec),
            commitments,
        }
    }

    /// The case an input describes. `mode` bit 0: 0 = `rest` is the whole proof (for the base's
    /// commitments), 1 = `rest` is `control ‖ mask`; bits 1..: which base proof.
    ///
    /// With a mask, the mask is XORed into the base proof; mask bytes past the proof are XORed
    /// into the commitments (control bit 3) or appended, and the proof is cut to the mask's
    /// length if that is shorter (control bit 2). Control bits 0-1: the commitments are kept,
    /// the first and last swapped, the last dropped, or the first duplicated.
    fn from_input(convention: Convention, mode: u8, rest: &[u8]) -> Case {
        let mut case = Case::base(convention, (mode >> 1) as usize);
        if mode & 1 == 0 {
            case.proof = rest.to_vec();
            return case;
        }
        let (&control, mask) = rest.split_first().unwrap_or((&0, &[]));
        let len = case.proof.len();
        for (b, m) in case.proof.iter_mut().zip(mask) {
            *b ^= m;
        }
        if control & 4 != 0 && mask.len() < len {
            case.proof.truncate(mask.len());
        }
        let mut excess = mask.get(len..).unwrap_or(&[]);
        if control & 8 != 0 {
            for c in case.commitments.iter_mut() {
                for (b, m) in c.iter_mut().zip(excess) {
                    *b ^= m;
                }
                excess = excess.get(32..).unwrap_or(&[]);
            }
        }
        case.proof.extend_from_slice(excess);
        let m = case.commitments.len();
        match control & 3 {
            0 => {}
            1 => {
                case.commitments.swap(0, m - 1);
                case.minimums.swap(0, m - 1);
            }
            2 => {
                case.commitments.pop();
                case.minimums.pop();
            }
            _ => {
                case.commitments.insert(1, case.commitments[0]);
                case.minimums.insert(1, case.minimums[0]);
            }
        }
        case
    }

    fn statement(&self) -> Statement<'_> {
        Statement {
            bits: self.n,
            extension_degree: self.d,
            minimum_values: self.with_minimums.then_some(&self.minimums[..]),
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Our verdicts and the peers'
// ---------------------------------------------------------------------------------------------

/// A decoded proof of ours, of either scheme and group.
enum Ours {
    Dalek(RangeProof<Ristretto255>),
    Tari(RangeProofPlus<Ristretto255>),
    MoneroOriginal(RangeProof<Ed25519>),
    MoneroPlus(RangeProofPlus<Ed25519>),
}

const MONERO_STATEMENT: Statement<'static> = Statement {
    bits: 64,
    extension_degree: 1,
    minimum_values: None,
};

fn decode_ours(case: &Case) -> Option<Ours> {
    let bytes = &case.proof;
    match case.convention {
        Convention::Dalek => RangeProof::from_bytes(bytes).ok().map(Ours::Dalek),
        Convention::Tari => RangeProofPlus::from_bytes(bytes).ok().map(Ours::Tari),
        Convention::MoneroOriginal => RangeProof::from_monero_bytes(bytes)
            .ok()
            .map(Ours::MoneroOriginal),
        Convention::MoneroPlus => RangeProofPlus::from_monero_bytes(bytes)
            .ok()
            .map(Ours::MoneroPlus),
    }
}

fn verify_ours(case: &Case, proof: &Ours) -> bool {
    let c = &case.commitments;
    match proof {
        Ours::Dalek(p) => p
            .verify_multiple(
                dalek::generators(),
                &mut Transcript::new(LABEL),
                c,
                case.n,
                &mut OsRng,
            )
            .is_ok(),
        Ours::Tari(p) => p
            .verify(
                tari::generators(),
                &mut Transcript::new(LABEL),
                &case.statement(),
                c,
                &mut OsRng,
            )
            .is_ok(),
        Ours::MoneroOriginal(p) => p
            .verify_multiple(
                monero::bulletproofs_generators(),
                &mut MoneroTranscript::bulletproofs(),
                c,
                64,
                &mut OsRng,
            )
            .is_ok(),
        Ours::MoneroPlus(p) => p
            .verify(
                monero::bulletproofs_plus_generators(),
                &mut MoneroTranscript::bulletproofs_plus(),
                &MONERO_STATEMENT,
                c,
                &mut OsRng,
            )
            .is_ok(),
    }
}

fn ours(case: &Case) -> bool {
    decode_ours(case).is_some_and(|p| verify_ours(case, &p))
}

fn reference_gens() -> &'static (bulletproofs::BulletproofGens, bulletproofs::PedersenGens) {
    static GENS: OnceLock<(bulletproofs::BulletproofGens, bulletproofs::PedersenGens)> =
        OnceLock::new();
    GENS.get_or_init(|| {
        (
            bulletproofs::BulletproofGens::new(64, 16),
            bulletproofs::PedersenGens::default(),
        )
    })
}

/// Tari's parameters for (n, m, d), built once each (they hold generator tables).
fn tari_params(n: usize, m: usize, d: usize) -> Option<RangeParameters<RistrettoPoint>> {
    type Cache = Mutex<HashMap<(usize, usize, usize), RangeParameters<RistrettoPoint>>>;
    static PARAMS: OnceLock<Cache> = OnceLock::new();
    let mut cache = PARAMS.get_or_init(Default::default).lock().ok()?;
    if let Some(p) = cache.get(&(n, m, d)) {
        return Some(p.clone());
    }
    let degree = ExtensionDegree::try_from(d).ok()?;
    let params =
        RangeParameters::init(n, m, create_pedersen_gens_with_extension_degree(degree)).ok()?;
    cache.insert((n, m, d), params.clone());
    Some(params)
}

/// The peer's verdict, and how many bytes its reader left unread (Monero: it reads a stream).
fn peer(case: &Case) -> (bool, usize) {
    match case.convention {
        Convention::Dalek => {
            let (bp_gens, pc_gens) = reference_gens();
            let Ok(proof) = bulletproofs::RangeProof::from_bytes(&case.proof) else {
                return (false, 0);
            };
            let commitments: Vec<curve25519_dalek_v4::ristretto::CompressedRistretto> = case
                .commitments
                .iter()
                .map(|c| curve25519_dalek_v4::ristretto::CompressedRistretto(*c))
                .collect();
            let verdict = proof.verify_multiple(
                bp_gens,
                pc_gens,
                &mut Transcript::new(LABEL),
                &commitments,
                case.n,
            );
            (verdict.is_ok(), 0)
        }
        Convention::Tari => {
            let Ok(proof) = TariProof::<RistrettoPoint>::from_bytes(&case.proof) else {
                return (false, 0);
            };
            // Tari's statements hold points: an undecodable commitment is refused before.
            let Some(points) = case
                .commitments
                .iter()
                .map(|c| CompressedRistretto(*c).decompress())
                .collect::<Option<Vec<RistrettoPoint>>>()
            else {
                return (false, 0);
            };
            let promises = case
                .minimums
                .iter()
                .map(|m| case.with_minimums.then_some(*m))
                .collect();
            let m = points.len().max(1).next_power_of_two();
            let Some(params) = tari_params(case.n, m, case.d) else {
                return (false, 0);
            };
            let Ok(statement) = RangeStatement::init(params, points, promises, None) else {
                return (false, 0);
            };
            let verdict = TariProof::verify_batch(
                &mut [tari_merlin::Transcript::new(LABEL)],
                &[statement],
                &[proof],
                VerifyAction::VerifyOnly,
            );
            (verdict.is_ok(), 0)
        }
        Convention::MoneroOriginal | Convention::MoneroPlus => {
            let mut reader = &case.proof[..];
            let read = if case.convention == Convention::MoneroPlus {
                monero_bulletproofs::Bulletproof::read_plus(&mut reader)
            } else {
                monero_bulletproofs::Bulletproof::read(&mut reader)
            };
            let Ok(proof) = read else {
                return (false, 0);
            };
            let unread = reader.len();
            let commitments: Vec<monero_ed25519::CompressedPoint> = case
                .commitments
                .iter()
                .map(|c| monero_ed25519::CompressedPoint::from(*c))
                .collect();
            (proof.verify(&mut OsRng, &commitments), unread)
        }
    }
}

/// Our verdict equals the peer's.
///
/// DELIBERATE DIFFERENCE (Monero, trailing bytes): monero-oxide's `read` / `read_plus` read one
/// proof from a stream and leave what follows unread; `from_monero_bytes` takes exactly one
/// proof's bytes and rejects anything after it. When the peer left bytes unread, we must reject
/// the input, and decide the prefix the peer read as the peer did.
fn agree(case: &Case) {
    let verdict = ours(case);
    let (theirs, unread) = peer(case);
    if unread > 0 {
        assert!(
            !verdict,
            "{:?}: we accept {unread} trailing bytes",
            case.convention
        );
        let mut prefix = case.clone();
        prefix.proof.truncate(case.proof.len() - unread);
        assert_eq!(
            ours(&prefix),
            theirs,
            "{:?}: ours vs the peer on the bytes the peer read",
            case.convention
        );
    } else {
        assert_eq!(verdict, theirs, "{:?}: ours vs the peer", case.convention);
    }
}

// ---------------------------------------------------------------------------------------------
// Decoders
// ---------------------------------------------------------------------------------------------

fn ristretto_decompresses(bytes: &[u8]) -> bool {
    let bytes: [u8; 32] = bytes.try_into().expect("32 bytes");
    CompressedRistretto(bytes).decompress().is_some()
}

/// `RangeProof::<Ristretto255>::from_bytes` against `bulletproofs::RangeProof::from_bytes`.
pub fn decode_dalek(data: &[u8]) {
    let ours = RangeProof::<Ristretto255>::from_bytes(data);
    let theirs = bulletproofs::RangeProof::from_bytes(data);
    if let Ok(p) = &ours {
        assert_eq!(p.to_bytes(), data, "we re-encode what we decode");
    }
    let Ok(t) = &theirs else {
        assert!(ours.is_err(), "we decode what the reference refuses");
        return;
    };
    assert_eq!(
        t.to_bytes(),
        data,
        "the reference re-encodes what it decodes"
    );
    // The reference decodes points lazily, at verification; we at decoding. We also cap the
    // rounds at 12 (64 bits × 64 values), where its verifier needs more generators than exist.
    let words = data.len() / 32;
    let rounds = (words - 9) / 2;
    let points = [0, 1, 2, 3].into_iter().chain(7..7 + 2 * rounds);
    let points_ok = points
        .map(|w| &data[32 * w..32 * w + 32])
        .all(ristretto_decompresses);
    assert_eq!(
        ours.is_ok(),
        points_ok && rounds <= 12,
        "ours {ours:?} with points_ok = {points_ok}, {rounds} rounds"
    );
}

/// `RangeProofPlus::<Ristretto255>::from_bytes` against Tari's `RangeProof::from_bytes`.
pub fn decode_tari(data: &[u8]) {
    let ours = RangeProofPlus::<Ristretto255>::from_bytes(data);
    let theirs = TariProof::<RistrettoPoint>::from_bytes(data);
    if let Ok(p) = &ours {
        assert_eq!(p.to_bytes(), data, "we re-encode what we decode");
    }
    let Ok(t) = &theirs else {
        assert!(ours.is_err(), "we decode what Tari refuses");
        return;
    };
    assert_eq!(t.to_bytes(), data, "Tari re-encodes what it decodes");
    let d = data[0] as usize;
    let word = |i: usize| &data[1 + 32 * i..1 + 32 * i + 32];
    let rounds = ((data.len() - 1) / 32 - d - 5) / 2;
    let points = [d, d + 1, d + 2]
        .into_iter()
        .chain(d + 5..d + 5 + 2 * rounds);
    let points_ok = points.map(word).all(ristretto_decompresses);
    assert_eq!(
        ours.is_ok(),
        points_ok && rounds <= 12,
        "ours {ours:?} with points_ok = {points_ok}, {rounds} rounds"
    );
}

/// `from_monero_bytes` against monero-oxide's `Bulletproof::read` / `read_plus`.
fn decode_monero(plus: bool, data: &[u8]) {
    let ours = if plus {
        RangeProofPlus::<Ed25519>::from_monero_bytes(data).map(|p| p.to_monero_bytes())
    } else {
        RangeProof::<Ed25519>::from_monero_bytes(data).map(|p| p.to_monero_bytes())
    };
    if let Ok(bytes) = &ours {
        assert_eq!(bytes.as_deref(), Ok(data), "we re-encode what we decode");
    }
    let mut reader = data;
    let theirs = if plus {
        monero_bulletproofs::Bulletproof::read_plus(&mut reader)
    } else {
        monero_bulletproofs::Bulletproof::read(&mut reader)
    };
    let unread = reader.len();
    let Ok(t) = &theirs else {
        assert!(ours.is_err(), "we decode what monero-oxide refuses");
        return;
    };
    let consumed = &data[..data.len() - unread];
    assert_eq!(
        t.serialize(),
        consumed,
        "monero-oxide re-encodes what it reads"
    );
    // Both layouts: six 32-byte fields (BP+: 3 points; BP: 4 points), then the L count (one
    // byte: monero-oxide refuses non-canonical varints and counts above 10), the L's, the R
    // count, the R's (BP: then 3 scalars).
    let fixed_points = if plus { 3 } else { 4 };
    let l_count = consumed[192] as usize;
    let r_count = consumed[193 + 32 * l_count] as usize;
    let l_points = (0..l_count).map(|j| 193 + 32 * j);
    let r_points = (0..r_count).map(|j| 194 + 32 * (l_count + j));
    let points_ok = (0..fixed_points)
        .map(|i| 32 * i)
        .chain(l_points)
        .chain(r_points)
        .all(|at| {
            let bytes: [u8; 32] = consumed[at..at + 32].try_into().expect("32 bytes");
            monero_ed25519::CompressedPoint::from(bytes)
                .decompress()
                .is_some()
        });
    // What we refuse at decoding and monero-oxide only at verification: a point that does not
    // decompress, zero or unequal L/R counts. And (DELIBERATE DIFFERENCE) bytes after the proof.
    assert_eq!(
        ours.is_ok(),
        points_ok && l_count > 0 && l_count == r_count && unread == 0,
        "ours {ours:?} with points_ok = {points_ok}, counts {l_count}/{r_count}, {unread} unread"
    );
}

/// `RangeProof::<Ed25519>::from_monero_bytes` against `Bulletproof::read`.
pub fn decode_monero_bp(data: &[u8]) {
    decode_monero(false, data);
}

/// `RangeProofPlus::<Ed25519>::from_monero_bytes` against `Bulletproof::read_plus`.
pub fn decode_monero_bpp(data: &[u8]) {
    decode_monero(true, data);
}

// ---------------------------------------------------------------------------------------------
// Verifiers
// ---------------------------------------------------------------------------------------------

fn verify(convention: Convention, data: &[u8]) {
    let Some((&mode, rest)) = data.split_first() else {
        return;
    };
    agree(&Case::from_input(convention, mode, rest));
}

/// dalek Bulletproofs, ours against `bulletproofs` 5.0.
pub fn verify_dalek(data: &[u8]) {
    verify(Convention::Dalek, data);
}

/// Tari Bulletproofs+, ours against `tari_bulletproofs_plus` 0.5.
pub fn verify_tari(data: &[u8]) {
    verify(Convention::Tari, data);
}

/// Monero original Bulletproofs, ours against monero-oxide.
pub fn verify_monero_bp(data: &[u8]) {
    verify(Convention::MoneroOriginal, data);
}

/// Monero Bulletproofs+, ours against monero-oxide.
pub fn verify_monero_bpp(data: &[u8]) {
    verify(Convention::MoneroPlus, data);
}

// ---------------------------------------------------------------------------------------------
// Batch verifier
// ---------------------------------------------------------------------------------------------

/// Up to 8 proofs, each `selector ‖ u16 length (LE) ‖ body`: selector bits 0-1 pick the
/// convention, bits 2.. the mode of [`Case::from_input`], whose `rest` is the body. Ristretto
/// proofs (dalek and Tari) go into one batch, Ed25519 proofs (Monero) into another, each in input
/// order; the batches must blame exactly the proofs their single verifiers reject.
pub fn batch(data: &[u8]) {
    let mut ristretto = BatchVerifier::<Ristretto255>::new();
    let mut edwards = BatchVerifier::<Ed25519>::new();
    let mut ristretto_invalid = Vec::new();
    let mut edwards_invalid = Vec::new();
    let mut rest = data;
    for _ in 0..8 {
        let [selector, lo, hi, tail @ ..] = rest else {
            break;
        };
        let len = (u16::from_le_bytes([*lo, *hi]) as usize).min(tail.len());
        let (body, tail) = tail.split_at(len);
        rest = tail;
        let convention = Convention::ALL[(selector & 3) as usize];
        let case = Case::from_input(convention, selector >> 2, body);
        let Some(proof) = decode_ours(&case) else {
            continue;
        };
        let valid = verify_ours(&case, &proof);
        let c = &case.commitments;
        match &proof {
            Ours::Dalek(p) => {
                let k = ristretto.add_bulletproof(
                    dalek::generators(),
                    p,
                    &mut Transcript::new(LABEL),
                    c,
                    case.n,
                    &mut OsRng,
                );
                if !valid {
                    ristretto_invalid.push(k);
                }
            }
            Ours::Tari(p) => {
                let k = ristretto.add_bulletproof_plus(
                    tari::generators(),
                    p,
                    &mut Transcript::new(LABEL),
                    &case.statement(),
                    c,
                    &mut OsRng,
                );
                if !valid {
                    ristretto_invalid.push(k);
                }
            }
            Ours::MoneroOriginal(p) => {
                let k = edwards.add_bulletproof(
                    monero::bulletproofs_generators(),
                    p,
                    &mut MoneroTranscript::bulletproofs(),
                    c,
                    64,
                    &mut OsRng,
                );
                if !valid {
                    edwards_invalid.push(k);
                }
            }
            Ours::MoneroPlus(p) => {
                let k = edwards.add_bulletproof_plus(
                    monero::bulletproofs_plus_generators(),
                    p,
                    &mut MoneroTranscript::bulletproofs_plus(),
                    &MONERO_STATEMENT,
                    c,
                    &mut OsRng,
                );
                if !valid {
                    edwards_invalid.push(k);
                }
            }
        }
    }
    let blamed = |result: Result<(), rangeproof::BatchError>| match result {
        Ok(()) => Vec::new(),
        Err(e) => {
            assert!(!e.invalid.is_empty(), "a failed batch blames some proof");
            e.invalid
        }
    };
    // The last byte's high bit sets a blame limit (its low 3 bits) on the ristretto255 batch:
    // only invalid proofs named, at least as many as the limit allows, every invalid proof
    // named or not named, none both.
    match data
        .last()
        .filter(|b| *b & 0x80 != 0)
        .map(|b| usize::from(b & 7))
    {
        None => assert_eq!(
            blamed(ristretto.verify()),
            ristretto_invalid,
            "ristretto255 batch vs single verifiers"
        ),
        Some(limit) => {
            ristretto.set_blame_limit(Some(limit));
            match ristretto.verify() {
                Ok(()) => assert!(ristretto_invalid.is_empty(), "an invalid proof passed"),
                Err(e) => {
                    assert!(!ristretto_invalid.is_empty(), "a valid batch failed");
                    assert!(e.invalid.iter().all(|k| ristretto_invalid.contains(k)));
                    assert!(e.invalid.len() >= limit.min(ristretto_invalid.len()));
                    assert!(ristretto_invalid
                        .iter()
                        .all(|k| e.invalid.contains(k) || e.not_named.contains(k)));
                    assert!(e.invalid.iter().all(|k| !e.not_named.contains(k)));
                }
            }
        }
    }
    assert_eq!(
        blamed(edwards.verify()),
        edwards_invalid,
        "ed25519 batch vs single verifiers"
    );
}

// ---------------------------------------------------------------------------------------------
// Multi-party messages
// ---------------------------------------------------------------------------------------------

/// Every multi-party message decoder, on any bytes: no panic; a message that decodes
/// re-encodes to the same bytes (the encoding is canonical). The first byte picks the position (the session is fixed), the
/// rest is the message; a second pass prefixes a valid header so the bodies get explored.
pub fn decode_mpc(data: &[u8]) {
    use rangeproof::bulletproofs::mpc::{
        BitChallenge, BitCommitment, PolyChallenge, PolyCommitment, ProofShare, Session,
    };
    let Some((&position, rest)) = data.split_first() else {
        return;
    };
    let position = usize::from(position % 4);
    let session = Session::new::<Ristretto255>("dalek", 64, 4, b"fuzz");
    type R = Ristretto255;
    if let Ok(m) = BitCommitment::<R>::from_bytes(rest, &session, position) {
        assert_eq!(m.to_bytes(&session), rest);
    }
    if let Ok(m) = BitChallenge::<R>::from_bytes(rest, &session, position) {
        assert_eq!(m.to_bytes(&session, position), rest);
    }
    if let Ok(m) = PolyCommitment::<R>::from_bytes(rest, &session, position) {
        assert_eq!(m.to_bytes(&session), rest);
    }
    if let Ok(m) = PolyChallenge::<R>::from_bytes(rest, &session, position) {
        assert_eq!(m.to_bytes(&session, position), rest);
    }
    if let Ok(m) = ProofShare::<R>::from_bytes(rest, &session, position) {
        assert_eq!(m.to_bytes(&session), rest);
    }
    // The same body behind a valid header of each kind, so the bodies get explored.
    for kind in 1u8..=5 {
        let mut framed = b"RPM".to_vec();
        framed.push(kind);
        framed.extend_from_slice(&session.id());
        framed.extend_from_slice(&(position as u16).to_le_bytes());
        framed.extend_from_slice(rest);
        if let Ok(m) = BitCommitment::<R>::from_bytes(&framed, &session, position) {
            assert_eq!(m.to_bytes(&session), framed);
        }
        if let Ok(m) = BitChallenge::<R>::from_bytes(&framed, &session, position) {
            assert_eq!(m.to_bytes(&session, position), framed);
        }
        if let Ok(m) = PolyCommitment::<R>::from_bytes(&framed, &session, position) {
            assert_eq!(m.to_bytes(&session), framed);
        }
        if let Ok(m) = PolyChallenge::<R>::from_bytes(&framed, &session, position) {
            assert_eq!(m.to_bytes(&session, position), framed);
        }
        if let Ok(m) = ProofShare::<R>::from_bytes(&framed, &session, position) {
            assert_eq!(m.to_bytes(&session), framed);
        }
    }
}

/// The reference's 2-shuffle proof from `vectors/dalek-r1cs-shuffle-ristretto255.json` (its
/// label, commitments and bytes): the base the `decode_r1cs` masks mutate.
const R1CS_LABEL: &[u8] = b"50o/)-;n\\(3E_o.a|1$w9F:R>7tT[*K!)unKxA]3";
const R1CS_INPUTS: [&str; 2] = [
    "4a3f2d0b34ac8b76b2e902e8dc8aa57734a2cf5664b7ad2746ca71d19880cf11",
    "de00297dcce1f4ec6afac772321761618fecec1d6e9f0dc2a374bab956088828",
];
const R1CS_OUTPUTS: [&str; 2] = [
    "8e3f8f7235e93f865e3b9c4bdfdf648a1514454f97772c0ca6c93dcb15b50d16",
    "4a4ebcb821747c47abfb9f54e959bf333e578c27567524c451313212b0dbc73d",
];
const R1CS_PROOF: &str = "01b64d0fcc320ba072f7d0db87ccb2f147bdc41dd35ff0ad27b61065a0a0bb0b3f46518df6272f72e659564f75744c1947a9094e7f75a837d13ec0e905b07bb15c98dcdada45bd6863fd8c60cc9c86f1cf79622b0068ba55ba7f2ea92b137d2d2386e3000fd70bc1ff6734beb6db3a0718cd09b6076705ea18717c731fdcc0864dde95af7a363f6dab9ee4994ee183f4721c161e47485c07eedcc4be22d531402392bab5bcd82486b4a870f99fe96ee3a59913f959be8f6af5943288e32e61803f649458abe3b23a09a9421dac5a21ac9782000a521d89181b3b51de013262c113de815322ed7645557711853983859d1d8a14accf12c5cf8ea3b3646fd6a787685a25e413e8bf35d2063b85541cada413c95aaf69b4f04d30b238e4ca8b6a7538548f927aa91ae8f6a345ccfe82b816200f776cb2b58363f53da75ee07c5fe35bf08a5f80e891fd6453821c6c12afdfad72d7b563b56d0a5a7bea83a075eca5319042db91a4a5f1855ada8d3571653657e44524818227a895236e2a546aac540021767db7271dcc69e2d1718dfb843476f055f9ac5d607430d22f804aa7c0b203167f466ecf7a714218e0b933bae2737fc711ddbdc298ca63a3bb295e1c29d40344a1591f0b8c477bcebde7b5cd7bbf9851401585ae5f39183db182e9e64cc40fe03cbcbfeb2b829ccac79d77e48d12a2812cd7b0f7de22936fcecc27fd249854f58316be5d1fdfd2bd32485938c49652d2bcea38399ac08d75c1f1168c4b600cdb26f144905f6829a2dd238f3946a8d0990fe4a7c657ae1ddc8e01a14de7810c";

/// `R1csProof::from_bytes` on the input (first byte even) or on an XOR mask over the stored
/// 2-shuffle proof (odd): no panic; what decodes re-encodes to the same bytes; and it verifies
/// as that 2-shuffle only if it is the stored proof (anything else that verifies would be a
/// forgery of a reference proof, or a second encoding of it).
pub fn decode_r1cs(data: &[u8]) {
    use rangeproof::r1cs::gadgets::shuffle::verify_shuffle;
    use rangeproof::r1cs::{generators, R1csConvention, R1csProof};
    let Some((&mode, rest)) = data.split_first() else {
        return;
    };
    let valid = hex::decode(R1CS_PROOF).expect("hex");
    let bytes = if mode % 2 == 0 {
        rest.to_vec()
    } else {
        let mut b = valid.clone();
        for (i, m) in rest.iter().enumerate() {
            if i < b.len() {
                b[i] ^= m;
            } else {
                b.push(*m);
            }
        }
        b
    };
    let Ok(proof) = R1csProof::<Ristretto255>::from_bytes(&bytes) else {
        return;
    };
    assert_eq!(proof.to_bytes(), bytes, "a non-canonical encoding decoded");
    let point = |h: &str| -> [u8; 32] { hex::decode(h).expect("hex").try_into().expect("32") };
    let inputs = R1CS_INPUTS.map(point);
    let outputs = R1CS_OUTPUTS.map(point);
    let verdict = verify_shuffle(
        generators::dalek(),
        R1csConvention::Dalek,
        R1CS_LABEL,
        &inputs,
        &outputs,
        &proof,
    );
    assert_eq!(verdict.is_ok(), bytes == valid, "a changed proof verified");
}

/// The engine's batched decoders against the decoders they must match: each 33-byte record is
/// a mode byte and an encoding (mode bit 0 clears the encoding's top and low bits, which makes
/// canonical, nonnegative ristretto candidates — half of them decode). Every encoding goes
/// through both engine decoders with both backends, in one batch; each verdict must equal
/// curve25519-dalek's ristretto255 decoder's and our Ed25519 decoder's, and every accepted
/// point must be on the curve and re-encode to its input.
pub fn decompress(data: &[u8]) {
    use rangeproof::group::curve25519::{decompress_ed25519, decompress_ristretto, Backend};
    use rangeproof::Group;

    let encodings: Vec<[u8; 32]> = data
        .chunks_exact(33)
        .take(64)
        .map(|record| {
            let mut bytes = [0u8; 32];
            bytes.copy_from_slice(&record[1..]);
            if record[0] & 1 == 1 {
                bytes[0] &= 0xfe;
                bytes[31] &= 0x7f;
            }
            bytes
        })
        .collect();
    for backend in [Backend::Serial, Backend::Avx2, Backend::Ifma] {
        let ristretto = decompress_ristretto(&encodings, backend);
        let edwards = decompress_ed25519(&encodings, backend);
        for ((bytes, r), e) in encodings.iter().zip(&ristretto).zip(&edwards) {
            let theirs = CompressedRistretto(*bytes).decompress();
            assert_eq!(r.is_some(), theirs.is_some(), "ristretto255 {bytes:02x?}");
            if let Some(point) = r {
                assert!(point.is_valid());
                assert_eq!(point.to_ristretto_bytes(), *bytes);
            }
            let theirs = Ed25519::point_from_bytes(bytes);
            assert_eq!(e.is_some(), theirs.is_some(), "ed25519 {bytes:02x?}");
            if let Some(point) = e {
                assert!(point.is_valid());
                assert_eq!(point.to_ed25519_bytes(), *bytes);
            }
        }
    }
}
