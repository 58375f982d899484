"""The Python package: every convention round-trips, the public vectors verify (and their
reject cases do not), tampered proofs return False, bad arguments raise clear errors, batches
name the invalid proofs, recovery and commitments agree with proving."""

import json
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

import rangeproof
from rangeproof import InvalidProof, ProofError, RecoveryFailed, UnusableInput

VECTORS = Path(__file__).resolve().parents[3] / "vectors"

CONVENTIONS = [
    dict(scheme="bulletproofs"),
    dict(scheme="bulletproofs+"),
    dict(scheme="bulletproofs+", extension_degree=3),
    dict(scheme="bulletproofs", group="ed25519", convention="monero"),
    dict(scheme="bulletproofs+", group="ed25519", convention="monero"),
    dict(scheme="bulletproofs", group="secp256k1", convention="grin"),
]


def flip(proof: rangeproof.Proof, position: int) -> rangeproof.Proof:
    doc = json.loads(proof.to_json())
    raw = bytearray(bytes.fromhex(doc["proof"]))
    raw[position] ^= 1
    doc["proof"] = raw.hex()
    return rangeproof.Proof.from_json(json.dumps(doc))


def test_the_smallest_use_reads_naturally():
    p = rangeproof.prove([5, 7], bits=64)
    assert rangeproof.verify(p) is True
    q = rangeproof.Proof.from_json(p.to_json())
    assert rangeproof.verify(q) is True
    assert q.commitments == p.commitments and q.proof == p.proof
    assert p.values == [5, 7] and q.values is None
    assert len(rangeproof.suites()) == 5


