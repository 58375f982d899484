"""Bulletproofs and Bulletproofs+ range proofs, wire-compatible with deployed systems.

The smallest use::

    import rangeproof
    p = rangeproof.prove([5, 7], bits=64)
    assert rangeproof.verify(p)
    text = p.to_json()                      # a document `rangeproof verify` accepts
    q = rangeproof.Proof.from_json(text)

Every (scheme, group, flavor) of the library is available (:func:`suites`) — a *flavor* is a
deployment's conventions, named as in the documents and the CLI: Bulletproofs as the reference
crate (``"dalek"``), Bulletproofs+ as Tari (``"tari"``), both as Monero (``group="ed25519"``,
``"monero"``), and libsecp256k1-zkp's Bulletproofs as Grin (``group="secp256k1"``,
``"grin"``), and Elements' Borromean range proofs (``scheme="borromean"``, ``"elements"``;
surjection proof documents verify too), and Litecoin MWEB outputs' proofs (``"mweb"``). Liquid
transactions — verify their proofs, unblind an output — are :mod:`rangeproof.liquid`'s; Litecoin
MWEB transactions and blocks — verify them, scan them for a wallet's outputs — are
:mod:`rangeproof.mweb`'s. Bytes go in and out; proving and verifying release the
GIL, so Python threads verify in parallel.

Arguments are checked, not converted: values and sizes are ``int`` (not ``bool``, not
``float``), byte strings are ``bytes`` (``bytearray`` and ``memoryview`` too) of the exact
length, a ``str`` is no list of values. A proof that silently differs from the one asked for
(``1.9`` proved as ``1``, ``"123"`` as ``[1, 2, 3]``) would be worse than an error.

Errors: :class:`ProofError` is the base; :class:`UnusableInput` (bad arguments or documents;
also a :class:`ValueError`), and its subclass :class:`UnusableType` for arguments of the wrong
type (also a :class:`TypeError`); :class:`InvalidProof` (raised by
:meth:`Proof.verify_or_raise`; :func:`verify` returns ``False`` instead); and
:class:`RecoveryFailed`. They are plain Python classes (``rangeproof._errors``): they pickle,
so errors cross process boundaries (``multiprocessing``, ``concurrent.futures``) intact.
"""

from __future__ import annotations

import itertools
import json
import sys
from collections.abc import Iterable, Mapping, Set
from dataclasses import dataclass, field
from typing import Dict, List, Optional, Sequence, Tuple, Union

from ._errors import InvalidProof, ProofError, RecoveryFailed, UnusableInput, UnusableType
from . import _native

__version__: str = _native.__version__
"""The version of the native module loaded (its crate's, which the package's matches)."""

__all__ = [
    "BLAME_LIMIT",
    "BatchVerifier",
    "InvalidProof",
    "MAX_DOCUMENT_BYTES",
    "MAX_LABEL_BYTES",
    "Proof",
    "ProofError",
    "Recovered",
    "RecoveryFailed",
    "UnusableInput",
    "UnusableType",
    "__version__",
    "commit",
    "prove",
    "recover",
    "suites",
    "verify",
]

# The CLI's bounds (rangeproof-cli: `input::DEFAULT_MAX_DOCUMENT_BYTES`,
# `document::MAX_TRANSCRIPT_LABEL`, `document::MAX_EXTRA_DATA`), checked here before anything is
# copied or parsed; the native module checks the first two again.
MAX_DOCUMENT_BYTES: int = _native.MAX_DOCUMENT_BYTES
MAX_LABEL_BYTES: int = _native.MAX_LABEL_BYTES
BLAME_LIMIT: int = _native.BLAME_LIMIT
"""How many invalid proofs a failing batch names by default (:class:`BatchVerifier`)."""
_MAX_EXTRA_DATA: int = _native.MAX_EXTRA_DATA
# The most values any suite aggregates (Grin's 256): a longer list is refused before it is read
# to the end, so an endless iterator cannot hang a call.
_MAX_ITEMS: int = _native.MAX_VALUES
_U64_MAX = 2**64 - 1
_VALUES = "values are integers from 0 to 2**64 - 1"
_BYTES = (bytes, bytearray, memoryview)


