//! Elements transactions, parsed (a parser of our own: the `elements` crate would bring the C
//! library and `bitcoin` into the normal dependencies; its parser is our differential test).
//!
//! ```text
//! version u32 | witness flag u8 (0 or 1) | inputs | outputs | lock time u32
//! [witness flag 1: per input, its witness; per output, its witness]
//! input   prevout txid 32 | vout u32 (bit 31: issuance, bit 30: peg-in; all ones: coinbase)
//!         | scriptSig | sequence u32 | [issuance: nonce 32, entropy 32, amount, inflation keys]
//! output  asset | value | nonce | scriptPubKey
//! input witness   issuance amount range proof | inflation keys range proof
//!                 | script witness (stack) | peg-in witness (stack)
//! output witness  surjection proof | range proof
//! ```
//!
//! Integers are little-endian and lengths Bitcoin's compact sizes (canonical only, as
//! Elements reads them); byte strings are length-prefixed, stacks a count of byte strings.
//! Confidential fields start with a prefix: asset `00` null, `01` explicit (32 bytes), `0a`/`0b`
//! a generator; value `00` null, `01` explicit (8 bytes, big-endian), `08`/`09` a commitment;
//! nonce `00` null, `01` explicit (32 bytes), `02`/`03` a public key. An output's asset and
//! amount may not be null (an issuance's amounts may). Points are checked as the node checks
//! them when parsing (on the curve); nothing past the transaction is accepted.

use crate::bitcoin_wire::Reader;
use crate::secp256k1_zkp::generator::{Commitment, ValueGenerator};
use crate::DecodeError;
use crate::ProofError;

/// The most bytes a transaction may have: its weight is at most a block's (Elements'
/// `MAX_BLOCK_WEIGHT`, 4 000 000) and its size at most its weight.
pub const MAX_TRANSACTION_BYTES: usize = 4_000_000;

/// An output's (or issuance's) asset.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Asset {
    /// None (a null field).
    Null,
    /// An explicit asset tag (32 bytes, in the transaction's byte order).
    Explicit([u8; 32]),
    /// A blinded asset generator.
    Confidential(ValueGenerator),
}

/// An output's (or issuance's) amount.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    /// None.
    Null,
    /// An explicit amount.
    Explicit(u64),
    /// A Pedersen commitment on the output's asset generator.
    Confidential(Commitment),
}

/// An output's nonce: for a confidential output, the sender's ephemeral public key, with
/// which the receiver's blinding key makes the range proof's rewind nonce.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Nonce {
    /// None.
    Null,
    /// 32 explicit bytes.
    Explicit([u8; 32]),
    /// A compressed public key (`02`/`03` ‖ x).
    Confidential([u8; 33]),
}

/// An input's asset issuance.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AssetIssuance {
    /// The blinding nonce (zero for a new asset).
    pub blinding_nonce: [u8; 32],
    /// The asset entropy.
    pub entropy: [u8; 32],
    /// The amount issued.
    pub amount: Value,
    /// The reissuance tokens issued.
    pub inflation_keys: Value,
}

/// An input, read from the transaction's bytes (its byte strings borrow them).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TxIn<'a> {
    /// The spent output's transaction id (byte order of the serialization).
    pub previous_txid: [u8; 32],
    /// The spent output's index (flags removed).
    pub previous_vout: u32,
    /// Whether it is a peg-in.
    pub is_pegin: bool,
    /// The script signature.
    pub script_sig: &'a [u8],
    /// The sequence number.
    pub sequence: u32,
    /// The asset issuance, if any.
    pub issuance: Option<AssetIssuance>,
    /// The issuance amount's range proof (empty if none).
    pub issuance_amount_rangeproof: &'a [u8],
    /// The inflation keys' range proof (empty if none).
    pub inflation_keys_rangeproof: &'a [u8],
    /// The script witness stack.
    pub script_witness: Stack<'a>,
    /// The peg-in witness stack.
    pub pegin_witness: Stack<'a>,
}

/// An output, read from the transaction's bytes (its byte strings borrow them).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TxOut<'a> {
    /// The asset.
    pub asset: Asset,
    /// The amount.
    pub value: Value,
    /// The nonce (the ECDH public key of a confidential output).
    pub nonce: Nonce,
    /// The locking script (a Borromean proof's `extra_commit`).
    pub script_pubkey: &'a [u8],
    /// The asset surjection proof (empty if none).
    pub surjection_proof: &'a [u8],
    /// The range proof (empty if none).
    pub rangeproof: &'a [u8],
}

/// A witness stack: a count of length-prefixed byte strings, kept as the bytes that hold them
/// (read one by one with [`Stack::items`]; an item costs no memory until it is read).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stack<'a> {
    len: usize,
    items: &'a [u8],
}

