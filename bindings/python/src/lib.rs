//! The native half of the `rangeproof` Python package (`rangeproof._native`): thin functions
//! over the library's `Suite` registry and the shared proof documents (`rangeproof-documents`), so that Python, the CLI
//! and the library accept and produce exactly the same documents. The pure-Python half
//! (`python/rangeproof/__init__.py`) gives them a Pythonic shape.
//!
//! Every proving, verifying and recovering call releases the GIL (`allow_threads`): Python
//! threads verify in parallel.

use pyo3::import_exception;
use pyo3::prelude::*;
use pyo3::types::PyBytes;
use rand_core::OsRng;
use rangeproof::{Ed25519, EncodedPoint, Group, Ristretto255, Secp256k1, Suite, SuiteContext};
use rangeproof_app::rounds::{DealerRounds, PartyRounds};
use rangeproof_app::transport;
use rangeproof_documents::circuit;
use rangeproof_documents::input::DEFAULT_MAX_DOCUMENT_BYTES;
use rangeproof_documents::proof::{MAX_EXTRA_DATA, MAX_TRANSCRIPT_LABEL};
use rangeproof_documents::request::{self, Field, RequestParts};
use rangeproof_documents::Document;
use zeroize::Zeroizing;

// The exceptions are Python classes (`python/rangeproof/_errors.py`), not `create_exception!`
// ones: a class created here would claim the module `_native`, which pickle cannot import, so
// an error raised in a worker process could not reach its parent.
import_exception!(rangeproof._errors, InvalidProof);
import_exception!(rangeproof._errors, UnusableInput);
import_exception!(rangeproof._errors, RecoveryFailed);

fn unusable(e: impl std::fmt::Display) -> PyErr {
    UnusableInput::new_err(e.to_string())
}

fn suite(scheme: &str, group: Option<&str>, flavor: Option<&str>) -> PyResult<Suite> {
    request::suite(scheme, group, flavor).map_err(unusable)
}

/// Every supported (scheme, group, flavor).
#[pyfunction]
fn suites() -> Vec<(&'static str, &'static str, &'static str)> {
    Suite::ALL
        .iter()
        .map(|s| (s.scheme(), s.group(), s.flavor()))
        .collect()
}

/// Proves; returns `(document_json, openings_json)`.
#[pyfunction]
#[pyo3(signature = (values, bits, scheme, group, flavor, blindings, label, extension_degree,
    minimum_values, generators_n, value_generator, extra_data, recovery_nonce,
    integer_parameters=None, bytes_parameters=None, bit_lengths=None))]
#[allow(clippy::too_many_arguments)]
fn prove(
    py: Python<'_>,
    values: Vec<u64>,
    bits: Option<usize>,
    scheme: &str,
    group: Option<&str>,
    flavor: Option<&str>,
    blindings: Option<Vec<Vec<Vec<u8>>>>,
    label: Option<Vec<u8>>,
    extension_degree: usize,
    minimum_values: Option<Vec<u64>>,
    generators_n: Option<usize>,
    value_generator: Option<Vec<u8>>,
    extra_data: Option<Vec<u8>>,
    recovery_nonce: Option<Vec<u8>>,
    integer_parameters: Option<Vec<(String, i64)>>,
    bytes_parameters: Option<Vec<(String, Vec<u8>)>>,
    bit_lengths: Option<Vec<usize>>,
) -> PyResult<(String, String)> {
    let suite = suite(scheme, group, flavor)?;
    let parameters = typed_parameters(integer_parameters, bytes_parameters);
    let nonce = match recovery_nonce {
        None => None,
        Some(n) => Some(Zeroizing::new(<[u8; 32]>::try_from(n.as_slice()).map_err(
            |_| unusable(format!("recovery_nonce has {} bytes, expected 32", n.len())),
        )?)),
    };
    // The same checks as the CLI's and the C library's requests (`rangeproof_documents::
    // request`), the reasons naming this function's arguments.
    let parts = RequestParts {
        transcript_label: label,
        // 64 by default where the proof system has bit sizes (and no bit lengths of each
        // value's own are given); none where it has none.
        bits: bits.or_else(|| {
            (!suite.supported_bits().is_empty() && bit_lengths.is_none()).then_some(64)
        }),
        bit_lengths,
        extension_degree: Some(extension_degree),
        minimum_values,
        generators_n,
        value_generator,
        extra_data,
        blindings,
        nonce: nonce.as_deref().copied(),
    };
    let checked = parts
        .check(suite, values.len(), parameters)
        .map_err(|e| unusable(e.describe(argument_name, Some(suite))))?;
    let made = py
        .allow_threads(|| {
            request::prove(rangeproof::SuiteContext::global(), &checked, &values, None)
        })
        .map_err(unusable)?;
    let doc_json = serde_json::to_string(&made.proof).map_err(unusable)?;
    let openings_json = Zeroizing::new(serde_json::to_string(&made.openings).map_err(unusable)?);
    Ok((doc_json, openings_json.to_string()))
}

