"""Proof of liabilities on a cluster: DAPOL+ (Ji and Chalkias, eprint 2021/1350) — a sparse
Merkle-sum tree of Pedersen commitments with hashes (``tree.py``), range proofs that keep a
negative or overflowing subtree from hiding a liability, and one inclusion proof per account.

The build, on dask.distributed:

1. the client reads and checks every account row (nothing is written before the last row is
   checked), places the accounts at their leaf positions (keyed by the tree's secrets: only the
   client computes them) and splits the leaf range into ``2**k`` subtrees;
2. one task per non-empty subtree builds it (leaves, padding siblings, parents) on a worker
   from the subtree's key (a :class:`~rangeproof.cluster.tree.SubtreeKey`) — never the tree's
   secrets; the client gathers only the subtree roots and builds the top ``k`` levels itself;
3. one task per subtree builds it again (no worker holds subtrees between the passes: a worker
   needs the memory of one subtree, about 8 % more work) and writes its inclusion proofs: each
   account's path siblings (from its subtree, then the top levels the client sends) and one
   aggregated range proof over them
   (``height - 1`` ≤ 64 values; Bulletproofs++ by default, which takes any number of values);
   the client checks that both passes built the same subtree root and one proof per account,
   and with ``recheck`` builds a random sample of subtrees again itself and checks their proofs;
4. the client writes the directory under a temporary name, syncs it, and renames it into place
   without replacing anything (``_files.py``): it appears whole or not at all.

Every task is a pure function of its subtree's key and accounts (the range proofs' nonces
aside), its inputs travel in the task (nothing scattered), and results are kept by subtree:
when a worker dies the scheduler runs its tasks again elsewhere, nothing is lost or written
twice.

What the cluster learns (the trust model; SECURITY.md says it too): the scheduler and every
worker that runs a subtree's task see that subtree's key (so every node secret in it: its
blinding factors and salts), its accounts' ids, balances and positions, and, in the second
pass, the openings (liability and blinding factor) of the nodes above the partitions on its
paths — from which the total liabilities follow. None of them sees the master secret, the
salts, any other subtree's key or another subtree's accounts. Task arguments cross the network
as they are: use a ``tls://`` scheduler (one off this machine over any other transport, such as
``tcp://`` or ``ws://``, is refused without ``allow_plaintext``). A secret-bearing object's ``repr`` hides it (Dask logs a failed
task's arguments), and the tree's secrets refuse to be pickled at all.

**The range proofs cover the path's siblings** (DAPOL+'s proof of inclusion; the ``dapol`` crate
proves the path's own nodes instead). With every sibling in ``[0, 2**bits)``, the root's liability
is the customer's balance plus non-negative siblings: at least the balance, and for any set of
customers who check, at least the sum of their balances (their paths and the siblings of those
paths cover the root with non-negative parts). Range proofs on the path nodes alone bound a
sibling only from below by ``-(path node)``: a negative padding sibling, which no customer's own
path checks, could cancel a liability.

The output directory:

- ``root.json`` — public: the root's commitment and hash, the height, the bit size, the scheme;
- ``total.json`` — the root's opening (total liabilities and blinding factor): publish it to
  disclose the total (``dapol`` keeps it private by default);
- ``secrets.json`` — the tree's secrets (master secret and salts), only when they were not given:
  **private**, keep it to rebuild the tree or prove again;
- ``nodes/part-*.jsonl`` — the stored tree: every node's level, index, commitment and hash;
- ``inclusion/part-*.jsonl`` — one inclusion proof per account, one JSON object per line: give
  each customer theirs.
"""

from __future__ import annotations

import csv
import errno
import json
import math
import os
import random
import re
import shutil
import tempfile
import time
from dataclasses import dataclass, field
from typing import Dict, Iterable, Iterator, List, Optional, Sequence, Tuple, Union

from .. import Proof, UnusableInput, UnusableType, _native, prove, verify
from ._dask import Incomplete, Progress, client_for
from ._files import rename_no_replace, sync_directory, write_file
from .tree import (
    FORMAT,
    GROUP,
    GROUP_ORDER,
    MAX_ID_BYTES,
    Node,
    NodeKeys,
    SubtreeKey,
    TreeParameters,
    TreeSecrets,
    commitments,
    grow,
    leaf_hash,
    leaves,
    node_secrets,
    parent_hash,
    positions,
    scalar_bytes,
    siblings,
)

#: Accounts per subtree task by default: seconds of proving each, enough tasks to balance.
DEFAULT_PARTITION_ACCOUNTS = 128
#: Values one range proof covers (every scheme's aggregation limit; a path has at most 64).
_VALUES_PER_PROOF = 64
_DIGITS = re.compile(r"[0-9]+")