impl<'a> Stack<'a> {
    /// The number of items.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The items, in order.
    pub fn items(&self) -> impl ExactSizeIterator<Item = &'a [u8]> + 'a {
        let mut r = Reader::new(self.items);
        // The items were read once when the transaction was parsed: reading them again from
        // the same bytes cannot fail, and a failure would end the iteration early.
        (0..self.len).map(move |_| r.bytes("stack item").unwrap_or_default())
    }
}

/// Where an input or output starts in the serialization, and where its witness does (0 when
/// the transaction has none: a witness never starts at byte 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Span {
    at: u32,
    witness: u32,
}

// What the parse keeps per input and output beside the bytes it borrows.
const _: () = assert!(core::mem::size_of::<Span>() == 8);

/// An Elements transaction, parsed and checked, over its serialization: the header fields,
/// and where each input and output is (8 bytes apiece). [`Transaction::input`] and
/// [`Transaction::output`] read one again when asked (its points decoded again), so memory
/// stays a small multiple of the transaction's size whatever its shape: a million one-byte
/// outputs would otherwise cost hundreds of bytes each.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Transaction<'a> {
    /// The version.
    pub version: u32,
    /// The lock time.
    pub lock_time: u32,
    bytes: &'a [u8],
    /// Where the lock time ends: the length of the serialization without the witness.
    base_size: u32,
    inputs: Vec<Span>,
    outputs: Vec<Span>,
}

impl<'a> Reader<'a> {
    fn stack(&mut self, what: &'static str) -> Result<Stack<'a>, ProofError> {
        let len = self.compact_size(what)?;
        let start = self.at;
        for _ in 0..len {
            self.bytes(what)?;
        }
        Ok(Stack {
            len,
            items: &self.bytes[start..self.at],
        })
    }

    fn asset(&mut self) -> Result<Asset, ProofError> {
        match self.u8("asset")? {
            0 => Ok(Asset::Null),
            1 => Ok(Asset::Explicit(self.array("asset")?)),
            prefix @ (0x0a | 0x0b) => {
                let mut bytes = [prefix; 33];
                bytes[1..].copy_from_slice(self.take(32, "asset")?);
                ValueGenerator::from_bytes(&bytes)
                    .map(Asset::Confidential)
                    .map_err(|_| {
                        ProofError::Decode(DecodeError::MalformedTransaction(
                            "asset generator not on the curve",
                        ))
                    })
            }
            _ => Err(ProofError::Decode(DecodeError::MalformedTransaction(
                "asset prefix",
            ))),
        }
    }

    fn value(&mut self) -> Result<Value, ProofError> {
        match self.u8("value")? {
            0 => Ok(Value::Null),
            1 => Ok(Value::Explicit(u64::from_be_bytes(self.array("value")?))),
            prefix @ (0x08 | 0x09) => {
                let mut bytes = [prefix; 33];
                bytes[1..].copy_from_slice(self.take(32, "value")?);
                Commitment::from_bytes(&bytes)
                    .map(Value::Confidential)
                    .map_err(|_| {
                        ProofError::Decode(DecodeError::MalformedTransaction(
                            "value commitment not on the curve",
                        ))
                    })
            }
            _ => Err(ProofError::Decode(DecodeError::MalformedTransaction(
                "value prefix",
            ))),
        }
    }

    fn nonce(&mut self) -> Result<Nonce, ProofError> {
        match self.u8("nonce")? {
            0 => Ok(Nonce::Null),
            1 => Ok(Nonce::Explicit(self.array("nonce")?)),
            prefix @ (0x02 | 0x03) => {
                let mut bytes = [prefix; 33];
                bytes[1..].copy_from_slice(self.take(32, "nonce")?);
                crate::secp256k1_zkp::public_key(&bytes)
                    .map(|_| Nonce::Confidential(bytes))
                    .ok_or(ProofError::Decode(DecodeError::MalformedTransaction(
                        "nonce public key not on the curve",
                    )))
            }
            _ => Err(ProofError::Decode(DecodeError::MalformedTransaction(
                "nonce prefix",
            ))),
        }
    }
}

impl Asset {
    /// Parses an asset field as transactions serialize it (`01` ‖ tag, or a generator),
    /// all of `bytes`.
    pub fn from_bytes(bytes: &[u8]) -> Result<Asset, ProofError> {
        let mut r = Reader::new(bytes);
        let asset = r.asset()?;
        if r.at != bytes.len() {
            return Err(DecodeError::MalformedTransaction("asset length").into());
        }
        Ok(asset)
    }
}

impl Value {
    /// Parses an amount field as transactions serialize it (`01` ‖ 8 bytes big-endian, or a
    /// commitment), all of `bytes`.
    pub fn from_bytes(bytes: &[u8]) -> Result<Value, ProofError> {
        let mut r = Reader::new(bytes);
        let value = r.value()?;
        if r.at != bytes.len() {
            return Err(DecodeError::MalformedTransaction("value length").into());
        }
        Ok(value)
    }
}

impl<'a> Reader<'a> {
    fn input(&mut self) -> Result<TxIn<'a>, ProofError> {
        let previous_txid = self.array("prevout")?;
        let vout = self.u32("prevout")?;
        let script_sig = self.bytes("scriptSig")?;
        let sequence = self.u32("sequence")?;
        let (previous_vout, is_pegin, has_issuance) = if vout == u32::MAX {
            (vout, false, false)
        } else {
            (
                vout & !(3 << 30),
                vout & (1 << 30) != 0,
                vout & (1 << 31) != 0,
            )
        };
        let issuance = if has_issuance {
            let issuance = AssetIssuance {
                blinding_nonce: self.array("issuance")?,
                entropy: self.array("issuance")?,
                amount: self.value()?,
                inflation_keys: self.value()?,
            };
            // Elements' `CAssetIssuance::IsNull`: no amount and no inflation keys (the nonce
            // and entropy do not count), flagged yet null is refused.
            if issuance.amount == Value::Null && issuance.inflation_keys == Value::Null {
                return Err(DecodeError::MalformedTransaction("superfluous asset issuance").into());
            }
            Some(issuance)
        } else {
            None
        };
        Ok(TxIn {
            previous_txid,
            previous_vout,
            is_pegin,
            script_sig,
            sequence,
            issuance,
            issuance_amount_rangeproof: &[],
            inflation_keys_rangeproof: &[],
            script_witness: Stack::default(),
            pegin_witness: Stack::default(),
        })
    }

