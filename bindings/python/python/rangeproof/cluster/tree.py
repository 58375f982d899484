"""The Merkle-sum tree of proof of liabilities (DAPOL+, Ji and Chalkias, eprint 2021/1350), as
pure functions of the tree's secrets: what every worker and the client compute.

A tree of ``height`` levels has ``2**(height - 1)`` leaf positions (level 0) and its root at level
``height - 1`` (the ``dapol`` crate counts the same way). A node holds a Pedersen commitment to its
liability (on ristretto255, the commitments the range proofs' suite makes) and a hash:

- an account's leaf: ``commit(balance, r)`` and ``H("leaf", id, salt)``;
- a padding node (an empty subtree that is the sibling of a non-empty one): ``commit(0, r)`` and
  ``H("pad", coordinate, salt)`` — a verifier cannot tell it from a real subtree;
- a parent: ``C_L + C_R`` and ``H("node", C_L, C_R, h_L, h_R)``.

Secrets per node (DAPOL+'s privacy rule: one secret per node, derived, never stored), derived
top-down so that a subtree's worker can derive its own nodes' secrets and nothing else:

- the root's **node key** is ``HKDF-SHA256(ikm = master secret, salt = salt_b ‖ salt_s, info =
  tag ‖ root coordinate)`` — all three of the tree's secrets go in, and they never leave the
  client;
- a child's node key is ``HMAC-SHA256(parent's node key, tag ‖ child's coordinate)``: from the
  key of a subtree's root (a :class:`SubtreeKey`, what a task receives) every node key below it
  follows, one HMAC a level, while the keys above it and beside it stay as secret as HMAC keys
  (they would have to be recovered from HMAC outputs);
- a node's blinding factor is ``HKDF-Expand(node key, "blinding" ‖ kind ‖ coordinate)`` (64
  bytes, reduced modulo the group order) and its hash salt ``HKDF-Expand(node key, "salt" ‖
  kind ‖ coordinate)`` (32 bytes): a customer's proof gives them their leaf's pair, from which
  the leaf's key (and so any other secret) does not follow.

So the tree is the same in any partitioning (every node's secret depends only on the secrets
and its coordinate, never on which task built it) and in this process or on any cluster.
Accounts sit at positions derived from the tree's secrets (a keyed random injection of ids into
leaf positions), computed on the client only, so the same secrets and accounts give the same
tree when a task runs twice too.

This derivation is the format ``rangeproof-liabilities/2``. Format ``/1`` derived every node's
secret straight from the master secret (``HKDF(master, kind ‖ coordinate)``, then
``HKDF(salt_b, ·)`` and ``HKDF(salt_s, ·)``), so every task needed — and Dask carried and
logged — the master secret and both salts; the same secrets give another tree under ``/2``,
and a ``/1`` secrets document is refused rather than silently building a different root.

Where this departs from the ``dapol`` 0.4 crate, and why:

- SHA-256 with length-prefixed fields instead of BLAKE3 with ``;`` delimiters (unambiguous for ids
  that contain ``;``, and in Python's standard library);
- blinding factors reduced from 64 bytes, not 32 (a 32-byte reduction modulo a 252-bit order is
  measurably biased);
- positions derived from the tree's secrets rather than drawn from a thread RNG (reproducible
  builds; still secret to anyone without them);
- node secrets derived down the tree (above) rather than each straight from the master secret,
  so that a worker receives one subtree's key and never the tree's secrets;
- range proofs on the path's **siblings**, not on the path's nodes (see ``proof_of_liabilities.py``).
"""

from __future__ import annotations

import hashlib
import hmac
import os
from dataclasses import dataclass
from typing import Dict, Iterable, List, Mapping, Optional, Sequence, Tuple

from .. import UnusableInput, UnusableType, commit

#: The order of the ristretto255 group (the blinding factors' field).
GROUP_ORDER = 2**252 + 27742317777372353535851937790883648493

#: The tree's format tag: in every hash, every derived secret and every file written. ``/2``:
#: node secrets derived down the tree from subtree keys (the module's docstring).
FORMAT = "rangeproof-liabilities/2"
#: Earlier formats, named when refused.
EARLIER_FORMATS = ("rangeproof-liabilities/1",)
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


