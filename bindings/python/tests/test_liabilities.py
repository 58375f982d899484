"""Proof of liabilities (``rangeproof.cluster.proof_of_liabilities``) on a local dask.distributed cluster
of two worker processes: the tree built on the cluster equals the one built in this process;
every account's inclusion proof passes and tampered ones fail; bad rows are refused, named,
before anything is written; the output directory appears whole or not at all; a worker killed
mid-run loses and duplicates nothing; the command line's exit codes."""

import copy
import json
import os
import random
import subprocess
import sys

import pytest

import rangeproof
from conftest import run_killing_a_worker
from rangeproof import cluster
from rangeproof.cluster import proof_of_liabilities as L
from rangeproof.cluster import tree as T

pytest.importorskip("distributed", reason="install rangeproof[dask]")

HEIGHT, BITS = 16, 32
SECRETS = cluster.TreeSecrets(bytes(range(32)), b"\x01" * 32, b"\x02" * 32)


def accounts(count, seed=7):
    rng = random.Random(seed)
    # The total stays below 2^bits (every node's range proof bounds it).
    out = [(f"customer-{k}", rng.randrange(0, 2**BITS // 4096)) for k in range(count)]
    out[0] = (out[0][0], 0)
    return out


def proofs_of(directory):
    out = {}
    for name in sorted(os.listdir(os.path.join(directory, "inclusion"))):
        with open(os.path.join(directory, "inclusion", name)) as f:
            for line in f:
                doc = json.loads(line)
                assert doc["account"] not in out, "an account has two inclusion proofs"
                out[doc["account"]] = doc
    return out


def root_of(directory):
    with open(os.path.join(directory, "root.json")) as f:
        return json.load(f)


def write_csv(path, rows, header="id,balance"):
    path.write_text(header + "\n" + "".join(f"{a},{b}\n" for a, b in rows))
    return str(path)


@pytest.fixture(scope="module")
def built(tmp_path_factory, client):
    """A tree of 2000 accounts built on the cluster (with inclusion proofs) into a directory."""
    rows = accounts(2000)
    out = tmp_path_factory.mktemp("por") / "tree"
    report = cluster.liabilities(
        rows, str(out), height=HEIGHT, bits=BITS, secrets=SECRETS, client=client, partition_accounts=100, keep_nodes=True
    )
    return rows, str(out), report


def test_the_cluster_builds_the_tree_the_process_builds(built):
    rows, out, report = built
    assert report.partitions > 8 and report.accounts == 2000
    # In this process, one subtree (no partitioning at all), no proofs: the same stored nodes.
    alone = cluster.liabilities(
        rows, None, height=HEIGHT, bits=BITS, secrets=SECRETS, in_process=True, partition_bits=0, with_proofs=False, keep_nodes=True
    )
    assert alone.root == report.root == root_of(out)
    assert alone.stored == report.stored
    assert report.total == alone.total == sum(b for _, b in rows)
    # The written nodes are the stored ones, each once.
    written = {}
    for name in os.listdir(os.path.join(out, "nodes")):
        with open(os.path.join(out, "nodes", name)) as f:
            for line in f:
                n = json.loads(line)
                key = (n["level"], n["index"])
                assert key not in written
                written[key] = (bytes.fromhex(n["commitment"]), bytes.fromhex(n["hash"]))
    assert written == report.stored
    # Every node below the root has its sibling stored and a parent that is their sum and
    # hashes them (a padding node has no children stored: its subtree is empty).
    for (level, index) in written:
        if level == HEIGHT - 1:
            continue
        left, right = written[(level, index & ~1)], written[(level, index | 1)]
        c, h = written[(level + 1, index >> 1)]
        assert rangeproof._native.sum_points("ristretto255", [left[0], right[0]]) == c
        assert T.parent_hash(left, right) == h
    # The root opens to the total (total.json) and the levels hold what a sparse tree holds.
    with open(os.path.join(out, "total.json")) as f:
        total = json.load(f)
    assert total["total"] == report.total
    assert T.commitments(T.TreeParameters(HEIGHT, BITS), [(total["total"], int.from_bytes(bytes.fromhex(total["blinding"]), "little"))]) == [
        bytes.fromhex(report.root["commitment"])
    ]
    assert sum(1 for level, _ in written if level == 0) >= 2000
    assert [k for k in written if k[0] == HEIGHT - 1] == [(HEIGHT - 1, 0)]
    # Another partitioning, in this process: the same tree again.
    other = cluster.liabilities(
        rows, None, height=HEIGHT, bits=BITS, secrets=SECRETS, in_process=True, partition_bits=5, with_proofs=False, keep_nodes=True
    )
    assert other.root == report.root and other.stored == report.stored
    # Other secrets: another tree (positions, blindings and salts all change).
    fresh = cluster.liabilities(rows[:50], None, height=HEIGHT, bits=BITS, in_process=True, with_proofs=False)
    assert fresh.root["hash"] != report.root["hash"] and fresh.root["commitment"] != report.root["commitment"]


def test_every_account_is_included_and_nothing_else(built):
    rows, out, report = built
    root = root_of(out)
    proofs = proofs_of(out)
    assert set(proofs) == {a for a, _ in rows}
    # One aggregated range proof over each account's path.
    assert all(len(p["range_proofs"]) == 1 for p in proofs.values())
    assert report.partitions > 1
    for account, balance in rows:
        assert cluster.check_inclusion(root, proofs[account], account, balance) is None, account
    # Through the directory (the command line's path), for a few.
    for account, balance in rows[:5]:
        assert cluster.check_directory(out, account, balance) is None
    account, balance = rows[3]
    assert cluster.check_directory(out, account, balance + 1) is not None
    assert cluster.check_directory(out, "nobody", 0) == "no inclusion proof for account 'nobody'"
    assert cluster.check_inclusion(root, proofs[rows[0][0]], rows[0][0], 0) is None


def test_the_edges_of_the_range(tmp_path):
    # One account holding 2^bits - 1 (every other balance 0): the largest total there is.
    rows = [("whale", 2**BITS - 1)] + [(f"empty-{k}", 0) for k in range(5)]
    out = str(tmp_path / "edges")
    cluster.liabilities(rows, out, height=HEIGHT, bits=BITS, in_process=True, partition_bits=2)
    root = root_of(out)
    proofs = proofs_of(out)
    for account, balance in rows:
        assert cluster.check_inclusion(root, proofs[account], account, balance) is None
    assert cluster.check_inclusion(root, proofs["whale"], "whale", 2**BITS) is not None
    assert cluster.check_inclusion(root, proofs["empty-0"], "empty-0", 1) is not None
    with pytest.raises(rangeproof.UnusableInput, match="row 2: the total of the balances passes 2\\^32 - 1"):
        cluster.liabilities([("whale", 2**BITS - 1), ("one", 1)], None, height=HEIGHT, bits=BITS, in_process=True)


def tampered(proof):
    """Every way of changing an inclusion proof, one at a time."""
    def flip_hex(text, at):
        raw = bytearray(bytes.fromhex(text))
        raw[at % len(raw)] ^= 1
        return raw.hex()

    for i in (0, 7, HEIGHT - 2):
        p = copy.deepcopy(proof)
        p["hashes"][i] = flip_hex(p["hashes"][i], 3)
        yield f"sibling hash {i}", p
    p = copy.deepcopy(proof)
    p["hashes"][0], p["hashes"][1] = p["hashes"][1], p["hashes"][0]
    yield "siblings swapped", p
    for name in ("blinding", "salt"):
        p = copy.deepcopy(proof)
        p[name] = flip_hex(p[name], 5)
        yield name, p
    p = copy.deepcopy(proof)
    p["position"] ^= 1
    yield "position", p
    for at in (0, 100, -1):
        p = copy.deepcopy(proof)
        p["range_proofs"][0]["proof"] = flip_hex(p["range_proofs"][0]["proof"], at)
        yield f"range proof byte {at}", p
    p = copy.deepcopy(proof)
    cs = p["range_proofs"][0]["commitments"]
    cs[0], cs[1] = cs[1], cs[0]
    yield "commitments swapped", p
    p = copy.deepcopy(proof)
    p["range_proofs"][0]["bits"] = BITS * 2
    yield "bits", p


def test_tampered_inclusion_proofs_fail(built):
    rows, out, _ = built
    root = root_of(out)
    proofs = proofs_of(out)
    account, balance = rows[10]
    for what, bad in tampered(proofs[account]):
        why = cluster.check_inclusion(root, bad, account, balance)
        assert why is not None, what
    # Another account's proof, another balance, another root.
    other, other_balance = rows[11]
    assert cluster.check_inclusion(root, proofs[other], account, balance) is not None
    assert cluster.check_inclusion(root, proofs[account], account, (balance + 1) % 2**BITS) is not None
    wrong_root = dict(root, hash=root["hash"][:-2] + ("00" if root["hash"][-2:] != "00" else "01"))
    assert cluster.check_inclusion(wrong_root, proofs[account], account, balance) is not None
    # A proof that is not an inclusion proof, a root that is not a root: unusable.
    for bad in ({}, {"format": T.FORMAT}, dict(proofs[account], hashes="00")):
        with pytest.raises(rangeproof.UnusableInput):
            cluster.check_inclusion(root, bad, account, balance)
    with pytest.raises(rangeproof.UnusableInput):
        cluster.check_inclusion(dict(root, height=99), proofs[account], account, balance)


@pytest.mark.parametrize(
    "row, named",
    [
        ("carol,-5", "the balance is negative"),
        ("carol,12.5", "is not a non-negative integer"),
        ("carol,1e3", "is not a non-negative integer"),
        ("carol,", "is not a non-negative integer"),
        (f"carol,{2**BITS}", "too large"),
        ("alice,1", "id 'alice' repeats"),
        (",1", "id '' is empty"),
        ("carol,1,extra", "3 fields"),
    ],
)
def test_a_bad_row_is_named_and_nothing_is_written(tmp_path, row, named):
    path = tmp_path / "accounts.csv"
    path.write_text("id,balance\nalice,10\nbob,20\n" + row + "\ndave,30\n")
    out = tmp_path / "out"
    with pytest.raises(rangeproof.UnusableInput, match="row 3 \\(line 4\\)") as e:
        cluster.liabilities(str(path), str(out), height=HEIGHT, bits=BITS, in_process=True)
    assert named in str(e.value)
    assert os.listdir(tmp_path) == ["accounts.csv"]


def test_other_unusable_inputs(tmp_path):
    good = write_csv(tmp_path / "good.csv", [("a", 1), ("b", 2)])
    for args, named in [
        (dict(accounts=str(tmp_path / "missing.csv")), "missing.csv"),
        (dict(accounts=write_csv(tmp_path / "h.csv", [("a", 1)], header="name,amount")), "id and balance"),
        (dict(accounts=write_csv(tmp_path / "e.csv", [])), "no accounts"),
        (dict(accounts=good, height=1), "height"),
        (dict(accounts=good, height=66), "height"),
        (dict(accounts=good, bits=65), "bits"),
        (dict(accounts=good, scheme="borromean"), "scheme"),
        (dict(accounts=good, partition_accounts=0), "partition_accounts"),
        (dict(accounts=good, height=2, bits=8), None),  # fits: two leaves
        (dict(accounts=write_csv(tmp_path / "3.csv", [("a", 1), ("b", 2), ("c", 3)]), height=2), "do not fit"),
        (dict(accounts=write_csv(tmp_path / "t.csv", [("a", 2**63), ("b", 2**63)]), bits=64), "row 2 \\(line 3\\): the total"),
        (dict(accounts=write_csv(tmp_path / "t8.csv", [("a", 200), ("b", 56)]), bits=8), "row 2 \\(line 3\\): the total"),
    ]:
        args = dict(dict(out=str(tmp_path / "out"), in_process=True), **args)
        if named is None:
            cluster.liabilities(**dict(args, out=None))
            continue
        with pytest.raises(rangeproof.UnusableInput, match=named):
            cluster.liabilities(**args)
        assert not (tmp_path / "out").exists()
    # An existing directory is never written over.
    (tmp_path / "out").mkdir()
    with pytest.raises(rangeproof.UnusableInput, match="already exists"):
        cluster.liabilities(good, str(tmp_path / "out"), height=HEIGHT, bits=BITS, in_process=True)
    assert os.listdir(tmp_path / "out") == []


def test_parquet_accounts(tmp_path):
    pa = pytest.importorskip("pyarrow", reason="install rangeproof[dask]")
    import pyarrow.parquet as pq

    rows = accounts(40)
    path = str(tmp_path / "accounts.parquet")
    pq.write_table(pa.table({"id": [a for a, _ in rows], "balance": pa.array([b for _, b in rows], pa.uint64())}), path)
    assert cluster.read_accounts(path, BITS) == rows
    built = cluster.liabilities(path, None, height=HEIGHT, bits=BITS, secrets=SECRETS, in_process=True, with_proofs=False)
    again = cluster.liabilities(rows, None, height=HEIGHT, bits=BITS, secrets=SECRETS, in_process=True, with_proofs=False)
    assert built.root == again.root
    for table, named in [
        (pa.table({"id": ["a", "b"], "balance": [1.0, 2.0]}), "double numbers, not integers"),
        (pa.table({"id": ["a", "b"], "balance": pa.array([1, -2], pa.int64())}), "row 2: the balance is negative"),
        (pa.table({"id": ["a", "a"], "balance": [1, 2]}), "row 2: id 'a' repeats row 1"),
        (pa.table({"id": ["a", None], "balance": [1, 2]}), "row 2: an empty id"),
        (pa.table({"id": ["a", "b"], "balance": ["1", "x"]}), "row 2: the balance is not"),
        (pa.table({"name": ["a"], "balance": [1]}), "not a Parquet file of id and balance"),
    ]:
        pq.write_table(table, path)
        with pytest.raises(rangeproof.UnusableInput, match=named):
            cluster.liabilities(path, str(tmp_path / "out"), height=HEIGHT, bits=BITS, in_process=True)
        assert not (tmp_path / "out").exists()


def test_a_failure_mid_build_leaves_no_directory(tmp_path, monkeypatch):
    calls = []
    real = L.prove_subtree

    def failing(*args, **kwargs):
        calls.append(1)
        if len(calls) == 3:
            raise OSError("disk full")
        return real(*args, **kwargs)

    monkeypatch.setattr(L, "prove_subtree", failing)
    with pytest.raises(OSError, match="disk full"):
        cluster.liabilities(accounts(100), str(tmp_path / "out"), height=HEIGHT, bits=BITS, in_process=True, partition_bits=3)
    assert len(calls) == 3
    assert os.listdir(tmp_path) == []


def test_a_worker_killed_mid_run_loses_and_duplicates_nothing(tmp_path, client):
    rows = accounts(600, seed=11)
    out = tmp_path / "tree"
    report = run_killing_a_worker(
        client,
        lambda: cluster.liabilities(
            rows, str(out), height=HEIGHT, bits=BITS, secrets=SECRETS, client=client, partition_accounts=8, keep_nodes=True
        ),
        after=1.0,
    )
    alone = cluster.liabilities(
        rows, None, height=HEIGHT, bits=BITS, secrets=SECRETS, in_process=True, with_proofs=False, keep_nodes=True
    )
    assert report.root == alone.root and report.stored == alone.stored
    proofs = proofs_of(str(out))  # asserts one proof per account
    assert set(proofs) == {a for a, _ in rows}
    root = root_of(str(out))
    for account, balance in rows[::7]:
        assert cluster.check_inclusion(root, proofs[account], account, balance) is None


def test_the_command_line(tmp_path):
    rows = accounts(30)
    path = write_csv(tmp_path / "accounts.csv", rows)
    out = tmp_path / "por"
    run = lambda *args: subprocess.run(  # noqa: E731
        [sys.executable, "-m", "rangeproof.cluster", *args], capture_output=True, text=True, timeout=300
    )
    built = run("liabilities", "--accounts", path, "--out", str(out), "--workers", "1", "--height", str(HEIGHT), "--bits", str(BITS), "--no-progress")
    assert built.returncode == 0, built.stderr
    total = sum(b for _, b in rows)
    # The total is private until published: printed only when asked (total.json holds it).
    assert "30 accounts" in built.stdout and str(total) not in built.stdout
    with open(out / "total.json") as f:
        assert json.load(f)["total"] == total
    assert sorted(os.listdir(out)) == ["inclusion", "nodes", "root.json", "secrets.json", "total.json"]
    assert oct(os.stat(out / "secrets.json").st_mode & 0o777) == "0o600"
    account, balance = rows[4]
    ok = run("inclusion", str(out), "--account", account, "--balance", str(balance))
    assert ok.returncode == 0, ok.stdout + ok.stderr
    assert root_of(str(out))["hash"] in ok.stdout  # to compare with the published root
    assert run("inclusion", str(out), "--account", account, "--balance", str(balance + 1)).returncode == 1
    assert run("inclusion", str(out), "--account", "nobody", "--balance", "1").returncode == 1
    for args in (
        ("inclusion", str(out), "--account", account, "--balance", "ten"),
        ("inclusion", str(tmp_path / "missing"), "--account", account, "--balance", "1"),
        ("liabilities", "--accounts", path, "--out", str(out), "--workers", "1"),  # exists
        ("liabilities", "--accounts", str(tmp_path / "missing.csv"), "--out", str(tmp_path / "x"), "--workers", "1"),
        ("liabilities", "--accounts", path, "--out", str(tmp_path / "y"), "--height", "1"),
    ):
        bad = run(*args)
        assert bad.returncode == 2, (args, bad.stdout, bad.stderr)
        assert len(bad.stderr.strip().splitlines()) == 1, bad.stderr
    assert not (tmp_path / "x").exists() and not (tmp_path / "y").exists()
    # Secrets that are not a secrets document: named as such.
    (tmp_path / "bad-secrets.json").write_text('{"format": "something else"}')
    bad = run("liabilities", "--accounts", path, "--out", str(tmp_path / "z"), "--secrets", str(tmp_path / "bad-secrets.json"))
    assert bad.returncode == 2 and "not a rangeproof-liabilities/2 secrets document" in bad.stderr
    assert not (tmp_path / "z").exists()
    # Secrets of the first format: refused by name (under /2 they would build another root).
    old = dict(json.loads((out / "secrets.json").read_text()), format="rangeproof-liabilities/1")
    (tmp_path / "old-secrets.json").write_text(json.dumps(old))
    bad = run("liabilities", "--accounts", path, "--out", str(tmp_path / "z"), "--secrets", str(tmp_path / "old-secrets.json"))
    assert bad.returncode == 2 and "a rangeproof-liabilities/1 secrets document" in bad.stderr, bad.stderr
    assert len(bad.stderr.strip().splitlines()) == 1 and not (tmp_path / "z").exists()
    # The same secrets again: the same root.
    again = run(
        "liabilities", "--accounts", path, "--out", str(tmp_path / "again"), "--workers", "1", "--height", str(HEIGHT),
        "--bits", str(BITS), "--secrets", str(out / "secrets.json"), "--no-progress", "--print-total",
    )
    assert again.returncode == 0, again.stderr
    assert f"total liabilities {total}" in again.stdout
    assert root_of(str(tmp_path / "again")) == root_of(str(out))
    assert not (tmp_path / "again" / "secrets.json").exists()