    /// An input's witness into `input`; whether it has anything.
    fn input_witness(&mut self, input: &mut TxIn<'a>) -> Result<bool, ProofError> {
        input.issuance_amount_rangeproof = self.bytes("issuance range proof")?;
        input.inflation_keys_rangeproof = self.bytes("inflation keys range proof")?;
        input.script_witness = self.stack("script witness")?;
        input.pegin_witness = self.stack("peg-in witness")?;
        Ok(!(input.issuance_amount_rangeproof.is_empty()
            && input.inflation_keys_rangeproof.is_empty()
            && input.script_witness.is_empty()
            && input.pegin_witness.is_empty()))
    }

    fn output(&mut self) -> Result<TxOut<'a>, ProofError> {
        let asset = self.asset()?;
        let value = self.value()?;
        // Elements' `CTxOut::Unserialize` (src/primitives/transaction.h) throws "Confidential
        // values may not be null" for an output whose asset or amount is null: such bytes are
        // not a transaction to it, so they are none to us (a null nonce is allowed).
        if asset == Asset::Null || value == Value::Null {
            return Err(DecodeError::MalformedTransaction(
                "an output's asset or amount is null (Confidential values may not be null)",
            )
            .into());
        }
        Ok(TxOut {
            asset,
            value,
            nonce: self.nonce()?,
            script_pubkey: self.bytes("scriptPubKey")?,
            surjection_proof: &[],
            rangeproof: &[],
        })
    }

    /// An output's witness into `output`; whether it has anything.
    fn output_witness(&mut self, output: &mut TxOut<'a>) -> Result<bool, ProofError> {
        output.surjection_proof = self.bytes("surjection proof")?;
        output.rangeproof = self.bytes("range proof")?;
        Ok(!(output.surjection_proof.is_empty() && output.rangeproof.is_empty()))
    }

    /// Where the cursor is, as a span offset (the transaction is at most 4 MB).
    fn offset(&self) -> u32 {
        self.at as u32
    }
}

