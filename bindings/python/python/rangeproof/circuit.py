"""Arithmetic-circuit (R1CS) proofs: knowledge of a SHA-256 preimage, and a shuffle of
committed values — the CLI's ``rangeproof circuit`` commands, as documents both read::

    from rangeproof import circuit
    p = circuit.prove_sha256(b"abc")                 # a Proof; p.to_json() for the CLI
    assert rangeproof.verify(p)
    s = circuit.prove_shuffle([3, 1, 4], [4, 3, 1])  # .proof, and the openings
    assert rangeproof.verify(s.proof)

The SHA-256 proof shows knowledge of a preimage of at most 55 bytes (its length hidden) of the
digest the document states. The shuffle proof shows that the committed outputs are a
permutation of the committed inputs; every value is committed with a fresh blinding, returned
in :attr:`Shuffle.inputs` and :attr:`Shuffle.outputs` (secret: the commitments open only with
them). ``flavor`` is the transcript convention: ``"bound"`` (binds the circuit) or ``"dalek"``
(the reference crate's ``ShuffleProof``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import List, Sequence, Tuple

from . import Proof, _bytes, _name, _u64s
from . import _native
from ._errors import UnusableType

__all__ = ["MAX_PREIMAGE_BYTES", "MAX_SHUFFLE_VALUES", "Shuffle", "prove_sha256", "prove_shuffle"]

MAX_PREIMAGE_BYTES: int = 55
"""The longest preimage the SHA-256 circuit proves (one block with its padding)."""

MAX_SHUFFLE_VALUES: int = 4096
"""The most values a shuffle proof (and its document) covers on each side."""


def prove_sha256(preimage: bytes, flavor: str = "bound") -> Proof:
    """Proves knowledge of ``preimage`` (at most 55 bytes) of its SHA-256 digest; the document
    states the digest (``Proof.to_json()``)."""
    data = _bytes("preimage", preimage, most=MAX_PREIMAGE_BYTES)
    text = _native.circuit_prove_sha256(data, _name("flavor", flavor, optional=False))
    return Proof(json.loads(text))


@dataclass(frozen=True)
class Shuffle:
    """A shuffle proof and the openings of its commitments: per input and per output, in the
    order given, ``(value, blinding)`` (a 32-byte ristretto255 scalar). The openings are
    secret."""

    proof: Proof
    inputs: List[Tuple[int, bytes]]
    outputs: List[Tuple[int, bytes]]

    def __repr__(self) -> str:
        return f"Shuffle({self.proof!r}, {len(self.inputs)} values; openings hidden)"


def prove_shuffle(
    inputs: Sequence[int],
    outputs: Sequence[int],
    flavor: str = "dalek",
    label: str = "rangeproof shuffle",
) -> Shuffle:
    """Proves that ``outputs`` are a permutation of ``inputs`` (1 to 4096 values each), every
    value committed with a fresh blinding, under the application's transcript ``label``."""
    ins = _u64s("inputs", inputs, most=MAX_SHUFFLE_VALUES)
    outs = _u64s("outputs", outputs, most=MAX_SHUFFLE_VALUES)
    if not isinstance(label, str):
        raise UnusableType(f"label is a {type(label).__name__}, not a str")
    text, opened_in, opened_out = _native.circuit_prove_shuffle(
        ins, outs, _name("flavor", flavor, optional=False), label
    )
    return Shuffle(
        Proof(json.loads(text)),
        [(int(v), bytes(b)) for v, b in opened_in],
        [(int(v), bytes(b)) for v, b in opened_out],
    )