# ---------------------------------------------------------------------------------------------
# Accounts in: CSV or Parquet, every row checked before anything is written.


# A balance is an amount: a secret, so the messages name its row, never the balance itself.


def _balance(text: str, where: str, bits: int) -> int:
    text = text.strip()
    if text.startswith("-") and _DIGITS.fullmatch(text[1:]):
        raise UnusableInput(f"{where}: the balance is negative")
    if not _DIGITS.fullmatch(text):
        raise UnusableInput(f"{where}: the balance is not a non-negative integer")
    return _checked_balance(int(text), where, bits)


def _checked_balance(value: int, where: str, bits: int) -> int:
    if value < 0:
        raise UnusableInput(f"{where}: the balance is negative")
    if value >> bits:
        raise UnusableInput(f"{where}: the balance is too large for {bits}-bit range proofs (at most 2^{bits} - 1)")
    return value


def _account_id(value: object, where: str) -> str:
    if isinstance(value, bool) or not isinstance(value, (str, int)):
        raise UnusableInput(f"{where}: id {value!r} is not text")
    text = str(value)
    if not text or len(text.encode("utf-8")) > MAX_ID_BYTES:
        raise UnusableInput(f"{where}: id {text!r} is empty or longer than {MAX_ID_BYTES} bytes")
    return text


def _read_csv(path: str, bits: int) -> Iterator[Tuple[str, str, int]]:
    try:
        f = open(path, newline="", encoding="utf-8")
    except OSError as e:
        raise UnusableInput(f"{path}: {e.strerror or e}") from None
    with f:
        try:
            reader = csv.reader(f)
            header = next(reader, None)
            if header is None or "id" not in header or "balance" not in header:
                raise UnusableInput(f"{path}: the first line names the columns, among them id and balance")
            at_id, at_balance = header.index("id"), header.index("balance")
            for row_number, row in enumerate(reader, start=1):
                where = f"{path} row {row_number} (line {reader.line_num})"
                if len(row) != len(header):
                    raise UnusableInput(f"{where}: {len(row)} fields, the header has {len(header)}")
                yield where, _account_id(row[at_id], where), _balance(row[at_balance], where, bits)
        except UnicodeDecodeError:
            raise UnusableInput(f"{path}: not UTF-8 text") from None
        except csv.Error as e:
            raise UnusableInput(f"{path}: {e}") from None


def _read_parquet(path: str, bits: int) -> Iterator[Tuple[str, str, int]]:
    try:
        import pyarrow.parquet as pq
    except ImportError:  # pragma: no cover - depends on the installation
        raise UnusableInput('Parquet input needs pyarrow: pip install "rangeproof[dask]"') from None
    try:
        table = pq.read_table(path, columns=["id", "balance"])
    except OSError as e:
        raise UnusableInput(f"{path}: {e}") from None
    except Exception as e:  # pyarrow's errors for a missing column or a file that is not Parquet
        raise UnusableInput(f"{path}: not a Parquet file of id and balance columns ({e})") from None
    balances = table.column("balance")
    kind = str(balances.type)
    if kind.startswith(("float", "double", "halffloat")):
        raise UnusableInput(f"{path}: the balance column holds {kind} numbers, not integers")
    for row_number, (account, balance) in enumerate(zip(table.column("id").to_pylist(), balances.to_pylist()), start=1):
        where = f"{path} row {row_number}"
        if account is None or balance is None:
            raise UnusableInput(f"{where}: an empty id or balance")
        if isinstance(balance, str):
            value = _balance(balance, where, bits)
        elif isinstance(balance, int) and not isinstance(balance, bool):
            value = _checked_balance(balance, where, bits)
        else:  # decimals with a fraction, anything else
            try:
                exact = int(balance)
                integral = exact == balance
            except (TypeError, ValueError, OverflowError):
                integral = False
            if not integral:
                raise UnusableInput(f"{where}: the balance is not an integer")
            value = _checked_balance(exact, where, bits)
        yield where, _account_id(account, where), value


def _whole(rows: Iterable[Tuple[str, str, int]], bits: int, empty: str) -> List[Tuple[str, int]]:
    """The checked ``(where, id, balance)`` rows, checked together: no id twice, a total below
    ``2**bits``, at least one row."""
    seen: Dict[str, int] = {}
    out: List[Tuple[str, int]] = []
    total = 0
    for row, (where, account, balance) in enumerate(rows, start=1):
        if account in seen:
            raise UnusableInput(f"{where}: id {account!r} repeats row {seen[account]}")
        seen[account] = row
        total += balance
        if total >> bits:
            raise UnusableInput(f"{where}: the total of the balances passes 2^{bits} - 1 (the range proofs' bound)")
        out.append((account, balance))
    if not out:
        raise UnusableInput(empty)
    return out


