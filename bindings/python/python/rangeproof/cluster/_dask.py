"""What the cluster commands share: a dask.distributed client (a local cluster of worker
processes, or a scheduler's address) and a progress bar."""

from __future__ import annotations

import os
import sys
from typing import Optional

from .. import UnusableInput


class Progress:
    """A one-line progress bar on standard error when it is a terminal (silent otherwise)."""

    def __init__(self, title: str, total: int, enabled: bool) -> None:
        self.title, self.total, self.done = title, total, 0
        self.enabled = enabled and sys.stderr.isatty()

    def advance(self, partitions: int) -> None:
        self.done += partitions
        if self.enabled:
            width = 30
            filled = width * self.done // max(self.total, 1)
            bar = "#" * filled + "." * (width - filled)
            sys.stderr.write(f"\r{self.title} [{bar}] {self.done}/{self.total} tasks")
            sys.stderr.flush()

    def close(self) -> None:
        if self.enabled:
            sys.stderr.write("\n")


def client_for(scheduler: Optional[str], workers: Optional[int]):
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