impl<'a> Transaction<'a> {
    /// Parses and checks a serialized transaction, all of it (trailing bytes are refused; at
    /// most [`MAX_TRANSACTION_BYTES`]). Nothing is copied: the result borrows `bytes`.
    pub fn from_bytes(bytes: &'a [u8]) -> Result<Transaction<'a>, ProofError> {
        if bytes.len() > MAX_TRANSACTION_BYTES {
            return Err(DecodeError::TooLarge {
                size: bytes.len(),
                max: MAX_TRANSACTION_BYTES,
            }
            .into());
        }
        let mut r = Reader::new(bytes);
        let version = r.u32("version")?;
        let witness_flag = r.u8("witness flag")?;
        if witness_flag > 1 {
            return Err(DecodeError::MalformedTransaction("witness flag").into());
        }
        let n_inputs = r.compact_size("input count")?;
        // An input is at least 41 bytes: a count beyond what is left cannot be honest.
        if n_inputs > bytes.len() / 41 {
            return Err(DecodeError::MalformedTransaction("input count").into());
        }
        let mut inputs = Vec::with_capacity(n_inputs);
        for _ in 0..n_inputs {
            let at = r.offset();
            r.input()?;
            inputs.push(Span { at, witness: 0 });
        }
        let n_outputs = r.compact_size("output count")?;
        if n_outputs > bytes.len() / 4 {
            return Err(DecodeError::MalformedTransaction("output count").into());
        }
        let mut outputs = Vec::with_capacity(n_outputs);
        for _ in 0..n_outputs {
            let at = r.offset();
            r.output()?;
            outputs.push(Span { at, witness: 0 });
        }
        let lock_time = r.u32("lock time")?;
        let base_size = r.offset();
        if witness_flag == 1 {
            let mut any = false;
            for span in &mut inputs {
                span.witness = r.offset();
                any |= r.input_witness(&mut TxIn::empty())?;
            }
            for span in &mut outputs {
                span.witness = r.offset();
                any |= r.output_witness(&mut TxOut::empty())?;
            }
            if !any {
                return Err(
                    DecodeError::MalformedTransaction("witness flag set but no witnesses").into(),
                );
            }
        }
        if r.at != bytes.len() {
            return Err(DecodeError::MalformedTransaction("trailing bytes").into());
        }
        Ok(Transaction {
            version,
            lock_time,
            bytes,
            base_size,
            inputs,
            outputs,
        })
    }

    /// The serialization it was parsed from.
    pub fn as_bytes(&self) -> &'a [u8] {
        self.bytes
    }

    /// The size of its serialization without the witness (Elements'
    /// `SERIALIZE_TRANSACTION_NO_WITNESS`: the version, a witness flag byte of 0, the inputs,
    /// the outputs and the lock time; the flag byte is there either way, so this is where the
    /// lock time ends).
    pub fn base_size(&self) -> usize {
        self.base_size as usize
    }

    /// Whether it carries witness data (its witness flag is 1, which the parser accepts only
    /// when some input or output witness is not empty).
    pub fn has_witness(&self) -> bool {
        self.base_size() < self.bytes.len()
    }

    /// Its weight, as Elements' `GetTransactionWeight` counts it: three times the size without
    /// the witness, plus the whole size.
    pub fn weight(&self) -> usize {
        3 * self.base_size() + self.bytes.len()
    }

    /// The number of inputs.
    pub fn n_inputs(&self) -> usize {
        self.inputs.len()
    }

    /// The number of outputs.
    pub fn n_outputs(&self) -> usize {
        self.outputs.len()
    }

    /// Input `index` with its witness, read again from the bytes.
    pub fn input(&self, index: usize) -> Option<TxIn<'a>> {
        let span = self.inputs.get(index)?;
        let mut input = self.reader(span.at).input().ok()?;
        if span.witness != 0 {
            self.reader(span.witness).input_witness(&mut input).ok()?;
        }
        Some(input)
    }

    /// Output `index` with its witness, read again from the bytes.
    pub fn output(&self, index: usize) -> Option<TxOut<'a>> {
        let span = self.outputs.get(index)?;
        let mut output = self.reader(span.at).output().ok()?;
        if span.witness != 0 {
            self.reader(span.witness).output_witness(&mut output).ok()?;
        }
        Some(output)
    }

    /// The inputs, in order. Each was read once by [`Transaction::from_bytes`] from the same
    /// bytes, so reading it again cannot fail (the iterator would end early if it did).
    pub fn inputs(&self) -> impl Iterator<Item = TxIn<'a>> + '_ {
        (0..self.inputs.len()).map_while(|i| self.input(i))
    }

    /// The outputs, in order (as [`Transaction::inputs`]).
    pub fn outputs(&self) -> impl Iterator<Item = TxOut<'a>> + '_ {
        (0..self.outputs.len()).map_while(|i| self.output(i))
    }

    fn reader(&self, at: u32) -> Reader<'a> {
        let mut r = Reader::new(self.bytes);
        r.at = at as usize;
        r
    }
}

impl TxIn<'_> {
    /// An input with every field empty (the parser fills it; tests build from it).
    pub(super) fn empty() -> Self {
        TxIn {
            previous_txid: [0; 32],
            previous_vout: 0,
            is_pegin: false,
            script_sig: &[],
            sequence: 0,
            issuance: None,
            issuance_amount_rangeproof: &[],
            inflation_keys_rangeproof: &[],
            script_witness: Stack::default(),
            pegin_witness: Stack::default(),
        }
    }
}

impl TxOut<'_> {
    fn empty() -> Self {
        TxOut {
            asset: Asset::Null,
            value: Value::Null,
            nonce: Nonce::Null,
            script_pubkey: &[],
            surjection_proof: &[],
            rangeproof: &[],
        }
    }
}
