"""Type stubs of the native module (see ``bindings/python/src/lib.rs``). It takes arguments
already checked by the package (``rangeproof/__init__.py``) and raises the package's
exceptions (``rangeproof/_errors.py``), which it also re-exports under their old names."""

from typing import List, Optional, Tuple

from ._errors import (
    InvalidProof as InvalidProof,
    ProofError as ProofError,
    RecoveryFailed as RecoveryFailed,
    UnusableInput as UnusableInput,
    UnusableType as UnusableType,
)

__version__: str
MAX_DOCUMENT_BYTES: int
MAX_LABEL_BYTES: int
MAX_EXTRA_DATA: int
MAX_VALUES: int
LIQUID_MAX_TX_BYTES: int
LIQUID_TOO_LARGE: str
MWEB_MAX_BYTES: int
MWEB_TOO_LARGE: str

def suites() -> List[Tuple[str, str, str]]: ...
def prove(
    values: List[int],
    bits: Optional[int],
    scheme: str,
    group: Optional[str],
    flavor: Optional[str],
    blindings: Optional[List[List[bytes]]],
    label: Optional[bytes],
    extension_degree: int,
    minimum_values: Optional[List[int]],
    generators_n: Optional[int],
    value_generator: Optional[bytes],
    extra_data: Optional[bytes],
    recovery_nonce: Optional[bytes],
    integer_parameters: Optional[List[Tuple[str, int]]] = ...,
    bytes_parameters: Optional[List[Tuple[str, bytes]]] = ...,
) -> Tuple[str, str]: ...
def check_document(text: str) -> None: ...
def verify(text: str) -> None: ...
def recover(
    text: str, nonce: bytes, value: Optional[int] = None
) -> Tuple[Optional[int], List[bytes], Optional[bytes], bool]: ...
def commit(
    values: List[int],
    blindings: List[List[bytes]],
    scheme: str,
    group: Optional[str],
    flavor: Optional[str],
    extension_degree: int,
    value_generator: Optional[bytes],
) -> List[bytes]: ...
def sum_points(group: str, points: List[bytes]) -> bytes: ...

BLAME_LIMIT: int

class Batch:
    def __init__(self) -> None: ...
    def add(self, text: str) -> int: ...
    def __len__(self) -> int: ...
    def check(self, blame_limit: Optional[int]) -> Tuple[List[int], List[int]]: ...
def liquid_verify_tx(tx: bytes, spent: Optional[List[Tuple[bytes, bytes]]] = None) -> str: ...
def mweb_verify(
    data: bytes, kind: Optional[str] = None, previous_kernel_offset: Optional[bytes] = None, full_report: bool = False
) -> str: ...
def mweb_scan(data: bytes, scan_key: bytes, spend_pubkey: bytes, addresses: int) -> List[Tuple[int, bytes, int, int, bytes, bytes]]: ...
def mweb_documents(data: bytes) -> List[str]: ...
def liquid_unblind(tx: bytes, output: int, blinding_key: bytes) -> Tuple[int, bytes, bytes, bytes]: ...
def liquid_asset_generator(tag: bytes, blinding: bytes) -> bytes: ...
def liquid_prove_surjection(
    input_tags: List[bytes],
    input_blindings: List[bytes],
    output_tag: bytes,
    output_blinding: bytes,
    seed: Optional[bytes],
    n_to_use: int,
    max_iterations: int,
) -> str: ...
def circuit_prove_sha256(preimage: bytes, flavor: str) -> str: ...
def circuit_prove_shuffle(
    inputs: List[int], outputs: List[int], flavor: str, label: str
) -> Tuple[str, List[Tuple[int, bytes]], List[Tuple[int, bytes]]]: ...

class MpcDealer:
    def __init__(self, flavor: str, bits: int, counts: List[int], label: str) -> None: ...
    def invitation(self, party: int) -> bytes: ...
    def bit_commitments(self, messages_in: List[bytes]) -> List[bytes]: ...
    def poly_commitments(self, messages_in: List[bytes]) -> List[bytes]: ...
    def shares(self, messages_in: List[bytes]) -> str: ...

class MpcParty:
    @staticmethod
    def join(invitation: bytes, values: List[int]) -> Tuple["MpcParty", bytes]: ...
    def openings(self) -> str: ...
    def bit_challenge(self, message: bytes) -> bytes: ...
    def poly_challenge(self, message: bytes) -> bytes: ...
