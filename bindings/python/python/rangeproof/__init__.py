"""Bulletproofs and Bulletproofs+ range proofs, wire-compatible with deployed systems.

The smallest use::

    import rangeproof
    p = rangeproof.prove([5, 7], bits=64)
    assert rangeproof.verify(p)
    text = p.to_json()                      # a document `rangeproof verify` accepts
    q = rangeproof.Proof.from_json(text)

Every (scheme, group, convention) of the library is available (:func:`suites`): Bulletproofs
as the reference crate (``"dalek"``), Bulletproofs+ as Tari (``"tari"``), both as Monero
(``group="ed25519"``, ``"monero"``), and libsecp256k1-zkp's Bulletproofs as Grin
(``group="secp256k1"``, ``"grin"``). Bytes go in and out; proving and verifying release the
GIL, so Python threads verify in parallel.

Errors: :class:`ProofError` is the base; :class:`UnusableInput` (bad arguments or documents,
also a :class:`ValueError`-like refusal), :class:`InvalidProof` (raised by
:meth:`Proof.verify_or_raise`; :func:`verify` returns ``False`` instead), and
:class:`RecoveryFailed`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Dict, List, Optional, Sequence, Tuple, Union

from . import _native
from ._native import InvalidProof, ProofError, RecoveryFailed, UnusableInput

__all__ = [
    "BatchVerifier",
    "InvalidProof",
    "Proof",
    "ProofError",
    "Recovered",
    "RecoveryFailed",
    "UnusableInput",
    "commit",
    "prove",
    "recover",
    "suites",
    "verify",
]


def suites() -> List[Tuple[str, str, str]]:
    """Every supported ``(scheme, group, convention)``."""
    return list(_native.suites())


class Proof:
    """A proof document (the CLI's JSON format) and, when this process made the proof, the
    openings (values and blindings: secret; never part of :meth:`to_json`)."""

    def __init__(self, document: Dict[str, object], openings: Optional[Dict[str, object]] = None):
        self._document = document
        self._openings = openings

    @classmethod
    def from_json(cls, text: str) -> "Proof":
        """Reads a proof document; raises :class:`UnusableInput` for a malformed one."""
        _native.check_document(text)
        return cls(json.loads(text))

    def to_json(self) -> str:
        """The proof document, as ``rangeproof verify`` reads it."""
        return json.dumps(self._document, indent=2)

    @property
    def scheme(self) -> str:
        return str(self._document["scheme"])

    @property
    def group(self) -> str:
        return str(self._document["group"])

    @property
    def convention(self) -> str:
        return str(self._document["flavor"])

    @property
    def bits(self) -> Optional[int]:
        bits = self._document.get("bits")
        return int(bits) if bits is not None else None

    @property
    def proof(self) -> bytes:
        """The proof in its convention's wire format."""
        return bytes.fromhex(str(self._document["proof"]))

    @property
    def commitments(self) -> List[bytes]:
        """The value commitments, encoded as the convention does."""
        return [bytes.fromhex(str(c)) for c in self._document.get("commitments", [])]  # type: ignore[union-attr]

    @property
    def values(self) -> Optional[List[int]]:
        """The committed values (only for proofs made here)."""
        if self._openings is None:
            return None
        return [int(v) for v in self._openings["values"]]  # type: ignore[union-attr]

    @property
    def blindings(self) -> Optional[List[List[bytes]]]:
        """Per value, its blinding factors (only for proofs made here). Secret."""
        if self._openings is None:
            return None
        return [[bytes.fromhex(b) for b in per] for per in self._openings["blindings"]]  # type: ignore[union-attr]

    @property
    def recovery_nonce(self) -> Optional[bytes]:
        """Grin's rewind nonce, or the Tari seed nonce given to :func:`prove`."""
        if self._openings is None or self._openings.get("rewind_nonce") is None:
            return None
        return bytes.fromhex(str(self._openings["rewind_nonce"]))

    def openings_json(self) -> Optional[str]:
        """The openings in the format ``rangeproof prove --openings`` writes (secret)."""
        return None if self._openings is None else json.dumps(self._openings, indent=2)

    def verify_or_raise(self) -> None:
        """Verifies; raises :class:`InvalidProof` with the reason if the proof is invalid."""
        _native.verify(json.dumps(self._document))

    def __repr__(self) -> str:
        return f"Proof({self.scheme} {self.group}/{self.convention}, {len(self.commitments)} commitments)"


def prove(
    values: Sequence[int],
    bits: int = 64,
    scheme: str = "bulletproofs",
    group: Optional[str] = None,
    convention: Optional[str] = None,
    blindings: Optional[Sequence[Union[bytes, Sequence[bytes]]]] = None,
    label: Optional[Union[str, bytes]] = None,
    extension_degree: int = 1,
    minimum_values: Optional[Sequence[int]] = None,
    generators_n: Optional[int] = None,
    value_generator: Optional[bytes] = None,
    extra_data: Optional[bytes] = None,
    recovery_nonce: Optional[bytes] = None,
) -> Proof:
    """Proves that every value lies in ``[0, 2**bits)``.

    ``blindings``: one blinding (32 bytes; secp256k1 too) per value, or per value a list of
    ``extension_degree`` of them (Tari) — for commitments that already exist; fresh random
    ones when ``None``. ``label``: the transcript label (dalek and Tari; default
    ``"rangeproof"``). ``recovery_nonce``: 32 bytes that let :func:`recover` give the
    blindings back (Tari's seed nonce for one value; Grin's rewind nonce, random if not given).
    """
    given = None
    if blindings is not None:
        given = [[bytes(b)] if isinstance(b, (bytes, bytearray)) else [bytes(x) for x in b] for b in blindings]
    if isinstance(label, str):
        label = label.encode()
    document, openings = _native.prove(
        [int(v) for v in values],
        int(bits),
        scheme,
        group,
        convention,
        given,
        label,
        int(extension_degree),
        None if minimum_values is None else [int(v) for v in minimum_values],
        generators_n,
        value_generator,
        extra_data,
        recovery_nonce,
    )
    return Proof(json.loads(document), json.loads(openings))


def _document_text(proof: Union[Proof, str]) -> str:
    return proof if isinstance(proof, str) else json.dumps(proof._document)


def verify(proof: Union[Proof, str]) -> bool:
    """``True`` if the proof (a :class:`Proof` or a JSON document) verifies, ``False`` if it is
    invalid; raises :class:`UnusableInput` for a malformed document."""
    try:
        _native.verify(_document_text(proof))
    except InvalidProof:
        return False
    return True


@dataclass
class Recovered:
    """What a recovery nonce gives back."""

    value: Optional[int]
    blindings: List[bytes]
    message: Optional[bytes]


def recover(proof: Union[Proof, str], nonce: bytes) -> Recovered:
    """Tari's mask recovery (the blindings) or Grin's rewind (value, blinding, message).
    Raises :class:`RecoveryFailed` when the proof does not verify or the nonce does not
    rewind it, :class:`UnusableInput` for conventions without recovery."""
    value, blindings, message = _native.recover(_document_text(proof), bytes(nonce))
    return Recovered(value, list(blindings), message)


def commit(
    values: Sequence[int],
    blindings: Sequence[Union[bytes, Sequence[bytes]]],
    scheme: str = "bulletproofs",
    group: Optional[str] = None,
    convention: Optional[str] = None,
    extension_degree: int = 1,
    value_generator: Optional[bytes] = None,
) -> List[bytes]:
    """The Pedersen commitments of the given openings, encoded as the convention does."""
    given = [[bytes(b)] if isinstance(b, (bytes, bytearray)) else [bytes(x) for x in b] for b in blindings]
    return list(
        _native.commit(
            [int(v) for v in values], given, scheme, group, convention, int(extension_degree), value_generator
        )
    )


class BatchVerifier:
    """Checks many proofs together (one multiscalar multiplication per group) and names the
    invalid ones::

        batch = rangeproof.BatchVerifier()
        for p in proofs:
            batch.add(p)
        if not batch.verify():
            print("invalid:", batch.invalid)
    """

    def __init__(self) -> None:
        self._batch = _native.Batch()
        self.invalid: List[int] = []

    def add(self, proof: Union[Proof, str]) -> int:
        """Adds a proof; returns its position. Raises :class:`UnusableInput` for a malformed
        document (a proof that merely fails is reported by :meth:`verify`)."""
        return int(self._batch.add(_document_text(proof)))

    def __len__(self) -> int:
        return len(self._batch)

    def verify(self) -> bool:
        """``True`` if every proof added is valid; else ``False``, with the positions of the
        invalid ones in :attr:`invalid`."""
        self.invalid = list(self._batch.invalid())
        return not self.invalid
