"""Past one machine, on an existing cluster engine (dask.distributed): chain audits today;
proof of liabilities (DAPOL+) comes next.

Installed with ``pip install "./bindings/python[dask]"``. Without ``scheduler`` a local cluster
of ``workers`` processes is started and shut down; with one, the work goes to that scheduler
(the files must be readable by its workers at the same paths).

::

    from rangeproof import cluster
    report = cluster.audit(["blocks-0001.jsonl", "blocks-0002.jsonl"], workers=4)
    print(report.documents, report.seconds, report.invalid)   # [("blocks-0002.jsonl", 17)]

``python -m rangeproof.cluster audit FILES... [--workers N | --scheduler ADDRESS]`` is the
command line (exit 0 all valid, 1 some invalid or unusable documents — named by file and line —,
2 unusable input: a file that cannot be read, bad arguments).
"""

from .audit import AuditReport, Partition, audit, partitions, verify_partition

__all__ = ["AuditReport", "Partition", "audit", "partitions", "verify_partition"]
