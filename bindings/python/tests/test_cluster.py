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


def test_a_file_of_invalid_proofs_names_at_most_the_blame_limit_per_batch(tmp_path, client):
    # Forged proofs decode and fail only in their batch: past 16 per batch, the search stops
    # and the rest are not named — none counted valid, none called invalid without a reason.
    a, b = rangeproof.prove([3], bits=8), rangeproof.prove([200], bits=8)
    forged = json.loads(a.to_json())
    forged["proof"] = json.loads(b.to_json())["proof"]
    lines = [json.dumps(forged) if k % 2 == 0 else a.to_json() for k in range(60)]
    path = tmp_path / "forged.jsonl"
    write(path, lines)
    report = cluster.audit([str(path)], lines=60, client=client)
    assert report.documents == 60 and not report.ok
    assert len(report.invalid) == rangeproof.BLAME_LIMIT
    named = {line for _, line in report.invalid} | {line for _, line in report.not_named}
    assert {k + 1 for k in range(60) if k % 2 == 0} <= named, "every invalid line is listed"
    assert all(line % 2 == 1 for _, line in report.invalid), "no valid line is named invalid"
    assert report.valid == 60 - len(report.invalid) - len(report.not_named)
    from rangeproof.cluster.audit import _lines

    assert any("NOT NAMED" in line for line in _lines(report))


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
    # An invalid document's line gives the reason a single verification gives.
    (line,) = [line for line in out.stdout.splitlines() if "INVALID" in line]
    assert line.startswith(f"{bad}:3: INVALID: ") and len(line) > len(f"{bad}:3: INVALID: ") + 5
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
    # Row groups of 3 rows, partitions of at least 2: whole row groups (3, 3, 3, 2 rows).
    pq.write_table(pa.table({"height": list(range(11)), "document": docs}), path, row_group_size=3)
    assert [(p.start, p.stop) for p in cluster.partitions([path], lines=2)] == [(0, 3), (3, 6), (6, 9), (9, 11)]
    mixed = tmp_path / "more.jsonl"
    write(mixed, documents(2))
    report = cluster.audit([path, str(mixed)], lines=2, client=client)
    assert report.documents == 13 and report.partitions == 4 + 1
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


def pretty(count, start=0):
    """Documents as `rangeproof prove --out` and Proof.to_json write them: over many lines."""
    return [json.dumps(json.loads(rangeproof.prove([k + 1], bits=16).to_json()), indent=2) for k in range(start, start + count)]


def test_audit_reads_pretty_documents_one_after_another_and_json_lines(tmp_path, client):
    docs = pretty(4)
    height = docs[0].count("\n") + 1  # lines of one document
    one = tmp_path / "one.json"
    one.write_text(docs[0] + "\n")
    report = cluster.audit([str(one)], client=client)
    assert report.ok and report.documents == 1
    (tmp_path / "bom.json").write_bytes(b"\xef\xbb\xbf" + one.read_bytes())  # as some editors save it
    assert cluster.audit([str(tmp_path / "bom.json")], client=client).ok
    # Pretty documents one after another, JSON lines, blank lines, a tampered pretty document:
    # each named by the line it begins on.
    compact = [json.dumps(json.loads(d)) for d in pretty(2, start=10)]
    bad = json.loads(docs[2])
    bad["proof"] = bad["proof"][:-4] + ("0000" if bad["proof"][-4:] != "0000" else "1111")
    parts = [docs[0], docs[1], compact[0], "", json.dumps(bad, indent=2), compact[1], docs[3]]
    mixed = tmp_path / "mixed.json"
    mixed.write_text("\n".join(parts) + "\n")
    starts, line = [], 1
    for part in parts:
        if part:
            starts.append(line)
        line += part.count("\n") + 1
    for lines in (1, 2, 256):
        report = cluster.audit([str(mixed)], lines=lines, client=client)
        assert report.documents == 6 and report.valid == 5, lines
        assert report.invalid == [(str(mixed), starts[3])] and not report.unusable
        assert report.invalid_reasons[(str(mixed), starts[3])]
    assert starts[:2] == [1, 1 + height]
    # Several on one line, and a document whose strings hold brackets and escaped quotes.
    odd = json.loads(compact[0])
    odd["transcript_label"] = 'a "{[label]}" \\ here'
    (tmp_path / "odd.json").write_text(compact[1] + compact[1] + "  " + json.dumps(odd) + "\n")
    report = cluster.audit([str(tmp_path / "odd.json")], client=client)
    # (Another label: another transcript, so that document fails — parsed whole, though.)
    assert report.documents == 3 and report.valid == 2 and not report.unusable
    assert report.invalid == [(str(tmp_path / "odd.json"), 1)]