def read_accounts(path: str, bits: int = 64) -> List[Tuple[str, int]]:
    """The ``(id, balance)`` rows of a CSV file (a header naming ``id`` and ``balance``) or a
    Parquet file (``.parquet``; ``id`` and ``balance`` columns), every row checked: an empty or
    over-long id, a repeated id, a balance that is negative, not an integer or not below
    ``2**bits``, and a total past ``2**bits - 1`` (every node of the tree is a sum of balances,
    and its range proof bounds it by ``2**bits``) are refused with the row named
    (:class:`UnusableInput`)."""
    if not isinstance(path, (str, os.PathLike)):
        raise UnusableType("accounts: expected a file name")
    path = os.fspath(path)
    rows = _read_parquet(path, bits) if path.endswith(".parquet") else _read_csv(path, bits)
    return _whole(rows, bits, f"{path}: no accounts")


def _memory_rows(accounts: Iterable[object], bits: int) -> Iterator[Tuple[str, str, int]]:
    for row, item in enumerate(accounts, start=1):
        where = f"row {row}"
        if not isinstance(item, (tuple, list)) or len(item) != 2:
            raise UnusableInput(f"{where}: expected (id, balance)")
        balance = item[1]
        if isinstance(balance, bool) or not isinstance(balance, int):
            raise UnusableInput(f"{where}: the balance is {type(balance).__name__}, not an integer")
        yield where, _account_id(item[0], where), _checked_balance(balance, where, bits)


def check_accounts(accounts: Sequence[Tuple[str, int]], bits: int) -> List[Tuple[str, int]]:
    """The same checks on accounts given in memory (rows numbered from 1)."""
    if isinstance(accounts, (str, bytes)):
        raise UnusableType("accounts: expected (id, balance) pairs or a file name")
    return _whole(_memory_rows(accounts, bits), bits, "no accounts")


# ---------------------------------------------------------------------------------------------
# The tasks (pure functions of their arguments; what every worker runs).


class PartitionTask:
    """One subtree's task: the subtree's key (a :class:`SubtreeKey`, never the tree's secrets),
    its ``(id, balance, position)`` accounts, the parameters, and for the proving pass ``top``,
    the nodes above the partitions that its accounts' paths pass (openings included: the range
    proofs need them). Its ``repr`` names the subtree and counts the accounts — Dask logs a
    failed task's arguments, so no key and no balance appear there; pickling it (the task path)
    carries the key, which refuses to be pickled on its own."""

    __slots__ = ("params", "key", "accounts", "top", "with_proofs")

    def __init__(
        self,
        params: TreeParameters,
        key: SubtreeKey,
        accounts: List[Tuple[str, int, int]],
        top: Optional[List[Node]] = None,
        with_proofs: bool = True,
    ) -> None:
        self.params, self.key, self.accounts, self.top, self.with_proofs = params, key, accounts, top, with_proofs

    def __repr__(self) -> str:
        return f"PartitionTask(subtree=({self.key.level}, {self.key.index}), accounts={len(self.accounts)}, key=<redacted>)"

    __str__ = __repr__

    def __reduce__(self) -> object:
        key = self.key
        return (_partition_task, (self.params, key.level, key.index, key._key, self.accounts, self.top, self.with_proofs))


def _partition_task(params, level, index, key, accounts, top, with_proofs) -> PartitionTask:  # type: ignore[no-untyped-def]
    return PartitionTask(params, SubtreeKey(level, index, key), accounts, top, with_proofs)


@dataclass(repr=False)
class Subtree:
    """A built subtree: its stored nodes by (level, index), its root, its node keys, and the
    task's time."""

    index: int
    level: int
    stored: Dict[Tuple[int, int], Node]
    root: Node
    accounts: List[Tuple[str, int, int]]
    seconds: float
    keys: NodeKeys

    def __repr__(self) -> str:
        return f"Subtree(({self.level}, {self.index}), {len(self.accounts)} accounts)"


