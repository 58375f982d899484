"""What the cluster commands share: a dask.distributed client (a local cluster of worker
processes, or a scheduler's address, over TLS when it is ``tls://``), a progress bar, and the
error of a run that did not finish."""

from __future__ import annotations

import ipaddress
import os
import sys
from typing import Optional

from .. import ProofError, UnusableInput


class Incomplete(ProofError):
    """The cluster did not finish the work, or its answers cannot be trusted: a task failed
    (its worker died too often, it could not read its input, the input changed), the two passes
    of a build disagree, or a recheck disagreed with a worker. Nothing was written; the command
    line's exit code 3."""


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
            total = self.total if self.total else "?"
            sys.stderr.write(f"\r{self.title} [{bar}] {self.done}/{total} tasks")
            sys.stderr.flush()

    def close(self) -> None:
        if self.enabled:
            sys.stderr.write("\n")


def tls(ca_file: Optional[str], cert: Optional[str], key: Optional[str]):
    """Dask's TLS settings for a client (``distributed.security.Security``) from PEM files: the
    certificate authority that signed the scheduler's and workers' certificates, and the
    client's certificate and key (Dask's TLS is mutual: every party presents a certificate the
    authority signed). ``None`` when none is given; all three or none."""
    given = [f for f in (ca_file, cert, key) if f is not None]
    if not given:
        return None
    if len(given) != 3:
        raise UnusableInput("TLS needs all three of --tls-ca-file, --tls-cert and --tls-key")
    for name, path in (("CA file", ca_file), ("certificate", cert), ("key", key)):
        try:
            with open(path, "rb") as f:  # type: ignore[arg-type]
                head = f.read(4096)
        except OSError as e:
            raise UnusableInput(f"TLS {name} {path}: {e.strerror or e}") from None
        if b"-----BEGIN " not in head:
            raise UnusableInput(f"TLS {name} {path}: not a PEM file")
    from distributed.security import Security

    return Security(tls_ca_file=ca_file, tls_client_cert=cert, tls_client_key=key, require_encryption=True)


def _is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def check_transport(scheduler: str, security, carries_secrets: bool, allow_plaintext: bool) -> None:
    """Refuses what would send secrets in the clear or TLS files to a plain scheduler: a
    ``tls://`` address needs the TLS files, TLS files need a ``tls://`` address, and (for a
    build, whose tasks carry subtree keys and balances) any scheduler but a ``tls://`` or an
    ``inproc://`` one — ``tcp://``, ``ws://`` or any other transport — off this machine needs
    ``allow_plaintext``."""
    if not isinstance(scheduler, str) or not scheduler:
        raise UnusableInput("scheduler: an address such as tls://host:8786")
    from distributed.comm import parse_address, parse_host_port

    try:
        protocol, location = parse_address(scheduler)
    except ValueError as e:
        raise UnusableInput(f"scheduler {scheduler!r}: {e}") from None
    if protocol == "tls" and security is None:
        raise UnusableInput(f"scheduler {scheduler}: a tls:// scheduler needs --tls-ca-file, --tls-cert and --tls-key")
    if protocol != "tls" and security is not None:
        raise UnusableInput(f"scheduler {scheduler}: TLS files given for a {protocol}:// (not TLS) address; use tls://")
    if protocol not in ("tls", "inproc") and carries_secrets and not allow_plaintext:
        try:
            host, _ = parse_host_port(location)
        except ValueError as e:
            raise UnusableInput(f"scheduler {scheduler!r}: {e}") from None
        if not _is_loopback(host):
            raise UnusableInput(
                f"scheduler {scheduler}: {protocol}:// off this machine would carry subtree keys and balances in the clear; "
                "use tls:// (--tls-ca-file, --tls-cert, --tls-key) or, on a network you trust, --allow-plaintext"
            )


def client_for(
    scheduler: Optional[str],
    workers: Optional[int],
    security=None,
    carries_secrets: bool = False,
    allow_plaintext: bool = False,
):
    """A dask.distributed client and what to close afterwards."""
    try:
        from distributed import Client, LocalCluster
    except ImportError:  # pragma: no cover - depends on the installation
        raise UnusableInput('the cluster path needs dask: pip install "rangeproof[dask]"') from None
    if scheduler is not None:
        check_transport(scheduler, security, carries_secrets, allow_plaintext)
        try:
            return Client(scheduler, security=security, timeout=30), None
        except (OSError, TimeoutError) as e:
            # Dask's message may span lines (a TLS handshake's error); the command line prints one.
            reason = " ".join(str(e).split()) or type(e).__name__
            raise UnusableInput(f"scheduler {scheduler}: cannot connect ({reason})") from None
    if security is not None:
        raise UnusableInput("TLS files given without --scheduler (a local cluster talks over loopback)")
    if workers is not None and (not isinstance(workers, int) or isinstance(workers, bool) or workers < 1):
        raise UnusableInput("workers: at least one")
    cluster = LocalCluster(
        n_workers=workers or os.cpu_count() or 1,
        threads_per_worker=1,
        processes=True,
        dashboard_address=None,
    )
    return Client(cluster), cluster


def worker_addresses(client) -> list:
    """The addresses of the scheduler's workers now."""
    try:
        info = client.scheduler_info(n_workers=-1)  # every worker (recent versions list five by default)
    except TypeError:  # pragma: no cover - versions without the argument list every worker
        info = client.scheduler_info()
    return sorted(info.get("workers", {}))
