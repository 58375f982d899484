//! Litecoin transactions and blocks with MWEB data, parsed (a parser of our own, strict: exact
//! lengths, canonical compact sizes, nothing after the end, at most [`MAX_BYTES`]).
//!
//! ```text
//! transaction  version u32 | [00 | flags: 01 witness, 08 MWEB] | inputs | outputs
//!              | [witnesses] | [MWEB: 01 mweb_tx, or 00 for the HogEx] | lock time u32
//! mweb_tx      kernel offset 32 | stealth offset 32 | body
//! body         inputs | outputs | kernels            (compact-size counts)
//! input        features | output ID 32 | commitment 33 | output key 33
//!              | [01: input key 33] | [02: extra data] | signature 64
//! output       commitment 33 | sender key 33 | receiver key 33 | message | proof 675
//!              | signature 64
//! message      features | [01: exchange key 33, view tag 1, masked value u64, masked
//!              nonce 16] | [02: extra data]
//! kernel       features | [01: fee] | [02: peg-in] | [04: peg-outs] | [08: lock height]
//!              | [10: stealth excess 33] | [20: extra data] | excess 33 | signature 64
//! block        header 80 | transactions | [after a final HogEx: 01 | MWEB header | body]
//! MWEB header  height | output root 32 | kernel root 32 | leafset root 32
//!              | kernel offset 32 | stealth offset 32 | output MMR size | kernel MMR size
//! ```
//!
//! Fees, amounts, heights and sizes are Bitcoin Core's VARINT; counts and byte strings
//! compact sizes. Facts from Litecoin Core v0.21.5.5 (`src/primitives/transaction.h`,
//! `src/primitives/block.h`, `src/libmw/include/mw/models/`), checked against ltcd's
//! `wire/` and the testnet blocks in `../shared/vectors/mweb/` (docs/litecoin-mweb-facts.md).
//!
//! Lenient where Core is: a presence byte other than `01` reads as absent (`OptionalPtr`), so
//! a HogEx may carry any other byte. Strict where Core's refusal comes later, as unusable input
//! rather than an invalid verdict: an extended transaction with no inputs must carry an MWEB
//! transaction; commitments must start `08`/`09`, and the keys Core parses as points (sender,
//! input, output and stealth excess keys) `02`/`03` — whether any lies on the curve is the
//! verifier's finding, per item. The receiver key and the key-exchange key Core never parses:
//! any 33 bytes are read (a wallet's scan skips what is not a point).

use alloc::vec::Vec;

use crate::bitcoin_wire::Reader;
use crate::DecodeError;
use crate::ProofError;

/// The most bytes a block or transaction may have here: Litecoin Core's
/// `MAX_BLOCK_SERIALIZED_SIZE_WITH_MWEB` (`src/consensus/consensus.h`), 4 000 000 for the
/// canonical block and `mw::MAX_BLOCK_BYTES` for the MWEB block (195 bytes of header and
/// counts, 50 000 inputs of 196 bytes — inputs weigh nothing, so a block of them exceeds
/// 16 MB — and 60 bytes per unit of the 200 000 weight for the rest). A transaction is bound
/// by the same figure: nothing it holds can be larger than the block that would hold it.
pub const MAX_BYTES: usize = 4_000_000 + 195 + 50_000 * 196 + 200_000 * 60;

/// The bound on one length or count (Bitcoin Core's `MAX_SIZE`, `src/serialize.h`).
const MAX_SIZE: usize = 0x0200_0000;

/// A range proof's length: 64 bits, one value, secp256k1-zkp's Bulletproof.
pub const PROOF_LEN: usize = 675;

/// A Pedersen commitment as libsecp256k1-zkp serializes it (`08`/`09` ‖ x).
pub type Commitment = [u8; 33];

/// A compressed public key (`02`/`03` ‖ x).
pub type PublicKey = [u8; 33];

/// A Schnorr signature (R's x ‖ s).
pub type Signature = [u8; 64];

/// An MWEB input: the output it spends, and its signature.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Input<'a> {
    /// Feature bits (`01`: an input key; `02`: extra data).
    pub features: u8,
    /// The spent output's ID.
    pub output_id: [u8; 32],
    /// The spent output's commitment.
    pub commitment: Commitment,
    /// The spent output's receiver key.
    pub output_pubkey: PublicKey,
    /// The input key, when the features say so.
    pub input_pubkey: Option<PublicKey>,
    /// Extra data, when the features say so.
    pub extra_data: Option<&'a [u8]>,
    /// The input's signature.
    pub signature: Signature,
}

