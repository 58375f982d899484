"""The exceptions of ``rangeproof``, defined in Python so that they pickle.

The native module raises these very classes (it imports them from here), so an error raised
in a worker process (``multiprocessing``, ``concurrent.futures``, a cluster engine) is
rebuilt in the parent as the same type with the same message. Each takes one argument, the
message, and keeps it in ``args``: the default pickling of exceptions is then exact.
"""

from __future__ import annotations

__all__ = ["InvalidProof", "ProofError", "RecoveryFailed", "UnusableInput", "UnusableType"]


class ProofError(Exception):
    """Base of every rangeproof error."""


class InvalidProof(ProofError):
    """A proof that does not verify, or whose bytes or commitments do not decode."""


class UnusableInput(ProofError, ValueError):
    """Arguments or a document that cannot be used: an integer out of range, wrong lengths,
    an unsupported suite, bad hex, a document too large, ... Also a :class:`ValueError`."""


class UnusableType(UnusableInput, TypeError):
    """An argument of the wrong type (a float or a bool for an integer, a str for a sequence
    of values, a str for bytes, ...): refused rather than converted. Also a
    :class:`TypeError`."""


class RecoveryFailed(ProofError):
    """A recovery nonce that does not rewind the proof, a proof that does not verify, or a
    recovered opening that does not open the commitment."""