def _kind(x: object) -> str:
    """``"a float"``, ``"an int"``, ``"None"``: what an argument was, for a message."""
    if x is None:
        return "None"
    name = type(x).__name__
    return f"{'an' if name[:1].lower() in 'aeiou' else 'a'} {name}"


def _int(name: str, x: object, what: str, lo: int = 0, hi: int = _U64_MAX) -> int:
    """``x`` if it is an ``int`` (not a ``bool``: ``True`` is no amount) in ``[lo, hi]``."""
    if isinstance(x, bool) or not isinstance(x, int):
        raise UnusableType(f"{name} is {_kind(x)}, not an int: {what}")
    if not lo <= x <= hi:
        # The number is never shown: it may be an amount, and amounts are secrets that an error
        # message (printed, logged) must not carry.
        where = "negative" if x < 0 <= lo else "out of range"
        raise UnusableInput(f"{name} is {where}: {what}")
    return int.__index__(x)  # a plain int, whatever an int subclass overrides


def _items(name: str, xs: object, expected: str, most: int = _MAX_ITEMS) -> List[object]:
    """The items of an ordered collection (at most ``most``). A ``str`` or ``bytes`` is not one
    (``"123"`` is no list of three values), nor are sets and mappings (their order is not the
    caller's)."""
    if isinstance(xs, (str, *_BYTES, Mapping, Set)) or not isinstance(xs, Iterable):
        raise UnusableType(f"{name} is {_kind(xs)}, not {expected}")
    items = list(itertools.islice(xs, most + 1))
    if len(items) > most:
        raise UnusableInput(f"{name} has more than {most} items: no proof covers more")
    return items


def _u64s(name: str, xs: object, what: str = _VALUES, most: int = _MAX_ITEMS) -> List[int]:
    items = _items(name, xs, "a list of ints", most)
    return [_int(f"{name}[{i}]", x, what) for i, x in enumerate(items)]


def _bytes(name: str, x: object, length: Optional[int] = None, most: Optional[int] = None) -> bytes:
    """``x`` as ``bytes``, of exactly ``length`` or at most ``most`` bytes. Never shows the
    bytes in a message: they may be a secret."""
    if not isinstance(x, _BYTES):
        raise UnusableType(f"{name} is {_kind(x)}, not bytes")
    b = bytes(x)
    if length is not None and len(b) != length:
        raise UnusableInput(f"{name} has {len(b)} bytes, expected {length}")
    if most is not None and len(b) > most:
        raise UnusableInput(f"{name} has {len(b)} bytes, more than {most}")
    return b


def _optional_bytes(name: str, x: object, length: Optional[int] = None, most: Optional[int] = None) -> Optional[bytes]:
    return None if x is None else _bytes(name, x, length, most)


def _blindings(blindings: object) -> List[List[bytes]]:
    """Per value, one 32-byte blinding or a list of them (Tari's extension degree)."""
    expected = "a list of bytes or of lists of bytes"
    out = []
    for i, per in enumerate(_items("blindings", blindings, expected)):
        if isinstance(per, _BYTES):
            out.append([_bytes(f"blindings[{i}]", per, 32)])
        else:
            factors = _items(f"blindings[{i}]", per, "bytes or a list of bytes")
            out.append([_bytes(f"blindings[{i}][{j}]", b, 32) for j, b in enumerate(factors)])
    return out


def _name(name: str, x: object, optional: bool = True) -> Optional[str]:
    """A scheme, group or flavor name (the native module says which are supported)."""
    if x is None and optional:
        return None
    if not isinstance(x, str):
        raise UnusableType(f"{name} is {_kind(x)}, not a str")
    if len(x) > 64:
        raise UnusableInput(f"{name} is {len(x)} characters long: no suite has such a name")
    return x


