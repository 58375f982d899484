"""Proof of liabilities at scale: our build (``rangeproof.cluster.liabilities``) on local
dask.distributed clusters of 1 and 2 worker processes (one thread each), against the ``dapol``
0.4 crate on the same accounts, tree height and thread count, in one run.

    python bindings/python/bench/liabilities.py --accounts 65536 --workers 1 2

Prints a Markdown table (the CPU named) for ``BENCHMARKS.md``: wall time, accounts a second, the
speedup over one worker, the scheduler's share (wall time × workers not spent inside the tasks),
peak memory per worker, the inclusion proofs' size and check time, and dapol's build-and-prove
time per account (its tree over every account, its inclusion proofs timed on a sample: at
~0.31 s a proof on the machine of BENCHMARKS.md, all of them would take hours) with the ratio. Then the projection for 10^7 and
10^8 accounts on 16, 64 and 256 cores from the measured cost per account.

Needs the package with its cluster extra (``pip install "./bindings/python[dask]"``) and, for the
dapol side, cargo (``bench/dapol-peer``, built here).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time

# One thread per worker process: no rayon pool inside the native prover.
os.environ["RAYON_NUM_THREADS"] = "1"

HERE = os.path.dirname(os.path.abspath(__file__))


def cpu_model() -> str:
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return "unknown CPU"


def write_accounts(path: str, count: int, seed: int) -> None:
    rng = random.Random(seed)
    bound = 2**64 // count
    with open(path, "w") as f:
        f.write("id,balance\n")
        for k in range(count):
            f.write(f"account-{k:08d},{rng.randrange(bound)}\n")


def peak_rss_mib() -> float:
    import resource

    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def ours(path: str, accounts: int, height: int, workers: int, sample: int, tmp: str) -> dict:
    import distributed

    from rangeproof import cluster

    local = distributed.LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None)
    client = distributed.Client(local)
    try:
        out = os.path.join(tmp, f"ours-{workers}")
        report = cluster.liabilities(path, out, height=height, bits=64, client=client)
        memory = max(client.run(peak_rss_mib).values())
    finally:
        client.close()
        local.close()
    proofs_bytes = sum(os.path.getsize(os.path.join(out, "inclusion", n)) for n in os.listdir(os.path.join(out, "inclusion")))
    with open(os.path.join(out, "root.json")) as f:
        root = json.load(f)
    checked = []
    with open(path) as f:
        rows = [line.strip().split(",") for line in f.readlines()[1 : sample + 1]]
    for account, balance in rows:
        proof = cluster.find_inclusion_proof(out, account)
        t = time.perf_counter()
        why = cluster.check_inclusion(root, proof, account, int(balance))
        checked.append(time.perf_counter() - t)
        if why is not None:
            raise SystemExit(f"{account}: {why}")
    # The binary content of an inclusion proof: the range proof's bytes, every sibling's
    # commitment and hash, the leaf's blinding factor and salt, the position (8 bytes).
    proof = cluster.find_inclusion_proof(out, rows[0][0])
    binary = sum(len(bytes.fromhex(p["proof"])) + 32 * len(p["commitments"]) for p in proof["range_proofs"])
    binary += 32 * len(proof["hashes"]) + 32 + 32 + 8
    return {
        "workers": workers,
        "seconds": report.seconds,
        "task_seconds": report.task_seconds,
        "partitions": report.partitions,
        "memory_mib": memory,
        "proof_json_bytes": proofs_bytes / accounts,
        "proof_bytes": binary,
        "check_ms": 1000 * sum(checked) / len(checked),
    }


def dapol(path: str, height: int, sample: int) -> dict:
    manifest = os.path.join(HERE, "dapol-peer", "Cargo.toml")
    subprocess.run(["cargo", "build", "--release", "--quiet", "--manifest-path", manifest], check=True)
    binary = os.path.join(HERE, "dapol-peer", "target", "release", "dapol-peer")
    out = subprocess.run([binary, path, str(height), str(sample)], check=True, capture_output=True, text=True)
    return json.loads(out.stdout)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--accounts", type=int, default=65536)
    parser.add_argument("--height", type=int, default=32)
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--sample", type=int, default=64, help="inclusion proofs checked (ours) and made (dapol)")
    parser.add_argument("--no-dapol", action="store_true")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "accounts.csv")
        write_accounts(path, args.accounts, args.seed)
        runs = []
        for w in args.workers:
            run = ours(path, args.accounts, args.height, w, args.sample, tmp)
            runs.append(run)
            print(json.dumps(run), file=sys.stderr, flush=True)
        peer = None if args.no_dapol else dapol(path, args.height, args.sample)
        if peer is not None:
            print(json.dumps(peer), file=sys.stderr, flush=True)

    n = args.accounts
    print(f"{n} accounts, height {args.height}, 64-bit range proofs (Bulletproofs++ on ristretto255); {cpu_model()}")
    print()
    print("| workers | wall | accounts/s | speedup | scheduler share | peak memory / worker |")
    print("|---|---|---|---|---|---|")
    # The speedup over the one-worker run (over the first run times its workers without one).
    single = [r for r in runs if r["workers"] == 1]
    base = single[0]["seconds"] if single else runs[0]["seconds"] * runs[0]["workers"]
    for r in runs:
        share = 1 - r["task_seconds"] / (r["seconds"] * r["workers"])
        print(
            f"| {r['workers']} | {r['seconds']:.1f} s | {n / r['seconds']:.1f} | {base / r['seconds']:.2f}× | "
            f"{100 * share:.1f} % | {r['memory_mib']:.0f} MiB |"
        )
    per_account = max(r["task_seconds"] for r in runs) / n
    r = single[0] if single else runs[0]
    print()
    print(
        f"inclusion proof: {r['proof_bytes']} bytes of content ({r['proof_json_bytes']:.0f} bytes as a JSON line), "
        f"checked in {r['check_ms']:.2f} ms; worker time {1000 * per_account:.2f} ms an account"
    )
    if peer is not None:
        theirs = peer["build_seconds"] / n + peer["prove_seconds"] / peer["proofs"]
        mine = r["seconds"] * r["workers"] / n
        print()
        print("| per account (one thread) | ours | dapol 0.4 | ratio |")
        print("|---|---|---|---|")
        print(f"| build and prove | {1000 * mine:.2f} ms | {1000 * theirs:.2f} ms | {mine / theirs:.2f} |")
        print(
            f"| inclusion proof size | {r['proof_bytes']} B | {peer['proof_bytes']:.0f} B (bincode) | "
            f"{r['proof_bytes'] / peer['proof_bytes']:.2f} |"
        )
        print(
            f"| inclusion check | {r['check_ms']:.2f} ms | {1000 * peer['verify_seconds'] / peer['proofs']:.2f} ms | "
            f"{r['check_ms'] / (1000 * peer['verify_seconds'] / peer['proofs']):.2f} |"
        )
    print()
    print("| projected wall time | 16 cores | 64 cores | 256 cores |")
    print("|---|---|---|---|")
    for total in (10**7, 10**8):
        cells = [f"{per_account * total / cores / 3600:.1f} h" for cores in (16, 64, 256)]
        print(f"| 10^{len(str(total)) - 1} accounts | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
