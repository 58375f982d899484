"""Writing a build's directory durably and exclusively.

Every file is created new (``O_EXCL``), written and ``fsync``-ed; the directories are ``fsync``-ed
before the staging directory is renamed into place, and the parent after, so that after a crash
the directory is either absent or whole on disk (a rename is atomic, but without the syncs the
renamed directory may hold empty files after a power loss).

The rename never replaces a directory another process created meanwhile:

- on Linux, ``renameat2(..., RENAME_NOREPLACE)`` (glibc 2.28, Linux 3.15; called through ctypes:
  Python's ``os`` has no flag for it) — atomic, and fails with ``EEXIST`` when the target exists;
- where the call or the filesystem lacks it (older systems, some network filesystems; other
  operating systems), a claim: ``mkdir(target)`` is exclusive (it fails when the target
  exists), then ``rename(staging, target)`` replaces that empty directory we created — POSIX
  lets a rename replace an empty directory only, so if anything was put into it meanwhile the
  rename fails and nothing is replaced. Between the two calls the target exists and is empty.
"""

from __future__ import annotations

import ctypes
import errno
import os
import sys
from typing import Union

#: Whether to try ``renameat2`` first (tests turn it off to exercise the claim).
USE_RENAMEAT2 = sys.platform.startswith("linux")
_AT_FDCWD = -100
_RENAME_NOREPLACE = 1


def write_file(path: str, data: Union[str, bytes], mode: int = 0o644) -> None:
    """Creates ``path`` (never over an existing file), writes ``data`` and syncs it."""
    raw = data.encode("utf-8") if isinstance(data, str) else data
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0), mode)
    try:
        view = memoryview(raw)
        while view:
            written = os.write(fd, view)
            view = view[written:]
        os.fsync(fd)
    finally:
        os.close(fd)


def sync_directory(path: str) -> None:
    """``fsync`` of a directory: its entries (new files, a rename) reach the disk."""
    if not hasattr(os, "O_DIRECTORY"):  # pragma: no cover - Windows has no directory fsync
        return
    fd = os.open(path, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _renameat2(source: str, target: str) -> bool:
    """``True`` when renamed; ``False`` when this system or filesystem lacks the call."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        call = libc.renameat2
    except (OSError, AttributeError):
        return False
    call.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint]
    call.restype = ctypes.c_int
    if call(_AT_FDCWD, os.fsencode(source), _AT_FDCWD, os.fsencode(target), _RENAME_NOREPLACE) == 0:
        return True
    code = ctypes.get_errno()
    if code in (errno.ENOSYS, errno.EINVAL, getattr(errno, "ENOTSUP", errno.EINVAL)):
        return False
    raise OSError(code, os.strerror(code), source, None, target)


def rename_no_replace(source: str, target: str) -> None:
    """Renames the directory ``source`` to ``target``, which must not exist: raises
    :class:`FileExistsError` (or ``OSError`` with ``ENOTEMPTY``) and leaves both alone when it
    does — never a silent replacement."""
    if USE_RENAMEAT2 and _renameat2(source, target):
        return
    os.mkdir(target, 0o700)
    try:
        os.rename(source, target)
    except OSError:
        try:
            os.rmdir(target)  # ours and empty; fails, rightly, if someone filled it meanwhile
        except OSError:
            pass
        raise
