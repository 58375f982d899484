"""What the cluster path keeps from the cluster (``rangeproof.cluster``): the tree's secrets stay
on the client (no task's pickled arguments hold them, a failing task's logged arguments hide
what it holds), subtree keys derive their subtree and nothing else, the build's directory is
written durably and never replaces one created meanwhile, rechecks catch a lying worker, and the
command line talks TLS to a scheduler (certificates made here by the ``openssl`` command)."""

import base64
import json
import os
import pickle
import shutil
import subprocess
import sys
import uuid

import pytest

import rangeproof
from rangeproof import cluster
from rangeproof.cluster import _files
from rangeproof.cluster.audit import Partition, _lines
from rangeproof.cluster import proof_of_liabilities as L
from rangeproof.cluster import tree as T

distributed = pytest.importorskip("distributed", reason="install rangeproof[dask]")
from distributed.diagnostics.plugin import SchedulerPlugin  # noqa: E402

HEIGHT, BITS = 12, 32
SECRETS = cluster.TreeSecrets(b"\x11" * 32, b"\x22" * 32, b"\x33" * 32)
ROWS = [(f"customer-{k}", 1000 + 37 * k) for k in range(60)]


def secret_forms(secret):
    """Every spelling of a secret that could end up in a pickle or a log."""
    return [secret, secret.hex().encode(), secret.hex().upper().encode(), repr(secret).encode(), base64.b64encode(secret)]


def holds_a_secret(data, secrets):
    return [s.hex()[:8] for s in secrets for form in secret_forms(s) if form in data]


def tree_secrets():
    return [SECRETS.master, SECRETS.salt_b, SECRETS.salt_s]


# ---------------------------------------------------------------------------------------------
# The derivation (no cluster).


def test_secret_bearing_objects_hide_themselves_and_refuse_to_be_pickled():
    params = T.TreeParameters(HEIGHT, BITS)
    keys = SECRETS.tree_keys(params)
    subtree = keys.subtree(HEIGHT - 3, 2)
    task = L.PartitionTask(params, subtree, [("a", 5, 2 << (HEIGHT - 3))])
    for thing in (SECRETS, subtree, keys, task):
        for text in (repr(thing), str(thing)):
            assert "redacted" in text and not holds_a_secret(text.encode(), tree_secrets() + [subtree._key]), text
    for thing in (SECRETS, subtree, keys):
        with pytest.raises(TypeError, match="never pickled"):
            pickle.dumps(thing)
    # The task path: a task pickles (its subtree key inside), never the tree's secrets.
    data = pickle.dumps(task)
    assert subtree._key in data and not holds_a_secret(data, tree_secrets())
    back = pickle.loads(data)
    assert back.key == subtree and back.accounts == task.accounts
    # A node shows its public half only.
    node = T.Node(123456789, 987654321, b"\xaa" * 32, b"\xbb" * 32)
    assert "123456789" not in repr(node) and "987654321" not in repr(node) and "aaaa" in repr(node)


def test_a_subtree_key_derives_its_subtree_and_nothing_else():
    params = T.TreeParameters(HEIGHT, BITS)
    whole = SECRETS.tree_keys(params)
    level, index = HEIGHT - 4, 5
    part = T.NodeKeys(whole.subtree(level, index))
    inside = [(level, index), (level - 1, 2 * index + 1), (0, index << level), (0, ((index + 1) << level) - 1)]
    for y, i in inside:
        assert part.key(y, i) == whole.key(y, i)
        assert T.node_secrets(part, b"pad", y, i) == T.node_secrets(whole, b"pad", y, i)
    outside = [(level + 1, index >> 1), (level, index + 1), (0, (index << level) - 1), (0, (index + 1) << level), (HEIGHT - 1, 0)]
    for y, i in outside:
        with pytest.raises(rangeproof.UnusableInput, match="outside the subtree"):
            part.key(y, i)
    # Every secret goes into the root key: changing any one changes every node's key.
    for other in (
        cluster.TreeSecrets(b"\x12" * 32, SECRETS.salt_b, SECRETS.salt_s),
        cluster.TreeSecrets(SECRETS.master, b"\x23" * 32, SECRETS.salt_s),
        cluster.TreeSecrets(SECRETS.master, SECRETS.salt_b, b"\x34" * 32),
    ):
        assert other.tree_keys(params).key(0, 7) != whole.key(0, 7)
        assert other.position_key() != SECRETS.position_key()
    # The keys of the format: pinned, so that a change of derivation is a deliberate one.
    assert T.FORMAT == "rangeproof-liabilities/2"
    built = cluster.liabilities(ROWS[:5], None, height=8, bits=BITS, secrets=SECRETS, in_process=True, with_proofs=False)
    assert built.root["hash"] == KNOWN_ROOT_HASH and built.root["commitment"] == KNOWN_ROOT_COMMITMENT


