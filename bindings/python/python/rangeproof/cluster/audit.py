"""Chain audit: verify a large set of proof documents across a cluster.

The input is JSON-lines files of proof documents, one document (as ``rangeproof verify``
reads it: any scheme, group and flavor) per line, or Parquet files (``.parquet``) with a
``document`` column of them, one per row (rows are numbered from 1 like lines). The client splits each file into partitions
of consecutive lines by byte offsets (one scan, no parsing); each partition is one task: a
worker reads its byte range, adds every document to one :class:`rangeproof.BatchVerifier` (one
multiscalar multiplication per group for the partition) and returns which lines are invalid and
which are unusable (a malformed document, with its one-line reason).

A task is a pure function of its partition, and results are kept by partition: when a worker
dies mid-run the scheduler runs its tasks again elsewhere, and the report counts each document
exactly once (``tests/test_cluster.py`` kills a worker process during a run).
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass, field
from typing import Iterable, Iterator, List, Optional, Sequence, Tuple

from .. import BatchVerifier, UnusableInput, UnusableType
from ._dask import Progress, client_for

#: Lines per partition by default: enough to amortize a task and share a batch's MSM.
DEFAULT_PARTITION_LINES = 256
#: The column of a Parquet file that holds the proof documents (JSON text, one per row).
PARQUET_COLUMN = "document"


@dataclass(frozen=True)
class Partition:
    """Lines ``first_line, first_line + 1, ...`` of ``path``: bytes ``start..stop`` of a
    JSON-lines file, rows ``start..stop`` of a Parquet file (``first_line`` = ``start``)."""

    path: str
    start: int
    stop: int
    first_line: int


@dataclass
class PartitionResult:
    """What one task found: its documents counted, invalid and unusable lines (0-based)."""

    partition: Partition
    documents: int
    invalid: List[int] = field(default_factory=list)
    unusable: List[Tuple[int, str]] = field(default_factory=list)


@dataclass
class AuditReport:
    """The whole audit: documents checked, the invalid ones and the unusable ones, each as
    ``(file, line)`` (lines from 1, as editors number them), and the wall time."""

    documents: int = 0
    valid: int = 0
    invalid: List[Tuple[str, int]] = field(default_factory=list)
    unusable: List[Tuple[str, int, str]] = field(default_factory=list)
    partitions: int = 0
    seconds: float = 0.0

    @property
    def ok(self) -> bool:
        """Every document valid (and none unusable)."""
        return not self.invalid and not self.unusable

    @property
    def throughput(self) -> float:
        """Documents per second."""
        return self.documents / self.seconds if self.seconds > 0 else 0.0


def _parquet_partitions(path: str, lines: int) -> List[Partition]:
    try:
        import pyarrow.parquet as pq
    except ImportError:  # pragma: no cover - depends on the installation
        raise UnusableInput('Parquet files need pyarrow: pip install "rangeproof[dask]"') from None
    try:
        metadata = pq.ParquetFile(path).metadata
        names = metadata.schema.names
    except OSError as e:
        raise UnusableInput(f"{path}: {e}") from None
    except Exception as e:  # pyarrow's error for a file that is not Parquet
        raise UnusableInput(f"{path}: not a Parquet file ({e})") from None
    if PARQUET_COLUMN not in names:
        raise UnusableInput(f"{path}: no {PARQUET_COLUMN!r} column of proof documents")
    rows = metadata.num_rows
    return [Partition(path, start, min(start + lines, rows), start) for start in range(0, rows, lines)]


def partitions(paths: Sequence[str], lines: int = DEFAULT_PARTITION_LINES) -> List[Partition]:
    """Splits every file into partitions of ``lines`` consecutive lines (blank lines count as
    lines and are skipped by the workers) or, for a Parquet file (``.parquet``), of ``lines``
    rows. Raises :class:`UnusableInput` naming a file that cannot be read."""
    if isinstance(paths, (str, bytes)) or not isinstance(paths, Iterable):
        raise UnusableType("paths: expected a list of file names")
    if not isinstance(lines, int) or isinstance(lines, bool) or lines < 1:
        raise UnusableInput("lines: a partition holds at least one line")
    out: List[Partition] = []
    for path in paths:
        if not isinstance(path, (str, os.PathLike)):
            raise UnusableType(f"paths: {path!r} is not a file name")
        path = os.fspath(path)
        if path.endswith(".parquet"):
            out.extend(_parquet_partitions(path, lines))
            continue
        try:
            with open(path, "rb") as f:
                start, first, count, offset = 0, 0, 0, 0
                for line in f:
                    offset += len(line)
                    count += 1
                    if count == lines:
                        out.append(Partition(path, start, offset, first))
                        start, first, count = offset, first + lines, 0
                if count:
                    out.append(Partition(path, start, offset, first))
        except OSError as e:
            raise UnusableInput(f"{path}: {e.strerror or e}") from None
    return out


def _documents(partition: Partition) -> List[Optional[bytes]]:
    """The partition's documents, one per line or row (``None`` for an empty row)."""
    if partition.path.endswith(".parquet"):
        import pyarrow.parquet as pq

        # The row groups that overlap the partition, then the rows of it.
        file = pq.ParquetFile(partition.path)
        out: List[Optional[bytes]] = []
        first = 0
        for g in range(file.metadata.num_row_groups):
            count = file.metadata.row_group(g).num_rows
            if first < partition.stop and first + count > partition.start:
                column = file.read_row_group(g, columns=[PARQUET_COLUMN]).column(0).to_pylist()
                for k in range(max(partition.start, first), min(partition.stop, first + count)):
                    value = column[k - first]
                    out.append(value.encode("utf-8") if isinstance(value, str) else value)
            first += count
        return out
    with open(partition.path, "rb") as f:
        f.seek(partition.start)
        data = f.read(partition.stop - partition.start)
    return list(data.split(b"\n"))