def build_subtree(params: TreeParameters, key: SubtreeKey, accounts: List[Tuple[str, int, int]]) -> Subtree:
    """The subtree rooted at ``key``'s node over ``(id, balance, position)`` accounts whose
    positions it spans (a position outside it has no key: :class:`UnusableInput`)."""
    started = time.perf_counter()
    keys = NodeKeys(key)
    stored: Dict[Tuple[int, int], Node] = {}
    top = grow(keys, params, 0, leaves(keys, params, accounts), key.level, stored)
    if list(top) != [key.index]:  # pragma: no cover - the keys refuse a leaf outside the subtree
        raise RuntimeError(f"subtree {key.index}: accounts outside it")
    return Subtree(key.index, key.level, stored, top[key.index], accounts, time.perf_counter() - started, keys)


def subtree_root(task: PartitionTask) -> Tuple[int, Node, float]:
    """Task 1 on a cluster: the subtree's root alone (the subtree is built again by task 2, so
    that no worker holds subtrees between the two passes: memory stays one subtree a worker)."""
    subtree = build_subtree(task.params, task.key, task.accounts)
    return subtree.index, subtree.root, subtree.seconds


def prove_partition(task: PartitionTask) -> "PartitionOutput":
    """Task 2 on a cluster: the subtree built again (the same nodes: they are derived from its
    key), then :func:`prove_subtree`."""
    subtree = build_subtree(task.params, task.key, task.accounts)
    return prove_subtree(task.params, subtree, task.top or [], task.with_proofs)


def node_line(level: int, index: int, node: Node) -> str:
    return json.dumps({"level": level, "index": index, "commitment": node.commitment.hex(), "hash": node.hash.hex()})


def range_proofs(params: TreeParameters, nodes: Sequence[Node]) -> List[Dict[str, object]]:
    """Aggregated range proofs (as proof documents) over the nodes' commitments, in order: one
    per 64 nodes, none for none."""
    proofs = []
    for start in range(0, len(nodes), _VALUES_PER_PROOF):
        chunk = nodes[start : start + _VALUES_PER_PROOF]
        proof = prove(
            [n.value for n in chunk],
            bits=params.bits,
            scheme=params.scheme,
            group=GROUP,
            blindings=[scalar_bytes(n.blinding) for n in chunk],
        )
        if proof.commitments != [n.commitment for n in chunk]:  # pragma: no cover - one commit function
            raise RuntimeError("a range proof's commitments differ from the tree's")
        proofs.append(json.loads(proof.to_json()))
    return proofs


def inclusion_proof(
    keys: NodeKeys, account: str, x: int, path_siblings: Sequence[Node], proofs: List[Dict[str, object]]
) -> Dict[str, object]:
    """One account's inclusion proof: its leaf's opening secrets (its own, which it cannot
    derive), the siblings' hashes bottom-up, and range proofs whose commitments, in order, are
    the siblings' commitments."""
    blinding, salt = node_secrets(keys, b"leaf", 0, x)
    return {
        "format": FORMAT,
        "account": account,
        "position": x,
        "blinding": scalar_bytes(blinding).hex(),
        "salt": salt.hex(),
        "hashes": [s.hash.hex() for s in path_siblings],
        "range_proofs": proofs,
    }


@dataclass
class PartitionOutput:
    """What task 2 returns: its subtree's stored nodes and its inclusion proofs, as JSON lines,
    and its root's commitment and hash (the client compares them with task 1's)."""

    index: int
    nodes: str
    proofs: str
    accounts: int
    seconds: float
    root: Tuple[bytes, bytes] = (b"", b"")


def prove_subtree(params: TreeParameters, subtree: Subtree, top_siblings: List[Node], with_proofs: bool = True) -> PartitionOutput:
    """The subtree's stored nodes and one inclusion proof per account in it.

    One aggregated proof covers an account's whole path: sharing the proofs of the siblings
    near the root among the accounts under them (each customer would see the same commitments)
    was measured and left out — Bulletproofs++ proves 9 to 32 values in about the same time
    (23–27 ms at 64 bits), so the account's own bottom levels (15 and more in a sparse tree)
    cost as much as the whole path, and the inclusion proofs grew by 40 %."""
    started = time.perf_counter()
    nodes = "".join(node_line(y, i, n) + "\n" for (y, i), n in sorted(subtree.stored.items()))
    lines = []
    if with_proofs:
        top = list(top_siblings)
        for account, _, x in subtree.accounts:
            path = siblings(subtree.stored, 0, x, subtree.level) + top
            lines.append(json.dumps(inclusion_proof(subtree.keys, account, x, path, range_proofs(params, path))) + "\n")
    return PartitionOutput(
        subtree.index, nodes, "".join(lines), len(subtree.accounts), time.perf_counter() - started + subtree.seconds, subtree.root.public()
    )


