"""A batch of proof documents verified with ``rangeproof.BatchVerifier`` on one thread and on
two, in one run (each side in its own process, since rayon's pool is sized when it starts; the
two alternate round by round).

    python bindings/python/bench/batch_threads.py --documents 4096 --rounds 7

The documents are reference-format proofs (``bits`` 8, 16, 32 or 64; 1, 2 or 4 values, mixed),
proved once into a temporary file and read by every round. Prints a Markdown row for
``BENCHMARKS.md`` with the CPU named: the median time to add and verify the batch on each
thread count, and the ratio.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time


def cpu_model() -> str:
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return "unknown CPU"


def make(path: str, count: int) -> None:
    import rangeproof

    shapes = [(bits, m) for bits in (8, 16, 32, 64) for m in (1, 2, 4)]
    with open(path, "w") as f:
        for i in range(count):
            bits, m = shapes[i % len(shapes)]
            values = [(i * 7919 + k) % (1 << bits) for k in range(m)]
            f.write(json.dumps(json.loads(rangeproof.prove(values, bits=bits).to_json())) + "\n")


def child(path: str) -> None:
    """One round: every document added, then the batch verified; prints seconds."""
    import rangeproof

    with open(path) as f:
        docs = f.read().splitlines()
    start = time.perf_counter()
    batch = rangeproof.BatchVerifier()
    for doc in docs:
        batch.add(doc)
    ok = batch.verify()
    elapsed = time.perf_counter() - start
    if not ok:
        sys.exit(f"the batch failed: {batch.invalid[:5]}")
    print(json.dumps(elapsed))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--documents", type=int, default=4096)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child)
        return
    times = {1: [], 2: []}
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "docs.jsonl")
        make(path, args.documents)
        for _ in range(args.rounds):
            for threads in (1, 2):
                env = dict(os.environ, RAYON_NUM_THREADS=str(threads))
                out = subprocess.run(
                    [sys.executable, __file__, "--child", path],
                    env=env,
                    check=True,
                    capture_output=True,
                    text=True,
                ).stdout
                times[threads].append(json.loads(out))
    one, two = statistics.median(times[1]), statistics.median(times[2])
    print(f"CPU: {cpu_model()}; {args.documents} documents, {args.rounds} rounds, medians")
    print("| documents | 1 thread | 2 threads | 2 / 1 |")
    print("|---|---|---|---|")
    print(f"| {args.documents} | {one:.3f} s | {two:.3f} s | {one / two:.2f}× |")


if __name__ == "__main__":
    main()