/// A request's part as `prove`'s arguments name it.
fn argument_name(field: Field) -> &'static str {
    match field {
        Field::TranscriptLabel => "label",
        Field::RecoveryNonce => "recovery_nonce",
        Field::MinBits => "parameters['min_bits']",
        other => other.json(),
    }
}

/// Parses a document; like the CLI, refuses one over 1 MiB before reading it.
fn parse(text: &str) -> PyResult<Document> {
    Document::parse_bounded(text).map_err(unusable)
}

/// Checks that a document is well-formed (raises `UnusableInput` otherwise).
#[pyfunction]
fn check_document(text: &str) -> PyResult<()> {
    parse(text).map(|_| ())
}

/// Verifies a proof document; `Ok` or `InvalidProof(reason)`.
#[pyfunction]
fn verify(py: Python<'_>, text: &str) -> PyResult<()> {
    let parsed = parse(text)?;
    py.allow_threads(|| parsed.verify())
        .map_err(|e| InvalidProof::new_err(e.to_string()))
}

fn recover_error(e: rangeproof_app::recover::RecoverError) -> PyErr {
    match e {
        rangeproof_app::recover::RecoverError::Unusable(reason) => unusable(reason),
        rangeproof_app::recover::RecoverError::Failed(reason) => RecoveryFailed::new_err(reason),
    }
}

/// `(value or None, [blinding bytes], message or None, checked)`.
type RecoveredTuple<'py> = (
    Option<u64>,
    Vec<Bound<'py, PyBytes>>,
    Option<Bound<'py, PyBytes>>,
    bool,
);

/// Recovers with a nonce. When a value is known — given, or rewound (Grin) — the recovered
/// opening is checked against the document's commitment, and `checked` says so: Tari's mask
/// recovery does not fail for a wrong seed (or a proof made without one), it gives wrong
/// blindings, which only the value can expose.
#[pyfunction]
#[pyo3(signature = (text, nonce, value=None))]
fn recover<'py>(
    py: Python<'py>,
    text: &str,
    nonce: Vec<u8>,
    value: Option<u64>,
) -> PyResult<RecoveredTuple<'py>> {
    let Document::Proof(d) = parse(text)? else {
        return Err(unusable("circuit proofs have no recovery nonce"));
    };
    let nonce = Zeroizing::new(nonce);
    let recovered = py
        .allow_threads(|| rangeproof_app::recover::recover(&d, &nonce, value))
        .map_err(recover_error)?;
    let checked = recovered.checked;
    Ok((
        recovered.value,
        recovered
            .blindings
            .iter()
            .map(|b| PyBytes::new(py, b))
            .collect(),
        recovered.message.as_ref().map(|m| PyBytes::new(py, m)),
        checked,
    ))
}

/// The suite's own parameters, typed by the wrapper (`_parameters`); the suite's declarations
/// (names, bounds) are checked with the statement.
fn typed_parameters(
    integers: Option<Vec<(String, i64)>>,
    bytes: Option<Vec<(String, Vec<u8>)>>,
) -> rangeproof::suite::Parameters {
    use rangeproof::suite::ParameterValue;
    let integers = integers
        .unwrap_or_default()
        .into_iter()
        .map(|(name, v)| (name, ParameterValue::Integer(v)));
    let bytes = bytes
        .unwrap_or_default()
        .into_iter()
        .map(|(name, v)| (name, ParameterValue::Bytes(v)));
    integers.chain(bytes).collect()
}

