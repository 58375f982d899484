"""Past one machine, on an existing cluster engine (dask.distributed): proof of liabilities
(DAPOL+) and chain audits.

Installed with ``pip install "./bindings/python[dask]"``. Without ``scheduler`` a local cluster
of ``workers`` processes is started and shut down; with one, the work goes to that scheduler
(for an audit, the files must be readable by its workers at the same paths) — over TLS for a
``tls://`` address, with ``security=cluster.tls(ca_file, cert, key)``. The tree's secrets never
leave this process: each task receives its subtree's key (``tree.py``).

::

    from rangeproof import cluster
    built = cluster.liabilities("accounts.csv", "por-2026-11", workers=4)
    print(built.root["commitment"], built.total)
    assert cluster.check_directory("por-2026-11", "alice", 1200) is None   # included

    report = cluster.audit(["blocks-0001.jsonl", "blocks-0002.parquet"], workers=4)
    print(report.documents, report.seconds, report.invalid)   # [("blocks-0002.parquet", 17)]

The command line, ``python -m rangeproof.cluster``:

- ``liabilities --accounts FILE --out DIR [--workers N | --scheduler ADDRESS]`` builds the tree,
  its root and one inclusion proof per account into the new directory DIR (exit 0; 2 for unusable
  input — a bad row is named and nothing is written; 3 incomplete — the cluster failed or a
  check disagreed, nothing written);
- ``inclusion DIR --account ID --balance B`` checks one customer's inclusion with no cluster
  (exit 0 included, 1 not, 2 unusable input);
- ``audit FILES... [--workers N | --scheduler ADDRESS] [--recheck FRACTION]`` verifies proof
  documents (exit 0 all valid, 1 some invalid or unusable documents — named by file and line —,
  2 unusable input or no documents, 3 incomplete).

``__main__.py`` has every option (TLS files, ``--recheck``, ``--print-total``).
"""

from ._dask import Incomplete, tls
from .audit import AuditReport, Partition, audit, partitions, verify_partition
from .proof_of_liabilities import (
    LiabilitiesReport,
    check_directory,
    check_inclusion,
    find_inclusion_proof,
    liabilities,
    read_accounts,
)
from .tree import SubtreeKey, TreeParameters, TreeSecrets

__all__ = [
    "AuditReport",
    "Incomplete",
    "LiabilitiesReport",
    "Partition",
    "TreeParameters",
    "TreeSecrets",
    "audit",
    "check_directory",
    "check_inclusion",
    "find_inclusion_proof",
    "liabilities",
    "partitions",
    "read_accounts",
    "SubtreeKey",
    "tls",
    "verify_partition",
]