# ---------------------------------------------------------------------------------------------
# The client.


@dataclass
class LiabilitiesReport:
    """A finished build: the public root, the accounts, where it was written and the times
    (``task_seconds``: time inside the tasks, summed; ``seconds``: wall time); ``rechecked``:
    the subtrees the client rebuilt and whose proofs it checked (``recheck``)."""

    root: Dict[str, object]
    total: int = field(repr=False)
    accounts: int
    partitions: int
    out: Optional[str]
    seconds: float = 0.0
    task_seconds: float = 0.0
    rechecked: int = 0
    stored: Dict[Tuple[int, int], Tuple[bytes, bytes]] = field(default_factory=dict, repr=False)


def _partition_bits(params: TreeParameters, accounts: int, partition_accounts: int) -> int:
    k = 0
    while (accounts >> k) > partition_accounts and k < params.height - 1:
        k += 1
    return k


def _root_document(params: TreeParameters, root: Node) -> Dict[str, object]:
    return {
        "format": FORMAT,
        "height": params.height,
        "bits": params.bits,
        "scheme": params.scheme,
        "group": GROUP,
        "commitment": root.commitment.hex(),
        "hash": root.hash.hex(),
    }


def _write_json(path: str, doc: object, private: bool = False) -> None:
    write_file(path, json.dumps(doc, indent=2) + "\n", 0o600 if private else 0o644)


def _check_fraction(recheck: object) -> float:
    if isinstance(recheck, bool) or not isinstance(recheck, (int, float)) or not 0 <= recheck <= 1:
        raise UnusableInput(f"recheck {recheck!r}: a fraction from 0 to 1")
    return float(recheck)


def _sample(items: Sequence[int], fraction: float) -> set:
    """``ceil(fraction * len(items))`` of the items (at least one for a fraction above 0),
    drawn with the operating system's randomness: no worker can tell which."""
    if fraction <= 0 or not items:
        return set()
    count = min(len(items), max(1, math.ceil(fraction * len(items))))
    return set(random.SystemRandom().sample(list(items), count))


def _remote(future, what: str):  # type: ignore[no-untyped-def]
    """A task's result, or :class:`Incomplete` naming the task when it failed on the cluster."""
    try:
        return future.result()
    except Exception as e:  # whatever failed remotely: the worker died too often, an error in the task
        reason = " ".join(str(e).split())[:300] or "no message"
        raise Incomplete(f"{what}: {type(e).__name__}: {reason}; nothing was written") from e


