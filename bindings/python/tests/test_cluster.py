"""The cluster path's chain audit (``rangeproof.cluster``) on local dask.distributed clusters:
every document counted once, the invalid and unusable ones named by file and line, alone and
with a worker process killed mid-run; the command line's exit codes."""

import json
import subprocess
import sys

import pytest

import rangeproof
from conftest import run_killing_a_worker
from rangeproof import cluster

pytest.importorskip("distributed", reason="install rangeproof[dask]")

SUITES = [
    dict(scheme="bulletproofs"),
    dict(scheme="bulletproofs+"),
    dict(scheme="bulletproofs++"),
    dict(scheme="bulletproofs++", group="secp256k1"),
    dict(scheme="bulletproofs", group="secp256k1", flavor="grin"),
    dict(scheme="bulletproofs+", group="ed25519", flavor="monero"),
]


def documents(count):
    """`count` valid documents of every suite in turn."""
    return [rangeproof.prove([k, 7 * k], bits=64, **SUITES[k % len(SUITES)]).to_json() for k in range(count)]


def flip(document):
    doc = json.loads(document)
    raw = bytearray(bytes.fromhex(doc["proof"]))
    raw[len(raw) // 2] ^= 1
    doc["proof"] = raw.hex()
    return json.dumps(doc)


def write(path, lines):
    path.write_text("".join(json.dumps(json.loads(line)) + "\n" for line in lines))


def test_partitions_cover_every_line_once(tmp_path):
    path = tmp_path / "a.jsonl"
    path.write_bytes(b"".join(b"line %d\n" % i for i in range(10)))
    parts = cluster.partitions([str(path)], lines=3)
    assert [(p.first_line, p.stop - p.start) for p in parts] == [(0, 21), (3, 21), (6, 21), (9, 7)]
    assert parts[-1].stop == path.stat().st_size
    with pytest.raises(rangeproof.UnusableInput, match="missing.jsonl"):
        cluster.partitions([str(tmp_path / "missing.jsonl")])
    with pytest.raises(rangeproof.UnusableInput):
        cluster.partitions([str(path)], lines=0)


def test_audit_names_invalid_and_unusable_documents_by_file_and_line(tmp_path, client):
    docs = documents(14)
    first = docs[:8]
    first[5] = flip(first[5])
    second = docs[8:] + ["{not a document}"]
    second[1] = flip(second[1])
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    write(a, first)
    b.write_text("".join(json.dumps(json.loads(line)) + "\n" for line in second[:-1]) + "\n" + second[-1] + "\n")
    report = cluster.audit([str(a), str(b)], lines=3, client=client)
    assert report.documents == 15
    assert report.invalid == [(str(a), 6), (str(b), 2)]
    assert [(f, line) for f, line, _ in report.unusable] == [(str(b), 8)]
    assert report.valid == 12 and not report.ok
    assert report.partitions == 3 + 3
    # The same files, valid: a clean report.
    write(a, docs[:8])
    clean = cluster.audit([str(a)], lines=2, client=client)
    assert clean.ok and clean.documents == clean.valid == 8 and clean.throughput > 0


def test_a_worker_killed_mid_run_loses_and_duplicates_nothing(tmp_path, client):
    # 960 one-line partitions (seconds of work on two workers); one worker process is killed
    # while the audit runs: its tasks run again, the report counts every document once.
    docs = documents(24) * 40
    docs[17] = flip(docs[17])
    docs[900] = flip(docs[900])
    path = tmp_path / "chain.jsonl"
    write(path, docs)
    report = run_killing_a_worker(client, lambda: cluster.audit([str(path)], lines=1, client=client))
    assert report.documents == 960 and report.partitions == 960
    assert report.invalid == [(str(path), 18), (str(path), 901)]
    assert report.valid == 958


def test_the_command_line_exit_codes(tmp_path):
    docs = documents(6)
    good, bad = tmp_path / "good.jsonl", tmp_path / "bad.jsonl"
    write(good, docs)
    write(bad, docs[:2] + [flip(docs[2])])
    run = lambda *args: subprocess.run(  # noqa: E731
        [sys.executable, "-m", "rangeproof.cluster", "audit", *args, "--workers", "1", "--no-progress"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    out = run(str(good))
    assert out.returncode == 0, out.stderr
    assert "6 documents" in out.stdout and "6 valid, 0 invalid" in out.stdout
    out = run(str(good), str(bad))
    assert out.returncode == 1
    assert f"{bad}:3: INVALID" in out.stdout
    out = run(str(tmp_path / "missing.jsonl"))
    assert out.returncode == 2
    assert len(out.stderr.strip().splitlines()) == 1 and "missing.jsonl" in out.stderr


def test_audit_reads_parquet_files(tmp_path, client):
    pa = pytest.importorskip("pyarrow", reason="install rangeproof[dask]")
    import pyarrow.parquet as pq

    docs = documents(11)
    docs[4] = flip(docs[4])
    docs[9] = "{not a document}"
    path = str(tmp_path / "chain.parquet")
    # Row groups of 3 rows, partitions of 2: partitions straddle row groups.
    pq.write_table(pa.table({"height": list(range(11)), "document": docs}), path, row_group_size=3)
    mixed = tmp_path / "more.jsonl"
    write(mixed, documents(2))
    report = cluster.audit([path, str(mixed)], lines=2, client=client)
    assert report.documents == 13 and report.partitions == 6 + 1
    assert report.invalid == [(path, 5)]
    assert [(f, row) for f, row, _ in report.unusable] == [(path, 10)]
    assert report.valid == 11
    # Without the column of documents, or not Parquet at all: unusable input, named.
    pq.write_table(pa.table({"proof": docs}), str(tmp_path / "other.parquet"))
    with pytest.raises(rangeproof.UnusableInput, match="no 'document' column"):
        cluster.audit([str(tmp_path / "other.parquet")], client=client)
    (tmp_path / "fake.parquet").write_text("not parquet")
    with pytest.raises(rangeproof.UnusableInput, match="fake.parquet"):
        cluster.audit([str(tmp_path / "fake.parquet")], client=client)


def test_audit_over_the_repository_vectors_names_exactly_the_invalid_ones(tmp_path, client):
    # Every range-proof vector the repository holds as a document (dalek's, Grin's with its
    # reject cases, Monero's from the crate packages), and generated documents of every suite
    # with some tampered: the audit's invalid and unusable lines are exactly the bad ones.
    from pathlib import Path

    vectors = Path(__file__).resolve().parents[3] / "vectors"
    lines, bad = [], set()

    def add(doc, valid):
        lines.append(json.dumps(doc))
        if not valid:
            bad.add(len(lines))

    dalek = json.loads((vectors / "dalek-bp-ristretto255.json").read_text())
    for case in dalek["cases"]:
        add({"scheme": "bulletproofs", "group": "ristretto255", "flavor": "dalek",
             "transcript_label": dalek["transcript_label"], "bits": int(case["bits"]),
             "commitments": case["commitments"], "proof": case["proof"]}, case["valid"])
    grin = json.loads((vectors / "grin-bp-secp256k1.json").read_text())
    for case in grin["cases"]:
        doc = {"scheme": "bulletproofs", "group": "secp256k1", "flavor": "grin", "bits": case["bits"],
               "generators_n": case["generators_n"], "commitments": case["commitments"], "proof": case["proof"]}
        if case.get("extra_data"):
            doc["extra_data"] = case["extra_data"]
        add(doc, case["valid"])
    for kind, scheme in (("bpplus", "bulletproofs+"), ("bp", "bulletproofs")):
        for case in json.loads((vectors / f"monero-crates-{kind}-ed25519.json").read_text())["cases"]:
            add({"scheme": scheme, "group": "ed25519", "flavor": "monero", "bits": 64,
                 "commitments": case["commitments"], "proof": case["proof"]}, True)
    generated = documents(12)
    for k, doc in enumerate(generated):
        add(json.loads(flip(doc) if k % 5 == 2 else doc), k % 5 != 2)
    assert len(lines) > 50 and len(bad) > 10
    path = tmp_path / "vectors.jsonl"
    path.write_text("".join(line + "\n" for line in lines))
    report = cluster.audit([str(path)], lines=16, client=client)
    named = {line for _, line in report.invalid} | {line for _, line, _ in report.unusable}
    assert named == bad
    assert report.documents == len(lines) and report.valid == len(lines) - len(bad)
