"""Proof documents in a file, one after another: JSON lines, JSON documents pretty-printed over
many lines (as ``rangeproof prove --out`` and :meth:`rangeproof.Proof.to_json` write them),
or both mixed — one format across the tools.

A scan of the JSON structure finds each document's bytes: a document begins at a ``{`` or ``[``
and ends at its matching bracket (brackets inside strings, and escaped quotes, do not count). It
reads a bounded piece at a time and keeps no more than one document, and no more than the cap
of one: a longer document is counted, named unusable and skipped without being held whole. The
client runs it to split a file into partitions of whole documents (keeping nothing); each
worker runs it again over its partition's bytes (keeping each document to parse it).

Recovering from broken input (a truncated document, a line that is not JSON):

- a line that begins with ``{`` in its first column begins a new document — a document still
  open then was truncated, and is unusable. Pretty-printed documents indent everything inside
  them and JSON lines start each document on its own line, so a valid file never does this
  inside a document (a JSON string holds no raw newline);
- a raw newline inside a string ends the string (the document is unusable anyway), so one
  unclosed quote does not swallow the lines after it;
- text outside any document is unusable up to the end of its line;
- a document still open at the end of the file (or of a partition) was truncated;
- a UTF-8 byte order mark at the start of the file is skipped;
- input that is not text — a NUL byte, or bytes that are not UTF-8 (an image, an archive,
  random bytes) — is one unusable unit from where it is met (from the start of a document
  still open there) to the end, said once; nothing after it is read (as the command line's
  reader, ``rangeproof_documents::stream``).

A document is numbered by the line it begins on (from 1, as editors number lines).
"""

from __future__ import annotations

import codecs
import re
from dataclasses import dataclass
from typing import BinaryIO, Iterator, List, Optional

#: The largest piece read at once (a longer line is read in pieces).
PIECE = 1 << 16
_STRUCTURE = re.compile(rb'[][{}"\\]')
_NONSPACE = re.compile(rb"[^ \t\r\n]")
_QUOTE, _BACKSLASH = 0x22, 0x5C
_OPEN, _CLOSE = b"{[", b"}]"
_NEXT_BEGINS = "ends before its closing bracket: the next line begins another document"


@dataclass
class Unit:
    """One document (or one stretch of text that is not one): where it begins (``line``,
    0-based; ``start``), where it ends (``stop``, the byte after it and after the rest of its
    line when that is blank; ``stop_line``, the line of that byte), its bytes when kept, and
    why it is unusable before any parsing (``problem``)."""

    line: int
    start: int
    stop: int
    stop_line: int
    data: Optional[bytes]
    problem: Optional[str]


class _Open:
    __slots__ = ("line", "start", "value", "depth", "in_string", "escape", "chunks", "size", "keep", "cap")

    def __init__(self, line: int, start: int, value: bool, keep: bool, cap: int) -> None:
        self.line, self.start, self.value = line, start, value
        self.depth, self.in_string, self.escape = 0, False, False
        self.chunks: List[bytes] = []
        self.size, self.keep, self.cap = 0, keep, cap

    def add(self, piece: bytes, a: int, b: int) -> None:
        self.size += b - a
        if self.keep and self.size <= self.cap:
            self.chunks.append(piece[a:b])
        else:
            self.chunks = []

    def scan(self, piece: bytes, pos: int) -> int:
        """Follows the structure from ``pos``: the index after the closing bracket, or -1 when
        the document goes on past the piece."""
        n = len(piece)
        if self.escape:
            self.escape = False
            pos += 1
        while True:
            m = _STRUCTURE.search(piece, pos)
            if m is None:
                return -1
            c = piece[m.start()]
            pos = m.end()
            if self.in_string:
                if c == _QUOTE:
                    self.in_string = False
                elif c == _BACKSLASH:
                    if pos >= n:
                        self.escape = True
                        return -1
                    pos += 1
            elif c == _QUOTE:
                self.in_string = True
            elif c in _OPEN:
                self.depth += 1
            elif c in _CLOSE:
                self.depth -= 1
                if self.depth <= 0:
                    return pos
            # A backslash outside a string: the parser refuses the document.

    def finish(self, stop: int, stop_line: int, problem: Optional[str]) -> Unit:
        if self.size > self.cap:
            problem = f"longer than {self.cap} bytes (a proof document is under 16 KiB): skipped unread"
        data = b"".join(self.chunks) if self.keep and problem is None else None
        return Unit(self.line, self.start, stop, stop_line, data, problem)


