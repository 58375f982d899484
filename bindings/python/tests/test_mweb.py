"""Litecoin MWEB from Python: the committed transactions (proofs by libsecp256k1-zkp and by
rangeproof) verify, a changed proof byte names its output, the test wallet finds its outputs,
each output's proof is a document that batches with others, and bad input raises typed errors.
Litecoin testnet blocks are read from ``../shared/vectors/mweb/`` when it is beside the
repository (copied from a repository tree, they are not committed); without it that test says so
and the rest still run."""

import json
from pathlib import Path

import pytest

import rangeproof
from rangeproof import UnusableInput, UnusableType, mweb

ROOT = Path(__file__).resolve().parents[3]
MADE = json.loads((ROOT / "vectors" / "mweb-made-here.json").read_text())
SHARED = ROOT.parent / "shared" / "vectors" / "mweb"
WALLET = MADE["wallet"]


def test_made_here_transactions_verify():
    assert MADE["transactions"]
    for case in MADE["transactions"]:
        report = mweb.verify_tx(case["tx"])
        assert report.valid and report.verdict == "valid" and report.kind == "transaction"
        assert len(report.outputs) == len(case["values"])
        assert report.checks["kernel_sum"] == "holds"
        assert report.invalid_outputs == []
        assert mweb.verify_tx(bytes.fromhex(case["tx"])) == report


def test_refused_pegins_are_invalid_naming_the_rule():
    """Peg-ins Litecoin Core refuses (each would mint coins if the MWEB side alone were trusted)
    are invalid, the failing check named with Core's rule; the accepted ones have no findings."""
    for case in MADE["transactions"]:
        report = mweb.verify_tx(case["tx"])
        assert report.findings == [] and report.checks["pegins"] == "holds"
    assert MADE["refused"]
    for case in MADE["refused"]:
        report = mweb.verify_tx(case["tx"])
        assert report.verdict == "invalid" and not report.valid, case["why"]
        assert report.checks[case["check"]] == "fails"
        finding = next(f for f in report.findings if f["check"] == case["check"])
        assert finding["rule"] == case["rule"], case["why"]
        if case["why"].startswith("MWEB-only"):
            assert len(finding["kernel"]) == 64


def test_a_changed_proof_byte_names_the_output():
    raw = bytearray.fromhex(MADE["transactions"][2]["tx"])
    docs = [json.loads(d) for d in mweb.documents(bytes(raw))]
    proof = bytes.fromhex(docs[1]["proof"])
    at = bytes(raw).index(proof) + 300
    raw[at] ^= 0x01
    # The output's ID changes with its proof, which breaks the outputs' order here: the full
    # report checks the proofs all the same.
    report = mweb.verify_tx(bytes(raw), full_report=True)
    assert report.verdict == "invalid" and not report.valid
    assert report.invalid_outputs == [1]
    # By default a failing cheap rule leaves the cryptography unchecked (None), never valid.
    quick = mweb.verify_tx(bytes(raw))
    assert quick.verdict == "invalid"
    assert quick.checks["sorted"] == "fails" and quick.checks["kernel_sum"] == "not checked"
    assert all(o["signature"] is None for o in quick.outputs) and quick.kernels == [None]
    assert quick.invalid_outputs == list(range(len(quick.outputs)))
    with pytest.raises(rangeproof.UnusableType):
        mweb.verify_tx(bytes(raw), full_report="yes")


def test_the_wallet_finds_its_outputs():
    scan_key = bytes.fromhex(WALLET["scan_secret"])
    spend = bytes.fromhex(WALLET["spend_pubkey"])
    case = MADE["transactions"][4]
    found = mweb.scan(case["tx"], scan_key, spend, addresses=8)
    assert sorted(f.value for f in found) == sorted(case["values"])
    assert all(len(f.blinding) == 32 and len(f.nonce) == 16 and len(f.id) == 32 for f in found)
    assert "blinding" not in repr(found[0])
    assert mweb.scan(case["tx"], bytes([7]) * 32, spend) == []
    # An address count past the library's cap: unusable at once, not an allocation attempt.
    for addresses in (1_000_001, 2**32 - 1):
        with pytest.raises(UnusableInput, match="addresses"):
            mweb.scan(case["tx"], scan_key, spend, addresses=addresses)