KNOWN_ROOT_HASH = "5d112bd4d25b6e5c642994dd146cc49463c8ed307268eb69ec78bcdaef05497b"
KNOWN_ROOT_COMMITMENT = "54fc9540c0f7d8aa51a7f53ad2b0e484e14aed178194771d1f4bcbdec8784d32"


def test_the_derivation_is_the_one_the_docstring_states():
    # Written from tree.py's docstring with hashlib and hmac alone: HKDF to the root's key,
    # one HMAC a level down to a leaf, HKDF-Expand to its blinding factor and salt.
    import hashlib
    import hmac

    tag = b"rangeproof-liabilities/2"
    coordinate = lambda level, index: bytes([level]) + index.to_bytes(8, "little")  # noqa: E731
    mac = lambda key, data: hmac.new(key, data, hashlib.sha256).digest()  # noqa: E731
    height, x = 8, 0b1011001
    prk = mac(SECRETS.salt_b + SECRETS.salt_s, SECRETS.master)
    key = mac(prk, tag + b" root" + coordinate(height - 1, 0) + b"\x01")
    for level in range(height - 2, -1, -1):
        key = mac(key, tag + b" node" + coordinate(level, x >> level))
    info = b"leaf" + coordinate(0, x)
    first = mac(key, tag + b" blinding " + info + b"\x01")
    blinding = int.from_bytes(first + mac(key, first + tag + b" blinding " + info + b"\x02"), "little") % T.GROUP_ORDER
    salt = mac(key, tag + b" salt " + info + b"\x01")
    keys = SECRETS.tree_keys(T.TreeParameters(height, BITS))
    assert T.node_secrets(keys, b"leaf", 0, x) == (blinding, salt)
    # And a worker holding only the key of a subtree over the leaf derives the same.
    assert T.node_secrets(T.NodeKeys(keys.subtree(4, x >> 4)), b"leaf", 0, x) == (blinding, salt)


def test_the_in_process_build_equals_the_cluster_build_in_every_partitioning(client):
    on_cluster = cluster.liabilities(ROWS, None, height=HEIGHT, bits=BITS, secrets=SECRETS, client=client, partition_accounts=7, keep_nodes=True, with_proofs=False)
    assert on_cluster.partitions > 4
    for bits in (0, 3, HEIGHT - 1):
        alone = cluster.liabilities(
            ROWS, None, height=HEIGHT, bits=BITS, secrets=SECRETS, in_process=True, partition_bits=bits, with_proofs=False, keep_nodes=True
        )
        assert alone.root == on_cluster.root and alone.stored == on_cluster.stored, bits


# ---------------------------------------------------------------------------------------------
# What reaches the cluster.


class Capture(SchedulerPlugin):
    """Every task that reaches the scheduler, pickled again there: what crossed the wire."""

    name = "rangeproof-test-capture"

    def __init__(self):
        self.pickles = []

    def update_graph(self, scheduler, *, tasks, **kwargs):
        from distributed.protocol import pickle as dask_pickle

        for key in tasks:
            ts = scheduler.tasks.get(key)
            if ts is not None and ts.run_spec is not None:
                self.pickles.append(dask_pickle.dumps(ts.run_spec))


