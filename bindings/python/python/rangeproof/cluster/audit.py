"""Chain audit: verify a large set of proof documents across a cluster.

The input is files of proof documents (as ``rangeproof verify`` reads them: any scheme, group
and flavor): JSON lines, or JSON documents pretty-printed one after another (as
``rangeproof prove --out`` writes them), or both (``_documents.py`` finds them); or Parquet
files (``.parquet``) with a ``document`` column of them, one per row (rows are numbered from 1
like lines). A document is named by the file and the line it begins on.

The client scans each file's JSON structure once (no parsing, a bounded piece at a time,
keeping nothing) and submits partitions of ``lines`` consecutive documents as it finds them,
with a bounded number of tasks in flight: neither the documents nor the list of partitions are
held on the client. Each partition is one task: a worker reads its byte range a document at a
time, refuses one longer than :data:`rangeproof.MAX_DOCUMENT_BYTES` before holding it whole,
adds every document to one :class:`rangeproof.BatchVerifier` (one multiscalar multiplication
per group for the partition) and returns which documents are invalid (with the reason a single
verification gives) and which are unusable (with their one-line reason). A Parquet file is
split at row-group boundaries (the unit Parquet reads alone), its metadata checked on the
client (the column's type, the row counts), and read a batch of rows at a time.

A task is a pure function of its partition, and results are kept by partition: when a worker
dies mid-run the scheduler runs its tasks again elsewhere, and the report counts each document
exactly once (``tests/test_cluster.py`` kills a worker process during a run).

A worker can lie about a verdict. ``recheck`` verifies a random sample of partitions again (the
sample drawn on the client with the operating system's randomness after the first answer came
back, so no worker knows which of its answers are checked) on another worker, or in this
process when there is no other; a disagreement makes the audit incomplete and names the
partition and both workers.

An audit of no documents at all is unusable input (it would otherwise pass, proving nothing).
A partition that could not be verified (its worker died too often, the file changed under it)
or a disagreement leaves the audit incomplete (the command line's exit code 3).
"""

from __future__ import annotations

import os
import random
import time
from dataclasses import dataclass, field
from typing import Dict, Iterable, Iterator, List, Optional, Sequence, Tuple

from .. import MAX_DOCUMENT_BYTES, BatchVerifier, InvalidProof, Proof, UnusableInput, UnusableType
from ._dask import Progress, client_for, worker_addresses
from ._documents import units

#: Documents per partition by default: enough to amortize a task and share a batch's MSM.
DEFAULT_PARTITION_LINES = 256
#: The column of a Parquet file that holds the proof documents (JSON text, one per row).
PARQUET_COLUMN = "document"
#: Tasks in flight per worker: enough to keep every worker busy, few enough to keep the
#: client's memory flat.
_IN_FLIGHT_PER_WORKER = 4


@dataclass(frozen=True)
class Partition:
    """Documents ``first_line, ...`` of ``path``: bytes ``start..stop`` of a JSON file (the
    document beginning on line ``first_line + 1`` first), or rows ``start..stop`` of a Parquet
    file (``first_line`` = ``start``; whole row groups). ``documents``: how many the client's scan
    found (a worker that finds another count reports the file changed); ``batch``: documents per
    batch verification."""

    path: str
    start: int
    stop: int
    first_line: int
    documents: Optional[int] = None
    batch: int = DEFAULT_PARTITION_LINES


@dataclass
class PartitionResult:
    """What one task found: its documents counted, invalid ones with the reason a single
    verification gives, unusable ones with theirs, the ones a failing batch did not name (its
    search stopped at the blame limit: each may be valid) (lines 0-based, as the first line of
    each document)."""

    partition: Partition
    documents: int
    invalid: List[Tuple[int, str]] = field(default_factory=list)
    unusable: List[Tuple[int, str]] = field(default_factory=list)
    not_named: List[int] = field(default_factory=list)

    def verdict(self) -> Tuple[int, List[int], List[int], List[int]]:
        """What two runs of the task must agree on."""
        return (
            self.documents,
            [line for line, _ in self.invalid],
            [line for line, _ in self.unusable],
            self.not_named,
        )


