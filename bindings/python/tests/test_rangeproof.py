"""The Python package: every flavor round-trips, the public vectors verify (and their
reject cases do not), tampered proofs return False, bad arguments raise clear errors, batches
name the invalid proofs, recovery and commitments agree with proving; arguments are checked,
never coerced; errors pickle; documents and labels are bounded as the CLI bounds them."""

import functools
import json
import multiprocessing
import pickle
import re
import threading
import warnings
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from importlib import metadata
from pathlib import Path

import pytest

import rangeproof
from rangeproof import InvalidProof, ProofError, RecoveryFailed, UnusableInput, UnusableType

PACKAGE = Path(__file__).resolve().parents[1]
VECTORS = Path(__file__).resolve().parents[3] / "vectors"
SEED = bytes.fromhex("11" * 31 + "01")
OTHER_SEED = bytes.fromhex("22" * 31 + "02")

CONVENTIONS = [
    dict(scheme="bulletproofs"),
    dict(scheme="bulletproofs+"),
    dict(scheme="bulletproofs+", extension_degree=3),
    dict(scheme="bulletproofs", group="ed25519", flavor="monero"),
    dict(scheme="bulletproofs+", group="ed25519", flavor="monero"),
    dict(scheme="bulletproofs", group="secp256k1", flavor="grin"),
    dict(scheme="bulletproofs++"),
    dict(scheme="bulletproofs++", group="secp256k1"),
]


def flip(proof: rangeproof.Proof, position: int) -> rangeproof.Proof:
    doc = json.loads(proof.to_json())
    raw = bytearray(bytes.fromhex(doc["proof"]))
    raw[position] ^= 1
    doc["proof"] = raw.hex()
    return rangeproof.Proof.from_json(json.dumps(doc))


def test_the_smallest_use_reads_naturally():
    p = rangeproof.prove([5, 7], bits=64)
    assert rangeproof.verify(p) is True
    q = rangeproof.Proof.from_json(p.to_json())
    assert rangeproof.verify(q) is True
    assert q.commitments == p.commitments and q.proof == p.proof
    assert p.values == [5, 7] and q.values is None
    # The registry's suites, each once (their number grows with every deployment: the
    # registry itself is the list, so no count is written here).
    listed = rangeproof.suites()
    assert len(listed) == len(set(listed)) and ("bulletproofs", "ristretto255", "dalek") in listed
    assert ("bulletproofs", "secp256k1", "mweb") in rangeproof.suites()
    assert ("surjection", "secp256k1", "elements") in rangeproof.suites()
    assert ("bulletproofs++", "ristretto255", "rangeproof") in rangeproof.suites()
    assert ("bulletproofs++", "secp256k1", "secp256k1-zkp") in rangeproof.suites()