/// An output's message: what the receiver needs to find and open it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutputMessage<'a> {
    /// The message as serialized: the range proof's extra data.
    pub bytes: &'a [u8],
    /// Feature bits (`01`: the standard fields; `02`: extra data).
    pub features: u8,
    /// The standard fields, when the features say so.
    pub standard: Option<StandardFields>,
    /// Extra data, when the features say so.
    pub extra_data: Option<&'a [u8]>,
}

/// An output message's standard fields (LIP-0004's stealth addressing).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StandardFields {
    /// The key-exchange public key \\(K_e\\).
    pub key_exchange_pubkey: PublicKey,
    /// The view tag: the first byte of the shared secret's tagged hash.
    pub view_tag: u8,
    /// The value, masked.
    pub masked_value: u64,
    /// The nonce, masked.
    pub masked_nonce: [u8; 16],
}

/// An MWEB output.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Output<'a> {
    /// The commitment \\(v H + r G\\).
    pub commitment: Commitment,
    /// The sender key \\(K_s\\).
    pub sender_pubkey: PublicKey,
    /// The receiver key \\(K_o\\).
    pub receiver_pubkey: PublicKey,
    /// The message.
    pub message: OutputMessage<'a>,
    /// The range proof.
    pub proof: &'a [u8; PROOF_LEN],
    /// The output's signature.
    pub signature: Signature,
}

/// A peg-out: coins leaving the MWEB for a canonical output.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PegOut<'a> {
    /// The amount, in litoshis.
    pub amount: u64,
    /// The canonical output's script.
    pub script_pubkey: &'a [u8],
}

/// An MWEB kernel.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Kernel<'a> {
    /// The kernel as serialized (its ID is the BLAKE3 hash of these bytes).
    pub bytes: &'a [u8],
    /// Feature bits (see the module notes).
    pub features: u8,
    /// The fee, when the features say so.
    pub fee: Option<u64>,
    /// The amount pegged in, when the features say so.
    pub pegin: Option<u64>,
    /// The peg-outs (empty unless the features say so).
    pub pegouts: Vec<PegOut<'a>>,
    /// The lock height, when the features say so.
    pub lock_height: Option<u32>,
    /// The stealth excess, when the features say so.
    pub stealth_excess: Option<PublicKey>,
    /// Extra data, when the features say so.
    pub extra_data: Option<&'a [u8]>,
    /// The excess commitment.
    pub excess: Commitment,
    /// The kernel's signature.
    pub signature: Signature,
}

/// Inputs, outputs and kernels: an MWEB transaction's or block's contents.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TxBody<'a> {
    /// The inputs.
    pub inputs: Vec<Input<'a>>,
    /// The outputs.
    pub outputs: Vec<Output<'a>>,
    /// The kernels.
    pub kernels: Vec<Kernel<'a>>,
}

/// An MWEB transaction: the offsets and the body.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MwebTx<'a> {
    /// The kernel offset (a scalar, big-endian).
    pub kernel_offset: [u8; 32],
    /// The stealth offset (a scalar, big-endian).
    pub stealth_offset: [u8; 32],
    /// The body (at least one kernel).
    pub body: TxBody<'a>,
}

/// The MWEB header.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header<'a> {
    /// The header as serialized (its BLAKE3 hash is the HogEx's first output's program).
    pub bytes: &'a [u8],
    /// The block height.
    pub height: u32,
    /// The output MMR's root.
    pub output_root: [u8; 32],
    /// The kernel MMR's root.
    pub kernel_root: [u8; 32],
    /// The leafset's root.
    pub leafset_root: [u8; 32],
    /// The kernel offset, summed over every block since activation.
    pub kernel_offset: [u8; 32],
    /// The stealth offset of this block.
    pub stealth_offset: [u8; 32],
    /// Outputs in the output MMR, all blocks.
    pub output_mmr_size: u64,
    /// Kernels in this block.
    pub kernel_mmr_size: u64,
}

/// An MWEB block: the header and the block's body.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MwebBlock<'a> {
    /// The header.
    pub header: Header<'a>,
    /// The body.
    pub body: TxBody<'a>,
}