def liabilities(
    accounts: Union[str, Sequence[Tuple[str, int]]],
    out: Optional[str],
    height: int = 32,
    bits: int = 64,
    scheme: str = "bulletproofs++",
    secrets: Optional[TreeSecrets] = None,
    scheduler: Optional[str] = None,
    workers: Optional[int] = None,
    client=None,
    partition_accounts: int = DEFAULT_PARTITION_ACCOUNTS,
    partition_bits: Optional[int] = None,
    in_process: bool = False,
    with_proofs: bool = True,
    keep_nodes: bool = False,
    progress: bool = False,
    recheck: float = 0.0,
    security=None,
    allow_plaintext: bool = False,
) -> LiabilitiesReport:
    """Builds the tree of ``accounts`` (a CSV or Parquet file name, or ``(id, balance)`` pairs)
    and writes the directory ``out`` (which must not exist; ``None`` writes nothing) across a
    dask.distributed cluster — ``client`` if given, else one on ``scheduler`` (``tls://`` with
    ``security``, a ``distributed.security.Security``: see :func:`rangeproof.cluster.tls`; a
    scheduler off this machine over a transport other than ``tls://`` only with
    ``allow_plaintext``), else a local cluster
    of ``workers`` processes — or in this process (``in_process``). ``secrets``: the tree's,
    fresh random ones (written to ``secrets.json``) when not given; they stay in this process,
    each task receives its subtree's key. ``with_proofs``: ``False`` builds the tree alone.
    ``keep_nodes`` returns every stored node's (commitment, hash) in the report. ``recheck``: the
    fraction of subtrees (at least one when above 0) that this process builds again and whose
    inclusion proofs it checks against the root. Raises :class:`UnusableInput` naming a bad row
    before anything is written, and :class:`Incomplete` when the cluster failed or a check
    disagreed (nothing written)."""
    params = TreeParameters(height, bits, scheme).check()
    fraction = _check_fraction(recheck)
    rows = read_accounts(accounts, bits) if isinstance(accounts, (str, os.PathLike)) else check_accounts(accounts, bits)
    if out is not None:
        out = os.fspath(out)
        if os.path.lexists(out):
            raise UnusableInput(f"{out}: already exists (the output directory is written whole, never over another)")
        parent = os.path.dirname(os.path.abspath(out))
        if not os.path.isdir(parent):
            raise UnusableInput(f"{parent}: no such directory")
    if secrets is not None and not isinstance(secrets, TreeSecrets):
        raise UnusableType("secrets: a TreeSecrets")
    fresh_secrets = secrets is None
    secrets = TreeSecrets.random() if secrets is None else secrets
    where = positions(secrets, params, (a for a, _ in rows))
    if isinstance(partition_accounts, bool) or not isinstance(partition_accounts, int) or partition_accounts < 1:
        raise UnusableInput("partition_accounts: at least one account a task")
    k = _partition_bits(params, len(rows), partition_accounts) if partition_bits is None else partition_bits
    if not 0 <= k <= params.height - 1:
        raise UnusableInput(f"partition_bits {k}: from 0 to height - 1")
    level = params.height - 1 - k
    groups: Dict[int, List[Tuple[str, int, int]]] = {}
    for account, balance in rows:
        x = where[account]
        groups.setdefault(x >> level, []).append((account, balance, x))
    parts = sorted(groups)
    # Every node key on this side; each task gets its subtree's key and no other secret.
    tree_keys = secrets.tree_keys(params)
    rechecks = _sample(parts, fraction)

    started = time.perf_counter()
    staging = None
    own = None
    bar = Progress("liabilities", total=2 * len(parts), enabled=progress)
    try:
        if out is not None:
            staging = tempfile.mkdtemp(prefix=os.path.basename(out) + ".partial-", dir=os.path.dirname(os.path.abspath(out)))
            os.mkdir(os.path.join(staging, "nodes"))
            os.mkdir(os.path.join(staging, "inclusion"))
        if client is None and not in_process:
            client, own = client_for(scheduler, workers, security, carries_secrets=True, allow_plaintext=allow_plaintext)
        report = LiabilitiesReport({}, 0, len(rows), len(parts), out)
        root_doc: Dict[str, object] = {}

        def take(j: int, output: PartitionOutput) -> None:
            if output.root != roots[j].public():
                raise Incomplete(f"subtree {j}: its two passes built different roots (a faulty or hostile worker); nothing was written")
            if with_proofs and output.proofs.count("\n") != len(groups[j]):
                raise Incomplete(f"subtree {j}: {output.proofs.count(chr(10))} inclusion proofs for {len(groups[j])} accounts; nothing was written")
            if j in rechecks:
                _recheck(params, tree_keys.subtree(level, j), groups[j], tops[j], output, root_doc, with_proofs)
                report.rechecked += 1
            report.task_seconds += output.seconds
            if staging is not None:
                name = f"part-{output.index:08d}.jsonl"
                write_file(os.path.join(staging, "nodes", name), output.nodes)
                write_file(os.path.join(staging, "inclusion", name), output.proofs)
            if keep_nodes:
                for line in output.nodes.splitlines():
                    n = json.loads(line)
                    report.stored[(n["level"], n["index"])] = (bytes.fromhex(n["commitment"]), bytes.fromhex(n["hash"]))
            bar.advance(1)

        if in_process:
            subtrees = {j: build_subtree(params, tree_keys.subtree(level, j), groups[j]) for j in parts}
            roots = {j: s.root for j, s in subtrees.items()}
            bar.advance(len(parts))
        else:
            from distributed import as_completed

            # Only the subtrees' roots come back; the proving tasks build their subtree again.
            roots = {}
            firsts = {client.submit(subtree_root, PartitionTask(params, tree_keys.subtree(level, j), groups[j]), pure=False): j for j in parts}
            for future in as_completed(firsts):
                j = firsts[future]
                index, root, seconds = _remote(future, f"subtree {j}, first pass")
                if index != j:
                    raise Incomplete(f"subtree {j}: a worker answered for subtree {index}; nothing was written")
                roots[j] = root
                report.task_seconds += seconds
                future.release()
                bar.advance(1)

        # The nodes above the partitions: on this side, from the tree's keys.
        top_stored: Dict[Tuple[int, int], Node] = {}
        (root,) = grow(tree_keys, params, level, roots, params.height - 1, top_stored).values()
        tops = {j: siblings(top_stored, level, j, params.height - 1) for j in parts}
        report.root = root_doc = _root_document(params, root)
        report.total = root.value

        if in_process:
            for j in parts:
                take(j, prove_subtree(params, subtrees[j], tops[j], with_proofs))
        else:
            provers = {
                client.submit(
                    prove_partition, PartitionTask(params, tree_keys.subtree(level, j), groups[j], tops[j], with_proofs), pure=False
                ): j
                for j in parts
            }
            for future in as_completed(provers):
                j = provers[future]
                take(j, _remote(future, f"subtree {j}, second pass"))
                future.release()

        # The subtree roots and the padding at their level, then the levels above.
        top_nodes = dict(top_stored)
        top_nodes[(params.height - 1, 0)] = root
        if keep_nodes:
            report.stored.update({key: n.public() for key, n in top_nodes.items()})
        if staging is not None:
            write_file(os.path.join(staging, "nodes", "top.jsonl"), "".join(node_line(y, i, n) + "\n" for (y, i), n in sorted(top_nodes.items())))
            _write_json(os.path.join(staging, "root.json"), report.root)
            _write_json(os.path.join(staging, "total.json"), {"format": FORMAT, "total": root.value, "blinding": scalar_bytes(root.blinding).hex()})
            if fresh_secrets:
                _write_json(os.path.join(staging, "secrets.json"), secrets.to_json(), private=True)
            for folder in ("nodes", "inclusion", ""):
                sync_directory(os.path.join(staging, folder))
            try:
                rename_no_replace(staging, out)  # type: ignore[arg-type]
            except OSError as e:
                if e.errno not in (errno.EEXIST, errno.ENOTEMPTY):
                    raise
                kept, staging = staging, None  # hours of work: kept, never deleted
                raise UnusableInput(
                    f"{out}: created by someone else during the build (nothing was replaced); the finished build is {kept}"
                ) from None
            staging = None
            sync_directory(os.path.dirname(os.path.abspath(out)))  # type: ignore[arg-type]
    finally:
        bar.close()
        if staging is not None:
            shutil.rmtree(staging, ignore_errors=True)
        if own is not None:
            client.close()
            own.close()
    report.seconds = time.perf_counter() - started
    return report


