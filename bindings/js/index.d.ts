/** One document's verdict. */
export interface Verdict {
  /** Whether the proof verifies. */
  valid: boolean;
  /** Why it does not (absent when valid). */
  error?: string;
  /** Present (true) when the text is not a usable document. */
  unusable?: true;
  /**
   * Present (true) when its batch failed and the search for the invalid documents stopped at
   * the blame limit before it: it may be valid (verify it again, alone or in a smaller batch).
   */
  notNamed?: true;
}

/** Every error the package throws on purpose. */
export class RangeproofError extends Error {}
/** Input that cannot be used: text that is not what was asked, a value out of its rules. */
export class UnusableInput extends RangeproofError {}
/** An argument of the wrong JavaScript type. */
export class UnusableType extends UnusableInput {}
/** A proof that does not verify, where the call needs a valid one (`verifyOrThrow`). */
export class InvalidProof extends RangeproofError {}
/** A nonce or key that does not open the proof. */
export class RecoveryFailed extends RangeproofError {}
/** The WebAssembly module could not get the memory a call needs. */
export class OutOfMemory extends RangeproofError {}

/** An amount: a non-negative safe integer, or a BigInt below 2^64. */
export type Amount = number | bigint;
/** Public data as hex text or bytes. */
export type HexOrBytes = string | Uint8Array;

/**
 * Verifies one proof document's JSON text, or an array of them together (one batch per group,
 * the invalid ones named): one verdict per document, in order.
 */
export function verify(docs: string | string[], options?: VerifyOptions): Promise<Verdict[]>;

/** How `verify` checks a batch. */
export interface VerifyOptions {
  /**
   * The most invalid documents a failing batch names (16 unless given; `null`: all, whatever
   * the search costs). The bound keeps a batch of invalid proofs, which anyone can send, from
   * costing more than about twice a valid one; past it, documents are `notNamed`.
   */
  blameLimit?: number | null;
}

/** Verifies one document; rejects with `InvalidProof` or `UnusableInput` unless valid. */
export function verifyOrThrow(doc: string): Promise<void>;

/** Every supported suite, as `[scheme, group, flavor]`. */
export function suites(): Promise<[string, string, string][]>;

/** What to prove: the suite, the statement, the values and optionally their openings. */
export interface ProveRequest {
  /** `"bulletproofs"` (default), `"bulletproofs+"`, `"bulletproofs++"`, `"borromean"`. */
  scheme?: string;
  /** `"ristretto255"`, `"ed25519"`, `"secp256k1"` (default by scheme). */
  group?: string;
  /** The deployment: `"dalek"`, `"tari"`, `"monero"`, `"grin"`, `"mweb"`, `"solana"`, `"elements"`, … */
  flavor?: string;
  values: Amount[];
  /** The bit size (default 64 where the proof system has bit sizes). */
  bits?: number;
  /** Solana: each value's own bit length. */
  bitLengths?: number[];
  /** Per value its blinding factor, or its `extensionDegree` factors (secret). */
  blindings?: (Uint8Array | Uint8Array[])[];
  /** The commitments the blindings must make (checked after proving). */
  commitments?: Uint8Array[];
  extensionDegree?: number;
  minimumValues?: Amount[];
  /** Grin: libsecp256k1-zkp's generator count. */
  generatorsN?: number;
  /** `"H"` or a 33-byte asset generator. */
  valueGenerator?: "H" | Uint8Array;
  /** Extra data bound into the transcript (MWEB: the output's message; Elements: the script). */
  extraData?: Uint8Array;
  transcriptLabel?: string;
  /** Tari's seed nonce, Grin's rewind nonce, Elements' rewind nonce (secret). */
  recoveryNonce?: Uint8Array;
  /** A suite's own statement parameters (Elements' `exp`, `min_bits`, `message`; BP++'s `base`; Aptos's `value_base`, `blinding_base`). */
  parameters?: Record<string, number | string | Uint8Array>;
}