def test_documents_batch_with_other_documents():
    docs = [d for case in MADE["transactions"] for d in mweb.documents(case["tx"])]
    assert all(json.loads(d)["flavor"] == "mweb" for d in docs)
    assert all(rangeproof.verify(d) for d in docs)
    grin = rangeproof.prove([5], bits=64, group="secp256k1", flavor="grin")
    ours = rangeproof.prove([7], group="secp256k1", flavor="mweb", extra_data=b"\x01" * 59)
    assert ours.flavor == "mweb" and rangeproof.verify(ours)
    batch = rangeproof.BatchVerifier()
    for d in docs:
        batch.add(d)
    batch.add(grin)
    batch.add(ours)
    changed = json.loads(docs[0])
    changed["extra_data"] = "02" + changed["extra_data"][2:]
    batch.add(json.dumps(changed))
    assert not batch.verify()
    assert batch.invalid == [len(docs) + 2]


def test_bad_input_raises_typed_errors():
    raw = bytes.fromhex(MADE["transactions"][0]["tx"])
    with pytest.raises(UnusableInput):
        mweb.verify_tx(raw[:-1])
    with pytest.raises(UnusableInput):
        mweb.verify_tx("abc")
    with pytest.raises(UnusableInput):
        mweb.verify_block(raw)  # a transaction, not a block
    with pytest.raises(UnusableType):
        mweb.verify_tx(12)
    with pytest.raises(UnusableInput):
        mweb.verify_block(raw, previous_kernel_offset=b"\x00" * 31)
    with pytest.raises(UnusableInput):
        mweb.scan(raw, b"\x00" * 32, bytes.fromhex(WALLET["spend_pubkey"]))
    with pytest.raises(UnusableInput):
        mweb.scan(raw, bytes.fromhex(WALLET["scan_secret"]), b"\x02" * 32)
    with pytest.raises(UnusableType):
        mweb.scan(raw, bytes.fromhex(WALLET["scan_secret"]), bytes.fromhex(WALLET["spend_pubkey"]), addresses=-1)


def test_testnet_blocks():
    block = SHARED / "testnet4Block2215584.dat"
    if not block.exists():
        pytest.skip("../shared/vectors/mweb/ is not beside the repository: the testnet blocks were not checked")
    report = mweb.verify_block(block.read_bytes())
    assert report.verdict == "incomplete"
    assert report.checks["kernel_sum"] == "not checked"
    # With the previous offset everything holds but the HogEx's inputs: block 2215584 activated
    # testnet4's MWEB, and whether its HogEx is the network's first is chain state.
    report = mweb.verify_block(block.read_bytes(), previous_kernel_offset=bytes(32))
    assert report.verdict == "incomplete" and len(report.outputs) == 2
    assert report.checks["hogex_inputs"] == "not checked"
    assert all(v == "holds" for k, v in report.checks.items() if k != "hogex_inputs")


def test_the_cap_is_litecoins_and_stated_as_every_front_end_states_it():
    # Litecoin's largest block with MWEB data (`rangeproof::mweb::MAX_BYTES`), raw; twice that
    # as hex. One byte more is refused with the same reason in every form.
    assert mweb.MAX_BYTES == 25_800_195
    cap = (
        r"larger than a Litecoin transaction or block with MWEB data can be "
        r"\(at most 25800195 bytes raw, 51600390 as hex\)"
    )
    over = bytes(mweb.MAX_BYTES + 1)
    for form in (over, over.hex(), over.hex().encode()):
        with pytest.raises(UnusableInput, match=cap):
            mweb.verify_tx(form)
