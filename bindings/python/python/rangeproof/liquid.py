"""Liquid (Elements) transactions: verify every confidential output's proofs, unblind an output.

::

    from rangeproof import liquid
    report = liquid.verify_tx(bytes.fromhex(tx_hex))          # or the hex string itself
    assert report.valid
    secrets = liquid.unblind(tx_hex, output=0, blinding_key=key)

:func:`verify_tx` checks each confidential output's Borromean range proof (on its asset
generator, with its scriptPubKey bound in) and, when the spent outputs are given (one per input,
``(asset, value)`` each as the transaction that made it serializes the two fields), its asset
surjection proof and the balance of the amounts. :func:`unblind` derives the rewind nonce from
the receiver's blinding key and the output's nonce key as Elements does, and refuses unless the
recovered amount, asset and blinding factors make the output's commitments.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import List, Optional, Sequence, Tuple, Union

from . import _native
from ._errors import UnusableType
from ._input import bytes_or_hex, exact_bytes

__all__ = ["MAX_TX_BYTES", "TxReport", "Unblinded", "asset_generator", "prove_surjection", "unblind", "verify_tx"]

#: The most bytes a transaction may have (Elements' block weight bounds its size): the cap
#: every front end applies; larger ones are refused before they are decoded or copied.
MAX_TX_BYTES: int = _native.LIQUID_MAX_TX_BYTES


def _tx(tx: object) -> bytes:
    return bytes_or_hex("tx", tx, MAX_TX_BYTES, _native.LIQUID_TOO_LARGE)


_b = exact_bytes


@dataclass(frozen=True)
class TxReport:
    """Per output: ``range_proof`` and ``surjection_proof`` verdicts (``"valid"``, ``"not
    needed"``, ``{"invalid": reason}`` or ``{"not checked": reason}``) and the range shown
    (``min_value``, ``max_value``); the ``balance`` (``"holds"``, ``"fails"`` or ``{"not
    checked": reason}``); ``issuances``: per input with an issuance, its amount's and reissuance
    tokens' range proof verdicts; ``verdict``: ``"valid"`` (every check ran and holds),
    ``"invalid"`` (something fails) or ``"incomplete"`` (nothing fails, but without ``spent``
    the surjection proofs and the balance were not checked) — the CLI's exit codes 0, 1 and 3;
    ``valid``: the verdict is ``"valid"``; ``findings``: Elements' other rules the transaction
    breaks, each ``{"rule": reject reason, "why": text}`` with ``"input"`` or ``"output"``
    where it is about one (the first names the reason Elements gives; any makes it invalid)."""

    outputs: List[dict]
    balance: Union[str, dict]
    valid: bool
    verdict: str
    issuances: List[dict] = field(default_factory=list)
    findings: List[dict] = field(default_factory=list)


def verify_tx(tx: Union[bytes, str], spent: Optional[Sequence[Tuple[bytes, bytes]]] = None) -> TxReport:
    """Verifies a transaction's proofs (all in one batch) and, with ``spent``, its balance."""
    pairs = None
    if spent is not None:
        pairs = [(_b("spent asset", a), _b("spent value", v)) for a, v in spent]
    report = json.loads(_native.liquid_verify_tx(_tx(tx), pairs))
    verdict = report["verdict"]
    return TxReport(
        report["outputs"], report["balance"], verdict == "valid", verdict, report["issuances"], report["findings"]
    )


@dataclass(frozen=True)
class Unblinded:
    """An output's secrets. ``asset`` is the 32-byte tag in the transaction's byte order
    (explorers show it reversed: ``asset_id``); the blinding factors are big-endian scalars and
    kept out of ``repr``."""

    value: int
    asset: bytes
    asset_blinding: bytes = field(repr=False)
    value_blinding: bytes = field(repr=False)

    @property
    def asset_id(self) -> str:
        """The asset id as Elements' RPC and explorers show it."""
        return self.asset[::-1].hex()


def unblind(tx: Union[bytes, str], output: int, blinding_key: bytes) -> Unblinded:
    """Unblinds output ``output`` with the receiver's 32-byte blinding key; raises
    :class:`rangeproof.RecoveryFailed` when the key does not open it."""
    if not isinstance(output, int) or isinstance(output, bool) or output < 0:
        raise UnusableType(f"output: expected a non-negative int, got {output!r}")
    value, asset, abf, vbf = _native.liquid_unblind(_tx(tx), output, _b("blinding_key", blinding_key, 32))
    return Unblinded(value, bytes(asset), bytes(abf), bytes(vbf))


def asset_generator(tag: bytes, blinding: bytes) -> bytes:
    """The blinded asset generator ``A + r·G`` (33 bytes) of a 32-byte asset tag and a 32-byte
    blinding factor: an output's asset commitment, and a Borromean proof's value generator."""
    return bytes(_native.liquid_asset_generator(_b("tag", tag, 32), _b("blinding", blinding, 32)))


def prove_surjection(
    input_tags: Sequence[bytes],
    input_blindings: Sequence[bytes],
    output_tag: bytes,
    output_blinding: bytes,
    seed: Optional[bytes] = None,
    n_to_use: int = 3,
    max_iterations: int = 100,
) -> str:
    """An asset surjection proof: the output's asset (``output_tag`` blinded by
    ``output_blinding``) is one of the inputs' (``input_tags[j]`` blinded by
    ``input_blindings[j]``; 32 bytes each), without saying which. ``n_to_use`` inputs (at most
    all of them; Elements' wallets use 3) are drawn as libsecp256k1-zkp draws them, at most
    ``max_iterations`` times, from a 32-byte seed that must be secret and fresh — whoever knows
    it learns which input was spent — so leave ``seed`` out (the library draws one); pass one
    only to reproduce a proof. The ring's values are hedged with fresh
    randomness, so two proofs of the same arguments differ. Returns the proof document (JSON text) that
    :func:`rangeproof.verify` and ``rangeproof verify`` accept."""
    if not isinstance(n_to_use, int) or isinstance(n_to_use, bool) or not isinstance(max_iterations, int) or isinstance(max_iterations, bool):
        raise UnusableType("n_to_use and max_iterations are ints")
    return _native.liquid_prove_surjection(
        [_b("input tag", t, 32) for t in input_tags],
        [_b("input blinding", b, 32) for b in input_blindings],
        _b("output_tag", output_tag, 32),
        _b("output_blinding", output_blinding, 32),
        None if seed is None else _b("seed", seed, 32),
        max(n_to_use, 0),
        max(max_iterations, 0),
    )