/// A canonical input (its fields borrowed).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TxIn<'a> {
    /// The spent transaction's ID (in its byte order).
    pub previous_txid: [u8; 32],
    /// The spent output's index.
    pub vout: u32,
    /// The unlocking script.
    pub script_sig: &'a [u8],
    /// The sequence number.
    pub sequence: u32,
}

/// A canonical output.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TxOut<'a> {
    /// The amount, in litoshis.
    pub value: u64,
    /// The locking script.
    pub script_pubkey: &'a [u8],
}

/// A Litecoin transaction, with its MWEB part where it has one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Transaction<'a> {
    /// The transaction as serialized.
    pub bytes: &'a [u8],
    /// The version.
    pub version: u32,
    /// The canonical inputs.
    pub inputs: Vec<TxIn<'a>>,
    /// The canonical outputs.
    pub outputs: Vec<TxOut<'a>>,
    /// Whether it carries witnesses.
    pub has_witness: bool,
    /// The MWEB flag with presence byte `00`: the block's integrating transaction.
    pub is_hogex: bool,
    /// The MWEB transaction, when present.
    pub mweb: Option<MwebTx<'a>>,
    /// The lock time.
    pub lock_time: u32,
}

/// A Litecoin block, with its MWEB block where it has one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Block<'a> {
    /// The 80-byte block header.
    pub header: &'a [u8; 80],
    /// The transactions.
    pub transactions: Vec<Transaction<'a>>,
    /// The MWEB block, after a final HogEx.
    pub mweb: Option<MwebBlock<'a>>,
}

/// Bytes the smallest item of each kind takes (counts are checked against what is left).
const MIN_INPUT: usize = 1 + 32 + 33 + 33 + 64;
const MIN_OUTPUT: usize = 33 * 3 + 1 + PROOF_LEN + 64;
const MIN_KERNEL: usize = 1 + 33 + 64;

fn malformed(what: &'static str) -> ProofError {
    DecodeError::MalformedTransaction(what).into()
}

fn check_size(bytes: &[u8]) -> Result<(), ProofError> {
    if bytes.len() > MAX_BYTES {
        return Err(DecodeError::TooLarge {
            size: bytes.len(),
            max: MAX_BYTES,
        }
        .into());
    }
    Ok(())
}

impl<'a> Reader<'a> {
    fn commitment(&mut self, what: &'static str) -> Result<Commitment, ProofError> {
        let c: Commitment = self.array(what)?;
        if c[0] & 0xfe != 0x08 {
            return Err(malformed(what));
        }
        Ok(c)
    }

    fn public_key(&mut self, what: &'static str) -> Result<PublicKey, ProofError> {
        let k: PublicKey = self.array(what)?;
        if k[0] & 0xfe != 0x02 {
            return Err(malformed(what));
        }
        Ok(k)
    }