def _label(label: object) -> Optional[bytes]:
    if label is None:
        return None
    if isinstance(label, str):
        try:
            label = label.encode()
        except UnicodeEncodeError as e:
            raise UnusableInput(f"label is not valid Unicode text: {e.reason}") from None
    return _bytes("label", label, most=MAX_LABEL_BYTES)


def _text(name: str, text: object) -> str:
    """A JSON document, refused before parsing when larger than the CLI accepts one."""
    if not isinstance(text, str):
        raise UnusableType(f"{name} is {_kind(text)}, not a JSON document (str)")
    # A character is at least one byte: most texts too long are refused without encoding.
    too_long = len(text) > MAX_DOCUMENT_BYTES
    if not too_long:
        try:
            too_long = len(text.encode()) > MAX_DOCUMENT_BYTES
        except UnicodeEncodeError as e:
            raise UnusableInput(f"{name} is not valid Unicode text: {e.reason} at {e.start}") from None
    if too_long:
        raise UnusableInput(
            f"{name} is longer than {MAX_DOCUMENT_BYTES} bytes (a proof document is under 16 KiB)"
        )
    return text


def suites() -> List[Tuple[str, str, str]]:
    """Every supported ``(scheme, group, flavor)``."""
    return list(_native.suites())


class Proof:
    """A proof document (the CLI's JSON format) and, when this process made the proof, the
    openings (values and blindings: secret; never part of :meth:`to_json`)."""

    def __init__(self, document: Dict[str, object], openings: Optional[Dict[str, object]] = None):
        self._document = document
        self._openings = openings

    @classmethod
    def from_json(cls, text: str) -> "Proof":
        """Reads a proof document (a ``str`` of at most 1 MiB, as the CLI reads); raises
        :class:`UnusableInput` for a malformed one (:class:`UnusableType` for a non-``str``)."""
        text = _text("text", text)
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
    def flavor(self) -> str:
        """The deployment's conventions, as the document names them: the third name of one of
        the suites :func:`suites` lists."""
        return str(self._document["flavor"])

    @property
    def bits(self) -> Optional[int]:
        bits = self._document.get("bits")
        return int(bits) if bits is not None else None

    @property
    def bit_lengths(self) -> Optional[List[int]]:
        """Solana: each value's own bit length."""
        lengths = self._document.get("bit_lengths")
        return None if lengths is None else [int(n) for n in lengths]  # type: ignore[union-attr]

    @property
    def kind(self) -> Optional[str]:
        """Solana: the instruction's kind, ``"u64"``, ``"u128"`` or ``"u256"``."""
        kind = self._document.get("kind")
        return None if kind is None else str(kind)

    @property
    def proof_data(self) -> Optional[bytes]:
        """Solana: the instruction's proof data (context, then proof), as the ZK ElGamal proof
        program receives it."""
        data = self._document.get("proof_data")
        return None if data is None else bytes.fromhex(str(data))

    @classmethod
    def from_proof_data(cls, proof_data: bytes) -> "Proof":
        """The document of a Solana batched range proof instruction's proof data (936, 1000 or
        1064 bytes: context, then proof). Its context is read by the program's rules when the
        proof is verified (a context the program refuses makes the proof invalid)."""
        data = _bytes("proof_data", proof_data, most=1064)
        document = {
            "scheme": "bulletproofs",
            "group": "ristretto255",
            "flavor": "solana",
            "proof_data": data.hex(),
        }
        _native.check_document(json.dumps(document))
        return cls(document)

    @property
    def proof(self) -> bytes:
        """The proof in its convention's wire format (Solana: also inside
        :attr:`proof_data`)."""
        proof = self._document.get("proof")
        if proof is None:
            data = self.proof_data
            return b"" if data is None else data[264:]
        return bytes.fromhex(str(proof))

    @property
    def commitments(self) -> List[bytes]:
        """The value commitments, encoded as the convention does."""
        listed = self._document.get("commitments")
        data = self.proof_data
        if listed is None and data is not None:
            # Solana proof data alone: the context's active slots, up to the first empty one.
            slots = [data[32 * i : 32 * i + 32] for i in range(8)]
            return list(itertools.takewhile(lambda c: c != bytes(32), slots))
        return [bytes.fromhex(str(c)) for c in listed or []]  # type: ignore[union-attr]

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
        _native.verify(_document_text(self))

    def __repr__(self) -> str:
        return f"Proof({self.scheme} {self.group}/{self.flavor}, {len(self.commitments)} commitments)"