def test_no_task_carries_the_tree_secrets(client, tmp_path):
    scheduler = client.cluster.scheduler
    capture = Capture()
    scheduler.add_plugin(capture, name=Capture.name)
    try:
        report = cluster.liabilities(
            ROWS, str(tmp_path / "tree"), height=HEIGHT, bits=BITS, secrets=SECRETS, client=client, partition_accounts=10
        )
    finally:
        scheduler.remove_plugin(name=Capture.name)
    assert len(capture.pickles) == 2 * report.partitions > 8
    keys = SECRETS.tree_keys(T.TreeParameters(HEIGHT, BITS))
    level = HEIGHT - 1 - L._partition_bits(T.TreeParameters(HEIGHT, BITS), len(ROWS), 10)
    carried = set()
    for data in capture.pickles:
        assert not holds_a_secret(data, tree_secrets())
        carried |= {j for j in range(1 << (HEIGHT - 1 - level)) if keys.key(level, j) in data}
        # A task carries one subtree's key, never the root's or the padding's above the partitions.
        assert keys.key(HEIGHT - 1, 0) not in data
    assert len(carried) == report.partitions  # each subtree's key went to its tasks (the capture sees it)
    # The written tree is the one the secrets make.
    assert cluster.check_directory(str(tmp_path / "tree"), *ROWS[3]) is None


class Sabotage:
    """A client that submits as the given one does, with short task keys (Dask's log of a failed
    task then prints its arguments in full) and the first proving task's accounts moved outside
    its subtree (its worker refuses them)."""

    def __init__(self, client, change):
        self.client, self.change, self.count = client, change, 0

    def submit(self, fn, *args, **kwargs):
        self.count += 1
        args = self.change(fn, args, self.count)
        kwargs.setdefault("key", f"t{uuid.uuid4().hex[:6]}")  # unique in the session's cluster
        return self.client.submit(fn, *args, **kwargs)

    def __getattr__(self, name):
        return getattr(self.client, name)


def test_a_failing_task_logs_no_secret(client, tmp_path):
    failed = []

    def change(fn, args, count):
        if fn is L.prove_partition and not failed:
            task = args[0]
            x = ((task.key.index + 1) << task.key.level) % (1 << (HEIGHT - 1))  # the next subtree's first leaf
            failed.append(task.key.index)
            return (L.PartitionTask(task.params, task.key, task.accounts + [("mallory", 1, x)], task.top, task.with_proofs),)
        return args

    out = tmp_path / "tree"
    with pytest.raises(cluster.Incomplete, match="second pass: UnusableInput: node .* is outside the subtree") as e:
        cluster.liabilities(ROWS, str(out), height=HEIGHT, bits=BITS, secrets=SECRETS, client=Sabotage(client, change), partition_accounts=10)
    assert "nothing was written" in str(e.value)
    assert not out.exists() and os.listdir(tmp_path) == []
    logs = "\n".join(message for records in client.get_worker_logs().values() for _, message in records)
    # The failed task's arguments are in the log, as Dask prints them: redacted.
    failure = [m for m in logs.split("Compute Failed")[1:] if "prove_partition(PartitionTask(" in m]
    assert failure and f"PartitionTask(subtree=({HEIGHT - 1 - 3}, {failed[0]})" in failure[-1] and "key=<redacted>" in failure[-1]
    keys = SECRETS.tree_keys(T.TreeParameters(HEIGHT, BITS))
    subtree_keys = [keys.key(HEIGHT - 1 - 3, j) for j in range(8)]
    assert not holds_a_secret(logs.encode(), tree_secrets() + subtree_keys)
    for _, balance in ROWS:
        assert f", {balance}, " not in failure[-1]  # no account's balance either


# ---------------------------------------------------------------------------------------------
# Rechecks.


