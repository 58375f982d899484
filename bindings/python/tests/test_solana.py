"""Solana's batched range proofs from Python: ``prove(flavor="solana", bit_lengths=[...])``,
the instruction's proof data out (``Proof.proof_data``) and in (``Proof.from_proof_data``),
verification alone and in batches with other flavors, and the program's refusals."""

import json

import pytest

import rangeproof
from rangeproof import UnusableInput, UnusableType

SPLITS = [[64], [1, 63], [8, 8, 16, 32], [64, 16, 32, 16], [64, 32, 16, 8, 4, 2, 1, 1], [64, 64, 64, 64]]


def edge_values(bit_lengths):
    """0 and 2^n - 1 in turn."""
    return [(2**n - 1) if j % 2 == 0 else 0 for j, n in enumerate(bit_lengths)]


@pytest.mark.parametrize("bit_lengths", SPLITS)
def test_proofs_of_every_kind_round_trip_through_their_proof_data(bit_lengths):
    proof = rangeproof.prove(edge_values(bit_lengths), flavor="solana", bit_lengths=bit_lengths)
    total = sum(bit_lengths)
    assert proof.kind == f"u{total}"
    assert proof.bit_lengths == bit_lengths
    assert proof.bits is None
    data = proof.proof_data
    assert len(data) == {64: 936, 128: 1000, 256: 1064}[total]
    assert data[264:] == proof.proof
    assert rangeproof.verify(proof)
    again = rangeproof.Proof.from_proof_data(data)
    assert again.commitments == proof.commitments
    assert again.proof == proof.proof
    assert rangeproof.verify(again)


def test_batches_mix_solana_with_other_flavors_and_name_the_invalid():
    solana = rangeproof.prove([5, 6], flavor="solana", bit_lengths=[32, 32])
    uniform = rangeproof.prove([1, 2, 3, 4], flavor="solana", bits=32)
    assert uniform.bit_lengths == [32, 32, 32, 32] and uniform.kind == "u128"
    dalek = rangeproof.prove([7], bits=8)
    data = bytearray(solana.proof_data)
    data[400] ^= 1
    tampered = rangeproof.Proof.from_proof_data(bytes(data))
    tail = bytearray(solana.proof_data)
    tail[262] = 16
    refused = rangeproof.Proof.from_proof_data(bytes(tail))
    batch = rangeproof.BatchVerifier()
    for p in [solana, tampered, dalek, uniform, refused]:
        batch.add(p)
    assert not batch.verify()
    assert batch.invalid == [1, 4]
    assert not rangeproof.verify(tampered)
    assert not rangeproof.verify(refused)


def test_fields_and_proof_data_that_disagree_are_invalid():
    proof = rangeproof.prove([5, 6], flavor="solana", bit_lengths=[48, 16])
    doc = json.loads(proof.to_json())
    doc["bit_lengths"] = [16, 48]
    assert not rangeproof.verify(json.dumps(doc))
    with pytest.raises(rangeproof.InvalidProof, match="disagree"):
        rangeproof.Proof(doc).verify_or_raise()


def test_statements_the_program_refuses_raise_naming_the_argument():
    with pytest.raises(UnusableInput, match="sum"):
        rangeproof.prove([1, 2], flavor="solana", bit_lengths=[32, 16])
    with pytest.raises(UnusableInput, match="bit_lengths"):
        rangeproof.prove([1, 2], flavor="solana", bit_lengths=[64])
    with pytest.raises(UnusableInput, match="bit_lengths"):
        rangeproof.prove([1], flavor="solana", bit_lengths=[65])
    with pytest.raises(UnusableInput, match="value 1 of 2"):
        rangeproof.prove([65536, 0], flavor="solana", bit_lengths=[16, 48])
    with pytest.raises(UnusableInput, match="solana"):
        rangeproof.prove([1, 2], bit_lengths=[32, 32])
    with pytest.raises(UnusableType):
        rangeproof.prove([1], flavor="solana", bit_lengths="64")
    with pytest.raises(UnusableInput):
        rangeproof.Proof.from_proof_data(b"\x00" * 1065)