class _Redacted:
    """Secret-bearing objects: their ``repr`` and ``str`` name them without their bytes (Dask
    logs a failed task's arguments, and tracebacks print locals' reprs), and they refuse to be
    pickled or copied unless they say otherwise (see :class:`SubtreeKey`)."""

    __slots__ = ()
    _why_not_pickled = "stays in this process"

    def __reduce_ex__(self, protocol: object) -> object:
        raise UnusableType(f"{type(self).__name__} {self._why_not_pickled}: it is never pickled")

    def __copy__(self) -> "_Redacted":
        return self

    def __deepcopy__(self, memo: object) -> "_Redacted":
        return self

    def __str__(self) -> str:
        return repr(self)


@dataclass(frozen=True, repr=False)
class TreeSecrets(_Redacted):
    """The tree owner's secrets (32 bytes each): everything else is derived from them. They stay
    on the client: tasks receive :class:`SubtreeKey` objects derived from them, so pickling
    (what Dask does to a task's arguments) refuses them, and their ``repr`` hides them."""

    master: bytes
    salt_b: bytes
    salt_s: bytes

    _why_not_pickled = "stays on the client (a task receives a SubtreeKey derived from it)"

    def __post_init__(self) -> None:
        for name in ("master", "salt_b", "salt_s"):
            value = getattr(self, name)
            if not isinstance(value, bytes) or len(value) != 32:
                raise UnusableType(f"TreeSecrets.{name}: 32 bytes")

    def __repr__(self) -> str:
        return "TreeSecrets(<redacted>)"

    @classmethod
    def random(cls) -> "TreeSecrets":
        return cls(os.urandom(32), os.urandom(32), os.urandom(32))

    def to_json(self) -> Dict[str, str]:
        return {"format": FORMAT, "master_secret": self.master.hex(), "salt_b": self.salt_b.hex(), "salt_s": self.salt_s.hex()}

    @classmethod
    def from_json(cls, doc: object) -> "TreeSecrets":
        if isinstance(doc, dict) and doc.get("format") in EARLIER_FORMATS:
            raise UnusableInput(
                f"secrets: a {doc['format']} secrets document; this version builds {FORMAT} trees, whose node "
                "secrets derive differently (these secrets would give another root): use fresh secrets or the earlier version"
            )
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

    def tree_keys(self, params: "TreeParameters") -> "NodeKeys":
        """Every node key of the tree (the client's: it derives the subtree keys it sends)."""
        ikm_salt = self.salt_b + self.salt_s
        root = hkdf(self.master, ikm_salt, _ROOT_INFO + coordinate(params.height - 1, 0), 32)
        return NodeKeys(SubtreeKey(params.height - 1, 0, root))

    def position_key(self) -> bytes:
        return hkdf(self.master, self.salt_b + self.salt_s, f"{FORMAT} positions".encode(), 32)


class SubtreeKey(_Redacted):
    """The secret of the subtree rooted at (``level``, ``index``): its root's node key. Every
    node key of the subtree derives from it, nothing above or beside it does — what a subtree's
    task receives instead of the tree's secrets. Pickled only inside a task's arguments (its
    ``PartitionTask``), never alone; its ``repr`` hides the key."""

    __slots__ = ("level", "index", "_key")
    _why_not_pickled = "travels only inside its PartitionTask"

    def __init__(self, level: int, index: int, key: bytes) -> None:
        if not isinstance(key, bytes) or len(key) != 32:
            raise UnusableType("SubtreeKey: a 32-byte key")
        self.level, self.index, self._key = level, index, key

    def __repr__(self) -> str:
        return f"SubtreeKey(level={self.level}, index={self.index}, key=<redacted>)"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, SubtreeKey):
            return NotImplemented
        return (self.level, self.index) == (other.level, other.index) and hmac.compare_digest(self._key, other._key)

    __hash__ = None  # type: ignore[assignment]

    def covers(self, level: int, index: int) -> bool:
        """Whether (``level``, ``index``) is this subtree's root or below it."""
        return 0 <= level <= self.level and index >= 0 and index >> (self.level - level) == self.index