def test_liabilities_rechecks_catch_a_lying_worker(client, tmp_path):
    rows = ROWS[:40]
    report = cluster.liabilities(rows, None, height=HEIGHT, bits=BITS, secrets=SECRETS, client=client, partition_accounts=10, recheck=1.0)
    assert report.rechecked == report.partitions > 2

    def wrong_top(fn, args, count):  # proofs on other siblings: same nodes, same root, bad proofs
        if fn is L.prove_partition and args[0].top:
            task = args[0]
            top = [T.Node(n.value, n.blinding, n.commitment, bytes(32)) for n in task.top]
            return (L.PartitionTask(task.params, task.key, task.accounts, top, task.with_proofs),)
        return args

    liar = Sabotage(client, wrong_top)
    with pytest.raises(cluster.Incomplete, match="the inclusion proof of .* fails"):
        cluster.liabilities(rows, str(tmp_path / "a"), height=HEIGHT, bits=BITS, secrets=SECRETS, client=liar, partition_accounts=10, recheck=0.01)
    assert not (tmp_path / "a").exists()

    def other_balance(fn, args, count):  # the second pass of another tree: caught without a recheck
        if fn is L.prove_partition:
            task = args[0]
            accounts = [(a, b + 1, x) for a, b, x in task.accounts]
            return (L.PartitionTask(task.params, task.key, accounts, task.top, task.with_proofs),)
        return args

    with pytest.raises(cluster.Incomplete, match="two passes built different roots"):
        cluster.liabilities(rows, str(tmp_path / "b"), height=HEIGHT, bits=BITS, secrets=SECRETS, client=Sabotage(client, other_balance), partition_accounts=10)
    assert not (tmp_path / "b").exists()


def test_audit_rechecks_catch_a_lying_worker(client, tmp_path):
    docs = [json.dumps(json.loads(rangeproof.prove([k, 2 * k], bits=32).to_json())) for k in range(12)]
    doc = json.loads(docs[7])
    raw = bytearray(bytes.fromhex(doc["proof"]))
    raw[40] ^= 1
    doc["proof"] = raw.hex()
    bad = docs[:7] + [json.dumps(doc)] + docs[8:]
    path, clean = tmp_path / "chain.jsonl", tmp_path / "clean.jsonl"
    path.write_text("".join(d + "\n" for d in bad))
    clean.write_text("".join(d + "\n" for d in docs))
    honest = cluster.audit([str(path)], lines=3, client=client, recheck=1.0)
    assert honest.rechecked == honest.partitions == 4 and honest.complete and not honest.disagreements
    assert honest.invalid == [(str(path), 8)] and not honest.ok

    def lie(fn, args, count):  # the first answers come from a clean copy: "all valid"
        part = args[0]
        return (Partition(str(clean), part.start, part.stop, part.first_line, part.documents, part.batch),)

    class Liar(Sabotage):
        def submit(self, fn, *args, **kwargs):
            if "workers" not in kwargs:  # the first answer, not the recheck
                args = lie(fn, args, 0)
            return self.client.submit(fn, *args, **kwargs)

    lied = cluster.audit([str(path)], lines=3, client=Liar(client, None), recheck=1.0)
    assert lied.invalid == [] and not lied.complete and not lied.ok
    assert len(lied.disagreements) == 1 and lied.disagreements[0].startswith(f"{path}:7: partition of 3 documents")
    text = "\n".join(_lines(lied))
    assert "RECHECK DISAGREES" in text and "INCOMPLETE" in text
    # Without a recheck the lie passes: the reason for --recheck.
    assert cluster.audit([str(path)], lines=3, client=Liar(client, None)).ok


# ---------------------------------------------------------------------------------------------
# The output directory.


