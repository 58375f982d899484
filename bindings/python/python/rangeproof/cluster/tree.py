"""The Merkle-sum tree of proof of liabilities (DAPOL+, Ji and Chalkias, eprint 2021/1350), as
pure functions of the tree's secrets: what every worker and the client compute.

A tree of ``height`` levels has ``2**(height - 1)`` leaf positions (level 0) and its root at level
``height - 1`` (the ``dapol`` crate counts the same way). A node holds a Pedersen commitment to its
liability (on ristretto255, the commitments the range proofs' suite makes) and a hash:

- an account's leaf: ``commit(balance, r)`` and ``H("leaf", id, salt)``;
- a padding node (an empty subtree that is the sibling of a non-empty one): ``commit(0, r)`` and
  ``H("pad", coordinate, salt)`` — a verifier cannot tell it from a real subtree;
- a parent: ``C_L + C_R`` and ``H("node", C_L, C_R, h_L, h_R)``.

Secrets per node (DAPOL+'s privacy rule: one secret per node, derived, never stored): the node's
secret is ``HKDF-SHA256(ikm = master secret, info = kind ‖ coordinate)``; its blinding factor
``HKDF(salt_b, node secret)`` (64 bytes, reduced modulo the group order) and its hash salt
``HKDF(salt_s, node secret)`` (32 bytes). Accounts sit at positions derived from the master
secret (a keyed random injection of ids into leaf positions), so the same secrets and accounts
give the same tree on any cluster, in any partitioning, and when a task runs twice.

Where this departs from the ``dapol`` 0.4 crate, and why:

- SHA-256 with length-prefixed fields instead of BLAKE3 with ``;`` delimiters (unambiguous for ids
  that contain ``;``, and in Python's standard library);
- blinding factors reduced from 64 bytes, not 32 (a 32-byte reduction modulo a 252-bit order is
  measurably biased);
- positions derived from the master secret rather than drawn from a thread RNG (reproducible
  builds; still secret to anyone without it);
- range proofs on the path's **siblings**, not on the path's nodes (see ``proof_of_liabilities.py``).
"""

from __future__ import annotations

import hashlib
import hmac
import os
from dataclasses import dataclass
from typing import Dict, Iterable, List, Mapping, Optional, Sequence, Tuple

from .. import UnusableInput, commit

#: The order of the ristretto255 group (the blinding factors' field).
GROUP_ORDER = 2**252 + 27742317777372353535851937790883648493

#: The tree's format tag: in every hash, every derived secret and every file written.
FORMAT = "rangeproof-liabilities/1"
DEFAULT_HEIGHT = 32
MIN_HEIGHT = 2
#: A path has ``height - 1`` siblings, one aggregated range proof covers up to 64 values.
MAX_HEIGHT = 65
DEFAULT_BITS = 64
#: The range proofs: Bulletproofs++ on ristretto255 (any number of values in one proof, the
#: shortest and fastest to prove of the suites); ``bulletproofs`` and ``bulletproofs+`` work too.
DEFAULT_SCHEME = "bulletproofs++"
SCHEMES = ("bulletproofs", "bulletproofs+", "bulletproofs++")
GROUP = "ristretto255"
#: Openings per call of :func:`rangeproof.commit` (its limit).
_COMMIT_CHUNK = 256
#: The largest account id, in UTF-8 bytes.
MAX_ID_BYTES = 256


@dataclass(frozen=True)
class TreeParameters:
    """What the root publishes besides its commitment and hash."""

    height: int = DEFAULT_HEIGHT
    bits: int = DEFAULT_BITS
    scheme: str = DEFAULT_SCHEME

    def check(self) -> "TreeParameters":
        for name, value, lo, hi in (("height", self.height, MIN_HEIGHT, MAX_HEIGHT), ("bits", self.bits, 1, 64)):
            if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
                raise UnusableInput(f"{name} {value!r}: an integer from {lo} to {hi}")
        if self.scheme not in SCHEMES:
            raise UnusableInput(f"scheme {self.scheme!r}: one of {', '.join(SCHEMES)}")
        return self

    @property
    def leaves(self) -> int:
        return 1 << (self.height - 1)