    /// The bytes read since `start`.
    fn since(&self, start: usize) -> &'a [u8] {
        &self.bytes[start..self.at]
    }

    fn mweb_input(&mut self) -> Result<Input<'a>, ProofError> {
        let features = self.u8("input features")?;
        Ok(Input {
            features,
            output_id: self.array("input output ID")?,
            commitment: self.commitment("input commitment")?,
            output_pubkey: self.public_key("input output key")?,
            input_pubkey: match features & 0x01 {
                0 => None,
                _ => Some(self.public_key("input key")?),
            },
            extra_data: match features & 0x02 {
                0 => None,
                _ => Some(self.bytes("input extra data")?),
            },
            signature: self.array("input signature")?,
        })
    }

    fn output_message(&mut self) -> Result<OutputMessage<'a>, ProofError> {
        let start = self.at;
        let features = self.u8("output message features")?;
        let standard = match features & 0x01 {
            0 => None,
            _ => Some(StandardFields {
                key_exchange_pubkey: self.array("key exchange key")?,
                view_tag: self.u8("view tag")?,
                masked_value: self.u64("masked value")?,
                masked_nonce: self.array("masked nonce")?,
            }),
        };
        let extra_data = match features & 0x02 {
            0 => None,
            _ => Some(self.bytes("output extra data")?),
        };
        Ok(OutputMessage {
            bytes: self.since(start),
            features,
            standard,
            extra_data,
        })
    }

    fn mweb_output(&mut self) -> Result<Output<'a>, ProofError> {
        let commitment = self.commitment("output commitment")?;
        let sender_pubkey = self.public_key("sender key")?;
        let receiver_pubkey = self.array("receiver key")?;
        let message = self.output_message()?;
        let proof = self
            .take(PROOF_LEN, "range proof")?
            .try_into()
            .map_err(|_| malformed("range proof"))?;
        Ok(Output {
            commitment,
            sender_pubkey,
            receiver_pubkey,
            message,
            proof,
            signature: self.array("output signature")?,
        })
    }

    fn kernel(&mut self) -> Result<Kernel<'a>, ProofError> {
        let start = self.at;
        let features = self.u8("kernel features")?;
        let amount = i64::MAX as u64;
        let fee = match features & 0x01 {
            0 => None,
            _ => Some(self.varint(amount, "kernel fee")?),
        };
        let pegin = match features & 0x02 {
            0 => None,
            _ => Some(self.varint(amount, "peg-in amount")?),
        };
        let mut pegouts = Vec::new();
        if features & 0x04 != 0 {
            let n = self.count(2, "peg-out count")?;
            pegouts.reserve(n);
            for _ in 0..n {
                let amount = self.varint(amount, "peg-out amount")?;
                let script_pubkey = self.bytes("peg-out script")?;
                if script_pubkey.is_empty() {
                    return Err(malformed("peg-out script"));
                }
                pegouts.push(PegOut {
                    amount,
                    script_pubkey,
                });
            }
        }
        let lock_height = match features & 0x08 {
            0 => None,
            // At most i32::MAX: fits.
            _ => Some(self.varint(i32::MAX as u64, "lock height")? as u32),
        };
        let stealth_excess = match features & 0x10 {
            0 => None,
            _ => Some(self.public_key("stealth excess")?),
        };
        let extra_data = match features & 0x20 {
            0 => None,
            _ => Some(self.bytes("kernel extra data")?),
        };
        let excess = self.commitment("kernel excess")?;
        let signature = self.array("kernel signature")?;
        Ok(Kernel {
            bytes: self.since(start),
            features,
            fee,
            pegin,
            pegouts,
            lock_height,
            stealth_excess,
            extra_data,
            excess,
            signature,
        })
    }

    fn body(&mut self) -> Result<TxBody<'a>, ProofError> {
        let n = self.count(MIN_INPUT, "MWEB input count")?;
        let inputs = (0..n)
            .map(|_| self.mweb_input())
            .collect::<Result<_, _>>()?;
        let n = self.count(MIN_OUTPUT, "MWEB output count")?;
        let outputs = (0..n)
            .map(|_| self.mweb_output())
            .collect::<Result<_, _>>()?;
        let n = self.count(MIN_KERNEL, "kernel count")?;
        let kernels = (0..n).map(|_| self.kernel()).collect::<Result<_, _>>()?;
        Ok(TxBody {
            inputs,
            outputs,
            kernels,
        })
    }

    fn mweb_tx(&mut self) -> Result<MwebTx<'a>, ProofError> {
        let tx = MwebTx {
            kernel_offset: self.array("kernel offset")?,
            stealth_offset: self.array("stealth offset")?,
            body: self.body()?,
        };
        if tx.body.kernels.is_empty() {
            return Err(malformed("MWEB transaction without a kernel"));
        }
        Ok(tx)
    }

    fn mweb_header(&mut self) -> Result<Header<'a>, ProofError> {
        let start = self.at;
        // At most i32::MAX: fits.
        let height = self.varint(i32::MAX as u64, "MWEB height")? as u32;
        let output_root = self.array("output root")?;
        let kernel_root = self.array("kernel root")?;
        let leafset_root = self.array("leafset root")?;
        let kernel_offset = self.array("kernel offset")?;
        let stealth_offset = self.array("stealth offset")?;
        let output_mmr_size = self.varint(u64::MAX, "output MMR size")?;
        let kernel_mmr_size = self.varint(u64::MAX, "kernel MMR size")?;
        Ok(Header {
            bytes: self.since(start),
            height,
            output_root,
            kernel_root,
            leafset_root,
            kernel_offset,
            stealth_offset,
            output_mmr_size,
            kernel_mmr_size,
        })
    }

    fn tx_in(&mut self) -> Result<TxIn<'a>, ProofError> {
        Ok(TxIn {
            previous_txid: self.array("prevout")?,
            vout: self.u32("prevout")?,
            script_sig: self.bytes("scriptSig")?,
            sequence: self.u32("sequence")?,
        })
    }

    fn tx_out(&mut self) -> Result<TxOut<'a>, ProofError> {
        Ok(TxOut {
            value: self.u64("output value")?,
            script_pubkey: self.bytes("scriptPubKey")?,
        })
    }

    fn transaction(&mut self) -> Result<Transaction<'a>, ProofError> {
        let start = self.at;
        let version = self.u32("version")?;
        let mut inputs = Vec::new();
        let mut outputs = Vec::new();
        let mut flags = 0u8;
        let n = self.count(41, "input count")?;
        if n == 0 {
            flags = self.u8("flags")?;
            if flags == 0 || flags & !0x09 != 0 {
                return Err(malformed("flags"));
            }
        }
        let n = if n == 0 {
            self.count(41, "input count")?
        } else {
            n
        };
        for _ in 0..n {
            inputs.push(self.tx_in()?);
        }
        let n = self.count(9, "output count")?;
        for _ in 0..n {
            outputs.push(self.tx_out()?);
        }
        let has_witness = flags & 0x01 != 0;
        if has_witness {
            let mut any = false;
            for _ in 0..inputs.len() {
                let items = self.count(1, "witness")?;
                any |= items > 0;
                for _ in 0..items {
                    self.bytes("witness item")?;
                }
            }
            if !any {
                return Err(malformed("witness flag set but no witnesses"));
            }
        }
        let (mut is_hogex, mut mweb) = (false, None);
        if flags & 0x08 != 0 {
            match self.u8("MWEB presence")? {
                0x01 => mweb = Some(self.mweb_tx()?),
                _ if !outputs.is_empty() => is_hogex = true,
                _ => return Err(malformed("HogEx without outputs")),
            }
        }
        if inputs.is_empty() && mweb.is_none() && !is_hogex {
            return Err(malformed("no inputs"));
        }
        let lock_time = self.u32("lock time")?;
        Ok(Transaction {
            bytes: self.since(start),
            version,
            inputs,
            outputs,
            has_witness,
            is_hogex,
            mweb,
            lock_time,
        })
    }
}