def prove(
    values: Sequence[int],
    bits: Optional[int] = None,
    scheme: str = "bulletproofs",
    group: Optional[str] = None,
    flavor: Optional[str] = None,
    blindings: Optional[Sequence[Union[bytes, Sequence[bytes]]]] = None,
    label: Optional[Union[str, bytes]] = None,
    extension_degree: int = 1,
    minimum_values: Optional[Sequence[int]] = None,
    generators_n: Optional[int] = None,
    value_generator: Optional[bytes] = None,
    extra_data: Optional[bytes] = None,
    recovery_nonce: Optional[bytes] = None,
    *,
    parameters: Optional[Mapping[str, Union[int, bytes]]] = None,
    bit_lengths: Optional[Sequence[int]] = None,
) -> Proof:
    """Proves that every value lies in ``[0, 2**bits)`` (``bits`` 64 when not given).

    Solana's batched range proofs (``flavor="solana"``): ``bit_lengths`` gives each value its
    own bit length instead of ``bits`` (1 to 64 each, summing to 64, 128 or 256: the
    instruction's kind); the proof's :attr:`Proof.proof_data` is the instruction's proof data
    as the ZK ElGamal proof program receives it.

    ``scheme``: ``"bulletproofs"``, ``"bulletproofs+"``, ``"bulletproofs++"`` (on ristretto255
    in our conventions, or ``group="secp256k1"`` in libsecp256k1-zkp's; minimum values for any
    number of values; ``parameters={"base": 2 | 4 | 16 | 256}`` picks the digit base, else the
    one with the shortest vectors) or ``"borromean"``.

    Elements' Borromean range proofs (``scheme="borromean"``) have no bit size: leave ``bits``
    out and give Liquid's parameters by name, ``parameters={"exp": 0, "min_bits": 52,
    "message": b"..."}`` (those are the defaults, with a minimum value of 1 —
    ``minimum_values=[m]`` sets another); ``value_generator`` is the output's asset generator
    (:func:`rangeproof.liquid.asset_generator`), ``extra_data`` its scriptPubKey.

    ``values``: a list (any ordered iterable but a ``str`` or ``bytes``) of ``int`` from 0 to
    ``2**64 - 1``. ``blindings``: one blinding (32 bytes; secp256k1 too) per value, or per
    value a list of ``extension_degree`` of them (Tari) — for commitments that already exist;
    fresh random ones when ``None``. ``label``: the transcript label (dalek and Tari; default
    ``"rangeproof"``; at most 256 bytes). ``value_generator``: 33 bytes (Grin);
    ``extra_data``: at most 4096 bytes (Grin). ``recovery_nonce``: 32 bytes that let
    :func:`recover` give the blindings back (Tari's seed nonce for one value; Grin's rewind
    nonce, random if not given). ``parameters``: the suite's own statement parameters by name
    (``int`` or ``bytes``, as the suite declares them; the proof document carries each as a
    field of that name). Raises :class:`UnusableInput` (:class:`UnusableType` for a wrong type)
    naming the argument at fault.
    """
    values = _u64s("values", values)
    integer_parameters, bytes_parameters = _parameters(parameters)
    if bits is not None:
        bits = _int("bits", bits, "the bit size is an integer from 1 to 64", 1, 64)
    if bit_lengths is not None:
        if isinstance(bit_lengths, (str, bytes, bytearray)) or not isinstance(bit_lengths, Iterable):
            raise UnusableType(f"bit_lengths is {_kind(bit_lengths)}, not a list of int")
        bit_lengths = [
            _int(f"bit_lengths[{i}]", n, "a bit length is an integer from 1 to 64", 1, 64)
            for i, n in enumerate(bit_lengths)
        ]
    extension_degree = _int(
        "extension_degree", extension_degree, "blinding factors per commitment, at least 1", 1, sys.maxsize
    )
    document, openings = _native.prove(
        values,
        bits,
        _name("scheme", scheme, optional=False),
        _name("group", group),
        _name("flavor", flavor),
        None if blindings is None else _blindings(blindings),
        _label(label),
        extension_degree,
        None if minimum_values is None else _u64s("minimum_values", minimum_values),
        None if generators_n is None else _int("generators_n", generators_n, "Grin's generator count, at least 1", 1, sys.maxsize),
        _optional_bytes("value_generator", value_generator, length=33),
        _optional_bytes("extra_data", extra_data, most=_MAX_EXTRA_DATA),
        _optional_bytes("recovery_nonce", recovery_nonce, length=32),
        integer_parameters,
        bytes_parameters,
        bit_lengths,
    )
    return Proof(json.loads(document), json.loads(openings))


