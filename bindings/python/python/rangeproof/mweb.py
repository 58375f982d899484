"""Litecoin MWEB (MimbleWimble extension blocks): verify a transaction's or a block's MWEB data
as Litecoin Core does, find a wallet's outputs, and hand each output's range proof on as a
proof document.

::

    from rangeproof import mweb
    report = mweb.verify_tx(tx_bytes)                 # or the hex string itself
    assert report.valid
    report = mweb.verify_block(block_bytes, previous_kernel_offset=prev)
    for found in mweb.scan(block_bytes, scan_key=a, spend_pubkey=B):
        print(found.address, found.value)

:func:`verify_tx` and :func:`verify_block` check every output's range proof (all in one batch,
each with its message as the proof's extra data) and signature, every input's and kernel's
signature, the weight, the sort orders, the kernel and stealth sums and, for a block, its
header, kernels, HogEx, peg-ins and peg-outs — everything but chain state (that the spent
outputs exist). A block's kernel sum needs the previous block's kernel offset: without it the
verdict is ``"incomplete"``. :func:`scan` is the wallet's side: with the scan secret and the
spend public key it finds the outputs sent to addresses ``0 .. addresses - 1``, decrypts their
value and nonce, and keeps only those whose commitment they open.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Dict, List, Optional, Union

from . import _native
from ._errors import UnusableType
from ._input import bytes_or_hex, exact_bytes

__all__ = ["MAX_BYTES", "Found", "Report", "documents", "scan", "verify_block", "verify_tx"]

#: The most bytes a transaction or block may have (Litecoin's largest block with MWEB data):
#: the cap every front end applies; larger ones are refused before they are decoded or copied.
MAX_BYTES: int = _native.MWEB_MAX_BYTES


def _data(name: str, data: object) -> bytes:
    return bytes_or_hex(name, data, MAX_BYTES, _native.MWEB_TOO_LARGE)


_key = exact_bytes


@dataclass(frozen=True)
class Report:
    """``outputs``: per output its ``id`` (hex) and whether its ``range_proof`` and
    ``signature`` verify (``range_proof`` is ``None`` where the proof was not named: its batch
    failed, and the search stopped after naming 16 invalid proofs — a bound on what an
    adversary's transaction can cost; ``range_proof`` and ``signature`` are both ``None`` where
    a cheap rule fails first and the cryptography was not run, see ``full_report``);
    ``inputs``, ``kernels``: whether each signature verifies (``None``: not checked);
    ``checks``: the other checks by name (``"holds"``, ``"fails"``, ``"not checked"``);
    ``verdict``: ``"valid"``, ``"invalid"`` or ``"incomplete"`` (the CLI's exit codes 0, 1 and
    3); ``valid``: the verdict is ``"valid"``; ``kind``: ``"transaction"`` or ``"block"``;
    ``findings``: for each check that fails, its ``check``, the ``rule`` it breaks in Litecoin
    Core's words (its reject reason) and, where it concerns one, the ``kernel`` ID (hex)."""

    kind: str
    outputs: List[dict]
    inputs: List[Optional[bool]]
    kernels: List[Optional[bool]]
    checks: Dict[str, str]
    verdict: str
    valid: bool
    findings: List[dict] = field(default_factory=list)

    @property
    def invalid_outputs(self) -> List[int]:
        """The positions of the outputs whose range proof or signature fails or was not named."""
        return [k for k, o in enumerate(self.outputs) if not (o["range_proof"] and o["signature"])]


def _report(text: str) -> Report:
    r = json.loads(text)
    return Report(
        r["kind"],
        r["outputs"],
        r["inputs"],
        r["kernels"],
        r["checks"],
        r["verdict"],
        r["verdict"] == "valid",
        r["findings"],
    )


def _full(full_report: object) -> bool:
    if not isinstance(full_report, bool):
        raise UnusableType(f"full_report is {type(full_report).__name__}, not a bool")
    return full_report


def verify_tx(tx: Union[bytes, str], full_report: bool = False) -> Report:
    """Verifies a Litecoin transaction's MWEB data (raw bytes or hex) as the mempool does. The
    cheap rules run first; where one fails, the signatures, range proofs and sums are not
    checked (``None``, ``"not checked"``) unless ``full_report``."""
    return _report(_native.mweb_verify(_data("tx", tx), "transaction", None, _full(full_report)))


def verify_block(
    block: Union[bytes, str], previous_kernel_offset: Optional[bytes] = None, full_report: bool = False
) -> Report:
    """Verifies a Litecoin block's MWEB data (raw bytes or hex); its kernel sum needs
    ``previous_kernel_offset`` (the previous block's MWEB header's 32-byte kernel offset).
    ``full_report`` as for :func:`verify_tx`."""
    previous = None if previous_kernel_offset is None else _key("previous_kernel_offset", previous_kernel_offset, 32)
    return _report(_native.mweb_verify(_data("block", block), "block", previous, _full(full_report)))


@dataclass(frozen=True)
class Found:
    """An output the wallet owns: its position among the outputs, its 32-byte ``id``, the
    ``address`` index it pays, its ``value`` in litoshis, and (kept out of ``repr``) the
    commitment's ``blinding`` factor (32 bytes, big-endian) and the sender's 16-byte
    ``nonce``."""

    output: int
    id: bytes
    address: int
    value: int
    blinding: bytes = field(repr=False)
    nonce: bytes = field(repr=False)


def scan(data: Union[bytes, str], scan_key: bytes, spend_pubkey: bytes, addresses: int = 100) -> List[Found]:
    """The outputs of a transaction or block (raw bytes or hex) sent to the wallet of
    ``scan_key`` (32 bytes) and ``spend_pubkey`` (33 bytes, compressed), at address indices
    ``0 .. addresses - 1``."""
    if not isinstance(addresses, int) or isinstance(addresses, bool) or not 0 <= addresses < 2**32:
        raise UnusableType(f"addresses: expected an int in 0 .. 2**32 - 1, got {addresses!r}")
    found = _native.mweb_scan(_data("data", data), _key("scan_key", scan_key, 32), _key("spend_pubkey", spend_pubkey, 33), addresses)
    return [Found(k, bytes(i), a, v, bytes(b), bytes(n)) for k, i, a, v, b, n in found]


def documents(data: Union[bytes, str]) -> List[str]:
    """Each output's range proof as a proof document (JSON text, ``"flavor": "mweb"``) that
    :func:`rangeproof.verify` and ``rangeproof verify`` accept beside any others."""
    return list(_native.mweb_documents(_data("data", data)))