/// Pedersen commitments of given openings, encoded as the suite's documents carry them.
#[pyfunction]
#[pyo3(signature = (values, blindings, scheme, group, flavor, extension_degree, value_generator,
    integer_parameters=None, bytes_parameters=None))]
#[allow(clippy::too_many_arguments)]
fn commit<'py>(
    py: Python<'py>,
    values: Vec<u64>,
    blindings: Vec<Vec<Vec<u8>>>,
    scheme: &str,
    group: Option<&str>,
    flavor: Option<&str>,
    extension_degree: usize,
    value_generator: Option<Vec<u8>>,
    integer_parameters: Option<Vec<(String, i64)>>,
    bytes_parameters: Option<Vec<(String, Vec<u8>)>>,
) -> PyResult<Vec<Bound<'py, PyBytes>>> {
    let suite = suite(scheme, group, flavor)?;
    let blindings = Zeroizing::new(blindings);
    let commitments = rangeproof_documents::request::commit(
        suite,
        extension_degree,
        value_generator.as_deref(),
        None,
        typed_parameters(integer_parameters, bytes_parameters),
        &values,
        &blindings,
    )
    .map_err(unusable)?;
    Ok(commitments.iter().map(|c| PyBytes::new(py, c)).collect())
}

/// Several documents checked together when the batch is (`rangeproof_documents::batch`: one
/// multiscalar multiplication per group, on all cores; circuit documents each on their own).
#[pyclass(module = "rangeproof._native")]
struct Batch {
    documents: Vec<Document>,
}

#[pymethods]
impl Batch {
    #[new]
    fn new() -> Self {
        Batch {
            documents: Vec::new(),
        }
    }

    /// Adds a document (parsed now; its proof is decoded when the batch is checked); returns
    /// its position.
    fn add(&mut self, text: &str) -> PyResult<usize> {
        self.documents.push(parse(text)?);
        Ok(self.documents.len() - 1)
    }

    fn __len__(&self) -> usize {
        self.documents.len()
    }

    /// Verifies the documents: the positions of the ones not valid (empty when all are), and
    /// among them the ones a failing batch did not name, the search stopped at `blame_limit`
    /// (`None`: every invalid one named).
    #[pyo3(signature = (blame_limit))]
    fn check(&self, py: Python<'_>, blame_limit: Option<usize>) -> (Vec<usize>, Vec<usize>) {
        use rangeproof_documents::Invalid;
        let documents: Vec<&Document> = self.documents.iter().collect();
        py.allow_threads(|| {
            let verdicts = rangeproof_documents::batch::verify_all(
                SuiteContext::global(),
                &documents,
                blame_limit,
            );
            let at = |keep: &dyn Fn(&Result<(), Invalid>) -> bool| -> Vec<usize> {
                let kept = verdicts.iter().enumerate().filter(|(_, v)| keep(v));
                kept.map(|(i, _)| i).collect()
            };
            (at(&Result::is_err), at(&|v| *v == Err(Invalid::NotNamed)))
        })
    }
}

/// A Liquid transaction's verdicts, as JSON (`rangeproof_app::liquid`): per output the
/// range proof's and surjection proof's verdicts (and the range shown), the issuances, the
/// balance, and the verdict: valid, invalid or incomplete.
#[pyfunction]
#[pyo3(signature = (tx, spent=None))]
fn liquid_verify_tx(
    py: Python<'_>,
    tx: Vec<u8>,
    spent: Option<Vec<(Vec<u8>, Vec<u8>)>>,
) -> PyResult<String> {
    use rangeproof_app::liquid;
    let spent = spent
        .map(|pairs| liquid::spent_outputs(&pairs))
        .transpose()
        .map_err(unusable)?;
    let (_, report) = py
        .allow_threads(|| liquid::verify_tx(&tx, spent.as_deref()))
        .map_err(unusable)?;
    Ok(report)
}