@pytest.mark.parametrize("renameat2", [True, False], ids=["renameat2", "mkdir-claim"])
def test_the_output_directory_is_synced_and_never_replaced(tmp_path, monkeypatch, renameat2):
    monkeypatch.setattr(_files, "USE_RENAMEAT2", renameat2)
    synced, events = [], []
    real_fsync, real_rename = os.fsync, _files.rename_no_replace

    def fsync(fd):
        synced.append(os.readlink(f"/proc/self/fd/{fd}"))
        return real_fsync(fd)

    def rename(source, target):
        events.append((len(synced), source))
        return real_rename(source, target)

    monkeypatch.setattr(os, "fsync", fsync)
    monkeypatch.setattr(L, "rename_no_replace", rename)
    out = tmp_path / "tree"
    cluster.liabilities(ROWS, str(out), height=HEIGHT, bits=BITS, in_process=True, partition_bits=2)
    (before, staging), = events
    written = {os.path.join(d, f) for d, _, fs in os.walk(out) for f in fs}
    assert len(written) == 2 * 4 + 4  # nodes and proofs of 4 subtrees, top.jsonl, root, total, secrets
    done = {p.replace(staging, str(out)) for p in synced[:before]}
    assert written <= done, written - done
    for folder in ("nodes", "inclusion", ""):
        assert os.path.join(str(out), folder).rstrip("/") in done
    assert synced[before:] == [str(tmp_path)]  # the parent, after the rename

    # A directory that appears during the build is never replaced; the build is kept beside it.
    real_prove = L.prove_subtree
    other = tmp_path / "other"

    def meanwhile(*args, **kwargs):
        if not other.exists():
            other.mkdir()
            (other / "theirs.txt").write_text("not yours")
        return real_prove(*args, **kwargs)

    monkeypatch.setattr(L, "prove_subtree", meanwhile)
    with pytest.raises(rangeproof.UnusableInput, match="created by someone else during the build .*the finished build is (.*)") as e:
        cluster.liabilities(ROWS, str(other), height=HEIGHT, bits=BITS, in_process=True, partition_bits=2)
    assert os.listdir(other) == ["theirs.txt"]
    kept = str(e.value).rsplit(" ", 1)[1]
    assert os.path.dirname(kept) == str(tmp_path) and "root.json" in os.listdir(kept)
    # Even an empty directory made meanwhile stays: the claim (mkdir) fails when it exists.
    shutil.rmtree(kept)
    empty = tmp_path / "empty"

    def empty_meanwhile(*args, **kwargs):
        empty.mkdir(exist_ok=True)
        return real_prove(*args, **kwargs)

    monkeypatch.setattr(L, "prove_subtree", empty_meanwhile)
    with pytest.raises(rangeproof.UnusableInput, match="created by someone else"):
        cluster.liabilities(ROWS, str(empty), height=HEIGHT, bits=BITS, in_process=True, partition_bits=2)
    assert os.listdir(empty) == []


# ---------------------------------------------------------------------------------------------
# TLS.


OPENSSL_CONFIG = """
[req]
distinguished_name = dn
prompt = no
[dn]
CN = rangeproof test
[ca]
basicConstraints = critical, CA:TRUE
keyUsage = critical, keyCertSign, cRLSign
subjectKeyIdentifier = hash
[leaf]
basicConstraints = critical, CA:FALSE
keyUsage = critical, digitalSignature
extendedKeyUsage = serverAuth, clientAuth
subjectAltName = IP:127.0.0.1, DNS:localhost
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid
"""


def certificates(folder):
    """A certificate authority and one certificate it signed (for the scheduler, the worker and
    the client alike), made by the ``openssl`` command — which this test needs: it fails, loudly,
    without it."""
    openssl = shutil.which("openssl")
    assert openssl, "the TLS test makes its certificates with the openssl command, which is not installed"
    config = folder / "openssl.cnf"
    config.write_text(OPENSSL_CONFIG)
    ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
    for args in (
        ["req", "-x509", "-config", config, "-extensions", "ca", *ec, "-keyout", "ca.key", "-out", "ca.pem", "-days", "2", "-subj", "/CN=rangeproof test CA"],
        ["req", "-new", "-config", config, *ec, "-keyout", "node.key", "-out", "node.csr", "-subj", "/CN=localhost"],
        ["x509", "-req", "-in", "node.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial", "-out", "node.pem", "-days", "2", "-extfile", config, "-extensions", "leaf"],
    ):
        made = subprocess.run([openssl, *map(str, args)], cwd=folder, capture_output=True, text=True)
        assert made.returncode == 0, made.stderr
    return str(folder / "ca.pem"), str(folder / "node.pem"), str(folder / "node.key")