@dataclass
class AuditReport:
    """The whole audit: documents checked, the invalid ones and the unusable ones, each as
    ``(file, line)`` (lines from 1, as editors number them; ``invalid_reasons`` says why each
    invalid one fails), the partitions that could not be checked (``not_checked``: file, first
    line, reason), the partitions verified twice (``rechecked``) and the disagreements found,
    and the wall time. ``not_named``: documents of failing batches that the search for the
    invalid ones did not reach — it names at most ``BLAME_LIMIT`` (16) per batch, so that a file
    of invalid proofs costs about what a valid one does; each may be valid, none is counted
    valid."""

    documents: int = 0
    valid: int = 0
    invalid: List[Tuple[str, int]] = field(default_factory=list)
    unusable: List[Tuple[str, int, str]] = field(default_factory=list)
    partitions: int = 0
    seconds: float = 0.0
    invalid_reasons: Dict[Tuple[str, int], str] = field(default_factory=dict)
    not_checked: List[Tuple[str, int, str]] = field(default_factory=list)
    rechecked: int = 0
    disagreements: List[str] = field(default_factory=list)
    not_named: List[Tuple[str, int]] = field(default_factory=list)

    @property
    def complete(self) -> bool:
        """Every partition verified, and every recheck agreed."""
        return not self.not_checked and not self.disagreements

    @property
    def ok(self) -> bool:
        """Every document valid (and none unusable), and the audit complete."""
        return self.complete and not self.invalid and not self.unusable and not self.not_named

    @property
    def throughput(self) -> float:
        """Documents per second."""
        return self.documents / self.seconds if self.seconds > 0 else 0.0


# ---------------------------------------------------------------------------------------------
# Partitions (the client: a scan, nothing kept).


def _parquet_file(path: str):  # type: ignore[no-untyped-def]
    try:
        import pyarrow.parquet as pq
    except ImportError:  # pragma: no cover - depends on the installation
        raise UnusableInput('Parquet files need pyarrow: pip install "rangeproof[dask]"') from None
    try:
        return pq.ParquetFile(path, buffer_size=1 << 20, pre_buffer=False)
    except OSError as e:
        raise UnusableInput(f"{path}: {e}") from None
    except Exception as e:  # pyarrow's error for a file that is not Parquet
        raise UnusableInput(f"{path}: not a Parquet file ({' '.join(str(e).split())})") from None


def _text_type(kind: object) -> bool:
    import pyarrow as pa

    checks = ("is_string", "is_large_string", "is_binary", "is_large_binary", "is_string_view", "is_binary_view")
    return any(getattr(pa.types, name, lambda _: False)(kind) for name in checks)


def _parquet_row_groups(path: str) -> List[int]:
    """The row counts of the file's row groups, once its metadata is checked: a ``document``
    column of text (``string`` or ``binary``), row groups whose counts add up to the file's
    and whose column holds a value (or a null) for every row."""
    file = _parquet_file(path)
    metadata = file.metadata
    schema = file.schema_arrow
    rows = metadata.num_rows
    if PARQUET_COLUMN not in schema.names:
        raise UnusableInput(f"{path}: no {PARQUET_COLUMN!r} column of proof documents")
    kind = schema.field(PARQUET_COLUMN).type
    if not _text_type(kind):
        where = f"rows 1-{rows}" if rows > 1 else f"row {rows}" if rows == 1 else "no rows"
        raise UnusableInput(f"{path} {where}: unusable: the {PARQUET_COLUMN!r} column holds {kind}, not JSON text")
    paths = [metadata.schema.column(i).path for i in range(metadata.num_columns)]
    column = paths.index(PARQUET_COLUMN) if PARQUET_COLUMN in paths else None  # None: a nested column
    counts = []
    for g in range(metadata.num_row_groups):
        group = metadata.row_group(g)
        if group.num_rows < 0:
            raise UnusableInput(f"{path}: row group {g} claims {group.num_rows} rows")
        if column is not None and group.column(column).num_values != group.num_rows:
            raise UnusableInput(
                f"{path}: row group {g} claims {group.num_rows} rows but {group.column(column).num_values} {PARQUET_COLUMN} values"
            )
        counts.append(group.num_rows)
    if sum(counts) != rows:
        raise UnusableInput(f"{path}: the row groups hold {sum(counts)} rows, the file claims {rows}")
    return counts


def _parquet_partitions(path: str, lines: int) -> Iterator[Partition]:
    """Whole row groups, gathered until a partition holds at least ``lines`` rows."""
    start = first = 0
    for count in _parquet_row_groups(path):
        first += count
        if first - start >= lines:
            yield Partition(path, start, first, start, first - start, lines)
            start = first
    if first > start:
        yield Partition(path, start, first, start, first - start, lines)


def _json_partitions(path: str, lines: int) -> Iterator[Partition]:
    try:
        f = open(path, "rb")
    except OSError as e:
        raise UnusableInput(f"{path}: {e.strerror or e}") from None
    with f:
        start, first_line, count = 0, 0, 0
        try:
            for unit in units(f, 0, None, 0, keep=False, cap=MAX_DOCUMENT_BYTES):
                count += 1
                if count == lines:
                    yield Partition(path, start, unit.stop, first_line, count, lines)
                    start, first_line, count = unit.stop, unit.stop_line, 0
                last = unit
        except OSError as e:
            raise UnusableInput(f"{path}: {e.strerror or e}") from None
        if count:
            yield Partition(path, start, last.stop, first_line, count, lines)