def _parameters(parameters: object) -> Tuple[List[Tuple[str, int]], List[Tuple[str, bytes]]]:
    """A suite's parameters split by kind: ``str`` names, ``int`` (not ``bool``) or ``bytes``
    values. Names and bounds are the suite's to check."""
    if parameters is None:
        return [], []
    if not isinstance(parameters, Mapping):
        raise UnusableType(f"parameters is {_kind(parameters)}, not a mapping of names to int or bytes")
    integers, byte_strings = [], []
    for name, value in parameters.items():
        if not isinstance(name, str):
            raise UnusableType(f"a parameter name is {_kind(name)}, not a str")
        if isinstance(value, _BYTES):
            byte_strings.append((name, bytes(value)))
        else:
            integers.append((name, _int(f"parameters[{name!r}]", value, "an int or bytes", -(2**63), 2**63 - 1)))
    return integers, byte_strings


def _document_text(proof: object) -> str:
    """The document of a :class:`Proof`, or a JSON document given as text."""
    if isinstance(proof, Proof):
        return _text("proof", json.dumps(proof._document))
    if not isinstance(proof, str):
        raise UnusableType(f"proof is {_kind(proof)}, not a Proof or a JSON document (str)")
    return _text("proof", proof)


def verify(proof: Union[Proof, str]) -> bool:
    """``True`` if the proof (a :class:`Proof` or a JSON document) verifies, ``False`` if it is
    invalid; raises :class:`UnusableInput` for a malformed document (or anything else)."""
    try:
        _native.verify(_document_text(proof))
    except InvalidProof:
        return False
    return True


@dataclass
class Recovered:
    """What a recovery nonce gives back.

    ``checked`` tells whether the opening was checked against the proof's commitment: always
    for Grin (the rewind gives the value), for Tari only when :func:`recover` was given the
    value. Unchecked blindings may be garbage: Tari's mask recovery with a wrong seed, or of a
    proof made without one, does not fail. ``blindings`` are secret and kept out of ``repr``.
    """

    value: Optional[int]
    blindings: List[bytes] = field(repr=False)
    message: Optional[bytes]
    checked: bool = False


def recover(proof: Union[Proof, str], nonce: bytes, value: Optional[int] = None) -> Recovered:
    """Tari's mask recovery (the blindings) or Grin's rewind (value, blinding, message).

    ``nonce``: the 32-byte seed or rewind nonce. ``value``: the committed value, if known;
    then the recovered blindings must open the commitment with it (Grin's rewound value must
    equal it), else :class:`RecoveryFailed`. Without it, Tari's result is unchecked
    (``checked`` is ``False``): a wrong seed gives wrong blindings, not an error.

    Raises :class:`RecoveryFailed` when the proof does not verify, the nonce does not rewind it
    or the opening does not open the commitment; :class:`UnusableInput` for conventions
    without recovery and for bad arguments.
    """
    text = _document_text(proof)
    nonce = _bytes("nonce", nonce, length=32)
    if value is not None:
        value = _int("value", value, _VALUES)
    got_value, blindings, message, checked = _native.recover(text, nonce, value)
    return Recovered(got_value, list(blindings), message, bool(checked))


