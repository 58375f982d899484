"""Fuzzes the cluster audit's document scanner (``rangeproof.cluster._documents.units``) with
atheris: any bytes, scanned whole and in two partitions split at a line boundary.

Properties: no exception; the units come in order, do not overlap and stay inside the input;
a kept unit's bytes are the input's between its start and its stop (less the blank rest of its
line); a unit without a problem begins with ``{`` or ``[``; and JSON documents written one after
another (pretty or on one line each) are found exactly, whatever precedes them.

    pip install atheris
    python bindings/python/fuzz/fuzz_documents.py bindings/python/fuzz/corpus/documents \\
        -runs=10000000
"""

import io
import json
import sys

import atheris

with atheris.instrument_imports():
    from rangeproof.cluster._documents import units

CAP = 1 << 12


def scan(data: bytes, start: int = 0, stop=None, first_line: int = 0):
    return list(units(io.BytesIO(data), start, stop, first_line, True, CAP))


def check(data: bytes) -> None:
    found = scan(data)
    last = 0
    for u in found:
        assert last <= u.start <= u.stop <= len(data), (last, u)
        last = u.stop
        if u.problem is None:
            assert data[u.start : u.start + 1] in (b"{", b"["), u
        if u.data is not None and u.problem is None:
            assert data[u.start : u.stop].startswith(u.data), u
    # Two partitions split at a line boundary find what the whole scan found there.
    cut = data.find(b"\n", len(data) // 2)
    if cut >= 0:
        cut += 1
        first = scan(data, 0, cut)
        second = scan(data, cut, None, data[:cut].count(b"\n"))
        assert all(u.stop <= cut for u in first)
        assert all(u.start >= cut for u in second)


def documents(fdp: atheris.FuzzedDataProvider) -> None:
    # JSON documents from the input, one after another, each pretty or on one line.
    docs, text = [], []
    for _ in range(fdp.ConsumeIntInRange(1, 4)):
        doc = {"k": fdp.ConsumeUnicodeNoSurrogates(12), "n": [fdp.ConsumeInt(4)] * fdp.ConsumeIntInRange(0, 3)}
        docs.append(doc)
        text.append(json.dumps(doc, indent=2) if fdp.ConsumeBool() else json.dumps(doc))
    data = ("\n".join(text) + "\n").encode()
    found = [u for u in scan(data) if u.problem is None]
    assert [json.loads(u.data) for u in found] == docs, (data, found)


def one_input(data: bytes) -> None:
    check(data)
    documents(atheris.FuzzedDataProvider(data))


if __name__ == "__main__":
    atheris.Setup(sys.argv, one_input)
    atheris.Fuzz()