def _check_paths(paths: Sequence[str], lines: int) -> List[str]:
    if isinstance(paths, (str, bytes)) or not isinstance(paths, Iterable):
        raise UnusableType("paths: expected a list of file names")
    if not isinstance(lines, int) or isinstance(lines, bool) or lines < 1:
        raise UnusableInput("lines: a partition holds at least one document")
    out = []
    for path in paths:
        if not isinstance(path, (str, os.PathLike)):
            raise UnusableType(f"paths: {path!r} is not a file name")
        path = os.fspath(path)
        # Every file readable (and every Parquet file's metadata sound) before any work starts.
        if path.endswith(".parquet"):
            _parquet_row_groups(path)
        else:
            try:
                with open(path, "rb"):
                    pass
            except OSError as e:
                raise UnusableInput(f"{path}: {e.strerror or e}") from None
            if os.path.isdir(path):
                raise UnusableInput(f"{path}: a directory")
        out.append(path)
    return out


def _scan(paths: List[str], lines: int) -> Iterator[Partition]:
    for path in paths:
        yield from (_parquet_partitions(path, lines) if path.endswith(".parquet") else _json_partitions(path, lines))


def iter_partitions(paths: Sequence[str], lines: int = DEFAULT_PARTITION_LINES) -> Iterator[Partition]:
    """The partitions of every file, found as the scan goes (see :func:`partitions`); every file
    is checked before the first is scanned."""
    return _scan(_check_paths(paths, lines), lines)


def partitions(paths: Sequence[str], lines: int = DEFAULT_PARTITION_LINES) -> List[Partition]:
    """Splits every file into partitions of ``lines`` consecutive documents (blank lines between
    them belong to no document) or, for a Parquet file (``.parquet``), of whole row groups
    holding at least ``lines`` rows. Raises :class:`UnusableInput` naming a file that cannot be
    read or whose Parquet metadata is unsound."""
    return list(iter_partitions(paths, lines))


# ---------------------------------------------------------------------------------------------
# The task (what each worker runs).


def _parquet_documents(partition: Partition) -> Iterator[Tuple[int, Optional[bytes], Optional[str]]]:
    import pyarrow.compute as pc

    file = _parquet_file(partition.path)
    groups, first = [], 0
    for g in range(file.metadata.num_row_groups):
        count = file.metadata.row_group(g).num_rows
        if first >= partition.start and first + count <= partition.stop:
            groups.append(g)
        first += count
    if not _text_type(file.schema_arrow.field(PARQUET_COLUMN).type):
        raise UnusableInput(f"{partition.path}: the {PARQUET_COLUMN!r} column is no longer text")
    row = partition.start
    for batch in file.iter_batches(batch_size=max(1, min(partition.batch, 1024)), row_groups=groups, columns=[PARQUET_COLUMN]):
        column = batch.column(0)
        # Lengths first: a value over the cap is never turned into a Python object.
        for k, length in enumerate(pc.binary_length(column).to_pylist()):
            if length is None:
                yield row, None, "no document (null)"
            elif length > MAX_DOCUMENT_BYTES:
                yield row, None, f"longer than {MAX_DOCUMENT_BYTES} bytes (a proof document is under 16 KiB): skipped unread"
            else:
                value = column[k].as_py()
                yield row, value.encode("utf-8") if isinstance(value, str) else value, None
            row += 1


def _json_documents(partition: Partition) -> Iterator[Tuple[int, Optional[bytes], Optional[str]]]:
    with open(partition.path, "rb") as f:
        for unit in units(f, partition.start, partition.stop, partition.first_line, keep=True, cap=MAX_DOCUMENT_BYTES):
            yield unit.line, unit.data, unit.problem


def _why_invalid(text: str) -> str:
    """Why a document the batch found invalid fails (a single verification's reason)."""
    try:
        Proof.from_json(text).verify_or_raise()
    except InvalidProof as e:
        return str(e) or "the proof does not verify"
    except (UnusableInput, UnusableType) as e:  # pragma: no cover - the batch parsed it
        return str(e)
    return "fails in its batch, verifies alone"  # pragma: no cover - one verifier


