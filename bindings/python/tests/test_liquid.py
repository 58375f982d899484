"""Elements from Python: Borromean proofs prove, verify and rewind; the vectors' Borromean and
surjection documents get their verdicts; every Liquid transaction of the vectors verifies, a
tampered one names its output; an output built here as a Liquid wallet builds it unblinds with
its key and with no other."""

import hashlib
import json
from pathlib import Path

import pytest

import rangeproof
from rangeproof import RecoveryFailed, UnusableInput, UnusableType, liquid

VECTORS = Path(__file__).resolve().parents[3] / "vectors"
TRANSACTIONS = sorted((VECTORS / "elements-tx").glob("*.hex"))

# secp256k1, for the test's own ECDH (the sender's side of an output).
_P = 2**256 - 2**32 - 977
_N = 0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141
_G = (
    0x79BE667EF9DCBBAC55A06295CE870B07029BFCDB2DCE28D959F2815B16F81798,
    0x483ADA7726A3C4655DA4FBFC0E1108A8FD17B448A68554199C47D08FFB10D4B8,
)


def _add(a, b):
    if a is None:
        return b
    if b is None:
        return a
    if a[0] == b[0] and (a[1] + b[1]) % _P == 0:
        return None
    if a == b:
        m = 3 * a[0] * a[0] * pow(2 * a[1], -1, _P)
    else:
        m = (b[1] - a[1]) * pow(b[0] - a[0], -1, _P)
    x = (m * m - a[0] - b[0]) % _P
    return (x, (m * (a[0] - x) - a[1]) % _P)


def _mul(k, point):
    out = None
    while k:
        if k & 1:
            out = _add(out, point)
        point = _add(point, point)
        k >>= 1
    return out


def _compressed(point) -> bytes:
    return bytes([2 + (point[1] & 1)]) + point[0].to_bytes(32, "big")


def _compact_size(n: int) -> bytes:
    return bytes([n]) if n < 0xFD else b"\xfd" + n.to_bytes(2, "little")


def test_borromean_proofs_prove_verify_and_rewind():
    tag, abf = bytes(range(32)), (7).to_bytes(32, "big")
    generator = liquid.asset_generator(tag, abf)
    p = rangeproof.prove(
        [250_000],
        scheme="borromean",
        group="secp256k1",
        flavor="elements",
        value_generator=generator,
        extra_data=b"\x00\x14script",
        parameters={"message": tag + abf},
    )
    assert rangeproof.verify(p)
    assert len(p.proof) == 4174 and p.bits is None
    got = rangeproof.recover(p, p.recovery_nonce)
    assert got.value == 250_000 and got.checked
    assert got.message[:64] == tag + abf
    doc = json.loads(p.to_json())
    assert sorted(doc) == ["commitments", "extra_data", "flavor", "group", "proof", "scheme", "value_generator"]
    doc["extra_data"] = "00"
    assert not rangeproof.verify(json.dumps(doc))
    with pytest.raises(UnusableInput, match="no bit size"):
        rangeproof.prove([1], bits=64, scheme="borromean")
    with pytest.raises(UnusableInput, match="exp"):
        rangeproof.prove([1], scheme="borromean", parameters={"exp": 19})


def test_vector_documents_get_their_verdicts():
    cases = json.loads((VECTORS / "elements-liquid-secp256k1.json").read_text())["cases"]
    keep = {"scheme", "group", "flavor", "commitments", "value_generator", "extra_data", "input_generators", "output_generator", "proof"}
    batch = rangeproof.BatchVerifier()
    expected = []
    for i, case in enumerate(cases):
        doc = json.dumps({k: v for k, v in case.items() if k in keep})
        valid = case["expected"] == "valid"
        assert rangeproof.verify(doc) == valid, (i, case.get("why"))
        batch.add(doc)
        if not valid:
            expected.append(i)
    assert not batch.verify()
    assert batch.invalid == expected


def test_liquid_transactions_verify_and_a_tampered_output_is_named():
    assert len(TRANSACTIONS) == 11
    for path in TRANSACTIONS:
        report = liquid.verify_tx(path.read_text())
        # Without the spent outputs the range proofs hold and the rest is not checked.
        assert (report.verdict, report.valid) == ("incomplete", False), path.name
    raw = bytearray(bytes.fromhex((VECTORS / "elements-tx" / "2in4out_tx.hex").read_text().strip()))
    # The last output with a range proof: its proof's last byte (its last s value).
    tx = liquid.verify_tx(bytes(raw))
    last_proven = max(k for k, o in enumerate(tx.outputs) if o["range_proof"] == "valid")
    proofs = json.loads((VECTORS / "elements-liquid-secp256k1.json").read_text())["cases"]
    proof = next(
        bytes.fromhex(c["proof"]) for c in proofs
        if c.get("source_tx") == "2in4out_tx" and c.get("output_index") == last_proven and c["expected"] == "valid"
    )
    at = bytes(raw).index(proof) + len(proof) - 1
    raw[at] ^= 1
    report = liquid.verify_tx(bytes(raw))
    assert (report.verdict, report.valid) == ("invalid", False)
    invalid = [k for k, o in enumerate(report.outputs) if isinstance(o["range_proof"], dict) and "invalid" in o["range_proof"]]
    assert invalid == [last_proven]
    with pytest.raises(UnusableInput):
        liquid.verify_tx(b"\x02\x00")
    with pytest.raises(UnusableType):
        liquid.verify_tx(12)