@dataclass(frozen=True)
class TreeSecrets:
    """The tree owner's secrets (32 bytes each): everything else is derived from them."""

    master: bytes
    salt_b: bytes
    salt_s: bytes

    @classmethod
    def random(cls) -> "TreeSecrets":
        return cls(os.urandom(32), os.urandom(32), os.urandom(32))

    def to_json(self) -> Dict[str, str]:
        return {"format": FORMAT, "master_secret": self.master.hex(), "salt_b": self.salt_b.hex(), "salt_s": self.salt_s.hex()}

    @classmethod
    def from_json(cls, doc: object) -> "TreeSecrets":
        if not isinstance(doc, dict) or doc.get("format") != FORMAT:
            raise UnusableInput(f"secrets: not a {FORMAT} secrets document")
        fields = []
        for name in ("master_secret", "salt_b", "salt_s"):
            try:
                raw = bytes.fromhex(doc[name])
            except (KeyError, TypeError, ValueError):
                raw = b""
            if len(raw) != 32:
                raise UnusableInput(f"secrets: {name} is 32 bytes in hex")
            fields.append(raw)
        return cls(*fields)


class Node:
    """A tree node: the opening (liability, blinding factor) only its owner knows, the public
    commitment and hash."""

    __slots__ = ("value", "blinding", "commitment", "hash")

    def __init__(self, value: int, blinding: int, commitment: bytes, hash: bytes) -> None:
        self.value, self.blinding, self.commitment, self.hash = value, blinding, commitment, hash

    def public(self) -> Tuple[bytes, bytes]:
        return self.commitment, self.hash


def hkdf(ikm: bytes, salt: bytes, info: bytes, length: int) -> bytes:
    """HKDF-SHA256 (RFC 5869)."""
    prk = hmac.new(salt or b"\0" * 32, ikm, hashlib.sha256).digest()
    out, block, counter = b"", b"", 1
    while len(out) < length:
        block = hmac.new(prk, block + info + bytes([counter]), hashlib.sha256).digest()
        out += block
        counter += 1
    return out[:length]


def _field(data: bytes) -> bytes:
    return len(data).to_bytes(4, "big") + data


def _tagged_hash(tag: str, *fields: bytes) -> bytes:
    h = hashlib.sha256(_field(f"{FORMAT} {tag}".encode()))
    for f in fields:
        h.update(_field(f))
    return h.digest()


def coordinate(level: int, index: int) -> bytes:
    """A node's coordinate in bytes: the level, then the index (8 bytes little-endian)."""
    return bytes([level]) + index.to_bytes(8, "little")


def node_secrets(secrets: TreeSecrets, kind: bytes, level: int, index: int) -> Tuple[int, bytes]:
    """A node's blinding factor and hash salt (``kind`` is ``b"leaf"`` or ``b"pad"``)."""
    node_secret = hkdf(secrets.master, b"", f"{FORMAT} ".encode() + kind + coordinate(level, index), 32)
    blinding = int.from_bytes(hkdf(node_secret, secrets.salt_b, b"blinding", 64), "little") % GROUP_ORDER
    salt = hkdf(node_secret, secrets.salt_s, b"salt", 32)
    return blinding, salt


def leaf_hash(account: str, salt: bytes) -> bytes:
    return _tagged_hash("leaf", account.encode("utf-8"), salt)


def pad_hash(level: int, index: int, salt: bytes) -> bytes:
    return _tagged_hash("pad", coordinate(level, index), salt)


def parent_hash(left: Tuple[bytes, bytes], right: Tuple[bytes, bytes]) -> bytes:
    """``left`` and ``right`` as (commitment, hash)."""
    return _tagged_hash("node", left[0], right[0], left[1], right[1])


def scalar_bytes(blinding: int) -> bytes:
    return blinding.to_bytes(32, "little")