def verify_partition(partition: Partition) -> PartitionResult:
    """The task: verifies one partition's documents, a batch of ``partition.batch`` at a time
    (what each worker runs)."""
    documents = _parquet_documents(partition) if partition.path.endswith(".parquet") else _json_documents(partition)
    result = PartitionResult(partition, 0)
    batch, texts, where = BatchVerifier(), [], []

    def flush() -> None:
        if len(batch) and not batch.verify():
            unreached = set(batch.not_named)
            named = [k for k in batch.invalid if k not in unreached]
            result.invalid.extend((where[k], _why_invalid(texts[k])) for k in named)
            result.not_named.extend(where[k] for k in batch.not_named)

    for line, raw, problem in documents:
        result.documents += 1
        if problem is not None or raw is None:
            result.unusable.append((line, problem or "no document"))
            continue
        try:
            text = raw.decode("utf-8")
            batch.add(text)
        except UnicodeDecodeError:
            result.unusable.append((line, "not UTF-8"))
            continue
        except (UnusableInput, UnusableType) as e:
            result.unusable.append((line, str(e)))
            continue
        texts.append(text)
        where.append(line)
        if len(batch) >= partition.batch:
            flush()
            batch, texts, where = BatchVerifier(), [], []
    flush()
    if partition.documents is not None and result.documents != partition.documents:
        raise UnusableInput(
            f"{partition.path}: changed during the audit (from line {partition.first_line + 1}: "
            f"{result.documents} documents, the scan found {partition.documents})"
        )
    result.invalid.sort()
    result.not_named.sort()
    return result


# ---------------------------------------------------------------------------------------------
# The client.


def _one_line(e: BaseException) -> str:
    return f"{type(e).__name__}: {' '.join(str(e).split())[:300]}"