def _recheck(
    params: TreeParameters,
    key: SubtreeKey,
    accounts: List[Tuple[str, int, int]],
    top: List[Node],
    output: PartitionOutput,
    root: Dict[str, object],
    with_proofs: bool,
) -> None:
    """A worker's subtree checked on this side: built again (its nodes must be the worker's,
    byte for byte: they are derived) and each of its inclusion proofs checked against the root
    (the proofs' randomness differs on every run, so they are verified, not compared)."""
    mine = prove_subtree(params, build_subtree(params, key, accounts), top, with_proofs=False)
    if mine.nodes != output.nodes:
        raise Incomplete(f"subtree {key.index}: the worker's nodes differ from this side's (a faulty or hostile worker); nothing was written")
    if not with_proofs:
        return
    balances = {a: b for a, b, _ in accounts}
    seen = set()
    for line in output.proofs.splitlines():
        try:
            proof = json.loads(line)
            account = proof["account"]
            why = check_inclusion(root, proof, account, balances[account]) if account not in seen else "given twice"
        except (ValueError, KeyError, TypeError, UnusableInput) as e:
            why = f"unusable ({e})"
            account = "?"
        if why is not None:
            raise Incomplete(f"subtree {key.index}: the inclusion proof of {account!r} fails ({why}); nothing was written")
        seen.add(account)
    if seen != set(balances):
        raise Incomplete(f"subtree {key.index}: inclusion proofs for {len(seen)} of its {len(balances)} accounts; nothing was written")


# ---------------------------------------------------------------------------------------------
# The customer's check (no Dask).


def _hex(doc: Dict[str, object], name: str, length: int, what: str) -> bytes:
    try:
        raw = bytes.fromhex(doc[name])  # type: ignore[arg-type]
    except (KeyError, TypeError, ValueError):
        raw = b""
    if len(raw) != length:
        raise UnusableInput(f"{what}: {name} is {length} bytes in hex")
    return raw


def root_parameters(root: Dict[str, object]) -> Tuple[TreeParameters, bytes, bytes]:
    """The parameters, commitment and hash of a ``root.json`` document."""
    if not isinstance(root, dict) or root.get("format") != FORMAT or root.get("group") != GROUP:
        raise UnusableInput(f"root: not a {FORMAT} root on {GROUP}")
    params = TreeParameters(root.get("height"), root.get("bits"), root.get("scheme")).check()  # type: ignore[arg-type]
    return params, _hex(root, "commitment", 32, "root"), _hex(root, "hash", 32, "root")


