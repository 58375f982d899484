"""The multi-party protocol (the Bulletproofs paper, §4.5), one round per call: parties each
holding some of the values and their blindings, and a dealer who assembles one aggregated
proof — what ``rangeproof mpc dealer`` and ``rangeproof mpc party`` run over TCP, here as
objects that take and give messages (``bytes``) for the caller to carry however it likes::

    from rangeproof import mpc
    dealer = mpc.Dealer([2, 1], bits=64)                       # party 0 holds 2 values, party 1 one
    parties = [mpc.Party(dealer.invitation(0), [5, 7]), mpc.Party(dealer.invitation(1), [9])]
    challenges = dealer.receive_bit_commitments([p.bit_commitment for p in parties])
    polys = [p.answer_bit_challenge(c) for p, c in zip(parties, challenges)]
    challenges = dealer.receive_poly_commitments(polys)
    shares = [p.answer_poly_challenge(c) for p, c in zip(parties, challenges)]
    proof = dealer.receive_shares(shares)                      # a Proof, verified
    keep = parties[0].openings_json()                          # secret: party 0's blindings

Every message is bound to the run (the dealer draws a nonce for it, carried in the
invitations): messages of another run, or of another party's position, are refused. Each side
moves forward one round per call; a message that does not decode is refused with the party
named (the dealer stays in its round); a bad share ends the run naming its party
(:class:`~rangeproof.UnusableInput`). ``flavor`` is ``"dalek"`` (ristretto255, the reference
crate's proofs, with the transcript ``label``) or ``"monero"`` (Ed25519, Monero's proofs). The
dealer learns nothing about the values beyond the proof; what it and the parties can and cannot
do is in the repository's SECURITY.md.
"""

from __future__ import annotations

import json
from typing import List, Optional, Sequence

from . import Proof, _bytes, _int, _items, _name, _u64s
from . import _native
from ._errors import UnusableType

__all__ = ["Dealer", "Party", "prove"]


def _messages(name: str, messages: object) -> List[bytes]:
    return [_bytes(f"{name}[{i}]", m) for i, m in enumerate(_items(name, messages, "a list of bytes"))]


class Dealer:
    """The dealer of one run, for parties holding ``counts[i]`` values each (party 0 holds the
    first values of the proof), each value below ``2**bits``."""

    def __init__(self, counts: Sequence[int], bits: int = 64, flavor: str = "dalek", label: str = "rangeproof mpc"):
        sizes = [_int(f"counts[{i}]", c, "a count of values from 1 to 64", 1, 64) for i, c in enumerate(_items("counts", counts, "a list of ints"))]
        if not isinstance(label, str):
            raise UnusableType(f"label is a {type(label).__name__}, not a str")
        self._dealer = _native.MpcDealer(
            _name("flavor", flavor, optional=False), _int("bits", bits, "8, 16, 32 or 64", 0, 64), sizes, label
        )
        self.parties: int = len(sizes)

    def invitation(self, party: int) -> bytes:
        """What party ``party`` joins with (its position, the statement, the run's nonce)."""
        return bytes(self._dealer.invitation(_int("party", party, "a party's index", 0, 2**16)))

    def receive_bit_commitments(self, messages: Sequence[bytes]) -> List[bytes]:
        """Round 1: every party's :attr:`Party.bit_commitment`, in the parties' order; returns
        each party's challenge."""
        return [bytes(m) for m in self._dealer.bit_commitments(_messages("messages", messages))]

    def receive_poly_commitments(self, messages: Sequence[bytes]) -> List[bytes]:
        """Round 2: every party's answer to its bit challenge; returns each party's challenge."""
        return [bytes(m) for m in self._dealer.poly_commitments(_messages("messages", messages))]

    def receive_shares(self, messages: Sequence[bytes]) -> Proof:
        """Round 3: every party's proof share; returns the proof (verified), an ordinary
        document of the run's flavor."""
        return Proof(json.loads(self._dealer.shares(_messages("messages", messages))))


class Party:
    """A party of one run, joining with the dealer's ``invitation`` and holding ``values``
    (fresh blindings are drawn for them). Its first message is :attr:`bit_commitment`."""

    def __init__(self, invitation: bytes, values: Sequence[int]):
        self._party, first = _native.MpcParty.join(_bytes("invitation", invitation), _u64s("values", values))
        self.bit_commitment: bytes = bytes(first)

    def answer_bit_challenge(self, challenge: bytes) -> bytes:
        """The answer to the dealer's bit challenge (the polynomial commitment)."""
        return bytes(self._party.bit_challenge(_bytes("challenge", challenge)))

    def answer_poly_challenge(self, challenge: bytes) -> bytes:
        """The answer to the dealer's polynomial challenge (this party's proof share)."""
        return bytes(self._party.poly_challenge(_bytes("challenge", challenge)))

    def openings_json(self) -> str:
        """This party's openings — values, blindings, commitments, the statement and its
        position — as ``rangeproof mpc party --openings`` writes them (``rangeproof prove
        --openings-in`` proves for them again). Secret: keep them before sending
        :attr:`bit_commitment`, since the proof's commitments open only with them."""
        return str(self._party.openings())

    @property
    def blindings(self) -> List[bytes]:
        """Per value, its blinding (secret)."""
        return [bytes.fromhex(per[0]) for per in json.loads(self.openings_json())["blindings"]]

    def __repr__(self) -> str:
        return "Party(openings hidden)"


def prove(holdings: Sequence[Sequence[int]], bits: int = 64, flavor: str = "dalek", label: Optional[str] = None) -> "tuple[Proof, List[Party]]":
    """Runs every round in this process: ``holdings[i]`` are party ``i``'s values. Returns the
    proof and the parties (whose :meth:`Party.openings_json` hold the blindings)."""
    groups = [_u64s(f"holdings[{i}]", h) for i, h in enumerate(_items("holdings", holdings, "a list of lists of ints"))]
    dealer = Dealer([len(g) for g in groups], bits=bits, flavor=flavor, label="rangeproof mpc" if label is None else label)
    parties = [Party(dealer.invitation(i), g) for i, g in enumerate(groups)]
    challenges = dealer.receive_bit_commitments([p.bit_commitment for p in parties])
    polys = [p.answer_bit_challenge(c) for p, c in zip(parties, challenges)]
    challenges = dealer.receive_poly_commitments(polys)
    shares = [p.answer_poly_challenge(c) for p, c in zip(parties, challenges)]
    return dealer.receive_shares(shares), parties