def test_a_deployment_registered_in_one_line_works_in_python():
    # Issue 54's proof that a deployment costs one file and one registry line: the test-only
    # deployment (rangeproof::deployments::testing; this suite's wheel is built with the
    # `testing` feature) is listed, proved, verified, batched and read back, by a package
    # with no line of code for it.
    assert ("bulletproofs", "ristretto255", "relabelled") in rangeproof.suites()
    p = rangeproof.prove([0, 2**32 - 1], bits=32, flavor="relabelled")
    assert rangeproof.verify(p) is True
    q = rangeproof.Proof.from_json(p.to_json())
    assert (q.scheme, q.group, q.flavor, q.bits) == ("bulletproofs", "ristretto255", "relabelled", 32)
    assert rangeproof.verify(q) is True
    batch = rangeproof.BatchVerifier()
    batch.add(q)
    batch.add(flip(q, len(q.proof) // 2))
    batch.add(rangeproof.prove([5], bits=64))
    assert batch.verify() is False and batch.invalid == [1]
    # The same proof read as the reference format's: another transcript, so it fails.
    doc = json.loads(p.to_json())
    doc["flavor"] = "dalek"
    assert rangeproof.verify(json.dumps(doc)) is False


def test_bulletproofs_plus_plus_documents_minimums_bases_and_mixed_batches():
    # Smaller than Bulletproofs+ for the same values; minimums for several values; the digit
    # base as the suite's parameter, carried by the document; in one batch with BP and BP+.
    pp = rangeproof.prove([5], bits=64, scheme="bulletproofs++")
    plus = rangeproof.prove([5], bits=64, scheme="bulletproofs+")
    assert len(pp.proof) == 416 < len(plus.proof)
    low = rangeproof.prove([10, 2**32 + 6], bits=32, scheme="bulletproofs++", minimum_values=[10, 7])
    assert rangeproof.verify(low)
    doc = json.loads(low.to_json())
    doc["minimum_values"] = [10, 8]
    assert not rangeproof.verify(rangeproof.Proof.from_json(json.dumps(doc)))
    based = rangeproof.prove([200], bits=8, scheme="bulletproofs++", group="secp256k1", parameters={"base": 2})
    assert json.loads(based.to_json())["base"] == 2 and rangeproof.verify(based)
    doc = json.loads(based.to_json())
    doc["base"] = 4
    assert not rangeproof.verify(rangeproof.Proof.from_json(json.dumps(doc)))
    with pytest.raises(UnusableInput):
        rangeproof.prove([1], bits=8, scheme="bulletproofs++", parameters={"base": 8})
    with pytest.raises(UnusableInput):
        rangeproof.prove([256], bits=8, scheme="bulletproofs++")
    batch = rangeproof.BatchVerifier()
    for p in [pp, plus, flip(low, 3), rangeproof.prove([9], bits=16), based]:
        batch.add(p)
    assert not batch.verify() and batch.invalid == [2]


@pytest.mark.parametrize("kwargs", CONVENTIONS, ids=lambda k: "-".join(str(v) for v in k.values()))
def test_every_flavor_round_trips(kwargs):
    for values in ([0], [2**64 - 1, 12345]):
        p = rangeproof.prove(values, bits=64, **kwargs)
        assert rangeproof.verify(p)
        assert rangeproof.verify(rangeproof.Proof.from_json(p.to_json()))
        assert not rangeproof.verify(flip(p, len(p.proof) // 2))
        # The same openings make the same commitments, and prove again.
        assert rangeproof.commit(values, p.blindings, **{k: v for k, v in kwargs.items()}) == p.commitments
        again = rangeproof.prove(values, bits=64, blindings=p.blindings, **kwargs)
        assert again.commitments == p.commitments and rangeproof.verify(again)


def test_dalek_vectors_verify():
    vectors = json.loads((VECTORS / "dalek-bp-ristretto255.json").read_text())
    for case in vectors["cases"]:
        doc = {
            "scheme": "bulletproofs", "group": "ristretto255", "flavor": "dalek",
            "transcript_label": vectors["transcript_label"], "bits": int(case["bits"]),
            "commitments": case["commitments"], "proof": case["proof"],
        }
        assert rangeproof.verify(json.dumps(doc)) is bool(case["valid"])


def monero_cases(name):
    """The Monero cases shipped in crate packages (bundled as ``vectors/monero-crates-*``), plus
    the full set of ``../shared/vectors/<name>`` when the project's shared material is beside the
    repository (it is not part of it); says so on stderr when it is absent."""
    kind = {"monero-bpplus-ed25519.json": "bpplus", "monero-bp-ed25519.json": "bp"}[name]
    cases = json.loads((VECTORS / f"monero-crates-{kind}-ed25519.json").read_text())["cases"]
    shared = VECTORS.parent.parent / "shared" / "vectors" / name
    if shared.exists():
        known = {c["proof"] for c in cases}
        cases += [c for c in json.loads(shared.read_text())["cases"] if c["proof"] not in known]
    else:
        # A warning, not a print: pytest shows it in its summary even when the test passes.
        warnings.warn(f"{shared} is absent: ran on the bundled crate-package cases only")
    return cases, shared.exists()


def test_monero_mainnet_vectors_verify_in_one_batch():
    for name, scheme, full, bundled in [
        ("monero-bpplus-ed25519.json", "bulletproofs+", 14, 1),
        ("monero-bp-ed25519.json", "bulletproofs", 18, 3),
    ]:
        cases, complete = monero_cases(name)
        batch = rangeproof.BatchVerifier()
        for case in cases:
            doc = {"scheme": scheme, "group": "ed25519", "flavor": "monero", "bits": 64,
                   "commitments": case["commitments"], "proof": case["proof"]}
            batch.add(json.dumps(doc))
        assert len(batch) == len(cases) == (full if complete else bundled)
        assert batch.verify(), batch.invalid


def test_grin_vectors_verify_and_rejects_are_rejected():
    vectors = json.loads((VECTORS / "grin-bp-secp256k1.json").read_text())
    checked = 0
    for case in vectors["cases"]:
        doc = {"scheme": "bulletproofs", "group": "secp256k1", "flavor": "grin",
               "bits": case["bits"], "generators_n": case["generators_n"],
               "commitments": case["commitments"], "proof": case["proof"]}
        if case.get("extra_data"):
            doc["extra_data"] = case["extra_data"]
        try:
            verdict = rangeproof.verify(json.dumps(doc))
        except UnusableInput:
            verdict = False  # a reject case the document format refuses outright
        assert verdict is bool(case["valid"]), case["provenance"]
        checked += 1
    assert checked == 35


def test_reference_r1cs_shuffle_vectors_verify():
    vectors = json.loads((VECTORS / "dalek-r1cs-shuffle-ristretto255.json").read_text())
    for case in vectors["cases"]:
        doc = {"scheme": "r1cs", "circuit": "shuffle", "group": "ristretto255", "flavor": "dalek",
               "transcript_label": case["transcript_label"], "k": case["k"],
               "input_commitments": case["input_commitments"],
               "output_commitments": case["output_commitments"], "proof": case["proof"]}
        try:
            verdict = rangeproof.verify(json.dumps(doc))
        except UnusableInput:
            verdict = False
        assert verdict is bool(case["valid"]), case.get("provenance")


def test_tampering_returns_false_and_verify_or_raise_raises():
    p = rangeproof.prove([1, 2], bits=32)
    for position in (0, 33, len(p.proof) - 1):
        bad = flip(p, position)
        assert rangeproof.verify(bad) is False
        with pytest.raises(InvalidProof):
            bad.verify_or_raise()
    doc = json.loads(p.to_json())
    doc["commitments"] = list(reversed(doc["commitments"]))
    assert rangeproof.verify(json.dumps(doc)) is False
    doc["transcript_label"] = "another"
    assert rangeproof.verify(json.dumps(doc)) is False


def test_bad_arguments_raise_clear_errors():
    cases = [
        dict(values=[1], bits=7),
        dict(values=[256], bits=8),
        dict(values=[]),
        dict(values=[1], scheme="groth16"),
        dict(values=[1], group="ed25519", flavor="monero", label="x"),
        dict(values=[1, 2], blindings=[b"\x00" * 32]),
        dict(values=[1], blindings=[b"\xff" * 32]),
        dict(values=[1], scheme="bulletproofs+", extension_degree=7),
        dict(values=[1], recovery_nonce=b"\x01" * 32),
    ]
    for kwargs in cases:
        with pytest.raises(UnusableInput) as info:
            rangeproof.prove(**kwargs)
        assert str(info.value) and "\n" not in str(info.value)
        assert isinstance(info.value, ProofError)
    for text in ("{", "[]", json.dumps({"scheme": "bulletproofs"}), "not json"):
        with pytest.raises(UnusableInput):
            rangeproof.Proof.from_json(text)
        with pytest.raises(UnusableInput):
            rangeproof.verify(text)


def test_batches_name_the_invalid_proofs():
    proofs = [rangeproof.prove([v], bits=64, **kw) for v, kw in zip(range(6), CONVENTIONS)]
    batch = rangeproof.BatchVerifier()
    for p in proofs:
        batch.add(p)
    assert batch.verify() and batch.invalid == []
    batch = rangeproof.BatchVerifier()
    for i, p in enumerate(proofs):
        batch.add(flip(p, len(p.proof) // 2) if i in (1, 4) else p)
    assert batch.verify() is False
    assert batch.invalid == [1, 4]


def test_a_failing_batch_names_at_most_its_blame_limit():
    a, b = rangeproof.prove([3], bits=8), rangeproof.prove([200], bits=8)
    forged = json.loads(a.to_json())
    forged["proof"] = json.loads(b.to_json())["proof"]  # decodes, and fails in the batch
    forged_text = json.dumps(forged)
    bad = [k % 2 == 0 for k in range(80)]  # 40 invalid, more than the default limit
    for limit, named_count in [((), rangeproof.BLAME_LIMIT), ((3,), 3), ((0,), 0), ((None,), 40)]:
        batch = rangeproof.BatchVerifier(*limit)
        for k in range(80):
            batch.add(forged_text if bad[k] else a)
        assert batch.verify() is False
        unreached = set(batch.not_named)
        assert unreached <= set(batch.invalid), "the ones not named are among those not valid"
        named = [k for k in batch.invalid if k not in unreached]
        assert len(named) == named_count, (limit, named)
        assert all(bad[k] for k in named), "no valid proof is named invalid"
        # Every invalid one is listed: named or not named.
        assert all(k in batch.invalid for k in range(80) if bad[k])
        if limit == (None,):
            assert batch.not_named == [] and batch.invalid == [k for k in range(80) if bad[k]]
    for refused in (-1, 1.5, "16", True):
        with pytest.raises((UnusableInput, UnusableType)):
            rangeproof.BatchVerifier(refused)


def test_recovery_with_the_nonce():
    nonce = bytes.fromhex("11" * 31 + "01")
    tari = rangeproof.prove([777], scheme="bulletproofs+", recovery_nonce=nonce)
    got = rangeproof.recover(tari, nonce)
    assert got.blindings == tari.blindings[0] and got.value is None
    grin = rangeproof.prove([99], group="secp256k1")
    got = rangeproof.recover(grin, grin.recovery_nonce)
    assert got.value == 99 and got.blindings == grin.blindings[0] and len(got.message) == 20
    with pytest.raises(RecoveryFailed):
        rangeproof.recover(grin, nonce)
    with pytest.raises(UnusableInput):
        rangeproof.recover(rangeproof.prove([1]), nonce)


def test_threads_verify_in_parallel_and_agree():
    proofs = [rangeproof.prove([i, i + 1], bits=64) for i in range(8)]
    bad = flip(proofs[3], 40)
    inputs = proofs + [bad]
    seen = set()

    def check(p):
        seen.add(threading.get_ident())
        return rangeproof.verify(p)

    with ThreadPoolExecutor(max_workers=4) as pool:
        verdicts = list(pool.map(check, inputs * 4))
    assert verdicts == ([True] * 8 + [False]) * 4


def refused(call, kind, message):
    """Runs `call`, expecting `kind` with `message` in its text."""
    with pytest.raises(kind) as info:
        call()
    assert message in str(info.value), str(info.value)
    assert "\n" not in str(info.value)
    return info.value


def test_wrong_types_are_refused_never_coerced():
    p = rangeproof.prove([5])
    blinding = p.blindings[0][0]
    cases = [
        (lambda: rangeproof.prove([1.9]), "values[0] is a float, not an int"),
        (lambda: rangeproof.prove("123"), "values is a str, not a list"),
        (lambda: rangeproof.prove(b"\x01\x02"), "values is a bytes, not a list"),
        (lambda: rangeproof.prove({1, 2}), "values is a set"),
        (lambda: rangeproof.prove(["5"]), "values[0] is a str"),
        (lambda: rangeproof.prove([1, True]), "values[1] is a bool"),
        (lambda: rangeproof.prove([None]), "values[0] is None"),
        (lambda: rangeproof.prove([1], bits=64.9), "bits is a float"),
        (lambda: rangeproof.prove([1], bits="64"), "bits is a str"),
        (lambda: rangeproof.prove([1], scheme="bulletproofs+", extension_degree=1.0), "extension_degree is a float"),
        (lambda: rangeproof.prove([1], group="secp256k1", generators_n="256"), "generators_n is a str"),
        (lambda: rangeproof.prove([1], group="secp256k1", minimum_values=[0.5]), "minimum_values[0] is a float"),
        (lambda: rangeproof.prove([1], blindings=[blinding.hex()]), "blindings[0] is a str"),
        (lambda: rangeproof.prove([1], blindings=blinding), "blindings is a bytes"),
        (lambda: rangeproof.prove([1], label=7), "label is an int, not bytes"),
        (lambda: rangeproof.prove([1], scheme=None), "scheme is None, not a str"),
        (lambda: rangeproof.prove([1], scheme="bulletproofs+", recovery_nonce=SEED.hex()), "recovery_nonce is a str"),
        (lambda: rangeproof.prove([1], group="secp256k1", value_generator="H"), "value_generator is a str"),
        (lambda: rangeproof.verify(None), "proof is None, not a Proof or a JSON document"),
        (lambda: rangeproof.verify(p.to_json().encode()), "proof is a bytes"),
        (lambda: rangeproof.verify(json.loads(p.to_json())), "proof is a dict"),
        (lambda: rangeproof.Proof.from_json(None), "text is None"),
        (lambda: rangeproof.BatchVerifier().add(42), "proof is an int"),
        (lambda: rangeproof.recover(None, SEED), "proof is None"),
        (lambda: rangeproof.recover(p, SEED.hex()), "nonce is a str, not bytes"),
        (lambda: rangeproof.recover(p, SEED, value=5.0), "value is a float"),
        (lambda: rangeproof.recover(p, SEED, value=True), "value is a bool"),
        (lambda: rangeproof.commit([5.0], [blinding]), "values[0] is a float"),
        (lambda: rangeproof.commit("5", [blinding]), "values is a str"),
        (lambda: rangeproof.commit([5], [[blinding.hex()]]), "blindings[0][0] is a str"),
    ]
    for call, message in cases:
        error = refused(call, UnusableType, message)
        # One class answers every way a caller may catch it.
        assert isinstance(error, (UnusableInput)) and isinstance(error, ProofError)
        assert isinstance(error, TypeError) and isinstance(error, ValueError)


def test_out_of_range_integers_and_wrong_lengths_name_the_argument():
    nonce = SEED
    cases = [
        (lambda: rangeproof.prove([-1]), "values[0] is negative: values are integers from 0 to 2**64 - 1"),
        (lambda: rangeproof.prove([5, -1]), "values[1] is negative: values are integers from 0 to 2**64 - 1"),
        (lambda: rangeproof.prove([2**64]), "values[0] is out of range: values are integers"),
        (lambda: rangeproof.prove([10**5000]), "values[0] is out of range"),
        (lambda: rangeproof.prove([1], bits=0), "bits is out of range"),
        (lambda: rangeproof.prove([1], bits=2**70), "bits is out of range"),
        (lambda: rangeproof.prove([1], extension_degree=-1), "extension_degree is negative"),
        (lambda: rangeproof.prove([1], scheme="bulletproofs+", extension_degree=2**40), "extension_degree"),
        (lambda: rangeproof.prove([1], group="secp256k1", generators_n=-2), "generators_n is negative"),
        (lambda: rangeproof.prove([1], group="secp256k1", minimum_values=[-1]), "minimum_values[0] is negative"),
        (lambda: rangeproof.prove([1], blindings=[b"\x01" * 31]), "blindings[0] has 31 bytes, expected 32"),
        (lambda: rangeproof.prove([1], scheme="bulletproofs+", recovery_nonce=nonce[:31]), "recovery_nonce has 31 bytes"),
        (lambda: rangeproof.prove([1], group="secp256k1", value_generator=b"\x0a" * 32), "value_generator has 32 bytes, expected 33"),
        (lambda: rangeproof.prove([1], group="secp256k1", extra_data=bytes(4097)), "extra_data has 4097 bytes, more than 4096"),
        (lambda: rangeproof.prove(iter(range(10**9))), "values has more than 256 items"),
        (lambda: rangeproof.recover(rangeproof.prove([1], group="secp256k1"), nonce + b"\x00"), "nonce has 33 bytes"),
        (lambda: rangeproof.recover(rangeproof.prove([1], group="secp256k1"), nonce, value=-5), "value is negative"),
        (lambda: rangeproof.commit([1], [[b"\x01" * 31]]), "blindings[0][0] has 31 bytes, expected 32"),
    ]
    for call, message in cases:
        error = refused(call, UnusableInput, message)
        assert isinstance(error, ValueError) and not isinstance(error, TypeError)
        assert "non-canonical" not in str(error)


def test_byte_like_and_iterable_arguments_are_still_accepted():
    p = rangeproof.prove([5, 6], scheme="bulletproofs+", extension_degree=2)
    views = [[bytearray(p.blindings[0][0]), memoryview(p.blindings[0][1])], tuple(p.blindings[1])]
    again = rangeproof.prove((v for v in (5, 6)), scheme="bulletproofs+", extension_degree=2, blindings=views)
    assert again.commitments == p.commitments and rangeproof.verify(again)
    assert rangeproof.commit(range(5, 7), views, scheme="bulletproofs+", extension_degree=2) == p.commitments
    labelled = rangeproof.prove([1], label=bytearray(b"x" * rangeproof.MAX_LABEL_BYTES))
    assert rangeproof.verify(labelled)
    seeded = rangeproof.prove([1], scheme="bulletproofs+", recovery_nonce=memoryview(SEED))
    assert rangeproof.recover(seeded, bytearray(SEED), value=1).checked


def test_labels_and_documents_are_bounded_as_the_cli_bounds_them():
    assert rangeproof.MAX_LABEL_BYTES == 256 and rangeproof.MAX_DOCUMENT_BYTES == 1 << 20
    refused(lambda: rangeproof.prove([1], label="x" * 257), UnusableInput, "label has 257 bytes, more than 256")
    refused(lambda: rangeproof.prove([1], label="é" * 129), UnusableInput, "label has 258 bytes")
    refused(lambda: rangeproof._native.prove([1], 64, "bulletproofs", None, None, None, b"x" * 257, 1,
                                             None, None, None, None, None), UnusableInput, "label has 257 bytes")
    p = rangeproof.prove([1], scheme="bulletproofs+", recovery_nonce=SEED)
    text = p.to_json()
    # Whitespace keeps the JSON valid: only the size can refuse it. Exactly the cap is fine.
    at_cap = text + " " * (rangeproof.MAX_DOCUMENT_BYTES - len(text))
    assert rangeproof.verify(at_cap)
    over = at_cap + " "
    too_large = f"longer than {rangeproof.MAX_DOCUMENT_BYTES} bytes"
    for call in (
        lambda: rangeproof.verify(over),
        lambda: rangeproof.Proof.from_json(over),
        lambda: rangeproof.BatchVerifier().add(over),
        lambda: rangeproof.recover(over, SEED),
        # Fewer characters than the cap, more bytes.
        lambda: rangeproof.verify("é" * (rangeproof.MAX_DOCUMENT_BYTES // 2 + 1)),
    ):
        refused(call, UnusableInput, too_large)
    # The native module refuses it too, for callers that reach it directly.
    refused(lambda: rangeproof._native.verify(over), UnusableInput, too_large)
    refused(lambda: rangeproof.verify("\ud800"), UnusableInput, "not valid Unicode")


def test_errors_are_plain_python_classes_that_pickle():
    assert issubclass(UnusableInput, ValueError) and issubclass(UnusableType, TypeError)
    assert issubclass(UnusableType, UnusableInput) and issubclass(RecoveryFailed, ProofError)
    # The old names, in the native module, are the same classes.
    for name in ("ProofError", "InvalidProof", "UnusableInput", "UnusableType", "RecoveryFailed"):
        assert getattr(rangeproof._native, name) is getattr(rangeproof, name)
    grin = rangeproof.prove([9], group="secp256k1")
    raised = [
        refused(lambda: rangeproof.prove([1], bits=7), UnusableInput, "bit size"),  # raised natively
        refused(lambda: rangeproof.prove([-1]), UnusableInput, "values[0]"),  # raised in Python
        refused(lambda: rangeproof.prove([0.5]), UnusableType, "values[0]"),
        refused(flip(grin, 40).verify_or_raise, InvalidProof, ""),
        refused(lambda: rangeproof.recover(grin, SEED), RecoveryFailed, ""),
    ]
    for error in raised:
        back = pickle.loads(pickle.dumps(error))
        assert type(back) is type(error) and str(back) == str(error) and back.args == error.args


def test_errors_raised_in_a_worker_process_reach_the_parent():
    grin = rangeproof.prove([9], group="secp256k1")
    # `spawn`: a fresh interpreter, whatever threads this one runs.
    with ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn")) as pool:
        calls = [
            (functools.partial(rangeproof.prove, [1], bits=7), UnusableInput),
            (functools.partial(rangeproof.prove, [1.5]), UnusableType),
            (functools.partial(rangeproof.recover, grin.to_json(), SEED), RecoveryFailed),
        ]
        futures = [(pool.submit(call), kind, call) for call, kind in calls]
        for future, kind, call in futures:
            with pytest.raises(kind) as info:
                future.result(timeout=120)
            with pytest.raises(kind) as here:
                call()
            assert type(info.value) is type(here.value) and str(info.value) == str(here.value)


def test_version_matches_the_package_metadata():
    assert re.fullmatch(r"\d+\.\d+\.\d+.*", rangeproof.__version__)
    pyproject = (PACKAGE / "pyproject.toml").read_text()
    assert f'version = "{rangeproof.__version__}"' in pyproject
    assert metadata.version("rangeproof") == rangeproof.__version__


def test_pedersen_bases_are_parameters_of_proofs_and_commitments():
    # Aptos takes both bases, MobileCoin its token's value base: given to prove() and to
    # commit() by name, written in the document, and part of what a verdict is about.
    reference = bytes.fromhex("e2f2ae0a6abc4e71a884a961c500515f58e30b6aa582dd8db6a65945e08d2d76")
    other = bytes.fromhex("8c9240b456a9e6dc65c377a1048d745f94a08cdb7f44cbcd7b46f34048871134")
    swapped = {"value_base": other, "blinding_base": reference}
    p = rangeproof.prove([0, 2**16 - 1], bits=16, flavor="aptos", parameters=swapped)
    doc = json.loads(p.to_json())
    assert (doc["value_base"], doc["blinding_base"]) == (other.hex(), reference.hex())
    assert rangeproof.verify(p)
    assert rangeproof.commit([0, 2**16 - 1], p.blindings, flavor="aptos", parameters=swapped) == p.commitments
    assert rangeproof.commit([0, 2**16 - 1], p.blindings, flavor="aptos") != p.commitments
    del doc["value_base"], doc["blinding_base"]
    assert not rangeproof.verify(rangeproof.Proof.from_json(json.dumps(doc)))
    with pytest.raises(UnusableInput):
        rangeproof.commit([1], [bytes(32)], flavor="aptos", parameters={"value_base": b"\xff" * 32})
    # MobileCoin: three values (padded to four inside the proof), token 1's base.
    token_1 = bytes.fromhex("6e736cab24540ffd7a74ea23db4d394e3a8290c2d62cf944c56dd63669cc593b")
    m = rangeproof.prove([1, 2, 3], bits=64, flavor="mobilecoin", parameters={"value_base": token_1})
    assert len(m.commitments) == 3 and rangeproof.verify(m)
    doc = json.loads(m.to_json())
    doc["value_base"] = other.hex()
    assert not rangeproof.verify(rangeproof.Proof.from_json(json.dumps(doc)))


def test_recovery_checks_the_opening_against_the_commitment():
    tari = rangeproof.prove([777], scheme="bulletproofs+", recovery_nonce=SEED)
    got = rangeproof.recover(tari, SEED, value=777)
    assert got.checked is True and got.blindings == tari.blindings[0] and got.value is None
    # A wrong seed gives wrong blindings rather than an error: only the value tells.
    unchecked = rangeproof.recover(tari, OTHER_SEED)
    assert unchecked.checked is False and unchecked.blindings != tari.blindings[0]
    refused(lambda: rangeproof.recover(tari, OTHER_SEED, value=777), RecoveryFailed, "do not open the commitment")
    refused(lambda: rangeproof.recover(tari, SEED, value=778), RecoveryFailed, "do not open the commitment")
    unseeded = rangeproof.prove([777], scheme="bulletproofs+")
    refused(lambda: rangeproof.recover(unseeded, SEED, value=777), RecoveryFailed, "do not open")
    # Several blinding factors, and a minimum value: the commitment is still to the value.
    wide = rangeproof.prove([50], scheme="bulletproofs+", extension_degree=3, minimum_values=[40],
                            recovery_nonce=SEED)
    got = rangeproof.recover(wide, SEED, value=50)
    assert got.checked and got.blindings == wide.blindings[0]
    # Grin's rewind gives the value, so it is always checked; a given value must match it.
    grin = rangeproof.prove([99], group="secp256k1")
    assert rangeproof.recover(grin, grin.recovery_nonce).checked is True
    assert rangeproof.recover(grin, grin.recovery_nonce, value=99).checked is True
    refused(lambda: rangeproof.recover(grin, grin.recovery_nonce, value=98), RecoveryFailed, "do not open the commitment")
    # With an asset's value generator (a commitment's point, re-prefixed): the check commits
    # with the document's generator, not H.
    c = grin.commitments[0]
    asset = rangeproof.prove([42], group="secp256k1", value_generator=bytes([c[0] + 2]) + c[1:])
    got = rangeproof.recover(asset, asset.recovery_nonce, value=42)
    assert got.checked and got.value == 42 and got.blindings == asset.blindings[0]
    # The blindings are secret: not in the repr.
    assert got.blindings[0].hex() not in repr(got) and "blindings" not in repr(got)


def test_flavor_is_the_one_word():
    """Documents, the CLI and Python say ``flavor``, and nothing else: the earlier name
    ``convention`` is gone, as a keyword and as a property."""
    p = rangeproof.prove([3], group="ed25519", flavor="monero")
    assert p.flavor == "monero" and rangeproof.verify(p)
    assert not hasattr(p, "convention")
    with pytest.raises(TypeError, match="convention"):
        rangeproof.prove([3], group="ed25519", convention="monero")
    with pytest.raises(TypeError, match="convention"):
        rangeproof.commit([3], [p.blindings[0]], group="ed25519", convention="monero")
    assert rangeproof.commit([3], [p.blindings[0]], group="ed25519", flavor="monero") == p.commitments
    assert all(len(s) == 3 for s in rangeproof.suites())


def test_suite_parameters_are_typed_and_checked_against_the_suite():
    # The registered suites declare no parameters of their own: any is refused by name, with
    # the reason from the suite's declarations; wrong types are refused before that.
    with pytest.raises(UnusableInput, match="does not declare"):
        rangeproof.prove([1], bits=8, parameters={"exp": 0})
    with pytest.raises(UnusableInput, match="does not declare"):
        rangeproof.prove([1], bits=8, parameters={"message": b"\x01"})
    for bad in ("exp=0", [("exp", 0)], {1: 2}, {"exp": True}, {"exp": 1.5}, {"exp": "0"}):
        with pytest.raises(UnusableType):
            rangeproof.prove([1], bits=8, parameters=bad)
    with pytest.raises(UnusableInput, match="parameters"):
        rangeproof.prove([1], bits=8, parameters={"exp": 2**63})
    # No parameters: the document has no field for them.
    proof = rangeproof.prove([1], bits=8, parameters={})
    assert rangeproof.verify(proof)