def test_broken_documents_are_named_and_the_rest_still_read(tmp_path, client):
    docs = pretty(3)
    lines_of = docs[0].count("\n") + 1
    truncated = "\n".join(docs[1].split("\n")[:5])  # cut after five lines
    unclosed = docs[2].replace('"bits"', '"bits', 1)  # one quote missing
    text = "\n".join([docs[0], truncated, docs[0], "not json at all", unclosed, docs[0], "{"]) + "\n"
    path = tmp_path / "broken.json"
    path.write_text(text)
    report = cluster.audit([str(path)], lines=2, client=client)
    second = 1 + lines_of
    third = second + 5
    junk = third + lines_of
    fifth = junk + 1
    sixth = fifth + lines_of
    assert report.documents == 7
    assert [(line, why) for _, line, why in report.unusable if "closing bracket" in why] == [
        (second, "ends before its closing bracket: the next line begins another document"),
        (sixth + lines_of, "ends before its closing bracket (truncated)"),
    ]
    assert [line for _, line, why in report.unusable] == [second, junk, fifth, sixth + lines_of]
    assert report.valid == 3 and not report.invalid  # the documents after each break are read


def test_binary_input_is_said_once_and_nothing_after_it_is_read(tmp_path, client):
    # A valid document, then an image's worth of bytes that are not text: one unusable unit from
    # where the binary data begins, not one per "line" of it; nothing after it is read.
    good = documents(1)[0]
    noise = bytes(range(256)) * 400  # NUL bytes and bytes that are not UTF-8, many newlines
    latin = bytes(range(128, 256)) * 400 + b"\n" + noise.replace(b"\x00", b"\x01")
    for tail, why in [(noise, "a NUL byte"), (latin, "not UTF-8")]:
        path = tmp_path / "mixed.jsonl"
        path.write_bytes(good.encode() + b"\n" + tail + b"\n" + good.encode() + b"\n")
        report = cluster.audit([str(path)], lines=4, client=client)
        assert report.documents == 2 and report.valid == 1 and not report.invalid
        binary_line = good.count("\n") + 2  # the line after the first document
        assert [(line, reason) for _, line, reason in report.unusable] == [
            (binary_line, f"not text: binary data ({why}), not a JSON proof document")
        ]