/// A Litecoin MWEB block or transaction's verdicts, as JSON (`rangeproof_app::mweb`):
/// per output its range proof and signature, per input and kernel its signature, the other
/// checks, and the verdict: valid, invalid or incomplete. `kind` is `"block"`,
/// `"transaction"` or `None` for either. `full_report`: the signatures, proofs and sums checked
/// even where a cheap rule fails first (else reported not checked there).
#[pyfunction]
#[pyo3(signature = (data, kind=None, previous_kernel_offset=None, full_report=false))]
fn mweb_verify(
    py: Python<'_>,
    data: Vec<u8>,
    kind: Option<String>,
    previous_kernel_offset: Option<Vec<u8>>,
    full_report: bool,
) -> PyResult<String> {
    use rangeproof_app::mweb;
    let previous = previous_kernel_offset
        .map(|b| {
            <[u8; 32]>::try_from(b.as_slice()).map_err(|_| {
                unusable(format!(
                    "previous_kernel_offset has {} bytes, expected 32",
                    b.len()
                ))
            })
        })
        .transpose()?;
    let (_, report) = py
        .allow_threads(|| {
            let options = rangeproof::mweb::Options {
                full_report,
                ..Default::default()
            };
            mweb::verify(&data, kind.as_deref(), previous.as_ref(), &options)
        })
        .map_err(unusable)?;
    Ok(report)
}

/// `(position, ID, address index, value, blinding factor, nonce)` of an output a wallet owns.
type FoundTuple<'py> = (
    usize,
    Bound<'py, PyBytes>,
    u32,
    u64,
    Bound<'py, PyBytes>,
    Bound<'py, PyBytes>,
);

/// The outputs of an MWEB block or transaction that a wallet (scan secret, spend public key,
/// address indices `0..addresses`) owns: position, ID, address, value, blinding factor
/// (big-endian) and nonce each, the secrets as bytes (no text copy of them is made here).
#[pyfunction]
fn mweb_scan<'py>(
    py: Python<'py>,
    data: Vec<u8>,
    scan_key: Vec<u8>,
    spend_pubkey: Vec<u8>,
    addresses: u32,
) -> PyResult<Vec<FoundTuple<'py>>> {
    use rangeproof_app::mweb;
    let scan_key = Zeroizing::new(scan_key);
    let wallet = mweb::wallet(&scan_key, &spend_pubkey, addresses).map_err(unusable)?;
    let bytes = mweb::bytes_of(&data).map_err(unusable)?;
    let parsed = mweb::parse(&bytes).map_err(unusable)?;
    // The library's scan, its secrets as bytes (no text between).
    let found = py.allow_threads(|| mweb::scan(&parsed, &wallet));
    Ok(found
        .iter()
        .map(|f| {
            (
                f.output,
                PyBytes::new(py, &f.id),
                f.address,
                f.value,
                PyBytes::new(py, f.blinding.as_slice()),
                PyBytes::new(py, f.nonce.as_slice()),
            )
        })
        .collect())
}

/// Each output's range proof of an MWEB block or transaction as a proof document (JSON text).
#[pyfunction]
fn mweb_documents(data: Vec<u8>) -> PyResult<Vec<String>> {
    use rangeproof_app::mweb;
    let bytes = mweb::bytes_of(&data).map_err(unusable)?;
    let parsed = mweb::parse(&bytes).map_err(unusable)?;
    parsed
        .output_documents()
        .iter()
        .map(|d| serde_json::to_string(d).map_err(|e| unusable(e.to_string())))
        .collect()
}

/// `(value, asset tag, asset blinding, value blinding)` of an output unblinded with the
/// receiver's blinding key; `RecoveryFailed` when the key does not open it.
type UnblindedTuple<'py> = (
    u64,
    Bound<'py, PyBytes>,
    Bound<'py, PyBytes>,
    Bound<'py, PyBytes>,
);

#[pyfunction]
fn liquid_unblind<'py>(
    py: Python<'py>,
    tx: Vec<u8>,
    output: usize,
    blinding_key: Vec<u8>,
) -> PyResult<UnblindedTuple<'py>> {
    let blinding_key = Zeroizing::new(blinding_key);
    let got = py
        .allow_threads(|| rangeproof_app::recover::unblind(&tx, output, &blinding_key))
        .map_err(recover_error)?;
    Ok((
        got.value,
        PyBytes::new(py, &got.asset),
        PyBytes::new(py, &got.asset_blinding.to_bytes()),
        PyBytes::new(py, &got.value_blinding.to_bytes()),
    ))
}