def test_the_command_line_over_tls(tmp_path):
    ca, cert, key = certificates(tmp_path)
    security = distributed.security.Security(
        tls_ca_file=ca,
        tls_scheduler_cert=cert,
        tls_scheduler_key=key,
        tls_worker_cert=cert,
        tls_worker_key=key,
        tls_client_cert=cert,
        tls_client_key=key,
        require_encryption=True,
    )
    tls_files = ["--tls-ca-file", ca, "--tls-cert", cert, "--tls-key", key]
    run = lambda *args, cwd=None: subprocess.run(  # noqa: E731
        [sys.executable, "-m", "rangeproof.cluster", *args], capture_output=True, text=True, timeout=300, cwd=cwd
    )
    docs = [rangeproof.prove([k], bits=16).to_json() for k in range(5)]
    chain = tmp_path / "chain.json"
    chain.write_text("\n".join(docs) + "\n")  # pretty documents, one after another
    accounts = tmp_path / "accounts.csv"
    accounts.write_text("id,balance\n" + "".join(f"{a},{b}\n" for a, b in ROWS[:20]))
    with distributed.LocalCluster(
        n_workers=1, threads_per_worker=1, processes=True, protocol="tls://", security=security, dashboard_address=None
    ) as local:
        address = local.scheduler_address
        assert address.startswith("tls://")
        out = run("audit", str(chain), "--scheduler", address, *tls_files, "--no-progress", "--recheck", "1")
        assert out.returncode == 0, out.stdout + out.stderr
        assert "5 documents" in out.stdout and "5 valid" in out.stdout and "1 partitions rechecked" in out.stdout
        built = run(
            "liabilities", "--accounts", str(accounts), "--out", str(tmp_path / "por"), "--scheduler", address, *tls_files,
            "--height", str(HEIGHT), "--bits", str(BITS), "--no-progress", "--recheck", "0.5",
        )
        assert built.returncode == 0, built.stdout + built.stderr
        assert run("inclusion", str(tmp_path / "por"), "--account", ROWS[2][0], "--balance", str(ROWS[2][1])).returncode == 0
        # A file the workers cannot read at the path given (a relative one, from another
        # directory): those partitions are not checked, and the audit says it is incomplete.
        shutil.copy(chain, tmp_path / "elsewhere.json")
        far = run("audit", "elsewhere.json", "--scheduler", address, *tls_files, "--no-progress", cwd=str(tmp_path))
        assert far.returncode == 3, far.stdout + far.stderr
        assert "elsewhere.json:1: NOT CHECKED" in far.stdout and "INCOMPLETE" in far.stdout
        # TLS address without the files, files without TLS, a transport other than TLS or
        # inproc off this machine for a build (tcp://, ws://, a bare address): unusable, one
        # line each, before connecting.
        for args in (
            ("audit", str(chain), "--scheduler", address),
            ("audit", str(chain), "--scheduler", address.replace("tls://", "tcp://"), *tls_files),
            ("audit", str(chain), "--scheduler", address, "--tls-ca-file", ca),
            ("audit", str(chain), "--scheduler", address, "--tls-ca-file", ca, "--tls-cert", str(accounts), "--tls-key", key),
            ("liabilities", "--accounts", str(accounts), "--out", str(tmp_path / "x"), "--scheduler", "tcp://192.0.2.1:8786"),
            ("liabilities", "--accounts", str(accounts), "--out", str(tmp_path / "x"), "--scheduler", "ws://192.0.2.1:8786"),
            ("liabilities", "--accounts", str(accounts), "--out", str(tmp_path / "x"), "--scheduler", "192.0.2.1:8786"),
        ):
            bad = run(*args)
            assert bad.returncode == 2, (args, bad.stdout, bad.stderr)
            assert len(bad.stderr.strip().splitlines()) == 1, bad.stderr
            if "192.0.2.1" in args[-1]:
                assert "off this machine would carry subtree keys and balances in the clear" in bad.stderr
        assert "tcp:// off this machine" in bad.stderr and not (tmp_path / "x").exists()