impl<'a> Transaction<'a> {
    /// Parses a serialized transaction, all of it (trailing bytes are refused; at most
    /// [`MAX_BYTES`]). Byte strings borrow `bytes`.
    pub fn from_bytes(bytes: &'a [u8]) -> Result<Transaction<'a>, ProofError> {
        check_size(bytes)?;
        let mut r = Reader::with_max_field(bytes, MAX_SIZE);
        let tx = r.transaction()?;
        r.finish()?;
        Ok(tx)
    }

    /// An MWEB-only transaction: no canonical inputs or outputs.
    pub fn is_mweb_only(&self) -> bool {
        self.mweb.is_some() && self.inputs.is_empty() && self.outputs.is_empty()
    }
}

/// The canonical serialization's `OP_9` ‖ push of 32: a peg-in output's script, whose program
/// is the ID of the kernel it pegs in for (Core's `CScript::IsMWEBPegin`).
const PEGIN_PREFIX: [u8; 2] = [0x59, 0x20];

/// `OP_8` ‖ push of 32: the HogEx's first output, whose program is the MWEB header's hash
/// (`CScript::IsMWEBHogAddr`).
const HOGADDR_PREFIX: [u8; 2] = [0x58, 0x20];

fn program_after(script: &[u8], prefix: [u8; 2]) -> Option<[u8; 32]> {
    script.strip_prefix(&prefix[..])?.try_into().ok()
}

impl TxOut<'_> {
    /// The kernel ID a peg-in output names, for a peg-in output.
    pub fn pegin_kernel(&self) -> Option<[u8; 32]> {
        program_after(self.script_pubkey, PEGIN_PREFIX)
    }

    /// The MWEB header hash a HogEx's first output commits to, for such an output.
    pub fn hogaddr(&self) -> Option<[u8; 32]> {
        program_after(self.script_pubkey, HOGADDR_PREFIX)
    }
}

impl TxIn<'_> {
    /// Spends nothing: the null outpoint (all-zero ID, index `0xffffffff`) of a coinbase.
    pub fn is_null(&self) -> bool {
        self.previous_txid == [0; 32] && self.vout == u32::MAX
    }
}