@pytest.mark.parametrize("kwargs", CONVENTIONS, ids=lambda k: "-".join(str(v) for v in k.values()))
def test_every_convention_round_trips(kwargs):
    for values in ([0], [2**64 - 1, 12345]):
        p = rangeproof.prove(values, bits=64, **kwargs)
        assert rangeproof.verify(p)
        assert rangeproof.verify(rangeproof.Proof.from_json(p.to_json()))
        assert not rangeproof.verify(flip(p, len(p.proof) // 2))
        # The same openings make the same commitments, and prove again.
        assert rangeproof.commit(values, p.blindings, **{k: v for k, v in kwargs.items()}) == p.commitments
        again = rangeproof.prove(values, bits=64, blindings=p.blindings, **kwargs)
        assert again.commitments == p.commitments and rangeproof.verify(again)


def test_dalek_vectors_verify():
    vectors = json.loads((VECTORS / "dalek-bp-ristretto255.json").read_text())
    for case in vectors["cases"]:
        doc = {
            "scheme": "bulletproofs", "group": "ristretto255", "flavor": "dalek",
            "transcript_label": vectors["transcript_label"], "bits": int(case["bits"]),
            "commitments": case["commitments"], "proof": case["proof"],
        }
        assert rangeproof.verify(json.dumps(doc)) is bool(case["valid"])


def test_monero_mainnet_vectors_verify_in_one_batch():
    vectors = json.loads((VECTORS / "monero-bpplus-ed25519.json").read_text())
    batch = rangeproof.BatchVerifier()
    for case in vectors["cases"]:
        doc = {"scheme": "bulletproofs+", "group": "ed25519", "flavor": "monero", "bits": 64,
               "commitments": case["commitments"], "proof": case["proof"]}
        batch.add(json.dumps(doc))
    assert len(batch) == len(vectors["cases"]) == 14
    assert batch.verify(), batch.invalid


def test_grin_vectors_verify_and_rejects_are_rejected():
    vectors = json.loads((VECTORS / "grin-bp-secp256k1.json").read_text())
    checked = 0
    for case in vectors["cases"]:
        doc = {"scheme": "bulletproofs", "group": "secp256k1", "flavor": "grin",
               "bits": case["bits"], "generators_n": case["generators_n"],
               "commitments": case["commitments"], "proof": case["proof"]}
        if case.get("extra_data"):
            doc["extra_data"] = case["extra_data"]
        try:
            verdict = rangeproof.verify(json.dumps(doc))
        except UnusableInput:
            verdict = False  # a reject case the document format refuses outright
        assert verdict is bool(case["valid"]), case["provenance"]
        checked += 1
    assert checked == 35


def test_reference_r1cs_shuffle_vectors_verify():
    vectors = json.loads((VECTORS / "dalek-r1cs-shuffle-ristretto255.json").read_text())
    for case in vectors["cases"]:
        doc = {"scheme": "r1cs", "circuit": "shuffle", "group": "ristretto255", "flavor": "dalek",
               "transcript_label": case["transcript_label"], "k": case["k"],
               "input_commitments": case["input_commitments"],
               "output_commitments": case["output_commitments"], "proof": case["proof"]}
        try:
            verdict = rangeproof.verify(json.dumps(doc))
        except UnusableInput:
            verdict = False
        assert verdict is bool(case["valid"]), case.get("provenance")


def test_tampering_returns_false_and_verify_or_raise_raises():
    p = rangeproof.prove([1, 2], bits=32)
    for position in (0, 33, len(p.proof) - 1):
        bad = flip(p, position)
        assert rangeproof.verify(bad) is False
        with pytest.raises(InvalidProof):
            bad.verify_or_raise()
    doc = json.loads(p.to_json())
    doc["commitments"] = list(reversed(doc["commitments"]))
    assert rangeproof.verify(json.dumps(doc)) is False
    doc["transcript_label"] = "another"
    assert rangeproof.verify(json.dumps(doc)) is False


def test_bad_arguments_raise_clear_errors():
    cases = [
        dict(values=[1], bits=7),
        dict(values=[256], bits=8),
        dict(values=[]),
        dict(values=[1], scheme="bulletproofs++"),
        dict(values=[1], group="ed25519", convention="monero", label="x"),
        dict(values=[1, 2], blindings=[b"\x00" * 32]),
        dict(values=[1], blindings=[b"\xff" * 32]),
        dict(values=[1], scheme="bulletproofs+", extension_degree=7),
        dict(values=[1], recovery_nonce=b"\x01" * 32),
    ]
    for kwargs in cases:
        with pytest.raises(UnusableInput) as info:
            rangeproof.prove(**kwargs)
        assert str(info.value) and "\n" not in str(info.value)
        assert isinstance(info.value, ProofError)
    for text in ("{", "[]", json.dumps({"scheme": "bulletproofs"}), "not json"):
        with pytest.raises(UnusableInput):
            rangeproof.Proof.from_json(text)
        with pytest.raises(UnusableInput):
            rangeproof.verify(text)


def test_batches_name_the_invalid_proofs():
    proofs = [rangeproof.prove([v], bits=64, **kw) for v, kw in zip(range(6), CONVENTIONS)]
    batch = rangeproof.BatchVerifier()
    for p in proofs:
        batch.add(p)
    assert batch.verify() and batch.invalid == []
    batch = rangeproof.BatchVerifier()
    for i, p in enumerate(proofs):
        batch.add(flip(p, len(p.proof) // 2) if i in (1, 4) else p)
    assert batch.verify() is False
    assert batch.invalid == [1, 4]


def test_recovery_with_the_nonce():
    nonce = bytes.fromhex("11" * 31 + "01")
    tari = rangeproof.prove([777], scheme="bulletproofs+", recovery_nonce=nonce)
    got = rangeproof.recover(tari, nonce)
    assert got.blindings == tari.blindings[0] and got.value is None
    grin = rangeproof.prove([99], group="secp256k1")
    got = rangeproof.recover(grin, grin.recovery_nonce)
    assert got.value == 99 and got.blindings == grin.blindings[0] and len(got.message) == 20
    with pytest.raises(RecoveryFailed):
        rangeproof.recover(grin, nonce)
    with pytest.raises(UnusableInput):
        rangeproof.recover(rangeproof.prove([1]), nonce)


def test_threads_verify_in_parallel_and_agree():
    proofs = [rangeproof.prove([i, i + 1], bits=64) for i in range(8)]
    bad = flip(proofs[3], 40)
    inputs = proofs + [bad]
    seen = set()

    def check(p):
        seen.add(threading.get_ident())
        return rangeproof.verify(p)

    with ThreadPoolExecutor(max_workers=4) as pool:
        verdicts = list(pool.map(check, inputs * 4))
    assert verdicts == ([True] * 8 + [False]) * 4
