"""``python -m rangeproof.cluster``: the cluster path's command line.

``audit FILES... [--workers N | --scheduler ADDRESS] [--lines K] [--no-progress]``: verifies
every proof document of the JSON-lines files; prints the invalid and unusable ones as
``file:line`` and a summary. Exit 0 all valid, 1 some invalid or unusable, 2 unusable input
(one line on standard error).
"""

from __future__ import annotations

import argparse
import sys
from typing import List, Optional

from .. import ProofError
from .audit import DEFAULT_PARTITION_LINES, _lines, audit


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # argparse's own exit code is 2 too; one line
        sys.stderr.write(f"rangeproof.cluster: {message}\n")
        sys.exit(2)


def main(argv: Optional[List[str]] = None) -> int:
    parser = _Parser(prog="python -m rangeproof.cluster")
    commands = parser.add_subparsers(dest="command", required=True)
    a = commands.add_parser("audit", help="verify proof documents (JSON lines) across a cluster")
    a.add_argument("files", nargs="+")
    where = a.add_mutually_exclusive_group()
    where.add_argument("--scheduler", help="a dask.distributed scheduler address")
    where.add_argument("--workers", type=int, help="local worker processes (default: every core)")
    a.add_argument("--lines", type=int, default=DEFAULT_PARTITION_LINES, help="documents per partition")
    a.add_argument("--no-progress", action="store_true")
    args = parser.parse_args(argv)
    try:
        report = audit(
            args.files,
            scheduler=args.scheduler,
            workers=args.workers,
            lines=args.lines,
            progress=not args.no_progress,
        )
    except ProofError as e:
        sys.stderr.write(f"rangeproof.cluster: {e}\n")
        return 2
    for line in _lines(report):
        print(line)
    return 0 if report.ok else 1


if __name__ == "__main__":
    sys.exit(main())
