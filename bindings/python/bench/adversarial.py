"""What a batch of invalid documents costs the Python front ends against an honest batch of the
same size: ``BatchVerifier`` (add and verify, the default blame limit and none) and the cluster
audit (two local worker processes, batches of 256).

    cargo run --release -p rangeproof-documents --features parallel --example adversarial_batch -- 1000 5 /tmp
    python bindings/python/bench/adversarial.py /tmp/valid.jsonl /tmp/invalid.jsonl

The two files are the example's (each invalid document carries another's proof: it decodes,
and fails in the batch). Prints the median of 7 runs (5 for the audit) of each, in ms.
"""

from __future__ import annotations

import statistics
import sys
import time

import rangeproof


def lines(path: str) -> list:
    with open(path) as f:
        return [line for line in f if line.strip()]


def batch(docs: list, **options: object) -> float:
    started = time.perf_counter()
    verifier = rangeproof.BatchVerifier(**options)
    for doc in docs:
        verifier.add(doc)
    verifier.verify()
    return time.perf_counter() - started


def main() -> None:
    valid_path, invalid_path = sys.argv[1:3]
    valid, invalid = lines(valid_path), lines(invalid_path)
    for name, docs, options in [
        ("BatchVerifier, valid", valid, {}),
        ("BatchVerifier, all invalid, limit 16", invalid, {}),
        ("BatchVerifier, all invalid, no limit", invalid, {"blame_limit": None}),
    ]:
        times = [batch(docs, **options) for _ in range(7)]
        print(f"{name:40} {statistics.median(times) * 1e3:8.1f} ms")
    from distributed import Client, LocalCluster

    from rangeproof import cluster

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True) as local, Client(local) as client:
        cluster.audit([valid_path], client=client)  # the workers warm
        for name, path in [("audit, valid", valid_path), ("audit, all invalid", invalid_path)]:
            times = []
            for _ in range(5):
                started = time.perf_counter()
                report = cluster.audit([path], client=client)
                times.append(time.perf_counter() - started)
            print(
                f"{name:40} {statistics.median(times) * 1e3:8.1f} ms  "
                f"(invalid {len(report.invalid)}, not named {len(report.not_named)})"
            )


if __name__ == "__main__":
    main()