/// An asset surjection proof for an output of `output_tag` (blinded by `output_blinding`) over
/// inputs of `input_tags` (blinded by `input_blindings`): `n_to_use` inputs drawn from `seed`
/// (`None`: a fresh secret one, drawn by the library) as libsecp256k1-zkp draws them (at most
/// `max_iterations` draws). Returns the proof and the
/// input generators and output generator it is over: the surjection proof document (JSON),
/// as every front end writes it (`rangeproof_app::assets`).
#[pyfunction]
#[allow(clippy::too_many_arguments)]
fn liquid_prove_surjection(
    py: Python<'_>,
    input_tags: Vec<Vec<u8>>,
    input_blindings: Vec<Vec<u8>>,
    output_tag: Vec<u8>,
    output_blinding: Vec<u8>,
    seed: Option<Vec<u8>>,
    n_to_use: usize,
    max_iterations: usize,
) -> PyResult<String> {
    let seed = seed.map(Zeroizing::new);
    let (input_blindings, output_blinding) = (
        Zeroizing::new(input_blindings),
        Zeroizing::new(output_blinding),
    );
    let proved = py
        .allow_threads(|| {
            rangeproof_app::assets::prove_surjection(
                &input_tags,
                &input_blindings,
                &output_tag,
                &output_blinding,
                seed.as_deref().map(Vec::as_slice),
                n_to_use,
                max_iterations,
            )
        })
        .map_err(unusable)?;
    serde_json::to_string(&proved.document()).map_err(unusable)
}

/// The blinded asset generator `A + r·G` of a 32-byte asset tag and blinding factor (33 bytes).
#[pyfunction]
fn liquid_asset_generator<'py>(
    py: Python<'py>,
    tag: Vec<u8>,
    blinding: Vec<u8>,
) -> PyResult<Bound<'py, PyBytes>> {
    let blinding = Zeroizing::new(blinding);
    let g = rangeproof_app::assets::asset_generator(&tag, &blinding).map_err(unusable)?;
    Ok(PyBytes::new(py, &g))
}

/// The sum of encoded points of a group (`"ristretto255"`, `"ed25519"`, `"secp256k1"`), encoded
/// the same way: Pedersen commitments add to the commitment of the summed openings, which is
/// how a Merkle-sum tree's parent commits to its children (`rangeproof.cluster.proof_of_liabilities`).
/// Every point must be a canonical encoding.
#[pyfunction]
fn sum_points<'py>(
    py: Python<'py>,
    group: &str,
    points: Vec<Vec<u8>>,
) -> PyResult<Bound<'py, PyBytes>> {
    fn sum<G: Group>(points: &[Vec<u8>]) -> PyResult<Vec<u8>> {
        let mut total = G::identity();
        for (i, bytes) in points.iter().enumerate() {
            let invalid = || unusable(format!("point {i} is not a canonical {} encoding", G::NAME));
            let encoding = G::PointEncoding::try_from(bytes.as_slice()).map_err(|_| invalid())?;
            let point = EncodedPoint::<G>::decode(&encoding)
                .and_then(|p| p.point())
                .map_err(|_| invalid())?;
            total += point;
        }
        Ok(G::point_to_bytes(&total).as_ref().to_vec())
    }
    let bytes = match group {
        "ristretto255" => sum::<Ristretto255>(&points)?,
        "ed25519" => sum::<Ed25519>(&points)?,
        "secp256k1" => sum::<Secp256k1>(&points)?,
        other => {
            return Err(unusable(format!(
                "group {other:?}: one of ristretto255, ed25519, secp256k1"
            )))
        }
    };
    Ok(PyBytes::new(py, &bytes))
}

/// A SHA-256 preimage proof: the circuit document (JSON).
#[pyfunction]
fn circuit_prove_sha256(py: Python<'_>, preimage: Vec<u8>, flavor: &str) -> PyResult<String> {
    let preimage = Zeroizing::new(preimage);
    let flavor = circuit::flavor(flavor).map_err(unusable)?;
    let doc = py
        .allow_threads(|| circuit::prove_sha256(&preimage, flavor))
        .map_err(unusable)?;
    serde_json::to_string(&doc).map_err(unusable)
}

/// Per value, its value and blinding (secret).
type ShuffleOpenings<'py> = Vec<(u64, Bound<'py, PyBytes>)>;

