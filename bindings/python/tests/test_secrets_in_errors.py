"""No error message shows a secret: values refused (out of range, negative, out of the bit size)
and blinding factors refused (not below the group order) are named by their position, never
shown — an error is printed and logged, and amounts and blindings are secrets."""

import pytest

import rangeproof
from rangeproof import UnusableInput, UnusableType, mpc
from rangeproof.circuit import prove_shuffle
from rangeproof.cluster import proof_of_liabilities

# Secret-looking numbers, distinctive enough that any message quoting them is caught.
SECRET = 123456789123456789
TOO_LARGE = 123456789123456789123456789
BLINDING = b"\xff" * 32


def shown(error: BaseException) -> list:
    """The secrets ``error``'s text shows, in any spelling."""
    text = str(error)
    needles = [str(SECRET), str(TOO_LARGE), BLINDING.hex(), BLINDING.hex().upper(), str(int.from_bytes(BLINDING, "big"))]
    return [n for n in needles if n in text]


@pytest.mark.parametrize(
    "call",
    [
        lambda: rangeproof.prove([TOO_LARGE]),
        lambda: rangeproof.prove([1, -SECRET]),
        lambda: rangeproof.prove([SECRET], bits=32),
        lambda: rangeproof.prove([SECRET], scheme="bulletproofs+", flavor="tari", minimum_values=[SECRET + 1]),
        lambda: rangeproof.prove([SECRET], blindings=[BLINDING]),
        lambda: rangeproof.prove([SECRET], group="secp256k1", flavor="grin", blindings=[BLINDING]),
        lambda: rangeproof.prove([SECRET], scheme="bulletproofs+", flavor="tari", extension_degree=2, blindings=[[BLINDING, BLINDING]]),
        lambda: rangeproof.prove([SECRET, 1], flavor="solana", bit_lengths=[32, 32]),
        lambda: rangeproof.commit([TOO_LARGE], [bytes(32)]),
        lambda: rangeproof.commit([SECRET], [BLINDING]),
        lambda: rangeproof.commit([SECRET], [BLINDING], group="secp256k1", flavor="grin"),
        lambda: mpc.prove([[SECRET], [TOO_LARGE]], bits=64),
        lambda: mpc.prove([[SECRET]], bits=32),
        lambda: prove_shuffle([SECRET, TOO_LARGE], [TOO_LARGE, SECRET]),
    ],
)
def test_refused_values_and_blindings_are_not_shown(call):
    with pytest.raises((UnusableInput, UnusableType, rangeproof.ProofError)) as e:
        call()
    assert not shown(e.value), str(e.value)
    # It still says which argument, and what is wrong with it.
    assert str(e.value)


def test_the_position_is_named_instead():
    with pytest.raises(UnusableInput, match=r"values\[1\] is negative"):
        rangeproof.prove([1, -SECRET])
    with pytest.raises(UnusableInput, match=r"values\[0\] is out of range"):
        rangeproof.prove([TOO_LARGE])


def test_a_balance_refused_is_named_by_its_row(tmp_path):
    path = tmp_path / "accounts.csv"
    for balance in (-SECRET, TOO_LARGE, f"{SECRET}.5"):
        path.write_text(f"id,balance\nalice,{balance}\n")
        with pytest.raises(UnusableInput, match="row 1") as e:
            proof_of_liabilities.read_accounts(str(path), 64)
        assert not shown(e.value), str(e.value)