def commitments(params: TreeParameters, openings: Sequence[Tuple[int, int]]) -> List[bytes]:
    """Pedersen commitments of (value, blinding) openings, as the range proofs' suite makes them."""
    out: List[bytes] = []
    for start in range(0, len(openings), _COMMIT_CHUNK):
        chunk = openings[start : start + _COMMIT_CHUNK]
        out += commit([v for v, _ in chunk], [scalar_bytes(b) for _, b in chunk], scheme=params.scheme, group=GROUP)
    return out


def positions(secrets: TreeSecrets, params: TreeParameters, accounts: Iterable[str]) -> Dict[str, int]:
    """Each account's leaf position: a keyed hash of its id, taken in order of (hash, id), the
    next candidate of an id whose position is taken (a keyed random injection)."""
    mask = params.leaves - 1
    key = hkdf(secrets.master, b"", f"{FORMAT} positions".encode(), 32)

    def candidate(account: str, attempt: int) -> int:
        digest = hmac.new(key, attempt.to_bytes(4, "big") + account.encode("utf-8"), hashlib.sha256).digest()
        return int.from_bytes(digest[:8], "little") & mask

    ids = list(accounts)
    if len(ids) > params.leaves:
        raise UnusableInput(f"{len(ids)} accounts do not fit a tree of height {params.height} ({params.leaves} leaves)")
    taken: Dict[int, str] = {}
    out: Dict[str, int] = {}
    for account in sorted(ids, key=lambda a: (candidate(a, 0), a)):
        attempt = 0
        x = candidate(account, 0)
        while x in taken:
            attempt += 1
            x = candidate(account, attempt)
        taken[x] = account
        out[account] = x
    return out


def leaves(secrets: TreeSecrets, params: TreeParameters, accounts: Sequence[Tuple[str, int, int]]) -> Dict[int, Node]:
    """The leaves of ``(id, balance, position)`` accounts, by position."""
    made = []
    for account, balance, x in accounts:
        blinding, salt = node_secrets(secrets, b"leaf", 0, x)
        made.append((x, balance, blinding, leaf_hash(account, salt)))
    cs = commitments(params, [(balance, blinding) for _, balance, blinding, _ in made])
    return {x: Node(balance, blinding, c, h) for (x, balance, blinding, h), c in zip(made, cs)}


def grow(
    secrets: TreeSecrets,
    params: TreeParameters,
    level: int,
    current: Mapping[int, Node],
    top: int,
    stored: Optional[Dict[Tuple[int, int], Node]] = None,
) -> Dict[int, Node]:
    """Builds the tree up from the nodes ``current`` at ``level`` to level ``top``: padding
    siblings where a subtree is empty, parents by sums. Every node of the levels
    ``level..top-1`` goes to ``stored`` (by (level, index)); returns the nodes at ``top``."""
    nodes = dict(current)
    for y in range(level, top):
        missing = sorted({i ^ 1 for i in nodes} - nodes.keys())
        pads = []
        for i in missing:
            blinding, salt = node_secrets(secrets, b"pad", y, i)
            pads.append((i, blinding, pad_hash(y, i, salt)))
        for (i, blinding, h), c in zip(pads, commitments(params, [(0, b) for _, b, _ in pads])):
            nodes[i] = Node(0, blinding, c, h)
        if stored is not None:
            for i, node in nodes.items():
                stored[(y, i)] = node
        parents = sorted({i >> 1 for i in nodes})
        openings = []
        for p in parents:
            left, right = nodes[2 * p], nodes[2 * p + 1]
            openings.append((left.value + right.value, (left.blinding + right.blinding) % GROUP_ORDER))
        cs = commitments(params, openings)
        nodes = {
            p: Node(v, b, c, parent_hash(nodes[2 * p].public(), nodes[2 * p + 1].public()))
            for p, (v, b), c in zip(parents, openings, cs)
        }
    return nodes


def siblings(stored: Mapping[Tuple[int, int], Node], level: int, index: int, top: int) -> List[Node]:
    """The siblings of the path from (``level``, ``index``) up to (not including) level ``top``."""
    return [stored[(y, (index >> (y - level)) ^ 1)] for y in range(level, top)]