def check_inclusion(root: Dict[str, object], proof: Dict[str, object], account: str, balance: int) -> Optional[str]:
    """Checks that the account ``account`` with ``balance`` is included under ``root`` (the
    ``root.json`` document) by ``proof`` (its inclusion proof): ``None`` when it is, else why
    not. Raises :class:`UnusableInput` for a document that is not a root or an inclusion proof."""
    params, root_commitment, root_hash = root_parameters(root)
    if isinstance(balance, bool) or not isinstance(balance, int) or not isinstance(account, str):
        raise UnusableType("account is text and balance an integer")
    if not isinstance(proof, dict) or proof.get("format") != FORMAT:
        raise UnusableInput(f"proof: not a {FORMAT} inclusion proof")
    x = proof.get("position")
    hashes = proof.get("hashes")
    documents = proof.get("range_proofs")
    if isinstance(x, bool) or not isinstance(x, int) or not 0 <= x < params.leaves:
        raise UnusableInput(f"proof: position is an integer below 2^{params.height - 1}")
    if not isinstance(hashes, list) or len(hashes) != params.height - 1 or not isinstance(documents, list) or not documents:
        raise UnusableInput(f"proof: {params.height - 1} sibling hashes and their range proofs")
    blinding = int.from_bytes(_hex(proof, "blinding", 32, "proof"), "little")
    salt = _hex(proof, "salt", 32, "proof")
    sibling_hashes = [_hex({"h": h}, "h", 32, "proof sibling") for h in hashes]
    if proof.get("account") != account:
        return f"the proof is for account {proof.get('account')!r}"
    if not 0 <= balance < 2**params.bits:
        return f"balance {balance} is outside [0, 2^{params.bits})"
    sibling_commitments: List[bytes] = []
    for doc in documents:
        # A range proof that does not parse, or proves the wrong thing, is a proof that fails.
        try:
            range_proof = Proof.from_json(json.dumps(doc))
            if (range_proof.scheme, range_proof.group, range_proof.bits) != (params.scheme, GROUP, params.bits):
                return f"a range proof is not a {params.bits}-bit {params.scheme} proof on {GROUP}"
            if not verify(range_proof):
                return "a range proof of the siblings is invalid"
        except (UnusableInput, UnusableType) as e:
            return f"a range proof is unusable: {e}"
        sibling_commitments.extend(range_proof.commitments)
    if len(sibling_commitments) != params.height - 1:
        return f"the range proofs cover {len(sibling_commitments)} siblings, the path has {params.height - 1}"
    if blinding >= GROUP_ORDER:
        raise UnusableInput("proof: the blinding factor is not below the group order")
    (c,) = commitments(params, [(balance, blinding)])
    h = leaf_hash(account, salt)
    for y, sibling in enumerate(zip(sibling_commitments, sibling_hashes)):
        if (x >> y) & 1:
            h = parent_hash(sibling, (c, h))
        else:
            h = parent_hash((c, h), sibling)
        c = _native.sum_points(GROUP, [c, sibling[0]])
    if c != root_commitment or h != root_hash:
        return "the path does not lead to the published root (wrong balance, account or proof)"
    return None


def find_inclusion_proof(directory: str, account: str) -> Optional[Dict[str, object]]:
    """The account's inclusion proof among ``directory/inclusion/*.jsonl`` (``None`` if it has
    none)."""
    folder = os.path.join(directory, "inclusion")
    if not os.path.isdir(folder):
        raise UnusableInput(f"{directory}: no inclusion/ folder of inclusion proofs")
    needle = json.dumps(account)
    for name in sorted(os.listdir(folder)):
        if not name.endswith(".jsonl"):
            continue
        with open(os.path.join(folder, name), encoding="utf-8") as f:
            for line in f:
                if needle in line:
                    try:
                        doc = json.loads(line)
                    except ValueError:
                        raise UnusableInput(f"{name}: a line is not JSON") from None
                    if isinstance(doc, dict) and doc.get("account") == account:
                        return doc
    return None


def check_directory(directory: str, account: str, balance: int) -> Optional[str]:
    """:func:`check_inclusion` with the root and the account's proof read from a build's
    directory: ``None`` when included, else why not."""
    try:
        with open(os.path.join(directory, "root.json"), encoding="utf-8") as f:
            root = json.load(f)
    except OSError as e:
        raise UnusableInput(f"{directory}: root.json: {e.strerror or e}") from None
    except ValueError:
        raise UnusableInput(f"{directory}: root.json is not JSON") from None
    proof = find_inclusion_proof(directory, account)
    if proof is None:
        return f"no inclusion proof for account {account!r}"
    return check_inclusion(root, proof, account, balance)