def commit(
    values: Sequence[int],
    blindings: Sequence[Union[bytes, Sequence[bytes]]],
    scheme: str = "bulletproofs",
    group: Optional[str] = None,
    flavor: Optional[str] = None,
    extension_degree: int = 1,
    value_generator: Optional[bytes] = None,
    parameters: Optional[Mapping[str, Union[int, bytes]]] = None,
) -> List[bytes]:
    """The Pedersen commitments of the given openings, encoded as the convention does. The
    arguments are those of :func:`prove`, checked the same way (``parameters``: the suite's
    own, such as Aptos's ``value_base`` and ``blinding_base``)."""
    integer_parameters, bytes_parameters = _parameters(parameters)
    return list(
        _native.commit(
            _u64s("values", values),
            _blindings(blindings),
            _name("scheme", scheme, optional=False),
            _name("group", group),
            _name("flavor", flavor),
            _int("extension_degree", extension_degree, "blinding factors per commitment, at least 1", 1, sys.maxsize),
            _optional_bytes("value_generator", value_generator, length=33),
            integer_parameters,
            bytes_parameters,
        )
    )


class BatchVerifier:
    """Checks many proofs together (one multiscalar multiplication per group) and names the
    invalid ones::

        batch = rangeproof.BatchVerifier()
        for p in proofs:
            batch.add(p)
        if not batch.verify():
            print("not valid:", batch.invalid)

    When a batch fails, a search names its invalid proofs: at most ``blame_limit`` of them
    (``BLAME_LIMIT``, 16, unless given; ``None``: all, whatever the search costs). Past it, the
    proofs the search did not reach are listed in :attr:`not_named` — each may be valid — and
    also in :attr:`invalid`, the positions not known to be valid. The bound keeps a batch of
    invalid proofs, which anyone can send, from costing more than about twice a valid one.
    """

    def __init__(self, blame_limit: Optional[int] = BLAME_LIMIT) -> None:
        if blame_limit is not None:
            blame_limit = _int("blame_limit", blame_limit, "a count of proofs", 0, sys.maxsize)
        self._batch = _native.Batch()
        self._blame_limit = blame_limit
        self.invalid: List[int] = []
        self.not_named: List[int] = []

    def add(self, proof: Union[Proof, str]) -> int:
        """Adds a proof; returns its position. Raises :class:`UnusableInput` for a malformed
        document (a proof that merely fails is reported by :meth:`verify`)."""
        return int(self._batch.add(_document_text(proof)))

    def __len__(self) -> int:
        return len(self._batch)

    def verify(self) -> bool:
        """``True`` if every proof added is valid; else ``False``, with the positions of the
        ones not valid in :attr:`invalid` (and of those the search did not name, past the blame
        limit, in :attr:`not_named`)."""
        invalid, not_named = self._batch.check(self._blame_limit)
        self.invalid, self.not_named = list(invalid), list(not_named)
        return not self.invalid


_SUBMODULES = ("circuit", "cluster", "liquid", "mpc", "mweb")


def __getattr__(name: str) -> object:
    """The submodules on first use (``rangeproof.mpc`` without importing it first);
    ``cluster`` needs the ``dask`` extra."""
    if name in _SUBMODULES:
        import importlib

        return importlib.import_module(f".{name}", __name__)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> List[str]:
    """The API: what ``__all__`` lists and the submodules (``circuit``, ``cluster``,
    ``liquid``, ``mpc``, ``mweb``), not the helpers and imports the module happens to hold."""
    return sorted([*__all__, *_SUBMODULES])