/// A shuffle proof: the circuit document (JSON) and the inputs' and outputs' openings.
#[pyfunction]
fn circuit_prove_shuffle<'py>(
    py: Python<'py>,
    inputs: Vec<u64>,
    outputs: Vec<u64>,
    flavor: &str,
    label: &str,
) -> PyResult<(String, ShuffleOpenings<'py>, ShuffleOpenings<'py>)> {
    let (inputs, outputs) = (Zeroizing::new(inputs), Zeroizing::new(outputs));
    let flavor = circuit::flavor(flavor).map_err(unusable)?;
    let proved = py
        .allow_threads(|| circuit::prove_shuffle_of(&inputs, &outputs, flavor, label, &mut OsRng))
        .map_err(unusable)?;
    let opened = |list: &[(u64, [u8; 32])]| -> ShuffleOpenings<'py> {
        list.iter()
            .map(|(v, blinding)| (*v, PyBytes::new(py, blinding)))
            .collect()
    };
    Ok((
        serde_json::to_string(&proved.document).map_err(unusable)?,
        opened(&proved.inputs),
        opened(&proved.outputs),
    ))
}

fn mpc_flavor(name: &str) -> PyResult<transport::MpcDeployment> {
    transport::MpcDeployment::from_name(name).ok_or_else(|| {
        unusable(format!(
            "flavor {name:?}: the multi-party protocol runs in \"dalek\" or \"monero\""
        ))
    })
}

fn messages<'py>(py: Python<'py>, list: Vec<Vec<u8>>) -> Vec<Bound<'py, PyBytes>> {
    list.iter().map(|m| PyBytes::new(py, m)).collect()
}

/// The multi-party protocol's dealer, one round per call (`rangeproof_app::rounds`).
#[pyclass(module = "rangeproof._native")]
struct MpcDealer {
    rounds: DealerRounds,
}

#[pymethods]
impl MpcDealer {
    #[new]
    fn new(flavor: &str, bits: usize, counts: Vec<usize>, label: &str) -> PyResult<Self> {
        let rounds = DealerRounds::new(
            mpc_flavor(flavor)?,
            bits,
            &counts,
            label.as_bytes(),
            &mut OsRng,
        )
        .map_err(unusable)?;
        Ok(MpcDealer { rounds })
    }

    fn invitation<'py>(&self, py: Python<'py>, party: usize) -> PyResult<Bound<'py, PyBytes>> {
        let bytes = self.rounds.invitation(party).ok_or_else(|| {
            unusable(format!(
                "party {party}: the run has {} parties",
                self.rounds.parties()
            ))
        })?;
        Ok(PyBytes::new(py, &bytes))
    }

    fn bit_commitments<'py>(
        &mut self,
        py: Python<'py>,
        messages_in: Vec<Vec<u8>>,
    ) -> PyResult<Vec<Bound<'py, PyBytes>>> {
        let out = self
            .rounds
            .bit_commitments(&messages_in, &mut OsRng)
            .map_err(unusable)?;
        Ok(messages(py, out))
    }

    fn poly_commitments<'py>(
        &mut self,
        py: Python<'py>,
        messages_in: Vec<Vec<u8>>,
    ) -> PyResult<Vec<Bound<'py, PyBytes>>> {
        let out = self
            .rounds
            .poly_commitments(&messages_in)
            .map_err(unusable)?;
        Ok(messages(py, out))
    }

    /// The proof document (JSON).
    fn shares(&mut self, messages_in: Vec<Vec<u8>>) -> PyResult<String> {
        let doc = self
            .rounds
            .shares(&messages_in, &mut OsRng)
            .map_err(unusable)?;
        serde_json::to_string(&doc).map_err(unusable)
    }
}

/// A party of the multi-party protocol, one round per call.
#[pyclass(module = "rangeproof._native")]
struct MpcParty {
    rounds: PartyRounds,
}