def verify_partition(partition: Partition) -> PartitionResult:
    """The task: verifies one partition's documents in one batch (what each worker runs)."""
    batch = BatchVerifier()
    lines_in_batch: List[int] = []
    unusable: List[Tuple[int, str]] = []
    documents = 0
    for i, raw in enumerate(_documents(partition)):
        line = partition.first_line + i
        if raw is None or not raw.strip():
            continue
        documents += 1
        try:
            batch.add(raw.decode("utf-8"))
            lines_in_batch.append(line)
        except UnicodeDecodeError:
            unusable.append((line, "not UTF-8"))
        except (UnusableInput, UnusableType) as e:
            unusable.append((line, str(e)))
    invalid: List[int] = []
    if len(batch) and not batch.verify():
        invalid = [lines_in_batch[k] for k in batch.invalid]
    return PartitionResult(partition, documents, invalid, unusable)


def audit(
    paths: Sequence[str],
    scheduler: Optional[str] = None,
    workers: Optional[int] = None,
    lines: int = DEFAULT_PARTITION_LINES,
    progress: bool = False,
    client=None,
) -> AuditReport:
    """Verifies every document of the JSON-lines files ``paths`` across a dask.distributed
    cluster — ``client`` if given, else one on ``scheduler``, else a local cluster of
    ``workers`` processes (started and shut down here) — one batch per partition of ``lines``
    lines. Returns the :class:`AuditReport`; raises :class:`UnusableInput` for a file that
    cannot be read."""
    parts = partitions(paths, lines)
    started = time.perf_counter()
    own = None
    if client is None:
        client, own = client_for(scheduler, workers)
    report = AuditReport(partitions=len(parts))
    bar = Progress("audit", total=len(parts), enabled=progress)
    try:
        from distributed import as_completed

        # One task per partition (unique keys: a file named twice is audited twice), its result
        # kept by position; the scheduler reruns the tasks of a worker that dies.
        futures = client.map(verify_partition, parts, pure=False)
        results: List[Optional[PartitionResult]] = [None] * len(parts)
        index = {f.key: k for k, f in enumerate(futures)}
        for future in as_completed(futures):
            results[index[future.key]] = future.result()
            bar.advance(1)
    finally:
        bar.close()
        if own is not None:
            client.close()
            own.close()
    for result in results:
        if result is None:  # pragma: no cover - as_completed yields every future or raises
            raise RuntimeError("a partition's result is missing")
        p = result.partition
        report.documents += result.documents
        report.invalid.extend((p.path, line + 1) for line in result.invalid)
        report.unusable.extend((p.path, line + 1, reason) for line, reason in result.unusable)
    report.valid = report.documents - len(report.invalid) - len(report.unusable)
    report.seconds = time.perf_counter() - started
    return report


def _lines(report: AuditReport) -> Iterator[str]:
    for path, line in report.invalid:
        yield f"{path}:{line}: INVALID"
    for path, line, reason in report.unusable:
        yield f"{path}:{line}: unusable: {reason}"
    yield (
        f"{report.documents} documents in {report.partitions} partitions: {report.valid} valid, "
        f"{len(report.invalid)} invalid, {len(report.unusable)} unusable "
        f"({report.seconds:.2f} s, {report.throughput:.0f} documents/s)"
    )