/** A proof made. */
export interface Proved {
  /** The proof document's JSON text (public). */
  document: string;
  /** The openings file's JSON, as bytes (secret: values and blindings). */
  openings: Uint8Array;
  /** Per value, its blinding factors (secret). */
  blindings: Uint8Array[][];
}

export function prove(request: ProveRequest): Promise<Proved>;

/** Pedersen commitments of given openings, encoded as the suite's documents carry them. */
export function commit(openings: {
  scheme?: string;
  group?: string;
  flavor?: string;
  values: Amount[];
  blindings: (Uint8Array | Uint8Array[])[];
  extensionDegree?: number;
  valueGenerator?: Uint8Array;
  extraData?: Uint8Array;
  /** A suite's own parameters that commitments depend on (Aptos's `value_base`, `blinding_base`). */
  parameters?: Record<string, number | string | Uint8Array>;
}): Promise<Uint8Array[]>;

/** An opening recovered with a proof's nonce. */
export interface Recovered {
  /** The value, when the proof gives it (Grin, Elements). */
  value: bigint | null;
  blindings: Uint8Array[];
  /** Grin's 20-byte message, Elements' message. */
  message: Uint8Array | null;
  /** Whether the opening was checked against the commitment. */
  checked: boolean;
}

export function recover(doc: string, nonce: Uint8Array, options?: { value?: Amount }): Promise<Recovered>;

/** A transaction's report, as the CLI, Python and C write it. */
export interface TransactionReport {
  verdict: "valid" | "invalid" | "incomplete";
  [field: string]: unknown;
}

export const liquid: {
  verifyTransaction(
    tx: HexOrBytes,
    options?: { spent?: [HexOrBytes, HexOrBytes][] },
  ): Promise<TransactionReport>;
  unblind(
    tx: HexOrBytes,
    output: number,
    blindingKey: Uint8Array,
  ): Promise<{ value: bigint; asset: Uint8Array; assetBlinding: Uint8Array; valueBlinding: Uint8Array }>;
  assetGenerator(tag: Uint8Array, blinding: Uint8Array): Promise<Uint8Array>;
  /** The surjection proof's document (JSON text). */
  proveSurjection(args: {
    inputTags: Uint8Array[];
    inputBlindings: Uint8Array[];
    outputTag: Uint8Array;
    outputBlinding: Uint8Array;
    /** Only to reproduce a proof: leave it out, and a fresh secret seed is drawn. */
    seed?: Uint8Array;
    nToUse?: number;
    maxIterations?: number;
  }): Promise<string>;
};

/** An MWEB output a wallet owns. */
export interface MwebFound {
  output: number;
  /** Its ID, hex. */
  id: string;
  address: number;
  value: bigint;
  blinding: Uint8Array;
  nonce: Uint8Array;
}

export const mweb: {
  verify(
    data: HexOrBytes,
    options?: { kind?: "block" | "transaction"; previousKernelOffset?: string; fullReport?: boolean },
  ): Promise<TransactionReport>;
  scan(
    data: HexOrBytes,
    wallet: { scanKey: Uint8Array; spendPubkey: Uint8Array; addresses?: number },
  ): Promise<MwebFound[]>;
  documents(data: HexOrBytes): Promise<string[]>;
};

export const solana: {
  /** The document of a batched range proof instruction's proof data. */
  document(proofData: HexOrBytes): Promise<string>;
  proofData(doc: string): Uint8Array;
};

export interface Opening {
  value: bigint;
  blinding: Uint8Array;
}

export const circuit: {
  proveSha256(preimage: Uint8Array, options?: { flavor?: "bound" | "dalek" }): Promise<string>;
  proveShuffle(
    inputs: Amount[],
    outputs: Amount[],
    options?: { flavor?: "bound" | "dalek"; label?: string },
  ): Promise<{ document: string; inputs: Opening[]; outputs: Opening[] }>;
};