pub(crate) fn sha256d(parts: &[&[u8]]) -> [u8; 32] {
    use sha2::{Digest, Sha256};
    let mut hasher = Sha256::new();
    for part in parts {
        hasher.update(part);
    }
    Sha256::digest(hasher.finalize()).into()
}

impl Transaction<'_> {
    /// The serialization without witnesses and MWEB data (the transaction ID's preimage, and
    /// the size Core's `bad-txns-oversize` bounds).
    pub fn stripped_bytes(&self) -> Vec<u8> {
        use crate::bitcoin_wire::write_compact_size;
        let mut out = Vec::with_capacity(self.bytes.len());
        out.extend(self.version.to_le_bytes());
        write_compact_size(self.inputs.len(), &mut out);
        for input in &self.inputs {
            out.extend(input.previous_txid);
            out.extend(input.vout.to_le_bytes());
            write_compact_size(input.script_sig.len(), &mut out);
            out.extend(input.script_sig);
            out.extend(input.sequence.to_le_bytes());
        }
        write_compact_size(self.outputs.len(), &mut out);
        for output in &self.outputs {
            out.extend(output.value.to_le_bytes());
            write_compact_size(output.script_pubkey.len(), &mut out);
            out.extend(output.script_pubkey);
        }
        out.extend(self.lock_time.to_le_bytes());
        out
    }

    /// The transaction ID of a transaction with a canonical side, in its byte order (how
    /// outpoints name it): SHA-256d of [`Transaction::stripped_bytes`]. (Core names an
    /// MWEB-only transaction by its first kernel's ID instead; such a transaction is never
    /// spent from, nor in a block.)
    pub fn txid(&self) -> [u8; 32] {
        sha256d(&[&self.stripped_bytes()])
    }

    /// A coinbase: one input, spending nothing (Core's `IsCoinBase`).
    pub fn is_coinbase(&self) -> bool {
        matches!(&self.inputs[..], [only] if only.is_null())
    }
}

impl Block<'_> {
    /// The block's hash, in its byte order: SHA-256d of the 80-byte header.
    pub fn hash(&self) -> [u8; 32] {
        sha256d(&[self.header])
    }

    /// The previous block's hash, as the header names it.
    pub fn previous_hash(&self) -> [u8; 32] {
        let mut hash = [0; 32];
        hash.copy_from_slice(&self.header[4..36]);
        hash
    }
}

impl<'a> Output<'a> {
    /// Parses one serialized output, all of `bytes` (a document's output, an output made
    /// here).
    pub fn from_bytes(bytes: &'a [u8]) -> Result<Output<'a>, ProofError> {
        check_size(bytes)?;
        let mut r = Reader::with_max_field(bytes, MAX_SIZE);
        let output = r.mweb_output()?;
        r.finish()?;
        Ok(output)
    }
}

impl<'a> Block<'a> {
    /// Parses a serialized block, all of it (trailing bytes are refused; at most
    /// [`MAX_BYTES`]). Byte strings borrow `bytes`.
    pub fn from_bytes(bytes: &'a [u8]) -> Result<Block<'a>, ProofError> {
        check_size(bytes)?;
        let mut r = Reader::with_max_field(bytes, MAX_SIZE);
        let header = r
            .take(80, "block header")?
            .try_into()
            .map_err(|_| malformed("block header"))?;
        let n = r.count(60, "transaction count")?;
        let mut transactions = Vec::with_capacity(n);
        for _ in 0..n {
            transactions.push(r.transaction()?);
        }
        if transactions.iter().any(|tx| tx.mweb.is_some()) {
            // A block's transactions carry no MWEB data of their own (Core:
            // "unexpected-mweb-data"); the MWEB block holds it.
            return Err(malformed("MWEB transaction inside a block"));
        }
        let hogex_last = transactions.len() >= 2 && transactions.last().is_some_and(|t| t.is_hogex);
        if transactions.iter().rev().skip(1).any(|t| t.is_hogex) {
            return Err(malformed("HogEx before the last transaction"));
        }
        let mut mweb = None;
        // Core reads anything but 01 as "absent" (`OptionalPtr`).
        if hogex_last && r.u8("MWEB presence")? == 0x01 {
            mweb = Some(MwebBlock {
                header: r.mweb_header()?,
                body: r.body()?,
            });
        }
        r.finish()?;
        Ok(Block {
            header,
            transactions,
            mweb,
        })
    }
}