#[pymethods]
impl MpcParty {
    /// Joins with an invitation: the party and its bit commitment.
    #[staticmethod]
    fn join<'py>(
        py: Python<'py>,
        invitation: Vec<u8>,
        values: Vec<u64>,
    ) -> PyResult<(MpcParty, Bound<'py, PyBytes>)> {
        let values = Zeroizing::new(values);
        let (rounds, first) =
            PartyRounds::join(&invitation, &values, &mut OsRng).map_err(unusable)?;
        Ok((MpcParty { rounds }, PyBytes::new(py, &first)))
    }

    /// The openings (JSON, as `rangeproof mpc party --openings` writes them). Secret.
    fn openings(&self) -> PyResult<String> {
        serde_json::to_string(self.rounds.openings()).map_err(unusable)
    }

    fn bit_challenge<'py>(
        &mut self,
        py: Python<'py>,
        message: Vec<u8>,
    ) -> PyResult<Bound<'py, PyBytes>> {
        let out = self.rounds.bit_challenge(&message).map_err(unusable)?;
        Ok(PyBytes::new(py, &out))
    }

    fn poly_challenge<'py>(
        &mut self,
        py: Python<'py>,
        message: Vec<u8>,
    ) -> PyResult<Bound<'py, PyBytes>> {
        let out = self.rounds.poly_challenge(&message).map_err(unusable)?;
        Ok(PyBytes::new(py, &out))
    }
}

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    // Imported here, so that a broken install fails at import with an ImportError rather
    // than with a panic at the first error raised; re-exported under their old names.
    let errors = m.py().import("rangeproof._errors")?;
    for name in [
        "ProofError",
        "InvalidProof",
        "UnusableInput",
        "UnusableType",
        "RecoveryFailed",
    ] {
        m.add(name, errors.getattr(name)?)?;
    }
    // The version of the crate built into this binary (Cargo.toml, which pyproject matches).
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    // The CLI's bounds, which the Python half checks before calling in.
    m.add("MAX_DOCUMENT_BYTES", DEFAULT_MAX_DOCUMENT_BYTES)?;
    m.add("BLAME_LIMIT", rangeproof_documents::batch::BLAME_LIMIT)?;
    m.add("MAX_LABEL_BYTES", MAX_TRANSCRIPT_LABEL)?;
    m.add("MAX_EXTRA_DATA", MAX_EXTRA_DATA)?;
    m.add(
        "MAX_VALUES",
        Suite::ALL.iter().map(|s| s.max_values()).max().unwrap_or(0),
    )?;
    // The transaction formats' caps (raw bytes) and their reasons, as every front end states
    // them (`rangeproof_app::{liquid, mweb}::CAP`).
    let liquid_cap = rangeproof_app::liquid::CAP;
    let mweb_cap = rangeproof_app::mweb::CAP;
    m.add("LIQUID_MAX_TX_BYTES", liquid_cap.raw)?;
    m.add("LIQUID_TOO_LARGE", liquid_cap.too_large())?;
    m.add("MWEB_MAX_BYTES", mweb_cap.raw)?;
    m.add("MWEB_TOO_LARGE", mweb_cap.too_large())?;
    m.add_function(wrap_pyfunction!(suites, m)?)?;
    m.add_function(wrap_pyfunction!(prove, m)?)?;
    m.add_function(wrap_pyfunction!(check_document, m)?)?;
    m.add_function(wrap_pyfunction!(verify, m)?)?;
    m.add_function(wrap_pyfunction!(recover, m)?)?;
    m.add_function(wrap_pyfunction!(commit, m)?)?;
    m.add_function(wrap_pyfunction!(sum_points, m)?)?;
    m.add_function(wrap_pyfunction!(liquid_verify_tx, m)?)?;
    m.add_function(wrap_pyfunction!(mweb_verify, m)?)?;
    m.add_function(wrap_pyfunction!(mweb_scan, m)?)?;
    m.add_function(wrap_pyfunction!(mweb_documents, m)?)?;
    m.add_function(wrap_pyfunction!(liquid_unblind, m)?)?;
    m.add_function(wrap_pyfunction!(liquid_asset_generator, m)?)?;
    m.add_function(wrap_pyfunction!(liquid_prove_surjection, m)?)?;
    m.add_function(wrap_pyfunction!(circuit_prove_sha256, m)?)?;
    m.add_function(wrap_pyfunction!(circuit_prove_shuffle, m)?)?;
    m.add_class::<Batch>()?;
    m.add_class::<MpcDealer>()?;
    m.add_class::<MpcParty>()?;
    Ok(())
}
