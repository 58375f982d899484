"""Chain audit: verify a large set of proof documents across a cluster.

The input is JSON-lines files of proof documents, one document (as ``rangeproof verify``
reads it: any scheme, group and flavor) per line. The client splits each file into partitions
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
import sys
import time
from dataclasses import dataclass, field
from typing import Iterable, Iterator, List, Optional, Sequence, Tuple

from .. import BatchVerifier, UnusableInput, UnusableType

#: Lines per partition by default: enough to amortize a task and share a batch's MSM.
DEFAULT_PARTITION_LINES = 256


@dataclass(frozen=True)
class Partition:
    """Lines ``first_line, first_line + 1, ...`` of ``path``: bytes ``start..stop``."""

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


def partitions(paths: Sequence[str], lines: int = DEFAULT_PARTITION_LINES) -> List[Partition]:
    """Splits every file into partitions of ``lines`` consecutive lines (blank lines count as
    lines and are skipped by the workers). Raises :class:`UnusableInput` naming a file that
    cannot be read."""
    if isinstance(paths, (str, bytes)) or not isinstance(paths, Iterable):
        raise UnusableType("paths: expected a list of file names")
    if not isinstance(lines, int) or isinstance(lines, bool) or lines < 1:
        raise UnusableInput("lines: a partition holds at least one line")
    out: List[Partition] = []
    for path in paths:
        if not isinstance(path, (str, os.PathLike)):
            raise UnusableType(f"paths: {path!r} is not a file name")
        path = os.fspath(path)
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


def verify_partition(partition: Partition) -> PartitionResult:
    """The task: verifies one partition's documents in one batch (what each worker runs)."""
    with open(partition.path, "rb") as f:
        f.seek(partition.start)
        data = f.read(partition.stop - partition.start)
    batch = BatchVerifier()
    lines_in_batch: List[int] = []
    unusable: List[Tuple[int, str]] = []
    documents = 0
    for i, raw in enumerate(data.split(b"\n")):
        line = partition.first_line + i
        if not raw.strip():
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


class _Progress:
    """A one-line progress bar on standard error when it is a terminal (silent otherwise)."""

    def __init__(self, total: int, enabled: bool) -> None:
        self.total, self.done = total, 0
        self.enabled = enabled and sys.stderr.isatty()

    def advance(self, partitions: int) -> None:
        self.done += partitions
        if self.enabled:
            width = 30
            filled = width * self.done // max(self.total, 1)
            bar = "#" * filled + "." * (width - filled)
            sys.stderr.write(f"\raudit [{bar}] {self.done}/{self.total} partitions")
            sys.stderr.flush()

    def close(self) -> None:
        if self.enabled:
            sys.stderr.write("\n")


def _client(scheduler: Optional[str], workers: Optional[int]):
    """A dask.distributed client and what to close afterwards."""
    try:
        from distributed import Client, LocalCluster
    except ImportError:  # pragma: no cover - depends on the installation
        raise UnusableInput('the cluster path needs dask: pip install "rangeproof[dask]"') from None
    if scheduler is not None:
        return Client(scheduler), None
    if workers is not None and (not isinstance(workers, int) or isinstance(workers, bool) or workers < 1):
        raise UnusableInput("workers: at least one")
    cluster = LocalCluster(
        n_workers=workers or os.cpu_count() or 1,
        threads_per_worker=1,
        processes=True,
        dashboard_address=None,
    )
    return Client(cluster), cluster


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
        client, own = _client(scheduler, workers)
    report = AuditReport(partitions=len(parts))
    bar = _Progress(total=len(parts), enabled=progress)
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