def audit(
    paths: Sequence[str],
    scheduler: Optional[str] = None,
    workers: Optional[int] = None,
    lines: int = DEFAULT_PARTITION_LINES,
    progress: bool = False,
    client=None,
    recheck: float = 0.0,
    security=None,
) -> AuditReport:
    """Verifies every document of the files ``paths`` across a dask.distributed cluster —
    ``client`` if given, else one on ``scheduler`` (``tls://`` with ``security``), else a local
    cluster of ``workers`` processes (started and shut down here) — one batch per partition of
    ``lines`` documents; ``recheck``: the fraction of partitions verified a second time (at least
    one when above 0). Returns the :class:`AuditReport`; raises :class:`UnusableInput` for a file
    that cannot be read and for an input that holds no document."""
    if isinstance(recheck, bool) or not isinstance(recheck, (int, float)) or not 0 <= recheck <= 1:
        raise UnusableInput(f"recheck {recheck!r}: a fraction from 0 to 1")
    checked = _check_paths(paths, lines)
    scan = _scan(checked, lines)
    first = next(scan, None)
    if first is None:
        raise UnusableInput(f"no proof documents in {', '.join(checked) or 'no files'}: an empty audit proves nothing")
    started = time.perf_counter()
    own = None
    if client is None:
        client, own = client_for(scheduler, workers, security)
    report = AuditReport()
    rng = random.SystemRandom()
    bar = Progress("audit", total=0, enabled=progress)
    # By partition number: only what is worth reporting, merged in order at the end.
    findings: Dict[int, PartitionResult] = {}
    failures: Dict[int, Tuple[Partition, str]] = {}
    spare: Optional[Tuple[int, PartitionResult]] = None  # a random answered partition, to recheck one at least
    try:
        from distributed import as_completed

        window = max(8, _IN_FLIGHT_PER_WORKER * max(1, len(worker_addresses(client))))
        running = as_completed(raise_errors=False)
        tasks: Dict[str, Tuple[int, Partition, Optional[PartitionResult]]] = {}
        pending = iter([first])
        numbers = iter(range(1 << 62))

        def submit_next() -> bool:
            part = next(pending, None) or next(scan, None)
            if part is None:
                return False
            # Unique keys (a file named twice is audited twice); the scheduler reruns the tasks of
            # a worker that dies.
            future = client.submit(verify_partition, part, pure=False)
            tasks[future.key] = (next(numbers), part, None)
            running.add(future)
            return True

        def compare(number: int, part: Partition, theirs: PartitionResult, again: PartitionResult, by: str, holders: List[str]) -> None:
            report.rechecked += 1
            if again.verdict() != theirs.verdict():
                report.disagreements.append(
                    f"{part.path}:{part.first_line + 1}: partition of {part.documents} documents: "
                    f"{', '.join(holders) or 'a worker'} found {len(theirs.invalid)} invalid and {len(theirs.unusable)} unusable, "
                    f"{by} found {len(again.invalid)} invalid and {len(again.unusable)} unusable"
                )

        def recheck_elsewhere(number: int, part: Partition, result: PartitionResult, future) -> None:  # type: ignore[no-untyped-def]
            holders = list(client.who_has([future]).get(future.key, ()))
            others = [w for w in worker_addresses(client) if w not in holders]
            if not others:
                try:
                    again = verify_partition(part)
                except Exception as e:  # noqa: BLE001 - anything that stops the check
                    report.disagreements.append(f"{part.path}:{part.first_line + 1}: the recheck in this process failed ({_one_line(e)})")
                    return
                compare(number, part, result, again, "this process", holders)
                return
            second = client.submit(verify_partition, part, workers=others, allow_other_workers=False, pure=False)
            tasks[second.key] = (number, part, result)
            checks[second.key] = holders
            running.add(second)

        checks: Dict[str, List[str]] = {}
        for _ in range(window):
            if not submit_next():
                break
        for future in running:
            number, part, original = tasks.pop(future.key)
            try:
                # A future whose worker died after it finished is "lost": result() waits while the
                # scheduler computes it again.
                result = future.result()
            except Exception as e:  # noqa: BLE001 - the task failed or was cancelled: not checked
                reason = _one_line(e)
                if original is not None:
                    report.disagreements.append(f"{part.path}:{part.first_line + 1}: the recheck failed ({reason})")
                    checks.pop(future.key, None)
                else:
                    failures[number] = (part, reason)
                    report.partitions += 1
                    bar.advance(1)
                    submit_next()
                future.release()
                continue
            if original is not None:  # a recheck's answer
                compare(number, part, original, result, f"worker {', '.join(client.who_has([future]).get(future.key, ())) or '?'}", checks.pop(future.key))
                future.release()
                continue
            report.partitions += 1
            report.documents += result.documents
            if result.invalid or result.unusable or result.not_named:
                findings[number] = result
            if recheck > 0 and rng.random() < recheck:
                recheck_elsewhere(number, part, result, future)
            elif recheck > 0 and rng.randrange(report.partitions) == 0:
                spare = (number, result)  # a uniform choice among the partitions not rechecked
            future.release()
            bar.advance(1)
            submit_next()
        if recheck > 0 and report.rechecked == 0 and not report.disagreements and spare is not None:
            number, result = spare
            try:
                again = verify_partition(result.partition)
                compare(number, result.partition, result, again, "this process", [])
            except Exception as e:  # noqa: BLE001 - anything that stops the check
                report.disagreements.append(
                    f"{result.partition.path}:{result.partition.first_line + 1}: the recheck in this process failed ({_one_line(e)})"
                )
    finally:
        bar.close()
        if own is not None:
            client.close()
            own.close()
    for number in sorted(findings):
        result = findings[number]
        p = result.partition
        for line, reason in result.invalid:
            report.invalid.append((p.path, line + 1))
            report.invalid_reasons[(p.path, line + 1)] = reason
        report.unusable.extend((p.path, line + 1, reason) for line, reason in result.unusable)
        report.not_named.extend((p.path, line + 1) for line in result.not_named)
    report.not_checked = [(part.path, part.first_line + 1, reason) for _, (part, reason) in sorted(failures.items())]
    report.valid = report.documents - len(report.invalid) - len(report.unusable) - len(report.not_named)
    report.seconds = time.perf_counter() - started
    return report


def _lines(report: AuditReport) -> Iterator[str]:
    for path, line in report.invalid:
        yield f"{path}:{line}: INVALID: {report.invalid_reasons.get((path, line), 'the proof does not verify')}"
    for path, line, reason in report.unusable:
        yield f"{path}:{line}: unusable: {reason}"
    for path, line in report.not_named:
        yield f"{path}:{line}: NOT NAMED (its batch failed; the search stopped at the blame limit before it)"
    for path, line, reason in report.not_checked:
        yield f"{path}:{line}: NOT CHECKED (the partition from this line): {reason}"
    for disagreement in report.disagreements:
        yield f"{disagreement}: RECHECK DISAGREES"
    checked = f", {report.rechecked} partitions rechecked" if report.rechecked else ""
    not_named = f", {len(report.not_named)} not named" if report.not_named else ""
    yield (
        f"{report.documents} documents in {report.partitions} partitions: {report.valid} valid, "
        f"{len(report.invalid)} invalid, {len(report.unusable)} unusable{not_named}{checked} "
        f"({report.seconds:.2f} s, {report.throughput:.0f} documents/s)"
    )
    if not report.complete:
        yield (
            f"INCOMPLETE: {len(report.not_checked)} partitions not checked, "
            f"{len(report.disagreements)} rechecks disagreeing or failed"
        )
