"""The circuit gadgets and the multi-party rounds through the Python package: round trips with
the edges 0 and 2**64 - 1, tampering refused, documents the CLI reads, and the namespace."""

import json

import pytest

import rangeproof
from rangeproof import UnusableInput, UnusableType, circuit, mpc


def flip_proof(p: rangeproof.Proof, at: int) -> str:
    doc = json.loads(p.to_json())
    proof = bytearray.fromhex(doc["proof"])
    proof[at] ^= 1
    doc["proof"] = proof.hex()
    return json.dumps(doc)


def test_sha256_preimage_proofs():
    p = circuit.prove_sha256(b"abc")
    assert rangeproof.verify(p)
    assert json.loads(p.to_json())["digest"] == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
    assert rangeproof.verify(rangeproof.Proof.from_json(p.to_json()))
    assert not rangeproof.verify(flip_proof(p, 40))
    for flavor in ("bound", "dalek"):
        assert rangeproof.verify(circuit.prove_sha256(b"", flavor=flavor))
        assert rangeproof.verify(circuit.prove_sha256(bytes(55), flavor=flavor))
    with pytest.raises(UnusableInput, match="more than 55"):
        circuit.prove_sha256(bytes(56))
    with pytest.raises(UnusableType):
        circuit.prove_sha256("abc")
    with pytest.raises(UnusableInput, match="flavor"):
        circuit.prove_sha256(b"abc", flavor="tari")


def test_shuffle_proofs_and_their_openings():
    inputs = [3, 0, 2**64 - 1, 9]
    outputs = [9, 2**64 - 1, 3, 0]
    s = circuit.prove_shuffle(inputs, outputs)
    assert rangeproof.verify(s.proof)
    assert [v for v, _ in s.inputs] == inputs and [v for v, _ in s.outputs] == outputs
    assert all(len(b) == 32 for _, b in s.inputs + s.outputs)
    assert len({b for _, b in s.inputs + s.outputs}) == 8, "fresh blindings"
    # Each opening makes its commitment (ristretto255, the reference crate's bases).
    doc = json.loads(s.proof.to_json())
    commit = lambda v, b: rangeproof.commit([v], [[b]], scheme="bulletproofs")[0].hex()
    assert [commit(v, b) for v, b in s.inputs] == doc["input_commitments"]
    assert [commit(v, b) for v, b in s.outputs] == doc["output_commitments"]
    assert not rangeproof.verify(flip_proof(s.proof, 33))
    swapped = dict(doc, output_commitments=doc["input_commitments"][::-1])
    assert not rangeproof.verify(json.dumps(swapped))
    other = dict(doc, transcript_label="another")
    assert not rangeproof.verify(json.dumps(other))
    with pytest.raises(UnusableInput, match="not a permutation"):
        circuit.prove_shuffle([1, 2], [2, 3])
    with pytest.raises(UnusableInput, match="same length"):
        circuit.prove_shuffle([1, 2], [2])
    with pytest.raises(UnusableInput, match="more than 4096"):
        circuit.prove_shuffle(range(4097), range(4097))
    assert "openings hidden" in repr(s)


@pytest.mark.parametrize("flavor", ["dalek", "monero"])
def test_mpc_rounds_make_a_proof_that_verifies(flavor):
    proof, parties = mpc.prove([[0, 7], [2**64 - 1], [5, 6]], flavor=flavor)
    assert rangeproof.verify(proof)
    assert proof.flavor == flavor and len(proof.commitments) == 5
    openings = [json.loads(p.openings_json()) for p in parties]
    assert [o["position"] for o in openings] == [0, 2, 3]
    assert [c for o in openings for c in o["commitments"]] == [c.hex() for c in proof.commitments]
    assert openings[1]["values"] == [2**64 - 1]
    # The openings make the proof's commitments.
    group = "ristretto255" if flavor == "dalek" else "ed25519"
    for o, party in zip(openings, parties):
        made = rangeproof.commit(o["values"], [[b] for b in party.blindings], scheme="bulletproofs", group=group, flavor=flavor)
        assert [m.hex() for m in made] == o["commitments"]


def test_mpc_rounds_refuse_bad_messages_and_orders():
    dealer = mpc.Dealer([1, 1], bits=16)
    a = mpc.Party(dealer.invitation(0), [1])
    b = mpc.Party(dealer.invitation(1), [65535])
    with pytest.raises(UnusableInput, match="out of order"):
        dealer.receive_poly_commitments([a.bit_commitment, b.bit_commitment])
    other = mpc.Dealer([1, 1], bits=16)
    stranger = mpc.Party(other.invitation(1), [2])
    with pytest.raises(UnusableInput, match=r"party 1 \(position 1\)"):
        dealer.receive_bit_commitments([a.bit_commitment, stranger.bit_commitment])
    challenges = dealer.receive_bit_commitments([a.bit_commitment, b.bit_commitment])
    with pytest.raises(UnusableInput, match="out of order"):
        a.answer_poly_challenge(challenges[0])
    with pytest.raises(UnusableInput):
        a.answer_bit_challenge(challenges[1])  # the other position's challenge
    polys = [a.answer_bit_challenge(challenges[0]), b.answer_bit_challenge(challenges[1])]
    challenges = dealer.receive_poly_commitments(polys)
    shares = [a.answer_poly_challenge(challenges[0]), bytearray(b.answer_poly_challenge(challenges[1]))]
    shares[1][-32] ^= 1
    with pytest.raises(UnusableInput, match=r"party 1 \(position 1\)"):
        dealer.receive_shares([shares[0], bytes(shares[1])])
    with pytest.raises(UnusableInput, match="value"):
        mpc.Party(dealer.invitation(0), [65536])  # above 2**16
    with pytest.raises(UnusableInput, match="flavor"):
        mpc.Dealer([1], flavor="tari")
    with pytest.raises(UnusableInput):
        dealer.invitation(2)
    assert "hidden" in repr(a)


def test_the_namespace_is_the_api():
    names = dir(rangeproof)
    assert {"prove", "verify", "BatchVerifier", "Proof", "circuit", "mpc", "liquid"} <= set(names)
    assert not [n for n in names if n.startswith("_") and n != "__version__"]
    assert not {"json", "sys", "itertools", "Optional", "dataclass"} & set(names)
    # The submodules load on first use, in a fresh interpreter (reloading the package here
    # would give every later test a second `Proof` class).
    import subprocess
    import sys
    code = (
        "import rangeproof, sys\n"
        "assert 'rangeproof.mpc' not in sys.modules\n"
        "assert callable(rangeproof.mpc.prove) and callable(rangeproof.circuit.prove_sha256)\n"
        "assert 'rangeproof.mpc' in sys.modules\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
    assert rangeproof.mpc is mpc
    with pytest.raises(AttributeError):
        rangeproof.no_such_thing
