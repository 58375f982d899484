"""Arguments of the transaction modules checked, not converted: byte strings of bytes-like
types (or hex text where a transaction or block is taken), with their lengths bounded before
anything is copied."""

from __future__ import annotations

from typing import Optional

from ._errors import UnusableInput, UnusableType

_BYTES = (bytes, bytearray, memoryview)


def bytes_or_hex(name: str, data: object, max_bytes: int, too_large: str) -> bytes:
    """``data`` as bytes: a bytes-like object (raw, or hex text the native module decodes), or
    hex text (white space around it allowed); more than ``max_bytes`` raw (twice that as hex,
    and a line end) refused before it is decoded or copied, with the format's reason
    ``too_large`` (the native module's, which every front end gives)."""
    if isinstance(data, str):
        text = data.strip()
        if len(text) > 2 * max_bytes:
            raise UnusableInput(f"{name}: {too_large}")
        try:
            return bytes.fromhex(text)
        except ValueError as e:
            raise UnusableInput(f"{name}: not hex: {e}") from None
    if isinstance(data, _BYTES):
        size = memoryview(data).nbytes
        if size > 2 * max_bytes + 2:
            raise UnusableInput(f"{name}: {too_large}")
        return bytes(data)
    raise UnusableType(f"{name}: expected bytes or a hex str, got {type(data).__name__}")


def exact_bytes(name: str, x: object, length: Optional[int] = None) -> bytes:
    """``x`` as bytes (a bytes-like object), of ``length`` bytes when given."""
    if not isinstance(x, _BYTES):
        raise UnusableType(f"{name}: expected bytes, got {type(x).__name__}")
    x = bytes(x)
    if length is not None and len(x) != length:
        raise UnusableInput(f"{name}: {len(x)} bytes, expected {length}")
    return x