class NodeKeys(_Redacted):
    """The node keys of one subtree, derived from its :class:`SubtreeKey` on demand, top-down,
    and kept (a path's keys are shared by every node under it): as many as the subtree's stored
    nodes. Refuses a node outside the subtree — a worker has no key for it."""

    __slots__ = ("top", "_keys")

    def __init__(self, top: SubtreeKey) -> None:
        self.top = top
        self._keys: Dict[Tuple[int, int], bytes] = {(top.level, top.index): top._key}

    def __repr__(self) -> str:
        return f"NodeKeys({self.top!r})"

    def key(self, level: int, index: int) -> bytes:
        found = self._keys.get((level, index))
        if found is not None:
            return found
        if not self.top.covers(level, index):
            raise UnusableInput(f"node ({level}, {index}) is outside the subtree ({self.top.level}, {self.top.index})")
        path = []
        y, i = level, index
        while (y, i) not in self._keys:
            path.append((y, i))
            y, i = y + 1, i >> 1
        key = self._keys[(y, i)]
        for y, i in reversed(path):
            key = hmac.new(key, _NODE_INFO + coordinate(y, i), hashlib.sha256).digest()
            self._keys[(y, i)] = key
        return key

    def subtree(self, level: int, index: int) -> SubtreeKey:
        """The key of the subtree rooted at (``level``, ``index``), to send to its task."""
        return SubtreeKey(level, index, self.key(level, index))


class Node:
    """A tree node: the opening (liability, blinding factor) only its owner knows, the public
    commitment and hash."""

    __slots__ = ("value", "blinding", "commitment", "hash")

    def __init__(self, value: int, blinding: int, commitment: bytes, hash: bytes) -> None:
        self.value, self.blinding, self.commitment, self.hash = value, blinding, commitment, hash

    def __repr__(self) -> str:  # the public half only: a failed task's arguments are logged
        return f"Node(commitment={self.commitment.hex()[:16]}…, hash={self.hash.hex()[:16]}…, opening=<redacted>)"

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


def _expand(key: bytes, info: bytes, length: int) -> bytes:
    """HKDF-Expand (RFC 5869) of a key that is already uniform (a node key, an HMAC output)."""
    out, block, counter = b"", b"", 1
    while len(out) < length:
        block = hmac.new(key, block + info + bytes([counter]), hashlib.sha256).digest()
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


_ROOT_INFO = f"{FORMAT} root".encode()
_NODE_INFO = f"{FORMAT} node".encode()
_BLINDING_INFO = f"{FORMAT} blinding ".encode()
_SALT_INFO = f"{FORMAT} salt ".encode()


def node_secrets(keys: NodeKeys, kind: bytes, level: int, index: int) -> Tuple[int, bytes]:
    """A node's blinding factor and hash salt (``kind`` is ``b"leaf"`` or ``b"pad"``), from its
    node key in ``keys``."""
    key = keys.key(level, index)
    where = kind + coordinate(level, index)
    blinding = int.from_bytes(_expand(key, _BLINDING_INFO + where, 64), "little") % GROUP_ORDER
    return blinding, _expand(key, _SALT_INFO + where, 32)


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
    key = secrets.position_key()

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


def leaves(keys: NodeKeys, params: TreeParameters, accounts: Sequence[Tuple[str, int, int]]) -> Dict[int, Node]:
    """The leaves of ``(id, balance, position)`` accounts, by position (under ``keys``' subtree)."""
    made = []
    for account, balance, x in accounts:
        blinding, salt = node_secrets(keys, b"leaf", 0, x)
        made.append((x, balance, blinding, leaf_hash(account, salt)))
    cs = commitments(params, [(balance, blinding) for _, balance, blinding, _ in made])
    return {x: Node(balance, blinding, c, h) for (x, balance, blinding, h), c in zip(made, cs)}


def grow(
    keys: NodeKeys,
    params: TreeParameters,
    level: int,
    current: Mapping[int, Node],
    top: int,
    stored: Optional[Dict[Tuple[int, int], Node]] = None,
) -> Dict[int, Node]:
    """Builds the tree up from the nodes ``current`` at ``level`` to level ``top``: padding
    siblings where a subtree is empty, parents by sums. Every node of the levels
    ``level..top-1`` goes to ``stored`` (by (level, index)); returns the nodes at ``top``. The
    padding's secrets come from ``keys``: the subtree's on a worker, the tree's on the client."""
    nodes = dict(current)
    for y in range(level, top):
        missing = sorted({i ^ 1 for i in nodes} - nodes.keys())
        pads = []
        for i in missing:
            blinding, salt = node_secrets(keys, b"pad", y, i)
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