def _binary(piece: bytes, utf8: codecs.IncrementalDecoder) -> Optional[str]:
    """Why ``piece`` is not text (``None`` when it is): the reader's reasons, word for word."""
    if b"\x00" in piece:
        return "not text: binary data (a NUL byte), not a JSON proof document"
    try:
        utf8.decode(piece)  # a character cut at the piece's end waits for the next piece
    except UnicodeDecodeError:
        return "not text: binary data (not UTF-8), not a JSON proof document"
    return None


def units(f: BinaryIO, start: int, stop: Optional[int], first_line: int, keep: bool, cap: int) -> Iterator[Unit]:
    """The documents of ``f`` from byte ``start`` (on line ``first_line``, 0-based) to ``stop``
    (``None``: the end), each kept (``keep``) when at most ``cap`` bytes long."""
    if start > 0:
        f.seek(start - 1)
        at_line_start = f.read(1) == b"\n"
    else:
        at_line_start = True
        f.seek(0)
        if f.read(3) == b"\xef\xbb\xbf":  # a UTF-8 byte order mark (some editors write one)
            start = 3
        f.seek(start)
    offset, line = start, first_line
    unit: Optional[_Open] = None
    utf8 = codecs.getincrementaldecoder("utf-8")()
    while stop is None or offset < stop:
        piece = f.readline(PIECE if stop is None else min(PIECE, stop - offset))
        if not piece:
            break
        n = len(piece)
        binary = _binary(piece, utf8)
        if binary is not None:
            begins = offset if unit is None else unit.start
            begins_line = line if unit is None else unit.line
            end = stop if stop is not None else f.seek(0, 2)
            yield Unit(begins_line, begins, end, line, None, binary)
            return
        ends_line = piece[-1] == 0x0A
        pos = 0
        if at_line_start and unit is not None and piece[:1] == b"{":
            yield unit.finish(offset, line, _NEXT_BEGINS)
            unit = None
        while pos < n:
            if unit is None:
                m = _NONSPACE.search(piece, pos)
                if m is None:
                    break
                pos = m.start()
                unit = _Open(line, offset + pos, piece[pos] in _OPEN, keep, cap)
            if not unit.value:  # text outside a document: to the end of its line
                unit.add(piece, pos, n)
                pos = n
                if ends_line:
                    yield unit.finish(offset + n, line + 1, "not a JSON document")
                    unit = None
                break
            closed = unit.scan(piece, pos)
            if closed < 0:
                unit.add(piece, pos, n)
                pos = n
                break
            unit.add(piece, pos, closed)
            if ends_line and not piece[closed:].strip():  # the rest of the line is blank: it goes too
                yield unit.finish(offset + n, line + 1, None)
                pos = n
            else:
                yield unit.finish(offset + closed, line, None)
                pos = closed
            unit = None
        if ends_line:
            line += 1
            if unit is not None and unit.in_string:  # JSON strings hold no raw newline
                unit.in_string = unit.escape = False
        at_line_start = ends_line
        offset += n
    if unit is not None:
        if not unit.value:
            problem = "not a JSON document"
        elif at_line_start and f.read(1) == b"{":  # a partition ends where the next document begins
            problem = _NEXT_BEGINS
        else:
            problem = "ends before its closing bracket (truncated)"
        yield unit.finish(offset, line, problem)
