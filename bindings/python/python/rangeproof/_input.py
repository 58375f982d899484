"""Arguments of the transaction modules checked, not converted: byte strings of bytes-like
types (or hex text where a transaction or block is taken), with their lengths bounded before
anything is copied."""

from __future__ import annotations

from typing import Optional

from ._errors import UnusableInput, UnusableType

_BYTES = (bytes, bytearray, memoryview)


def bytes_or_hex(name: str, data: object, max_bytes: int) -> bytes:
    """``data`` as bytes: a bytes-like object, or hex text (white space around it allowed);
    more than ``max_bytes`` refused before it is decoded or copied."""
    if isinstance(data, str):
        text = data.strip()
        if len(text) > 2 * max_bytes:
            raise UnusableInput(f"{name}: {len(text) // 2} bytes, more than the {max_bytes} allowed")
        try:
            return bytes.fromhex(text)
        except ValueError as e:
            raise UnusableInput(f"{name}: not hex: {e}") from None
    if isinstance(data, _BYTES):
        size = memoryview(data).nbytes
        if size > max_bytes:
            raise UnusableInput(f"{name}: {size} bytes, more than the {max_bytes} allowed")
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
