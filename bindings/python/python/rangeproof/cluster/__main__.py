"""``python -m rangeproof.cluster``: the cluster path's command line.

``audit FILES... [--workers N | --scheduler ADDRESS [TLS]] [--lines K] [--recheck FRACTION]
[--no-progress]``: verifies every proof document of the files (JSON lines, pretty-printed
JSON documents one after another, or Parquet); prints the invalid ones with the reason and the
unusable ones as ``file:line`` and a summary. Exit 0 all valid, 1 some invalid or unusable, 2
unusable input (one line on standard error; an input of no documents too), 3 incomplete (a
partition not checked, or a recheck that disagrees with a worker).

``liabilities --accounts FILE --out DIR [--workers N | --scheduler ADDRESS [TLS]
[--allow-plaintext]] [--height H] [--bits N] [--scheme S] [--secrets FILE] [--recheck FRACTION]
[--print-total] [--no-progress]``: builds the proof of liabilities of a CSV or Parquet file of
accounts into the new directory DIR. Exit 0 built, 2 unusable input (a bad row named, DIR
existing; nothing written), 3 incomplete (the cluster failed or a check disagreed; nothing
written). The total liabilities are printed only with ``--print-total`` (``total.json`` holds
them, to publish or not).

TLS: ``--scheduler tls://HOST:PORT --tls-ca-file CA.pem --tls-cert CLIENT.pem --tls-key
CLIENT.key`` (Dask's mutual TLS: the scheduler and workers hold certificates the same authority
signed). A build refuses a scheduler off this machine over any transport but ``tls://`` (a
plain ``tcp://`` or ``ws://`` one) unless ``--allow-plaintext``: its tasks carry subtree keys
and balances.

``inclusion DIR --account ID --balance B``: checks one customer's inclusion, with no cluster.
Exit 0 included, 1 not included (the reason on standard output), 2 unusable input.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import List, Optional

from .. import ProofError, UnusableInput
from ._dask import Incomplete, tls
from .audit import DEFAULT_PARTITION_LINES, _lines, audit
from .proof_of_liabilities import DEFAULT_PARTITION_ACCOUNTS, check_directory, liabilities
from .tree import DEFAULT_BITS, DEFAULT_HEIGHT, DEFAULT_SCHEME, SCHEMES, TreeSecrets


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # argparse's own exit code is 2 too; one line
        sys.stderr.write(f"rangeproof.cluster: {message}\n")
        sys.exit(2)


def _fraction(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 <= value <= 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a fraction from 0 to 1")
    return value


def _cluster_options(p: argparse.ArgumentParser) -> None:
    where = p.add_mutually_exclusive_group()
    where.add_argument("--scheduler", help="a dask.distributed scheduler address (tls://host:8786 with the TLS files)")
    where.add_argument("--workers", type=int, help="local worker processes (default: every core)")
    p.add_argument("--tls-ca-file", help="PEM: the authority that signed the scheduler's and workers' certificates")
    p.add_argument("--tls-cert", help="PEM: this client's certificate")
    p.add_argument("--tls-key", help="PEM: this client's private key")
    p.add_argument("--recheck", type=_fraction, default=0.0, metavar="FRACTION", help="verify this fraction of partitions again")
    p.add_argument("--no-progress", action="store_true")


def main(argv: Optional[List[str]] = None) -> int:
    parser = _Parser(prog="python -m rangeproof.cluster")
    commands = parser.add_subparsers(dest="command", required=True)
    a = commands.add_parser("audit", help="verify proof documents (JSON lines, pretty JSON, Parquet) across a cluster")
    a.add_argument("files", nargs="+")
    a.add_argument("--lines", type=int, default=DEFAULT_PARTITION_LINES, help="documents per partition")
    _cluster_options(a)

    b = commands.add_parser("liabilities", help="build a proof of liabilities (DAPOL+) across a cluster")
    b.add_argument("--accounts", required=True, help="a CSV (id,balance) or Parquet file of accounts")
    b.add_argument("--out", required=True, help="the directory to create")
    _cluster_options(b)
    b.add_argument("--allow-plaintext", action="store_true", help="allow a scheduler off this machine over a transport other than tls:// (tcp://, ws://)")
    b.add_argument("--print-total", action="store_true", help="print the total liabilities (total.json holds them)")
    b.add_argument("--height", type=int, default=DEFAULT_HEIGHT, help="tree levels, root included")
    b.add_argument("--bits", type=int, default=DEFAULT_BITS, help="the range proofs' bit size")
    b.add_argument("--scheme", default=DEFAULT_SCHEME, choices=SCHEMES)
    b.add_argument("--secrets", help="the tree's secrets (a secrets.json of an earlier build); fresh ones by default")
    b.add_argument("--partition-accounts", type=int, default=DEFAULT_PARTITION_ACCOUNTS, help="accounts per task")

    i = commands.add_parser("inclusion", help="check one account's inclusion in a built proof of liabilities")
    i.add_argument("directory")
    i.add_argument("--account", required=True)
    i.add_argument("--balance", required=True)
    args = parser.parse_args(argv)
    try:
        if args.command == "liabilities":
            return _liabilities(args)
        if args.command == "inclusion":
            return _inclusion(args)
        report = audit(
            args.files,
            scheduler=args.scheduler,
            workers=args.workers,
            lines=args.lines,
            progress=not args.no_progress,
            recheck=args.recheck,
            security=tls(args.tls_ca_file, args.tls_cert, args.tls_key),
        )
    except Incomplete as e:
        sys.stderr.write(f"rangeproof.cluster: incomplete: {e}\n")
        return 3
    except ProofError as e:
        sys.stderr.write(f"rangeproof.cluster: {' '.join(str(e).split())}\n")
        return 2
    for line in _lines(report):
        print(line)
    if not report.complete:
        return 3
    return 0 if report.ok else 1


def _liabilities(args: argparse.Namespace) -> int:
    secrets = None
    if args.secrets is not None:
        try:
            with open(args.secrets, encoding="utf-8") as f:
                doc = json.load(f)
        except OSError as e:
            raise UnusableInput(f"{args.secrets}: {e.strerror or e}") from None
        except ValueError:
            raise UnusableInput(f"{args.secrets}: not JSON") from None
        secrets = TreeSecrets.from_json(doc)
    report = liabilities(
        args.accounts,
        args.out,
        height=args.height,
        bits=args.bits,
        scheme=args.scheme,
        secrets=secrets,
        scheduler=args.scheduler,
        workers=args.workers,
        partition_accounts=args.partition_accounts,
        progress=not args.no_progress,
        recheck=args.recheck,
        security=tls(args.tls_ca_file, args.tls_cert, args.tls_key),
        allow_plaintext=args.allow_plaintext,
    )
    print(f"root commitment {report.root['commitment']}")
    print(f"root hash {report.root['hash']}")
    rechecked = f", {report.rechecked} rechecked" if report.rechecked else ""
    print(
        f"{report.accounts} accounts in {report.partitions} subtrees{rechecked}: "
        f"{args.out} ({report.seconds:.2f} s, {report.accounts / max(report.seconds, 1e-9):.1f} accounts/s)"
    )
    # The total is private until published (total.json): a terminal's scrollback and CI logs
    # are not where it should turn up by default.
    if args.print_total:
        print(f"total liabilities {report.total}")
    return 0


def _inclusion(args: argparse.Namespace) -> int:
    text = args.balance.strip()
    if not text.isascii() or not text.isdigit():
        raise UnusableInput("--balance: not a non-negative integer (not shown: balances are secret)")
    why = check_directory(args.directory, args.account, int(text))
    if why is None:
        # The customer compares this root with the one the exchange published.
        with open(os.path.join(args.directory, "root.json"), encoding="utf-8") as f:
            root = json.load(f)
        print(f"account {args.account!r} with balance {text} is included under the root")
        print(f"  commitment {root['commitment']}")
        print(f"  hash       {root['hash']}")
        print("(check that this is the root the exchange published)")
        return 0
    print(f"NOT included: {why}")
    return 1


if __name__ == "__main__":
    sys.exit(main())