def test_transactions_beyond_four_megabytes_are_refused_before_they_are_read():
    # At the cap exactly a transaction parses (one output, explicit asset and amount, whose
    # script fills it; no proofs needed) and is invalid by Elements' rules (no inputs, and
    # too large for a block); one byte more, as bytes or as hex, is refused by its size before
    # it is read.
    script = liquid.MAX_TX_BYTES - 59
    at_cap = (
        (2).to_bytes(4, "little") + b"\x00\x00\x01"
        + b"\x01" + bytes(32) + b"\x01" + (1).to_bytes(8, "big") + b"\x00"
        + b"\xfe" + script.to_bytes(4, "little") + bytes(script) + bytes(4)
    )
    assert len(at_cap) == liquid.MAX_TX_BYTES
    report = liquid.verify_tx(at_cap)
    assert report.verdict == "invalid" and len(report.outputs) == 1
    assert report.findings[0]["rule"] == "bad-txns-vin-empty"
    over = bytes(liquid.MAX_TX_BYTES + 1)
    # The cap as every front end states it: raw, and as hex.
    cap = r"larger than a Liquid transaction can be \(at most 4000000 bytes raw, 8000000 as hex\)"
    for form in (over, over.hex(), bytearray(over), over.hex().encode()):
        with pytest.raises(UnusableInput, match=cap):
            liquid.verify_tx(form)
        with pytest.raises(UnusableInput, match=cap):
            liquid.unblind(form, 0, bytes(31) + b"\x01")


def test_a_transaction_is_taken_raw_or_as_hex_text_in_bytes():
    assert liquid.MAX_TX_BYTES == 4_000_000
    text = (VECTORS / "elements-tx" / "2in4out_tx.hex").read_text().strip()
    raw = bytes.fromhex(text)
    for form in (raw, text, text.encode(), b"  " + text.encode() + b"\r\n"):
        assert liquid.verify_tx(form).verdict == "incomplete"


def test_an_output_made_as_a_wallet_makes_it_unblinds_with_its_key_only():
    receiver_key = 0x1234567890ABCDEF1234567890ABCDEF1234567890ABCDEF1234567890ABCDEF
    ephemeral = 0xFEDCBA0987654321FEDCBA0987654321FEDCBA0987654321FEDCBA0987654321
    receiver_pub = _mul(receiver_key, _G)
    shared = _compressed(_mul(ephemeral, receiver_pub))
    nonce = hashlib.sha256(hashlib.sha256(shared).digest()).digest()
    tag, abf = hashlib.sha256(b"asset").digest(), (99).to_bytes(32, "big")
    generator = liquid.asset_generator(tag, abf)
    script = b"\x00\x14" + bytes(20)
    p = rangeproof.prove(
        [777],
        scheme="borromean",
        group="secp256k1",
        flavor="elements",
        value_generator=generator,
        extra_data=script,
        recovery_nonce=nonce,
        parameters={"message": tag + abf},
    )
    # version 2, witness flag, one input (prevout 07…07:0, empty scriptSig), one output, lock
    # time 0, then the input's (empty) and the output's witness.
    tx = (
        (2).to_bytes(4, "little") + b"\x01"
        + b"\x01" + bytes([7]) * 32 + bytes(4) + b"\x00" + b"\xff" * 4
        + b"\x01" + generator + p.commitments[0] + _compressed(_mul(ephemeral, _G))
        + _compact_size(len(script)) + script
        + bytes(4)
        + bytes(4)
        + b"\x00" + _compact_size(len(p.proof)) + p.proof
    )
    report = liquid.verify_tx(tx)
    assert report.verdict == "incomplete" and report.findings == []
    got = liquid.unblind(tx, 0, receiver_key.to_bytes(32, "big"))
    assert (got.value, got.asset, got.asset_blinding) == (777, tag, abf)
    assert got.value_blinding == p.blindings[0][0]
    assert got.asset_id == tag[::-1].hex()
    assert abf.hex() not in repr(got)
    with pytest.raises(RecoveryFailed):
        liquid.unblind(tx, 0, (receiver_key + 1).to_bytes(32, "big"))
    with pytest.raises(UnusableInput):
        liquid.unblind(tx, 1, receiver_key.to_bytes(32, "big"))
    with pytest.raises(UnusableInput):
        liquid.unblind(tx, 0, _N.to_bytes(32, "big"))


def test_surjection_proofs_prove_and_verify_as_documents():
    tags = [hashlib.sha256(bytes([k])).digest() for k in range(5)]
    blindings = [(k + 11).to_bytes(32, "big") for k in range(5)]
    # No seed: the library draws a fresh secret one, as a wallet must.
    doc = liquid.prove_surjection(tags, blindings, tags[3], (77).to_bytes(32, "big"), n_to_use=5)
    assert rangeproof.verify(doc)
    d = json.loads(doc)
    assert len(d["input_generators"]) == 5
    d["output_generator"] = d["input_generators"][0]
    assert not rangeproof.verify(json.dumps(d))
    # An output asset no input has: no proof.
    with pytest.raises(UnusableInput):
        liquid.prove_surjection(tags, blindings, bytes(32), (77).to_bytes(32, "big"))
    with pytest.raises(UnusableInput):
        liquid.prove_surjection(tags, blindings[:4], tags[0], (77).to_bytes(32, "big"))
    # A seed given reproduces the ring (a zero seed here: reproduction, not a wallet's use);
    # without one, rings of 2 among 5 inputs differ between proofs.
    ring = lambda seed: json.loads(liquid.prove_surjection(tags, blindings, tags[3], (77).to_bytes(32, "big"), seed, n_to_use=2))["proof"][4:6]
    assert len({ring(bytes(32)) for _ in range(4)}) == 1
    assert len({ring(None) for _ in range(10)}) > 1