def test_the_scan_holds_no_document_and_the_worker_no_more_than_one(tmp_path, monkeypatch):
    import tracemalloc

    from rangeproof.cluster import _documents

    cap = rangeproof.MAX_DOCUMENT_BYTES
    docs = pretty(2)
    huge = '{"proof": "' + "ab" * (3 * cap) + '"}'
    path = tmp_path / "big.json"
    path.write_text(docs[0] + "\n" + huge + "\n" + "x" * (4 * cap) + "\n" + docs[1] + "\n")
    tracemalloc.start()
    try:
        parts = cluster.partitions([str(path)], lines=2)
        _, scan_peak = tracemalloc.get_traced_memory()
        tracemalloc.reset_peak()
        results = [cluster.verify_partition(p) for p in parts]
        _, task_peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert [p.documents for p in parts] == [2, 2]
    assert scan_peak < cap // 2, scan_peak  # pieces, not documents (a file of 11 MiB)
    assert task_peak < 2 * cap, task_peak  # at most one document of the cap, the long ones unread
    unusable = [u for r in results for u in r.unusable]
    assert [(line, why.split(" (")[0]) for line, why in unusable] == [
        (docs[0].count("\n") + 1, f"longer than {cap} bytes"),
        (docs[0].count("\n") + 2, f"longer than {cap} bytes"),
    ]
    assert sum(r.documents for r in results) == 4 and not any(r.invalid for r in results)
    # Pieces of a few bytes (every boundary inside strings, escapes and brackets): the same units.
    with open(path, "rb") as f:
        expected = [(u.line, u.start, u.stop, u.problem) for u in _documents.units(f, 0, None, 0, False, cap)]
    small = tmp_path / "small.json"
    odd = json.loads(docs[1])
    odd["transcript_label"] = 'q"\\{'
    small.write_text(docs[0] + "\n" + json.dumps(odd) + json.dumps(odd, indent=1) + "\n\n  junk\n")
    with open(small, "rb") as f:
        whole = [(u.line, u.start, u.stop, u.data) for u in _documents.units(f, 0, None, 0, True, cap)]
    monkeypatch.setattr(_documents, "PIECE", 3)
    with open(small, "rb") as f:
        assert [(u.line, u.start, u.stop, u.data) for u in _documents.units(f, 0, None, 0, True, cap)] == whole
    assert len(whole) == 4 and whole[1][3] == json.dumps(odd).encode()
    with open(path, "rb") as f:
        monkeypatch.setattr(_documents, "PIECE", 4096)
        assert [(u.line, u.start, u.stop, u.problem) for u in _documents.units(f, 0, None, 0, False, cap)] == expected


def test_an_audit_of_nothing_is_unusable_input(tmp_path):
    empty, blank = tmp_path / "empty.jsonl", tmp_path / "blank.json"
    empty.write_text("")
    blank.write_text("\n  \n\n")
    with pytest.raises(rangeproof.UnusableInput, match="no proof documents in .*empty.jsonl.*blank.json: an empty audit proves nothing"):
        cluster.audit([str(empty), str(blank)], workers=1)
    out = subprocess.run(
        [sys.executable, "-m", "rangeproof.cluster", "audit", str(empty), "--workers", "1", "--no-progress"],
        capture_output=True, text=True, timeout=300,
    )
    assert out.returncode == 2 and out.stdout == ""
    assert len(out.stderr.strip().splitlines()) == 1 and "an empty audit proves nothing" in out.stderr


def test_parquet_metadata_and_values_are_checked(tmp_path, client):
    pa = pytest.importorskip("pyarrow", reason="install rangeproof[dask]")
    import pyarrow.parquet as pq

    path = str(tmp_path / "numbers.parquet")
    pq.write_table(pa.table({"document": pa.array(list(range(7)), pa.int64())}), path)
    out = subprocess.run(
        [sys.executable, "-m", "rangeproof.cluster", "audit", path, "--workers", "1", "--no-progress"],
        capture_output=True, text=True, timeout=300,
    )
    assert out.returncode == 2, out.stdout + out.stderr
    assert out.stderr.strip().splitlines() == [f"rangeproof.cluster: {path} rows 1-7: unusable: the 'document' column holds int64, not JSON text"]
    # Text, binary, a null and a value over the cap: each row named.
    docs = documents(3)
    cap = rangeproof.MAX_DOCUMENT_BYTES
    for kind in (pa.string(), pa.large_string(), pa.binary()):
        values = [docs[0], None, "x" * (cap + 1), docs[1], docs[2]]
        if kind == pa.binary():
            values = [v.encode() if v is not None else None for v in values]
        path = str(tmp_path / f"rows-{kind}.parquet")
        pq.write_table(pa.table({"document": pa.array(values, kind)}), path, row_group_size=2)
        report = cluster.audit([path], lines=1, client=client)
        assert report.documents == 5 and report.valid == 3, kind
        assert [(row, why.split(" (")[0]) for _, row, why in report.unusable] == [
            (2, "no document"), (3, f"longer than {cap} bytes")
        ], kind
